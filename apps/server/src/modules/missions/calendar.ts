import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

/** Today in the site's time zone and the periods around it (local dates as YYYY-MM-DD). */
export interface Calendar {
  timeZone: string;
  today: string;
  weekStart: string;
  monthStart: string;
  /** Instants where the current day, ISO week and month begin and end. */
  dayStartsAt: Date;
  dayEndsAt: Date;
  weekStartsAt: Date;
  weekEndsAt: Date;
  monthStartsAt: Date;
  monthEndsAt: Date;
}

export async function calendarAt(db: DbExecutor, timeZone: string, now: Date): Promise<Calendar> {
  const row = (
    await sql<{ today: string; week_start: string; month_start: string; day_starts_at: Date; day_ends_at: Date; week_starts_at: Date; week_ends_at: Date; month_starts_at: Date; month_ends_at: Date }>`
      with local as (select (${now}::timestamptz at time zone ${timeZone})::date as d),
      periods as (select d, d - (extract(isodow from d)::int - 1) as w, date_trunc('month', d::timestamp)::date as m from local)
      select to_char(d, 'YYYY-MM-DD') as today, to_char(w, 'YYYY-MM-DD') as week_start, to_char(m, 'YYYY-MM-DD') as month_start,
        (d::timestamp at time zone ${timeZone}) as day_starts_at, ((d + 1)::timestamp at time zone ${timeZone}) as day_ends_at,
        (w::timestamp at time zone ${timeZone}) as week_starts_at, ((w + 7)::timestamp at time zone ${timeZone}) as week_ends_at,
        (m::timestamp at time zone ${timeZone}) as month_starts_at, ((m + interval '1 month')::timestamp at time zone ${timeZone}) as month_ends_at
      from periods`.execute(db)
  ).rows[0]!;
  return {
    timeZone,
    today: row.today,
    weekStart: row.week_start,
    monthStart: row.month_start,
    dayStartsAt: row.day_starts_at,
    dayEndsAt: row.day_ends_at,
    weekStartsAt: row.week_starts_at,
    weekEndsAt: row.week_ends_at,
    monthStartsAt: row.month_starts_at,
    monthEndsAt: row.month_ends_at,
  };
}

/** A local date plus days (YYYY-MM-DD; calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
