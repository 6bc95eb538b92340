import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

/** The site's settings: what the site shows (content role) and how it runs (owner). */
export const settingsScreens: AdminScreen[] = [
  { path: 'settings/site', permission: 'settings.site', menu: { group: 'settings', label: 'admin-settings:menu.site' }, component: lazy(() => import('./site-page.tsx')) },
  { path: 'settings/general', permission: 'settings.manage', menu: { group: 'settings', label: 'admin-settings:menu.general' }, component: lazy(() => import('./general-page.tsx')) },
  { path: 'settings/registration', permission: 'settings.manage', menu: { group: 'settings', label: 'admin-settings:menu.registration' }, component: lazy(() => import('./registration-page.tsx')) },
  { path: 'settings/limits', permission: 'settings.manage', menu: { group: 'settings', label: 'admin-settings:menu.limits' }, component: lazy(() => import('./limits-page.tsx')) },
  { path: 'settings/access', permission: 'settings.manage', menu: { group: 'settings', label: 'admin-settings:menu.access' }, component: lazy(() => import('./access-page.tsx')) },
  { path: 'settings/advanced', permission: 'settings.manage', menu: { group: 'settings', label: 'admin-settings:menu.advanced' }, component: lazy(() => import('./advanced-page.tsx')) },
];
