import { sql } from 'kysely';
import { formatCents } from '@app/kernel';
import type { VipOverview, VipProgressTarget, VipState } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { presentLevel } from './vip.levels.ts';
import * as repository from './vip.repository.ts';
import type { LevelRow } from './vip.repository.ts';
import type { VipPorts } from './vip.ports.ts';

/** Any number: one recompute of recent members at a time across processes. */
const RECOMPUTE_LOCK = 0x76697001;
/** Dues paid per transaction (each is a grant and its ledger journal). */
const DUES_BATCH = 100;

function target(current: bigint, required: bigint): VipProgressTarget {
  const remaining = required > current ? required - current : 0n;
  const percent = required <= 0n ? 100 : Number((current >= required ? required : current < 0n ? 0n : current) * 100n / required);
  return { current: formatCents(current < 0n ? 0n : current), required: formatCents(required), remaining: formatCents(remaining), percent };
}

/**
 * Members' levels from the facts: a set-based recompute (recent members every few minutes, every
 * member on demand), the month's turn (retention and monthly bonuses) and the dues paid as bonus
 * money through the bonus module, each once by its key.
 */
export function createProgressService(deps: { db: Db; ports: Pick<VipPorts, 'grantBonus' | 'timeZone'>; logger: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  /** Pays open dues (all, or one member's; `max` stops after about that many) in small transactions; answers how many were paid. */
  async function payDues(options: { memberId?: bigint; max?: number } = {}): Promise<number> {
    let paid = 0;
    for (;;) {
      const batch = await deps.db.transaction().execute(async (tx) => {
        const dues = await repository.lockOpenDues(tx, DUES_BATCH, options.memberId);
        for (const due of dues) {
          const expiresAt = new Date(now().getTime() + due.valid_days * 86_400_000);
          await deps.ports.grantBonus(tx, {
            key: due.key,
            memberId: due.member_id,
            amount: due.amount,
            wageringMultiple: Number(due.wagering_multiple),
            expiresAt,
            source: { kind: 'vip', id: due.key.slice(4) },
            note: due.kind === 'upgrade' ? `VIP upgrade to rank ${due.rank}` : `VIP monthly bonus, rank ${due.rank}`,
          });
          await repository.markPaid(tx, due.key);
        }
        return dues.length;
      });
      paid += batch;
      if (batch < DUES_BATCH || paid >= (options.max ?? Infinity)) return paid;
    }
  }

  async function today(): Promise<{ today: string; monthStart: string; nextMonthStart: string; nextMonthStartsAt: Date; monthStartsAt: Date; timeZone: string }> {
    const timeZone = await deps.ports.timeZone();
    const row = (
      await sql<{ today: string; month_start: string; next_month_start: string; month_starts_at: Date; next_month_starts_at: Date }>`
        with local as (select (${now()}::timestamptz at time zone ${timeZone}) as t)
        select to_char(t::date, 'YYYY-MM-DD') as today,
          to_char(date_trunc('month', t)::date, 'YYYY-MM-DD') as month_start,
          to_char((date_trunc('month', t) + interval '1 month')::date, 'YYYY-MM-DD') as next_month_start,
          (date_trunc('month', t) at time zone ${timeZone}) as month_starts_at,
          ((date_trunc('month', t) + interval '1 month') at time zone ${timeZone}) as next_month_starts_at
        from local`.execute(deps.db)
    ).rows[0]!;
    return { today: row.today, monthStart: row.month_start, nextMonthStart: row.next_month_start, monthStartsAt: row.month_starts_at, nextMonthStartsAt: row.next_month_starts_at, timeZone };
  }

  async function refreshMember(memberId: bigint): Promise<void> {
    await deps.db.transaction().execute((tx) => repository.recompute(tx, { kind: 'members', ids: [memberId] }));
    await payDues({ memberId });
  }

  return {
    payDues,
    refreshMember,

    /** Members who played on the site's yesterday or today, or had a deposit credited in the last two days. */
    async recomputeRecent(options: { payDues?: boolean } = {}): Promise<{ upgraded: number; paid: number } | null> {
      const { today: day } = await today();
      const since = new Date(`${day}T00:00:00Z`);
      since.setUTCDate(since.getUTCDate() - 1);
      const upgraded = await deps.db.transaction().execute(async (tx) => {
        const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${RECOMPUTE_LOCK}) as ok`.execute(tx);
        if (!locked.rows[0]?.ok) return null;
        return repository.recompute(tx, { kind: 'recent', since: since.toISOString().slice(0, 10), depositsSince: new Date(now().getTime() - 2 * 86_400_000) });
      });
      if (upgraded === null) return null;
      return { upgraded: upgraded.length, paid: options.payDues === false ? 0 : await payDues() };
    },

    /** Every member with play or deposits, in one statement (bench/vip.ts times it). */
    async recomputeAll(options: { payDues?: boolean } = {}): Promise<{ upgraded: number; paid: number }> {
      const upgraded = await deps.db.transaction().execute((tx) => repository.recompute(tx, { kind: 'all' }));
      return { upgraded: upgraded.length, paid: options.payDues === false ? 0 : await payDues() };
    },

    /** The month's turn, once per month of the site's calendar; null when it already ran. */
    async monthTurn(): Promise<{ month: string; steppedDown: number; bonuses: number; paid: number } | null> {
      const calendar = await today();
      const result = await deps.db.transaction().execute((tx) => repository.runMonthTurn(tx, calendar.monthStart, calendar.monthStartsAt));
      if (!result) return null;
      deps.logger.info({ month: calendar.monthStart, ...result }, 'vip month turn');
      return { month: calendar.monthStart, ...result, paid: await payDues() };
    },

    async levelOf(memberId: bigint): Promise<number> {
      return (await repository.findMember(deps.db, memberId))?.rank ?? 0;
    },

    async state(memberId: bigint, language: 'pt' | 'en'): Promise<VipState> {
      const [levels, member] = await Promise.all([repository.listLevels(deps.db), repository.findMember(deps.db, memberId)]);
      const rank = member?.rank ?? 0;
      const level = levels.find((row) => row.rank === rank);
      return {
        hasVip: levels.some((row) => row.rank > 0),
        vipLabelName: level ? (language === 'en' ? level.name_en : level.name_pt) : null,
        vipRankLevel: rank,
        badge: level?.badge ?? null,
      };
    },

    /** The member's VIP page: refreshed from the facts first, so it shows what the views hold now. */
    async overview(memberId: bigint): Promise<VipOverview> {
      await refreshMember(memberId);
      const calendar = await today();
      const [levels, member, monthValidBet] = await Promise.all([
        repository.listLevels(deps.db),
        repository.findMember(deps.db, memberId),
        repository.validBetBetween(deps.db, memberId, calendar.monthStart, calendar.nextMonthStart, calendar.timeZone),
      ]);
      const rank = member?.rank ?? 0;
      const validBet = member ? member.valid_bet - member.valid_bet_offset : 0n;
      const deposits = member ? member.deposits - member.deposit_offset : 0n;
      const next: LevelRow | undefined = levels.find((level) => level.rank === rank + 1);
      const held = levels.find((level) => level.rank === rank);
      return {
        rank,
        since: member && rank > 0 ? member.since.toISOString() : null,
        validBet: formatCents(validBet),
        deposits: formatCents(deposits),
        next: next ? { rank: next.rank, validBet: target(validBet, next.min_valid_bet), deposits: target(deposits, next.min_deposit) } : null,
        retention: { monthValidBet: formatCents(monthValidBet), required: formatCents(held?.retention_valid_bet ?? 0n), monthEnds: calendar.nextMonthStartsAt.toISOString() },
        levels: levels.map((level) => {
          const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...input } = presentLevel(level);
          return input;
        }),
        timeZone: calendar.timeZone,
      };
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
