import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { testLogger } from '../../../test/test-context.ts';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { createDb, type DbHandle } from '../../platform/db.ts';
import type { FeedMessage } from './feed/messages.ts';
import { legResultFromFeed } from './domain/index.ts';
import { handicapResult } from './sandbox/football.ts';
import { createSandboxFeed, type SandboxFixture } from './sandbox/sandbox-feed.ts';
import { SPORTS } from './sandbox/fixtures.ts';
import { createSportsbookModule, type SportsbookModule } from './index.ts';

/**
 * The sandbox feed from a fixed seed through the real apply service on PostgreSQL: a whole
 * football match (pre-match, live with goals behind bet stops, ended, settled) whose settlement
 * agrees with the final score, a corrected result, a cancellation, every sport played to its
 * settlement, and the runner's passes with an injected clock.
 */
const SEED = 'sportsbook-sandbox-test-seed';
const MARGIN = 500;
let handle: DbHandle;
let book: SportsbookModule;

beforeAll(async () => {
  handle = createDb({ connectionString: await createTestDatabase(), max: 4, logger: testLogger });
  book = createSportsbookModule({ db: handle.db, logger: testLogger });
});
afterAll(() => handle.close());

const feed = createSandboxFeed({ seed: SEED, marginBp: MARGIN });

function findFixture(sport: string, test: (fixture: SandboxFixture) => boolean): SandboxFixture {
  const first = Math.floor(Date.UTC(2026, 10, 29) / (SPORTS.find((item) => item.sport.id === sport)!.intervalMinutes * 60_000));
  for (let number = first; number < first + 400; number += 1) {
    const fixture = feed.fixture(sport, number);
    if (test(fixture)) return fixture;
  }
  throw new Error(`no ${sport} fixture found`);
}

const goalsOf = (fixture: SandboxFixture) => fixture.messages.filter((message) => message.kind === 'bet_stop').length;

async function applyAll(messages: readonly FeedMessage[]): Promise<void> {
  for (const message of messages) await book.api.applyFeedMessage(message);
}

const marketStatuses = async (eventId: string) => new Set((await book.api.markets(eventId)).map((market) => market.status));
const lastSettlements = async (eventId: string) => {
  const rows = (await sql<{ market_key: string; kind: string; results: { outcomeId: string; result: string; voidFactor: number }[] | null }>`
    select market_key, kind, results from sportsbook_market_result where event_id = ${eventId} order by seq`.execute(handle.db)).rows;
  const current = new Map<string, Map<string, { result: string; voidFactor: number }>>();
  for (const row of rows) {
    if (row.kind === 'settlement') current.set(row.market_key, new Map(row.results!.map((item) => [item.outcomeId, { result: item.result, voidFactor: item.voidFactor }])));
    if (row.kind === 'rollback_settlement') current.delete(row.market_key);
  }
  return { rows, current };
};

/** The football settlement a final score must produce, worked out here independently of the feed. */
function expectFootballSettlement(current: Map<string, Map<string, { result: string; voidFactor: number }>>, home: number, away: number) {
  const wins = (market: string, outcome: string) => current.get(market)?.get(outcome);
  const plain = (wins: boolean) => ({ result: wins ? 'won' : 'lost', voidFactor: 0 });
  expect(wins('1x2', 'home')).toEqual(plain(home > away));
  expect(wins('1x2', 'draw')).toEqual(plain(home === away));
  expect(wins('1x2', 'away')).toEqual(plain(home < away));
  expect(wins('double_chance', 'home_draw')).toEqual(plain(home >= away));
  for (const line of [0.5, 1.5, 2.5, 3.5, 4.5, 5.5]) {
    expect(wins(`totals?total=${line}`, 'over')).toEqual(plain(home + away > line));
    expect(wins(`totals?total=${line}`, 'under')).toEqual(plain(home + away < line));
  }
  expect(wins('btts', 'yes')).toEqual(plain(home > 0 && away > 0));
  expect(wins('btts', 'no')).toEqual(plain(!(home > 0 && away > 0)));
  const exact = home <= 4 && away <= 4 ? `${home}:${away}` : 'other';
  const correct = current.get('correct_score')!;
  expect([...correct].filter(([, value]) => value.result === 'won').map(([id]) => id)).toEqual([exact]);
  expect(wins('draw_no_bet', 'home')).toEqual(home === away ? { result: 'lost', voidFactor: 1 } : plain(home > away));
  // Asian lines: the goal difference with the home handicap; quarter lines in two halves.
  const diff = home - away;
  for (const hcp of [-1.5, -1.25, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5]) {
    const margin = diff + hcp;
    let expected: { result: string; voidFactor: number };
    if (margin >= 0.5) expected = { result: 'won', voidFactor: 0 };
    else if (margin <= -0.5) expected = { result: 'lost', voidFactor: 0 };
    else if (margin === 0.25) expected = { result: 'won', voidFactor: 0.5 };
    else if (margin === -0.25) expected = { result: 'lost', voidFactor: 0.5 };
    else expected = { result: 'lost', voidFactor: 1 };
    expect(wins(`asian_handicap?hcp=${hcp}`, 'home'), `hcp ${hcp} at ${home}-${away}`).toEqual(expected);
  }
}

