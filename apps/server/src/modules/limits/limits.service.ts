import { AppError, formatCents, parseCents } from '@app/kernel';
import {
  DEFAULT_REALITY_CHECK_MINUTES,
  MONEY_LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  type LimitsOverview,
  type LimitsStatus,
  type LimitView,
  type RegistrationLimits,
  type SetLimit,
} from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import type { LimitsPorts } from './limits.ports.ts';
import * as repository from './limits.repository.ts';
import { decide, exceeds, reachesAlert, type Key } from './limits.rules.ts';

export const LIMITS_CHANGED_EVENT = 'limits.changed';
type Kind = repository.Kind;
type Period = repository.Period;
type MoneyKind = 'deposit' | 'loss' | 'wager';
type MoneyPeriod = (typeof MONEY_LIMIT_PERIODS)[number];

/** A member's limits as the bet path needs them: empty for most members. */
interface CachedState {
  limits: Map<Key, bigint>;
  pending: repository.PendingRow[];
  /** The earliest pending change's effective time: the entry is read again from then on. */
  dueAt: number;
}
const CACHE_ENTRIES = 200_000;
/** A session-time limit ends the session this long after the limit, if the web did not end it first (it shows the screen). */
const SESSION_GRACE_MS = 60_000;
const HISTORY_ROWS = 200;

const keyOf = (kind: Kind, period: Period): Key => `${kind}:${period}` as Key;

