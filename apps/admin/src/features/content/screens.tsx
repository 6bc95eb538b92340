import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';
import { CONTENT_PAGES } from './content-kinds.ts';

/** One page per kind of site content (banners, notices, promotions, pop-ups, announcements, help, agents' notices). */
export const contentScreens: AdminScreen[] = CONTENT_PAGES.map(({ kind, path, label }) => ({
  path,
  permission: 'content.manage',
  menu: { group: 'content', label: `admin-content:menu.${label}` },
  component: lazy(() => import('./content-page.tsx').then((module) => ({ default: module.KIND_PAGES[kind] }))),
}));
