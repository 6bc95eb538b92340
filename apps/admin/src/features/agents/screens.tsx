import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const agentsScreens: AdminScreen[] = [
  { path: 'agents/tree', permission: 'agents.read', menu: { group: 'agents', label: 'admin-agents:menu.tree' }, component: lazy(() => import('./tree-page.tsx')) },
  { path: 'agents/contracts', permission: 'agents.read', menu: { group: 'agents', label: 'admin-agents:menu.contracts' }, component: lazy(() => import('./contracts-page.tsx')) },
  { path: 'agents/settlements', permission: 'agents.read', menu: { group: 'agents', label: 'admin-agents:menu.settlements' }, component: lazy(() => import('./settlements-page.tsx')) },
  { path: 'agents/settlements/:id', permission: 'agents.read', component: lazy(() => import('./run-page.tsx')) },
];
