import { sql } from 'kysely';
import type { SupportReport } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';
import { support } from './support.tables.ts';

export interface CannedRow {
  id: bigint;
  shortcut: string;
  body: string;
  updated_at: Date;
}

export async function listCanned(db: DbExecutor): Promise<CannedRow[]> {
  return support(db).selectFrom('support_canned_reply').select(['id', 'shortcut', 'body', 'updated_at']).orderBy('shortcut').execute();
}

/** Inserts, or answers undefined when the shortcut exists. */
export async function insertCanned(db: DbExecutor, input: { shortcut: string; body: string; operatorId: bigint }): Promise<CannedRow | undefined> {
  return support(db)
    .insertInto('support_canned_reply')
    .values({ shortcut: input.shortcut, body: input.body, updated_by: input.operatorId })
    .onConflict((oc) => oc.column('shortcut').doNothing())
    .returning(['id', 'shortcut', 'body', 'updated_at'])
    .executeTakeFirst();
}

export async function updateCanned(db: DbExecutor, id: bigint, input: { shortcut: string; body: string; operatorId: bigint }): Promise<CannedRow | undefined> {
  return support(db)
    .updateTable('support_canned_reply')
    .set({ shortcut: input.shortcut, body: input.body, updated_by: input.operatorId, updated_at: sql<Date>`now()` as never })
    .where('id', '=', id)
    .returning(['id', 'shortcut', 'body', 'updated_at'])
    .executeTakeFirst();
}

export async function deleteCanned(db: DbExecutor, id: bigint): Promise<boolean> {
  const result = await support(db).deleteFrom('support_canned_reply').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

interface ReportRow {
  day: string | null;
  conversations: string;
  closed: string;
  fr_avg: number | null;
  fr_p50: number | null;
  fr_p90: number | null;
  rs_avg: number | null;
  rs_p50: number | null;
  rs_p90: number | null;
}

const round = (value: number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
const durations = (avg: number | null, p50: number | null, p90: number | null) => ({ avgSeconds: round(avg), p50Seconds: round(p50), p90Seconds: round(p90) });
const toLine = (row: ReportRow) => ({
  conversations: Number(row.conversations),
  closed: Number(row.closed),
  firstResponse: durations(row.fr_avg, row.fr_p50, row.fr_p90),
  resolution: durations(row.rs_avg, row.rs_p50, row.rs_p90),
});

/**
 * First response (first operator message − created) and resolution (closed − created) over the
 * conversations created in [from, to] (days in the site's time zone): per day and in total.
 */
export async function report(db: DbExecutor, range: { from: string; to: string; timeZone: string }): Promise<SupportReport> {
  const rows = (await sql<ReportRow>`
    with c as (
      select to_char(created_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day,
             extract(epoch from first_response_at - created_at)::float8 as fr,
             extract(epoch from closed_at - created_at)::float8 as rs,
             closed_at
        from support_conversation
       where created_at >= (${range.from}::date::timestamp at time zone ${range.timeZone})
         and created_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})
    )
    select day, count(*)::text as conversations, count(closed_at)::text as closed,
           avg(fr) as fr_avg, percentile_cont(0.5) within group (order by fr) as fr_p50, percentile_cont(0.9) within group (order by fr) as fr_p90,
           avg(rs) as rs_avg, percentile_cont(0.5) within group (order by rs) as rs_p50, percentile_cont(0.9) within group (order by rs) as rs_p90
      from c group by grouping sets ((day), ()) order by day nulls last`.execute(db)).rows;
  const total = rows.find((row) => row.day === null);
  return {
    days: rows.filter((row) => row.day !== null).map((row) => ({ day: row.day as string, ...toLine(row) })),
    total: total ? toLine(total) : { conversations: 0, closed: 0, firstResponse: durations(null, null, null), resolution: durations(null, null, null) },
  };
}
