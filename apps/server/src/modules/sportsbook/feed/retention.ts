import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';

/** Keys older than this go; the book itself keeps its state. */
export const FEED_KEY_RETENTION_MS = 2 * 24 * 3_600_000;
const BATCH = 5_000;

/**
 * Drops old idempotency keys of sportsbook_feed_message (a live feed writes one per odds change,
 * hundreds of thousands a day). Only keys whose replay the apply service would refuse as stale
 * anyway go: odds changes and bet stops older than their event's latest state, fixture changes
 * older than its latest fixture. Settlements, cancellations and their rollbacks keep their keys
 * for good: nothing else stops a replayed result from entering the result log twice, and they
 * are few. Deletes in batches so a long backlog never holds one long transaction.
 */
export async function pruneFeedKeys(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FEED_KEY_RETENTION_MS);
  let deleted = 0;
  for (;;) {
    const result = await sql`
      delete from sportsbook_feed_message m
      using (
        select k.event_id, k.producer, k.kind, k.message_at
        from sportsbook_feed_message k
        join sportsbook_event e on e.id = k.event_id
        where k.applied_at < ${before}
          and ((k.kind in ('odds_change', 'bet_stop') and e.state_at is not null and k.message_at < e.state_at)
            or (k.kind = 'fixture_change' and k.message_at < e.fixture_at))
        limit ${BATCH}
      ) old
      where (m.event_id, m.producer, m.kind, m.message_at) = (old.event_id, old.producer, old.kind, old.message_at)`.execute(db);
    const count = Number(result.numAffectedRows ?? 0n);
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
