/**
 * The live tables console's public surface: what app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/live-tables/ is internal to it.
 */
export { liveTablesScreens } from './screens.tsx';
