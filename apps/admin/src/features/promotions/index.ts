/**
 * The promotions feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/promotions/ is internal to it.
 */
export { promotionsScreens } from './screens.tsx';
