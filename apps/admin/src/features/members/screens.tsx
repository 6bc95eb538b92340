import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const membersScreens: AdminScreen[] = [
  { path: 'members', permission: 'members.read', menu: { group: 'members', label: 'admin-members:menu.search' }, component: lazy(() => import('./search-page.tsx')) },
  { path: 'balance-adjustments', permission: 'balance.adjust.request', menu: { group: 'members', label: 'admin-members:menu.adjustments' }, component: lazy(() => import('./adjustments-page.tsx')) },
  { path: 'bonus-grants', permission: 'members.wallet.read', menu: { group: 'members', label: 'admin-members:menu.bonus' }, component: lazy(() => import('./bonus-grants-page.tsx')) },
  { path: 'members/:id', permission: 'members.read', component: lazy(() => import('./member-page.tsx')) },
];
