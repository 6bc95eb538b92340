import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newPlayer, type TestPlayer } from '../../../../test/builders.ts';
import { createTestContext, testLogger, type TestContext } from '../../../../test/test-context.ts';
import { expectLedgerInvariants } from '../../../../test/wallet-race.ts';
import type { FeedMessage } from '../index.ts';
import { feedClock, expectLiabilityInStep } from '../sportsbook-test-fixtures.ts';
import { createSportsbookTickets } from './index.ts';

/**
 * Resettlement after a corrected result (issue 23; reference §7.3) on a real PostgreSQL through
 * the whole app: the settled ticket's win taken back through the provider protocol's rollback of a
 * win (sportsbook-<id>-unsettle-n), the corrected settlement credited as the next closing win
 * (sportsbook-<id>-settle-n+1), each once, whatever is replayed or retried.
 */
let ctx: TestContext;
const { start: T0, tick } = feedClock(Date.UTC(2026, 10, 30, 18, 0, 0));

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const apply = (message: Record<string, unknown>) => ctx.core.modules.sportsbook.api.applyFeedMessage({ producer: 'testfeed', ...message } as FeedMessage);
const tickets = () => ctx.core.modules.sportsbook.api.tickets!;
const pass = () => tickets().settlePass();

async function newEvent(home = 2100): Promise<string> {
  const id = `rs:match:${randomUUID().slice(0, 8)}`;
  await apply({
    kind: 'fixture_change',
    eventId: id,
    timestamp: tick(id),
    sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
    category: { id: 'rs:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
    tournament: { id: 'rs:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
    home: 'Santos',
    away: 'Corinthians',
    startAt: T0 + 3_600_000,
  });
  await apply({ kind: 'odds_change', eventId: id, timestamp: tick(id), markets: [{ type: '1x2', status: 'active', outcomes: [{ id: 'home', odds: home }, { id: 'draw', odds: 3400 }, { id: 'away', odds: 3600 }] }] });
  return id;
}

const settlement = (eventId: string, winner: 'home' | 'draw' | 'away') => ({
  kind: 'bet_settlement',
  eventId,
  markets: [{ type: '1x2', outcomes: (['home', 'draw', 'away'] as const).map((id) => ({ id, result: id === winner ? 'won' : 'lost' })) }],
});
const settle1x2 = (eventId: string, winner: 'home' | 'draw' | 'away') => apply({ ...settlement(eventId, winner), timestamp: tick(eventId) });
const rollback = (eventId: string, kind: 'rollback_bet_settlement' | 'rollback_bet_cancel' = 'rollback_bet_settlement') => apply({ kind, eventId, timestamp: tick(eventId), markets: [{ type: '1x2' }] });
/** An operator's or the feed's correction: the settlement rolled back, the corrected one sent. */
async function correct(eventId: string, winner: 'home' | 'draw' | 'away') {
  await rollback(eventId);
  await settle1x2(eventId, winner);
}

async function player(balance = 1_000_00n): Promise<{ member: TestPlayer; token: string }> {
  const member = await newPlayer(ctx.core, { balance });
  return { member, token: await loginAs(ctx.app, member) };
}
const leg = (eventId: string, outcomeId = 'home', odds = 2100) => ({ eventId, marketKey: '1x2', outcomeId, odds });
async function place(token: string, body: Record<string, unknown>): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/sportsbook/tickets', headers: bearer(token), payload: { requestId: randomUUID(), stakeMode: 'unit', oddsPolicy: 'none', ...body } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}
const single = (token: string, eventId: string, outcomeId = 'home', odds = 2100, stake = '10.00') => place(token, { betType: { kind: 'single' }, stake, legs: [leg(eventId, outcomeId, odds)] });

const cash = (member: TestPlayer) => ctx.core.modules.wallet.api.cashOf(member.id);
async function ticket(id: string) {
  return (await sql<{ status: string; settle_status: string | null; return_cents: bigint | null; settle_n: number; settled_at: Date | null }>`
    select status, settle_status, return_cents, settle_n, settled_at from sportsbook_ticket where id = ${BigInt(id)}`.execute(ctx.core.db)).rows[0]!;
}
/** The round's protocol transactions in order: action and transaction id. */
async function transactions(id: string): Promise<string[]> {
  const rows = await sql<{ action: string; transaction_id: string }>`
    select action, transaction_id from provider_transaction where vendor_code = 'SPORTSBOOK' and round_id = ${`sportsbook-${id}`} order by id`.execute(ctx.core.db);
  return rows.rows.map((row) => `${row.action} ${row.transaction_id}`);
}
/** The ledger's journals of the ticket: key, type, and the key of the journal a reversal reverses. */
async function journals(id: string) {
  const rows = await sql<{ key: string; type: string; status: string; reverses: string | null; product: string | null }>`
    select j.idempotency_key as key, j.type, j.status, o.idempotency_key as reverses, j.product
    from wallet_journal j left join wallet_journal o on o.id = j.reverses_id
    where j.idempotency_key like ${`%:SPORTSBOOK:sportsbook-${id}-%`} order by j.id`.execute(ctx.core.db);
  return rows.rows;
}
const history = async (id: string) =>
  (await tickets().resettlementHistory(BigInt(id))).map((row) => ({ n: row.n, status: row.status, return: row.return, paid: row.paidAt !== null, reversal: row.reversalTransactionId, reversed: row.reversedAt !== null }));

describe('resettling tickets after a corrected result', () => {
  it('won → lost and lost → won: the old win reversed, the corrected one credited, once; the ledger shows win, reversal, new win', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const home = await single(token, eventId, 'home', 2100, '10.00');
    const away = await single(token, eventId, 'away', 3600, '5.00');
    await settle1x2(eventId, 'home');
    await pass();
    expect(await ticket(home)).toMatchObject({ status: 'won', return_cents: 21_00n, settle_n: 1 });
    expect(await cash(member)).toBe(1_000_00n - 15_00n + 21_00n);

    await correct(eventId, 'away');
    expect(await pass()).toMatchObject({ results: 2, decided: 2, reversed: 2, paid: 4, unpaid: 0 });
    expect(await ticket(home)).toMatchObject({ status: 'lost', settle_status: 'lost', return_cents: 0n, settle_n: 2, settled_at: expect.any(Date) });
    expect(await ticket(away)).toMatchObject({ status: 'won', return_cents: 18_00n, settle_n: 2 });
    expect(await cash(member)).toBe(1_000_00n - 15_00n + 18_00n);

    expect(await transactions(home)).toEqual([`bet sportsbook-${home}-bet`, `win sportsbook-${home}-settle-1`, `rollback sportsbook-${home}-unsettle-1`, `win sportsbook-${home}-settle-2`]);
    // The ledger: the stake, the win, its reversal (the 0.00 win of settle-2 posts nothing), all filed under sports.
    expect(await journals(home)).toEqual([
      { key: `bet:SPORTSBOOK:sportsbook-${home}-bet`, type: 'bet', status: 'applied', reverses: null, product: 'sports' },
      { key: `win:SPORTSBOOK:sportsbook-${home}-settle-1`, type: 'win', status: 'applied', reverses: null, product: 'sports' },
      { key: `rollback:SPORTSBOOK:sportsbook-${home}-unsettle-1`, type: 'rollback', status: 'applied', reverses: `win:SPORTSBOOK:sportsbook-${home}-settle-1`, product: null },
    ]);
    // The lost ticket's 0.00 win had nothing to reverse; its corrected win is credited.
    expect((await journals(away)).map((row) => row.key)).toEqual([`bet:SPORTSBOOK:sportsbook-${away}-bet`, `win:SPORTSBOOK:sportsbook-${away}-settle-2`]);
    expect(await history(home)).toEqual([
      { n: 1, status: 'won', return: '21.00', paid: true, reversal: `sportsbook-${home}-unsettle-1`, reversed: true },
      { n: 2, status: 'lost', return: '0.00', paid: true, reversal: null, reversed: false },
    ]);
    // The member's view of the ticket shows the same history (GET /api/sportsbook/tickets/:id).
    const view = await ctx.app.inject({ method: 'GET', url: `/api/sportsbook/tickets/${home}`, headers: bearer(token) });
    expect(view.json()).toMatchObject({
      status: 'lost',
      return: '0.00',
      settlements: [
        { n: 1, status: 'won', return: '21.00', paidAt: expect.any(String), reversed: true, reversedAt: expect.any(String) },
        { n: 2, status: 'lost', return: '0.00', paidAt: expect.any(String), reversed: false, reversedAt: null },
      ],
    });
    const round = await sql<{ bet: bigint; win: bigint; status: string }>`select bet, win, status from provider_round where vendor_code = 'SPORTSBOOK' and round_id = ${`sportsbook-${home}`}`.execute(ctx.core.db);
    expect(round.rows[0]).toEqual({ bet: 10_00n, win: 0n, status: 'settled' });

    // Nothing more on the next passes.
    expect(await pass()).toMatchObject({ decided: 0, reversed: 0, paid: 0, unpaid: 0 });
    expect(await cash(member)).toBe(1_000_00n - 15_00n + 18_00n);
  });

  it('the same correction applied twice, and passes run twice and at once: resettled once', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await single(token, eventId);
    await settle1x2(eventId, 'home');
    await pass();
    await rollback(eventId);
    const corrected = { ...settlement(eventId, 'draw'), timestamp: tick(eventId) };
    await apply(corrected);
    await apply(corrected); // the same message again: the market is settled with it, no new log row
    await Promise.all([pass(), pass(), pass()]);
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'lost', settle_n: 2 });
    expect(await transactions(id)).toEqual([`bet sportsbook-${id}-bet`, `win sportsbook-${id}-settle-1`, `rollback sportsbook-${id}-unsettle-1`, `win sportsbook-${id}-settle-2`]);
    expect(await cash(member)).toBe(1_000_00n - 10_00n);
  });

  it('corrected to the same result in one pass: nothing moves', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await single(token, eventId);
    await settle1x2(eventId, 'home');
    await pass();
    const before = await transactions(id);
    await correct(eventId, 'home');
    expect(await pass()).toMatchObject({ results: 2, decided: 0, reversed: 0, paid: 0 });
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: 21_00n, settle_n: 1 });
    expect(await transactions(id)).toEqual(before);
    expect(await history(id)).toEqual([{ n: 1, status: 'won', return: '21.00', paid: true, reversal: null, reversed: false }]);
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 21_00n);
  });

  it('void → won: a cancelled market rolled back and settled; the refund reversed, the win credited', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await single(token, eventId);
    await apply({ kind: 'bet_cancel', eventId, timestamp: tick(eventId), markets: [{ type: '1x2' }], reason: 'abandoned' });
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'void', return_cents: 10_00n });
    expect(await cash(member)).toBe(1_000_00n);
    await rollback(eventId, 'rollback_bet_cancel');
    await settle1x2(eventId, 'home');
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: 21_00n, settle_n: 2 });
    expect(await history(id)).toEqual([
      { n: 1, status: 'void', return: '10.00', paid: true, reversal: `sportsbook-${id}-unsettle-1`, reversed: true },
      { n: 2, status: 'won', return: '21.00', paid: true, reversal: null, reversed: false },
    ]);
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 21_00n);
  });

  it('an accumulator with one leg corrected: resettled from its new product', async () => {
    const { member, token } = await player();
    const [first, second] = [await newEvent(1500), await newEvent(1800)];
    const id = await place(token, { betType: { kind: 'accumulator' }, stake: '10.00', legs: [leg(first, 'home', 1500), leg(second, 'draw', 3400)] });
    await settle1x2(first, 'home');
    await settle1x2(second, 'away');
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'lost', return_cents: 0n });
    await correct(second, 'draw');
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: 51_00n, settle_n: 2 }); // 10.00 × 1.50 × 3.40
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 51_00n);
    // The first leg's result stands; only the corrected leg's changed.
    const legs = await sql<{ result: { result: string } }>`select result from sportsbook_ticket_leg where ticket_id = ${BigInt(id)} order by leg_index`.execute(ctx.core.db);
    expect(legs.rows.map((row) => row.result.result)).toEqual(['won', 'won']);
  });

  it('a rollback alone takes the win back and reopens the ticket; the result sent later settles it again', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await single(token, eventId);
    await settle1x2(eventId, 'home');
    await pass();
    await rollback(eventId);
    expect(await pass()).toMatchObject({ decided: 0, reversed: 1, paid: 1 });
    expect(await ticket(id)).toMatchObject({ status: 'open', settle_status: null, return_cents: null, settle_n: 1, settled_at: null });
    expect(await cash(member)).toBe(1_000_00n - 10_00n);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/sportsbook/tickets/${id}`, headers: bearer(token) });
    expect(view.json()).toMatchObject({ status: 'open', return: null, settledAt: null });

    await settle1x2(eventId, 'home'); // the same result again, in a later pass: credited again as settle-2
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'won', return_cents: 21_00n, settle_n: 2 });
    expect(await transactions(id)).toEqual([`bet sportsbook-${id}-bet`, `win sportsbook-${id}-settle-1`, `rollback sportsbook-${id}-unsettle-1`, `win sportsbook-${id}-settle-2`]);
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 21_00n);
  });

  it('a crash between the reversal and the new credit: the next pass completes with the same ids, paying once', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await single(token, eventId);
    await settle1x2(eventId, 'home');
    await pass();
    const provider = ctx.core.modules.provider.api;
    const catalogue = ctx.core.modules.catalogue.api;
    const calls: string[] = [];
    let winFailures = 1;
    let reversalAnswersLost = 1;
    // The reversal goes through but its answer is lost; then the new win fails before it is sent.
    const crashing = createSportsbookTickets({
      db: ctx.core.db,
      logger: testLogger,
      money: {
        handle: async (vendorCode, action, body) => {
          const transactionId = (body as { transactionId?: string }).transactionId ?? '';
          if (action === 'win' || action === 'rollback') calls.push(transactionId);
          if (action === 'win' && winFailures > 0) {
            winFailures -= 1;
            throw new Error('process crashed before the win was sent');
          }
          const answer = await provider.callbacks.handle(vendorCode, action, body);
          if (action === 'rollback' && reversalAnswersLost > 0) {
            reversalAnswersLost -= 1;
            throw new Error('connection lost after the reversal was sent');
          }
          return answer;
        },
        ensureSeamlessVendor: catalogue.ensureSeamlessVendor,
        ensureVendorSecret: provider.ensureVendorSecret,
        issueLaunchToken: catalogue.issueLaunchToken,
      },
    });
    await correct(eventId, 'away');
    expect(await crashing.api.settlePass()).toMatchObject({ decided: 1, reversed: 1, paid: 0, unpaid: 1 });
    // The reversal happened, its answer was lost: the new win waits for it.
    expect(await cash(member)).toBe(1_000_00n - 10_00n);
    expect(await ticket(id)).toMatchObject({ status: 'open', settle_status: 'lost', settle_n: 2 });
    expect(await crashing.api.settlePass()).toMatchObject({ paid: 1, unpaid: 1 }); // the reversal replayed; the win crashed
    expect(await crashing.api.settlePass()).toMatchObject({ paid: 1, unpaid: 0 });
    expect(calls).toEqual([`sportsbook-${id}-unsettle-1`, `sportsbook-${id}-unsettle-1`, `sportsbook-${id}-settle-2`, `sportsbook-${id}-settle-2`]);
    expect(await ticket(id)).toMatchObject({ status: 'lost', settle_n: 2, settled_at: expect.any(Date) });
    expect(await transactions(id)).toEqual([`bet sportsbook-${id}-bet`, `win sportsbook-${id}-settle-1`, `rollback sportsbook-${id}-unsettle-1`, `win sportsbook-${id}-settle-2`]);
    expect(await cash(member)).toBe(1_000_00n - 10_00n);
  });

  it('a reversal the balance cannot cover waits (retried with the same id) and completes once the money is there', async () => {
    const { member, token } = await player(10_00n);
    const eventId = await newEvent();
    const id = await single(token, eventId);
    await settle1x2(eventId, 'home');
    await pass();
    expect(await cash(member)).toBe(21_00n);
    // The member spends the win elsewhere.
    const other = await newEvent();
    await single(token, other, 'home', 2100, '20.00');
    await correct(eventId, 'draw');
    expect(await pass()).toMatchObject({ reversed: 1, paid: 0, unpaid: 1 });
    expect(await pass()).toMatchObject({ paid: 0, unpaid: 1 });
    expect(await ticket(id)).toMatchObject({ status: 'open', settle_status: 'lost', settle_n: 2 });
    await settle1x2(other, 'home'); // the other ticket wins 42.00
    await pass();
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'lost', settle_n: 2 });
    expect(await cash(member)).toBe(21_00n - 20_00n + 42_00n - 21_00n);
  });

  it('a cashed-out ticket is never resettled', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await single(token, eventId);
    await sql`update sportsbook_ticket set status = 'cashed_out' where id = ${BigInt(id)}`.execute(ctx.core.db);
    await settle1x2(eventId, 'home');
    await pass();
    await correct(eventId, 'away');
    await pass();
    expect(await ticket(id)).toMatchObject({ status: 'cashed_out', settle_status: null, settle_n: 0 });
    expect(await transactions(id)).toEqual([`bet sportsbook-${id}-bet`]);
    expect(await cash(member)).toBe(1_000_00n - 10_00n);
  });

  it('the ledger holds', async () => {
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('keeps the markets\' and events\' liability totals equal to their live tickets', async () => {
    await expectLiabilityInStep(ctx.core.db);
  });
});
