import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const complianceScreens: AdminScreen[] = [
  { path: 'compliance/alerts', permission: 'compliance.read', menu: { group: 'reports', label: 'admin-compliance:menu.alerts' }, component: lazy(() => import('./alerts-page.tsx')) },
  { path: 'compliance/extract', permission: 'compliance.read', menu: { group: 'reports', label: 'admin-compliance:menu.extract' }, component: lazy(() => import('./extract-page.tsx')) },
];
