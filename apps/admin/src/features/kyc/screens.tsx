import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

/** Identity verification (issue 27): the review queue and one submission (kyc.review). */
export const kycScreens: AdminScreen[] = [
  { path: 'kyc', permission: 'kyc.review', menu: { group: 'members', label: 'admin-kyc:menu.queue' }, component: lazy(() => import('./queue-page.tsx')) },
  { path: 'kyc/:id', permission: 'kyc.review', component: lazy(() => import('./review-page.tsx')) },
];
