import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

/** The live tables console (issue 25): tables (open, close, limits, new shoe), rounds with verification data, chat moderation. */
export const liveTablesScreens: AdminScreen[] = [
  { path: 'live/tables', permission: 'live.read', menu: { group: 'live', label: 'admin-live:menu.tables' }, component: lazy(() => import('./tables-page.tsx')) },
  { path: 'live/rounds', permission: 'live.read', menu: { group: 'live', label: 'admin-live:menu.rounds' }, component: lazy(() => import('./rounds-page.tsx')) },
  { path: 'live/rounds/:id', permission: 'live.read', component: lazy(() => import('./round-page.tsx')) },
  { path: 'live/chat', permission: 'live.read', menu: { group: 'live', label: 'admin-live:menu.chat' }, component: lazy(() => import('./chat-page.tsx')) },
];
