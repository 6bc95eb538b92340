import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

/** The customer-service chat (issue 26): the chat screen, canned replies and the report (support.chat). */
export const supportChatScreens: AdminScreen[] = [
  { path: 'support/chat', permission: 'support.chat', menu: { group: 'members', label: 'admin-support:menu.chat' }, component: lazy(() => import('./chat-page.tsx')) },
  { path: 'support/canned', permission: 'support.chat', menu: { group: 'members', label: 'admin-support:menu.canned' }, component: lazy(() => import('./canned-page.tsx')) },
  { path: 'support/report', permission: 'support.chat', menu: { group: 'reports', label: 'admin-support:menu.report' }, component: lazy(() => import('./report-page.tsx')) },
];
