import { VipBadge } from './vip-badge.tsx';
import { useVipState } from '../vip.api.ts';

/** The member's VIP level beside their name in the menus; nothing while the site has no VIP levels. */
export function VipMenuBadge() {
  const state = useVipState();
  if (!state.data?.hasVip || state.data.vipLabelName === null) return null;
  return (
    <span className="vip-menu-badge" data-testid="vip-menu-badge" title={state.data.vipLabelName}>
      <VipBadge badge={state.data.badge} rank={state.data.vipRankLevel} name={state.data.vipLabelName} size="sm" />
      <span className="vip-menu-badge__name">{state.data.vipLabelName}</span>
    </span>
  );
}
