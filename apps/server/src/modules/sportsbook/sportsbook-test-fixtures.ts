import { sql } from 'kysely';
import { expect } from 'vitest';
import type { DbExecutor } from '../../platform/db.ts';

/**
 * Feed timestamps for tests: each event's own clock, one millisecond further at every message,
 * so the apply service never takes a test's message for a stale one.
 */
export function feedClock(start = Date.UTC(2026, 10, 29, 18, 0, 0)) {
  const clocks = new Map<string, number>();
  return {
    start,
    tick(eventId: string): number {
      const next = (clocks.get(eventId) ?? start) + 1;
      clocks.set(eventId, next);
      return next;
    },
  };
}

/**
 * The running liability totals (migration 0101's triggers) against the sums of the live tickets
 * they stand for: every market's and event's total, where either is not zero.
 */
export async function expectLiabilityInStep(db: DbExecutor): Promise<void> {
  const totals = await sql<{ key: string; cents: string }>`
    select 'm:' || event_id || '/' || market_key as key, potential_cents::text as cents from sportsbook_market_liability where potential_cents <> 0
    union all select 'e:' || event_id, potential_cents::text from sportsbook_event_liability where potential_cents <> 0
    order by 1`.execute(db);
  const sums = await sql<{ key: string; cents: string }>`
    with live as (select id, potential_return_cents as p from sportsbook_ticket where status in ('pending_delay', 'pending_debit', 'open'))
    select * from (
      select 'm:' || l.event_id || '/' || l.market_key as key, sum(live.p)::text as cents from sportsbook_ticket_leg l join live on live.id = l.ticket_id group by 1
      union all
      select 'e:' || d.event_id, sum(live.p)::text from (select distinct ticket_id, event_id from sportsbook_ticket_leg) d join live on live.id = d.ticket_id group by 1
    ) x where cents <> '0' order by 1`.execute(db);
  expect(totals.rows).toEqual(sums.rows);
}
