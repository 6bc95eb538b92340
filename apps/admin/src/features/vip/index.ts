/**
 * The VIP feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/vip/ is internal to it.
 */
export { vipScreens } from './screens.tsx';
