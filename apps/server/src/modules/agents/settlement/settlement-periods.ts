import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ContractKind } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';

export type DividendPeriod = 'daily' | 'weekly' | 'semimonthly' | 'monthly';
export interface Period {
  start: Date;
  end: Date;
}

/**
 * The periods of a kind that ended within [from, to), as instants, cut in the operator's zone:
 * hours, days, ISO weeks (from Monday), half-months (1st → 16th → 1st) or months (spec §4 salary
 * periods). PostgreSQL does the calendar arithmetic, so daylight saving changes are right.
 */
export async function periodsEnding(db: DbExecutor, kind: Exclude<ContractKind, 'realtime'>, dividendPeriod: DividendPeriod, timeZone: string, from: Date, to: Date): Promise<Period[]> {
  const unit = kind === 'hourly' ? 'hour' : kind === 'daily' ? 'day' : dividendPeriod === 'daily' ? 'day' : dividendPeriod === 'weekly' ? 'week' : 'month';
  const step = `1 ${unit}`;
  // Local wall-clock starts from one step before `from` (whose period may end inside the window).
  const starts =
    kind === 'dividend' && dividendPeriod === 'semimonthly'
      ? sql`select s from (select generate_series(date_trunc('month', lo) - interval '1 month', hi, interval '1 month') as m from w) months,
              lateral (values (m), (m + interval '15 days')) as half(s)`
      : sql`select generate_series(date_trunc(${unit}, lo) - ${step}::interval, hi, ${step}::interval) as s from w`;
  const nextStart =
    kind === 'dividend' && dividendPeriod === 'semimonthly'
      ? sql`case when extract(day from s) = 1 then s + interval '15 days' else date_trunc('month', s) + interval '1 month' end`
      : sql`s + ${step}::interval`;
  const result = await sql<{ start: Date; end: Date }>`
    with w as (select (${from.toISOString()}::timestamptz at time zone ${timeZone}) as lo, (${to.toISOString()}::timestamptz at time zone ${timeZone}) as hi),
    local as (${starts})
    select (s at time zone ${timeZone}) as start, ((${nextStart}) at time zone ${timeZone}) as end from local
    where ((${nextStart}) at time zone ${timeZone}) > ${from.toISOString()}::timestamptz
      and ((${nextStart}) at time zone ${timeZone}) <= ${to.toISOString()}::timestamptz
    order by 1`.execute(db);
  return result.rows.map((row) => ({ start: new Date(row.start), end: new Date(row.end) }));
}

/** An advisory-lock key per kind and period: two workers never settle the same period at once. */
export function lockKey(kind: string, start: Date): bigint {
  return createHash('sha256').update(`${kind}:${start.toISOString()}`).digest().readBigInt64BE(0);
}
