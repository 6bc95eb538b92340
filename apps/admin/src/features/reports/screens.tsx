import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const reportsScreens: AdminScreen[] = [
  { path: 'reports/ggr', permission: 'reports.read', menu: { group: 'reports', label: 'admin-reports:menu.ggr' }, component: lazy(() => import('./ggr-page.tsx')) },
  { path: 'reports/payments', permission: 'reports.read', menu: { group: 'reports', label: 'admin-reports:menu.payments' }, component: lazy(() => import('./payments-page.tsx')) },
];
