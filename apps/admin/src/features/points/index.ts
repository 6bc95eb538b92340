/**
 * The points feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/points/ is internal to it.
 */
export { pointsScreens } from './screens.tsx';
