import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { testLogger } from '../../../test/test-context.ts';
import { createDb, type DbHandle } from '../../platform/db.ts';
import { createSportsbookModule, FeedRefusal, type FeedMessage, type SportsbookModule } from './index.ts';

/**
 * The apply service on a real PostgreSQL: each message type, the same message twice, stale
 * messages, odds versions, settlement and cancellation with their rollbacks, and bad input
 * refused without a trace.
 */
let handle: DbHandle;
let book: SportsbookModule;
const T0 = Date.UTC(2026, 10, 29, 18, 0, 0);
let eventCounter = 0;

beforeAll(async () => {
  handle = createDb({ connectionString: await createTestDatabase(), max: 4, logger: testLogger });
  book = createSportsbookModule({ db: handle.db, logger: testLogger });
});
afterAll(() => handle.close());

const apply = (message: FeedMessage) => book.api.applyFeedMessage(message);

const fixture = (eventId: string, timestamp = T0, extra: Partial<Extract<FeedMessage, { kind: 'fixture_change' }>> = {}): FeedMessage => ({
  kind: 'fixture_change',
  producer: 'testfeed',
  eventId,
  timestamp,
  sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
  category: { id: 't:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
  tournament: { id: 't:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
  home: 'Flamengo',
  away: 'Palmeiras',
  startAt: T0 + 3_600_000,
  ...extra,
});

const market1x2 = (home: number, draw: number, away: number, status: 'active' | 'suspended' | 'deactivated' = 'active') => ({
  type: '1x2',
  status,
  outcomes: [
    { id: 'home', odds: home },
    { id: 'draw', odds: draw },
    { id: 'away', odds: away },
  ],
});
const totals = (line: string, over: number, under: number) => ({ type: 'totals', specifiers: { total: line }, status: 'active' as const, outcomes: [{ id: 'over', odds: over }, { id: 'under', odds: under }] });
const odds = (eventId: string, timestamp: number, markets: unknown[], event?: Record<string, unknown>): FeedMessage => ({ kind: 'odds_change', producer: 'testfeed', eventId, timestamp, ...(event ? { event } : {}), markets } as FeedMessage);

async function newEvent(): Promise<string> {
  eventCounter += 1;
  const id = `t:match:${eventCounter}`;
  await apply(fixture(id));
  await apply(odds(id, T0 + 1, [market1x2(2100, 3400, 3600), totals('2.5', 1950, 1850), totals('1.5', 1400, 2900)]));
  return id;
}

const marketRows = (eventId: string) =>
  sql<{ market_key: string; status: string; status_before: string | null; odds_version: string }>`
    select market_key, status, status_before, odds_version::text from sportsbook_market where event_id = ${eventId} order by market_key`
    .execute(handle.db)
    .then((result) => Object.fromEntries(result.rows.map((row) => [row.market_key, { status: row.status, before: row.status_before, version: Number(row.odds_version) }])));
const resultRows = (eventId: string) =>
  sql<{ market_key: string; kind: string; results: unknown; window_from: Date | null; window_to: Date | null }>`
    select market_key, kind, results, window_from, window_to from sportsbook_market_result where event_id = ${eventId} order by seq`
    .execute(handle.db)
    .then((result) => result.rows);
/** Everything the book holds, to compare before and after a refused message. */
const snapshot = async () => {
  const tables = ['sportsbook_sport', 'sportsbook_category', 'sportsbook_tournament', 'sportsbook_event', 'sportsbook_market', 'sportsbook_outcome', 'sportsbook_feed_message', 'sportsbook_market_result'];
  const out: Record<string, unknown> = {};
  for (const table of tables) out[table] = (await sql<{ rows: unknown }>`select coalesce(json_agg(t order by t::text), '[]') as rows from ${sql.table(table)} t`.execute(handle.db)).rows[0]!.rows;
  return JSON.stringify(out);
};

describe('fixture_change', () => {
  it('creates the sport, category, tournament and event once; a later one updates it, an older one is stale', async () => {
    expect(await apply(fixture('t:fixture:1'))).toEqual({ effect: 'applied', marketsChanged: 0 });
    expect(await apply(fixture('t:fixture:1'))).toEqual({ effect: 'duplicate', marketsChanged: 0 });
    const event = await book.api.event('t:fixture:1');
    expect(event).toMatchObject({ sportId: 'football', tournamentId: 't:football:serie-a', home: 'Flamengo', away: 'Palmeiras', competitors: ['Flamengo', 'Palmeiras'], status: 'not_started' });
    expect(event!.startAt.getTime()).toBe(T0 + 3_600_000);
    expect(await apply(fixture('t:fixture:1', T0 + 10, { startAt: T0 + 7_200_000, status: 'postponed' }))).toMatchObject({ effect: 'applied' });
    expect(await book.api.event('t:fixture:1')).toMatchObject({ status: 'postponed', startAt: new Date(T0 + 7_200_000) });
    expect(await apply(fixture('t:fixture:1', T0 + 5, { startAt: T0 }))).toMatchObject({ effect: 'stale' });
    expect((await book.api.event('t:fixture:1'))!.startAt.getTime()).toBe(T0 + 7_200_000);
  });

  it('applies the same message sent twice at once exactly once', async () => {
    const id = await newEvent();
    const message = odds(id, T0 + 500, [market1x2(1700, 3600, 5000)], { status: 'live', homeScore: 1, awayScore: 0 });
    const effects = (await Promise.all([apply(message), apply(message), apply(message)])).map((result) => result.effect).sort();
    expect(effects).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await marketRows(id))['1x2']!.version).toBe(2);
    const first = fixture('t:fixture:at-once', T0 + 1);
    expect((await Promise.all([apply(first), apply(first)])).map((result) => result.effect).sort()).toEqual(['applied', 'duplicate']);
    // Two different first fixture changes of one event at once: both apply, the newer one's data stands.
    const older = fixture('t:fixture:two-at-once', T0 + 1, { startAt: T0 + 1_000_000 });
    const newer = fixture('t:fixture:two-at-once', T0 + 2, { startAt: T0 + 2_000_000 });
    expect((await Promise.all([apply(newer), apply(older)])).map((result) => result.effect)).toEqual(expect.arrayContaining(['applied']));
    expect((await book.api.event('t:fixture:two-at-once'))!.startAt.getTime()).toBe(T0 + 2_000_000);
  });

  it('takes a contest of more than two competitors', async () => {
    await apply({ ...fixture('t:fixture:race'), home: undefined, away: undefined, competitors: ['A', 'B', 'C'] } as FeedMessage);
    expect(await book.api.event('t:fixture:race')).toMatchObject({ home: null, away: null, competitors: ['A', 'B', 'C'] });
  });
});

