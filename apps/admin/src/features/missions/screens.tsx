import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const missionsScreens: AdminScreen[] = [
  { path: 'missions', permission: 'promotions.manage', menu: { group: 'content', label: 'admin-missions:menu.missions' }, component: lazy(() => import('./missions-page.tsx')) },
  { path: 'missions-checkin', permission: 'promotions.manage', menu: { group: 'content', label: 'admin-missions:menu.checkin' }, component: lazy(() => import('./checkin-page.tsx')) },
];
