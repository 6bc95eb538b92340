import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newPlayer, type TestPlayer } from '../../../../test/builders.ts';
import { createTestContext, testLogger, type TestContext } from '../../../../test/test-context.ts';
import { expectLedgerInvariants } from '../../../../test/wallet-race.ts';
import type { FeedMessage } from '../index.ts';
import { createSportsbookTickets } from './index.ts';
import { feedClock, expectLiabilityInStep } from '../sportsbook-test-fixtures.ts';

/**
 * First settlement of tickets on a real PostgreSQL through the whole app: the book and its result
 * log built by the feed apply service, tickets placed through the route, the settlement pass
 * paying through the provider protocol (vendor SPORTSBOOK) into the wallet's ledger.
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

const apply = (message: Record<string, unknown>) => ctx.core.modules.sportsbook.api.applyFeedMessage({ producer: 'testfeed', ...message } as FeedMessage);
const pass = (options?: { sweep?: boolean }) => ctx.core.modules.sportsbook.api.tickets!.settlePass(options);

const market1x2 = (home: number) => ({ type: '1x2', status: 'active', outcomes: [{ id: 'home', odds: home }, { id: 'draw', odds: 3400 }, { id: 'away', odds: 3600 }] });
const totals = { type: 'totals', specifiers: { total: '2.5' }, status: 'active', outcomes: [{ id: 'over', odds: 1950 }, { id: 'under', odds: 1850 }] };
const asian = { type: 'asian_handicap', specifiers: { hcp: '-0.25' }, status: 'active', outcomes: [{ id: 'home', odds: 1900 }, { id: 'away', odds: 1950 }] };

async function newEvent(home = 2100): Promise<string> {
  eventCounter += 1;
  const id = `st:match:${eventCounter}:${randomUUID().slice(0, 8)}`;
  await apply({
    kind: 'fixture_change',
    eventId: id,
    timestamp: tick(id),
    sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
    category: { id: 'st:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
    tournament: { id: 'st:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
    home: 'Flamengo',
    away: 'Palmeiras',
    startAt: T0 + 3_600_000,
  });
  await apply({ kind: 'odds_change', eventId: id, timestamp: tick(id), markets: [market1x2(home), totals, asian] });
  return id;
}

/** A 1x2 settlement: `winner` won, the others lost (a void outcome with voidFactor 1). */
const settle1x2 = (eventId: string, winner: 'home' | 'draw' | 'away', overrides: Record<string, Record<string, unknown>> = {}) =>
  apply({
    kind: 'bet_settlement',
    eventId,
    timestamp: tick(eventId),
    markets: [{ type: '1x2', outcomes: (['home', 'draw', 'away'] as const).map((id) => ({ id, result: id === winner ? 'won' : 'lost', ...overrides[id] })) }],
  });

const leg = (eventId: string, outcomeId = 'home', odds = 2100, marketKey = '1x2') => ({ eventId, marketKey, outcomeId, odds });

async function player(balance = 1_000_00n): Promise<{ member: TestPlayer; token: string }> {
  const member = await newPlayer(ctx.core, { balance });
  return { member, token: await loginAs(ctx.app, member) };
}

async function place(token: string, body: Record<string, unknown>): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/sportsbook/tickets', headers: bearer(token), payload: { requestId: randomUUID(), stakeMode: 'unit', oddsPolicy: 'none', ...body } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe('open');
  return response.json().id as string;
}

const cash = (member: TestPlayer) => ctx.core.modules.wallet.api.cashOf(member.id);
const floorProduct = (stake: bigint, odds: readonly number[]) => odds.reduce((value, each) => value * BigInt(each), stake) / 1000n ** BigInt(odds.length);

interface TicketState {
  status: string;
  return_cents: bigint | null;
  settle_status: string | null;
  settled_at: Date | null;
  needs_resettlement: boolean;
  review_reason: string | null;
}
async function ticket(id: string): Promise<TicketState> {
  return (
    await sql<TicketState>`select status, return_cents, settle_status, settled_at, needs_resettlement, review_reason from sportsbook_ticket where id = ${BigInt(id)}`.execute(ctx.core.db)
  ).rows[0]!;
}
/** The member's own view of a ticket (GET /api/sportsbook/tickets/:id). */
async function view(token: string, id: string): Promise<{ status: string; return: string | null; settledAt: string | null; needsResettlement: boolean }> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/sportsbook/tickets/${id}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
/** The provider's win transactions of a ticket's round (id and amount as answered). */
async function wins(id: string): Promise<Array<{ transaction_id: string }>> {
  return (await sql<{ transaction_id: string }>`select transaction_id from provider_transaction where vendor_code = 'SPORTSBOOK' and action = 'win' and round_id = ${`sportsbook-${id}`}`.execute(ctx.core.db)).rows;
}
async function round(id: string) {
  return (await sql<{ bet: bigint; win: bigint; status: string }>`select bet, win, status from provider_round where vendor_code = 'SPORTSBOOK' and round_id = ${`sportsbook-${id}`}`.execute(ctx.core.db)).rows[0];
}

