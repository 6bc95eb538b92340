import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, loginAs, newPlayer, type TestPlayer } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { expectLedgerInvariants } from '../../../../test/wallet-race.ts';
import type { FeedMessage } from '../index.ts';
import { feedClock, expectLiabilityInStep } from '../sportsbook-test-fixtures.ts';
import { storeManualVoid } from './manual-void.ts';

/**
 * Cash-out on a real PostgreSQL through the whole app: quotes from the book's current odds less the
 * configured margin (5.00 % by default), the win through the provider protocol on the ticket's round.
 * A 10.00 single at 2.100 while the odds are still 2.100 is worth 21.00 / 2.1 = 10.00, quoted 9.50.
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
beforeEach(async () => {
  await sql`update sportsbook_ticket_setting set cashout_enabled = true, cashout_margin_bp = 500 where id = 1`.execute(ctx.core.db);
});

const apply = (message: Record<string, unknown>) => ctx.core.modules.sportsbook.api.applyFeedMessage({ producer: 'testfeed', ...message } as FeedMessage);
const settlePass = () => ctx.core.modules.sportsbook.api.tickets!.settlePass();
const market1x2 = (home: number, status: 'active' | 'suspended' = 'active') => ({ type: '1x2', status, outcomes: [{ id: 'home', odds: home }, { id: 'draw', odds: 3400 }, { id: 'away', odds: 3600 }] });
const odds1x2 = (eventId: string, home: number) => apply({ kind: 'odds_change', eventId, timestamp: tick(eventId), markets: [market1x2(home)] });
const settle1x2 = (eventId: string, winner: 'home' | 'away') =>
  apply({ kind: 'bet_settlement', eventId, timestamp: tick(eventId), markets: [{ type: '1x2', outcomes: (['home', 'draw', 'away'] as const).map((id) => ({ id, result: id === winner ? 'won' : 'lost' })) }] });

async function newEvent(home = 2100): Promise<string> {
  eventCounter += 1;
  const id = `co:match:${eventCounter}:${randomUUID().slice(0, 8)}`;
  await apply({
    kind: 'fixture_change',
    eventId: id,
    timestamp: tick(id),
    sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
    category: { id: 'co:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
    tournament: { id: 'co:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
    home: 'Flamengo',
    away: 'Palmeiras',
    startAt: T0 + 3_600_000,
  });
  await odds1x2(id, home);
  return id;
}

async function player(balance = 1_000_00n): Promise<{ member: TestPlayer; token: string }> {
  const member = await newPlayer(ctx.core, { balance });
  return { member, token: await loginAs(ctx.app, member) };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read field by field in assertions */
