/**
 * The system feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/system/ is internal to it.
 */
export { loadAnalytics } from './analytics.ts';
export { bootQueryOptions, systemKeys, useBootInfo } from './api/system.queries.ts';
export { BlockedPage } from './components/blocked-page.tsx';
export { BootErrorPage } from './components/boot-error-page.tsx';
export { MaintenancePage } from './components/maintenance-page.tsx';
export { createSystemRealtime } from './realtime/system-realtime.ts';
export { NotFoundPage } from './routes/not-found-page.tsx';
