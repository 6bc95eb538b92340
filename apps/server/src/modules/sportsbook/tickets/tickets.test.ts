import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newPlayer, type TestPlayer } from '../../../../test/builders.ts';
import { createTestContext, testLogger, type TestContext } from '../../../../test/test-context.ts';
import { expectLedgerInvariants } from '../../../../test/wallet-race.ts';
import type { FeedMessage } from '../index.ts';
import { createSportsbookTickets, type SportsbookTickets } from './index.ts';
import { feedClock } from '../sportsbook-test-fixtures.ts';

/**
 * Ticket placement on a real PostgreSQL through the whole app: the book built by the feed apply
 * service, the stake through the provider protocol as vendor SPORTSBOOK, the wallet's ledger.
 */
let ctx: TestContext;
const { start: T0, tick } = feedClock();
let eventCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const apply = (message: FeedMessage) => ctx.core.modules.sportsbook.api.applyFeedMessage(message);

const market1x2 = (home: number, draw: number, away: number, status: 'active' | 'suspended' = 'active') => ({
  type: '1x2',
  status,
  outcomes: [
    { id: 'home', odds: home },
    { id: 'draw', odds: draw },
    { id: 'away', odds: away },
  ],
});
const totals = (over: number, under: number) => ({ type: 'totals', specifiers: { total: '2.5' }, status: 'active' as const, outcomes: [{ id: 'over', odds: over }, { id: 'under', odds: under }] });
const odds = (eventId: string, markets: unknown[], event?: Record<string, unknown>) =>
  apply({ kind: 'odds_change', producer: 'testfeed', eventId, timestamp: tick(eventId), ...(event ? { event } : {}), markets } as FeedMessage);
const betStop = (eventId: string) => apply({ kind: 'bet_stop', producer: 'testfeed', eventId, timestamp: tick(eventId) } as FeedMessage);

