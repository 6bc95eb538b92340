import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newOperatorSession, newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { betJournal, winJournal } from '../../../test/wallet-journals.ts';

type Journal = ReturnType<typeof betJournal>;
import { historyLine } from './history.ts';
import { BET_FIELDS, BETTOR_FIELDS, WALLET_FIELDS } from './extract.ts';

let ctx: TestContext;
let risk: string;
let timeZone: string;

beforeAll(async () => {
  ctx = await createTestContext();
  risk = await newOperatorSession(ctx.core, ctx.app, 'risk');
  timeZone = (await ctx.core.modules.system.api.getSettings()).locale.timeZone;
  // The default site zone: the expectations below are São Paulo's (UTC-3, no DST since 2019).
  expect(timeZone).toBe('America/Sao_Paulo');
});
afterAll(() => ctx.close());

const wallet = () => ctx.core.modules.wallet.api;
async function post(journal: Journal, at?: Date) {
  await ctx.core.db.transaction().execute((tx) => wallet().postOrThrow(tx, journal));
  if (at) await sql`update wallet_journal set created_at = ${at} where idempotency_key = ${journal.key}`.execute(ctx.core.db);
}
const key = () => `t-${randomBytes(6).toString('hex')}`;
function deposit(member: bigint, amount: bigint, reference = 'pix'): Journal {
  return { key: key(), type: 'deposit', reference, legs: [{ member, amount }, { house: 'payments_clearing', amount: -amount }] };
}
async function memberToken(player: TestPlayer) {
  return loginAs(ctx.app, player);
}
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
async function alertsOf(memberId: bigint) {
  const { rows } = await sql<{ pattern: string }>`select pattern from compliance_alert where member_id = ${memberId} order by pattern`.execute(ctx.core.db);
  return rows.map((row) => row.pattern);
}
async function round(memberId: bigint, roundId: string, openedAt: Date, bet: bigint, win = 0n, vendor = 'HOUSE') {
  await sql`insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, opened_at, closed_at)
            values (${vendor}, ${memberId}, ${roundId}, 'g1', 'SLOT', ${bet}, ${win}, 'settled', ${openedAt}, ${openedAt})`.execute(ctx.core.db);
}

