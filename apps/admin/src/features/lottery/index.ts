/**
 * The lottery console's public surface: what app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/lottery/ is internal to it.
 */
export { lotteryScreens } from './screens.tsx';
