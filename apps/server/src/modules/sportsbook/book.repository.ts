import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import type { EventStatus, MarketStatus } from './feed/messages.ts';

/** Reads of the book (the screens and the ticket placement of the next step build on these). */
export interface BookEvent {
  id: string;
  producer: string;
  sportId: string;
  tournamentId: string;
  home: string | null;
  away: string | null;
  competitors: string[];
  startAt: Date;
  status: EventStatus;
  homeScore: number | null;
  awayScore: number | null;
  period: string | null;
  clockSeconds: number | null;
  scoreDetail: { period: string; home: number; away: number }[];
}

export interface BookMarket {
  marketKey: string;
  type: string;
  specifiers: string;
  status: MarketStatus;
  oddsVersion: bigint;
  outcomes: { id: string; odds: bigint; active: boolean }[];
}

interface EventRow {
  id: string;
  producer: string;
  sport_id: string;
  tournament_id: string;
  home: string | null;
  away: string | null;
  competitors: string[];
  start_at: Date;
  status: EventStatus;
  home_score: number | null;
  away_score: number | null;
  period: string | null;
  clock_seconds: number | null;
  score_detail: BookEvent['scoreDetail'];
}

const toEvent = (row: EventRow): BookEvent => ({
  id: row.id,
  producer: row.producer,
  sportId: row.sport_id,
  tournamentId: row.tournament_id,
  home: row.home,
  away: row.away,
  competitors: row.competitors,
  startAt: row.start_at,
  status: row.status,
  homeScore: row.home_score,
  awayScore: row.away_score,
  period: row.period,
  clockSeconds: row.clock_seconds,
  scoreDetail: row.score_detail,
});

const EVENT_COLUMNS = sql`id, producer, sport_id, tournament_id, home, away, competitors, start_at, status, home_score, away_score, period, clock_seconds, score_detail`;

export async function findEvent(db: DbExecutor, id: string): Promise<BookEvent | undefined> {
  const row = (await sql<EventRow>`select ${EVENT_COLUMNS} from sportsbook_event where id = ${id}`.execute(db)).rows[0];
  return row && toEvent(row);
}

/** Live now (by start), or starting soon (from now, within `withinMs`), optionally of one sport. */
export async function listEvents(db: DbExecutor, query: { status: 'live' | 'not_started'; sportId?: string; now: Date; withinMs?: number; limit: number }): Promise<BookEvent[]> {
  const sport = query.sportId ?? null;
  const rows =
    query.status === 'live'
      ? await sql<EventRow>`select ${EVENT_COLUMNS} from sportsbook_event where status = 'live' and (${sport}::text is null or sport_id = ${sport})
                            order by start_at, id limit ${query.limit}`.execute(db)
      : await sql<EventRow>`select ${EVENT_COLUMNS} from sportsbook_event where status = 'not_started' and (${sport}::text is null or sport_id = ${sport})
                            and start_at >= ${query.now} and start_at < ${new Date(query.now.getTime() + (query.withinMs ?? 86_400_000))}
                            order by start_at, id limit ${query.limit}`.execute(db);
  return rows.rows.map(toEvent);
}

export async function marketsOfEvent(db: DbExecutor, eventId: string): Promise<BookMarket[]> {
  const rows = (
    await sql<{ market_key: string; type: string; specifiers: string; status: MarketStatus; odds_version: bigint; outcome_id: string; odds: bigint; active: boolean }>`
      select m.market_key, m.type, m.specifiers, m.status, m.odds_version, o.outcome_id, o.odds, o.active
      from sportsbook_market m join sportsbook_outcome o using (event_id, market_key)
      where m.event_id = ${eventId} order by m.sort, m.market_key, o.sort`.execute(db)
  ).rows;
  const markets = new Map<string, BookMarket>();
  for (const row of rows) {
    let market = markets.get(row.market_key);
    if (!market) {
      market = { marketKey: row.market_key, type: row.type, specifiers: row.specifiers, status: row.status, oddsVersion: row.odds_version, outcomes: [] };
      markets.set(row.market_key, market);
    }
    market.outcomes.push({ id: row.outcome_id, odds: row.odds, active: row.active });
  }
  return [...markets.values()];
}

export interface MarketResultRow {
  seq: bigint;
  eventId: string;
  marketKey: string;
  kind: 'settlement' | 'cancel' | 'rollback_settlement' | 'rollback_cancel';
  results: { outcomeId: string; result: 'won' | 'lost'; voidFactor: 0 | 0.5 | 1; deadHeatFactor: string }[] | null;
  certainty: 'live_scouted' | 'confirmed' | null;
  windowFrom: Date | null;
  windowTo: Date | null;
}

/** The settlement log after `afterSeq`, in order: what ticket settlement consumes from its cursor. */
export async function resultsAfter(db: DbExecutor, afterSeq: bigint, limit: number): Promise<MarketResultRow[]> {
  const rows = (
    await sql<{ seq: bigint; event_id: string; market_key: string; kind: MarketResultRow['kind']; results: MarketResultRow['results']; certainty: MarketResultRow['certainty']; window_from: Date | null; window_to: Date | null }>`
      select seq, event_id, market_key, kind, results, certainty, window_from, window_to from sportsbook_market_result where seq > ${afterSeq} order by seq limit ${limit}`.execute(db)
  ).rows;
  return rows.map((row) => ({ seq: row.seq, eventId: row.event_id, marketKey: row.market_key, kind: row.kind, results: row.results, certainty: row.certainty, windowFrom: row.window_from, windowTo: row.window_to }));
}
