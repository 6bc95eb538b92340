/**
 * The catalogue feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/catalogue/ is internal to it.
 */
export { catalogueScreens } from './screens.tsx';
