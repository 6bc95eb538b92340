import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

/** The sportsbook console (issue 23): trading, liability, big bets, tickets and the feed's health. */
export const sportsbookScreens: AdminScreen[] = [
  { path: 'sportsbook/events', permission: 'sportsbook.read', menu: { group: 'sportsbook', label: 'admin-sportsbook:menu.events' }, component: lazy(() => import('./events-page.tsx')) },
  { path: 'sportsbook/events/:id', permission: 'sportsbook.read', component: lazy(() => import('./event-page.tsx')) },
  { path: 'sportsbook/liability', permission: 'sportsbook.read', menu: { group: 'sportsbook', label: 'admin-sportsbook:menu.liability' }, component: lazy(() => import('./liability-page.tsx')) },
  { path: 'sportsbook/alerts', permission: 'sportsbook.read', menu: { group: 'sportsbook', label: 'admin-sportsbook:menu.alerts' }, component: lazy(() => import('./alerts-page.tsx')) },
  { path: 'sportsbook/tickets', permission: 'sportsbook.read', menu: { group: 'sportsbook', label: 'admin-sportsbook:menu.tickets' }, component: lazy(() => import('./tickets-page.tsx')) },
  { path: 'sportsbook/tickets/:id', permission: 'sportsbook.read', component: lazy(() => import('./ticket-page.tsx')) },
  { path: 'sportsbook/feed', permission: 'sportsbook.read', menu: { group: 'sportsbook', label: 'admin-sportsbook:menu.feed' }, component: lazy(() => import('./feed-page.tsx')) },
];
