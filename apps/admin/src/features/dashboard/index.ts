/**
 * The dashboard feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/dashboard/ is internal to it.
 */
export { default as DashboardPage } from './dashboard-page.tsx';
export { dashboardScreens } from './screens.tsx';