describe('Asian handicap results', () => {
  it('splits quarter lines into half won and half lost, and pushes whole lines', () => {
    expect(handicapResult(-0.25, 1, 1)).toEqual({ home: { id: 'home', result: 'lost', voidFactor: 0.5, deadHeatFactor: '1' }, away: { id: 'away', result: 'won', voidFactor: 0.5, deadHeatFactor: '1' } });
    expect(handicapResult(-0.75, 2, 1).home).toMatchObject({ result: 'won', voidFactor: 0.5 });
    expect(handicapResult(-0.75, 2, 1).away).toMatchObject({ result: 'lost', voidFactor: 0.5 });
    expect(handicapResult(-1, 2, 1).home).toMatchObject({ result: 'lost', voidFactor: 1 });
    expect(handicapResult(0.25, 0, 0).home).toMatchObject({ result: 'won', voidFactor: 0.5 });
    expect(handicapResult(1.5, 0, 2).away).toMatchObject({ result: 'won', voidFactor: 0 });
    expect(handicapResult(-1.25, 3, 1).home).toMatchObject({ result: 'won', voidFactor: 0 });
  });
});

describe('the sandbox feed', () => {
  it('is a function of its seed', () => {
    const sports = ['football', 'cs2', 'cockfight'];
    const again = createSandboxFeed({ seed: SEED, marginBp: MARGIN, sports });
    const other = createSandboxFeed({ seed: 'another-seed-entirely', marginBp: MARGIN, sports });
    const window = [Date.UTC(2026, 10, 29, 12), Date.UTC(2026, 10, 29, 13)] as const;
    expect(JSON.stringify(again.messages(...window))).toBe(JSON.stringify(createSandboxFeed({ seed: SEED, marginBp: MARGIN, sports }).messages(...window)));
    expect(again.messages(...window).length).toBeGreaterThan(100);
    expect(JSON.stringify(other.messages(...window).map((message) => message.kind))).not.toBe(JSON.stringify(again.messages(...window).map((message) => message.kind)));
  });

  // Hundreds of simulated matches: 13 s alone on two cores, twice that beside the rest of the suite.
  it('never sends a match back to live after its end, and settles after the end', () => {
    for (const definition of SPORTS) {
      const first = Math.floor(Date.UTC(2026, 10, 29) / (definition.intervalMinutes * 60_000));
      for (let number = first; number < first + (definition.sport.id === 'football' ? 200 : 30); number += 1) {
        const fixture = feed.fixture(definition.sport.id, number);
        if (fixture.cancelled) continue;
        const states = fixture.messages.flatMap((message) => (message.kind === 'odds_change' && message.event?.status ? [message.event.status] : []));
        const ended = states.indexOf('ended');
        expect(ended, fixture.eventId).toBeGreaterThan(0);
        expect(states.slice(ended), fixture.eventId).toEqual(states.slice(ended).map(() => 'ended'));
        const endedAt = fixture.messages.find((message) => message.kind === 'odds_change' && message.event?.status === 'ended')!.timestamp;
        const lastSettlement = fixture.messages.findLast((message) => message.kind === 'bet_settlement')!;
        expect(lastSettlement.timestamp, fixture.eventId).toBeGreaterThan(endedAt);
        expect(fixture.messages.every((message, index) => index === 0 || message.timestamp > fixture.messages[index - 1]!.timestamp)).toBe(true);
      }
    }
  }, 60_000);

  it('plays a football match: pre-match with the margin, live goals behind bet stops, full time, a settlement that agrees with the score', async () => {
    const fixture = findFixture('football', (item) => !item.cancelled && !item.corrected && goalsOf(item) >= 3);
    const at = (index: number) => fixture.messages[index]!.timestamp;
    const kickoff = fixture.messages.findIndex((message) => message.kind === 'odds_change' && message.event?.status === 'live');
    await applyAll(fixture.messages.slice(0, kickoff));
    expect(await book.api.event(fixture.eventId)).toMatchObject({ status: 'not_started', sportId: 'football', homeScore: null });
    const prematch = await book.api.markets(fixture.eventId);
    expect(prematch.map((market) => market.marketKey)).toEqual(expect.arrayContaining(['1x2', 'double_chance', 'draw_no_bet', 'totals?total=0.5', 'totals?total=5.5', 'asian_handicap?hcp=-0.25', 'asian_handicap?hcp=0', 'asian_handicap?hcp=1.5', 'btts', 'correct_score']));
    // Lines with a (nearly) certain side are not offered; the main markets are.
    expect(prematch.every((market) => market.status === 'active' || market.status === 'deactivated')).toBe(true);
    for (const key of ['1x2', 'double_chance', 'draw_no_bet', 'totals?total=2.5', 'asian_handicap?hcp=-0.25', 'asian_handicap?hcp=0', 'btts', 'correct_score']) {
      expect(prematch.find((market) => market.marketKey === key)!.status, key).toBe('active');
    }
    // The prices moved before kick-off (three pre-match odds changes after the first).
    expect(prematch.find((market) => market.marketKey === '1x2')!.oddsVersion).toBeGreaterThan(1n);
    // The book of 1X2 is 100 % plus the margin (odds rounded down to the hundredth).
    const overround = prematch.find((market) => market.marketKey === '1x2')!.outcomes.reduce((sum, item) => sum + 1000 / Number(item.odds), 0);
    expect(overround).toBeGreaterThanOrEqual(1.05);
    expect(overround).toBeLessThan(1.065);

    // Through the first goal: its bet stop suspends every open market.
    const firstStop = fixture.messages.findIndex((message) => message.kind === 'bet_stop');
    await applyAll(fixture.messages.slice(kickoff, firstStop));
    const beforeGoal = await book.api.markets(fixture.eventId);
    const live = await book.api.event(fixture.eventId);
    expect(live).toMatchObject({ status: 'live' });
    expect((await book.api.liveNow()).map((event) => event.id)).toContain(fixture.eventId);
    await applyAll([fixture.messages[firstStop]!]);
    const stopped = await book.api.markets(fixture.eventId);
    expect(stopped.filter((market) => market.status === 'active')).toEqual([]);
    expect(stopped.filter((market) => market.status === 'suspended').length).toBeGreaterThan(10);
    for (const market of stopped.filter((item) => item.status === 'suspended')) {
      expect(market.oddsVersion).toBe(beforeGoal.find((item) => item.marketKey === market.marketKey)!.oddsVersion + 1n);
    }
    // A few seconds later the markets reopen with the new score and new odds.
    const reopen = fixture.messages[firstStop + 1]!;
    expect(reopen.kind).toBe('odds_change');
    expect(reopen.timestamp - at(firstStop)).toBeGreaterThan(0);
    expect(reopen.timestamp - at(firstStop)).toBeLessThanOrEqual(10_000);
    await applyAll([reopen]);
    const after = await book.api.event(fixture.eventId);
    expect((after!.homeScore ?? 0) + (after!.awayScore ?? 0)).toBe((live!.homeScore ?? 0) + (live!.awayScore ?? 0) + 1);
    const reopened = await book.api.markets(fixture.eventId);
    expect(reopened.find((market) => market.marketKey === '1x2')!.status).toBe('active');
    expect(reopened.find((market) => market.marketKey === '1x2')!.outcomes).not.toEqual(beforeGoal.find((market) => market.marketKey === '1x2')!.outcomes);
    // After a goal, over 0.5 is decided: that market takes no more bets.
    expect(reopened.find((market) => market.marketKey === 'totals?total=0.5')!.status).toBe('deactivated');

    // To the end.
    const settlement = fixture.messages.findIndex((message) => message.kind === 'bet_settlement');
    const fullTime = fixture.messages.findIndex((message) => message.kind === 'odds_change' && message.event?.status === 'ended');
    await applyAll(fixture.messages.slice(firstStop + 2, fullTime));
    // In stoppage time the next goal is still priced: the total one above the current score is open.
    const stoppage = await book.api.event(fixture.eventId);
    expect(stoppage).toMatchObject({ status: 'live', period: '2H' });
    expect(stoppage!.clockSeconds).toBeGreaterThan(5400);
    const nextLine = (await book.api.markets(fixture.eventId)).find((market) => market.marketKey === `totals?total=${stoppage!.homeScore! + stoppage!.awayScore! + 0.5}`);
    if (nextLine) expect(nextLine.status, JSON.stringify({ clock: stoppage!.clockSeconds, score: [stoppage!.homeScore, stoppage!.awayScore], nextLine }, (_, v) => (typeof v === 'bigint' ? String(v) : v))).toBe('active');
    await applyAll(fixture.messages.slice(fullTime, settlement));
    const ended = await book.api.event(fixture.eventId);
    expect(ended).toMatchObject({ status: 'ended', period: 'FT' });
    expect(ended!.homeScore! + ended!.awayScore!).toBe(goalsOf(fixture));
    expect(ended!.scoreDetail.map((item) => item.period)).toEqual(['1H', '2H']);
    expect(await marketStatuses(fixture.eventId)).toEqual(new Set(['deactivated']));
    await applyAll(fixture.messages.slice(settlement));
    expect(await marketStatuses(fixture.eventId)).toEqual(new Set(['settled']));
    const { rows, current } = await lastSettlements(fixture.eventId);
    expect(rows.every((row) => row.kind === 'settlement')).toBe(true);
    expect(current.size).toBe((await book.api.markets(fixture.eventId)).length);
    expectFootballSettlement(current, ended!.homeScore!, ended!.awayScore!);
    // The stored results read as the settlement maths' leg results (domain/): a quarter line off by a quarter is half won / half lost.
    const diff = ended!.homeScore! - ended!.awayScore!;
    const quarter = async (hcp: number) => (await lastSettlements(fixture.eventId)).rows.find((row) => row.market_key === `asian_handicap?hcp=${hcp}`)!.results!;
    for (const [hcp, kind] of [[0.25 - diff, 'half_won'], [-0.25 - diff, 'half_lost']] as const) {
      if (Math.abs(hcp) > 1.5) continue;
      const home = (await quarter(hcp)).find((item) => item.outcomeId === 'home')!;
      expect(legResultFromFeed({ result: home.result as 'won' | 'lost', voidFactor: home.voidFactor as 0 | 0.5 | 1, deadHeatFactor: '1' }), `hcp ${hcp}`).toEqual({ kind });
    }
    // Applying the whole script again changes nothing.
    const before = (await sql<{ n: string }>`select count(*)::text as n from sportsbook_market_result`.execute(handle.db)).rows[0]!.n;
    for (const message of fixture.messages) expect((await book.api.applyFeedMessage(message)).effect).toBe('duplicate');
    expect((await sql<{ n: string }>`select count(*)::text as n from sportsbook_market_result`.execute(handle.db)).rows[0]!.n).toBe(before);
  });

  it('corrects a result: settled on the reported score, rolled back, settled again on the true one', async () => {
    const fixture = findFixture('football', (item) => item.corrected && !item.cancelled);
    await applyAll(fixture.messages);
    const event = await book.api.event(fixture.eventId);
    expect(event!.homeScore! + event!.awayScore!).toBe(goalsOf(fixture));
    const { rows, current } = await lastSettlements(fixture.eventId);
    const markets = (await book.api.markets(fixture.eventId)).length;
    expect(rows.map((row) => row.kind)).toEqual([...Array(markets).fill('settlement'), ...Array(markets).fill('rollback_settlement'), ...Array(markets).fill('settlement')]);
    expectFootballSettlement(current, event!.homeScore!, event!.awayScore!);
    // The first settlement was the reported score (one away goal more).
    const first = new Map(rows.slice(0, markets).map((row) => [row.market_key, row.results!]));
    expect(first.get('1x2')!.find((item) => item.result === 'won')!.outcomeId).toBe(event!.homeScore! > event!.awayScore! + 1 ? 'home' : event!.homeScore! === event!.awayScore! + 1 ? 'draw' : 'away');
  });

  it('cancels a fixture now and then: the event cancelled, every market cancelled', async () => {
    const fixture = findFixture('football', (item) => item.cancelled);
    await applyAll(fixture.messages);
    expect(await book.api.event(fixture.eventId)).toMatchObject({ status: 'cancelled' });
    expect(await marketStatuses(fixture.eventId)).toEqual(new Set(['cancelled']));
  });

  it('plays every sport to its settlement without a refused message', async () => {
    for (const definition of SPORTS) {
      const fixture = findFixture(definition.sport.id, (item) => !item.cancelled);
      await applyAll(fixture.messages);
      const event = await book.api.event(fixture.eventId);
      expect(event, definition.sport.id).toMatchObject({ status: 'ended', sportId: definition.sport.id });
      const statuses = await marketStatuses(fixture.eventId);
      expect([...statuses].every((status) => status === 'settled' || status === 'cancelled'), `${definition.sport.id}: ${[...statuses].join(', ')}`).toBe(true);
      expect(statuses.has('settled')).toBe(true);
      const winner = (await lastSettlements(fixture.eventId)).current.get(definition.sport.id === 'football' ? '1x2' : definition.sport.id === 'cockfight' ? 'cockfight_winner' : 'match_winner')!;
      const winners = [...winner].filter(([, value]) => value.result === 'won').map(([id]) => id);
      expect(winners).toHaveLength(1);
      const expected =
        definition.sport.id === 'cockfight'
          ? event!.homeScore! > event!.awayScore! ? 'meron' : event!.homeScore! < event!.awayScore! ? 'wala' : 'draw'
          : event!.homeScore! > event!.awayScore! ? 'home' : event!.homeScore! < event!.awayScore! ? 'away' : 'draw';
      expect(winners, definition.sport.id).toEqual([expected]);
    }
  });
});