describe('settling tickets', () => {
  it('a single won and a single lost: the win paid and the round closed with it, the loser closed with 0.00', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const won = await place(token, { betType: { kind: 'single' }, stake: '10.00', legs: [leg(eventId)] });
    const lost = await place(token, { betType: { kind: 'single' }, stake: '5.00', legs: [leg(eventId, 'away', 3600)] });
    expect(await cash(member)).toBe(1_000_00n - 15_00n);
    // The member's view of an open ticket: no return, not settled.
    expect(await view(token, won)).toMatchObject({ status: 'open', return: null, settledAt: null, needsResettlement: false });

    await settle1x2(eventId, 'home');
    const outcome = await pass();
    expect(outcome).toMatchObject({ decided: 2, paid: 2, unpaid: 0, flagged: 0 });
    expect(await ticket(won)).toMatchObject({ status: 'won', return_cents: 21_00n, settled_at: expect.any(Date), needs_resettlement: false });
    expect(await ticket(lost)).toMatchObject({ status: 'lost', return_cents: 0n, settled_at: expect.any(Date) });
    expect(await cash(member)).toBe(1_000_00n - 15_00n + 21_00n);
    expect(await wins(won)).toEqual([{ transaction_id: `sportsbook-${won}-settle-1` }]);
    expect(await wins(lost)).toEqual([{ transaction_id: `sportsbook-${lost}-settle-1` }]);
    expect(await round(won)).toEqual({ bet: 10_00n, win: 21_00n, status: 'settled' });
    expect(await round(lost)).toEqual({ bet: 5_00n, win: 0n, status: 'settled' });
    // The member's view: what each returned and when it was settled.
    const wonView = await view(token, won);
    expect(wonView).toMatchObject({ status: 'won', return: '21.00', needsResettlement: false });
    expect(wonView.settledAt).toBe((await ticket(won)).settled_at!.toISOString());
    expect(await view(token, lost)).toMatchObject({ status: 'lost', return: '0.00', settledAt: expect.any(String), needsResettlement: false });

    // The member's betting record shows both rounds closed with what they returned.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const record = await ctx.app.inject({ method: 'GET', url: `/api/member/betting-record?gameType=SPORTS&from=${day(-1)}&to=${day(1)}`, headers: bearer(token) });
    expect(record.statusCode, record.body).toBe(200);
    const byRound = Object.fromEntries((record.json().content as Array<{ roundId: string }>).map((row) => [row.roundId, row]));
    expect(byRound[`sportsbook-${won}`]).toMatchObject({ vendor: 'SPORTSBOOK', bet: '10.00', win: '21.00', status: 'settled' });
    expect(byRound[`sportsbook-${lost}`]).toMatchObject({ vendor: 'SPORTSBOOK', bet: '5.00', win: '0.00', status: 'settled' });

    // My bets: both now listed as settled.
    const settled = await ctx.app.inject({ method: 'GET', url: '/api/sportsbook/tickets?status=settled', headers: bearer(token) });
    expect(settled.json().tickets.map((each: { id: string; status: string }) => [each.id, each.status]).sort()).toEqual([[won, 'won'], [lost, 'lost']].sort());
  });

  it('a 4-leg accumulator with one void leg is paid as a 3-fold', async () => {
    const { member, token } = await player();
    const legOdds = [1500, 1850, 2250, 3100];
    const events = [await newEvent(1500), await newEvent(1850), await newEvent(2250), await newEvent(3100)];
    const id = await place(token, { betType: { kind: 'accumulator' }, stake: '5.00', legs: events.map((eventId, index) => leg(eventId, 'home', legOdds[index])) });
    await settle1x2(events[0]!, 'home');
    await settle1x2(events[1]!, 'home');
    await settle1x2(events[2]!, 'home', { home: { voidFactor: 1 } });
    await pass();
    expect((await ticket(id)).status).toBe('open'); // the fourth leg is still to play
    await settle1x2(events[3]!, 'home');
    await pass();
    const expected = floorProduct(500n, [1500, 1850, 3100]);
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: expected });
    expect(await cash(member)).toBe(1_000_00n - 5_00n + expected);
  });

  it('a Yankee with one losing leg pays its 4 combinations without it (partially won)', async () => {
    const { member, token } = await player();
    const legOdds = [1500, 1850, 2250, 3100];
    const events = [await newEvent(1500), await newEvent(1850), await newEvent(2250), await newEvent(3100)];
    const id = await place(token, { betType: { kind: 'system_preset', preset: 'yankee' }, stake: '1.00', legs: events.map((eventId, index) => leg(eventId, 'home', legOdds[index])) });
    await settle1x2(events[0]!, 'home');
    await settle1x2(events[1]!, 'away'); // leg 1 loses
    await settle1x2(events[2]!, 'home');
    await settle1x2(events[3]!, 'home');
    await pass();
    let expected = 0n;
    for (let mask = 0; mask < 16; mask += 1) {
      const legs = [0, 1, 2, 3].filter((index) => mask & (1 << index));
      if (legs.length >= 2 && !legs.includes(1)) expected += floorProduct(100n, legs.map((index) => legOdds[index]!));
    }
    expect(expected).toBeGreaterThan(0n);
    expect(await ticket(id)).toMatchObject({ status: 'partially_won', return_cents: expected });
    expect(await cash(member)).toBe(1_000_00n - 11_00n + expected);
  });

  it('an Asian quarter line half won: half the stake at the odds, half refunded', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await place(token, { betType: { kind: 'single' }, stake: '10.00', legs: [leg(eventId, 'home', 1900, 'asian_handicap?hcp=-0.25')] });
    await apply({
      kind: 'bet_settlement',
      eventId,
      timestamp: tick(eventId),
      markets: [{ type: 'asian_handicap', specifiers: { hcp: '-0.25' }, outcomes: [{ id: 'home', result: 'won', voidFactor: 0.5 }, { id: 'away', result: 'lost', voidFactor: 0.5 }] }],
    });
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: 14_50n }); // 5.00 × 1.90 + 5.00
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 14_50n);
  });

  it('a cancelled market voids the leg: a single gets its stake back as a win of the stake', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await place(token, { betType: { kind: 'single' }, stake: '8.00', legs: [leg(eventId, 'over', 1950, 'totals?total=2.5')] });
    const double = await place(token, { betType: { kind: 'accumulator' }, stake: '2.00', legs: [leg(eventId, 'over', 1950, 'totals?total=2.5'), leg(eventId, 'home', 2100)] });
    await apply({ kind: 'bet_cancel', eventId, timestamp: tick(eventId), markets: [{ type: 'totals', specifiers: { total: '2.5' } }], reason: 'abandoned' });
    await settle1x2(eventId, 'home');
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'void', return_cents: 8_00n });
    expect(await round(id)).toEqual({ bet: 8_00n, win: 8_00n, status: 'settled' });
    expect(await ticket(double)).toMatchObject({ status: 'won', return_cents: 4_20n }); // a single at 2.10 now
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 8_00n + 4_20n);
  });

  it('a cancellation with a time window voids only the legs placed inside it; the others stay open', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const inside = await place(token, { betType: { kind: 'single' }, stake: '3.00', legs: [leg(eventId)] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = await place(token, { betType: { kind: 'single' }, stake: '4.00', legs: [leg(eventId)] });
    const placedAt = async (id: string) => (await sql<{ at: Date }>`select accepted_at as at from sportsbook_ticket where id = ${BigInt(id)}`.execute(ctx.core.db)).rows[0]!.at;
    const [insideAt, outsideAt] = [await placedAt(inside), await placedAt(outside)];
    expect(insideAt.getTime()).toBeLessThan(outsideAt.getTime());
    await apply({ kind: 'bet_cancel', eventId, timestamp: tick(eventId), markets: [{ type: '1x2' }], from: insideAt.getTime() - 60_000, to: outsideAt.getTime() });
    const outcome = await pass();
    expect(outcome.flagged).toBe(0);
    expect(await ticket(inside)).toMatchObject({ status: 'void', return_cents: 3_00n });
    expect(await ticket(outside)).toMatchObject({ status: 'open', settle_status: null, return_cents: null });
    expect(await wins(outside)).toEqual([]);
    expect(await cash(member)).toBe(1_000_00n - 7_00n + 3_00n);
  });

  it('a ticket with a pending leg stays open (its settled leg recorded), and settles when the last leg does', async () => {
    const { member, token } = await player();
    const [first, second] = [await newEvent(), await newEvent(1800)];
    const id = await place(token, { betType: { kind: 'accumulator' }, stake: '10.00', legs: [leg(first), leg(second, 'home', 1800)] });
    await settle1x2(first, 'home');
    expect(await pass()).toMatchObject({ decided: 0, paid: 0 });
    expect(await ticket(id)).toMatchObject({ status: 'open', settle_status: null, settled_at: null });
    const legs = await sql<{ result: unknown }>`select result from sportsbook_ticket_leg where ticket_id = ${BigInt(id)} order by leg_index`.execute(ctx.core.db);
    expect(legs.rows).toEqual([{ result: { result: 'won', voidFactor: 0, deadHeatFactor: '1' } }, { result: null }]);
    expect(await wins(id)).toEqual([]);
    await settle1x2(second, 'home');
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: 37_80n });
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 37_80n);
  });

  it('a leg decided while its ticket was still waiting for its debit: recorded, and the ticket settled by the sweep once it opens', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await place(token, { betType: { kind: 'single' }, stake: '10.00', legs: [leg(eventId)] });
    // As if the debit's answer had not yet arrived when the result came.
    await sql`update sportsbook_ticket set status = 'pending_debit' where id = ${BigInt(id)}`.execute(ctx.core.db);
    await settle1x2(eventId, 'home');
    expect(await pass()).toMatchObject({ decided: 0, paid: 0 });
    const legs = await sql<{ result: unknown }>`select result from sportsbook_ticket_leg where ticket_id = ${BigInt(id)}`.execute(ctx.core.db);
    expect(legs.rows).toEqual([{ result: { result: 'won', voidFactor: 0, deadHeatFactor: '1' } }]);
    await sql`update sportsbook_ticket set status = 'open' where id = ${BigInt(id)}`.execute(ctx.core.db);
    expect(await pass({ sweep: false })).toMatchObject({ decided: 0, paid: 0 }); // the log has nothing new for it
    expect(await pass()).toMatchObject({ decided: 1, paid: 1 });
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: 21_00n });
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 21_00n);
  });

  it('a settlement applied twice, a pass run twice and two passes at once pay once', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const ids = [await place(token, { betType: { kind: 'single' }, stake: '10.00', legs: [leg(eventId)] }), await place(token, { betType: { kind: 'single' }, stake: '2.00', legs: [leg(eventId)] })];
    const message = { kind: 'bet_settlement', eventId, timestamp: tick(eventId), markets: [{ type: '1x2', outcomes: [{ id: 'home', result: 'won' }, { id: 'draw', result: 'lost' }, { id: 'away', result: 'lost' }] }] };
    await apply(message);
    await apply(message); // the same message again
    await apply({ ...message, timestamp: tick(eventId), certainty: 'confirmed' }); // the same result again, later
    const results = await sql<{ n: string }>`select count(*)::text as n from sportsbook_market_result where event_id = ${eventId}`.execute(ctx.core.db);
    expect(results.rows[0]!.n).toBe('1');
    const both = await Promise.all([pass(), pass(), pass()]);
    expect(both.reduce((sum, each) => sum + each.decided, 0)).toBe(2);
    await pass();
    for (const id of ids) expect(await wins(id)).toHaveLength(1);
    expect(await cash(member)).toBe(1_000_00n - 12_00n + 21_00n + 4_20n);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('a win whose answer was lost (a crash between intent and money) is paid by the next pass with the same transaction id, once', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await place(token, { betType: { kind: 'single' }, stake: '10.00', legs: [leg(eventId)] });
    const provider = ctx.core.modules.provider.api;
    const catalogue = ctx.core.modules.catalogue.api;
    const calls: string[] = [];
    let failures = 1;
    // The same service whose protocol call delivers the first win and then fails: the answer is lost.
    const crashing = createSportsbookTickets({
      db: ctx.core.db,
      logger: testLogger,
      money: {
        handle: async (vendorCode, action, body) => {
          const answer = await provider.callbacks.handle(vendorCode, action, body);
          if (action === 'win') {
            calls.push((body as { transactionId: string }).transactionId);
            if (failures > 0) {
              failures -= 1;
              throw new Error('connection lost after the win was sent');
            }
          }
          return answer;
        },
        ensureSeamlessVendor: catalogue.ensureSeamlessVendor,
        ensureVendorSecret: provider.ensureVendorSecret,
        issueLaunchToken: catalogue.issueLaunchToken,
      },
    });
    await settle1x2(eventId, 'home');
    expect(await crashing.api.settlePass()).toMatchObject({ decided: 1, paid: 0, unpaid: 1 });
    // The intent is stored, the ticket still open: the money went, its answer did not.
    expect(await ticket(id)).toMatchObject({ status: 'open', settle_status: 'won', return_cents: 21_00n, settled_at: null });
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 21_00n);

    expect(await crashing.api.settlePass()).toMatchObject({ decided: 0, paid: 1, unpaid: 0 });
    expect(calls).toEqual([`sportsbook-${id}-settle-1`, `sportsbook-${id}-settle-1`]);
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: 21_00n, settled_at: expect.any(Date) });
    expect(await wins(id)).toHaveLength(1);
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 21_00n);
    expect(await pass()).toMatchObject({ paid: 0, unpaid: 0 });
  });

  it('a win refused before it reached the wallet is retried by the next pass and paid once', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await place(token, { betType: { kind: 'single' }, stake: '6.00', legs: [leg(eventId, 'draw', 3400)] });
    const provider = ctx.core.modules.provider.api;
    const catalogue = ctx.core.modules.catalogue.api;
    let failures = 1;
    const flaky = createSportsbookTickets({
      db: ctx.core.db,
      logger: testLogger,
      money: {
        handle: async (vendorCode, action, body) => {
          if (action === 'win' && failures > 0) {
            failures -= 1;
            return { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'wallet database unreachable' } } };
          }
          return provider.callbacks.handle(vendorCode, action, body);
        },
        ensureSeamlessVendor: catalogue.ensureSeamlessVendor,
        ensureVendorSecret: provider.ensureVendorSecret,
        issueLaunchToken: catalogue.issueLaunchToken,
      },
    });
    await settle1x2(eventId, 'draw');
    expect(await flaky.api.settlePass()).toMatchObject({ decided: 1, paid: 0, unpaid: 1 });
    expect(await cash(member)).toBe(1_000_00n - 6_00n);
    expect(await flaky.api.settlePass()).toMatchObject({ paid: 1, unpaid: 0 });
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: 20_40n });
    expect(await wins(id)).toEqual([{ transaction_id: `sportsbook-${id}-settle-1` }]);
    expect(await cash(member)).toBe(1_000_00n - 6_00n + 20_40n);
  });
});

