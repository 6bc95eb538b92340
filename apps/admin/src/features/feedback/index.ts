/**
 * The feedback console's public surface: what app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/feedback/ is internal to it.
 */
export { feedbackScreens } from './screens.tsx';
