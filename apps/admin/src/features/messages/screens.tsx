import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

/** Platform messages (issue 26): compose, preview, schedule and cancel broadcasts; delivered and read counts. */
export const messagesScreens: AdminScreen[] = [{ path: 'messages', permission: 'messages.send', menu: { group: 'content', label: 'admin-messages:menu.messages' }, component: lazy(() => import('./messages-page.tsx')) }];
