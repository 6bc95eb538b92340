import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const exclusionScreens: AdminScreen[] = [
  { path: 'rg/exclusions', permission: 'rg.read', menu: { group: 'members', label: 'admin-exclusion:menu.exclusions' }, component: lazy(() => import('./exclusions-page.tsx')) },
  { path: 'rg/barred', permission: 'rg.barred', menu: { group: 'members', label: 'admin-exclusion:menu.barred' }, component: lazy(() => import('./barred-page.tsx')) },
];
