import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf, formatCpf, ticketTotalCents } from '@app/contracts';
import { formatCents } from '@app/kernel';
import { bearer, loginAs, newOperatorSession, newPlayer } from '../../../test/builders.ts';
import { api, eventually, PIN, payingMember, type PayingMember } from '../../../test/payments-fixture.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { endOf } from './exclusion.service.ts';
import { parseCpfList } from './barred.service.ts';

/**
 * Cool-off, self-exclusion, closure and barred persons against real PostgreSQL through the whole
 * app: sessions, login, bets through the provider protocol, deposits, messages, the withdraw-only
 * path through payments, sportsbook and lottery refunds, the operator's import and the job.
 */
let ctx: TestContext;
let risk: string;
let support: string;
/** The lottery's own test helpers, inlined (a module's tests import other modules only through their index). */
const lottery = {
  async newDraw(gameCode: string): Promise<bigint> {
    const row = await sql<{ id: bigint }>`
      insert into lottery_draw (game_code, draw_no, status, closes_at, draw_at)
      values (${gameCode}, ${`T-${randomUUID().slice(0, 12)}`}, 'open', now() + interval '1 hour', now() + interval '61 minutes') returning id`.execute(ctx.core.db);
    return BigInt(row.rows[0]!.id);
  },
  ticket(drawId: bigint, body: { betType: string; selections: string[]; unitStake: string }) {
    const total = ticketTotalCents('vn_north', body.betType, [...body.selections], BigInt(Math.round(Number(body.unitStake) * 100)));
    return { requestId: randomUUID(), drawId: drawId.toString(), expectedTotal: formatCents(total), ...body };
  },
  async place(token: string, body: Record<string, unknown>) {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/lottery/tickets', headers: bearer(token), payload: body });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  },
};
const newCpf = () => completeCpf(String(randomInt(100_000_000, 999_999_999)));

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.core.modules.lottery.api.ready();
  risk = await newOperatorSession(ctx.core, ctx.app, 'risk');
  support = await newOperatorSession(ctx.core, ctx.app, 'support');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const login = (account: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/session/login', payload: { username: account, password, type: 'username' } });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/exclusion', headers: bearer(token) });

/** A member with a balance, a payout key and a payment password, logged in twice (two devices). */
async function member(balance = 500_00n): Promise<PayingMember & { second: string }> {
  const paying = await payingMember(ctx, { balance });
  const saved = await api(ctx, 'PUT', '/api/payments/payout-account', paying.token, { account: { kind: 'pix', keyType: 'cpf', key: paying.cpf }, password: paying.password });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...paying, second: await loginAs(ctx.app, paying) };
}

async function coolOff(m: PayingMember, period = '24h') {
  return api(ctx, 'POST', '/api/exclusion', m.token, { kind: 'cooloff', period, password: m.password, requestId: randomUUID() });
}

