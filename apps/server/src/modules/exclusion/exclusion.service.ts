import {
  CLOSURE_CONFIRMATION_WORDS,
  COOLOFF_PERIODS,
  EXCLUSION_CONFIRMATION_WORDS,
  SELF_EXCLUSION_PERIODS,
  type CloseAccount,
  type ExclusionState,
  type RestrictionView,
  type TakeRestriction,
  type WithdrawOnlyOptions,
} from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { ExclusionPorts } from './exclusion.ports.ts';
import * as repository from './exclusion.repository.ts';
import type { RestrictionRow } from './exclusion.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The withdraw-only path: 10 wrong logins per account in 15 minutes, then it waits. */
const WITHDRAW_FAILURES = 10;
const WITHDRAW_WINDOW_MS = 15 * 60_000;

/** When a restriction of `period` taken at `start` ends; null = indefinite. Months are calendar months (UTC). */
export function endOf(period: string, start: Date): Date | null {
  if (period === 'indefinite') return null;
  if (period === '24h') return new Date(start.getTime() + DAY);
  if (period === '7d') return new Date(start.getTime() + 7 * DAY);
  if (period === '30d') return new Date(start.getTime() + 30 * DAY);
  const months = /^(\d{1,2})m$/.exec(period);
  if (!months) throw new AppError('validation.failed', 'unknown period');
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + Number(months[1]));
  // 31 January + 1 month ends on the last day of February, not in March.
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

export const restrictionView = (row: RestrictionRow): RestrictionView => ({
  id: row.id.toString(),
  kind: row.kind,
  period: row.period,
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at?.toISOString() ?? null,
});

const confirmed = (typed: string, words: readonly string[]) => words.includes(typed.trim().toUpperCase());

/** The neutral answer of the withdraw-only path for a wrong login or an account that may log in normally. */
const withdrawRefused = () => new AppError('exclusion.withdraw_unavailable', 'the balance cannot be withdrawn here with these details');