describe('rollbacks and results the pass will not guess', () => {
  it('a rollback before the ticket is decided reopens the leg; the next settlement decides it', async () => {
    const { member, token } = await player();
    const [first, second] = [await newEvent(), await newEvent()];
    const id = await place(token, { betType: { kind: 'accumulator' }, stake: '1.00', legs: [leg(first), leg(second)] });
    await settle1x2(first, 'away'); // would lose the ticket at once
    await apply({ kind: 'rollback_bet_settlement', eventId: first, timestamp: tick(first), markets: [{ type: '1x2' }] });
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'open', settle_status: null, needs_resettlement: false });
    await settle1x2(first, 'home');
    await settle1x2(second, 'home');
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: 4_41n });
    expect(await cash(member)).toBe(1_000_00n - 1_00n + 4_41n);
  });

  // A rollback after the ticket was settled resettles it: resettlement.test.ts.

  it('a settlement that does not name the ticket\'s selection leaves it open and flagged, loudly', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await place(token, { betType: { kind: 'single' }, stake: '5.00', legs: [leg(eventId)] });
    await apply({ kind: 'bet_settlement', eventId, timestamp: tick(eventId), markets: [{ type: '1x2', outcomes: [{ id: 'draw', result: 'won' }, { id: 'away', result: 'lost' }] }] });
    expect(await pass()).toMatchObject({ flagged: 1, decided: 0 });
    expect(await ticket(id)).toMatchObject({ status: 'open', settle_status: null, needs_resettlement: true, review_reason: 'selection_not_settled' });
    expect(await wins(id)).toEqual([]);
    expect(await cash(member)).toBe(1_000_00n - 5_00n);
  });

  it('the ledger holds', async () => {
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('keeps the markets\' and events\' liability totals equal to their live tickets', async () => {
    await expectLiabilityInStep(ctx.core.db);
  });
});
