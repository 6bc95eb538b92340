import { lazy } from 'react';
import type { AdminScreen } from '../../shared/screen.ts';

export const catalogueScreens: AdminScreen[] = [
  { path: 'catalogue/vendors', permission: 'catalogue.read', menu: { group: 'catalogue', label: 'admin-catalogue:menu.vendors' }, component: lazy(() => import('./vendors-page.tsx')) },
  { path: 'catalogue/games', permission: 'catalogue.read', menu: { group: 'catalogue', label: 'admin-catalogue:menu.games' }, component: lazy(() => import('./games-page.tsx')) },
  { path: 'catalogue/import', permission: 'catalogue.manage', menu: { group: 'catalogue', label: 'admin-catalogue:menu.import' }, component: lazy(() => import('./import-page.tsx')) },
];