let eventCounter = 0;
async function sportsEvent(startInMs: number): Promise<string> {
  eventCounter += 1;
  const id = `ex:match:${eventCounter}:${randomUUID().slice(0, 8)}`;
  let ts = Date.now();
  const apply = (message: Record<string, unknown>) => ctx.core.modules.sportsbook.api.applyFeedMessage({ producer: 'testfeed', eventId: id, timestamp: (ts += 1), ...message } as never);
  await apply({
    kind: 'fixture_change',
    sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
    category: { id: 'ex:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
    tournament: { id: 'ex:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
    home: 'Flamengo',
    away: 'Palmeiras',
    startAt: Date.now() + startInMs,
  });
  await apply({ kind: 'odds_change', markets: [{ type: '1x2', status: 'active', outcomes: [{ id: 'home', odds: 2100 }, { id: 'draw', odds: 3400 }, { id: 'away', odds: 3600 }] }] });
  return id;
}
async function sportsTicket(token: string, eventId: string, stake = '10.00') {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/sportsbook/tickets', headers: bearer(token), payload: { requestId: randomUUID(), stakeMode: 'unit', oddsPolicy: 'none', betType: { kind: 'single' }, stake, legs: [{ eventId, marketKey: '1x2', outcomeId: 'home', odds: 2100 }] } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string };
}
const journals = async (pattern: string) => Number((await sql<{ n: string }>`select count(*) as n from wallet_journal where idempotency_key like ${pattern}`.execute(ctx.core.db)).rows[0]!.n);

describe('periods', () => {
  it('ends cool-offs after 24 h, 7 and 30 days, self-exclusions after calendar months, indefinite never', () => {
    const start = new Date('2026-01-31T12:00:00Z');
    expect(endOf('24h', start)!.toISOString()).toBe('2026-02-01T12:00:00.000Z');
    expect(endOf('7d', start)!.toISOString()).toBe('2026-02-07T12:00:00.000Z');
    expect(endOf('30d', start)!.toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(endOf('1m', start)!.toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(endOf('12m', start)!.toISOString()).toBe('2027-01-31T12:00:00.000Z');
    expect(endOf('indefinite', start)).toBeNull();
  });
});

describe('a self-excluded member', () => {
  it('gets no message (system message and broadcast) and can only withdraw', async () => {
    const m = await member();
    const other = await newPlayer(ctx.core);
    const taken = await api(ctx, 'POST', '/api/exclusion', m.token, { kind: 'self_exclusion', period: '6m', password: m.password, confirmation: 'excluir', requestId: randomUUID() });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ kind: 'self_exclusion', period: '6m' });

    // Every session ended at once (both devices).
    expect((await me(m.token)).statusCode).toBe(401);
    expect((await me(m.second)).statusCode).toBe(401);
    // Login refused with the neutral code (not "locked", not "excluded").
    const refused = await login(m.account, m.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth.account_unavailable');
    // Bets refused through the provider protocol (the sportsbook's stake is a provider bet as vendor SPORTSBOOK).
    const eventId = await sportsEvent(3_600_000);
    const refusedBet = await ctx.core.modules.sportsbook.api.tickets!.place(m.id, { requestId: randomUUID(), stakeMode: 'unit', oddsPolicy: 'none', betType: { kind: 'single' }, stake: '1.00', legs: [{ eventId, marketKey: '1x2', outcomeId: 'home', odds: 2100 }] } as never).then(
      (ticket) => ticket,
      (error: unknown) => error,
    );
    expect(refusedBet).toMatchObject({ code: 'sportsbook.play_refused', message: expect.stringContaining('PLAYER_BLOCKED') });
    const refusals = await sql<{ status: string }>`select status from sportsbook_ticket where member_id = ${m.id}`.execute(ctx.core.db);
    expect(refusals.rows).toEqual([{ status: 'refused' }]);
    // Deposits refused (the payments module asks before the PIX charge).
    await expect(ctx.core.modules.payments.api.deposits.create(m.id, { requestId: randomUUID(), amount: '50.00' })).rejects.toMatchObject({ code: 'exclusion.deposit_refused' });
    // No system message, no broadcast; the other member gets both.
    await ctx.core.db.transaction().execute((tx) => ctx.core.modules.messages.api.sendSystem(tx, { memberId: m.id, template: 'bonus_granted', params: { amount: '5.00' }, sourceKey: `t-${randomUUID()}` }));
    await ctx.core.db.transaction().execute((tx) => ctx.core.modules.messages.api.sendSystem(tx, { memberId: other.id, template: 'bonus_granted', params: { amount: '5.00' }, sourceKey: `t-${randomUUID()}` }));
    const owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
    const sent = await api(ctx, 'POST', '/api/backoffice/messages', owner, { requestId: randomUUID(), title: 'Promo', bodyHtml: '<p>Oi</p>', audience: { kind: 'accounts', accounts: [m.account, other.account] } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().delivered).toBe(1);
    const inbox = async (id: bigint) => Number((await sql<{ n: string }>`select count(*) as n from messages_item where member_id = ${id}`.execute(ctx.core.db)).rows[0]!.n);
    expect(await inbox(m.id)).toBe(0);
    expect(await inbox(other.id)).toBe(2);

    // The withdraw-only path: account + login password → balance and key; + payment password → the whole balance.
    const wrong = await api(ctx, 'POST', '/api/exclusion/withdrawal/options', undefined, { account: m.account, password: 'nope' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('exclusion.withdraw_unavailable');
    const options = await api(ctx, 'POST', '/api/exclusion/withdrawal/options', undefined, { account: m.account, password: m.password });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({ balance: '500.00', withdrawUntil: null });
    expect(options.json().payoutKey).toMatch(/\*/);
    const requestId = randomUUID();
    const body = { account: m.account, password: m.password, paymentPassword: PIN, requestId };
    const [first, replay] = await Promise.all([api(ctx, 'POST', '/api/exclusion/withdrawal', undefined, body), api(ctx, 'POST', '/api/exclusion/withdrawal', undefined, body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(replay.json().withdrawalId).toBe(first.json().withdrawalId);
    expect(first.json().amount).toBe('500.00');
    const withdrawals = await sql<{ n: string }>`select count(*) as n from payments_withdrawal where member_id = ${m.id}`.execute(ctx.core.db);
    expect(Number(withdrawals.rows[0]!.n)).toBe(1);
    expect(await ctx.core.modules.wallet.api.cashOf(m.id)).toBe(0n);
    // A member who may log in normally is told the same neutral thing here.
    const free = await member();
    expect((await api(ctx, 'POST', '/api/exclusion/withdrawal/options', undefined, { account: free.account, password: free.password })).json().error.code).toBe('exclusion.withdraw_unavailable');
  });

  it('pays a restricted member who never verified their identity back through the withdraw-only path (KYC needs a login the restriction refuses)', async () => {
    const paying = await payingMember(ctx, { balance: 120_00n, kyc: false });
    const saved = await api(ctx, 'PUT', '/api/payments/payout-account', paying.token, { account: { kind: 'pix', keyType: 'cpf', key: paying.cpf }, password: paying.password });
    expect(saved.statusCode, saved.body).toBe(200);
    // Before any restriction the first withdrawal asks for verification.
    const asked = await api(ctx, 'POST', '/api/payments/withdrawals', paying.token, { amount: '50.00', paymentPassword: PIN, requestId: randomUUID() });
    expect(asked.json().error.code).toBe('kyc.verification_required');
    expect((await coolOff(paying)).statusCode).toBe(200);
    const paid = await api(ctx, 'POST', '/api/exclusion/withdrawal', undefined, { account: paying.account, password: paying.password, paymentPassword: PIN, requestId: randomUUID() });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().amount).toBe('120.00');
    expect(await ctx.core.modules.wallet.api.cashOf(paying.id)).toBe(0n);
  });

  it('refuses bets at once after a restriction, in this process and in another one, though a "no" is cached for the bet path', async () => {
    const other = await createTestContext({ databaseUrl: ctx.databaseUrl });
    try {
      const m = await member();
      const gate = (context: TestContext) => context.core.modules.exclusion.api.betGate(m.id);
      // Both processes have answered (and kept) "not restricted".
      expect(await gate(ctx)).toBeNull();
      expect(await gate(other)).toBeNull();
      expect((await coolOff(m)).statusCode).toBe(200);
      // This process forgot its "no" in the restriction's transaction; the other one when the event arrives.
      expect(await gate(ctx)).toBe('PLAYER_BLOCKED');
      expect(await eventually(() => gate(other), (answer) => answer === 'PLAYER_BLOCKED')).toBe('PLAYER_BLOCKED');
    } finally {
      await other.close();
    }
  });

  it('restrictions prefetched for a batch of bets: the restricted member is refused, the clear ones answered clear until a restriction drops them', async () => {
    const restricted = await member();
    const clear = [await member(), await member()];
    expect((await coolOff(restricted)).statusCode).toBe(200);
    const exclusion = ctx.core.modules.exclusion.api;
    await exclusion.prefetchBetGate([restricted.id, ...clear.map((each) => each.id)]);
    expect(await exclusion.betGate(restricted.id)).toBe('PLAYER_BLOCKED');
    for (const each of clear) expect(await exclusion.betGate(each.id)).toBeNull();
    // A "no" the prefetch kept is dropped at once by a restriction, as a single answer's is.
    expect((await coolOff(clear[0]!)).statusCode).toBe(200);
    expect(await exclusion.betGate(clear[0]!.id)).toBe('PLAYER_BLOCKED');
  });

  it('cannot be lifted early by an operator: there is no route, and restrictions are read-only', async () => {
    const m = await member();
    const taken = await coolOff(m, '7d');
    expect(taken.statusCode, taken.body).toBe(200);
    const id = taken.json().id as string;
    for (const [method, url] of [
      ['DELETE', `/api/backoffice/exclusion/restrictions/${id}`],
      ['POST', `/api/backoffice/exclusion/restrictions/${id}/lift`],
      ['PUT', `/api/backoffice/exclusion/restrictions/${id}`],
      ['PATCH', `/api/backoffice/exclusion/restrictions/${id}`],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: bearer(risk), payload: { endsAt: new Date().toISOString() } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // A second restriction while one is in force is refused (the member cannot shorten it either: no session).
    const listed = await api(ctx, 'GET', `/api/backoffice/exclusion/restrictions?account=${m.account}`, support);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().rows).toEqual([expect.objectContaining({ id, kind: 'cooloff', period: '7d', active: true })]);
    expect((await login(m.account, m.password)).json().error.code).toBe('auth.account_unavailable');
    // The cool-off ends by itself: the member logs in again afterwards.
    await sql`update exclusion_restriction set starts_at = now() - interval '8 days', ends_at = now() - interval '1 day' where id = ${BigInt(id)}`.execute(ctx.core.db);
    expect((await login(m.account, m.password)).statusCode).toBe(200);
  });

  it('has open sportsbook and lottery bets on future events refunded exactly once', async () => {
    const m = await member(1_000_00n);
    const future = await sportsEvent(2 * 3_600_000);
    const started = await sportsEvent(-60_000);
    const onFuture = await sportsTicket(m.token, future, '10.00');
    const onStarted = await sportsTicket(m.token, started, '5.00');
    const drawId = await lottery.newDraw('VN_MB');
    const lot = await lottery.place(m.token, lottery.ticket(drawId, { betType: 'bao_lo_2', selections: ['45'], unitStake: '1.00' }));
    expect(lot.status, JSON.stringify(lot.body)).toBe(200);
    const before = await ctx.core.modules.wallet.api.cashOf(m.id);
    expect(before).toBe(1_000_00n - 10_00n - 5_00n - 27_00n);

    const requestId = randomUUID();
    const body = { kind: 'cooloff', period: '24h', password: m.password, requestId };
    const [a, b] = await Promise.all([api(ctx, 'POST', '/api/exclusion', m.token, body), api(ctx, 'POST', '/api/exclusion', m.token, body)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    // Refunded: the future ticket's stake and the lottery ticket's; the started event's ticket runs on.
    expect(await ctx.core.modules.wallet.api.cashOf(m.id)).toBe(before + 10_00n + 27_00n);
    const status = async (id: string) => (await sql<{ status: string }>`select status from sportsbook_ticket where id = ${BigInt(id)}`.execute(ctx.core.db)).rows[0]!.status;
    expect(await status(onFuture.id)).toBe('void');
    expect(await status(onStarted.id)).toBe('open');
    const lotteryStatus = (await sql<{ status: string }>`select status from lottery_ticket where id = ${BigInt(lot.body.id as string)}`.execute(ctx.core.db)).rows[0]!.status;
    expect(lotteryStatus).toBe('void');
    // Again (the job's retry, a replay): nothing more moves.
    await ctx.core.modules.exclusion.api.applyPending();
    await sql`update exclusion_restriction set applied_at = null where member_id = ${m.id}`.execute(ctx.core.db);
    await ctx.core.modules.exclusion.api.applyPending();
    await ctx.core.modules.sportsbook.api.tickets!.settlePass();
    expect(await ctx.core.modules.wallet.api.cashOf(m.id)).toBe(before + 10_00n + 27_00n);
    expect(await journals(`%sportsbook-${onFuture.id}-settle-%`)).toBe(1);
    expect(await journals(`%lottery-${lot.body.id as string}-rollback%`)).toBe(1);
    // The draw's own settlement later never plans the refunded ticket (its result version is out of reach).
    const version = (await sql<{ v: number }>`select result_version as v from lottery_ticket where id = ${BigInt(lot.body.id as string)}`.execute(ctx.core.db)).rows[0]!.v;
    expect(version).toBe(2147483647);
  });
});

describe('closing the account', () => {
  it('needs a zero balance and the confirmation, then ends sessions and refuses login', async () => {
    const m = await member(3_00n);
    const close = (confirmation: string, password = m.password) => api(ctx, 'POST', '/api/exclusion/closure', m.token, { password, confirmation, requestId: randomUUID() });
    expect((await close('sim')).json().error.code).toBe('exclusion.confirmation_invalid');
    expect((await close('ENCERRAR', 'wrong')).json().error.code).toBe('auth.wrong_password');
    const withBalance = await close('ENCERRAR');
    expect(withBalance.statusCode).toBe(409);
    expect(withBalance.json().error).toMatchObject({ code: 'exclusion.balance_not_zero' });
    await ctx.core.db.transaction().execute((tx) => ctx.core.modules.wallet.api.postOrThrow(tx, { key: `test:drain:${m.id}`, type: 'adjustment', legs: [{ member: m.id, amount: -3_00n }, { house: 'adjustments', amount: 3_00n }] }));
    const closed = await close('encerrar');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ kind: 'closure', endsAt: null });
    expect((await me(m.second)).statusCode).toBe(401);
    expect((await login(m.account, m.password)).json().error.code).toBe('auth.account_unavailable');
  });
});

describe('bad input', () => {
  it('answers clear errors for empty, oversized, malformed and hostile values', async () => {
    const m = await member();
    for (const payload of [
      {},
      { kind: 'cooloff', period: '48h', password: m.password, requestId: randomUUID() },
      { kind: 'self_exclusion', period: '13m', password: m.password, confirmation: 'EXCLUIR', requestId: randomUUID() },
      { kind: 'cooloff', period: '24h', password: '', requestId: randomUUID() },
      { kind: 'cooloff', period: '24h', password: 'x'.repeat(300), requestId: randomUUID() },
      { kind: 'cooloff', period: '24h', password: m.password, requestId: "'; drop table x; --" },
      { kind: "<script>alert(1)</script>", period: '24h', password: m.password, requestId: randomUUID() },
    ]) {
      const response = await api(ctx, 'POST', '/api/exclusion', m.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const noWord = await api(ctx, 'POST', '/api/exclusion', m.token, { kind: 'self_exclusion', period: '1m', password: m.password, confirmation: '', requestId: randomUUID() });
    expect(noWord.json().error.code).toBe('exclusion.confirmation_invalid');
    expect((await api(ctx, 'POST', '/api/exclusion/withdrawal', undefined, { account: m.account, password: m.password, paymentPassword: '12', requestId: randomUUID() })).statusCode).toBe(400);
    expect((await api(ctx, 'POST', '/api/exclusion/withdrawal/options', undefined, { account: 'x'.repeat(65), password: 'a' })).statusCode).toBe(400);
    // Still free: nothing above took effect.
    expect((await me(m.token)).json().active).toBeNull();
  });

  it('throttles wrong logins on the withdraw-only path', async () => {
    const m = await member();
    await coolOff(m);
    for (let i = 0; i < 10; i += 1) await api(ctx, 'POST', '/api/exclusion/withdrawal/options', undefined, { account: m.account, password: `wrong-${i}` });
    const limited = await api(ctx, 'POST', '/api/exclusion/withdrawal/options', undefined, { account: m.account, password: m.password });
    expect(limited.statusCode).toBe(429);
  });
});

describe('barred persons', () => {
  it('parses a pasted list: valid, invalid, duplicates, header and punctuation', () => {
    const a = newCpf();
    const parsed = parseCpfList(`cpf\n${formatCpf(a)}\n${a}\n111.111.111-11\nabc;<img src=x>\n123\n`);
    expect(parsed.valid).toEqual([a]);
    expect(parsed.duplicates).toBe(1);
    expect(parsed.invalid).toEqual(['111.111.111-11', 'abc', '<img src=x>', '123']);
  });

  it('an import closes the member by the steps; the 15-day job closes the rest; registration with a barred CPF is refused neutrally', async () => {
    const m = await member(80_00n);
    const phone = `+5511${String(randomInt(900_000_000, 999_999_999))}`;
    await sql`update accounts_member set mobile = ${phone} where id = ${m.id}`.execute(ctx.core.db);
    const stranger = newCpf();

    // Permission: support reads restrictions but may not import.
    expect((await api(ctx, 'POST', '/api/backoffice/exclusion/barred/import', support, { text: m.cpf })).statusCode).toBe(403);
    for (const text of ['', 'x'.repeat(1_000_001)]) expect((await api(ctx, 'POST', '/api/backoffice/exclusion/barred/import', risk, { text })).statusCode).toBe(400);
    expect((await api(ctx, 'POST', '/api/backoffice/exclusion/barred/import', risk, { text: '\n\n;;' })).json().error.code).toBe('exclusion.import_empty');

    const imported = await api(ctx, 'POST', '/api/backoffice/exclusion/barred/import', risk, { text: `${formatCpf(m.cpf)}\n${stranger}\n${stranger}\n000.000.000-00` });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ accepted: 2, invalid: 1, duplicates: 1, hits: 1 });
    // A replay of the same list: all duplicates, no second closure.
    expect((await api(ctx, 'POST', '/api/backoffice/exclusion/barred/import', risk, { text: `${m.cpf}\n${stranger}` })).json()).toMatchObject({ accepted: 0, duplicates: 2, hits: 0 });

    // The steps: sessions ended, login refused (neutral), a notice logged on both channels, a 2-day window.
    expect((await me(m.token)).statusCode).toBe(401);
    expect((await login(m.account, m.password)).json().error.code).toBe('auth.account_unavailable');
    const overview = (await api(ctx, 'GET', '/api/backoffice/exclusion/barred', risk)).json();
    const hit = overview.hits.find((row: { account: string }) => row.account === m.account);
    expect(hit.notices.map((notice: { channel: string }) => notice.channel).sort()).toEqual(['platform_message', 'sms']);
    expect(hit.notices[0].content).not.toMatch(/impedid|barred|proibid/i);
    expect(new Date(hit.withdrawUntil).getTime() - new Date(hit.closedAt).getTime()).toBe(2 * 24 * 3_600_000);
    const message = await sql<{ title: string }>`select title from messages_item where member_id = ${m.id}`.execute(ctx.core.db);
    expect(message.rows).toEqual([{ title: 'Sua conta foi encerrada' }]);
    const sms = await ctx.core.modules.accounts.api.listSmsOutbox({ mobile: phone, limit: 5 });
    expect(sms).toHaveLength(1);
    // The member withdraws within the window; after it, the path says so.
    const options = await api(ctx, 'POST', '/api/exclusion/withdrawal/options', undefined, { account: m.account, password: m.password });
    expect(options.json()).toMatchObject({ balance: '80.00' });
    await sql`update exclusion_restriction set withdraw_until = now() - interval '1 minute' where member_id = ${m.id}`.execute(ctx.core.db);
    expect((await api(ctx, 'POST', '/api/exclusion/withdrawal/options', undefined, { account: m.account, password: m.password })).json().error.code).toBe('exclusion.withdraw_window_closed');

    // The 15-day job: a member whose CPF joins the list without an import check (the regulator's list) is closed by the run.
    const later = await member();
    await sql`insert into exclusion_barred_cpf (cpf) values (${later.cpf})`.execute(ctx.core.db);
    await sql`delete from exclusion_check_run`.execute(ctx.core.db);
    const run = await ctx.core.modules.exclusion.api.dueRun();
    expect(run).toMatchObject({ ran: true, error: null });
    expect(run.hits).toBeGreaterThanOrEqual(1);
    expect((await login(later.account, later.password)).json().error.code).toBe('auth.account_unavailable');
    // Not due again for 15 days.
    expect((await ctx.core.modules.exclusion.api.dueRun()).ran).toBe(false);

    // The first login of the day checks too.
    const daily = await member();
    await sql`insert into exclusion_barred_cpf (cpf) values (${daily.cpf})`.execute(ctx.core.db);
    await sql`delete from exclusion_barred_check where member_id = ${daily.id}`.execute(ctx.core.db);
    expect((await login(daily.account, daily.password)).json().error.code).toBe('auth.account_unavailable');

    // Registration asks the same list (accounts' registrationGate): a barred CPF is refused, another passes.
    expect(await ctx.core.modules.exclusion.api.registrationGate(stranger)).toBe('refused');
    expect(await ctx.core.modules.exclusion.api.registrationGate(newCpf())).toBe('ok');
  });

  it('never blocks everyone when the check is down: logged, login goes on, the run records the error', async () => {
    const { createExclusionModule } = await import('./index.ts');
    const down = createExclusionModule({
      db: ctx.core.db,
      logger: (await import('../../../test/test-context.ts')).testLogger,
      adapter: { name: 'down', barredAmong: async () => Promise.reject(new Error('SIGAP timeout')) },
      ports: {
        endAllSessions: async () => 0,
        checkLoginPassword: async () => true,
        verifyAccountPassword: async () => undefined,
        cpfOf: async () => newCpf(),
        smsMember: async () => false,
        cashOf: async () => 0n,
        voidOpenBets: async () => ({ sportsbookTickets: 0, lotteryDraws: 0 }),
        withdrawOptions: async () => ({ available: 0n, payoutKey: null }),
        withdraw: async () => Promise.reject(new Error('unused')),
        notifyMember: async () => undefined,
        timeZone: async () => 'America/Sao_Paulo',
        audit: async () => undefined,
      },
    });
    const m = await member();
    expect(await down.api.loginGate(m.id)).toBe('ok');
    expect(await down.api.registrationGate(newCpf())).toBe('ok');
    const run = await down.api.runWholeBase();
    expect(run.error).toMatch(/SIGAP/);
    // A failed run is recorded with its error and is not a complete one (the daily job tries again).
    const last = await sql<{ error: string | null; finished_at: Date | null }>`select error, finished_at from exclusion_check_run order by id desc limit 1`.execute(ctx.core.db);
    expect(last.rows[0]!.error).toMatch(/SIGAP/);
    // The member was not closed by the outage.
    expect(await ctx.core.modules.exclusion.api.isRestricted(m.id)).toBe(false);
  });
});
