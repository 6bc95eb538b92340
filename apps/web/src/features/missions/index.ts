/**
 * The missions feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/missions/ is internal to it.
 */
export { MissionsBadge } from './components/missions-badge.tsx';
export { MissionsTab } from './components/missions-tab.tsx';

// The check-in panel (opened from the side menu) stays in its own chunk: import it only through this loader.
export const loadCheckInPanel = () => import('./components/check-in-panel.tsx');
