import { useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { GameMenu, GameType, Vendor } from '@app/contracts';
import { ClockIcon, CoinsIcon, GiftIcon, HomeIcon, StarIcon } from '@app/ui';
import { useGameMenu, CrownIcon, GameTypeIcon, BGS_VENDOR, gameTypePath } from '../../features/games/index.ts';
import { HOME_PATHS, memberTabPath } from '../paths.ts';

export type NavT = TFunction<['layout', 'games']>;

export interface NavItem {
  id: string;
  to: string;
  label: (t: NavT) => string;
  icon: ReactNode;
  /** Paths that also mark this item active (home has four). */
  activeOn?: readonly string[];
  /** A game type's entry: its vendors fill the header dropdown and the side menu. */
  gameType?: GameType;
  vendors?: readonly Vendor[];
  /** The BGS entry launches this vendor's lobby instead of opening a page. */
  lobbyVendor?: string;
}

const HOME_ITEM: NavItem = { id: 'home', to: '/', label: (t) => t('nav.home'), icon: <HomeIcon />, activeOn: HOME_PATHS };
const PROMOTIONS_ITEM: NavItem = { id: 'promotions', to: '/promotions', label: (t) => t('nav.promotions'), icon: <GiftIcon /> };
/** Spec §2: after the types that have vendors come fish, pvp and sports (each once). */
const ALWAYS_LISTED: readonly GameType[] = ['FISH', 'PVP', 'SPORTS'];

function typeItem(gameType: GameType, vendors: readonly Vendor[]): NavItem {
  return { id: gameType, to: gameTypePath(gameType), label: (t) => t(`games:types.${gameType}`), icon: <GameTypeIcon type={gameType} />, gameType, vendors };
}

/**
 * Spec §2 main navigation: home, the game types that have vendors in the server's order (with
 * BGS after RNG when RNG offers vendor WW), then fish, pvp and sports if not listed yet, then
 * promotions. Before the menu arrives (or if it fails) the fixed entries still show.
 */
export function buildMainNav(menu: GameMenu | undefined): NavItem[] {
  const items: NavItem[] = [HOME_ITEM];
  const listed = new Set<GameType>();
  for (const entry of menu?.types ?? []) {
    if (entry.vendors.length === 0 || listed.has(entry.gameType)) continue;
    listed.add(entry.gameType);
    items.push(typeItem(entry.gameType, entry.vendors));
    if (entry.gameType === 'RNG' && entry.vendors.some((vendor) => vendor.vassalage === BGS_VENDOR)) {
      items.push({ id: 'bgs', to: gameTypePath('RNG'), label: (t) => t('games:nav.bgs'), icon: <CrownIcon />, lobbyVendor: BGS_VENDOR });
    }
  }
  for (const gameType of ALWAYS_LISTED) if (!listed.has(gameType)) items.push(typeItem(gameType, []));
  items.push(PROMOTIONS_ITEM);
  return items;
}

export function useMainNav(): NavItem[] {
  const menu = useGameMenu();
  return useMemo(() => buildMainNav(menu.data), [menu.data]);
}

/** Game entries (types and BGS) go in the side menu's games list; the rest is site navigation. */
export function isGameNavItem(item: NavItem): boolean {
  return item.gameType !== undefined || item.lobbyVendor !== undefined;
}

/** Player shortcuts in the side menu; login-required targets open the login modal via /login. */
export const PLAYER_NAV: readonly NavItem[] = [
  { id: 'bonus', to: memberTabPath('rewardCenter'), label: (t) => t('sideMenu.bonus'), icon: <GiftIcon /> },
  { id: 'favorite', to: '/favorite', label: (t) => t('sideMenu.favorite'), icon: <StarIcon /> },
  { id: 'recent', to: '/recent', label: (t) => t('sideMenu.recent'), icon: <ClockIcon /> },
  { id: 'pointMall', to: '/pointMall', label: (t) => t('sideMenu.pointMall'), icon: <CoinsIcon /> },
];

export function isNavItemActive(item: NavItem, pathname: string, search = ''): boolean {
  if (item.lobbyVendor) return false;
  if (item.activeOn) return item.activeOn.includes(pathname);
  const [path, query] = item.to.split('?');
  if (path !== pathname) return false;
  return query ? search.includes(query) : true;
}
