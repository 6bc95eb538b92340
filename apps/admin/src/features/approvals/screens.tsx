import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const approvalsScreens: AdminScreen[] = [
  // Any operator: each sees the kinds its role may decide, and its own requests.
  { path: 'approvals', permission: null, menu: { group: 'security', label: 'admin-approvals:menu.approvals' }, component: lazy(() => import('./approvals-page.tsx')) },
];
