import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const vipScreens: AdminScreen[] = [
  { path: 'vip-levels', permission: 'promotions.manage', menu: { group: 'content', label: 'admin-vip:menu.levels' }, component: lazy(() => import('./vip-levels-page.tsx')) },
];
