import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const pointsScreens: AdminScreen[] = [
  { path: 'points-mall', permission: 'promotions.manage', menu: { group: 'content', label: 'admin-points:menu.mall' }, component: lazy(() => import('./points-mall-page.tsx')) },
  { path: 'points-redemptions', permission: 'promotions.review', menu: { group: 'content', label: 'admin-points:menu.redemptions' }, component: lazy(() => import('./redemptions-page.tsx')) },
];