async function newEvent(options: { live?: boolean; home?: number } = {}): Promise<string> {
  eventCounter += 1;
  const id = `tk:match:${eventCounter}:${randomUUID().slice(0, 8)}`;
  await apply({
    kind: 'fixture_change',
    producer: 'testfeed',
    eventId: id,
    timestamp: tick(id),
    sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
    category: { id: 'tk:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
    tournament: { id: 'tk:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
    home: 'Flamengo',
    away: 'Palmeiras',
    startAt: T0 + 3_600_000,
  } as FeedMessage);
  await odds(id, [market1x2(options.home ?? 2100, 3400, 3600), totals(1950, 1850)], options.live ? { status: 'live', homeScore: 0, awayScore: 0 } : undefined);
  return id;
}

const leg = (eventId: string, outcomeId = 'home', oddsThousandths = 2100, marketKey = '1x2') => ({ eventId, marketKey, outcomeId, odds: oddsThousandths });

async function setSettings(values: Record<string, number>): Promise<void> {
  for (const [column, value] of Object.entries(values)) {
    await sql`update sportsbook_ticket_setting set ${sql.ref(column)} = ${value} where id = 1`.execute(ctx.core.db);
  }
}
const DEFAULT_SETTINGS = { min_stake_cents: 100, max_stake_cents: 500_000, max_payout_cents: 25_000_000, market_liability_cents: 10_000_000, event_liability_cents: 25_000_000, live_delay_ms: 5000 };

async function player(balance = 1_000_00n): Promise<{ member: TestPlayer; token: string }> {
  const member = await newPlayer(ctx.core, { balance });
  return { member, token: await loginAs(ctx.app, member) };
}

async function place(token: string, body: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/sportsbook/tickets', headers: bearer(token), payload: { requestId: randomUUID(), stakeMode: 'unit', oddsPolicy: 'none', ...body } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

const cash = (member: TestPlayer) => ctx.core.modules.wallet.api.cashOf(member.id);
const floorProduct = (stake: bigint, odds: readonly number[]) => (odds.reduce((value, each) => value * BigInt(each), stake) / 1000n ** BigInt(odds.length));

describe('placing tickets', () => {
  it('a single: the stake debited through the provider as SPORTSBOOK, the odds locked, the potential return stored', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const placed = await place(token, { betType: { kind: 'single' }, stake: '10.00', legs: [leg(eventId)] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ status: 'open', totalStake: '10.00', potentialReturn: '21.00', betCount: 1, isLive: false, legs: [{ eventId, marketKey: '1x2', outcomeId: 'home', odds: 2100, oddsVersion: '1' }] });
    expect(await cash(member)).toBe(1_000_00n - 10_00n);
    const round = await sql<{ bet: bigint; game_type: string | null }>`select bet, game_type from provider_round where vendor_code = 'SPORTSBOOK' and member_id = ${member.id} and round_id = ${`sportsbook-${placed.body.id}`}`.execute(ctx.core.db);
    expect(round.rows).toEqual([{ bet: 10_00n, game_type: 'SPORTS' }]);

    // The member's betting record lists the ticket's round like any vendor's.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const record = await ctx.app.inject({ method: 'GET', url: `/api/member/betting-record?gameType=SPORTS&from=${day(-1)}&to=${day(1)}`, headers: bearer(token) });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json().content).toEqual([expect.objectContaining({ vendor: 'SPORTSBOOK', gameCode: 'sportsbook', gameType: 'SPORTS', roundId: `sportsbook-${placed.body.id}`, bet: '10.00', status: 'open' })]);

    const one = await ctx.app.inject({ method: 'GET', url: `/api/sportsbook/tickets/${placed.body.id}`, headers: bearer(token) });
    expect(one.json()).toEqual(placed.body);
    const open = await ctx.app.inject({ method: 'GET', url: '/api/sportsbook/tickets?status=open', headers: bearer(token) });
    expect(open.json().tickets.map((ticket: { id: string }) => ticket.id)).toEqual([placed.body.id]);
    const settled = await ctx.app.inject({ method: 'GET', url: '/api/sportsbook/tickets?status=settled', headers: bearer(token) });
    expect(settled.json()).toEqual({ tickets: [] });
    // Someone else's ticket is not found.
    const other = await player();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/sportsbook/tickets/${placed.body.id}`, headers: bearer(other.token) })).json().error.code).toBe('sportsbook.ticket_not_found');
  });

  it('a 4-leg accumulator and a Yankee: the right debit and potential return', async () => {
    const { member, token } = await player();
    const events = [await newEvent({ home: 1500 }), await newEvent({ home: 1850 }), await newEvent({ home: 2250 }), await newEvent({ home: 3100 })];
    const legOdds = [1500, 1850, 2250, 3100];
    const legs = events.map((eventId, index) => leg(eventId, 'home', legOdds[index]));

    const accumulator = await place(token, { betType: { kind: 'accumulator' }, stake: '5.00', legs });
    expect(accumulator.status, JSON.stringify(accumulator.body)).toBe(200);
    expect(accumulator.body).toMatchObject({ status: 'open', totalStake: '5.00', betCount: 1 });
    expect(accumulator.body.potentialReturn).toBe(centsText(floorProduct(500n, legOdds)));
    expect(await cash(member)).toBe(1_000_00n - 5_00n);

    const yankee = await place(token, { betType: { kind: 'system_preset', preset: 'yankee' }, stake: '1.00', legs });
    expect(yankee.status, JSON.stringify(yankee.body)).toBe(200);
    expect(yankee.body).toMatchObject({ status: 'open', totalStake: '11.00', betCount: 11 });
    let expected = 0n;
    for (let mask = 0; mask < 16; mask += 1) {
      const chosen = legOdds.filter((_, index) => mask & (1 << index));
      if (chosen.length >= 2) expected += floorProduct(100n, chosen);
    }
    expect(yankee.body.potentialReturn).toBe(centsText(expected));
    expect(await cash(member)).toBe(1_000_00n - 5_00n - 11_00n);

    // A TOTAL stake on a Trixie (3 doubles + 1 treble): 10.00 paid, 2.50 a bet.
    const trixie = await place(token, { betType: { kind: 'system_preset', preset: 'trixie' }, stakeMode: 'total', stake: '10.00', legs: legs.slice(0, 3) });
    expect(trixie.body).toMatchObject({ status: 'open', stakeMode: 'total', stake: '10.00', totalStake: '10.00', betCount: 4 });
    const trixieOdds = legOdds.slice(0, 3);
    const trixieReturn = [[0, 1], [0, 2], [1, 2], [0, 1, 2]].reduce((sum, combo) => sum + floorProduct(250n, combo.map((index) => trixieOdds[index]!)), 0n);
    expect(trixie.body.potentialReturn).toBe(centsText(trixieReturn));
    expect(await cash(member)).toBe(1_000_00n - 5_00n - 11_00n - 10_00n);
  });

  it('the same request twice at once places one ticket and one debit; a replay answers the first ticket', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const body = { requestId: randomUUID(), betType: { kind: 'single' }, stake: '7.00', legs: [leg(eventId)] };
    const answers = await Promise.all([place(token, body), place(token, body), place(token, body)]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    // Under a market limit the first ticket fills, the same request at once still answers it.
    try {
      await setSettings({ market_liability_cents: 20_00 });
      const tight = { requestId: randomUUID(), betType: { kind: 'single' }, stake: '9.00', legs: [leg(await newEvent())] }; // 18.90 of 20.00
      const both = await Promise.all([place(token, tight), place(token, tight)]);
      expect(both.map((answer) => answer.status)).toEqual([200, 200]);
      expect(both[0]!.body.id).toBe(both[1]!.body.id);
    } finally {
      await setSettings(DEFAULT_SETTINGS);
    }
    const replay = await place(token, body);
    expect(replay.body).toMatchObject({ id: answers[0]!.body.id, status: 'open' });
    expect(await cash(member)).toBe(1_000_00n - 7_00n - 9_00n);
    const count = await sql<{ n: string }>`select count(*)::text as n from sportsbook_ticket where member_id = ${member.id}`.execute(ctx.core.db);
    expect(count.rows[0]!.n).toBe('2');
  });

  it('odds changed: none refuses, higher takes only a rise, any takes the new odds — locked as accepted', async () => {
    const { token } = await player();
    const eventId = await newEvent(); // home is 2.100 now
    const rise = leg(eventId, 'home', 2000); // the slip showed 2.000, the book offers more now
    const drop = leg(eventId, 'home', 2200); // the slip showed 2.200, the book offers less now
    expect((await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [rise] })).body.error.code).toBe('sportsbook.odds_changed');
    expect((await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [drop], oddsPolicy: 'higher' })).body.error.code).toBe('sportsbook.odds_changed');
    const higher = await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [rise], oddsPolicy: 'higher' });
    expect(higher.body).toMatchObject({ status: 'open', legs: [{ odds: 2100 }], potentialReturn: '4.20' });
    const any = await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [leg(eventId, 'draw', 3000)], oddsPolicy: 'any' });
    expect(any.body).toMatchObject({ status: 'open', legs: [{ outcomeId: 'draw', odds: 3400 }] });
    // The book moves on; the placed ticket's odds do not.
    await odds(eventId, [market1x2(1500, 3400, 3600)]);
    const after = await ctx.app.inject({ method: 'GET', url: `/api/sportsbook/tickets/${higher.body.id}`, headers: bearer(token) });
    expect(after.json()).toMatchObject({ legs: [{ odds: 2100 }], potentialReturn: '4.20' });
  });

  it('a suspended market, an inactive outcome, an ended event and an unknown market are refused with nothing debited', async () => {
    const { member, token } = await player();
    const suspended = await newEvent();
    await odds(suspended, [market1x2(2100, 3400, 3600, 'suspended')]);
    expect((await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [leg(suspended)] })).body.error.code).toBe('sportsbook.market_suspended');
    const stopped = await newEvent();
    await betStop(stopped);
    expect((await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [leg(stopped)] })).body.error.code).toBe('sportsbook.market_suspended');
    const inactive = await newEvent();
    await odds(inactive, [{ type: '1x2', status: 'active', outcomes: [{ id: 'home', odds: 2100, active: false }, { id: 'draw', odds: 3400 }, { id: 'away', odds: 3600 }] }]);
    expect((await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [leg(inactive)] })).body.error.code).toBe('sportsbook.outcome_unavailable');
    const ended = await newEvent();
    await odds(ended, [], { status: 'ended' });
    expect((await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [leg(ended)] })).body.error.code).toBe('sportsbook.event_closed');
    const unknown = await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [leg(suspended, 'home', 2100, 'totals?total=9.5')] });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'sportsbook.market_not_found']);
    // One bad leg refuses the whole accumulator.
    const good = await newEvent();
    expect((await place(token, { betType: { kind: 'accumulator' }, stake: '2.00', legs: [leg(good), leg(suspended)] })).body.error.code).toBe('sportsbook.market_suspended');
    expect(await cash(member)).toBe(1_000_00n);
  });

  it('a bet racing a bet stop is refused or stands at the locked odds with a version before the stop, never half', async () => {
    const { member, token } = await player();
    let stood = 0;
    let refused = 0;
    for (let round = 0; round < 12; round += 1) {
      const eventId = await newEvent();
      const [placed] = await Promise.all([place(token, { betType: { kind: 'single' }, stake: '1.00', legs: [leg(eventId)] }), betStop(eventId)]);
      const market = await sql<{ odds_version: string; status: string }>`select odds_version::text, status from sportsbook_market where event_id = ${eventId} and market_key = '1x2'`.execute(ctx.core.db);
      expect(market.rows[0]!.status).toBe('suspended');
      const stopVersion = BigInt(market.rows[0]!.odds_version);
      if (placed.status === 200) {
        stood += 1;
        expect(placed.body).toMatchObject({ status: 'open', legs: [{ odds: 2100 }] });
        expect(BigInt(placed.body.legs[0].oddsVersion)).toBeLessThan(stopVersion);
      } else {
        refused += 1;
        expect([placed.status, placed.body.error.code]).toEqual([409, 'sportsbook.market_suspended']);
      }
    }
    expect(stood + refused).toBe(12);
    const open = await sql<{ n: string; total: string }>`select count(*)::text as n, coalesce(sum(total_stake_cents), 0)::text as total from sportsbook_ticket where member_id = ${member.id} and status = 'open'`.execute(ctx.core.db);
    expect(Number(open.rows[0]!.n)).toBe(stood);
    expect(await cash(member)).toBe(1_000_00n - BigInt(open.rows[0]!.total));
  });

  it('an accumulator on two markets of one event racing a bet stop on the event: refused or standing, never an error', async () => {
    const { member, token } = await player();
    let stood = 0;
    for (let round = 0; round < 12; round += 1) {
      const eventId = await newEvent();
      const legs = [leg(eventId), leg(eventId, 'over', 1950, 'totals?total=2.5')];
      const [placed] = await Promise.all([place(token, { betType: { kind: 'accumulator' }, stake: '1.00', legs }), betStop(eventId)]);
      if (placed.status === 200) {
        stood += 1;
        expect(placed.body).toMatchObject({ status: 'open', legs: [{ odds: 2100 }, { odds: 1950 }] });
      } else {
        expect([placed.status, placed.body.error.code]).toEqual([409, 'sportsbook.market_suspended']);
      }
    }
    const open = await sql<{ n: string }>`select count(*)::text as n from sportsbook_ticket where member_id = ${member.id} and status = 'open'`.execute(ctx.core.db);
    expect(Number(open.rows[0]!.n)).toBe(stood);
    expect(await cash(member)).toBe(1_000_00n - BigInt(stood) * 1_00n);
  });

  it('limits: stake per ticket, market and event liability; the max payout caps the potential return', async () => {
    const { token } = await player(20_000_00n);
    const eventId = await newEvent();
    expect((await place(token, { betType: { kind: 'single' }, stake: '0.50', legs: [leg(eventId)] })).body.error.code).toBe('sportsbook.stake_below_minimum');
    expect((await place(token, { betType: { kind: 'single' }, stake: '5000.01', legs: [leg(eventId)] })).body.error.code).toBe('sportsbook.stake_above_maximum');
    try {
      await setSettings({ market_liability_cents: 50_00 });
      expect((await place(token, { betType: { kind: 'single' }, stake: '20.00', legs: [leg(eventId)] })).body.status).toBe('open'); // 42.00 on 1x2
      expect((await place(token, { betType: { kind: 'single' }, stake: '5.00', legs: [leg(eventId)] })).body.error.code).toBe('sportsbook.limit_exceeded'); // 42 + 10.50 > 50
      expect((await place(token, { betType: { kind: 'single' }, stake: '5.00', legs: [leg(eventId, 'over', 1950, 'totals?total=2.5')] })).body.status).toBe('open'); // another market
      await setSettings({ market_liability_cents: DEFAULT_SETTINGS.market_liability_cents, event_liability_cents: 60_00 });
      expect((await place(token, { betType: { kind: 'single' }, stake: '5.00', legs: [leg(eventId, 'under', 1850, 'totals?total=2.5')] })).body.error.code).toBe('sportsbook.limit_exceeded'); // 42 + 9.75 + 9.25 > 60
      await setSettings({ event_liability_cents: DEFAULT_SETTINGS.event_liability_cents, max_payout_cents: 30_00 });
      const capped = await place(token, { betType: { kind: 'single' }, stake: '20.00', legs: [leg(await newEvent())] });
      expect(capped.body).toMatchObject({ status: 'open', maxPayout: '30.00', potentialReturn: '30.00' });
    } finally {
      await setSettings(DEFAULT_SETTINGS);
    }
  });

  it('insufficient funds: refused, nothing debited, the ticket kept as refused and a replay answers the same', async () => {
    const { member, token } = await player(5_00n);
    const eventId = await newEvent();
    const body = { requestId: randomUUID(), betType: { kind: 'single' }, stake: '10.00', legs: [leg(eventId)] };
    const first = await place(token, body);
    expect([first.status, first.body.error.code]).toEqual([402, 'sportsbook.insufficient_funds']);
    expect(await cash(member)).toBe(5_00n);
    const again = await place(token, body);
    expect([again.status, again.body.error.code]).toEqual([402, 'sportsbook.insufficient_funds']);
    const row = await sql<{ status: string; refusal_code: string }>`select status, refusal_code from sportsbook_ticket where member_id = ${member.id}`.execute(ctx.core.db);
    expect(row.rows).toEqual([{ status: 'refused', refusal_code: 'sportsbook.insufficient_funds' }]);
    // Nothing left open at the provider, and the liability it held is released.
    expect((await place(token, { betType: { kind: 'single' }, stake: '5.00', legs: [leg(eventId)] })).body.status).toBe('open');
  });

  it('a member past a responsible-gaming wager limit is refused with sportsbook.limit_reached, nothing debited (issue 27)', async () => {
    const member = await newPlayer(ctx.core, { balance: 100_00n });
    const token = await loginAs(ctx.app, member);
    const set = await ctx.app.inject({ method: 'PUT', url: '/api/limits', headers: { authorization: `Bearer ${token}` }, payload: { kind: 'wager', period: 'day', amount: '1.00' } });
    expect(set.statusCode, set.body).toBe(200);
    const refused = await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [leg(await newEvent())] });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'sportsbook.limit_reached']);
    expect(await cash(member)).toBe(100_00n);
    const row = await sql<{ status: string; refusal_code: string }>`select status, refusal_code from sportsbook_ticket where member_id = ${member.id}`.execute(ctx.core.db);
    expect(row.rows).toEqual([{ status: 'refused', refusal_code: 'sportsbook.limit_reached' }]);
  });

  it('a member without a verified identity is refused with the reason, nothing debited', async () => {
    const member = await newPlayer(ctx.core, { balance: 100_00n, adult: false });
    const token = await loginAs(ctx.app, member);
    const refused = await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [leg(await newEvent())] });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'member.age_unverified']);
    expect(await cash(member)).toBe(100_00n);
    const row = await sql<{ status: string; refusal_code: string }>`select status, refusal_code from sportsbook_ticket where member_id = ${member.id}`.execute(ctx.core.db);
    expect(row.rows).toEqual([{ status: 'refused', refusal_code: 'sportsbook.play_refused' }]);
  });

  it('bad input gets a translated 4xx, never a 500', async () => {
    const { token } = await player();
    const eventId = await newEvent();
    const cases: Array<[unknown, string]> = [
      [{}, 'validation'],
      [{ requestId: 'x', betType: { kind: 'single' }, stake: '1.00', legs: [] }, 'validation'],
      [{ requestId: randomUUID(), betType: { kind: 'single' }, stake: '1.00', legs: [] }, 'sportsbook.no_legs'],
      [{ requestId: randomUUID(), betType: { kind: 'accumulator' }, stake: '1.00', legs: [leg(eventId)] }, 'sportsbook.too_few_legs'],
      [{ requestId: randomUUID(), betType: { kind: 'single' }, stake: '1.00', legs: [leg(eventId), leg(eventId, 'over', 1950, 'totals?total=2.5')] }, 'sportsbook.too_many_legs'],
      [{ requestId: randomUUID(), betType: { kind: 'accumulator' }, stake: '1.00', legs: [leg(eventId), leg(eventId, 'draw', 3400)] }, 'sportsbook.same_market_twice'],
      [{ requestId: randomUUID(), betType: { kind: 'single' }, stake: '1.00', legs: [leg(eventId, 'home', 1000)] }, 'sportsbook.odds_invalid'],
      [{ requestId: randomUUID(), betType: { kind: 'system_preset', preset: 'yankee' }, stake: '1.00', legs: [leg(eventId)] }, 'sportsbook.system_legs_mismatch'],
      [{ requestId: randomUUID(), betType: { kind: 'system', sizes: [3] }, stake: '1.00', legs: [leg(eventId), leg(eventId, 'over', 1950, 'totals?total=2.5')] }, 'sportsbook.system_legs_mismatch'],
      [{ requestId: randomUUID(), betType: { kind: 'system', sizes: [2, 2] }, stake: '1.00', legs: [leg(eventId), leg(eventId, 'over', 1950, 'totals?total=2.5')] }, 'sportsbook.system_sizes_invalid'],
      [{ requestId: randomUUID(), betType: { kind: 'single' }, stake: '0.00', legs: [leg(eventId)] }, 'sportsbook.stake_invalid'],
      [{ requestId: randomUUID(), betType: { kind: 'single' }, stake: '-1.00', legs: [leg(eventId)] }, 'validation'],
      [{ requestId: randomUUID(), betType: { kind: 'single' }, stake: '1e9', legs: [leg(eventId)] }, 'validation'],
      [{ requestId: randomUUID(), betType: { kind: 'nonsense' }, stake: '1.00', legs: [leg(eventId)] }, 'validation'],
      [{ requestId: randomUUID(), betType: { kind: 'single' }, stake: '1.00', legs: [{ ...leg(eventId), odds: 2.1 }] }, 'validation'],
      [{ requestId: randomUUID(), betType: { kind: 'single' }, stake: '1.00', legs: [{ ...leg(eventId), eventId: "x'; drop table sportsbook_ticket; --" }] }, 'validation'],
      [{ requestId: randomUUID(), betType: { kind: 'single' }, stake: '1.00', legs: [{ ...leg(eventId), marketKey: "1x2' or '1'='1" }] }, 'sportsbook.market_not_found'],
      [{ requestId: randomUUID(), betType: { kind: 'accumulator' }, stake: '1.00', legs: Array.from({ length: 21 }, () => leg(eventId)) }, 'validation'],
      [{ requestId: randomUUID(), betType: { kind: 'single' }, stake: '1.00', legs: 'all of them' }, 'validation'],
    ];
    for (const [payload, code] of cases) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/sportsbook/tickets', headers: bearer(token), payload: payload as Record<string, unknown> });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(response.json().error.code, JSON.stringify(payload)).toContain(code);
    }
    for (const url of ['/api/sportsbook/tickets/abc', '/api/sportsbook/tickets/99999999999999999999', '/api/sportsbook/tickets?status=nope', '/api/sportsbook/tickets?limit=100000']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/sportsbook/tickets', payload: {} })).statusCode).toBe(401);
  });
});

describe('the live acceptance delay', () => {
  let hook: () => Promise<void> = async () => {};
  let delayed: SportsbookTickets;
  beforeAll(async () => {
    const provider = ctx.core.modules.provider.api;
    const catalogue = ctx.core.modules.catalogue.api;
    // The same service with its timer replaced: the test decides what happens during the delay.
    delayed = createSportsbookTickets({
      db: ctx.core.db,
      logger: testLogger,
      money: { handle: provider.callbacks.handle, ensureSeamlessVendor: catalogue.ensureSeamlessVendor, ensureVendorSecret: provider.ensureVendorSecret, issueLaunchToken: catalogue.issueLaunchToken },
      sleep: () => hook(),
    });
  });

  const body = (eventId: string, outcomeId = 'home', oddsThousandths = 2100) => ({ requestId: randomUUID(), betType: { kind: 'single' as const }, stakeMode: 'unit' as const, stake: '3.00', oddsPolicy: 'none' as const, legs: [leg(eventId, outcomeId, oddsThousandths)] });
  const statusOf = async (memberId: bigint) => (await sql<{ status: string }>`select status from sportsbook_ticket where member_id = ${memberId} order by id desc limit 1`.execute(ctx.core.db)).rows[0]?.status;

  it('a live ticket is pending during the delay, then stands at its locked odds', async () => {
    const { member } = await player();
    const eventId = await newEvent({ live: true });
    const seen: Array<string | undefined> = [];
    hook = async () => {
      seen.push(await statusOf(member.id));
      await odds(eventId, [totals(2000, 1800)]); // another market moves: this ticket is not touched
    };
    const ticket = await delayed.api.place(member.id, body(eventId));
    expect(seen).toEqual(['pending_delay']);
    expect(ticket).toMatchObject({ status: 'open', isLive: true, legs: [{ odds: 2100 }] });
    expect(await cash(member)).toBe(1_000_00n - 3_00n);
  });

  it('refused when the odds moved or the market stopped during the delay, with nothing debited', async () => {
    const { member } = await player();
    const moved = await newEvent({ live: true });
    hook = () => odds(moved, [market1x2(1900, 3400, 3900)]).then(() => undefined);
    await expect(delayed.api.place(member.id, body(moved))).rejects.toMatchObject({ code: 'sportsbook.odds_changed' });
    expect(await statusOf(member.id)).toBe('refused');
    const stopped = await newEvent({ live: true });
    hook = () => betStop(stopped).then(() => undefined);
    await expect(delayed.api.place(member.id, body(stopped))).rejects.toMatchObject({ code: 'sportsbook.market_suspended' });
    expect(await cash(member)).toBe(1_000_00n);
    hook = async () => {};
  });

  it('through the app with a short real delay (setting live_delay_ms)', async () => {
    const { member, token } = await player();
    const eventId = await newEvent({ live: true });
    try {
      await setSettings({ live_delay_ms: 200 });
      const placed = await place(token, { betType: { kind: 'single' }, stake: '4.00', legs: [leg(eventId)] });
      expect(placed.body).toMatchObject({ status: 'open', isLive: true });
      expect(await cash(member)).toBe(1_000_00n - 4_00n);
    } finally {
      await setSettings(DEFAULT_SETTINGS);
    }
  });

  it('recovery: tickets abandoned mid-placement are refused and their debit refunded', async () => {
    const { member } = await player();
    const eventId = await newEvent();
    const ticket = await delayed.api.place(member.id, body(eventId));
    // Simulate a crash after the debit but before the ticket opened.
    await sql`update sportsbook_ticket set status = 'pending_debit', created_at = now() - interval '1 hour' where id = ${BigInt(ticket.id)}`.execute(ctx.core.db);
    expect(await cash(member)).toBe(1_000_00n - 3_00n);
    const counts = await delayed.api.recoverPending();
    expect(counts.refused).toBeGreaterThanOrEqual(1);
    expect(await statusOf(member.id)).toBe('refused');
    expect(await cash(member)).toBe(1_000_00n);
  });

  it('the ledger holds', async () => {
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });
});

function centsText(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
