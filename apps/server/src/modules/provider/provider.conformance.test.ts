import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_ACCOUNT_TYPE } from '@app/contracts';
import { bearer, loginAs, newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { signBody } from './signature.ts';

/**
 * Conformance of the provider API (docs/provider-integration.md) through HTTP with signatures:
 * every action, every error, the idempotency rules, and the ledger invariants at the end.
 */
const VENDOR = 'DEMOVENDOR';
const SECRET = 'conformance-secret-0123456789';

describe('provider API conformance', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { DEMO_VENDOR_SECRET: SECRET } });
    await ctx.core.modules.provider.api.seedDemoVendor();
    ctx.core.modules.catalogue.api.invalidate();
    // A second vendor, to be disabled, and a third behind an IP allow-list.
    for (const [code, enabled, ipAllow] of [
      ['OFFVENDOR', false, null],
      ['IPVENDOR', true, ['192.0.2.0/24']],
    ] as const) {
      await ctx.core.db.insertInto('catalogue_vendor').values({ code, display_name: code }).execute();
      await ctx.core.db
        .insertInto('provider_vendor_secret')
        .values({ vendor_code: code, secret: SECRET, enabled, ip_allow: ipAllow ? [...ipAllow] : null })
        .execute();
    }
  });
  afterAll(() => ctx?.close());

  async function call(action: string, body: unknown, options: { vendor?: string; signature?: string | null; raw?: string; ip?: string } = {}) {
    const raw = options.raw ?? JSON.stringify(body);
    const signature = options.signature === undefined ? signBody(SECRET, raw) : options.signature;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/provider/v1/${options.vendor ?? VENDOR}/${action}`,
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) },
      payload: raw,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> & { error?: { code: string; message: string } } };
  }

  async function launchToken(player: TestPlayer, demo = false): Promise<string> {
    const token = await loginAs(ctx.app, player);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/games/launch', headers: bearer(token), payload: { vendor: VENDOR, gameCode: 'demo-slot-1', demo } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().vendorToken as string;
  }

  /** A player with money who has authenticated at DEMOVENDOR. */
  async function seatedPlayer(balance = 10_000n) {
    const player = await newPlayer(ctx.core, { balance });
    const auth = await call('authenticate', { token: await launchToken(player) });
    expect(auth.status).toBe(200);
    return { ...player, playerId: player.id.toString() };
  }

  const bet = (playerId: string, transactionId: string, amount: string, roundId = 'r1') => ({ playerId, transactionId, roundId, gameCode: 'demo-slot-1', amount });
  const win = (playerId: string, transactionId: string, amount: string, roundId = 'r1', roundClosed = true) => ({ ...bet(playerId, transactionId, amount, roundId), roundClosed });
  const rollback = (playerId: string, transactionId: string, originalTransactionId: string, roundId = 'r1') => ({ playerId, transactionId, originalTransactionId, roundId });
  const cash = async (memberId: bigint) => ctx.core.modules.wallet.api.cashOf(memberId);

  it('keeps every round in the betting record: stake, winnings, net, status, product filter', async () => {
    const player = await seatedPlayer(10_000n);
    const id = randomUUID().slice(0, 8);
    await call('bet', bet(player.playerId, `${id}-b1`, '2.00', `${id}-won`));
    await call('win', win(player.playerId, `${id}-w1`, '5.50', `${id}-won`));
    await call('bet', bet(player.playerId, `${id}-b2`, '3.00', `${id}-lost`));
    await call('win', win(player.playerId, `${id}-w2`, '0.00', `${id}-lost`));
    await call('bet', bet(player.playerId, `${id}-b3`, '1.00', `${id}-open`));
    await call('bet', bet(player.playerId, `${id}-b4`, '4.00', `${id}-back`));
    await call('rollback', rollback(player.playerId, `${id}-r4`, `${id}-b4`, `${id}-back`));
    // Replays change nothing in the record either.
    await call('bet', bet(player.playerId, `${id}-b1`, '2.00', `${id}-won`));
    const token = await loginAs(ctx.app, player);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const read = async (query: string) => ctx.app.inject({ method: 'GET', url: `/api/member/betting-record?from=${today}&to=${today}${query}`, headers: bearer(token) });
    const page = (await read('')).json();
    const byRound = Object.fromEntries(page.content.map((round: { roundId: string }) => [round.roundId, round]));
    expect(byRound[`${id}-won`]).toMatchObject({ bet: '2.00', win: '5.50', net: '3.50', status: 'settled', gameType: 'RNG', vendor: VENDOR });
    expect(byRound[`${id}-lost`]).toMatchObject({ bet: '3.00', win: '0.00', net: '-3.00', status: 'settled' });
    expect(byRound[`${id}-open`]).toMatchObject({ bet: '1.00', status: 'open', closedAt: null });
    expect(byRound[`${id}-back`]).toMatchObject({ bet: '0.00', net: '0.00', status: 'rolled_back' });
    expect(page.total).toBe(4);
    expect(page.totals).toEqual({ bet: '6.00', win: '5.50', net: '-0.50' });
    expect((await read('&gameType=LIVE')).json().total).toBe(0);
    expect((await read('&gameType=RNG&pageSize=2')).json()).toMatchObject({ total: 4, totalPages: 2 });
    for (const bad of ['&gameType=SLOTS', '&pageSize=0', '&pageNo=x']) expect((await read(bad)).statusCode).toBe(400);
    const wide = await ctx.app.inject({ method: 'GET', url: '/api/member/betting-record?from=2025-01-01&to=2026-12-31', headers: bearer(token) });
    expect(wide.json().error.code).toBe('wallet.range_invalid');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/member/betting-record?from=${today}&to=${today}` })).statusCode).toBe(401);
  });

  it('authenticates a launch token once', async () => {
    const player = await newPlayer(ctx.core, { balance: 12_345n });
    const token = await launchToken(player);
    const first = await call('authenticate', { token });
    expect(first).toEqual({ status: 200, body: { playerId: player.id.toString(), nickname: player.account, currency: 'BRL', balance: '123.45' } });
    const again = await call('authenticate', { token });
    expect(again.status).toBe(401);
    expect(again.body.error?.code).toBe('INVALID_TOKEN');
    expect((await call('authenticate', { token: 'x'.repeat(43) })).body.error?.code).toBe('INVALID_TOKEN');
  });

  it('answers the balance', async () => {
    const player = await seatedPlayer(5_000n);
    expect(await call('balance', { playerId: player.playerId })).toEqual({ status: 200, body: { balance: '50.00', currency: 'BRL' } });
    expect((await call('balance', { playerId: '999999999' })).body.error?.code).toBe('PLAYER_NOT_FOUND');
    expect((await call('balance', { playerId: '999999999' })).status).toBe(404);
  });

  it('bets, wins, closes a losing round with 0.00, and replays answer the original unchanged', async () => {
    const player = await seatedPlayer(10_000n);
    const placed = await call('bet', bet(player.playerId, 'b1', '10.00'));
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ balance: '90.00', transactionId: 'b1' });
    expect(typeof placed.body.operatorTransactionId).toBe('string');
    const won = await call('win', win(player.playerId, 'w1', '25.50'));
    expect(won.body).toMatchObject({ balance: '115.50', transactionId: 'w1' });

    // Replays after other movements: the original answers, nothing applied twice.
    await call('bet', bet(player.playerId, 'b2', '5.00', 'r2'));
    const closed = await call('win', win(player.playerId, 'w2', '0.00', 'r2'));
    expect(closed).toMatchObject({ status: 200, body: { balance: '110.50', transactionId: 'w2' } });
    expect(await call('bet', bet(player.playerId, 'b1', '10.00'))).toEqual(placed);
    expect(await call('win', win(player.playerId, 'w1', '25.50'))).toEqual(won);
    expect(await call('win', win(player.playerId, 'w2', '0.00', 'r2'))).toEqual(closed);
    expect(await cash(player.id)).toBe(11_050n);
  });

  it('refuses the same transactionId with other content (TRANSACTION_CONFLICT)', async () => {
    const player = await seatedPlayer();
    await call('bet', bet(player.playerId, 'c1', '1.00'));
    for (const changed of [bet(player.playerId, 'c1', '2.00'), bet(player.playerId, 'c1', '1.00', 'other-round')]) {
      const refused = await call('bet', changed);
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe('TRANSACTION_CONFLICT');
    }
    await call('win', win(player.playerId, 'c2', '1.00'));
    expect((await call('win', win(player.playerId, 'c2', '1.00', 'r1', false))).body.error?.code).toBe('TRANSACTION_CONFLICT');
    expect(await cash(player.id)).toBe(10_000n);
  });

  it('rolls a bet back exactly once; repeated and replayed rollbacks succeed', async () => {
    const player = await seatedPlayer(10_000n);
    await call('bet', bet(player.playerId, 'rb1', '30.00'));
    const undone = await call('rollback', rollback(player.playerId, 'rr1', 'rb1'));
    expect(undone).toMatchObject({ status: 200, body: { balance: '100.00', transactionId: 'rr1' } });
    expect(await call('rollback', rollback(player.playerId, 'rr1', 'rb1'))).toEqual(undone);
    const second = await call('rollback', rollback(player.playerId, 'rr2', 'rb1'));
    expect(second).toMatchObject({ status: 200, body: { balance: '100.00', transactionId: 'rr2' } });
    // The rolled-back bet's replay still answers its original response, and moves nothing.
    expect((await call('bet', bet(player.playerId, 'rb1', '30.00'))).body).toMatchObject({ balance: '70.00', transactionId: 'rb1' });
    expect((await call('rollback', rollback(player.playerId, 'rr1', 'other'))).body.error?.code).toBe('TRANSACTION_CONFLICT');
    expect(await cash(player.id)).toBe(10_000n);
  });

  it('accepts a rollback before its bet, then refuses the late bet', async () => {
    const player = await seatedPlayer(10_000n);
    const early = await call('rollback', rollback(player.playerId, 'early-rb', 'late-bet'));
    expect(early).toMatchObject({ status: 200, body: { balance: '100.00', transactionId: 'early-rb' } });
    const late = await call('bet', bet(player.playerId, 'late-bet', '10.00'));
    expect(late.status).toBe(409);
    expect(late.body.error?.code).toBe('TRANSACTION_CONFLICT');
    expect(await call('rollback', rollback(player.playerId, 'early-rb', 'late-bet'))).toEqual(early);
    expect(await cash(player.id)).toBe(10_000n);
  });

  it('refuses a bet above the balance with 402 and the balance', async () => {
    const player = await seatedPlayer(500n);
    const refused = await call('bet', bet(player.playerId, 'big', '5.01'));
    expect(refused).toEqual({ status: 402, body: { error: { code: 'INSUFFICIENT_FUNDS', message: 'insufficient funds' }, balance: '5.00' } });
    expect(await cash(player.id)).toBe(500n);
  });

  it('accepts wins and rollbacks after the session expired, refuses bets', async () => {
    const player = await seatedPlayer(10_000n);
    await call('bet', bet(player.playerId, 'exp-b1', '10.00'));
    await call('bet', bet(player.playerId, 'exp-b2', '10.00'));
    await ctx.core.db.updateTable('provider_player_session').set({ expires_at: new Date(Date.now() - 1000) }).where('member_id', '=', player.id).execute();
    expect((await call('win', win(player.playerId, 'exp-w1', '40.00'))).body).toMatchObject({ balance: '120.00' });
    expect((await call('rollback', rollback(player.playerId, 'exp-r1', 'exp-b2'))).body).toMatchObject({ balance: '130.00' });
    const refused = await call('bet', bet(player.playerId, 'exp-b3', '1.00'));
    expect(refused.status).toBe(401);
    expect(refused.body.error?.code).toBe('INVALID_TOKEN');
  });

  it('refuses bets of blocked, trial and demo-mode players (PLAYER_BLOCKED)', async () => {
    const blocked = await seatedPlayer(10_000n);
    await ctx.core.db.updateTable('accounts_member').set({ status: 'locked' }).where('id', '=', blocked.id).execute();
    const refused = await call('bet', bet(blocked.playerId, 'blk', '1.00'));
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('PLAYER_BLOCKED');
    // Money owed is still paid: a win in a round the player bet in before being blocked.
    await ctx.core.db.updateTable('accounts_member').set({ status: 'active' }).where('id', '=', blocked.id).execute();
    expect((await call('bet', bet(blocked.playerId, 'blk-b', '1.00', 'blk-round'))).status).toBe(200);
    await ctx.core.db.updateTable('accounts_member').set({ status: 'locked' }).where('id', '=', blocked.id).execute();
    expect((await call('win', win(blocked.playerId, 'blk-w', '1.00', 'blk-round'))).status).toBe(200);

    const trial = await newPlayer(ctx.core, { type: TRIAL_ACCOUNT_TYPE });
    expect((await call('authenticate', { token: await launchToken(trial, true) })).status).toBe(200);
    expect((await call('bet', bet(trial.id.toString(), 'trial', '1.00'))).body.error?.code).toBe('PLAYER_BLOCKED');

    const demo = await newPlayer(ctx.core, { balance: 10_000n });
    await call('authenticate', { token: await launchToken(demo, true) });
    expect((await call('bet', bet(demo.id.toString(), 'demo', '1.00'))).body.error?.code).toBe('PLAYER_BLOCKED');
    expect(await cash(demo.id)).toBe(10_000n);
  });

  // Issue 18: a signed win credited any member id, with no session at the vendor and no bet in the round.
  it('refuses a win that names no round the player bet in at this vendor, moving no money', async () => {
    const player = await seatedPlayer(10_000n);
    const stranger = await newPlayer(ctx.core, { balance: 10_000n });
    const id = randomUUID().slice(0, 8);
    expect((await call('bet', bet(player.playerId, `${id}-b`, '1.00', `${id}-r`))).status).toBe(200);
    const refusals: Array<[string, Parameters<typeof call>[1], Parameters<typeof call>[2]?]> = [
      // A member who never played at this vendor.
      ['stranger', win(stranger.id.toString(), `${id}-w1`, '5000.00', `${id}-r`)],
      // The player, in a round with no bet of theirs.
      ['other round', win(player.playerId, `${id}-w2`, '5000.00', `${id}-none`)],
      // The player's round, but at another vendor (same secret, its own books).
      ['other vendor', win(player.playerId, `${id}-w3`, '5000.00', `${id}-r`), { vendor: 'IPVENDOR', ip: '192.0.2.10' }],
      // The jackpot form, for a round with no bet.
      ['jackpot without a bet', win(player.playerId, `${id}-w4`, '5000.00', `${id}-none-jackpot`)],
      ['zero win', win(stranger.id.toString(), `${id}-w5`, '0.00', `${id}-r`)],
    ];
    for (const [label, body, options] of refusals) {
      const refused = await call('win', body, options);
      expect(refused.status, label).toBe(400);
      expect(refused.body.error?.code, label).toBe('INVALID_REQUEST');
    }
    expect(await cash(stranger.id)).toBe(10_000n);
    expect(await cash(player.id)).toBe(9_900n);
    const strangerRounds = await ctx.core.db.selectFrom('provider_round').select('round_id').where('member_id', '=', stranger.id).execute();
    expect(strangerRounds).toEqual([]);

    // The round the player bet in pays, and so does its jackpot ("<roundId>-jackpot", the documented form).
    expect((await call('win', win(player.playerId, `${id}-w6`, '2.00', `${id}-r`))).body).toMatchObject({ balance: '101.00' });
    expect((await call('win', win(player.playerId, `${id}-w7`, '10.00', `${id}-r-jackpot`))).body).toMatchObject({ balance: '111.00' });
  });

  it('refuses a bet without a session and a player that does not exist', async () => {
    const stranger = await newPlayer(ctx.core, { balance: 10_000n });
    expect((await call('bet', bet(stranger.id.toString(), 'nos', '1.00'))).body.error?.code).toBe('INVALID_TOKEN');
    const missing = await call('bet', bet('987654321', 'nop', '1.00'));
    expect(missing.status).toBe(404);
    expect(missing.body.error?.code).toBe('PLAYER_NOT_FOUND');
  });

  it('refuses bad callers: signature, vendor, switch, address', async () => {
    const player = await seatedPlayer();
    const body = { playerId: player.playerId };
    const expectCode = async (result: Promise<{ status: number; body: { error?: { code: string } } }>, status: number, code: string) => {
      const answer = await result;
      expect(answer.status).toBe(status);
      expect(answer.body.error?.code).toBe(code);
    };
    await expectCode(call('balance', body, { signature: null }), 401, 'INVALID_SIGNATURE');
    await expectCode(call('balance', body, { signature: signBody('another-secret-123456', JSON.stringify(body)) }), 401, 'INVALID_SIGNATURE');
    await expectCode(call('balance', body, { signature: signBody(SECRET, JSON.stringify(body)).toUpperCase() }), 401, 'INVALID_SIGNATURE');
    await expectCode(call('balance', body, { signature: 'zz' }), 401, 'INVALID_SIGNATURE');
    // The signature covers the exact bytes: a re-serialised body does not verify.
    await expectCode(call('balance', body, { raw: JSON.stringify(body, null, 1), signature: signBody(SECRET, JSON.stringify(body)) }), 401, 'INVALID_SIGNATURE');
    await expectCode(call('balance', body, { vendor: 'NOSUCHVENDOR' }), 401, 'INVALID_SIGNATURE');
    await expectCode(call('balance', body, { vendor: 'bad-code!' }), 401, 'INVALID_SIGNATURE');
    await expectCode(call('balance', body, { vendor: 'OFFVENDOR' }), 401, 'INVALID_SIGNATURE');
    await expectCode(call('balance', body, { vendor: 'IPVENDOR', ip: '198.51.100.7' }), 401, 'INVALID_SIGNATURE');
    // Inside the allow-list the caller is accepted (this player never authenticated there).
    await expectCode(call('balance', body, { vendor: 'IPVENDOR', ip: '192.0.2.10' }), 404, 'PLAYER_NOT_FOUND');
  });

  it('refuses malformed input with INVALID_REQUEST, never a 500', async () => {
    const player = await seatedPlayer(10_000n);
    const id = player.playerId;
    const cases: Array<[string, unknown, string?]> = [
      ['bet', null, '{"playerId": '],
      ['bet', null, ''],
      ['bet', null, '[]'],
      ['bet', null, 'null'],
      ['bet', { ...bet(id, 't1', '1.00'), amount: 1 }],
      ['bet', { ...bet(id, 't1', '1.00'), playerId: 12 }],
      ['bet', { ...bet(id, 't1', '1.00'), transactionId: 5 }],
      ['bet', bet(id, 't1', '-1.00')],
      ['bet', bet(id, 't1', '1.005')],
      ['bet', bet(id, 't1', '1.5')],
      ['bet', bet(id, 't1', '1')],
      ['bet', bet(id, 't1', '1e3')],
      ['bet', bet(id, 't1', '99999999999999999999.00')],
      ['bet', bet(id, 't1', '0.00')],
      ['bet', bet(id, 't1', ' 1.00')],
      ['bet', bet(id, 'has space', '1.00')],
      ['bet', bet(id, 'nul\u0000', '1.00')],
      ['bet', bet(id, 'x'.repeat(101), '1.00')],
      ['bet', { ...bet(id, 't1', '1.00'), playerId: '-1' }],
      ['bet', { ...bet(id, 't1', '1.00'), playerId: '99999999999999999999999' }],
      ['win', bet(id, 't1', '1.00')],
      ['rollback', { playerId: id, transactionId: 't1' }],
      ['authenticate', {}],
      ['authenticate', { token: 42 }],
      ['cashout', { playerId: id }],
      ['__proto__', { playerId: id }],
    ];
    for (const [action, body, raw] of cases) {
      const answer = await call(action, body, raw === undefined ? {} : { raw });
      expect(answer.status, `${action} ${raw ?? JSON.stringify(body)}`).toBe(400);
      expect(answer.body.error?.code).toBe('INVALID_REQUEST');
    }
    // A body over the limit is refused before anything else, still in the API's shape.
    const huge = await call('bet', null, { raw: JSON.stringify({ pad: 'x'.repeat(20_000) }) });
    expect(huge.status).toBe(400);
    expect(huge.body.error?.code).toBe('INVALID_REQUEST');
    expect(await cash(player.id)).toBe(10_000n);
  });

  it('logs every request with its timing, without bodies', async () => {
    const marker = `log-${randomUUID().slice(0, 8)}`;
    const player = await seatedPlayer();
    await call('bet', bet(player.playerId, marker, '1.00'));
    await call('bet', bet(player.playerId, marker, '1.00'), { signature: null });
    // The log rows are written after the responses, in batches.
    await ctx.core.modules.provider.api.flushRequestLog();
    const rows = await ctx.core.db.selectFrom('provider_request_log').selectAll().where('transaction_id', '=', marker).orderBy('id').execute();
    expect(rows.map((row) => [row.vendor_code, row.action, row.status_code, row.error_code])).toEqual([[VENDOR, 'bet', 200, null]]);
    expect(Number(rows[0]!.duration_ms)).toBeGreaterThan(0);
    const refused = await ctx.core.db.selectFrom('provider_request_log').selectAll().where('error_code', '=', 'INVALID_SIGNATURE').execute();
    expect(refused.length).toBeGreaterThan(0);
  });

  it('signs as documented (docs/provider-integration.md worked example) and publishes OpenAPI', async () => {
    const sample = '{"playerId":"42","transactionId":"tx-1001","roundId":"round-77","gameCode":"demo-slot-1","amount":"10.00"}';
    expect(signBody('demo-vendor-secret', sample)).toBe('90dcdf72576eb1eacf4f0de8df121e9ad152ca3d0cce8c432a395adfb3adaa1a');
    const openapi = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const action of ['authenticate', 'balance', 'bet', 'win', 'rollback']) {
      expect(openapi.paths[`/provider/v1/{vendorCode}/${action}`]?.post?.tags).toEqual(['provider']);
    }
  });

  it('keeps the ledger consistent', async () => {
    const check = await ctx.core.modules.wallet.api.runLedgerCheck();
    expect(check.ok, JSON.stringify(check)).toBe(true);
  });
});
