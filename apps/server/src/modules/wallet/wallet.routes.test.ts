import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, loginAs, newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { betJournal, winJournal } from '../../../test/wallet-journals.ts';

/**
 * The member's wallet over HTTP and /ws: auth, statements in the operator time zone, range and
 * amount validation, and agent transfers (tree rules, payment password, idempotency).
 */
const TIME_ZONE = 'America/Sao_Paulo';
const PIN = '123456';

type Method = 'GET' | 'POST' | 'PUT';
interface Member extends TestPlayer {
  token: string;
}

/** Today's calendar day in the operator time zone, YYYY-MM-DD. */
const todayThere = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describe('wallet routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const wallet = () => ctx.core.modules.wallet.api;
  const api = (method: Method, url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  function expectError(response: Awaited<ReturnType<typeof api>>, status: number, code: string | string[], where = '') {
    const label = `${where} → ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, label).toBe(status);
    expect(Array.isArray(code) ? code : [code], label).toContain(response.json().error?.code);
  }

  async function member(options: Parameters<typeof newPlayer>[1] & { pin?: boolean } = {}): Promise<Member> {
    const player = await newPlayer(ctx.core, options);
    const token = await loginAs(ctx.app, player);
    if (options.pin) {
      const set = await api('PUT', '/api/member/payment-password', token, { password: player.password, paymentPassword: PIN });
      expect(set.statusCode, set.body).toBe(204);
    }
    return { ...player, token };
  }

  const cash = async (who: Member) => {
    const response = await api('GET', '/api/wallet/balance', who.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().cash as string;
  };
  const infoBalance = async (who: Member) => (await api('GET', '/api/member/info', who.token)).json().balance as string;
  const history = (who: Member, query: string) => api('GET', `/api/wallet/transactions?${query}`, who.token);
  const transfer = (who: Member, body: Record<string, unknown>) =>
    api('POST', '/api/wallet/agent-transfer', who.token, { direction: 'downline', paymentPassword: PIN, requestId: randomUUID(), ...body });
  const transferJournals = async (memberId: bigint) =>
    Number(
      (
        await sql<{ n: bigint }>`select count(*) as n from wallet_journal where starts_with(idempotency_key, ${`agent_transfer:${memberId}:`})`.execute(ctx.core.db)
      ).rows[0]!.n,
    );

  describe('auth', () => {
    it('needs a login for the balance, and refuses trial accounts the record', async () => {
      expectError(await api('GET', '/api/wallet/balance'), 401, 'auth.required');
      expectError(await api('GET', '/api/wallet/balance', 'not-a-token'), 401, 'auth.required');
      const trial = await ctx.app.inject({ method: 'POST', url: '/api/session/trial', remoteAddress: '192.0.2.17' });
      expect(trial.statusCode, trial.body).toBe(200);
      const token = trial.json().token as string;
      expect((await api('GET', '/api/wallet/balance', token)).statusCode).toBe(200);
      const from = todayThere();
      for (const url of [`/api/wallet/transactions?from=${from}&to=${from}`, `/api/wallet/profit?from=${from}&to=${from}`, '/api/wallet/vendors', '/api/wallet/upline']) {
        expectError(await api('GET', url, token), 403, 'auth.trial_refused', url);
      }
      expectError(await api('POST', '/api/wallet/agent-transfer', token, { direction: 'upline', amount: '1.00', paymentPassword: PIN, requestId: randomUUID() }), 403, 'auth.trial_refused');
    });

    it('answers the balance of the logged-in member', async () => {
      const who = await member({ balance: 12_345n });
      expect((await api('GET', '/api/wallet/balance', who.token)).json()).toEqual({ cash: '123.45', bonus: '0.00', points: '0', currency: 'BRL', currencySymbol: 'R$' });
    });
  });

  describe('account record (/transactions)', () => {
    it('lists a posted bet, win and adjustment with signed amounts and running balances, newest first', async () => {
      const who = await member({ balance: 10_000n });
      const bet = await wallet().submit(betJournal(who.id, `rt:${who.account}:bet`, 1_000n));
      const win = await wallet().submit(winJournal(who.id, `rt:${who.account}:win`, 750n));
      const today = todayThere();
      const response = await history(who, `from=${today}&to=${today}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      expect(page).toMatchObject({ pageNum: 1, pageSize: 20, total: 3, totalPages: 1, timeZone: TIME_ZONE });
      expect(page.content.map((row: { type: string; amount: string; balanceAfter: string }) => [row.type, row.amount, row.balanceAfter])).toEqual([
        ['win', '7.50', '97.50'],
        ['bet', '-10.00', '90.00'],
        ['adjustment', '100.00', '100.00'],
      ]);
      expect(page.content[0].id).toBe(win.journalId.toString());
      expect(page.content[1].id).toBe(bet.journalId.toString());
      expect(Number.isNaN(Date.parse(page.content[0].time))).toBe(false);

      const bets = (await history(who, `from=${today}&to=${today}&type=bet`)).json();
      expect(bets.total).toBe(1);
      expect(bets.content.map((row: { type: string }) => row.type)).toEqual(['bet']);
      expect((await history(who, 'from=2025-01-01&to=2025-01-31')).json()).toMatchObject({ total: 0, content: [], totalPages: 1 });
      // Another member's money never shows.
      const other = await member({ balance: 500n });
      expect((await history(other, `from=${today}&to=${today}`)).json().content).toHaveLength(1);
    });

    it('pages without gaps or repeats', async () => {
      const who = await member({ balance: 10_000n });
      for (let n = 0; n < 4; n += 1) await wallet().submit(betJournal(who.id, `rt:${who.account}:page${n}`, 100n * BigInt(n + 1)));
      const today = todayThere();
      const pages = [];
      for (let pageNo = 1; pageNo <= 3; pageNo += 1) pages.push((await history(who, `from=${today}&to=${today}&pageSize=2&pageNo=${pageNo}`)).json());
      expect(pages.map((page) => [page.total, page.totalPages, page.content.length])).toEqual([
        [5, 3, 2],
        [5, 3, 2],
        [5, 3, 1],
      ]);
      const ids = pages.flatMap((page) => page.content.map((row: { id: string }) => BigInt(row.id)));
      expect(new Set(ids).size).toBe(5);
      expect([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(ids);
      expect((await history(who, `from=${today}&to=${today}&pageSize=2&pageNo=4`)).json().content).toEqual([]);
    });

    it('reads calendar days in the operator time zone (America/Sao_Paulo, UTC-3)', async () => {
      const who = await member({ balance: 10_000n });
      const late = await wallet().submit(betJournal(who.id, `rt:${who.account}:late`, 100n));
      const early = await wallet().submit(betJournal(who.id, `rt:${who.account}:early`, 200n));
      // 02:59:59Z is still 23:59:59 on the 14th in São Paulo; 03:00:00Z is midnight of the 15th.
      await ctx.core.db.updateTable('wallet_journal').set({ created_at: new Date('2026-01-15T02:59:59.000Z') }).where('id', '=', late.journalId).execute();
      await ctx.core.db.updateTable('wallet_journal').set({ created_at: new Date('2026-01-15T03:00:00.000Z') }).where('id', '=', early.journalId).execute();
      const ids = async (query: string) => (await history(who, query)).json().content.map((row: { id: string }) => row.id);
      expect(await ids('from=2026-01-14&to=2026-01-14')).toEqual([late.journalId.toString()]);
      expect(await ids('from=2026-01-15&to=2026-01-15')).toEqual([early.journalId.toString()]);
      expect(await ids('from=2026-01-14&to=2026-01-15')).toEqual([early.journalId.toString(), late.journalId.toString()]);
      const today = todayThere();
      expect((await history(who, `from=${today}&to=${today}`)).json().content.map((row: { type: string }) => row.type)).toEqual(['adjustment']);
    });

    it('refuses bad ranges with 400, never 500', async () => {
      const who = await member();
      const cases: [string, string | string[]][] = [
        ['from=2026-03-10&to=2026-03-09', 'wallet.range_invalid'],
        ['from=2026-02-30&to=2026-03-01', 'wallet.range_invalid'],
        ['from=2026-02-01&to=2026-02-29', 'wallet.range_invalid'],
        ['from=2026-13-01&to=2026-13-02', 'wallet.range_invalid'],
        ['from=2026-00-10&to=2026-01-10', 'wallet.range_invalid'],
        ['from=1999-12-31&to=2000-01-01', 'wallet.range_invalid'],
        ['from=9999-01-01&to=9999-01-02', 'wallet.range_invalid'],
        ['from=2024-01-01&to=2025-01-01', 'wallet.range_invalid'],
        ['from=2000-01-01&to=2100-12-31', 'wallet.range_invalid'],
        ['from=abc&to=2026-01-01', 'validation.failed'],
        ['from=2026-1-1&to=2026-01-02', 'validation.failed'],
        ['from=20260101&to=20260102', 'validation.failed'],
        ['from=2026-01-01T00:00&to=2026-01-02', 'validation.failed'],
        ['from=&to=2026-01-02', 'validation.failed'],
        ['to=2026-01-02', 'validation.failed'],
        ['from=2026-01-01', 'validation.failed'],
        ['from=2026-01-01&from=2026-01-02&to=2026-01-03', ['validation.failed', 'wallet.range_invalid']],
        ['from=2026-01-01&to=2026-01-02&type=jackpot', 'validation.failed'],
        ['from=2026-01-01&to=2026-01-02&pageSize=0', 'validation.failed'],
        ['from=2026-01-01&to=2026-01-02&pageSize=101', 'validation.failed'],
        ['from=2026-01-01&to=2026-01-02&pageNo=-1', 'validation.failed'],
        ['from=2026-01-01&to=2026-01-02&pageNo=1e9', 'validation.failed'],
        ['from=2026-01-01&to=2026-01-02&pageSize=abc', 'validation.failed'],
        ["from=2026-01-01'--&to=2026-01-02", 'validation.failed'],
        ['from=2026-01-01%00&to=2026-01-02', 'validation.failed'],
        [`from=${'9'.repeat(10_000)}&to=2026-01-02`, 'validation.failed'],
      ];
      for (const [query, code] of cases) expectError(await history(who, query), 400, code, query);
      // The limits themselves are allowed: 366 days in a leap year.
      expect((await history(who, 'from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    });
  });

  describe('profit and loss (/profit)', () => {
    it('sums bets, wins and net on cash, a rolled-back bet lowering the bets', async () => {
      const who = await member({ balance: 10_000n });
      await wallet().submit(betJournal(who.id, `pl:${who.account}:1`, 1_000n));
      await wallet().submit(betJournal(who.id, `pl:${who.account}:2`, 500n));
      await wallet().submit(winJournal(who.id, `pl:${who.account}:3`, 750n));
      const today = todayThere();
      const before = (await api('GET', `/api/wallet/profit?from=${today}&to=${today}`, who.token)).json();
      expect(before.total).toMatchObject({ bets: '15.00', wins: '7.50', net: '-7.50' });
      const rolledBack = await wallet().submit({ key: `pl:${who.account}:rb`, reverses: `pl:${who.account}:2`, reversedType: 'bet', member: who.id });
      expect(rolledBack).toMatchObject({ status: 'applied', original: 'applied' });
      const response = await api('GET', `/api/wallet/profit?from=${today}&to=${today}`, who.token);
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json();
      expect(report.timeZone).toBe(TIME_ZONE);
      expect(report.total).toMatchObject({ bets: '10.00', wins: '7.50', net: '-2.50' });
      expect(report.days).toEqual([expect.objectContaining({ date: today, bets: '10.00', wins: '7.50', net: '-2.50' })]);
      expect(report.products).toEqual([expect.objectContaining({ product: 'slots', bets: '10.00', wins: '7.50', net: '-2.50' })]);
      // The opening adjustment is not game money.
      const empty = (await api('GET', `/api/wallet/profit?from=${today}&to=${today}`, (await member({ balance: 5_000n })).token)).json();
      expect(empty.total).toMatchObject({ bets: '0.00', wins: '0.00', net: '0.00', count: 0 });
    });

    it('allows 93 days and refuses 94 or a bad range', async () => {
      const who = await member();
      expect((await api('GET', '/api/wallet/profit?from=2026-01-01&to=2026-04-03', who.token)).statusCode).toBe(200);
      expectError(await api('GET', '/api/wallet/profit?from=2026-01-01&to=2026-04-04', who.token), 400, 'wallet.range_invalid');
      expectError(await api('GET', '/api/wallet/profit?from=2026-04-04&to=2026-01-01', who.token), 400, 'wallet.range_invalid');
      expectError(await api('GET', '/api/wallet/profit?from=2026-02-30&to=2026-03-01', who.token), 400, 'wallet.range_invalid');
      expectError(await api('GET', '/api/wallet/profit?from=yesterday&to=today', who.token), 400, 'validation.failed');
    });
  });

  describe('upline and vendors', () => {
    it('answers the direct upline, or null', async () => {
      const agent = await member({ type: 1 });
      const downline = await member({ upline: agent.account });
      expect((await api('GET', '/api/wallet/upline', downline.token)).json()).toEqual({ upline: { account: agent.account, nickname: agent.account } });
      expect((await api('GET', '/api/wallet/upline', agent.token)).json()).toEqual({ upline: null });
    });

    it('answers the main balance and no vendor wallets yet', async () => {
      const who = await member({ balance: 4_200n });
      expect((await api('GET', '/api/wallet/vendors', who.token)).json()).toEqual({ main: '42.00', vendors: [] });
    });
  });

  describe('agent transfers', () => {
    it('moves money from an agent to its downline, once per requestId', async () => {
      const agent = await member({ type: 1, balance: 100_000n, pin: true });
      const downline = await member({ upline: agent.account, balance: 1_000n });
      const requestId = randomUUID();
      const first = await transfer(agent, { account: downline.account, amount: '123.45', requestId });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ transferId: expect.stringMatching(/^\d+$/), balance: '876.55' });
      expect([await cash(agent), await cash(downline)]).toEqual(['876.55', '133.45']);
      expect([await infoBalance(agent), await infoBalance(downline)]).toEqual(['876.55', '133.45']);

      const replay = await transfer(agent, { account: downline.account, amount: '123.45', requestId });
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect([await cash(agent), await cash(downline)]).toEqual(['876.55', '133.45']);

      // The same requestId for another amount is a different operation under a used key.
      expectError(await transfer(agent, { account: downline.account, amount: '1.00', requestId }), 409, 'wallet.idempotency_conflict');
      expect([await cash(agent), await cash(downline)]).toEqual(['876.55', '133.45']);

      // Below the downline's own downline is still the agent's tree; account names are case-insensitive.
      const grandchild = await member({ upline: downline.account });
      const deep = await transfer(agent, { account: ` ${grandchild.account.toUpperCase()} `, amount: '0.01' });
      expect(deep.statusCode, deep.body).toBe(200);
      expect(await cash(grandchild)).toBe('0.01');

      const history = (await api('GET', `/api/wallet/transactions?from=${todayThere()}&to=${todayThere()}&type=agent_transfer_downline`, downline.token)).json();
      expect(history.content).toEqual([expect.objectContaining({ id: first.json().transferId, type: 'agent_transfer_downline', amount: '123.45', balanceAfter: '133.45' })]);
    });

    it('moves money once when the same submission arrives several times at once', async () => {
      const agent = await member({ type: 1, balance: 50_000n, pin: true });
      const downline = await member({ upline: agent.account });
      const body = { account: downline.account, amount: '100.00', requestId: randomUUID() };
      const responses = await Promise.all(Array.from({ length: 4 }, () => transfer(agent, body)));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(responses.map((response) => response.json().transferId)).size).toBe(1);
      expect([await cash(agent), await cash(downline)]).toEqual(['400.00', '100.00']);
      expect(await transferJournals(agent.id)).toBe(1);
    });

    it('refuses malformed amounts with wallet.amount_invalid and posts nothing', async () => {
      const agent = await member({ type: 1, balance: 100_000n, pin: true });
      const downline = await member({ upline: agent.account });
      const invalid = ['0', '0.00', '-1', '-0.01', '1.234', '0.001', '1e3', '1E3', 'abc', '', ' ', '+5', '1,50', '.5', '12.', '١٢', 'NaN', 'Infinity', '0x10', '99999999999999999999', '1000000000.01', '10000000000'];
      for (const amount of invalid) expectError(await transfer(agent, { account: downline.account, amount }), 400, 'wallet.amount_invalid', JSON.stringify(amount));
      // Not strings, missing, or far too long for an amount: refused by the schema.
      for (const amount of [100, null, { $gt: 0 }, ['1.00'], true]) expectError(await transfer(agent, { account: downline.account, amount }), 400, 'validation.failed', JSON.stringify(amount));
      expectError(await transfer(agent, { account: downline.account, amount: undefined }), 400, 'validation.failed', 'missing');
      expectError(await transfer(agent, { account: downline.account, amount: '9'.repeat(10_000) }), 400, ['wallet.amount_invalid', 'validation.failed'], 'huge');
      expect([await cash(agent), await cash(downline)]).toEqual(['1000.00', '0.00']);
      expect(await transferJournals(agent.id)).toBe(0);
    });

    it('applies the tree rules', async () => {
      const agent = await member({ type: 1, balance: 10_000n, pin: true });
      const downline = await member({ upline: agent.account, balance: 5_000n, pin: true });
      const stranger = await member({ balance: 100n });
      const plain = await member({ balance: 10_000n, pin: true });
      const plainChild = await member({ upline: plain.account });

      expectError(await transfer(agent, { account: `nobody${randomBytes(4).toString('hex')}`, amount: '1.00' }), 400, 'wallet.account_unknown');
      expectError(await transfer(agent, { amount: '1.00' }), 400, 'wallet.account_unknown', 'no account');
      expectError(await transfer(agent, { account: stranger.account, amount: '1.00' }), 400, 'wallet.not_in_tree');
      expectError(await transfer(downline, { account: agent.account, amount: '1.00' }), 403, 'wallet.agent_only', 'downline to its upline as downline');
      expectError(await transfer(agent, { account: agent.account, amount: '1.00' }), 400, 'wallet.self_transfer');
      expectError(await transfer(agent, { account: agent.account.toUpperCase(), amount: '1.00' }), 400, 'wallet.self_transfer', 'upper case');
      expectError(await transfer(plain, { account: plainChild.account, amount: '1.00' }), 403, 'wallet.agent_only');
      expectError(await transfer(plain, { direction: 'upline', amount: '1.00' }), 400, 'wallet.no_upline');
      expectError(await transfer(agent, { direction: 'upline', amount: '1.00' }), 400, 'wallet.no_upline', 'agent without upline');

      const up = await transfer(downline, { direction: 'upline', amount: '20.00' });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().balance).toBe('30.00');
      expect([await cash(downline), await cash(agent)]).toEqual(['30.00', '120.00']);
      const record = (await api('GET', `/api/wallet/transactions?from=${todayThere()}&to=${todayThere()}&type=agent_transfer_upline`, agent.token)).json();
      expect(record.content).toEqual([expect.objectContaining({ type: 'agent_transfer_upline', amount: '20.00', balanceAfter: '120.00' })]);
      expect([await cash(stranger), await cash(plain), await cash(plainChild)]).toEqual(['1.00', '100.00', '0.00']);
    });

    it('needs the payment password, and locks after five wrong ones', async () => {
      const noPin = await member({ type: 1, balance: 10_000n });
      const noPinChild = await member({ upline: noPin.account });
      expectError(await transfer(noPin, { account: noPinChild.account, amount: '1.00' }), 400, 'wallet.payment_password_missing');

      const agent = await member({ type: 1, balance: 10_000n, pin: true });
      const downline = await member({ upline: agent.account });
      expectError(await transfer(agent, { account: downline.account, amount: '1.00', paymentPassword: '12345' }), 400, ['validation.failed', 'wallet.payment_password_invalid'], 'five digits');
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expectError(await transfer(agent, { account: downline.account, amount: '1.00', paymentPassword: '654321' }), 400, 'wallet.payment_password_invalid', `wrong #${attempt}`);
      }
      expectError(await transfer(agent, { account: downline.account, amount: '1.00', paymentPassword: '654321' }), 429, 'rate.limited', 'sixth wrong');
      // Locked even for the right one until the window ends.
      expectError(await transfer(agent, { account: downline.account, amount: '1.00' }), 429, 'rate.limited', 'right one while locked');
      expect([await cash(agent), await cash(downline), await cash(noPin), await cash(noPinChild)]).toEqual(['100.00', '0.00', '100.00', '0.00']);
      expect((await transferJournals(agent.id)) + (await transferJournals(noPin.id))).toBe(0);
    });

    it('refuses a transfer above the balance and moves nothing', async () => {
      const agent = await member({ type: 1, balance: 1_000n, pin: true });
      const downline = await member({ upline: agent.account, balance: 300n });
      expectError(await transfer(agent, { account: downline.account, amount: '10.01' }), 400, 'wallet.insufficient_funds');
      expect([await cash(agent), await cash(downline)]).toEqual(['10.00', '3.00']);
      const all = await transfer(agent, { account: downline.account, amount: '10.00' });
      expect(all.statusCode, all.body).toBe(200);
      expect([await cash(agent), await cash(downline)]).toEqual(['0.00', '13.00']);
    });

    it('answers hostile account names and request ids with 400, never 500', async () => {
      const agent = await member({ type: 1, balance: 10_000n, pin: true });
      const downline = await member({ upline: agent.account });
      const hostile = [
        'a\u0000b',
        '\u0000',
        'x'.repeat(10_000),
        "' OR 1=1 --",
        "'; drop table wallet_journal; --",
        '%',
        '_',
        '\\',
        '<script>alert(1)</script>',
        '${jndi:ldap://x}',
        '\u202Eevil',
        '😀'.repeat(20),
        'ação',
        'İ',
        '\uFEFF',
        '   ',
      ];
      for (const account of hostile) {
        const response = await transfer(agent, { account, amount: '1.00' });
        expect(response.statusCode, `account ${JSON.stringify(account.slice(0, 40))}: ${response.body.slice(0, 200)}`).toBe(400);
        expect(['validation.failed', 'wallet.account_unknown']).toContain(response.json().error.code);
      }
      for (const requestId of [...hostile, '', 42, null, { $ne: 1 }, `${randomUUID()}'--`, randomUUID().toUpperCase().replace(/-/g, '')]) {
        const response = await transfer(agent, { account: downline.account, amount: '1.00', requestId });
        expect(response.statusCode, `requestId ${JSON.stringify(requestId).slice(0, 40)}: ${response.body.slice(0, 200)}`).toBe(400);
        expect(response.json().error.code).toBe('validation.failed');
      }
      for (const direction of ['sideways', '', null, 'DOWNLINE']) expectError(await transfer(agent, { account: downline.account, amount: '1.00', direction }), 400, 'validation.failed', String(direction));
      const raw = await ctx.app.inject({ method: 'POST', url: '/api/wallet/agent-transfer', headers: { ...bearer(agent.token), 'content-type': 'application/json' }, payload: '{"direction":"downline",' });
      expect(raw.statusCode).toBe(400);
      expect([await cash(agent), await cash(downline)]).toEqual(['100.00', '0.00']);
      expect(await transferJournals(agent.id)).toBe(0);
    });
  });

  describe('balance pushes over /ws', () => {
    let url: string;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
    });

    function connect() {
      const socket = new WebSocket(url);
      const messages: Record<string, unknown>[] = [];
      const waiters: { test: (message: Record<string, unknown>) => boolean; resolve: (message: Record<string, unknown>) => void }[] = [];
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as Record<string, unknown>;
        messages.push(message);
        for (const waiter of [...waiters]) {
          if (waiter.test(message)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(message);
          }
        }
      });
      return {
        socket,
        messages,
        next(test: (message: Record<string, unknown>) => boolean, what: string, timeoutMs = 5_000) {
          const seen = messages.find(test);
          if (seen) return Promise.resolve(seen);
          return new Promise<Record<string, unknown>>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)), timeoutMs);
            waiters.push({ test, resolve: (message) => (clearTimeout(timer), resolve(message)) });
          });
        },
      };
    }
    const ofType = (type: string) => (message: Record<string, unknown>) => message.type === type;

    it('pushes the new balance to the member after a committed post, and nothing to a bad token', async () => {
      const who = await member({ balance: 1_000n });
      const good = connect();
      const bad = connect();
      await Promise.all([good.next(ofType('hello'), 'hello'), bad.next(ofType('hello'), 'hello')]);
      good.socket.send(JSON.stringify({ type: 'auth', token: who.token }));
      bad.socket.send(JSON.stringify({ type: 'auth', token: `${who.token.slice(0, -4)}AAAA` }));
      await good.next(ofType('auth.ok'), 'auth.ok');
      await bad.next(ofType('auth.failed'), 'auth.failed');

      const result = await wallet().submit(winJournal(who.id, `ws:${who.account}:win`, 250n));
      expect(result.status).toBe('applied');
      const pushed = await good.next((message) => message.type === 'wallet.balance_changed' && message.cash === '12.50', 'the new balance');
      expect(pushed).toMatchObject({ type: 'wallet.balance_changed', cash: '12.50', bonus: '0.00' });

      // A public marker sent after the push: once the bad socket has it, it would have had the push too.
      await ctx.core.bus.publish(ctx.core.db, { type: 'test.marker', audience: { kind: 'public' } });
      await bad.next(ofType('test.marker'), 'the marker');
      expect(bad.messages.filter((message) => message.type === 'wallet.balance_changed')).toEqual([]);
      good.socket.close();
      bad.socket.close();
    });

    it('pushes a change made inside a transaction only after it commits', async () => {
      const who = await member({ balance: 1_000n });
      const client = connect();
      await client.next(ofType('hello'), 'hello');
      client.socket.send(JSON.stringify({ type: 'auth', token: who.token }));
      await client.next(ofType('auth.ok'), 'auth.ok');
      await ctx.core.db
        .transaction()
        .execute(async (tx) => {
          await wallet().post(tx, betJournal(who.id, `ws:${who.account}:rolled-back`, 100n));
          throw new Error('business step failed');
        })
        .catch(() => undefined);
      await ctx.core.db.transaction().execute((tx) => wallet().post(tx, betJournal(who.id, `ws:${who.account}:bet`, 300n)));
      const pushed = await client.next(ofType('wallet.balance_changed'), 'a balance push');
      expect(pushed.cash).toBe('7.00');
      expect(client.messages.filter((message) => message.type === 'wallet.balance_changed').map((message) => message.cash)).toEqual(['7.00']);
      client.socket.close();
    });
  });
});
