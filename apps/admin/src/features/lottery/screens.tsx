import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

/** The lottery console (issue 24): games and schedules, odds tables, draws with exposure, results and cancellation, tickets. */
export const lotteryScreens: AdminScreen[] = [
  { path: 'lottery/games', permission: 'lottery.read', menu: { group: 'lottery', label: 'admin-lottery:menu.games' }, component: lazy(() => import('./games-page.tsx')) },
  { path: 'lottery/odds', permission: 'lottery.read', menu: { group: 'lottery', label: 'admin-lottery:menu.odds' }, component: lazy(() => import('./odds-page.tsx')) },
  { path: 'lottery/draws', permission: 'lottery.read', menu: { group: 'lottery', label: 'admin-lottery:menu.draws' }, component: lazy(() => import('./draws-page.tsx')) },
  { path: 'lottery/draws/:id', permission: 'lottery.read', component: lazy(() => import('./draw-page.tsx')) },
  { path: 'lottery/tickets', permission: 'lottery.read', menu: { group: 'lottery', label: 'admin-lottery:menu.tickets' }, component: lazy(() => import('./tickets-page.tsx')) },
];
