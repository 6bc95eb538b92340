import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const promotionsScreens: AdminScreen[] = [
  { path: 'promotions', permission: 'promotions.manage', menu: { group: 'content', label: 'admin-promotions:menu.promotions' }, component: lazy(() => import('./promotions-page.tsx')) },
  { path: 'promotion-applications', permission: 'promotions.review', menu: { group: 'content', label: 'admin-promotions:menu.applications' }, component: lazy(() => import('./applications-page.tsx')) },
  { path: 'promotion-runs', permission: 'promotions.manage', menu: { group: 'content', label: 'admin-promotions:periodic.menu' }, component: lazy(() => import('./periodic-runs-page.tsx')) },
];