async function placeSingle(token: string, eventId: string, stake = '10.00', odds = 2100): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/sportsbook/tickets',
    headers: bearer(token),
    payload: { requestId: randomUUID(), betType: { kind: 'single' }, stakeMode: 'unit', stake, oddsPolicy: 'none', legs: [{ eventId, marketKey: '1x2', outcomeId: 'home', odds }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

async function quote(token: string, ticketId: string, amount?: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/sportsbook/tickets/${ticketId}/cash-out${amount ? `?amount=${amount}` : ''}`, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}
async function cashOut(token: string, ticketId: string, body: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/sportsbook/tickets/${ticketId}/cash-out`, headers: bearer(token), payload: { requestId: randomUUID(), ...body } });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const cash = (member: TestPlayer) => ctx.core.modules.wallet.api.cashOf(member.id);
const ticketRow = async (id: string) =>
  (await sql<{ status: string; settle_status: string | null; cashed_out_cents: bigint; remaining_share_num: string | null; remaining_share_den: string | null; potential_return_cents: bigint }>`
    select status, settle_status, cashed_out_cents, remaining_share_num::text, remaining_share_den::text, potential_return_cents from sportsbook_ticket where id = ${id}`.execute(ctx.core.db)).rows[0]!;
/** The provider's win transactions of the ticket's round, and the round (its wins summed, open or settled). */
const wins = async (ticketId: string) =>
  (await sql<{ transaction_id: string }>`select transaction_id from provider_transaction where vendor_code = 'SPORTSBOOK' and action = 'win' and round_id = ${`sportsbook-${ticketId}`} order by id`.execute(ctx.core.db)).rows;
const round = async (ticketId: string) =>
  (await sql<{ win: bigint; status: string }>`select win, status from provider_round where vendor_code = 'SPORTSBOOK' and round_id = ${`sportsbook-${ticketId}`}`.execute(ctx.core.db)).rows[0];
const cashOutRows = async (ticketId: string) => (await sql<{ seq: number; status: string }>`select seq, status from sportsbook_ticket_cashout where ticket_id = ${ticketId} order by seq`.execute(ctx.core.db)).rows;

describe('cash-out quotes', () => {
  it('prices an open ticket from the current odds less the margin; previews a partial amount; follows the odds', async () => {
    const { token } = await player();
    const eventId = await newEvent();
    const id = await placeSingle(token, eventId);
    const full = await quote(token, id);
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body).toMatchObject({ ticketId: id, available: true, reason: null, price: '9.50', minPartial: '1.00', maxPartial: '8.50', remainingStake: '10.00', potentialReturn: '21.00', partial: null });

    // Taking 4.00 of 9.50 leaves 5.50 / 9.50 of the ticket: stake 5.78, potential return 12.15.
    const partial = await quote(token, id, '4.00');
    expect(partial.body.partial).toEqual({ amount: '4.00', remainingStake: '5.78', potentialReturn: '12.15' });
    expect((await quote(token, id, '9.00')).body.error.code).toBe('sportsbook.cashout_amount_invalid');

    // The home side shortens to 1.500: worth 21.00 / 1.5 = 14.00, quoted 13.30.
    await odds1x2(eventId, 1500);
    expect((await quote(token, id)).body.price).toBe('13.30');

    // The margin is the operator's setting.
    await sql`update sportsbook_ticket_setting set cashout_margin_bp = 1000 where id = 1`.execute(ctx.core.db);
    expect((await quote(token, id)).body.price).toBe('12.60');

    // Someone else's ticket is not found; a malformed id is a 400.
    const other = await player();
    expect((await quote(other.token, id)).body.error.code).toBe('sportsbook.ticket_not_found');
    expect((await quote(token, 'abc')).status).toBe(400);
    expect((await quote(token, id, '1,00')).status).toBe(400);
  });

  it('an accumulator with a leg already won is priced on the legs still to play; a lost leg ends the offer', async () => {
    const { token } = await player();
    const [first, second, third] = [await newEvent(), await newEvent(), await newEvent()];
    const legs = [first, second].map((eventId) => ({ eventId, marketKey: '1x2', outcomeId: 'home', odds: 2100 }));
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/sportsbook/tickets',
      headers: bearer(token),
      payload: { requestId: randomUUID(), betType: { kind: 'accumulator' }, stakeMode: 'unit', stake: '10.00', oddsPolicy: 'none', legs },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().id as string;
    // 10.00 × 2.1 × 2.1 = 44.10 if both win: worth 44.10 / 2.1 / 2.1 = 10.00 now, quoted 9.50.
    expect((await quote(token, id)).body).toMatchObject({ price: '9.50', potentialReturn: '44.10' });
    await settle1x2(first, 'home');
    await settlePass();
    // The first leg won: worth 44.10 / 2.1 = 21.00, quoted 19.95.
    expect((await quote(token, id)).body).toMatchObject({ available: true, price: '19.95', potentialReturn: '44.10' });

    const lost = await placeSingle(token, third);
    await settle1x2(third, 'away');
    expect((await quote(token, lost)).body).toMatchObject({ available: false, reason: 'sportsbook.cashout_leg_suspended' });
    await settlePass();
    expect((await quote(token, lost)).body).toMatchObject({ available: false, reason: 'sportsbook.cashout_ticket_decided' });
  });

  it('is unavailable while a leg is suspended, and when cash-out is switched off', async () => {
    const { token } = await player();
    const eventId = await newEvent();
    const id = await placeSingle(token, eventId);
    await apply({ kind: 'bet_stop', eventId, timestamp: tick(eventId) });
    expect((await quote(token, id)).body).toMatchObject({ available: false, reason: 'sportsbook.cashout_leg_suspended', price: null });
    const refused = await cashOut(token, id, { acceptedPrice: '9.50' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('sportsbook.cashout_leg_suspended');
    expect(await cashOutRows(id)).toEqual([]);

    await odds1x2(eventId, 2100);
    expect((await quote(token, id)).body.available).toBe(true);
    await sql`update sportsbook_ticket_setting set cashout_enabled = false where id = 1`.execute(ctx.core.db);
    expect((await quote(token, id)).body).toMatchObject({ available: false, reason: 'sportsbook.cashout_disabled' });
    expect((await cashOut(token, id, { acceptedPrice: '9.50' })).body.error.code).toBe('sportsbook.cashout_disabled');
  });
});

describe('cashing out', () => {
  it('full: pays the accepted price as a win closing the round, the ticket ends cashed_out and settlement leaves it alone', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await placeSingle(token, eventId);
    const done = await cashOut(token, id, { acceptedPrice: '9.50' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ kind: 'full', paid: '9.50', ticket: { id, status: 'cashed_out', cashedOut: '9.50' } });
    const read = await ctx.app.inject({ method: 'GET', url: `/api/sportsbook/tickets/${id}`, headers: bearer(token) });
    expect(read.json()).toMatchObject({ status: 'cashed_out', cashedOut: '9.50', remainingStake: done.body.ticket.remainingStake });
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 9_50n);
    expect(await wins(id)).toEqual([{ transaction_id: `sportsbook-${id}-cashout-1` }]);
    expect(await round(id)).toEqual({ win: 9_50n, status: 'settled' });
    expect(await cashOutRows(id)).toEqual([{ seq: 1, status: 'paid' }]);

    // The match is then won: nothing more is paid.
    await settle1x2(eventId, 'home');
    await settlePass();
    expect(await ticketRow(id)).toMatchObject({ status: 'cashed_out', settle_status: null });
    expect(await wins(id)).toHaveLength(1);
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 9_50n);
    expect((await quote(token, id)).body).toMatchObject({ available: false, reason: 'sportsbook.cashout_ticket_decided' });
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('partial: pays the amount inside the round; the ticket keeps the rest and settles smaller', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await placeSingle(token, eventId);
    const done = await cashOut(token, id, { acceptedPrice: '9.50', amount: '4.00' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ kind: 'partial', paid: '4.00', ticket: { status: 'open', cashedOut: '4.00', remainingStake: '5.78', potentialReturn: '12.15' } });
    expect(await ticketRow(id)).toMatchObject({ status: 'open', remaining_share_num: '11', remaining_share_den: '19' });
    // My bets reads the same: the ticket and the list show what was paid and what stays in play.
    const mine = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) }).then((response) => response.json());
    expect(await mine(`/api/sportsbook/tickets/${id}`)).toMatchObject({ cashedOut: '4.00', remainingStake: '5.78', potentialReturn: '12.15' });
    expect((await mine('/api/sportsbook/tickets?status=open')).tickets.find((each: { id: string }) => each.id === id)).toMatchObject({ cashedOut: '4.00', remainingStake: '5.78' });
    expect(await wins(id)).toEqual([{ transaction_id: `sportsbook-${id}-cashout-1` }]);
    expect(await round(id)).toEqual({ win: 4_00n, status: 'open' });

    // The rest is quoted on what remains: 9.50 × 11/19 = 5.50.
    expect((await quote(token, id)).body).toMatchObject({ price: '5.50', remainingStake: '5.78', potentialReturn: '12.15' });

    // Won: settlement pays 21.00 × 11/19 = 12.15 (floored) as the closing win.
    await settle1x2(eventId, 'home');
    await settlePass();
    expect(await ticketRow(id)).toMatchObject({ status: 'won' });
    expect(await round(id)).toEqual({ win: 4_00n + 12_15n, status: 'settled' });
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 4_00n + 12_15n);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('an operator void after a partial cash-out returns only the stake still in play', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await placeSingle(token, eventId);
    expect((await cashOut(token, id, { acceptedPrice: '9.50', amount: '4.00' })).status).toBe(200);
    const stored = await ctx.core.db.transaction().execute((tx) => storeManualVoid(tx, BigInt(id)));
    expect(stored).toBe(5_78n); // 10.00 × 11/19, floored: the 4.00 already paid bought the rest
    await settlePass();
    expect(await ticketRow(id)).toMatchObject({ status: 'void' });
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 4_00n + 5_78n);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('a lower price now refuses with the new quote and pays nothing; a higher one pays the accepted price', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await placeSingle(token, eventId);
    expect((await quote(token, id)).body.price).toBe('9.50');
    // The home side drifts to 2.500: worth 8.40, quoted 7.98.
    await odds1x2(eventId, 2500);
    const refused = await cashOut(token, id, { acceptedPrice: '9.50' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('sportsbook.cashout_price_changed');
    expect(refused.body.error.details.quote).toMatchObject({ ticketId: id, available: true, price: '7.98' });
    expect(await cash(member)).toBe(1_000_00n - 10_00n);
    expect(await cashOutRows(id)).toEqual([]);
    expect(await ticketRow(id)).toMatchObject({ status: 'open', cashed_out_cents: 0n });

    // It shortens again to 2.000 (quoted 9.97) while the player accepts 7.98: 7.98 is paid.
    await odds1x2(eventId, 2000);
    const paid = await cashOut(token, id, { acceptedPrice: '7.98' });
    expect(paid.body).toMatchObject({ kind: 'full', paid: '7.98' });
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 7_98n);
  });

  it('a replay (same requestId) answers the first outcome and pays once; the same requestId for another amount is refused', async () => {
    const { member, token } = await player();
    const eventId = await newEvent();
    const id = await placeSingle(token, eventId);
    const requestId = randomUUID();
    const first = await cashOut(token, id, { requestId, acceptedPrice: '9.50' });
    const again = await cashOut(token, id, { requestId, acceptedPrice: '9.50' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await cash(member)).toBe(1_000_00n - 10_00n + 9_50n);
    expect(await wins(id)).toHaveLength(1);
    expect((await cashOut(token, id, { requestId, acceptedPrice: '9.50', amount: '2.00' })).body.error.code).toBe('sportsbook.cashout_request_reused');
  });

  it('two requests at once (a double click with two ids, or with one): paid once', async () => {
    const { member, token } = await player();
    const eventIds = [await newEvent(), await newEvent()];
    const [twoIds, oneId] = [await placeSingle(token, eventIds[0]!), await placeSingle(token, eventIds[1]!)];
    const both = await Promise.all([cashOut(token, twoIds, { acceptedPrice: '9.50' }), cashOut(token, twoIds, { acceptedPrice: '9.50' })]);
    expect(both.map((each) => each.status).sort()).toEqual([200, 409]);
    expect(both.find((each) => each.status === 409)!.body.error.code).toBe('sportsbook.cashout_ticket_decided');
    const requestId = randomUUID();
    const same = await Promise.all([cashOut(token, oneId, { requestId, acceptedPrice: '9.50' }), cashOut(token, oneId, { requestId, acceptedPrice: '9.50' })]);
    expect(same.map((each) => each.status)).toEqual([200, 200]);
    expect(await wins(twoIds)).toHaveLength(1);
    expect(await wins(oneId)).toHaveLength(1);
    expect(await cash(member)).toBe(1_000_00n - 20_00n + 2n * 9_50n);
  });

  it('racing the settlement: exactly one of them takes the ticket, paid once', async () => {
    const { member, token } = await player(10_000_00n);
    let cashedOut = 0;
    let settled = 0;
    for (let round = 0; round < 6; round += 1) {
      const eventId = await newEvent();
      const id = await placeSingle(token, eventId);
      const [answer] = await Promise.all([cashOut(token, id, { acceptedPrice: '9.50' }), settle1x2(eventId, 'home').then(() => settlePass())]);
      await settlePass();
      const row = await ticketRow(id);
      const paid = await wins(id);
      if (answer.status === 200) {
        cashedOut += 1;
        expect(row).toMatchObject({ status: 'cashed_out', settle_status: null });
        expect(paid.map((win) => win.transaction_id)).toEqual([`sportsbook-${id}-cashout-1`]);
      } else {
        settled += 1;
        expect(['sportsbook.cashout_leg_suspended', 'sportsbook.cashout_ticket_decided']).toContain(answer.body.error.code);
        expect(row).toMatchObject({ status: 'won' });
        expect(paid.map((win) => win.transaction_id)).toEqual([`sportsbook-${id}-settle-1`]);
      }
    }
    expect(cashedOut + settled).toBe(6);
    expect(await cash(member)).toBe(10_000_00n - 6n * 10_00n + BigInt(cashedOut) * 9_50n + BigInt(settled) * 21_00n);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('refuses bad input with a translated 4xx', async () => {
    const { token } = await player();
    const id = await placeSingle(token, await newEvent());
    for (const body of [{ acceptedPrice: '9.5' }, { acceptedPrice: '-1.00' }, { acceptedPrice: '9.50', amount: 'x' }, { acceptedPrice: '9.50', requestId: 'short' }, { acceptedPrice: '9.50', requestId: '<script>alert(1)</script>' }]) {
      expect((await cashOut(token, id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await cashOut(token, id, { acceptedPrice: '0.00' })).body.error.code).toBe('sportsbook.cashout_amount_invalid');
    expect((await cashOut(token, id, { acceptedPrice: '9.50', amount: '9.60' })).body.error.code).toBe('sportsbook.cashout_amount_invalid');
    expect((await cashOut(token, id, { acceptedPrice: '9.50', amount: '9.00' })).body.error.code).toBe('sportsbook.cashout_amount_invalid');
    expect((await cashOut(token, '999999999', { acceptedPrice: '9.50' })).body.error.code).toBe('sportsbook.ticket_not_found');
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/sportsbook/tickets/${id}/cash-out`, payload: { requestId: randomUUID(), acceptedPrice: '9.50' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await cashOutRows(id)).toEqual([]);
  });

  it('keeps the markets\' and events\' liability totals equal to their live tickets', async () => {
    await expectLiabilityInStep(ctx.core.db);
  });
});
