import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const auditScreens: AdminScreen[] = [
  { path: 'audit', permission: 'audit.read', menu: { group: 'security', label: 'admin-audit:menu.audit' }, component: lazy(() => import('./audit-page.tsx')) },
];
