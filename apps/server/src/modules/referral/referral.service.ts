import { randomInt } from 'node:crypto';
import { MEMBER_REFERRAL_CODE, type ReferralOverview, type ReferralRulesInput, type ReferralRulesView, type ReferralStatus } from '@app/contracts';
import { AppError, formatCents, maskName, parseCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Payout } from './referral.payout.ts';
import type { ReferralActor, ReferralPorts } from './referral.ports.ts';
import * as repository from './referral.repository.ts';
import type { RulesRow } from './referral.repository.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const PASS_BATCH = 500;
const PAGE_REFEREES = 100;

const newCode = () => `R-${Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

export function presentRulesView(rules: RulesRow): ReferralRulesView {
  return {
    minFirstDeposit: formatCents(rules.min_first_deposit),
    minValidBet: formatCents(rules.min_valid_bet),
    rewardAmount: formatCents(rules.reward_amount),
    rewardType: rules.reward_type as 'cash' | 'bonus',
    wageringMultiple: Number(rules.wagering_multiple),
    maxReferees: rules.max_referees,
    maxAmount: rules.max_amount === null ? null : formatCents(rules.max_amount),
    windowDays: rules.window_days,
  };
}

export function presentRules(rules: RulesRow) {
  const view = presentRulesView(rules);
  return { ...view, enabled: rules.enabled, bonusValidDays: rules.bonus_valid_days, version: rules.id.toString(), createdBy: rules.created_by, createdAt: rules.created_at.toISOString() };
}

/** Codes, the registration hook, the member's page, the operator's rules and the qualification pass. */
export function createReferralService(deps: { db: Db; ports: ReferralPorts; payout: Payout; logger: Logger; publicUrl: string; now: () => Date }) {
  const linkOf = (code: string) => `${deps.publicUrl.replace(/\/$/, '')}/register?referralCode=${encodeURIComponent(code)}`;

  /** The member's code, made on first ask (random, retried on the rare collision). */
  async function codeOf(memberId: bigint): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await repository.findCode(deps.db, memberId);
      if (existing) return existing;
      await repository.insertCode(deps.db, memberId, newCode());
    }
    throw new Error('could not allocate a referral code');
  }

  return {
    codeOf,
    linkOf,

    async enabled(): Promise<boolean> {
      return (await repository.currentRules(deps.db))?.enabled === true;
    },

    /**
     * Registration's hook, in its transaction: a member code (any shape check first, so hostile or
     * oversized codes cost no query) names the referrer; nothing else happens for an unknown code or a
     * programme that is off — the registration itself never fails because of the code.
     */
    async memberRegistered(tx: DbExecutor, member: { memberId: bigint; registeredAt: Date; referralCode: string | null; ip: string; userAgent: string | null }): Promise<void> {
      const code = member.referralCode?.trim().toUpperCase();
      if (!code || !MEMBER_REFERRAL_CODE.test(code)) return;
      const rules = await repository.currentRules(tx);
      if (!rules?.enabled) return;
      const referrerId = await repository.findReferrerByCode(tx, code);
      if (referrerId === undefined || referrerId === member.memberId) return;
      await repository.insertReferee(tx, { refereeId: member.memberId, referrerId, code, registeredAt: member.registeredAt, ip: member.ip.slice(0, 100), userAgent: member.userAgent?.slice(0, 512) ?? null });
    },

    async overview(memberId: bigint): Promise<ReferralOverview> {
      const code = await codeOf(memberId);
      const [rules, counters, referees] = await Promise.all([repository.currentRules(deps.db), repository.countersOf(deps.db, memberId), repository.refereesOf(deps.db, memberId, PAGE_REFEREES)]);
      const [names, progress] = await Promise.all([deps.ports.accountNamesOf(referees.map((row) => row.referee_id)), repository.progressOf(deps.db, referees.map((row) => row.referee_id))]);
      return {
        enabled: rules?.enabled === true,
        code,
        link: linkOf(code),
        qrUrl: `/api/referral/${encodeURIComponent(code)}/qr.svg`,
        rules: rules ? presentRulesView(rules) : null,
        counters: { invited: counters.invited, qualified: counters.qualified, earned: formatCents(counters.earned) },
        referees: referees.map((row) => {
          const figures = progress.get(row.referee_id);
          const firstDeposit = figures?.first_deposit ?? null;
          const validBet = figures?.valid_bet ?? 0n;
          return {
            account: maskName(names.get(row.referee_id) ?? '?'),
            registeredAt: row.registered_at.toISOString(),
            status: row.status as ReferralStatus,
            firstDeposit: firstDeposit === null ? null : formatCents(firstDeposit),
            depositMet: firstDeposit !== null && rules !== undefined && firstDeposit >= rules.min_first_deposit,
            validBet: formatCents(validBet),
            validBetMet: rules !== undefined && validBet >= rules.min_valid_bet,
            reward: row.amount === null ? null : formatCents(row.amount),
          };
        }),
      };
    },

    /** A new version of the rules (nothing is overwritten), audited in its transaction. */
    async saveRules(input: ReferralRulesInput, actor: ReferralActor) {
      const money = (value: string) => {
        const cents = parseCents(value);
        if (cents === undefined) throw new AppError('referral.invalid_rules', `not an amount: ${value}`);
        return cents;
      };
      return deps.db.transaction().execute(async (tx) => {
        const before = await repository.currentRules(tx);
        const saved = await repository.insertRules(tx, {
          enabled: input.enabled,
          min_first_deposit: money(input.minFirstDeposit),
          min_valid_bet: money(input.minValidBet),
          reward_amount: money(input.rewardAmount),
          reward_type: input.rewardType,
          wagering_multiple: input.wageringMultiple.toFixed(2),
          bonus_valid_days: input.bonusValidDays,
          max_referees: input.maxReferees,
          max_amount: input.maxAmount === null ? null : money(input.maxAmount),
          window_days: input.windowDays,
          created_by: actor.username,
        });
        await deps.ports.audit(tx, {
          operatorId: actor.id,
          action: 'referral.rules.changed',
          targetType: 'referral_rules',
          targetId: saved.id.toString(),
          ip: actor.ip,
          details: { before: before ? presentRules(before) : null, after: presentRules(saved) },
        });
        return presentRules(saved);
      });
    },

    /**
     * The qualification pass (job referral.qualify): pending referees whose first credited deposit and
     * valid bet reach the thresholds are settled one by one (paid, flagged or capped); those past the
     * window expire. Safe to run anywhere any number of times at once: each settlement locks and rechecks.
     */
    async qualifyPass(): Promise<Record<'paid' | 'flagged' | 'capped' | 'expired', number>> {
      const result = { paid: 0, flagged: 0, capped: 0, expired: 0 };
      const rules = await repository.currentRules(deps.db);
      if (!rules?.enabled) return result;
      const pending = await repository.listPending(deps.db, PASS_BATCH);
      const progress = await repository.progressOf(deps.db, pending.map((row) => row.referee_id));
      const now = deps.now().getTime();
      for (const referee of pending) {
        const figures = progress.get(referee.referee_id);
        const qualified = figures !== undefined && figures.first_deposit !== null && figures.first_deposit >= rules.min_first_deposit && figures.valid_bet >= rules.min_valid_bet;
        const late = rules.window_days !== null && now > referee.registered_at.getTime() + rules.window_days * 86_400_000;
        if (late) {
          await deps.payout.expire(referee.referee_id, referee.referrer_id);
          result.expired++;
          continue;
        }
        if (!qualified) continue;
        const outcome = await deps.payout.settle(referee.referee_id, referee.referrer_id, rules);
        if (outcome !== 'skipped') result[outcome]++;
      }
      return result;
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
