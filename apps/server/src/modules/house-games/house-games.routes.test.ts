import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, parseCents } from '@app/kernel';
import { bearer, loginAs, newPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { findSlotGame, playRound, SLOT_GAMES } from '@app/house-games';
import { verifyRound } from './index.ts';

/**
 * The house game server through HTTP: every spin posts through the provider API over a real
 * loopback socket (signed as vendor HOUSE), exactly as an outside vendor's server would.
 */
describe('house game server', () => {
  let ctx: TestContext;
  let paced: TestContext;
  const game = SLOT_GAMES[0]!;
  const lineBet = game.lineBets[0]!;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { HOUSE_MIN_SPIN_INTERVAL_MS: '0' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    ctx.core.modules.houseGames.api.setProviderUrl(url);
    // A second process on the same database with the default pace (1000 ms).
    paced = await createTestContext({ databaseUrl: ctx.databaseUrl });
    paced.core.modules.houseGames.api.setProviderUrl(url);
  }, 60_000);
  afterAll(async () => {
    await paced?.close();
    await ctx?.close();
  });

  async function player(balance = 1_000_00n) {
    const created = await newPlayer(ctx.core, { balance });
    return { ...created, token: await loginAs(ctx.app, created) };
  }
  const spin = (c: TestContext, token: string, body: object, code = game.code) => c.app.inject({ method: 'POST', url: `/api/house/games/HOUSE/${code}/spin`, headers: bearer(token), payload: body });
  const cash = (id: bigint) => ctx.core.modules.wallet.api.cashOf(id);

  it('registers HOUSE in the catalogue with its games, RTP and a provider secret, idempotently', async () => {
    await ctx.core.modules.houseGames.api.register();
    const vendor = await ctx.core.db.selectFrom('catalogue_vendor').selectAll().where('code', '=', 'HOUSE').executeTakeFirstOrThrow();
    expect(vendor).toMatchObject({ wallet_mode: 'seamless', is_demo: false });
    // The slots (RNG); the mini games are listed with the crash games (house-games.mini.test.ts).
    const games = await ctx.core.db.selectFrom('catalogue_game').select(['game_code', 'rtp', 'names']).where('vendor_code', '=', 'HOUSE').where('game_type', '=', 'RNG').orderBy('game_code').execute();
    expect(games.map((row) => row.game_code)).toEqual(SLOT_GAMES.map((g) => g.code).sort());
    for (const row of games) expect(Number(row.rtp)).toBeCloseTo(findSlotGame(row.game_code)!.declaredRtp * 100, 2);
    // Our own art, not the grey placeholder (catalogue media/house-art.ts draws it).
    expect(vendor.logo_path).toBe('house/vendor/HOUSE.svg');
    const icons = await ctx.core.db.selectFrom('catalogue_game').select(['game_code', 'icon_path']).where('vendor_code', '=', 'HOUSE').execute();
    for (const row of icons) expect(row.icon_path, row.game_code).toBe(`house/game/${row.game_code}.svg`);
    // A database registered before the art existed gets it; an operator's own image is kept.
    await ctx.core.db.updateTable('catalogue_game').set({ icon_path: '' }).where('vendor_code', '=', 'HOUSE').where('game_code', '=', 'dados').execute();
    await ctx.core.db.updateTable('catalogue_game').set({ icon_path: 'operator/limbo.png' }).where('vendor_code', '=', 'HOUSE').where('game_code', '=', 'limbo').execute();
    const again = (gameCode: string) => ({ gameCode, names: { en: gameCode }, gameType: 'CRASH' as const, demoSupported: false, iconPath: `house/game/${gameCode}.svg` });
    await ctx.core.modules.catalogue.api.ensureSeamlessVendor({ code: 'HOUSE', displayName: 'Jogos da Casa', isDemo: false, games: [again('dados'), again('limbo')] });
    const after = await ctx.core.db.selectFrom('catalogue_game').select(['game_code', 'icon_path']).where('vendor_code', '=', 'HOUSE').where('game_code', 'in', ['dados', 'limbo']).orderBy('game_code').execute();
    expect(after).toEqual([{ game_code: 'dados', icon_path: 'house/game/dados.svg' }, { game_code: 'limbo', icon_path: 'operator/limbo.png' }]);
    const secret = await ctx.core.db.selectFrom('provider_vendor_secret').select('secret').where('vendor_code', '=', 'HOUSE').executeTakeFirstOrThrow();
    expect(secret.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('debits the bet and credits the win the engine computes, records the round settled, and advances the nonce', async () => {
    const p = await player();
    const before = await cash(p.id);
    const fairness0 = (await ctx.app.inject({ method: 'GET', url: '/api/house/fairness', headers: bearer(p.token) })).json();
    expect(fairness0.nonce).toBe(0);
    let expected = before;
    for (let i = 0; i < 3; i += 1) {
      const response = await spin(ctx, p.token, { lineBet: formatCents(lineBet), requestId: randomUUID() });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.fairness).toEqual({ serverSeedHash: fairness0.serverSeedHash, clientSeed: fairness0.clientSeed, nonce: i });
      const totalBet = lineBet * BigInt(game.paylines.length);
      expect(body.round.totalBet).toBe(formatCents(totalBet));
      expected = expected - totalBet + parseCents(body.round.totalWin)!;
      expect(body.balance).toBe(formatCents(expected));
      expect(await cash(p.id)).toBe(expected);
      const row = await ctx.core.db.selectFrom('house_round').selectAll().where('id', '=', BigInt(body.round.id)).executeTakeFirstOrThrow();
      expect(row.status).toBe('settled');
      expect(row.nonce).toBe(i);
      const txs = await ctx.core.db.selectFrom('provider_transaction').select(['id', 'action', 'transaction_id']).where('vendor_code', '=', 'HOUSE').where('round_id', '=', `house-${row.id}`).orderBy('id').execute();
      expect(txs.map((t) => t.action)).toEqual(['bet', 'win']);
      expect(txs[0]!.id).toBe(row.provider_bet_id);
      expect(txs[1]!.id).toBe(row.provider_win_id);
    }
    const fairness1 = (await ctx.app.inject({ method: 'GET', url: '/api/house/fairness', headers: bearer(p.token) })).json();
    expect(fairness1.nonce).toBe(3);
  });

  it('gives concurrent spins distinct nonces', async () => {
    const p = await player();
    const answers = await Promise.all(Array.from({ length: 6 }, () => spin(ctx, p.token, { lineBet: formatCents(lineBet), requestId: randomUUID() })));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const nonces = answers.map((answer) => answer.json().fairness.nonce as number).sort((a, b) => a - b);
    expect(nonces).toEqual([0, 1, 2, 3, 4, 5]);
    const rounds = await ctx.core.db.selectFrom('house_round').select(['bet', 'win']).where('member_id', '=', p.id).where('status', '=', 'settled').execute();
    const net = rounds.reduce((sum, r) => sum - r.bet + r.win, 0n);
    expect(await cash(p.id)).toBe(1_000_00n + net);
  });

  it('refuses a spin faster than the minimum interval (429 house.too_fast)', async () => {
    const p = await player();
    const first = await spin(paced, p.token, { lineBet: formatCents(lineBet), requestId: randomUUID() });
    expect(first.statusCode, first.body).toBe(200);
    const second = await spin(paced, p.token, { lineBet: formatCents(lineBet), requestId: randomUUID() });
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('house.too_fast');
  });

  it('refuses a bet above the balance (402) with no round settled and the balance unchanged', async () => {
    const p = await player(1n);
    const response = await spin(ctx, p.token, { lineBet: formatCents(lineBet), requestId: randomUUID() });
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json().error.code).toBe('house.insufficient_funds');
    expect(await cash(p.id)).toBe(1n);
    const rounds = await ctx.core.db.selectFrom('house_round').select('status').where('member_id', '=', p.id).execute();
    expect(rounds.map((r) => r.status)).toEqual(['failed']);
  });

  it('rotation reveals the old seed and a stored round verifies to its outcome', async () => {
    const p = await player();
    const played = (await spin(ctx, p.token, { lineBet: formatCents(lineBet), requestId: randomUUID() })).json();
    const hidden = (await ctx.app.inject({ method: 'GET', url: `/api/house/rounds/${played.round.id}`, headers: bearer(p.token) })).json();
    expect(hidden.fairness.serverSeed).toBeNull();
    const rotated = await ctx.app.inject({ method: 'PUT', url: '/api/house/fairness/client-seed', headers: bearer(p.token), payload: { clientSeed: 'my lucky seed!' } });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().revealed).toMatchObject({ serverSeedHash: played.fairness.serverSeedHash, lastNonce: 1 });
    expect(rotated.json().active).toMatchObject({ clientSeed: 'my lucky seed!', nonce: 0 });
    const round = (await ctx.app.inject({ method: 'GET', url: `/api/house/rounds/${played.round.id}`, headers: bearer(p.token) })).json();
    expect(round.fairness.serverSeed).toBe(rotated.json().revealed.serverSeed);
    const verified = verifyRound({ ...round.fairness }, (stream) => playRound(findSlotGame(round.gameCode)!, { lineBet: parseCents(round.outcome.lineBet)! }, stream));
    expect(verified.valid).toBe(true);
    if (verified.valid) {
      expect(formatCents(verified.outcome.totalWin)).toBe(round.outcome.totalWin);
      expect(verified.outcome.base.stops).toEqual(round.outcome.stops);
    }
    const again = await ctx.app.inject({ method: 'POST', url: '/api/house/fairness/rotate', headers: bearer(p.token) });
    expect(again.statusCode).toBe(200);
    const fairness = (await ctx.app.inject({ method: 'GET', url: '/api/house/fairness', headers: bearer(p.token) })).json();
    expect(fairness.revealed).toHaveLength(2);
    expect(fairness).not.toHaveProperty('serverSeed');
  });

  it('answers bad input with 4xx, never 500', async () => {
    const p = await player();
    const ok = { lineBet: formatCents(lineBet), requestId: randomUUID() };
    const cases: Array<[string, object, number]> = [
      ['no-such-game', ok, 404],
      ['../../etc', ok, 400],
      [game.code, { ...ok, lineBet: '0.00' }, 400],
      [game.code, { ...ok, lineBet: '0.03' }, 400],
      [game.code, { ...ok, lineBet: '-1.00' }, 400],
      [game.code, { ...ok, lineBet: '1e3' }, 400],
      [game.code, { ...ok, lineBet: 5 }, 400],
      [game.code, { ...ok, lineBet: '99999999999999999999.00' }, 400],
      [game.code, { ...ok, requestId: "x'; drop table house_round;--" }, 400],
      [game.code, { lineBet: formatCents(lineBet) }, 400],
    ];
    for (const [code, body, status] of cases) {
      const response = await spin(ctx, p.token, body, encodeURIComponent(code));
      expect(response.statusCode, `${code} ${JSON.stringify(body)}: ${response.body}`).toBe(status);
    }
    const seeds = ['', 'x'.repeat(65), 'tab\there', 'ção'];
    for (const clientSeed of seeds) {
      const response = await ctx.app.inject({ method: 'PUT', url: '/api/house/fairness/client-seed', headers: bearer(p.token), payload: { clientSeed } });
      expect(response.statusCode).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/house/rounds/abc', headers: bearer(p.token) })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/house/rounds/999999999', headers: bearer(p.token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/house/games/HOUSE/${game.code}/spin`, payload: ok })).statusCode).toBe(401);
    const reused = await spin(ctx, p.token, ok);
    expect(reused.statusCode).toBe(200);
    expect((await spin(ctx, p.token, ok)).statusCode).toBe(409);
    expect(await cash(p.id)).toBe(parseCents(reused.json().balance));
  });

  it('keeps the ledger consistent', async () => {
    await ctx.core.modules.provider.api.flushRequestLog();
    const check = await ctx.core.modules.wallet.api.runLedgerCheck();
    expect(check.ok, JSON.stringify(check)).toBe(true);
  });
});