describe('odds_change', () => {
  it('creates markets at version 1, bumps the version only when odds or status change, and sets the live state', async () => {
    const id = await newEvent();
    expect(await marketRows(id)).toEqual({
      '1x2': { status: 'active', before: null, version: 1 },
      'totals?total=1.5': { status: 'active', before: null, version: 1 },
      'totals?total=2.5': { status: 'active', before: null, version: 1 },
    });
    // The same odds again: nothing changes.
    expect(await apply(odds(id, T0 + 2, [market1x2(2100, 3400, 3600)]))).toEqual({ effect: 'applied', marketsChanged: 0 });
    // New odds for one market, the live state with it.
    expect(await apply(odds(id, T0 + 3, [market1x2(1850, 3500, 4200), totals('2.5', 1950, 1850)], { status: 'live', homeScore: 1, awayScore: 0, period: '1H', clockSeconds: 1260 }))).toEqual({ effect: 'applied', marketsChanged: 1 });
    expect((await marketRows(id))['1x2']!.version).toBe(2);
    expect((await marketRows(id))['totals?total=2.5']!.version).toBe(1);
    const market = (await book.api.markets(id)).find((item) => item.marketKey === '1x2')!;
    expect(market.outcomes).toEqual([
      { id: 'home', odds: 1850n, active: true },
      { id: 'draw', odds: 3500n, active: true },
      { id: 'away', odds: 4200n, active: true },
    ]);
    expect(await book.api.event(id)).toMatchObject({ status: 'live', homeScore: 1, awayScore: 0, period: '1H', clockSeconds: 1260 });
    expect((await book.api.liveNow({ sportId: 'football' })).map((event) => event.id)).toContain(id);
    // A status change alone bumps too; an outcome switched off bumps too.
    await apply(odds(id, T0 + 4, [totals('1.5', 1400, 2900), { ...market1x2(1850, 3500, 4200), status: 'suspended' }]));
    expect((await marketRows(id))['1x2']).toMatchObject({ status: 'suspended', version: 3 });
    await apply(odds(id, T0 + 5, [{ ...market1x2(1850, 3500, 4200), outcomes: [{ id: 'home', odds: 1850 }, { id: 'draw', odds: 3500, active: false }, { id: 'away', odds: 4200 }] }]));
    expect((await marketRows(id))['1x2']).toMatchObject({ status: 'active', version: 4 });
  });

  it('applies the same message once and ignores one older than the last state', async () => {
    const id = await newEvent();
    const message = odds(id, T0 + 100, [market1x2(1500, 4000, 6000)], { status: 'live', homeScore: 2, awayScore: 0 });
    expect(await apply(message)).toEqual({ effect: 'applied', marketsChanged: 1 });
    const before = await snapshot();
    expect(await apply(message)).toEqual({ effect: 'duplicate', marketsChanged: 0 });
    expect(await snapshot()).toBe(before);
    expect(await apply(odds(id, T0 + 50, [market1x2(9000, 9000, 1100)], { homeScore: 0, awayScore: 5 }))).toEqual({ effect: 'stale', marketsChanged: 0 });
    expect((await marketRows(id))['1x2']!.version).toBe(2);
    expect(await book.api.event(id)).toMatchObject({ homeScore: 2, awayScore: 0 });
  });
});

