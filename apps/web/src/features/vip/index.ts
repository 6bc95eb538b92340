/** The VIP feature's public surface: the member centre's VIP page and the level badge (header, menus). */
export { VipPage } from './components/vip-page.tsx';
export { VipMenuBadge } from './components/vip-menu-badge.tsx';
export { useVipState, vipKeys } from './vip.api.ts';
