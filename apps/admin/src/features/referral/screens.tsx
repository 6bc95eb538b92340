import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const referralScreens: AdminScreen[] = [
  { path: 'referral/rules', permission: 'referral.manage', menu: { group: 'content', label: 'admin-referral:menu.rules' }, component: lazy(() => import('./rules-page.tsx')) },
  { path: 'referral/referrals', permission: 'referral.review', menu: { group: 'content', label: 'admin-referral:menu.referrals' }, component: lazy(() => import('./referrals-page.tsx')) },
];
