/**
 * The operators feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/operators/ is internal to it.
 */
export { operatorsScreens } from './screens.tsx';