describe('bet_stop', () => {
  it('suspends every active market, or a group by type, bumping each version', async () => {
    const id = await newEvent();
    expect(await apply({ kind: 'bet_stop', producer: 'testfeed', eventId: id, timestamp: T0 + 10, marketTypes: ['totals'] })).toEqual({ effect: 'applied', marketsChanged: 2 });
    expect(await marketRows(id)).toMatchObject({ '1x2': { status: 'active', version: 1 }, 'totals?total=2.5': { status: 'suspended', version: 2 } });
    expect(await apply({ kind: 'bet_stop', producer: 'testfeed', eventId: id, timestamp: T0 + 11 })).toEqual({ effect: 'applied', marketsChanged: 1 });
    expect(Object.values(await marketRows(id)).map((market) => market.status)).toEqual(['suspended', 'suspended', 'suspended']);
    // Reopened by the next odds change.
    await apply(odds(id, T0 + 12, [market1x2(2100, 3400, 3600)]));
    expect((await marketRows(id))['1x2']).toMatchObject({ status: 'active', version: 3 });
  });
});

describe('bet_settlement and its rollback', () => {
  const settle = (id: string, timestamp: number, home: 'won' | 'lost', certainty: 'live_scouted' | 'confirmed' = 'confirmed'): FeedMessage => ({
    kind: 'bet_settlement',
    producer: 'testfeed',
    eventId: id,
    timestamp,
    certainty,
    markets: [
      { type: '1x2', outcomes: [{ id: 'home', result: home }, { id: 'draw', result: 'lost' }, { id: 'away', result: home === 'won' ? 'lost' : 'won' }] },
      { type: 'totals', specifiers: { total: '2.5' }, outcomes: [{ id: 'over', result: 'won', voidFactor: 0, deadHeatFactor: '1' }, { id: 'under', result: 'lost' }] },
    ],
  });

  it('settles markets and records the results; the rollback restores the prior state; a new settlement follows', async () => {
    const id = await newEvent();
    await apply(odds(id, T0 + 20, [{ ...market1x2(1100, 9000, 20000), status: 'deactivated' }], { status: 'ended', homeScore: 3, awayScore: 0 }));
    expect(await apply(settle(id, T0 + 30, 'won', 'live_scouted'))).toEqual({ effect: 'applied', marketsChanged: 2 });
    expect(await marketRows(id)).toMatchObject({
      '1x2': { status: 'settled', before: 'deactivated', version: 3 },
      'totals?total=2.5': { status: 'settled', before: 'active', version: 2 },
      'totals?total=1.5': { status: 'active', version: 1 },
    });
    expect((await resultRows(id)).map((row) => [row.market_key, row.kind])).toEqual([
      ['1x2', 'settlement'],
      ['totals?total=2.5', 'settlement'],
    ]);
    expect((await resultRows(id))[0]!.results).toEqual([
      { outcomeId: 'home', result: 'won', voidFactor: 0, deadHeatFactor: '1' },
      { outcomeId: 'draw', result: 'lost', voidFactor: 0, deadHeatFactor: '1' },
      { outcomeId: 'away', result: 'lost', voidFactor: 0, deadHeatFactor: '1' },
    ]);
    // The same result confirmed changes nothing; odds for a settled market are ignored.
    expect(await apply(settle(id, T0 + 31, 'won', 'confirmed'))).toEqual({ effect: 'applied', marketsChanged: 0 });
    expect(await apply(odds(id, T0 + 32, [market1x2(2000, 2000, 2000)]))).toEqual({ effect: 'applied', marketsChanged: 0 });
    // Another result needs a rollback first.
    await expect(apply(settle(id, T0 + 33, 'lost'))).rejects.toMatchObject({ code: 'market_settled' });

    const rollback: FeedMessage = { kind: 'rollback_bet_settlement', producer: 'testfeed', eventId: id, timestamp: T0 + 40, markets: [{ type: '1x2' }, { type: 'totals', specifiers: { total: '2.5' } }] };
    expect(await apply(rollback)).toEqual({ effect: 'applied', marketsChanged: 2 });
    expect(await apply(rollback)).toEqual({ effect: 'duplicate', marketsChanged: 0 });
    expect(await marketRows(id)).toMatchObject({
      '1x2': { status: 'deactivated', before: null, version: 4 },
      'totals?total=2.5': { status: 'active', before: null, version: 3 },
    });
    expect(await apply(settle(id, T0 + 50, 'lost'))).toEqual({ effect: 'applied', marketsChanged: 2 });
    expect((await resultRows(id)).map((row) => row.kind)).toEqual(['settlement', 'settlement', 'rollback_settlement', 'rollback_settlement', 'settlement', 'settlement']);
    expect((await resultRows(id))[4]!.results).toContainEqual({ outcomeId: 'away', result: 'won', voidFactor: 0, deadHeatFactor: '1' });
    const log = await book.api.resultsAfter(0n);
    expect(log.filter((row) => row.eventId === id).map((row) => row.kind)).toEqual(['settlement', 'settlement', 'rollback_settlement', 'rollback_settlement', 'settlement', 'settlement']);
  });

  it('records void and dead-heat factors as sent', async () => {
    const id = await newEvent();
    await apply({
      kind: 'bet_settlement',
      producer: 'testfeed',
      eventId: id,
      timestamp: T0 + 30,
      markets: [{ type: 'totals', specifiers: { total: '1.5' }, outcomes: [{ id: 'over', result: 'won', voidFactor: 0.5, deadHeatFactor: '0.5' }, { id: 'under', result: 'lost', voidFactor: 1 }] }],
    });
    expect((await resultRows(id))[0]!.results).toEqual([
      { outcomeId: 'over', result: 'won', voidFactor: 0.5, deadHeatFactor: '0.5' },
      { outcomeId: 'under', result: 'lost', voidFactor: 1, deadHeatFactor: '1' },
    ]);
  });
});

