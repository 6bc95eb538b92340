import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { BallIcon, CardsIcon, ClockIcon, CoinsIcon, FishIcon, GiftIcon, HomeIcon, StarIcon } from '@app/ui';
import { memberTabPath } from '../paths.ts';

export interface NavItem {
  to: string;
  labelKey: ParseKeys<'layout'>;
  icon: ReactNode;
  /** Paths that also mark this item active (home has four). */
  activeOn?: readonly string[];
}

/** Spec §2 header order: home, catalogue categories (none until the catalogue lands), fish, pvp, sports, promotions. */
export const MAIN_NAV: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.home', icon: <HomeIcon />, activeOn: ['/', '/index', '/index.html', '/home'] },
  { to: '/fish', labelKey: 'nav.fish', icon: <FishIcon /> },
  { to: '/pvp', labelKey: 'nav.pvp', icon: <CardsIcon /> },
  { to: '/sports', labelKey: 'nav.sports', icon: <BallIcon /> },
  { to: '/promotions', labelKey: 'nav.promotions', icon: <GiftIcon /> },
];

/** Player shortcuts in the side menu; login-required targets open the login modal via /login. */
export const PLAYER_NAV: readonly NavItem[] = [
  { to: memberTabPath('rewardCenter'), labelKey: 'sideMenu.bonus', icon: <GiftIcon /> },
  { to: '/favorite', labelKey: 'sideMenu.favorite', icon: <StarIcon /> },
  { to: '/recent', labelKey: 'sideMenu.recent', icon: <ClockIcon /> },
  { to: '/pointMall', labelKey: 'sideMenu.pointMall', icon: <CoinsIcon /> },
];

export function isNavItemActive(item: NavItem, pathname: string, search = ''): boolean {
  if (item.activeOn) return item.activeOn.includes(pathname);
  const [path, query] = item.to.split('?');
  if (path !== pathname) return false;
  return query ? search.includes(query) : true;
}
