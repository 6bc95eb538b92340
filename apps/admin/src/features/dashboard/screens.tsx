import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

/** The console's home page for the roles that may read reports (owner, finance, risk). */
export const dashboardScreens: AdminScreen[] = [
  { path: 'dashboard', permission: 'reports.read', home: true, menu: { group: 'overview', label: 'admin-reports:menu.dashboard' }, component: lazy(() => import('./dashboard-page.tsx')) },
];