describe('the sandbox runner', () => {
  it('runs in a development demo unless switched off, and elsewhere only with SPORTSBOOK_FEED=sandbox', () => {
    expect(loadConfig({}).sportsbookSandbox).toEqual({ minuteMs: 60_000 });
    expect(loadConfig({ SPORTSBOOK_FEED: 'off' }).sportsbookSandbox).toBeUndefined();
    expect(loadConfig({ SEED_DEMO: 'false' }).sportsbookSandbox).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).sportsbookSandbox).toBeUndefined();
    expect(loadConfig({ SPORTSBOOK_FEED: 'sandbox' }).sportsbookSandbox).toEqual({ minuteMs: 60_000 });
    expect(loadConfig({ SPORTSBOOK_FEED: 'sandbox', SPORTSBOOK_SANDBOX_MINUTE_MS: '5000' }).sportsbookSandbox).toEqual({ minuteMs: 5000 });
    expect(() => loadConfig({ SPORTSBOOK_FEED: 'betradar' })).toThrow(ConfigError);
  });

  it('catches up on its first pass, then applies what is due each pass, keeping its seed', async () => {
    const database = createDb({ connectionString: await createTestDatabase(), max: 2, logger: testLogger });
    try {
      let clock = new Date(Date.UTC(2026, 10, 29, 15, 0, 0));
      const module = () => createSportsbookModule({ db: database.db, logger: testLogger, now: () => clock, sandbox: { sports: ['cockfight', 'football'] } });
      const first = module();
      // The sandbox job exists only when the sandbox is given; the feed-key pruning runs either way.
      expect(first.jobs.map((job) => job.name)).toEqual(['sportsbook.sandbox-feed', 'sportsbook.prune-feed-keys']);
      expect(createSportsbookModule({ db: database.db, logger: testLogger }).jobs.map((job) => job.name)).toEqual(['sportsbook.prune-feed-keys']);
      const catchUp = await first.api.sandboxPass();
      expect(catchUp.refused).toBe(0);
      expect(catchUp.applied).toBeGreaterThan(20);
      const live = await first.api.liveNow();
      expect(live.length).toBeGreaterThan(0);
      expect((await first.api.startingSoon({ sportId: 'football' })).length).toBeGreaterThan(10);
      const seed = (await sql<{ sandbox_seed: string }>`select sandbox_seed from sportsbook_setting`.execute(database.db)).rows[0]!.sandbox_seed;
      expect(seed).toMatch(/^[0-9a-f]{32}$/);
      // Nothing new at the same time; a minute later, the matches move.
      expect((await first.api.sandboxPass()).messages).toBe(0);
      const footballLive = live.find((event) => event.sportId === 'football');
      clock = new Date(clock.getTime() + 60_000);
      const next = await first.api.sandboxPass();
      expect(next).toMatchObject({ refused: 0, duplicates: 0 });
      expect(next.applied).toBeGreaterThan(0);
      if (footballLive) {
        const moved = (await first.api.event(footballLive.id))!;
        const rows = (await sql<{ kind: string; message_at: Date }>`select kind, message_at from sportsbook_feed_message where event_id = ${footballLive.id} order by message_at desc limit 5`.execute(database.db)).rows;
        expect([moved.clockSeconds, moved.status], JSON.stringify({ footballLive, moved, rows, clock })).not.toEqual([footballLive.clockSeconds, footballLive.status]);
      }
      // A restarted module continues the same seed's matches.
      clock = new Date(clock.getTime() + 5 * 60_000);
      const restarted = await module().api.sandboxPass();
      expect(restarted.refused).toBe(0);
      expect((await sql<{ sandbox_seed: string }>`select sandbox_seed from sportsbook_setting`.execute(database.db)).rows[0]!.sandbox_seed).toBe(seed);
      const producers = (await sql<{ id: string }>`select id from sportsbook_event`.execute(database.db)).rows.map((row) => row.id.split(':')[0]);
      expect(new Set(producers).size).toBe(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});
