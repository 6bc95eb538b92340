import { sql } from 'kysely';
import { parseCents } from '@app/kernel';
import type { DbExecutor } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import * as definitions from './definitions.repository.ts';
import type { PromotionRow } from './definitions.repository.ts';
import { ensureParticipation, findParticipation } from './participation.repository.ts';
import type { PromotionsPorts } from './promotions.ports.ts';
import { issueReward } from './rewards.repository.ts';

/** A deposit the payments module has just credited (in its transaction). */
export interface CreditedDeposit {
  depositId: bigint;
  memberId: bigint;
  /** What was credited, in centavos. */
  amount: bigint;
}

/** A member the accounts module has just registered (in its transaction): the facts other connections cannot see yet. */
export interface RegisteredMember {
  memberId: bigint;
  cpf: string | null;
  /** The agent the member registered under, if any. */
  uplineMemberId: bigint | null;
  registeredAt: Date;
}

/** The reward a deposit earns: `percent` of the deposit, at most the reward's amount. */
export function depositMatchAmount(deposit: bigint, percent: number, maximum: bigint): bigint {
  const matched = (deposit * BigInt(percent)) / 100n;
  return matched < maximum ? matched : maximum;
}

/**
 * Rewards issued by events rather than a member's click: a deposit match when a deposit is
 * credited, a sign-up reward when a member registers. Both run inside the other module's
 * transaction (so the reward exists exactly when the deposit or the member does) under a
 * savepoint: a fault here is logged and rolled back to the savepoint, and never refuses the
 * deposit or the registration. Issuing is idempotent by source key, so a replayed event issues
 * nothing twice. Both types are refused while promotions.restrictedTypes is off — the switch is
 * read at the event too, since a definition made while it was on stays in the table.
 */
export function createEventRewardsService(deps: { ports: PromotionsPorts; logger?: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function underSavepoint(tx: DbExecutor, what: string, work: () => Promise<number>): Promise<number> {
    await sql`savepoint promotions_event_rewards`.execute(tx);
    try {
      const issued = await work();
      await sql`release savepoint promotions_event_rewards`.execute(tx);
      return issued;
    } catch (error) {
      await sql`rollback to savepoint promotions_event_rewards`.execute(tx);
      deps.logger?.error({ err: error, what }, 'promotion rewards not issued for this event');
      return 0;
    }
  }

  async function issue(tx: DbExecutor, promotion: PromotionRow, memberId: bigint, sourceKey: string, amount: bigint): Promise<boolean> {
    if (amount <= 0n) return false;
    const reward = promotion.reward;
    const { created } = await issueReward(tx, {
      promotionId: promotion.id,
      memberId,
      sourceKey,
      kind: reward.kind,
      amount,
      wageringMultiple: reward.kind === 'bonus' ? reward.wageringMultiple : null,
      expiryDays: reward.kind === 'bonus' ? reward.expiryDays : null,
    });
    return created;
  }

  /** Is this the member's first credited deposit ever (earliest by credit time, then id)? */
  async function isFirstDeposit(tx: DbExecutor, deposit: CreditedDeposit): Promise<boolean> {
    const first = await sql<{ id: bigint }>`
      select id from payments_v_deposit
      where member_id = ${deposit.memberId} and status = 'credited'
      order by credited_at, id limit 1`.execute(tx);
    return first.rows[0]?.id === deposit.depositId;
  }

  return {
    /**
     * A credited deposit: each running deposit-match promotion the member joined issues
     * min(deposit × percent, reward amount) as `deposit:<promotion>:<deposit>`. A deposit below
     * the promotion's minimum deposit, or not the first with first-deposit-only, issues nothing.
     */
    async depositCredited(tx: DbExecutor, deposit: CreditedDeposit): Promise<number> {
      return underSavepoint(tx, `deposit ${deposit.depositId}`, async () => {
        const running = await definitions.listRunningOfType(tx, 'deposit_match', now());
        if (running.length === 0 || !(await deps.ports.restrictedTypesAllowed())) return 0;
        let issued = 0;
        let first: boolean | undefined;
        for (const promotion of running) {
          const match = promotion.depositMatch;
          if (!match) continue;
          const joined = await findParticipation(tx, promotion.id, deposit.memberId);
          if (joined?.state !== 'joined') continue;
          const minimum = promotion.eligibility.minDeposit ? parseCents(promotion.eligibility.minDeposit) : undefined;
          if (minimum !== undefined && deposit.amount < minimum) continue;
          if (match.firstDepositOnly && !(first ??= await isFirstDeposit(tx, deposit))) continue;
          const amount = depositMatchAmount(deposit.amount, match.percent, parseCents(promotion.reward.amount)!);
          if (await issue(tx, promotion, deposit.memberId, `deposit:${promotion.id}:${deposit.depositId}`, amount)) issued += 1;
        }
        return issued;
      });
    },

    /**
     * A new member: each running sign-up promotion whose rules the member meets issues its reward
     * once as `signup:<promotion>:<member>`. With one per CPF the member takes part with the CPF
     * (a member without one is not eligible; another account with it already took part).
     */
    async memberRegistered(tx: DbExecutor, member: RegisteredMember): Promise<number> {
      return underSavepoint(tx, `member ${member.memberId}`, async () => {
        const running = await definitions.listRunningOfType(tx, 'sign_up', now());
        if (running.length === 0 || !(await deps.ports.restrictedTypesAllowed())) return 0;
        let issued = 0;
        for (const promotion of running) {
          if (!(await qualifies(promotion, member))) continue;
          const rules = promotion.eligibility;
          const part = await ensureParticipation(tx, { promotionId: promotion.id, memberId: member.memberId, state: 'joined', cpf: rules.onePerCpf ? member.cpf : null });
          if (part === 'cpf_taken') continue;
          if (await issue(tx, promotion, member.memberId, `signup:${promotion.id}:${member.memberId}`, parseCents(promotion.reward.amount)!)) issued += 1;
        }
        return issued;
      });
    },
  };

  /** The sign-up rules checked from the registration's own facts (the member's row is not committed yet). */
  async function qualifies(promotion: PromotionRow, member: RegisteredMember): Promise<boolean> {
    const rules = promotion.eligibility;
    if (rules.registeredFrom && member.registeredAt < new Date(rules.registeredFrom)) return false;
    if (rules.registeredTo && member.registeredAt >= new Date(rules.registeredTo)) return false;
    if (rules.onePerCpf && !member.cpf) return false;
    if (rules.agentAccount) {
      const agentId = await deps.ports.memberIdOf(rules.agentAccount);
      if (agentId === undefined || member.uplineMemberId === null) return false;
      if (member.uplineMemberId !== agentId && !(await deps.ports.isInTeam(agentId, member.uplineMemberId))) return false;
    }
    return true;
  }
}

export type EventRewardsService = ReturnType<typeof createEventRewardsService>;
