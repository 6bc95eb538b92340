import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const limitsScreens: AdminScreen[] = [
  { path: 'rg/limits', permission: 'rg.read', menu: { group: 'members', label: 'admin-limits:menu.limits' }, component: lazy(() => import('./limits-page.tsx')) },
];
