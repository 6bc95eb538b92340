import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  SportsbookEventDetailSchema,
  SportsbookEventListQuerySchema,
  SportsbookEventListSchema,
  SportsbookEventParamsSchema,
  SportsbookSportListSchema,
  type SportsbookEventDetail,
  type SportsbookEventSummary,
  type SportsbookMarketView,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import type { DbExecutor } from '../../platform/db.ts';
import { marketsOfEvent, type BookMarket } from './book.repository.ts';
import { MAIN_MARKET_TYPES, mainMarketType } from './feed/markets.ts';

/**
 * The book's public reads (no login): sports with live/upcoming counts, event lists with their
 * main market (cursor pagination on (start_at, id), stable under inserts), one event with all its
 * markets grouped by type. Names are keys the web translates; odds are decimal strings.
 */

/** Thousandths to a decimal string: 1850 → '1.850'. */
export function decimalOdds(thousandths: bigint | number | string): string {
  const value = BigInt(thousandths);
  return `${value / 1000n}.${(value % 1000n).toString().padStart(3, '0')}`;
}

/** 'total=2.5|x=1' → { total: '2.5', x: '1' }. */
function parseSpecifiers(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split('|')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    if (at > 0) out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

export function marketView(market: BookMarket): SportsbookMarketView {
  const specifiers = parseSpecifiers(market.specifiers);
  return {
    marketKey: market.marketKey,
    type: market.type,
    nameKey: market.type,
    specifiers,
    status: market.status,
    oddsVersion: market.oddsVersion.toString(),
    outcomes: market.outcomes.map((outcome) =>
      market.type === 'correct_score' && outcome.id !== 'other'
        ? { id: outcome.id, nameKey: 'correct_score.score', params: { ...specifiers, score: outcome.id }, odds: decimalOdds(outcome.odds), active: outcome.active }
        : { id: outcome.id, nameKey: `${market.type}.${outcome.id}`, params: specifiers, odds: decimalOdds(outcome.odds), active: outcome.active },
    ),
  };
}

/** Markets a player sees: deactivated ones (withdrawn by the feed) are left out. */
const shown = (market: BookMarket) => market.status !== 'deactivated';

interface EventRow {
  id: string;
  sport_id: string;
  sport_kind: 'sport' | 'esport' | 'cockfight';
  sport_pt: string;
  sport_en: string;
  category_id: string;
  country_code: string | null;
  category_pt: string;
  category_en: string;
  tournament_id: string;
  tournament_pt: string;
  tournament_en: string;
  home: string | null;
  away: string | null;
  competitors: string[];
  start_at: Date;
  status: SportsbookEventSummary['status'];
  home_score: number | null;
  away_score: number | null;
  period: string | null;
  clock_seconds: number | null;
  score_detail: SportsbookEventDetail['scoreDetail'];
}

const EVENT_SELECT = sql`
  select e.id, e.sport_id, s.kind as sport_kind, s.name_pt as sport_pt, s.name_en as sport_en,
         c.id as category_id, c.country_code, c.name_pt as category_pt, c.name_en as category_en,
         t.id as tournament_id, t.name_pt as tournament_pt, t.name_en as tournament_en,
         e.home, e.away, e.competitors, e.start_at, e.status, e.home_score, e.away_score, e.period, e.clock_seconds, e.score_detail
  from sportsbook_event e
  join sportsbook_sport s on s.id = e.sport_id
  join sportsbook_tournament t on t.id = e.tournament_id
  join sportsbook_category c on c.id = t.category_id`;

function summary(row: EventRow): Omit<SportsbookEventSummary, 'mainMarket'> {
  return {
    id: row.id,
    sport: { id: row.sport_id, kind: row.sport_kind, namePt: row.sport_pt, nameEn: row.sport_en },
    category: { id: row.category_id, countryCode: row.country_code, namePt: row.category_pt, nameEn: row.category_en },
    tournament: { id: row.tournament_id, namePt: row.tournament_pt, nameEn: row.tournament_en },
    home: row.home,
    away: row.away,
    competitors: row.competitors,
    startAt: row.start_at.toISOString(),
    status: row.status,
    homeScore: row.home_score,
    awayScore: row.away_score,
    period: row.period,
    clockSeconds: row.clock_seconds,
  };
}

/** An opaque cursor: the last row's start (ms; the feed gives starts in ms) and id. */
const encodeCursor = (row: EventRow) => Buffer.from(`${row.start_at.getTime()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { startAt: Date; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,16})\|([A-Za-z0-9_:.-]{1,120})$/.exec(text);
  const ms = match ? Number(match[1]) : NaN;
  if (!match || !Number.isSafeInteger(ms) || ms > 8_640_000_000_000_000) throw new AppError('sportsbook.cursor_invalid', 'the list cursor is not one this server gave');
  return { startAt: new Date(ms), id: match[2]! };
}

export function createBookReads(db: DbExecutor) {
  async function sports() {
    const rows = (
      await sql<{ id: string; kind: 'sport' | 'esport' | 'cockfight'; name_pt: string; name_en: string; live: number; upcoming: number }>`
        select s.id, s.kind, s.name_pt, s.name_en,
               (count(*) filter (where e.status = 'live'))::int as live,
               (count(*) filter (where e.status = 'not_started'))::int as upcoming
        from sportsbook_sport s join sportsbook_event e on e.sport_id = s.id and e.status in ('live', 'not_started')
        group by s.id order by s.sort, s.id`.execute(db)
    ).rows;
    return { sports: rows.map((row) => ({ id: row.id, kind: row.kind, namePt: row.name_pt, nameEn: row.name_en, live: row.live, upcoming: row.upcoming })) };
  }

  /** The main market of each event (of its sport's main type, no specifiers), by event id. */
  async function mainMarkets(rows: EventRow[]): Promise<Map<string, SportsbookMarketView>> {
    const out = new Map<string, SportsbookMarketView>();
    if (rows.length === 0) return out;
    const wanted = new Map(rows.map((row) => [row.id, mainMarketType({ id: row.sport_id, kind: row.sport_kind })]));
    const found = (
      await sql<{ event_id: string; market_key: string; type: string; specifiers: string; status: BookMarket['status']; odds_version: bigint; outcome_id: string; odds: bigint; active: boolean }>`
        select m.event_id, m.market_key, m.type, m.specifiers, m.status, m.odds_version, o.outcome_id, o.odds, o.active
        from sportsbook_market m join sportsbook_outcome o using (event_id, market_key)
        where m.event_id = any(${[...wanted.keys()]}::text[]) and m.type = any(${[...MAIN_MARKET_TYPES]}::text[]) and m.specifiers = ''
          and m.status <> 'deactivated'
        order by m.event_id, o.sort`.execute(db)
    ).rows;
    const markets = new Map<string, BookMarket>();
    for (const row of found) {
      if (wanted.get(row.event_id) !== row.type) continue;
      let market = markets.get(row.event_id);
      if (!market) {
        market = { marketKey: row.market_key, type: row.type, specifiers: row.specifiers, status: row.status, oddsVersion: row.odds_version, outcomes: [] };
        markets.set(row.event_id, market);
      }
      market.outcomes.push({ id: row.outcome_id, odds: row.odds, active: row.active });
    }
    for (const [eventId, market] of markets) out.set(eventId, marketView(market));
    return out;
  }

  async function events(query: { sport?: string | undefined; kind?: 'sport' | 'esport' | 'cockfight' | undefined; state: 'live' | 'upcoming'; limit: number; cursor?: string | undefined }) {
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (query.sport) {
      const known = (await sql<{ id: string }>`select id from sportsbook_sport where id = ${query.sport}`.execute(db)).rows[0];
      if (!known) throw new AppError('sportsbook.sport_not_found', 'no such sport', { sport: query.sport });
    }
    const status = query.state === 'live' ? 'live' : 'not_started';
    const rows = (
      await sql<EventRow>`${EVENT_SELECT}
        where e.status = ${status} and (${query.sport ?? null}::text is null or e.sport_id = ${query.sport ?? null})
          and (${query.kind ?? null}::text is null or s.kind = ${query.kind ?? null})
          and (${after ? after.startAt : null}::timestamptz is null or (e.start_at, e.id) > (${after ? after.startAt : null}::timestamptz, ${after ? after.id : null}::text))
        order by e.start_at, e.id limit ${query.limit + 1}`.execute(db)
    ).rows;
    const page = rows.slice(0, query.limit);
    const main = await mainMarkets(page);
    return {
      events: page.map((row) => ({ ...summary(row), mainMarket: main.get(row.id) ?? null })),
      nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
    };
  }

  async function event(id: string): Promise<SportsbookEventDetail> {
    const row = (await sql<EventRow>`${EVENT_SELECT} where e.id = ${id}`.execute(db)).rows[0];
    if (!row) throw new AppError('sportsbook.event_not_found', 'no such event', { eventId: id });
    const groups = new Map<string, SportsbookMarketView[]>();
    for (const market of (await marketsOfEvent(db, id)).filter(shown)) {
      const group = groups.get(market.type) ?? [];
      group.push(marketView(market));
      groups.set(market.type, group);
    }
    return {
      ...summary(row),
      scoreDetail: row.score_detail,
      marketGroups: [...groups].map(([type, markets]) => ({ type, nameKey: type, markets })),
    };
  }

  return { sports, events, event };
}

const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema };
const tags = ['sportsbook'];

/** Public routes under /api/sportsbook (no login, like the catalogue's game lists). */
export function bookRoutes(reads: ReturnType<typeof createBookReads>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/sportsbook/sports', { schema: { tags, summary: 'Sports with their counts of live and upcoming events (only sports with events)', response: { 200: SportsbookSportListSchema, ...errors } } }, async () => reads.sports());
    app.get(
      '/sportsbook/events',
      { schema: { tags, summary: 'Live or upcoming events with their main market, by start; cursor pagination', querystring: SportsbookEventListQuerySchema, response: { 200: SportsbookEventListSchema, ...errors } } },
      async (request) => reads.events(request.query),
    );
    app.get(
      '/sportsbook/events/:id',
      { schema: { tags, summary: 'One event with all its markets grouped by type', params: SportsbookEventParamsSchema, response: { 200: SportsbookEventDetailSchema, ...errors } } },
      async (request) => reads.event(request.params.id),
    );
  };
}
