/**
 * The payments feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/payments/ is internal to it.
 */
export { paymentsScreens } from './screens.tsx';
