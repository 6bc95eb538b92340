/**
 * The missions feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/missions/ is internal to it.
 */
export { missionsScreens } from './screens.tsx';
