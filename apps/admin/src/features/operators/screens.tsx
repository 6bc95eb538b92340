import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const operatorsScreens: AdminScreen[] = [
  { path: 'operators', permission: 'operators.manage', menu: { group: 'security', label: 'admin-operators:menu.operators' }, component: lazy(() => import('./operators-page.tsx')) },
];
