import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newOperator, newPlayer, type TestOperator } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';

/**
 * The sportsbook console's API on a real PostgreSQL through the whole app: events created by hand
 * (producer manual) and traded, results and corrections with maker-checker, liability, big-bet
 * alerts, tickets with the manual void, and the feed's health.
 */
let ctx: TestContext;
let risk: TestOperator;
let checker: TestOperator;
let support: TestOperator;

beforeAll(async () => {
  ctx = await createTestContext();
  risk = await newOperator(ctx.core, ctx.app, 'risk');
  checker = await newOperator(ctx.core, ctx.app, 'owner');
  support = await newOperator(ctx.core, ctx.app, 'support');
  await sql`update sportsbook_ticket_setting set live_delay_ms = 0, min_stake_cents = 100 where id = 1`.execute(ctx.core.db);
}, 120_000);
afterAll(async () => {
  await sql`update sportsbook_backoffice_setting set result_approval_cents = 1000000, void_approval_cents = 100000, big_bet_stake_cents = 100000, big_bet_return_cents = 1000000 where id = 1`.execute(ctx.core.db);
  await ctx?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
type Json = Record<string, any>;
async function call(operator: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<{ status: number; body: Json }> {
  const response = await ctx.app.inject({ method, url: `/api/backoffice/sportsbook${url}`, headers: bearer(operator.token), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as Json };
}

const fixture = (overrides: Record<string, unknown> = {}) => ({
  requestId: randomUUID(),
  sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
  category: { namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
  tournament: { namePt: 'Copa Manual', nameEn: 'Manual Cup' },
  home: 'Bahia',
  away: 'Vitória',
  startAt: new Date(Date.now() + 3_600_000).toISOString(),
  markets: [
    { type: '1x2', outcomes: [{ id: 'home', odds: '2.10' }, { id: 'draw', odds: '3.40' }, { id: 'away', odds: '3.60' }] },
    { type: 'totals', specifiers: { total: '2.5' }, outcomes: [{ id: 'over', odds: '1.95' }, { id: 'under', odds: '1.85' }] },
  ],
  ...overrides,
});

async function newEvent(): Promise<string> {
  const created = await call(risk, 'POST', '/events', fixture());
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.eventId as string;
}

async function placeSingle(eventId: string, stake: string, outcomeId = 'home', odds = 2100): Promise<string> {
  const member = await newPlayer(ctx.core, { balance: 10_000_00n });
  const token = await loginAs(ctx.app, member);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/sportsbook/tickets',
    headers: bearer(token),
    payload: { requestId: randomUUID(), stakeMode: 'unit', oddsPolicy: 'any', betType: { kind: 'single' }, stake, legs: [{ eventId, marketKey: '1x2', outcomeId, odds }] },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().id as string;
}

const settle = () => ctx.core.modules.sportsbook.api.tickets!.settlePass({ sweep: true });
const ticketStatus = async (id: string) => (await sql<{ status: string }>`select status from sportsbook_ticket where id = ${id}`.execute(ctx.core.db)).rows[0]!.status;
const approve = (operator: TestOperator, id: string) => ctx.app.inject({ method: 'POST', url: `/api/backoffice/approvals/${id}/approve`, headers: bearer(operator.token) });
const setThresholds = (values: { result?: number; void?: number; stake?: number; ret?: number }) =>
  sql`update sportsbook_backoffice_setting set result_approval_cents = ${values.result ?? 1_000_000}, void_approval_cents = ${values.void ?? 100_000},
      big_bet_stake_cents = ${values.stake ?? 100_000}, big_bet_return_cents = ${values.ret ?? 1_000_000} where id = 1`.execute(ctx.core.db);

describe('events and markets by hand', () => {
  it('creates an event with its markets as the manual producer, once per request id', async () => {
    const body = fixture();
    const first = await call(risk, 'POST', '/events', body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'applied', eventId: `manual:${body.requestId}`, marketsChanged: 2, replayed: false });
    const again = await call(risk, 'POST', '/events', body);
    expect(again.body).toMatchObject({ eventId: first.body.eventId, replayed: true });
    const detail = await call(support, 'GET', `/events/${first.body.eventId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ producer: 'manual', home: 'Bahia', away: 'Vitória', status: 'not_started', tournament: { namePt: 'Copa Manual' } });
    expect(detail.body.markets.map((market: Json) => market.marketKey)).toEqual(['1x2', 'totals?total=2.5']);
    expect(detail.body.markets[0].outcomes[0]).toMatchObject({ id: 'home', odds: '2.100', active: true, liability: '0.00' });
    // The public book shows it like any feed's event.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/sportsbook/events/${first.body.eventId}` })).statusCode).toBe(200);
    // A second event of the same tournament name lands in the same tournament.
    const second = await call(risk, 'POST', '/events', fixture());
    expect((await call(risk, 'GET', `/events/${second.body.eventId}`)).body.tournament.id).toBe(detail.body.tournament.id);
    const list = await call(support, 'GET', '/events?q=Bahia&producer=manual');
    expect(list.body.content.some((row: Json) => row.id === first.body.eventId)).toBe(true);
  });

  it('changes odds, suspends, reopens, reprices to a margin and runs the live state', async () => {
    const eventId = await newEvent();
    const odds = await call(risk, 'POST', `/events/${eventId}/odds`, { requestId: randomUUID(), marketKey: '1x2', outcomes: [{ id: 'home', odds: '2.25' }] });
    expect(odds.body).toMatchObject({ status: 'applied', marketsChanged: 1 });
    let market = (await call(risk, 'GET', `/events/${eventId}`)).body.markets[0];
    expect(market.outcomes.map((outcome: Json) => outcome.odds)).toEqual(['2.250', '3.400', '3.600']);

    expect((await call(risk, 'POST', `/events/${eventId}/suspend`, { requestId: randomUUID(), marketKey: '1x2' })).status).toBe(200);
    expect((await call(risk, 'GET', `/events/${eventId}`)).body.markets[0].status).toBe('suspended');
    expect((await call(risk, 'POST', `/events/${eventId}/reopen`, { requestId: randomUUID() })).status).toBe(200);
    expect((await call(risk, 'GET', `/events/${eventId}`)).body.markets.map((row: Json) => row.status)).toEqual(['active', 'active']);

    expect((await call(risk, 'POST', `/events/${eventId}/margin`, { requestId: randomUUID(), marketKey: '1x2', marginPercent: '8' })).status).toBe(200);
    market = (await call(risk, 'GET', `/events/${eventId}`)).body.markets[0];
    expect(Number(market.marginPercent)).toBeCloseTo(8, 0);

    const live = await call(risk, 'POST', `/events/${eventId}/state`, { requestId: randomUUID(), status: 'live', homeScore: 1, awayScore: 0, period: '1H', clockSeconds: 1200 });
    expect(live.status).toBe(200);
    expect((await call(risk, 'GET', `/events/${eventId}`)).body).toMatchObject({ status: 'live', homeScore: 1, awayScore: 0, period: '1H', clockSeconds: 1200 });
    await call(risk, 'POST', `/events/${eventId}/state`, { requestId: randomUUID(), status: 'ended' });
    const ended = (await call(risk, 'GET', `/events/${eventId}`)).body;
    expect(ended.status).toBe('ended');
    expect(ended.markets.map((row: Json) => row.status)).toEqual(['suspended', 'suspended']);

    const other = await newEvent();
    expect((await call(risk, 'POST', `/events/${other}/state`, { requestId: randomUUID(), status: 'cancelled' })).status).toBe(200);
    const cancelled = (await call(risk, 'GET', `/events/${other}`)).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', home: 'Bahia', tournament: { namePt: 'Copa Manual' } });
    expect(cancelled.markets.map((row: Json) => row.status)).toEqual(['suspended', 'suspended']);
  });

  it('refuses an operator without the permission (403) and bad input (translated 400/404), changing nothing', async () => {
    const before = (await sql<{ n: number }>`select count(*)::int as n from sportsbook_event`.execute(ctx.core.db)).rows[0]!.n;
    const refused = await call(support, 'POST', '/events', fixture());
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('backoffice.forbidden');
    const eventId = await newEvent();
    expect((await call(support, 'POST', `/events/${eventId}/suspend`, { requestId: randomUUID() })).status).toBe(403);
    expect((await call(support, 'POST', `/events/${eventId}/results`, { requestId: randomUUID(), marketKey: '1x2', void: true, reason: 'x' })).status).toBe(403);
    for (const payload of [
      {},
      fixture({ requestId: 'not-a-uuid' }),
      fixture({ home: 'x'.repeat(161) }),
      fixture({ home: '   ' }),
      fixture({ away: undefined }),
      fixture({ startAt: 'amanhã' }),
      fixture({ markets: [{ type: '1x2', outcomes: [{ id: 'home', odds: 'abc' }] }] }),
      fixture({ markets: [{ type: '1x2', outcomes: [{ id: 'home', odds: '1' }] }] }),
      fixture({ markets: [{ type: 'no_such', outcomes: [{ id: 'home', odds: '2.00' }] }] }),
      fixture({ markets: [{ type: '1x2', outcomes: [{ id: "'; drop table sportsbook_event; --", odds: '2.00' }] }] }),
      fixture({ sport: { id: 'curling' } }),
    ]) {
      const answer = await call(risk, 'POST', '/events', payload);
      expect([400, 404], JSON.stringify(payload).slice(0, 120)).toContain(answer.status);
      expect(answer.body.error.code).toMatch(/^(validation\.failed|request\.malformed|sportsbook\.)/);
    }
    expect((await call(risk, 'POST', `/events/${eventId}/odds`, { requestId: randomUUID(), marketKey: 'nope', outcomes: [{ id: 'home', odds: '2.00' }] })).body.error.code).toBe('sportsbook.market_not_found');
    expect((await call(risk, 'POST', `/events/${eventId}/odds`, { requestId: randomUUID(), marketKey: '1x2', outcomes: [{ id: 'over', odds: '2.00' }] })).body.error.code).toBe('sportsbook.market_invalid');
    expect((await call(risk, 'GET', '/events/%3Cscript%3E')).status).toBe(400);
    expect((await call(risk, 'GET', '/events/no-such-event')).body.error.code).toBe('sportsbook.event_not_found');
    const after = (await sql<{ n: number }>`select count(*)::int as n from sportsbook_event`.execute(ctx.core.db)).rows[0]!.n;
    expect(after).toBe(before + 1);
    const failed = (await sql<{ n: number }>`select count(*)::int as n from sportsbook_backoffice_action where status = 'applying'`.execute(ctx.core.db)).rows[0]!.n;
    expect(failed).toBe(0);
  });
});

describe('results, liability, alerts and tickets', () => {
  it('shows liability per outcome and per event, alerts big bets and finds tickets', async () => {
    await setThresholds({ stake: 50_00, ret: 100_000_00 });
    const eventId = await newEvent();
    const big = await placeSingle(eventId, '60.00');
    await placeSingle(eventId, '10.00', 'away', 3600);
    const detail = (await call(support, 'GET', `/events/${eventId}`)).body;
    expect(detail.liability).toMatchObject({ tickets: 2, stake: '70.00', potentialReturn: '162.00' });
    expect(detail.markets[0].outcomes.find((outcome: Json) => outcome.id === 'home')).toMatchObject({ liability: '126.00', stake: '60.00', tickets: 1 });
    const liability = (await call(support, 'GET', '/liability')).body.content.find((row: Json) => row.eventId === eventId);
    expect(liability).toMatchObject({ tickets: 2, potentialReturn: '162.00', worstOutcome: { marketKey: '1x2', outcomeId: 'home', liability: '126.00' } });

    const alerts = (await call(support, 'GET', '/alerts?acknowledged=false')).body;
    expect(alerts.content[0]).toMatchObject({ ticketId: big, reasons: ['stake'], acknowledgedBy: null });
    expect((await call(support, 'POST', `/alerts/${big}/acknowledge`)).status).toBe(403);
    expect((await call(risk, 'POST', `/alerts/${big}/acknowledge`)).body).toMatchObject({ ticketId: big, replayed: false });
    expect((await call(risk, 'POST', `/alerts/${big}/acknowledge`)).body.replayed).toBe(true);
    expect((await call(support, 'GET', '/alerts?acknowledged=false')).body.content.some((row: Json) => row.ticketId === big)).toBe(false);

    const found = (await call(support, 'GET', `/tickets?eventId=${encodeURIComponent(eventId)}&minStake=50`)).body;
    expect(found.content.map((row: Json) => row.id)).toEqual([big]);
    const ticket = (await call(support, 'GET', `/tickets/${big}`)).body;
    expect(ticket).toMatchObject({ id: big, status: 'open', totalStake: '60.00', legs: [{ eventId, marketKey: '1x2', outcomeId: 'home', lockedOdds: '2.100' }] });
    expect(ticket.transactions[0]).toMatchObject({ action: 'bet', amount: '60.00' });
    expect((await call(support, 'GET', '/tickets?from=2026-13-45')).status).toBe(400);
    expect((await call(support, 'GET', '/tickets/99999999')).body.error.code).toBe('sportsbook.ticket_not_found');
  });

  it('enters a result under the threshold at once, and a correction above it waits for a second operator', async () => {
    await setThresholds({ result: 100_00 });
    const eventId = await newEvent();
    const ticket = await placeSingle(eventId, '20.00');
    const result = { marketKey: '1x2', outcomes: [{ id: 'home', result: 'won' }, { id: 'draw', result: 'lost' }, { id: 'away', result: 'lost' }], reason: 'súmula oficial' };
    const requestId = randomUUID();
    const entered = await call(risk, 'POST', `/events/${eventId}/results`, { requestId, ...result });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(entered.body).toMatchObject({ status: 'applied', marketsChanged: 1 });
    expect((await call(risk, 'POST', `/events/${eventId}/results`, { requestId, ...result })).body.replayed).toBe(true);
    expect((await call(risk, 'POST', `/events/${eventId}/results`, { requestId: randomUUID(), ...result })).body.error.code).toBe('sportsbook.market_already_settled');
    await settle();
    expect(await ticketStatus(ticket)).toBe('won');

    await setThresholds({ result: 0 });
    const correction = { requestId: randomUUID(), marketKey: '1x2', correction: true, outcomes: [{ id: 'home', result: 'lost' }, { id: 'draw', result: 'won' }, { id: 'away', result: 'lost' }], reason: 'gol anulado' };
    const proposed = await call(risk, 'POST', `/events/${eventId}/results`, correction);
    expect(proposed.status).toBe(202);
    expect(proposed.body).toMatchObject({ status: 'pending_approval', marketsChanged: 0 });
    expect((await call(risk, 'POST', `/events/${eventId}/results`, correction)).body).toMatchObject({ status: 'pending_approval', replayed: true, approvalId: proposed.body.approvalId });
    const kinds = async () => (await sql<{ kind: string }>`select kind from sportsbook_market_result where event_id = ${eventId} order by seq`.execute(ctx.core.db)).rows.map((row) => row.kind);
    expect(await kinds()).toEqual(['settlement']);
    expect((await approve(risk, proposed.body.approvalId)).json().error.code).toBe('backoffice.approval_self_decision');
    const approved = await approve(checker, proposed.body.approvalId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect(await kinds()).toEqual(['settlement', 'rollback_settlement', 'settlement']);
    expect((await approve(checker, proposed.body.approvalId)).statusCode).toBe(409);
    // Resettled: the ticket's money reads bet, the first win, its reversal (the same amount), the new settlement (0.00).
    await settle();
    expect(await ticketStatus(ticket)).toBe('lost');
    const detail = (await call(risk, 'GET', `/tickets/${ticket}`)).body;
    const paid = detail.potentialReturn as string;
    expect(detail.transactions.map((tx: Json) => [tx.action, tx.transactionId.replace(/^sportsbook-\d+-/, ''), tx.amount])).toEqual([
      ['bet', 'bet', '20.00'],
      ['win', 'settle-1', paid],
      ['rollback', 'unsettle-1', paid],
      ['win', 'settle-2', '0.00'],
    ]);
    const audit = await sql<{ action: string }>`select action from backoffice_audit where target_id = ${`${eventId} 1x2`} order by id`.execute(ctx.core.db);
    expect(audit.rows.map((row) => row.action)).toEqual(['sportsbook.result.entered', 'sportsbook.result.corrected']);
    // A correction of a market without a result is refused.
    await setThresholds({});
    expect((await call(risk, 'POST', `/events/${eventId}/results`, { ...correction, requestId: randomUUID(), marketKey: 'totals?total=2.5' })).body.error.code).toBe('sportsbook.market_not_settled');
    expect((await call(risk, 'POST', `/events/${eventId}/results`, { requestId: randomUUID(), marketKey: '1x2', reason: 'x' })).status).toBe(400);
  });

  it('voids an open ticket (its stake returned), refuses a settled one, and asks approval above the threshold', async () => {
    await setThresholds({ void: 50_00 });
    const eventId = await newEvent();
    const small = await placeSingle(eventId, '20.00');
    const large = await placeSingle(eventId, '80.00');
    expect((await call(support, 'POST', `/tickets/${small}/void`, { requestId: randomUUID(), reason: 'erro de odds' })).status).toBe(403);
    expect((await call(risk, 'POST', `/tickets/${small}/void`, { requestId: randomUUID(), reason: '' })).status).toBe(400);
    const requestId = randomUUID();
    const voided = await call(risk, 'POST', `/tickets/${small}/void`, { requestId, reason: 'erro de odds' });
    expect(voided.body).toMatchObject({ status: 'voided', ticketId: small, replayed: false });
    expect((await call(risk, 'POST', `/tickets/${small}/void`, { requestId, reason: 'erro de odds' })).body.replayed).toBe(true);
    await settle();
    expect(await ticketStatus(small)).toBe('void');
    const detail = (await call(risk, 'GET', `/tickets/${small}`)).body;
    expect(detail.transactions.map((tx: Json) => tx.action)).toEqual(['bet', 'win']);
    expect(detail.transactions[1].amount).toBe('20.00');
    expect((await call(risk, 'POST', `/tickets/${small}/void`, { requestId: randomUUID(), reason: 'de novo' })).body.error.code).toBe('sportsbook.ticket_settled');

    const proposed = await call(risk, 'POST', `/tickets/${large}/void`, { requestId: randomUUID(), reason: 'suspeita de fraude' });
    expect(proposed.status).toBe(202);
    expect(await ticketStatus(large)).toBe('open');
    expect((await approve(checker, proposed.body.approvalId)).statusCode).toBe(200);
    await settle();
    expect(await ticketStatus(large)).toBe('void');
  });

  it("reports the feed's health with refused messages, keeping two days of them", async () => {
    await newEvent();
    await sql`insert into sportsbook_feed_refusal (producer, code, detail, refused_at) values ('oldfeed', 'unknown_event', 'old', now() - interval '3 days')`.execute(ctx.core.db);
    await expect(ctx.core.modules.sportsbook.api.applyFeedMessage({ kind: 'bet_stop', producer: 'manual', eventId: 'no:such:event', timestamp: Date.now() })).rejects.toThrow();
    const health = (await call(support, 'GET', '/feed-health')).body;
    const manual = health.producers.find((row: Json) => row.producer === 'manual');
    expect(manual.messagesPerMinute).toBeGreaterThan(0);
    expect(manual.refusedLastHour).toBeGreaterThan(0);
    expect(health.recentRefusals[0]).toMatchObject({ producer: 'manual', eventId: 'no:such:event', code: 'unknown_event' });
    expect(typeof health.flaggedTickets).toBe('number');
    expect((await sql<{ n: number }>`select count(*)::int as n from sportsbook_feed_refusal where producer = 'oldfeed'`.execute(ctx.core.db)).rows[0]!.n).toBe(0);
  });

  it('reads and replaces the thresholds (settings.manage only)', async () => {
    expect((await call(support, 'GET', '/settings')).status).toBe(200);
    const body = { resultApproval: '10000.00', voidApproval: '1000.00', bigBetStake: '1000.00', bigBetReturn: '10000.00' };
    expect((await call(risk, 'PUT', '/settings', body)).status).toBe(403);
    expect((await call(checker, 'PUT', '/settings', { ...body, bigBetStake: '0.00' })).status).toBe(400);
    expect((await call(checker, 'PUT', '/settings', body)).body).toEqual(body);
  });
});
