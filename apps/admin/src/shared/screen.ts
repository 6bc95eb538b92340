import type { ComponentType, LazyExoticComponent } from 'react';
import type { ConsolePath, OperatorPermission } from '@app/contracts';
import type { MenuLabelKey } from './i18n-resources.ts';

/** The console's menu sections, in the order the side menu shows them. */
export const MENU_GROUPS = ['overview', 'members', 'payments', 'catalogue', 'sportsbook', 'lottery', 'live', 'content', 'agents', 'reports', 'settings', 'security'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/**
 * One page of the console. Each area exports its screens from features/<area>/screens.tsx; the
 * router and the role-filtered menu are built from the list in app/screens.ts.
 */
export interface AdminScreen {
  /** Under /admin, without the leading slash: `payments/withdrawals`, `members/:id`. One of CONSOLE_PATHS, which the server reads to answer others 404. */
  path: ConsolePath;
  /** What the operator's role must hold to see it; null = any operator. */
  permission: OperatorPermission | null;
  /** Shown in the side menu under `group` with the translation `label` (`namespace:key`); omitted for detail pages. */
  menu?: { group: MenuGroup; label: MenuLabelKey };
  /** The landing page when the role may see it (the dashboard). */
  home?: boolean;
  component: LazyExoticComponent<ComponentType>;
}
