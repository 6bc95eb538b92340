import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

/** Feedback and complaints (issue 26): the queue and a ticket's page (assign, notes, reply as a message, close). */
export const feedbackScreens: AdminScreen[] = [
  { path: 'feedback', permission: 'feedback.handle', menu: { group: 'members', label: 'admin-feedback:menu.feedback' }, component: lazy(() => import('./queue-page.tsx')) },
  { path: 'feedback/:id', permission: 'feedback.handle', component: lazy(() => import('./ticket-page.tsx')) },
];
