import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_ACCOUNT_TYPE } from '@app/contracts';
import { findSlotGame, playRound } from '@app/house-games';
import { formatCents, parseCents } from '@app/kernel';
import { bearer, loginAs, newPlayer } from '../../../test/builders.ts';
import { insertFixtureCatalogue } from '../../../test/catalogue-fixture.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { themeFor, verifyRound } from './index.ts';

/**
 * The sandbox vendor on the house game server (demo vendors' games as themed slots through the
 * provider API as that vendor), demo play without money, and the job that settles rounds left
 * open when the provider API could not be reached.
 */
describe('house game server: sandbox vendor, demo play, open rounds', () => {
  let ctx: TestContext;
  let apiUrl: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { HOUSE_MIN_SPIN_INTERVAL_MS: '0' } });
    await insertFixtureCatalogue(ctx.core.db);
    ctx.core.modules.catalogue.api.invalidate();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    ctx.core.modules.houseGames.api.setProviderUrl(apiUrl);
    await ctx.core.modules.houseGames.api.register();
  }, 60_000);
  afterAll(() => ctx?.close());

  async function player(options: Parameters<typeof newPlayer>[1] = { balance: 1_000_00n }) {
    const created = await newPlayer(ctx.core, options);
    return { ...created, token: await loginAs(ctx.app, created) };
  }
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) => ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const cash = (id: bigint) => ctx.core.modules.wallet.api.cashOf(id);

  it('shows a demo game as its themed house slot: paytable, lines, bets and RTP before play', async () => {
    const p = await player();
    const table = await call('GET', '/api/house/games/TSLOT/tiger', p.token);
    expect(table.statusCode, table.body).toBe(200);
    const machine = themeFor('TSLOT', 'tiger');
    expect(table.json()).toMatchObject({ vendor: 'TSLOT', vendorName: 'Test Slots', names: { pt: 'Tigre da Fortuna', en: 'Fortune Tiger' }, machine: machine.code, lines: machine.paylines.length, playable: true });
    expect(table.json().rtp).toBeCloseTo(machine.declaredRtp * 100, 3);
    expect(table.json().lineBets).toEqual(machine.lineBets.map(formatCents));
    expect(table.json().symbols.find((symbol: { kind: string }) => symbol.kind === 'wild').pays.length).toBeGreaterThan(0);
    const house = (await call('GET', '/api/house/games/HOUSE/tesouro-do-farao', p.token)).json();
    expect(house).toMatchObject({ vendor: 'HOUSE', machine: 'tesouro-do-farao', names: { pt: 'Tesouro do Faraó' } });
    // Transfer-mode vendors and unknown games are not the house game server's.
    for (const path of ['TXFER/poker', 'TSLOT/nope', 'NOVENDOR/x']) expect((await call('GET', `/api/house/games/${path}`, p.token)).statusCode, path).toBe(404);
    expect((await call('GET', '/api/house/games/TSLOT/broken', p.token)).json().playable).toBe(false);
  });

  it('plays a demo vendor’s game through the provider API as that vendor, into the betting record', async () => {
    const p = await player();
    const machine = themeFor('TSLOT', 'tiger');
    const lineBet = machine.lineBets[0]!;
    const response = await call('POST', '/api/house/games/TSLOT/tiger/spin', p.token, { lineBet: formatCents(lineBet), requestId: randomUUID() });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.round).toMatchObject({ vendor: 'TSLOT', gameCode: 'tiger' });
    const expected = 1_000_00n - lineBet * BigInt(machine.paylines.length) + parseCents(body.round.totalWin)!;
    expect(await cash(p.id)).toBe(expected);
    const txs = await ctx.core.db.selectFrom('provider_transaction').select(['action', 'vendor_code']).where('round_id', '=', `house-${body.round.id}`).orderBy('id').execute();
    expect(txs).toEqual([{ action: 'bet', vendor_code: 'TSLOT' }, { action: 'win', vendor_code: 'TSLOT' }]);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const record = (await call('GET', `/api/member/betting-record?from=${day(-1)}&to=${day(1)}`, p.token)).json();
    expect(record.content[0]).toMatchObject({ vendor: 'TSLOT', gameCode: 'tiger', status: 'settled', bet: formatCents(lineBet * BigInt(machine.paylines.length)), win: body.round.totalWin });
    // Maintenance and wallet-mode rules hold for spins too.
    expect((await call('POST', '/api/house/games/TSLOT/broken/spin', p.token, { lineBet: formatCents(lineBet), requestId: randomUUID() })).json().error.code).toBe('house.game_unavailable');
    expect((await call('POST', '/api/house/games/TXFER/poker/spin', p.token, { lineBet: formatCents(lineBet), requestId: randomUUID() })).statusCode).toBe(404);
  });

  it('demo play: a trial account spins for fun, no money moves, and the revealed seeds verify the round', async () => {
    const trial = await player({ type: TRIAL_ACCOUNT_TYPE });
    const machine = themeFor('TSLOT', 'tiger');
    const lineBet = formatCents(machine.lineBets[1]!);
    expect((await call('POST', '/api/house/games/TSLOT/tiger/spin', trial.token, { lineBet, requestId: randomUUID() })).json().error.code).toBe('auth.trial_refused');
    const demo = await call('POST', '/api/house/games/TSLOT/tiger/demo-spin', trial.token, { lineBet });
    expect(demo.statusCode, demo.body).toBe(200);
    const { round, fairness } = demo.json();
    const verified = verifyRound(fairness, (stream) => playRound(machine, { lineBet: parseCents(lineBet)! }, stream));
    expect(verified.valid).toBe(true);
    if (verified.valid) expect(formatCents(verified.outcome.totalWin)).toBe(round.totalWin);
    expect(await cash(trial.id)).toBe(0n);
    expect(await ctx.core.db.selectFrom('house_round').select('id').where('member_id', '=', trial.id).execute()).toEqual([]);
    expect((await call('POST', '/api/house/games/TSLOT/percent/demo-spin', trial.token, { lineBet })).json().error.code).toBe('catalogue.demo_unavailable');
    expect((await call('POST', '/api/house/games/TSLOT/tiger/demo-spin', trial.token, { lineBet: '0.03' })).statusCode).toBe(400);
    expect(findSlotGame('tesouro-do-farao')).toBeDefined();
  });

  /** A loopback hop in front of the provider API that loses chosen calls, as a network would. */
  async function flakyHop(lose: (action: string) => 'answer' | 'drop-after' | 'drop-before'): Promise<{ url: string; close: () => Promise<void> }> {
    const server: Server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const action = request.url!.split('/').pop()!;
      const fate = lose(action);
      if (fate === 'drop-before') return request.socket.destroy();
      const forwarded = await fetch(`${apiUrl}${request.url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': String(request.headers['x-signature']) }, body: Buffer.concat(chunks) });
      const text = await forwarded.text();
      if (fate === 'drop-after') return request.socket.destroy();
      response.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  it('settles rounds left open: delivers a lost win, refunds a bet whose answer was lost, once', async () => {
    const game = findSlotGame('tesouro-do-farao')!;
    const lineBet = game.lineBets[0]!;
    const totalBet = lineBet * BigInt(game.paylines.length);

    // 1. The bet lands, every win is lost: the spin fails and the round stays open.
    const winner = await player();
    let hop = await flakyHop((action) => (action === 'win' ? 'drop-before' : 'answer'));
    ctx.core.modules.houseGames.api.setProviderUrl(hop.url);
    const lost = await call('POST', `/api/house/games/HOUSE/${game.code}/spin`, winner.token, { lineBet: formatCents(lineBet), requestId: randomUUID() });
    await hop.close();
    expect(lost.statusCode, lost.body).toBe(502);
    expect(await cash(winner.id)).toBe(1_000_00n - totalBet);
    const open = await ctx.core.db.selectFrom('house_round').selectAll().where('member_id', '=', winner.id).executeTakeFirstOrThrow();
    expect(open.status).toBe('open');

    // 2. The bet lands but its answer is lost, and so is the rollback: open, with the money taken.
    // (A first spin opens the player's provider session, so that the lost bet is a real one.)
    const refunded = await player();
    ctx.core.modules.houseGames.api.setProviderUrl(apiUrl);
    const first = await call('POST', `/api/house/games/HOUSE/${game.code}/spin`, refunded.token, { lineBet: formatCents(lineBet), requestId: randomUUID() });
    expect(first.statusCode, first.body).toBe(200);
    const start = parseCents(first.json().balance)!;
    hop = await flakyHop((action) => (action === 'bet' ? 'drop-after' : action === 'rollback' ? 'drop-before' : 'answer'));
    ctx.core.modules.houseGames.api.setProviderUrl(hop.url);
    const unknown = await call('POST', `/api/house/games/HOUSE/${game.code}/spin`, refunded.token, { lineBet: formatCents(lineBet), requestId: randomUUID() });
    await hop.close();
    expect(unknown.statusCode, unknown.body).toBe(502);
    expect(await cash(refunded.id)).toBe(start - totalBet);

    ctx.core.modules.houseGames.api.setProviderUrl(apiUrl);
    const counts = await ctx.core.modules.houseGames.api.settleOpenRounds(0);
    expect(counts).toMatchObject({ settled: 1, rolledBack: 1, stillOpen: 0 });
    expect(await cash(winner.id)).toBe(1_000_00n - totalBet + BigInt(open.win));
    expect(await cash(refunded.id)).toBe(start);
    const statuses = await ctx.core.db.selectFrom('house_round').select(['member_id', 'status']).where('member_id', 'in', [winner.id, refunded.id]).orderBy('id').execute();
    expect(statuses.map((row) => [row.member_id, row.status])).toEqual([[winner.id, 'settled'], [refunded.id, 'settled'], [refunded.id, 'failed']]);
    expect(await ctx.core.modules.houseGames.api.settleOpenRounds(0)).toMatchObject({ settled: 0, rolledBack: 0 });
    expect(await cash(winner.id)).toBe(1_000_00n - totalBet + BigInt(open.win));

    await ctx.core.modules.provider.api.flushRequestLog();
    const check = await ctx.core.modules.wallet.api.runLedgerCheck();
    expect(check.ok, JSON.stringify(check)).toBe(true);
  });
});