describe('bet_cancel and its rollback', () => {
  it('cancels markets (with a time window), refuses to settle them, and the rollback restores their status', async () => {
    const id = await newEvent();
    await apply({ kind: 'bet_stop', producer: 'testfeed', eventId: id, timestamp: T0 + 5, marketTypes: ['1x2'] });
    const cancel: FeedMessage = { kind: 'bet_cancel', producer: 'testfeed', eventId: id, timestamp: T0 + 10, markets: [{ type: '1x2' }, { type: 'totals', specifiers: { total: '2.5' } }], from: T0 + 1000, to: T0 + 61_000, reason: 'goal wrongly reported' };
    expect(await apply(cancel)).toEqual({ effect: 'applied', marketsChanged: 2 });
    expect(await apply(cancel)).toEqual({ effect: 'duplicate', marketsChanged: 0 });
    expect(await marketRows(id)).toMatchObject({ '1x2': { status: 'cancelled', before: 'suspended' }, 'totals?total=2.5': { status: 'cancelled', before: 'active' } });
    const rows = await resultRows(id);
    expect(rows.map((row) => [row.market_key, row.kind, row.window_from?.getTime(), row.window_to?.getTime()])).toEqual([
      ['1x2', 'cancel', T0 + 1000, T0 + 61_000],
      ['totals?total=2.5', 'cancel', T0 + 1000, T0 + 61_000],
    ]);
    await expect(apply({ kind: 'bet_settlement', producer: 'testfeed', eventId: id, timestamp: T0 + 20, markets: [{ type: '1x2', outcomes: [{ id: 'home', result: 'won' }] }] })).rejects.toMatchObject({ code: 'market_closed' });
    expect(await apply({ kind: 'rollback_bet_cancel', producer: 'testfeed', eventId: id, timestamp: T0 + 30, markets: [{ type: '1x2' }] })).toEqual({ effect: 'applied', marketsChanged: 1 });
    expect(await marketRows(id)).toMatchObject({ '1x2': { status: 'suspended', before: null }, 'totals?total=2.5': { status: 'cancelled' } });
    expect((await resultRows(id)).map((row) => row.kind)).toEqual(['cancel', 'cancel', 'rollback_cancel']);
  });
});

