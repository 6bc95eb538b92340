/**
 * The sportsbook console's public surface: what app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/sportsbook/ is internal to it.
 */
export { sportsbookScreens } from './screens.tsx';
