import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { SportsbookAdminCreateEventSchema, SportsbookAdminMarketInput } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db } from '../../../platform/db.ts';
import { isOutcomeOf, marketKey, marketProblem, type MarketType } from '../feed/markets.ts';
import type { FeedMessage } from '../feed/messages.ts';
import { MANUAL_PRODUCER, oddsFromText, type OperatorFeed } from './operator-feed.ts';
import * as repository from './console.repository.ts';

type CreateEvent = z.output<typeof SportsbookAdminCreateEventSchema>;
type MarketInput = z.output<z.ZodType<SportsbookAdminMarketInput>> & { specifiers: Record<string, string>; status: 'active' | 'suspended' };

const toFeedMarket = (market: MarketInput) => ({
  type: market.type,
  specifiers: market.specifiers,
  status: market.status,
  outcomes: market.outcomes.map((outcome) => ({ id: outcome.id, odds: oddsFromText(outcome.odds) })),
});

/** Checks markets before anything is written (a new event is not left behind without its markets). */
function checkMarkets(markets: readonly MarketInput[]): void {
  const keys = new Set<string>();
  for (const market of markets) {
    const problem = marketProblem(market.type, market.specifiers);
    if (problem) throw new AppError('sportsbook.market_invalid', problem);
    const key = marketKey(market.type, market.specifiers);
    if (keys.has(key)) throw new AppError('sportsbook.market_invalid', `market ${key} twice`);
    keys.add(key);
    const ids = market.outcomes.map((outcome) => outcome.id);
    if (new Set(ids).size !== ids.length || ids.some((id) => !isOutcomeOf(market.type as MarketType, id))) throw new AppError('sportsbook.market_invalid', `market ${key}: unknown or repeated outcome`);
    if (market.outcomes.some((outcome) => oddsFromText(outcome.odds) < 1001)) throw new AppError('sportsbook.market_invalid', `market ${key}: odds above 1.000`);
  }
}

/** A stable id from a name: 'Copa do Brasil' → 'copa-do-brasil-1a2b3c' (the hash keeps distinct names apart). */
function slugId(prefix: string, name: string): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 50) || 'x';
  const hash = createHash('sha256').update(name.trim().toLowerCase()).digest('hex').slice(0, 6);
  return `${prefix}:${slug}-${hash}`.slice(0, 120);
}

/**
 * Trading from the console: events and markets created by hand (producer 'manual'), odds,
 * suspension, margins and the live state — each a feed message through the operator feed.
 */