describe('bad input', () => {
  it('is refused with a reason and leaves the book exactly as it was', async () => {
    const id = await newEvent();
    const before = await snapshot();
    const refusals: [FeedMessage | Record<string, unknown>, string][] = [
      [{ kind: 'odds_change', producer: 'testfeed', eventId: 't:match:none', timestamp: T0 + 1, markets: [] }, 'unknown_event'],
      [{ kind: 'odds_change', producer: 'other', eventId: id, timestamp: T0 + 1, markets: [] }, 'producer_mismatch'],
      [fixture(id, T0 + 500, { producer: 'other' }), 'producer_mismatch'],
      // The first market is fine; the second's outcome is not: nothing of the message stays.
      [odds(id, T0 + 200, [market1x2(1500, 4000, 6000), { ...totals('3.5', 2500, 1500), outcomes: [{ id: 'over', odds: 2500 }, { id: 'draw', odds: 1500 }] }], { homeScore: 4 }), 'unknown_outcome'],
      [odds(id, T0 + 200, [totals('2.25', 1900, 1900)]), 'invalid_market'],
      [odds(id, T0 + 200, [{ type: 'asian_handicap', specifiers: { hcp: '-0.3' }, status: 'active', outcomes: [{ id: 'home', odds: 1900 }, { id: 'away', odds: 1900 }] }]), 'invalid_market'],
      [odds(id, T0 + 200, [{ type: 'no_such_market', status: 'active', outcomes: [{ id: 'home', odds: 1900 }] }]), 'invalid_market'],
      [odds(id, T0 + 200, [market1x2(1000, 3000, 3000)]), 'invalid_message'],
      [odds(id, T0 + 200, [market1x2(1500, 4000, 6000), market1x2(1500, 4000, 6000)]), 'invalid_market'],
      [{ kind: 'odds_change', producer: 'testfeed', eventId: id, timestamp: 'yesterday', markets: [] }, 'invalid_message'],
      [{ kind: 'settle_everything', producer: 'testfeed', eventId: id, timestamp: T0 }, 'invalid_message'],
      [{ kind: 'bet_settlement', producer: 'testfeed', eventId: id, timestamp: T0 + 300, markets: [{ type: 'btts', outcomes: [{ id: 'yes', result: 'won' }] }] }, 'unknown_market'],
      [{ kind: 'bet_settlement', producer: 'testfeed', eventId: id, timestamp: T0 + 300, markets: [{ type: '1x2', outcomes: [{ id: 'home', result: 'won' }] }, { type: 'totals', specifiers: { total: '2.5' }, outcomes: [{ id: 'yes', result: 'won' }] }] }, 'unknown_outcome'],
      [{ kind: 'bet_settlement', producer: 'testfeed', eventId: id, timestamp: T0 + 300, markets: [{ type: '1x2', outcomes: [{ id: 'home', result: 'won', voidFactor: 0.3 }] }] }, 'invalid_message'],
      [{ kind: 'bet_settlement', producer: 'testfeed', eventId: id, timestamp: T0 + 300, markets: [{ type: '1x2', outcomes: [{ id: 'home', result: 'won', deadHeatFactor: '1.5' }] }] }, 'invalid_message'],
      [{ kind: 'bet_cancel', producer: 'testfeed', eventId: id, timestamp: T0 + 300, markets: [{ type: '1x2' }], from: T0 + 10, to: T0 + 5 }, 'invalid_message'],
      [{ kind: 'rollback_bet_settlement', producer: 'testfeed', eventId: id, timestamp: T0 + 300, markets: [{ type: '1x2' }] }, 'market_not_settled'],
      [{ kind: 'rollback_bet_cancel', producer: 'testfeed', eventId: id, timestamp: T0 + 300, markets: [{ type: '1x2' }] }, 'market_not_cancelled'],
    ];
    for (const [message, code] of refusals) {
      const error = await apply(message as FeedMessage).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, `${JSON.stringify(message).slice(0, 120)} should be refused`).toBeInstanceOf(FeedRefusal);
      expect((error as FeedRefusal).code, (error as FeedRefusal).message).toBe(code);
    }
    expect(await snapshot()).toBe(before);
    // A refused message did not use up its key: sent again fixed, it applies.
    expect(await apply(odds(id, T0 + 200, [market1x2(1500, 4000, 6000)], { homeScore: 4 }))).toEqual({ effect: 'applied', marketsChanged: 1 });
  });
});