export function createLimitsService(deps: { db: Db; bus: EventBus; logger: Logger; ports: LimitsPorts; now: () => Date; shortChecks: boolean }) {
  const { db, ports } = deps;
  const cache = new Map<bigint, CachedState>();
  const realityOptions = deps.shortChecks ? [1, ...REALITY_CHECK_MINUTES] : [...REALITY_CHECK_MINUTES];

  // Another process (or this one) changed a member's limits: the next read goes to the database.
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.type !== LIMITS_CHANGED_EVENT) return;
    const memberId = event.audience.kind === 'member' ? event.audience.memberId : undefined;
    if (memberId) cache.delete(BigInt(memberId));
  });
  const stopReconnect = deps.bus.onReconnect(() => cache.clear());

  async function announce(tx: DbExecutor, memberId: bigint) {
    cache.delete(memberId);
    await deps.bus.publish(tx, { type: LIMITS_CHANGED_EVENT, audience: { kind: 'member', memberId: memberId.toString() } });
  }

  /** Applies the member's pending changes that are due (cooling-off over), in one transaction. */
  async function applyDue(memberId: bigint): Promise<number> {
    const now = deps.now();
    return db.transaction().execute(async (tx) => {
      await repository.lockMember(tx, memberId);
      const due = await repository.duePendingForUpdate(tx, memberId, now);
      if (due.length === 0) return 0;
      const { limits } = await repository.findState(tx, memberId);
      for (const change of due) {
        const old = limits.find((row) => row.kind === change.kind && row.period === change.period)?.amount ?? null;
        await repository.closePending(tx, change.id, 'applied', now);
        if (change.amount === null) await repository.deleteLimit(tx, memberId, change.kind, change.period);
        else await repository.upsertLimit(tx, memberId, change.kind, change.period, change.amount, now);
        await repository.insertHistory(tx, { memberId, kind: change.kind, period: change.period, action: 'applied', source: 'cooling_off', oldAmount: old, newAmount: change.amount, at: now });
      }
      await announce(tx, memberId);
      return due.length;
    });
  }

  // The calendar's day, week and month change once a day: computed by PostgreSQL (time-zone rules)
  // and kept until the day ends (the week and month end with a day), not asked again on every bet.
  let periods: { timeZone: string; bounds: repository.PeriodBounds } | undefined;
  async function periodsNow(now: Date, timeZone: string): Promise<repository.PeriodBounds> {
    const day = periods?.timeZone === timeZone ? periods.bounds.day : undefined;
    if (periods && day && now >= day.start && now < day.end) return periods.bounds;
    periods = { timeZone, bounds: await repository.periodBounds(db, now, timeZone) };
    return periods.bounds;
  }

  /** The member's limits in force (pending changes due applied first); cached per process. */
  async function stateOf(memberId: bigint): Promise<CachedState> {
    const now = deps.now().getTime();
    const cached = cache.get(memberId);
    if (cached && cached.dueAt > now) return cached;
    let state = await repository.findState(db, memberId);
    if (state.pending.some((change) => change.effective_at.getTime() <= now)) {
      await applyDue(memberId);
      state = await repository.findState(db, memberId);
    }
    return keep(memberId, state);
  }

  function keep(memberId: bigint, state: { limits: repository.LimitRow[]; pending: repository.PendingRow[] }): CachedState {
    const fresh: CachedState = {
      limits: new Map(state.limits.map((row) => [keyOf(row.kind, row.period), row.amount])),
      pending: state.pending,
      dueAt: Math.min(Number.MAX_SAFE_INTEGER, ...state.pending.map((change) => change.effective_at.getTime())),
    };
    if (cache.size >= CACHE_ENTRIES) cache.clear();
    cache.set(memberId, fresh);
    return fresh;
  }

  /**
   * Before a batch of bets: the members not cached are read in one statement and kept as stateOf
   * would keep them, so the batch's bets find them cached instead of one read each. A member with a
   * pending change now due is left to stateOf, which applies it first.
   */
  async function prefetch(memberIds: readonly bigint[]): Promise<void> {
    const now = deps.now().getTime();
    const unknown = [...new Set(memberIds)].filter((memberId) => !((cache.get(memberId)?.dueAt ?? 0) > now));
    if (unknown.length < 2) return;
    for (const [memberId, state] of await repository.findStates(db, unknown)) {
      if (state.pending.some((change) => change.effective_at.getTime() <= now)) continue;
      keep(memberId, state);
    }
  }

  function moneyLimits(state: CachedState, kinds: readonly MoneyKind[]) {
    const found: Array<{ kind: MoneyKind; period: MoneyPeriod; limit: bigint }> = [];
    for (const kind of kinds) {
      for (const period of MONEY_LIMIT_PERIODS) {
        const limit = state.limits.get(keyOf(kind, period));
        if (limit !== undefined) found.push({ kind, period, limit });
      }
    }
    return found;
  }

  /** One change in the caller's transaction (the member's lock held). */
  async function change(tx: DbExecutor, memberId: bigint, kind: Kind, period: Period, next: bigint | null, source: 'registration' | 'member') {
    const now = deps.now();
    const state = await repository.findState(tx, memberId);
    const current = state.limits.find((row) => row.kind === kind && row.period === period)?.amount ?? null;
    const pending = state.pending.find((row) => row.kind === kind && row.period === period) ?? null;
    const decision = decide(current, next, pending, now);
    if (decision.kind === 'noop') return decision;
    if (pending) {
      await repository.closePending(tx, pending.id, decision.kind === 'cancel_pending' ? 'cancelled' : 'superseded', now);
      await repository.insertHistory(tx, { memberId, kind, period, action: decision.kind === 'cancel_pending' ? 'cancelled' : 'superseded', source, oldAmount: current, newAmount: pending.amount, at: now });
    }
    if (decision.kind === 'now') {
      await repository.upsertLimit(tx, memberId, kind, period, next!, now);
      await repository.insertHistory(tx, { memberId, kind, period, action: current === null ? 'set' : 'decreased', source, oldAmount: current, newAmount: next, at: now });
    } else if (decision.kind === 'pending') {
      await repository.insertPending(tx, { memberId, kind, period, amount: next, requestedAt: now, effectiveAt: decision.effectiveAt });
      await repository.insertHistory(tx, { memberId, kind, period, action: next === null ? 'removal_requested' : 'increase_requested', source, oldAmount: current, newAmount: next, at: now });
    }
    return decision;
  }

  function presentValue(kind: Kind, amount: bigint | null): string | null {
    if (amount === null) return null;
    return kind === 'session' ? amount.toString() : formatCents(amount);
  }

  async function overview(memberId: bigint): Promise<LimitsOverview> {
    const state = await stateOf(memberId);
    const timeZone = await ports.timeZone();
    const bounds = await periodsNow(deps.now(), timeZone);
    const starts = MONEY_LIMIT_PERIODS.map((period) => bounds[period].start);
    const [play, deposits] = await Promise.all([repository.playSince(db, memberId, starts), repository.depositsSince(db, memberId, starts)]);
    const limits: LimitView[] = [];
    for (const kind of ['deposit', 'loss', 'wager'] as const) {
      MONEY_LIMIT_PERIODS.forEach((period, index) => {
        const used = kind === 'deposit' ? deposits[index]! : kind === 'loss' ? play[index]!.netLoss : play[index]!.wagered;
        const pending = state.pending.find((row) => row.kind === kind && row.period === period);
        limits.push({
          kind,
          period,
          value: presentValue(kind, state.limits.get(keyOf(kind, period)) ?? null),
          used: formatCents(used > 0n ? used : 0n),
          periodEndsAt: bounds[period].end.toISOString(),
          pending: pending ? { id: pending.id.toString(), value: presentValue(kind, pending.amount), effectiveAt: pending.effective_at.toISOString() } : null,
        });
      });
    }
    const sessionPending = state.pending.find((row) => row.kind === 'session');
    limits.push({
      kind: 'session',
      period: 'session',
      value: presentValue('session', state.limits.get('session:session') ?? null),
      used: null,
      periodEndsAt: null,
      pending: sessionPending ? { id: sessionPending.id.toString(), value: presentValue('session', sessionPending.amount), effectiveAt: sessionPending.effective_at.toISOString() } : null,
    });
    return {
      limits,
      realityCheckMinutes: (await repository.realityCheckMinutes(db, memberId)) ?? DEFAULT_REALITY_CHECK_MINUTES,
      realityCheckOptions: realityOptions,
      timeZone,
    };
  }

  function valueOf(input: SetLimit): bigint | null {
    if (input.kind === 'session') return input.minutes === null ? null : BigInt(input.minutes);
    if (input.amount === null) return null;
    const cents = parseCents(input.amount);
    if (cents === undefined || cents <= 0n) throw new AppError('limits.invalid', 'a limit must be more than 0.00');
    return cents;
  }

  return {
    stateOf,
    prefetch,
    overview,
    applyDue,

    /** The member's change from the security centre: at once when it tightens, after the cooling-off when it loosens. */
    async set(memberId: bigint, input: SetLimit): Promise<{ applied: 'now' | 'pending' | 'noop' | 'cancel_pending'; overview: LimitsOverview }> {
      const next = valueOf(input);
      const decision = await db.transaction().execute(async (tx) => {
        await repository.lockMember(tx, memberId);
        const outcome = await change(tx, memberId, input.kind, input.period, next, 'member');
        if (outcome.kind !== 'noop') await announce(tx, memberId);
        return outcome;
      });
      cache.delete(memberId);
      return { applied: decision.kind, overview: await overview(memberId) };
    },

    async cancelPending(memberId: bigint, pendingId: bigint): Promise<LimitsOverview> {
      const now = deps.now();
      await db.transaction().execute(async (tx) => {
        await repository.lockMember(tx, memberId);
        const state = await repository.findState(tx, memberId);
        const pending = state.pending.find((row) => row.id === pendingId);
        if (!pending) throw new AppError('limits.not_found', 'no such pending change');
        await repository.closePending(tx, pending.id, 'cancelled', now);
        const current = state.limits.find((row) => row.kind === pending.kind && row.period === pending.period)?.amount ?? null;
        await repository.insertHistory(tx, { memberId, kind: pending.kind, period: pending.period, action: 'cancelled', source: 'member', oldAmount: current, newAmount: pending.amount, at: now });
        await announce(tx, memberId);
      });
      cache.delete(memberId);
      return overview(memberId);
    },

    /** Registration's hook, in the registration's transaction: the limits chosen on the form (a refusal is recorded too). */
    async memberRegistered(tx: DbExecutor, member: { memberId: bigint; limits: RegistrationLimits | null }): Promise<void> {
      if (!member.limits) return;
      const now = deps.now();
      const { loss, sessionMinutes } = member.limits;
      if (loss) {
        const cents = parseCents(loss.amount);
        if (cents === undefined || cents <= 0n) throw new AppError('limits.invalid', 'a limit must be more than 0.00');
        await change(tx, member.memberId, 'loss', loss.period, cents, 'registration');
      } else await repository.insertHistory(tx, { memberId: member.memberId, kind: 'loss', period: 'day', action: 'declined', source: 'registration', oldAmount: null, newAmount: null, at: now });
      if (sessionMinutes !== null) await change(tx, member.memberId, 'session', 'session', BigInt(sessionMinutes), 'registration');
      else await repository.insertHistory(tx, { memberId: member.memberId, kind: 'session', period: 'session', action: 'declined', source: 'registration', oldAmount: null, newAmount: null, at: now });
    },

    async setRealityCheck(memberId: bigint, minutes: number): Promise<LimitsOverview> {
      if (!realityOptions.includes(minutes)) throw new AppError('limits.invalid', 'not an offered interval', { options: realityOptions });
      await repository.saveRealityCheckMinutes(db, memberId, minutes, deps.now());
      return overview(memberId);
    },

    /**
     * The bet path's check (every product, through the provider's betGate): refused when this
     * period's stakes (wager limit) or net loss (loss limit) plus this bet pass a limit. A member
     * without such a limit costs a map lookup. Bets in flight at once are not counted against each
     * other: concurrent bets may pass a limit by the bets in flight (docs/limits.md).
     */
    async betGate(memberId: bigint, amount: bigint): Promise<'LIMIT_REACHED' | null> {
      const state = await stateOf(memberId);
      if (state.limits.size === 0) return null;
      const found = moneyLimits(state, ['wager', 'loss']);
      if (found.length === 0) return null;
      const bounds = await periodsNow(deps.now(), await ports.timeZone());
      const periods = [...new Set(found.map((each) => each.period))];
      const totals = await repository.playSince(db, memberId, periods.map((period) => bounds[period].start));
      for (const each of found) {
        const play = totals[periods.indexOf(each.period)]!;
        const used = each.kind === 'wager' ? play.wagered : play.netLoss;
        if (exceeds(used, amount, each.limit)) {
          ports.limitReached?.(memberId, each.kind);
          return 'LIMIT_REACHED';
        }
      }
      return null;
    },

    /** Before a deposit's PIX charge: refused with the limit and what remains when the deposit would pass it. */
    async depositGate(memberId: bigint, amount: bigint): Promise<void> {
      const state = await stateOf(memberId);
      if (state.limits.size === 0) return;
      const found = moneyLimits(state, ['deposit']);
      if (found.length === 0) return;
      const bounds = await periodsNow(deps.now(), await ports.timeZone());
      const used = await repository.depositsSince(db, memberId, found.map((each) => bounds[each.period].start));
      let tightest: { period: MoneyPeriod; limit: bigint; remaining: bigint } | undefined;
      found.forEach((each, index) => {
        const remaining = each.limit - used[index]! > 0n ? each.limit - used[index]! : 0n;
        if (!tightest || remaining < tightest.remaining) tightest = { period: each.period, limit: each.limit, remaining };
      });
      if (tightest && amount > tightest.remaining) {
        ports.limitReached?.(memberId, 'deposit');
        throw new AppError('limits.deposit_limit', 'the deposit is above the deposit limit', { period: tightest.period, limit: formatCents(tightest.limit), remaining: formatCents(tightest.remaining) });
      }
    },

    /**
     * The web's poll: time and net result of this session (reality check), the session-time limit
     * (the session is ended when it is reached) and the 80 % alerts not yet told this period.
     */
    async status(memberId: bigint, tokenHash: Buffer): Promise<LimitsStatus> {
      const now = deps.now();
      const startedAt = (await ports.sessions.startedAt(tokenHash)) ?? now;
      const state = await stateOf(memberId);
      const [session] = await repository.playSince(db, memberId, [startedAt]);
      const elapsedSeconds = Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
      const sessionLimit = state.limits.get('session:session');
      const sessionEnded = sessionLimit !== undefined && elapsedSeconds >= Number(sessionLimit) * 60;
      if (sessionEnded) await ports.sessions.end(tokenHash);
      const alerts: LimitsStatus['alerts'] = [];
      const found = moneyLimits(state, ['deposit', 'loss', 'wager']);
      if (found.length > 0) {
        const bounds = await periodsNow(now, await ports.timeZone());
        const starts = MONEY_LIMIT_PERIODS.map((period) => bounds[period].start);
        const [play, deposits] = await Promise.all([repository.playSince(db, memberId, starts), repository.depositsSince(db, memberId, starts)]);
        for (const each of found) {
          const index = MONEY_LIMIT_PERIODS.indexOf(each.period);
          const used = each.kind === 'deposit' ? deposits[index]! : each.kind === 'loss' ? play[index]!.netLoss : play[index]!.wagered;
          if (reachesAlert(used, each.limit) && (await repository.recordAlert(db, memberId, each.kind, each.period, bounds[each.period].start))) {
            alerts.push({ kind: each.kind, period: each.period, value: formatCents(each.limit), used: formatCents(used) });
          }
        }
      }
      return {
        sessionStartedAt: startedAt.toISOString(),
        elapsedSeconds,
        netResult: formatCents(-(session?.netLoss ?? 0n)),
        realityCheckMinutes: (await repository.realityCheckMinutes(db, memberId)) ?? DEFAULT_REALITY_CHECK_MINUTES,
        sessionLimitMinutes: sessionLimit === undefined ? null : Number(sessionLimit),
        sessionEnded,
        alerts,
      };
    },

    /** The job's pass: due pending changes applied, sessions past their time limit (and a minute's grace) ended. */
    async pass(): Promise<{ applied: number; sessionsEnded: number }> {
      let applied = 0;
      for (const memberId of await repository.membersWithDuePending(db, deps.now(), 500)) applied += await applyDue(memberId);
      let sessionsEnded = 0;
      const now = deps.now().getTime();
      for (const { memberId, minutes } of await repository.sessionLimits(db)) {
        sessionsEnded += await ports.sessions.endStartedBefore(memberId, new Date(now - minutes * 60_000 - SESSION_GRACE_MS));
      }
      return { applied, sessionsEnded };
    },

    async history(memberId: bigint) {
      return (await repository.listHistory(db, memberId, HISTORY_ROWS)).map((row) => ({
        id: row.id.toString(),
        kind: row.kind,
        period: row.period,
        action: row.action,
        source: row.source,
        oldValue: presentValue(row.kind, row.old_amount),
        newValue: presentValue(row.kind, row.new_amount),
        at: row.at.toISOString(),
      }));
    },

    close() {
      unsubscribe();
      stopReconnect();
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
