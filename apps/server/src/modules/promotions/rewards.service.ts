import { AppError, formatCents, type ErrorCode } from '@app/kernel';
import type { ClaimResult, Language, Reward, RewardCentre } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import * as definitions from './definitions.repository.ts';
import * as repository from './rewards.repository.ts';
import type { RewardRow } from './rewards.repository.ts';
import type { PromotionRow } from './definitions.repository.ts';
import type { PromotionsPorts } from './promotions.ports.ts';

const DAY_MS = 86_400_000;

/**
 * The reward centre: what a member may claim, claiming one or all, and the history. A claim is
 * one transaction: lock the reward (a second click waits and then finds it claimed, paying
 * nothing), take the amount from the promotion's budget and the member's cap with conditional
 * updates (refused as a whole when either would pass its limit), mark it claimed and pay it —
 * cash through the wallet's ledger, bonus money through the bonus module's grant.
 */
export function createRewardsService(deps: { db: Db; ports: PromotionsPorts; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function claimOne(memberId: bigint, rewardId: bigint): Promise<RewardRow> {
    return deps.db.transaction().execute(async (tx) => {
      const reward = await repository.lockReward(tx, rewardId, memberId);
      if (!reward) throw new AppError('promotions.not_found', `no reward ${rewardId}`);
      if (reward.status === 'claimed') return reward;
      const promotion = await definitions.findPromotion(tx, reward.promotionId);
      if (!promotion) throw new AppError('promotions.not_found', `no promotion ${reward.promotionId}`);
      // The expiry job may not have run yet: the time decides, not the job.
      if (reward.status === 'expired' || expiryOf(reward, promotion) <= now()) throw new AppError('promotions.reward_expired', `reward ${rewardId} expired`);
      if (reward.kind === 'bonus' && !deps.ports.grantBonus) throw new AppError('promotions.bonus_unavailable', 'bonus money is not available yet');
      if (!(await definitions.spendBudget(tx, promotion.id, reward.amount))) throw new AppError('promotions.budget_exhausted', 'the promotion budget is spent');
      if (!(await definitions.addMemberPaid(tx, promotion.id, memberId, reward.amount, promotion.memberCap))) throw new AppError('promotions.member_cap_reached', 'the member cap is reached');
      const claimed = await repository.markClaimed(tx, reward.id);
      const key = `promotion:reward:${reward.id}`;
      if (reward.kind === 'cash') {
        await deps.ports.payCash(tx, { key, memberId, amount: reward.amount, reference: `promotion:${promotion.id}` });
      } else {
        await deps.ports.grantBonus!(tx, {
          key,
          memberId,
          amount: reward.amount,
          wageringMultiple: reward.wageringMultiple ?? 1,
          expiresAt: new Date(now().getTime() + (reward.expiryDays ?? 1) * DAY_MS),
          source: { kind: 'promotion', id: promotion.id.toString() },
          note: promotion.texts.pt.title,
        });
      }
      return claimed;
    });
  }

  async function promotionsOf(rows: readonly RewardRow[]): Promise<Map<bigint, PromotionRow>> {
    const ids = [...new Set(rows.map((row) => row.promotionId))];
    const found = await Promise.all(ids.map((id) => definitions.findPromotion(deps.db, id)));
    return new Map(found.flatMap((promotion) => (promotion ? [[promotion.id, promotion] as const] : [])));
  }

  async function views(rows: readonly RewardRow[], language: Language): Promise<Reward[]> {
    const promotions = await promotionsOf(rows);
    return rows.map((row) => {
      const promotion = promotions.get(row.promotionId);
      return toReward({ ...row, expiresAt: row.status === 'claimed' || !promotion ? row.expiresAt : expiryOf(row, promotion) }, promotion?.texts[language].title ?? '');
    });
  }

  return {
    /** Issues a reward (idempotent per source key) in the caller's transaction. */
    issue: repository.issueReward,

    async centre(memberId: bigint, language: Language): Promise<RewardCentre> {
      const [claimable, history, counts] = await Promise.all([repository.rewardsOf(deps.db, memberId, 'claimable', 100), repository.rewardsOf(deps.db, memberId, ['claimed', 'expired'], 50), repository.countClaimable(deps.db, memberId)]);
      // A reward whose time is up before the expiry job marked it is shown as the job will leave it.
      const open: Reward[] = [];
      const lapsed: Reward[] = [];
      for (const view of await views(claimable, language)) (view.expiresAt && new Date(view.expiresAt) <= now() ? lapsed : open).push(view);
      return { claimable: open, history: [...lapsed.map((view) => ({ ...view, status: 'expired' as const })), ...(await views(history, language))], unseen: counts.unseen };
    },

    /** Marks unclaimed rewards past their time as expired (the promotions job), in batches. */
    async expireDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const expired = await repository.expireDue(deps.db, now(), 1000);
        total += expired;
        if (expired < 1000) return total;
      }
    },

    counts: (memberId: bigint) => repository.countClaimable(deps.db, memberId),
    markSeen: (memberId: bigint) => repository.markSeen(deps.db, memberId),

    async claim(memberId: bigint, rewardId: bigint, language: Language): Promise<Reward> {
      const [view] = await views([await claimOne(memberId, rewardId)], language);
      return view!;
    },

    /** Claims each claimable reward in its own transaction; one refused (budget, cap) does not stop the others. */
    async claimAll(memberId: bigint, language: Language): Promise<ClaimResult> {
      const claimable = await repository.rewardsOf(deps.db, memberId, 'claimable', 100);
      const claimed: RewardRow[] = [];
      const refused: { id: string; code: string }[] = [];
      for (const reward of claimable.reverse()) {
        try {
          claimed.push(await claimOne(memberId, reward.id));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused.push({ id: reward.id.toString(), code: error.code satisfies ErrorCode });
        }
      }
      return { claimed: await views(claimed, language), refused };
    },
  };
}

/** When a reward expires: its own time, or (a reward inserted set-based, before the job gave it one) issue + the promotion's days. */
function expiryOf(reward: RewardRow, promotion: PromotionRow): Date {
  return reward.expiresAt ?? new Date(reward.issuedAt.getTime() + promotion.rewardExpiryDays * DAY_MS);
}

function toReward(row: RewardRow, title: string): Reward {
  return {
    id: row.id.toString(),
    promotionId: row.promotionId.toString(),
    title,
    kind: row.kind,
    amount: formatCents(row.amount),
    wageringMultiple: row.wageringMultiple,
    expiryDays: row.expiryDays,
    status: row.status,
    issuedAt: row.issuedAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