describe('CSV history', () => {
  it('lists every ledger movement with balance after, pt-BR decimals, site time and escaped hostile text', async () => {
    const player = await newPlayer(ctx.core, { balance: 10_000n });
    await post(deposit(player.id, 5_000n, '=HYPERLINK("http://x","y")'), new Date('2026-01-15T02:30:00Z'));
    await post(betJournal(player.id, key(), 3_000n));
    await post(winJournal(player.id, key(), 1_250n));
    const token = await memberToken(player);
    const response = await get('/api/compliance/history.csv', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('data_hora;tipo;descricao;carteira;valor;saldo_apos;referencia;produto;fornecedor;lancamento');
    expect(lines).toHaveLength(5);
    const depositLine = lines.find((line) => line.includes(';deposit;'))!;
    // 02:30 UTC is the evening before in São Paulo (UTC-3).
    expect(depositLine.startsWith('2026-01-14 23:30:00;')).toBe(true);
    expect(depositLine).toContain(';50,00;');
    expect(depositLine).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    const betLine = lines.find((line) => line.includes(';bet;'))!;
    expect(betLine).toContain(';Aposta;cash;-30,00;');
    expect(lines.find((line) => line.includes(';win;'))).toContain(';12,50;');
    // English labels on request.
    const english = await get('/api/compliance/history.csv?lang=en', token);
    expect(english.body).toContain('date_time;type;description;pocket;amount;balance_after');
    // Another member's movements never appear.
    const other = await newPlayer(ctx.core, { balance: 777_00n });
    expect(response.body).not.toContain('777,00');
    expect((await get('/api/compliance/history.csv', await memberToken(other))).body).not.toContain('HYPERLINK');
  });

  it('writes a line in the given time zone with every formula start escaped', () => {
    const base = { journalId: 1n, memberId: 1n, pocket: 'cash', amount: -5n, balanceAfter: 0n, product: null, vendor: null, createdAt: new Date('2026-07-01T12:00:00Z') };
    for (const hostile of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) {
      expect(historyLine({ ...base, type: 'adjustment', reference: hostile }, 'UTC', 'en').split(';')[6]).toMatch(/^"?'/);
    }
    expect(historyLine({ ...base, type: 'bet', reference: 'a;b' }, 'America/Sao_Paulo', 'pt')).toBe('2026-07-01 09:00:00;bet;Aposta;cash;-0,05;0,00;"a;b";;;1');
  });

  it('refuses bad ranges with a translated 400', async () => {
    const token = await memberToken(await newPlayer(ctx.core));
    for (const query of ['from=2026-02-30&to=2026-03-01', 'from=2026-03-02&to=2026-03-01', 'from=2024-01-01&to=2026-01-01', 'from=x&to=y', `from=${encodeURIComponent("'; drop table x;--")}&to=2026-01-01`, 'from=2026-01-01']) {
      const response = await get(`/api/compliance/history.csv?${query}`, token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('compliance.range_invalid');
    }
    const tooLong = await get(`/api/compliance/history.csv?from=${'9'.repeat(100)}&to=2026-01-01`, token);
    expect(tooLong.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/compliance/history.csv' })).statusCode).toBe(401);
  });
});

describe('LGPD export', () => {
  it("holds the member's data from every module and nothing of others; once an hour", async () => {
    const member = await newPlayer(ctx.core, { balance: 4_200n });
    const other = await newPlayer(ctx.core, { balance: 9_900n });
    await post(betJournal(member.id, key(), 1_000n));
    await round(member.id, `r-${key()}`, new Date(), 1_000n);
    await round(other.id, `r-${key()}`, new Date(), 1_000n);
    const token = await memberToken(member);
    const response = await get('/api/compliance/export.json', token);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.format).toBe('lgpd-export/1');
    expect(data.memberId).toBe(member.id.toString());
    expect(data.account.profile.account).toBe(member.account);
    expect(data.account.profile.cpf).toMatch(/^\d{11}$/);
    expect(JSON.stringify(data)).not.toContain('password_hash');
    expect(data.account.logins.length).toBeGreaterThan(0);
    expect(data.ledger.map((row: { type: string }) => row.type)).toEqual(['adjustment', 'bet']);
    expect(data.ledger[1].amount).toBe('-1000');
    expect(data.bettingRecord).toHaveLength(1);
    for (const section of ['payments', 'messages', 'feedback', 'supportChat', 'referral', 'limits', 'exclusion', 'kyc', 'dataExports']) expect(data, section).toHaveProperty(section);
    expect(data.notYetAvailable).toEqual([]);
    expect(data.exclusion).toEqual({ restrictions: [], notices: [], barredCheck: expect.anything() });
    expect(data.kyc).toMatchObject({ verifications: expect.any(Array), files: expect.any(Array) });
    expect(data.dataExports).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain(other.account);
    expect(JSON.stringify(data)).not.toContain(`"${other.id}"`);
    // A second request within the hour is refused (and a burst makes one export).
    const again = await get('/api/compliance/export.json', token);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('compliance.export_too_soon');
  });

  it('makes one export of a burst of requests', async () => {
    const token = await memberToken(await newPlayer(ctx.core));
    const answers = await Promise.all([1, 2, 3, 4].map(() => get('/api/compliance/export.json', token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429]);
  });
});

describe('risk alerts', () => {
  const evaluate = () => ctx.core.modules.compliance.api.evaluateAlerts();
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  it('each pattern fires once for risky play and never for normal play', async () => {
    const normal = await newPlayer(ctx.core, { balance: 50_000n });
    const chaser = await newPlayer(ctx.core, { balance: 0n });
    const winner = await newPlayer(ctx.core, { balance: 100_000n });
    const marathon = await newPlayer(ctx.core, { balance: 0n });
    const failing = await newPlayer(ctx.core, { balance: 0n });
    const flipper = await newPlayer(ctx.core, { balance: 0n });
    const limited = await newPlayer(ctx.core, { balance: 0n });

    // Normal play: a deposit, some bets and a small win, a short session, one expired charge, a withdrawal days later.
    await post(betJournal(normal.id, key(), 1_000n), minutesAgo(50));
    await post(winJournal(normal.id, key(), 500n), minutesAgo(49));
    await post(deposit(normal.id, 10_000n), minutesAgo(10));
    for (let i = 0; i < 5; i++) await round(normal.id, `n-${i}`, minutesAgo(60 - i * 10), 100n);
    await sql`insert into payments_deposit (member_id, request_id, amount, status, provider, txid, expires_at, created_at)
              values (${normal.id}, ${`req-${key()}`}, 1000, 'expired', 'sandbox', ${randomBytes(15).toString('hex')}, now(), now())`.execute(ctx.core.db);

    // Deposit after losses, twice: 100.00 deposited, lost to 1.00, deposit again; lost again, deposit again.
    await post(deposit(chaser.id, 10_000n), minutesAgo(40));
    await post(betJournal(chaser.id, key(), 9_900n), minutesAgo(35));
    await post(deposit(chaser.id, 10_000n), minutesAgo(30));
    await post(betJournal(chaser.id, key(), 10_000n), minutesAgo(25));
    await post(deposit(chaser.id, 5_000n), minutesAgo(20));

    // A big win (the default threshold is R$ 10.000,00).
    await post(betJournal(winner.id, key(), 10_000n), minutesAgo(5));
    await post(winJournal(winner.id, key(), 1_500_000n), minutesAgo(5));

    // Seven hours of play with no pause over 30 minutes.
    for (let i = 0; i <= 28; i++) await round(marathon.id, `m-${i}`, minutesAgo(7 * 60 - i * 15), 100n);

    // Five unpaid PIX charges today.
    for (let i = 0; i < 5; i++) {
      await sql`insert into payments_deposit (member_id, request_id, amount, status, provider, txid, expires_at, created_at)
                values (${failing.id}, ${`req-${key()}`}, 5000, ${i % 2 ? 'failed' : 'expired'}, 'sandbox', ${randomBytes(15).toString('hex')}, now(), ${minutesAgo(30 + i)})`.execute(ctx.core.db);
    }

    // A deposit credited, barely played, withdrawn 10 minutes later.
    await sql`insert into payments_deposit (member_id, request_id, amount, status, provider, txid, expires_at, created_at, paid_at, credited_at)
              values (${flipper.id}, ${`req-${key()}`}, 50000, 'credited', 'sandbox', ${randomBytes(15).toString('hex')}, now(), ${minutesAgo(21)}, ${minutesAgo(20)}, ${minutesAgo(20)})`.execute(ctx.core.db);
    await round(flipper.id, 'f-1', minutesAgo(15), 1_000n);
    await sql`insert into payments_withdrawal (member_id, request_id, amount, status, destination, destination_display, provider, requested_at)
              values (${flipper.id}, ${`req-${key()}`}, 49000, 'reviewing', '{}', 'PIX ***', 'sandbox', ${minutesAgo(10)})`.execute(ctx.core.db);
    // Normal: a withdrawal a day after the deposit.
    await sql`insert into payments_withdrawal (member_id, request_id, amount, status, destination, destination_display, provider, requested_at)
              values (${normal.id}, ${`req-${key()}`}, 1000, 'reviewing', '{}', 'PIX ***', 'sandbox', ${minutesAgo(5)})`.execute(ctx.core.db);

    // Three limit hits reported by the limits module's hook; one for the normal player.
    for (let i = 0; i < 3; i++) await ctx.core.modules.compliance.api.recordLimitHit(limited.id, 'deposit');
    await ctx.core.modules.compliance.api.recordLimitHit(normal.id, 'deposit');

    await evaluate();
    const second = await evaluate();
    expect(Object.values(second).every((count) => count === 0)).toBe(true);

    expect(await alertsOf(normal.id)).toEqual([]);
    expect(await alertsOf(chaser.id)).toEqual(['deposit_after_loss']);
    expect(await alertsOf(winner.id)).toEqual(['big_win']);
    expect(await alertsOf(marathon.id)).toEqual(['long_session']);
    expect(await alertsOf(failing.id)).toEqual(['failed_deposits']);
    expect(await alertsOf(flipper.id)).toEqual(['rapid_withdraw']);
    expect(await alertsOf(limited.id)).toEqual(['limit_hits']);

    // The console: filters, acknowledge with a note (audited), a second acknowledgement refused.
    const list = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/compliance/alerts?pattern=big_win&account=${winner.account}&status=open`, headers: bearer(risk) });
    expect(list.statusCode).toBe(200);
    expect(list.json().content).toHaveLength(1);
    const alert = list.json().content[0];
    expect(alert).toMatchObject({ account: winner.account, pattern: 'big_win', status: 'open' });
    expect(alert.detail.biggestWinCents).toBe('1500000');
    const empty = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/compliance/alerts/${alert.id}/acknowledge`, headers: bearer(risk), payload: { note: '   ' } });
    expect(empty.statusCode).toBe(400);
    const ack = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/compliance/alerts/${alert.id}/acknowledge`, headers: bearer(risk), payload: { note: 'Checked: jackpot on a certified slot' } });
    expect(ack.statusCode).toBe(200);
    const twice = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/compliance/alerts/${alert.id}/acknowledge`, headers: bearer(risk), payload: { note: 'again' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('compliance.alert_acknowledged');
    const audit = await sql<{ action: string }>`select action from backoffice_audit where target_type = 'compliance_alert' and target_id = ${alert.id}`.execute(ctx.core.db);
    expect(audit.rows.map((row) => row.action)).toEqual(['compliance.alert.acknowledged']);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/compliance/alerts/999999999/acknowledge', headers: bearer(risk), payload: { note: 'x' } });
    expect(missing.statusCode).toBe(404);
    const acknowledged = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/compliance/alerts?status=acknowledged&account=${winner.account}`, headers: bearer(risk) });
    expect(acknowledged.json().content[0].note).toBe('Checked: jackpot on a certified slot');
  });

  it('refuses hostile filters with a translated 400', async () => {
    for (const query of ['from=2026-13-01', 'from=2026-01-01&to=2025-01-01', 'pattern=drop', 'page=0', 'status=%27%3B']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/compliance/alerts?${query}`, headers: bearer(risk) });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('regulator extract', () => {
  it("lists a known day's bets, wallet movements and bettors in the documented layout", async () => {
    const day = '2026-03-10';
    const player = await newPlayer(ctx.core, { balance: 0n });
    // 12:00 in São Paulo is 15:00 UTC; 02:00 UTC on the 11th is still the 10th there.
    const noon = new Date('2026-03-10T15:00:00Z');
    await post(deposit(player.id, 20_000n, '+cmd|calc'), noon);
    await post(betJournal(player.id, key(), 5_000n), new Date('2026-03-11T02:00:00Z'));
    await post(winJournal(player.id, key(), 123n), new Date('2026-03-11T04:00:00Z'));
    await round(player.id, 'x-1', noon, 5_000n, 0n, 'SPORTSBOOK');
    await round(player.id, 'x-2', new Date('2026-03-11T02:00:00Z'), 250n, 1_000n);
    await round(player.id, 'x-3', new Date('2026-03-12T02:00:00Z'), 250n);
    const extract = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/backoffice/compliance/extract?${query}`, headers: bearer(risk) });

    const bets = await extract(`day=${day}&family=bets&format=json`);
    expect(bets.statusCode).toBe(200);
    const body = bets.json();
    expect(body).toMatchObject({ layout: 'compliance-extract/1', family: 'bets', day });
    const mine = body.records.filter((record: { bettor_id: string }) => record.bettor_id === player.id.toString());
    {
      expect(body.from).toBe('2026-03-10T03:00:00.000Z');
      expect(mine.map((record: { bet_id: string }) => record.bet_id)).toEqual(['SPORTSBOOK:x-1', 'HOUSE:x-2']);
      expect(Object.keys(mine[0])).toEqual([...BET_FIELDS]);
      expect(mine[0]).toMatchObject({ category: 'sports', stake: '50.00', payout: '0.00', net: '-50.00', status: 'settled' });
      expect(mine[1]).toMatchObject({ category: 'online_game', stake: '2.50', payout: '10.00', net: '7.50' });
    }

    const csv = await extract(`day=${day}&family=wallet&format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(WALLET_FIELDS.join(','));
    const rows = lines.filter((line) => line.split(',')[1] === player.id.toString());
    {
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain(",deposit,cash,200.00,200.00,'+cmd|calc,");
      expect(rows[1]).toContain(',bet,cash,-50.00,150.00,');
    }

    const bettors = await extract(`day=${day}&family=bettors&format=csv`);
    const bettorLines = bettors.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(bettorLines[0]).toBe(BETTOR_FIELDS.join(','));
    expect(bettorLines.filter((line) => line.startsWith(`${player.id},`))).toHaveLength(1);
    const audit = await sql<{ target_id: string }>`select target_id from backoffice_audit where action = 'compliance.extract.downloaded'`.execute(ctx.core.db);
    expect(audit.rows.map((row) => row.target_id)).toContain(`${day}:bets`);
  });

  it('refuses bad days with a translated 400', async () => {
    for (const query of ['day=2026-02-30', 'day=tomorrow', 'day=2999-01-01', 'day=', `day=${'1'.repeat(41)}`, 'day=2026-01-01&family=cpfs', 'day=2026-01-01&format=xml']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/compliance/extract?${query}`, headers: bearer(risk) });
      expect(response.statusCode, query).toBe(400);
    }
    const support = await newOperatorSession(ctx.core, ctx.app, 'support');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/compliance/extract?day=2026-01-01', headers: bearer(support) })).statusCode).toBe(403);
  });
});