export function createExclusionService(deps: { db: Db; logger: Logger; ports: ExclusionPorts; now: () => Date; announce?: (tx: DbExecutor, memberId: bigint) => Promise<void> }) {
  const { db, ports, logger } = deps;

  /**
   * The steps after a restriction (in this order, each idempotent): every session ended, open bets
   * on future events cancelled and refunded. A failure leaves applied_at empty and the job retries.
   */
  async function applySteps(row: RestrictionRow): Promise<void> {
    try {
      await ports.endAllSessions(row.member_id);
      await ports.voidOpenBets(row.member_id);
      await repository.markApplied(db, row.id);
    } catch (error) {
      logger.error({ err: error, restrictionId: row.id.toString() }, 'exclusion steps not finished; the job retries');
    }
  }

  async function restrict(memberId: bigint, input: { kind: 'cooloff' | 'self_exclusion' | 'closure'; period: string; requestId: string }): Promise<RestrictionView> {
    const replay = await repository.findByRequest(db, memberId, input.requestId);
    if (replay) return restrictionView(replay);
    const row = await db.transaction().execute(async (tx) => {
      await repository.lockMember(tx, memberId);
      const again = await repository.findByRequest(tx, memberId, input.requestId);
      if (again) return { row: again, created: false };
      const now = deps.now();
      const active = await repository.findActive(tx, memberId, now);
      if (active) throw new AppError('exclusion.already_restricted', 'a restriction is already in force', { endsAt: active.ends_at?.toISOString() ?? null });
      const created = await repository.insertRestriction(tx, { memberId, kind: input.kind, period: input.period, startsAt: now, endsAt: endOf(input.period, now), withdrawUntil: null, requestId: input.requestId });
      await deps.announce?.(tx, memberId);
      await ports.audit(tx, { operatorId: null, action: `exclusion.${input.kind}.taken`, targetType: 'member', targetId: memberId.toString(), details: { period: input.period, restrictionId: created!.id.toString() } });
      return { row: created!, created: true };
    });
    if (row.created) await applySteps(row.row);
    return restrictionView(row.row);
  }

  /** Whether the member's daily barred check is due: none yet today in the site's time zone (an unanswered check counts as none). */
  async function dailyCheckDue(memberId: bigint, now: Date): Promise<boolean> {
    const last = await repository.lastCheck(db, memberId);
    if (!last || last.outcome === 'unavailable') return true;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: await ports.timeZone(), year: 'numeric', month: '2-digit', day: '2-digit' });
    return day.format(last.checked_at) !== day.format(now);
  }

  return {
    applySteps,

    async state(memberId: bigint): Promise<ExclusionState> {
      const [active, cash] = await Promise.all([repository.findActive(db, memberId, deps.now()), ports.cashOf(memberId)]);
      return { active: active ? restrictionView(active) : null, cooloffPeriods: [...COOLOFF_PERIODS], selfExclusionPeriods: [...SELF_EXCLUSION_PERIODS], balance: formatCents(cash) };
    },

    /** A cool-off or self-exclusion chosen by the member, after re-entering the login password (and typing the word for a self-exclusion). */
    async take(memberId: bigint, input: TakeRestriction): Promise<RestrictionView> {
      const replay = await repository.findByRequest(db, memberId, input.requestId);
      if (replay) return restrictionView(replay);
      if (input.kind === 'self_exclusion' && !confirmed(input.confirmation, EXCLUSION_CONFIRMATION_WORDS)) {
        throw new AppError('exclusion.confirmation_invalid', 'type the confirmation word');
      }
      if (!(await ports.checkLoginPassword(memberId, input.password))) throw new AppError('auth.wrong_password', 'wrong password');
      return restrict(memberId, { kind: input.kind, period: input.period, requestId: input.requestId });
    },

    /** The member closes the account: balance 0.00 first, the confirmation word and the login password. */
    async close(memberId: bigint, input: CloseAccount): Promise<RestrictionView> {
      const replay = await repository.findByRequest(db, memberId, input.requestId);
      if (replay) return restrictionView(replay);
      if (!confirmed(input.confirmation, CLOSURE_CONFIRMATION_WORDS)) throw new AppError('exclusion.confirmation_invalid', 'type the confirmation word');
      if (!(await ports.checkLoginPassword(memberId, input.password))) throw new AppError('auth.wrong_password', 'wrong password');
      const cash = await ports.cashOf(memberId);
      if (cash !== 0n) throw new AppError('exclusion.balance_not_zero', 'withdraw the balance before closing the account', { balance: formatCents(cash) });
      return restrict(memberId, { kind: 'closure', period: 'indefinite', requestId: input.requestId });
    },

    /** Bets and deposits: refused while a restriction is in force. */
    isRestricted: (memberId: bigint) => repository.isRestricted(db, memberId),

    /**
     * Before every new session: refused while a restriction is in force; the first login of each
     * day also runs the barred-persons check (a hit closes the account by the steps and refuses).
     */
    async loginGate(memberId: bigint, checkBarred: (memberId: bigint, cpf: string) => Promise<'hit' | 'clear' | 'unavailable'>, executor?: DbExecutor): Promise<'ok' | 'refused'> {
      const now = deps.now();
      if (await repository.findActive(executor ?? db, memberId, now)) return 'refused';
      // Inside a session's transaction (executor given) only the read above: the day's barred check
      // writes in transactions of its own and ran before that transaction (accounts' assertMayLogIn).
      if (executor) return 'ok';
      if (await dailyCheckDue(memberId, now)) {
        const cpf = await ports.cpfOf(memberId);
        if (cpf && (await checkBarred(memberId, cpf)) === 'hit') return 'refused';
      }
      return 'ok';
    },

    async withdrawOptions(account: string, password: string): Promise<WithdrawOnlyOptions> {
      const { memberId, restriction } = await withdrawer(account, password);
      const options = await ports.withdrawOptions(memberId);
      return { balance: formatCents(options.available), payoutKey: options.payoutKey, withdrawUntil: restriction.withdraw_until?.toISOString() ?? null };
    },

    /** The whole balance to the registered payout key, through the payments module's normal path. */
    async withdraw(account: string, password: string, paymentPassword: string, requestId: string) {
      const { memberId } = await withdrawer(account, password);
      const options = await ports.withdrawOptions(memberId);
      if (options.available <= 0n) throw new AppError('exclusion.nothing_to_withdraw', 'there is no balance to withdraw');
      const withdrawal = await ports.withdraw(memberId, { amount: formatCents(options.available), paymentPassword, requestId });
      return { withdrawalId: withdrawal.id.toString(), amount: formatCents(withdrawal.amount), status: withdrawal.status };
    },
  };

  /** The member of the withdraw-only path: right password, a restriction in force, inside a barred closure's window. */
  async function withdrawer(accountInput: string, password: string): Promise<{ memberId: bigint; restriction: RestrictionRow }> {
    const account = accountInput.trim().toLowerCase();
    const now = deps.now();
    if ((await repository.recentFailures(db, account, new Date(now.getTime() - WITHDRAW_WINDOW_MS))) >= WITHDRAW_FAILURES) {
      throw new AppError('rate.limited', 'too many attempts, try again later', { retryAfterSeconds: WITHDRAW_WINDOW_MS / 1000 });
    }
    const memberId = await ports.verifyAccountPassword(account, password);
    if (memberId === undefined) {
      await repository.recordFailure(db, account);
      throw withdrawRefused();
    }
    const restriction = await repository.findActive(db, memberId, now);
    if (!restriction) throw withdrawRefused();
    if (restriction.withdraw_until && restriction.withdraw_until <= now) throw new AppError('exclusion.withdraw_window_closed', 'the withdrawal window has closed; contact support');
    return { memberId, restriction };
  }
}

export type ExclusionService = ReturnType<typeof createExclusionService>;
