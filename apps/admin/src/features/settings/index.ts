/**
 * The settings feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/settings/ is internal to it.
 */
export { settingsScreens } from './screens.tsx';
