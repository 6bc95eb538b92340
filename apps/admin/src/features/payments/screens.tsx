import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const paymentsScreens: AdminScreen[] = [
  { path: 'payments/withdrawals', permission: 'payments.read', menu: { group: 'payments', label: 'admin-payments:menu.withdrawals' }, component: lazy(() => import('./withdrawals-page.tsx')) },
  { path: 'payments/deposits', permission: 'payments.read', menu: { group: 'payments', label: 'admin-payments:menu.deposits' }, component: lazy(() => import('./deposits-page.tsx')) },
  { path: 'payments/events', permission: 'payments.read', menu: { group: 'payments', label: 'admin-payments:menu.events' }, component: lazy(() => import('./events-page.tsx')) },
];