export function createTrading(deps: { db: Db; feed: OperatorFeed }) {
  const { db, feed } = deps;

  async function resolveFixture(body: CreateEvent) {
    const sportRow = (await sql<{ id: string; kind: 'sport' | 'esport' | 'cockfight'; name_pt: string; name_en: string; sort: number }>`select id, kind, name_pt, name_en, sort from sportsbook_sport where id = ${body.sport.id}`.execute(db)).rows[0];
    const sport =
      'kind' in body.sport
        ? { id: body.sport.id, kind: body.sport.kind, namePt: body.sport.namePt, nameEn: body.sport.nameEn, sort: sportRow?.sort ?? 100 }
        : sportRow
          ? { id: sportRow.id, kind: sportRow.kind, namePt: sportRow.name_pt, nameEn: sportRow.name_en, sort: sportRow.sort }
          : undefined;
    if (!sport) throw new AppError('sportsbook.sport_not_found', 'no such sport: give its kind and names to create it', { sportId: body.sport.id });

    let category: { id: string; namePt: string; nameEn: string; countryCode: string | null };
    if ('id' in body.category) {
      const row = (await sql<{ id: string; sport_id: string; name_pt: string; name_en: string; country_code: string | null }>`select id, sport_id, name_pt, name_en, country_code from sportsbook_category where id = ${body.category.id}`.execute(db)).rows[0];
      if (!row || row.sport_id !== sport.id) throw new AppError('sportsbook.category_not_found', 'no such category of this sport', { categoryId: body.category.id });
      category = { id: row.id, namePt: row.name_pt, nameEn: row.name_en, countryCode: row.country_code };
    } else {
      const name = body.category.namePt;
      const row = (await sql<{ id: string; name_pt: string; name_en: string; country_code: string | null }>`select id, name_pt, name_en, country_code from sportsbook_category where sport_id = ${sport.id} and (lower(name_pt) = lower(${name}) or lower(name_en) = lower(${name})) order by id limit 1`.execute(db)).rows[0];
      category = row
        ? { id: row.id, namePt: row.name_pt, nameEn: row.name_en, countryCode: row.country_code }
        : { id: slugId(`manual:${sport.id}`, name), namePt: name, nameEn: body.category.nameEn ?? name, countryCode: body.category.countryCode ?? null };
    }

    let tournament: { id: string; namePt: string; nameEn: string };
    if ('id' in body.tournament) {
      const row = (await sql<{ id: string; category_id: string; name_pt: string; name_en: string }>`select id, category_id, name_pt, name_en from sportsbook_tournament where id = ${body.tournament.id}`.execute(db)).rows[0];
      if (!row || row.category_id !== category.id) throw new AppError('sportsbook.tournament_not_found', 'no such tournament in this category', { tournamentId: body.tournament.id });
      tournament = { id: row.id, namePt: row.name_pt, nameEn: row.name_en };
    } else {
      const name = body.tournament.namePt;
      const row = (await sql<{ id: string; name_pt: string; name_en: string }>`select id, name_pt, name_en from sportsbook_tournament where category_id = ${category.id} and (lower(name_pt) = lower(${name}) or lower(name_en) = lower(${name})) order by id limit 1`.execute(db)).rows[0];
      tournament = row ? { id: row.id, namePt: row.name_pt, nameEn: row.name_en } : { id: slugId(`manual:${category.id.replace(/^manual:/, '')}`, name), namePt: name, nameEn: body.tournament.nameEn ?? name };
    }
    return { sport, category, tournament };
  }

  async function requireMarket(eventId: string, marketKey: string) {
    const market = (await repository.marketsOf(db, eventId)).find((row) => row.market_key === marketKey);
    if (!market) throw new AppError('sportsbook.market_not_found', 'no such market', { eventId, marketKey });
    if (market.status === 'settled') throw new AppError('sportsbook.market_already_settled', 'the market is settled: correct its result instead');
    if (market.status === 'cancelled') throw new AppError('sportsbook.market_closed', 'the market is cancelled');
    return market;
  }

  /** The market's current outcomes as a feed market with the given status (and odds changes merged in). */
  async function feedMarketOf(eventId: string, market: repository.MarketRow, status: 'active' | 'suspended', changes = new Map<string, { odds: number; active: boolean }>()) {
    const outcomes = (await repository.outcomesOf(db, eventId, market.market_key)).map((row) => ({ id: row.outcome_id, odds: Number(row.odds), active: row.active }));
    for (const [id, change] of changes) {
      const current = outcomes.find((outcome) => outcome.id === id);
      if (current) Object.assign(current, change);
      else outcomes.push({ id, ...change });
    }
    const specifiers = Object.fromEntries(market.specifiers === '' ? [] : market.specifiers.split('|').map((pair) => pair.split('=') as [string, string]));
    return { type: market.type, specifiers, status, outcomes };
  }

  /** A fixture change with the event's current fixture and the new status (the apply service suspends its markets). */
  async function cancelOrPostpone(eventId: string, status: 'cancelled' | 'postponed'): Promise<number> {
    const row = await repository.findEvent(db, eventId);
    if (!row) throw new AppError('sportsbook.event_not_found', 'no such event', { eventId });
    const sport = (await sql<{ sort: number }>`select sort from sportsbook_sport where id = ${row.sport_id}`.execute(db)).rows[0];
    return feed.send(eventId, (producer, timestamp) =>
      ({
        kind: 'fixture_change',
        producer,
        eventId,
        timestamp,
        sport: { id: row.sport_id, kind: row.sport_kind, namePt: row.sport_pt, nameEn: row.sport_en, sort: sport?.sort ?? 0 },
        category: { id: row.category_id, namePt: row.category_pt, nameEn: row.category_en, countryCode: row.category_country },
        tournament: { id: row.tournament_id, namePt: row.tournament_pt, nameEn: row.tournament_en },
        ...(row.home !== null ? { home: row.home, away: row.away } : { competitors: row.competitors }),
        startAt: row.start_at.getTime(),
        status,
      }) as FeedMessage,
    );
  }

  const oddsChange = (eventId: string, markets: unknown[], event?: Record<string, unknown>) => (producer: string, timestamp: number) =>
    ({ kind: 'odds_change', producer, eventId, timestamp, markets, ...(event ? { event } : {}) }) as FeedMessage;

  return {
    async createEvent(body: CreateEvent, requestId: string): Promise<{ eventId: string; marketsChanged: number }> {
      checkMarkets(body.markets as MarketInput[]);
      const { sport, category, tournament } = await resolveFixture(body);
      const eventId = `manual:${requestId}`;
      await feed.send(
        eventId,
        (producer, timestamp) =>
          ({
            kind: 'fixture_change',
            producer,
            eventId,
            timestamp,
            sport,
            category,
            tournament,
            ...(body.home !== undefined ? { home: body.home, away: body.away } : { competitors: body.competitors }),
            startAt: Date.parse(body.startAt),
          }) as FeedMessage,
        MANUAL_PRODUCER,
      );
      const marketsChanged = body.markets.length > 0 ? await feed.send(eventId, oddsChange(eventId, body.markets.map((market) => toFeedMarket(market as MarketInput)))) : 0;
      return { eventId, marketsChanged };
    },

    async upsertMarkets(eventId: string, markets: readonly MarketInput[]): Promise<number> {
      checkMarkets(markets);
      return feed.send(eventId, oddsChange(eventId, markets.map(toFeedMarket)));
    },

    async setState(eventId: string, state: { status: 'live' | 'ended' | 'cancelled' | 'postponed'; homeScore?: number | undefined; awayScore?: number | undefined; period?: string | null | undefined; clockSeconds?: number | null | undefined }): Promise<number> {
      if (state.status === 'cancelled' || state.status === 'postponed') return cancelOrPostpone(eventId, state.status);
      // An ended event takes no more bets: its markets are stopped first.
      const stopped = state.status === 'ended' ? await feed.send(eventId, (producer, timestamp) => ({ kind: 'bet_stop', producer, eventId, timestamp })) : 0;
      const event = Object.fromEntries(Object.entries(state).filter(([, value]) => value !== undefined));
      return stopped + (await feed.send(eventId, oddsChange(eventId, [], event)));
    },

    async changeOdds(eventId: string, marketKey: string, outcomes: ReadonlyArray<{ id: string; odds: string; active: boolean }>): Promise<number> {
      const market = await requireMarket(eventId, marketKey);
      if (outcomes.some((outcome) => oddsFromText(outcome.odds) < 1001)) throw new AppError('sportsbook.market_invalid', 'odds above 1.000');
      const changes = new Map(outcomes.map((outcome) => [outcome.id, { odds: oddsFromText(outcome.odds), active: outcome.active }]));
      return feed.send(eventId, oddsChange(eventId, [await feedMarketOf(eventId, market, market.status === 'active' ? 'active' : 'suspended', changes)]));
    },

    /** Suspends (or reopens) one market, or every open market of the event. */
    async setStatus(eventId: string, marketKey: string | undefined, status: 'active' | 'suspended'): Promise<number> {
      if (marketKey === undefined && status === 'suspended') return feed.send(eventId, (producer, timestamp) => ({ kind: 'bet_stop', producer, eventId, timestamp }));
      const markets = marketKey === undefined ? (await repository.marketsOf(db, eventId)).filter((row) => row.status !== 'settled' && row.status !== 'cancelled') : [await requireMarket(eventId, marketKey)];
      if (markets.length === 0) return 0;
      return feed.send(eventId, oddsChange(eventId, await Promise.all(markets.map((market) => feedMarketOf(eventId, market, status)))));
    },

    /**
     * Reprices to a margin: each active outcome's implied probability (1/odds) keeps its share and
     * the shares add up to 1 + margin, so odds = odds × Σ(1/odds) / (1 + margin), in thousandths.
     */
    async setMargin(eventId: string, marketKey: string | undefined, marginPercent: string): Promise<number> {
      const markets = marketKey === undefined ? (await repository.marketsOf(db, eventId)).filter((row) => row.status !== 'settled' && row.status !== 'cancelled') : [await requireMarket(eventId, marketKey)];
      const factor = 1 + Number(marginPercent) / 100;
      const repriced = [];
      for (const market of markets) {
        const current = await feedMarketOf(eventId, market, market.status === 'active' ? 'active' : 'suspended');
        const active = current.outcomes.filter((outcome) => outcome.active);
        if (active.length < 2) continue;
        const book = active.reduce((sum, outcome) => sum + 1000 / outcome.odds, 0);
        for (const outcome of active) outcome.odds = Math.max(1001, Math.round((outcome.odds * book) / factor));
        repriced.push(current);
      }
      return repriced.length === 0 ? 0 : feed.send(eventId, oddsChange(eventId, repriced));
    },
  };
}

export type Trading = ReturnType<typeof createTrading>;
