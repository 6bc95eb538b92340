import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { abuseReasons } from './referral.abuse.ts';
import type { ReferralActor, ReferralPorts } from './referral.ports.ts';
import * as repository from './referral.repository.ts';
import type { RefereeRow, RulesRow } from './referral.repository.ts';

export type SettleOutcome = 'paid' | 'flagged' | 'capped' | 'skipped';

const DAY_MS = 86_400_000;

/**
 * Paying a qualified referee's referrer: once per referee (referral_reward's primary key and the
 * ledger key referral-reward-<refereeId>, in one transaction with the status), within the referrer's
 * cap (their code row locked first, so two referees of one referrer are decided one at a time).
 */
export function createPayout(deps: { db: Db; ports: ReferralPorts; now: () => Date }) {
  /** In the caller's transaction, with the referrer and the referee locked and the referee's status checked. */
  async function pay(tx: DbExecutor, referee: RefereeRow, rules: RulesRow, actor: ReferralActor | null): Promise<'paid' | 'capped'> {
    const sofar = await repository.paidSoFar(tx, referee.referrer_id);
    const amount = rules.reward_amount;
    const overCount = rules.max_referees !== null && sofar.count >= rules.max_referees;
    const overAmount = rules.max_amount !== null && sofar.amount + amount > rules.max_amount;
    if (overCount || overAmount) {
      await repository.setStatus(tx, referee.referee_id, { status: 'capped', qualified: true, ...(actor ? { decidedBy: actor.username } : {}) });
      return 'capped';
    }
    const key = `referral-reward-${referee.referee_id}`;
    if (!(await repository.insertReward(tx, { refereeId: referee.referee_id, referrerId: referee.referrer_id, amount, type: rules.reward_type, rulesId: rules.id, key }))) {
      // Unreachable under the locks; the primary key answers for the day they are forgotten.
      throw new AppError('referral.already_paid', 'this referral was already rewarded');
    }
    if (rules.reward_type === 'cash') {
      await deps.ports.payCash(tx, { key, memberId: referee.referrer_id, amount, reference: `referral:${referee.referee_id}` });
    } else {
      await deps.ports.grantBonus(tx, {
        key,
        memberId: referee.referrer_id,
        amount,
        wageringMultiple: Number(rules.wagering_multiple),
        expiresAt: new Date(deps.now().getTime() + rules.bonus_valid_days * DAY_MS),
        source: { kind: 'referral', id: String(referee.referee_id) },
        note: 'referral reward',
      });
    }
    await repository.setStatus(tx, referee.referee_id, { status: 'paid', qualified: true, ...(actor ? { decidedBy: actor.username } : {}) });
    return 'paid';
  }

  return {
    pay,

    /** A referee who passed both thresholds: flagged when an abuse check matches, else paid (or capped). */
    async settle(refereeId: bigint, referrerId: bigint, rules: RulesRow): Promise<SettleOutcome> {
      // A locked or closed referrer waits (still pending): paid if reopened, never while barred.
      if (!(await repository.isActive(deps.db, referrerId))) return 'skipped';
      // Read before the transaction: the accounts' answer comes over its own connection.
      const [cpfs, referrerNet, refereeNet] = await Promise.all([
        repository.cpfsOf(deps.db, referrerId, refereeId),
        deps.ports.networkOf(referrerId),
        deps.ports.networkOf(refereeId),
      ]);
      const reasons = abuseReasons({
        referrer: { cpf: cpfs.get(referrerId) ?? null, ...referrerNet },
        referee: { cpf: cpfs.get(refereeId) ?? null, ...refereeNet },
      });
      return deps.db.transaction().execute(async (tx) => {
        await repository.lockReferrer(tx, referrerId);
        const referee = await repository.lockReferee(tx, refereeId);
        if (!referee || referee.status !== 'pending') return 'skipped';
        if (reasons.length > 0) {
          await repository.setStatus(tx, refereeId, { status: 'flagged', flagReasons: reasons, qualified: true });
          return 'flagged';
        }
        return pay(tx, referee, rules, null);
      });
    },

    /** The window passed before the referee qualified. */
    async expire(refereeId: bigint, referrerId: bigint): Promise<void> {
      await deps.db.transaction().execute(async (tx) => {
        await repository.lockReferrer(tx, referrerId);
        const referee = await repository.lockReferee(tx, refereeId);
        if (referee?.status === 'pending') await repository.setStatus(tx, refereeId, { status: 'expired' });
      });
    },

    /** An operator's decision on a flagged referral: release pays (within the cap), reject never does; audited. */
    async decide(refereeId: bigint, decision: 'release' | 'reject', actor: ReferralActor): Promise<{ status: string }> {
      const rules = await repository.currentRules(deps.db);
      return deps.db.transaction().execute(async (tx) => {
        const found = await tx.selectFrom('referral_referee').select('referrer_id').where('referee_id', '=', refereeId).executeTakeFirst();
        if (!found) throw new AppError('referral.not_found', 'no such referral');
        await repository.lockReferrer(tx, found.referrer_id);
        const referee = await repository.lockReferee(tx, refereeId);
        if (!referee || referee.status !== 'flagged') throw new AppError('referral.not_flagged', 'only a referral waiting for review can be released or rejected');
        let status: string;
        if (decision === 'reject') {
          await repository.setStatus(tx, refereeId, { status: 'rejected', decidedBy: actor.username });
          status = 'rejected';
        } else {
          if (!rules) throw new AppError('referral.no_rules', 'the referral programme has no rules');
          status = await pay(tx, referee, rules, actor);
        }
        await deps.ports.audit(tx, {
          operatorId: actor.id,
          action: decision === 'reject' ? 'referral.rejected' : 'referral.released',
          targetType: 'referral_referee',
          targetId: String(refereeId),
          ip: actor.ip,
          details: { referrerId: String(referee.referrer_id), flagReasons: referee.flag_reasons, status, amount: status === 'paid' ? String(rules?.reward_amount) : null },
        });
        return { status };
      });
    },
  };
}

export type Payout = ReturnType<typeof createPayout>;
