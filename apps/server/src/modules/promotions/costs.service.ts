import { formatCents } from '@app/kernel';
import type { PromotionCost, PromotionCostReport } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import * as definitions from './definitions.repository.ts';
import type { PromotionsPorts } from './promotions.ports.ts';
import { rewardTallies, type RewardTally } from './rewards.repository.ts';

const NO_BONUS = { granted: 0n, converted: 0n, forfeited: 0n, expired: 0n, open: 0n };

/**
 * The console's cost report per promotion: the rewards it issued and what became of them (ours),
 * and what its bonus grants came to (the bonus module's, through its API). Cash paid is the sum
 * of claimed cash rewards (each paid in its claim's transaction); net cost is what left the house
 * as cash: cash paid plus bonus converted to cash.
 */
export function createCostsService(deps: { db: Db; ports: PromotionsPorts }) {
  return {
    async report(): Promise<PromotionCostReport> {
      const promotions = await definitions.listPromotions(deps.db);
      const ids = promotions.map((promotion) => promotion.id);
      const [tallies, bonus] = await Promise.all([rewardTallies(deps.db, ids), deps.ports.bonusCosts ? deps.ports.bonusCosts(ids.map(String)) : Promise.resolve(new Map<string, typeof NO_BONUS>())]);
      const byPromotion = new Map<bigint, RewardTally[]>();
      for (const tally of tallies) byPromotion.set(tally.promotionId, [...(byPromotion.get(tally.promotionId) ?? []), tally]);
      return {
        list: promotions.map((promotion): PromotionCost => {
          const rows = byPromotion.get(promotion.id) ?? [];
          const sum = (accept: (tally: RewardTally) => boolean) => {
            const chosen = rows.filter(accept);
            return { count: chosen.reduce((total, tally) => total + tally.count, 0), amount: chosen.reduce((total, tally) => total + tally.amount, 0n) };
          };
          const issued = sum(() => true);
          const claimed = sum((tally) => tally.status === 'claimed');
          const expired = sum((tally) => tally.status === 'expired');
          const cashPaid = sum((tally) => tally.status === 'claimed' && tally.kind === 'cash').amount;
          const grants = bonus.get(promotion.id.toString()) ?? NO_BONUS;
          const money = (tally: { count: number; amount: bigint }) => ({ count: tally.count, amount: formatCents(tally.amount) });
          return {
            promotionId: promotion.id.toString(),
            title: promotion.texts.pt.title,
            type: promotion.type,
            status: promotion.status,
            budget: formatCents(promotion.budget),
            spent: formatCents(promotion.spent),
            issued: money(issued),
            claimed: money(claimed),
            expired: money(expired),
            cashPaid: formatCents(cashPaid),
            bonusGranted: formatCents(grants.granted),
            bonusConverted: formatCents(grants.converted),
            bonusForfeited: formatCents(grants.forfeited),
            bonusExpired: formatCents(grants.expired),
            bonusOpen: formatCents(grants.open),
            netCost: formatCents(cashPaid + grants.converted),
          };
        }),
      };
    },
  };
}

export type CostsService = ReturnType<typeof createCostsService>;
