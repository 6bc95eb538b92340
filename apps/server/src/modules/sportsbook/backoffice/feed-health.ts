import { sql } from 'kysely';
import type { SportsbookAdminFeedHealth } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import { FeedRefusal, type ApplyResult } from '../feed/apply.ts';
import type { FeedMessage } from '../feed/messages.ts';

/**
 * Wraps the apply service so a refused message leaves a row for the feed's health (a refusal
 * rolls its own transaction back and would otherwise leave no trace). Recording never hides the
 * refusal: the caller gets the same error.
 */
export function recordingRefusals(db: Db, apply: (message: FeedMessage) => Promise<ApplyResult>) {
  return async (message: FeedMessage): Promise<ApplyResult> => {
    try {
      return await apply(message);
    } catch (error) {
      if (error instanceof FeedRefusal) {
        const producer = typeof message.producer === 'string' ? message.producer.slice(0, 40) : 'unknown';
        const eventId = typeof message.eventId === 'string' ? message.eventId.slice(0, 120) : null;
        // Kept two days (the health reads the last hour): each refusal also drops up to 100 older rows.
        await sql`with old as (delete from sportsbook_feed_refusal where id in (select id from sportsbook_feed_refusal where refused_at < now() - interval '2 days' order by refused_at limit 100))
                  insert into sportsbook_feed_refusal (producer, event_id, code, detail) values (${producer || 'unknown'}, ${eventId}, ${error.code}, ${error.message.slice(0, 500)})`
          .execute(db)
          .catch(() => undefined);
      }
      throw error;
    }
  };
}

/**
 * Per producer over the last hour (the idempotency keys carry applied_at and the provider's
 * message time): the newest message, messages a minute over the last five minutes, stale and
 * refused counts, and the mean lag (applied − message time) over the last five minutes.
 */
export async function feedHealth(db: Db): Promise<SportsbookAdminFeedHealth> {
  const producers = await sql<{ producer: string; last_at: Date | null; per_minute: number; stale: number; lag_ms: number | null; events: number }>`
    with recent as (select producer, event_id, message_at, applied_at, effect from sportsbook_feed_message where applied_at > now() - interval '1 hour'),
    producers as (select distinct producer from sportsbook_event union select producer from recent)
    select p.producer,
      (select max(applied_at) from recent r where r.producer = p.producer) as last_at,
      (select count(*)::float8 / 5 from recent r where r.producer = p.producer and r.applied_at > now() - interval '5 minutes') as per_minute,
      (select count(*)::int from recent r where r.producer = p.producer and r.effect = 'stale') as stale,
      (select round(avg(extract(epoch from r.applied_at - r.message_at) * 1000))::int from recent r where r.producer = p.producer and r.applied_at > now() - interval '5 minutes') as lag_ms,
      (select count(*)::int from sportsbook_event e where e.producer = p.producer and e.status in ('not_started', 'live')) as events
    from producers p order by p.producer`.execute(db);
  const refused = await sql<{ producer: string; n: number }>`select producer, count(*)::int as n from sportsbook_feed_refusal where refused_at > now() - interval '1 hour' group by producer`.execute(db);
  const refusedBy = new Map(refused.rows.map((row) => [row.producer, row.n]));
  const recent = await sql<{ producer: string; event_id: string | null; code: string; detail: string; refused_at: Date }>`
    select producer, event_id, code, detail, refused_at from sportsbook_feed_refusal order by id desc limit 20`.execute(db);
  const counts = (
    await sql<{ flagged: number; backlog: number }>`select
      (select count(*)::int from sportsbook_ticket where needs_resettlement) as flagged,
      (select count(*)::int from sportsbook_market_result where seq > (select last_seq from sportsbook_settlement_cursor where id = 1)) as backlog`.execute(db)
  ).rows[0]!;
  const names = new Set([...producers.rows.map((row) => row.producer)]);
  const rows = producers.rows.map((row) => ({
    producer: row.producer,
    lastMessageAt: row.last_at?.toISOString() ?? null,
    messagesPerMinute: Math.round(row.per_minute * 10) / 10,
    staleLastHour: row.stale,
    refusedLastHour: refusedBy.get(row.producer) ?? 0,
    lagMs: row.lag_ms,
    events: row.events,
  }));
  for (const [producer, n] of refusedBy) {
    if (!names.has(producer)) rows.push({ producer, lastMessageAt: null, messagesPerMinute: 0, staleLastHour: 0, refusedLastHour: n, lagMs: null, events: 0 });
  }
  return {
    producers: rows,
    recentRefusals: recent.rows.map((row) => ({ producer: row.producer, eventId: row.event_id, code: row.code, detail: row.detail, at: row.refused_at.toISOString() })),
    flaggedTickets: counts.flagged,
    settlementBacklog: counts.backlog,
  };
}
