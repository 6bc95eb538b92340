/**
 * The audit feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/audit/ is internal to it.
 */
export { auditScreens } from './screens.tsx';
export { SecurityAlertsBanner } from './security-alerts.tsx';
