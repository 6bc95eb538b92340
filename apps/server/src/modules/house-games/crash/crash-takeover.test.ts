import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newPlayer } from '../../../../test/builders.ts';
import { seedCrashChain, waitFor } from '../../../../test/crash-fixture.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';

const childScript = path.resolve(import.meta.dirname, '../../../../test/crash-leader-child.ts');
const crashEnv = { CRASH_BETTING_MS: '2000', CRASH_PAUSE_MS: '300', CRASH_TICK_MS: '50', CRASH_TAKEOVER_POLL_MS: '200' };

/**
 * The leader dies mid-round (SIGKILL, no goodbye): a cash-out still works meanwhile (any API
 * process decides it by the database clock), another process takes the lead where the round
 * stands, and every bet ends settled exactly once, with no round lost or played twice.
 */
describe('crash leader takeover', () => {
  let ctx: TestContext;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    ctx = await createTestContext({ env: crashEnv });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ctx.core.modules.houseGames.api.setProviderUrl(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
    await ctx.core.modules.houseGames.api.register();
  }, 60_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await ctx?.core.modules.houseGames.api.stopCrashLeader();
    await ctx?.close();
  });

  it('kills the leader mid-round; the next leader finishes it and every bet is settled exactly once', async () => {
    const chain = await seedCrashChain(ctx.core.db, [[150n, 170n]]);
    const port = (ctx.app.server.address() as AddressInfo).port;
    const leader = spawn(process.execPath, ['--import', 'tsx', childScript, ctx.databaseUrl, `http://127.0.0.1:${port}`, JSON.stringify(crashEnv)], { stdio: ['ignore', 'pipe', 'inherit'] });
    child = leader;
    await new Promise<void>((resolve, reject) => {
      leader.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('leading') && resolve());
      leader.once('exit', (code) => reject(new Error(`the leader exited early (${code})`)));
    });

    const players = await Promise.all(Array.from({ length: 5 }, async () => {
      const created = await newPlayer(ctx.core, { balance: 100_00n });
      return { ...created, token: await loginAs(ctx.app, created) };
    }));
    const [early, byHand, stays, late, duringOutage] = players as [(typeof players)[number], (typeof players)[number], (typeof players)[number], (typeof players)[number], (typeof players)[number]];
    const round = await waitFor(async () => ctx.core.db.selectFrom('crash_round').selectAll().where('position', '=', 0).where('phase', '=', 'betting').executeTakeFirst(), 20_000, 'betting');
    const bet = async (p: (typeof players)[number], autoCashOut: string | null) => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/crash/bet', headers: bearer(p.token), payload: { amount: '10.00', autoCashOut, requestId: randomUUID() } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().bet.id as string;
    };
    const ids = { early: await bet(early, '1.10'), byHand: await bet(byHand, null), stays: await bet(stays, null), late: await bet(late, '1.40'), duringOutage: await bet(duringOutage, null) };
    const cashOut = (p: (typeof players)[number], id: string) => ctx.app.inject({ method: 'POST', url: '/api/crash/cashout', headers: bearer(p.token), payload: { betId: id } });
    // The curve by the server's clock (GET /api/crash carries it), as a player's screen computes it.
    const multiplierNow = async () => {
      const state = (await ctx.app.inject({ method: 'GET', url: '/api/crash' })).json();
      if (!state.round?.startedAt) return 0;
      return Math.floor(100 * Math.exp(0.00006 * (state.serverTime - Date.parse(state.round.startedAt)))) / 100;
    };

    await waitFor(async () => ((await multiplierNow()) >= 1.15 ? true : undefined), 20_000, '1.15×');
    expect((await cashOut(byHand, ids.byHand)).statusCode).toBe(200);
    await waitFor(async () => ((await ctx.core.db.selectFrom('crash_bet').select('closed_at').where('id', '=', BigInt(ids.early)).executeTakeFirst())?.closed_at ?? undefined), 10_000, 'the 1.10× cash-out paid by the first leader');
    await waitFor(async () => ((await multiplierNow()) >= 1.2 ? true : undefined), 20_000, '1.20×');

    leader.kill('SIGKILL');
    await new Promise((resolve) => leader.once('exit', resolve));
    // No leader now: a cash-out is still decided and paid by this API process.
    const outage = await cashOut(duringOutage, ids.duringOutage);
    expect(outage.statusCode, outage.body).toBe(200);
    expect(Number(outage.json().bet.cashOut)).toBeGreaterThanOrEqual(1.2);

    ctx.core.modules.houseGames.api.startCrashLeader();
    await waitFor(async () => ctx.core.db.selectFrom('crash_round').select('id').where('id', '=', round.id).where('settled_at', 'is not', null).executeTakeFirst(), 30_000, 'the round settled by the new leader');
    const next = await waitFor(async () => ctx.core.db.selectFrom('crash_round').selectAll().where('position', '=', 1).executeTakeFirst(), 10_000, 'the next round');
    expect(next.chain_id).toBe(round.chain_id);

    const rounds = await ctx.core.db.selectFrom('crash_round').select(['position', 'phase', 'crash_point']).orderBy('id').execute();
    expect(rounds.map((r) => r.position), 'no round lost or repeated').toEqual(rounds.map((_, i) => i));
    expect(rounds[0]).toMatchObject({ phase: 'crashed', crash_point: chain.points[0] });

    const bets = await ctx.core.db.selectFrom('crash_bet').selectAll().where('round_id', '=', round.id).orderBy('id').execute();
    const byId = new Map(bets.map((b) => [b.id.toString(), b]));
    expect(byId.get(ids.early)).toMatchObject({ status: 'cashed', cash_out: 110n, win: 11_00n });
    expect(byId.get(ids.byHand)!.status).toBe('cashed');
    expect(byId.get(ids.stays)).toMatchObject({ status: 'lost', win: 0n });
    expect(byId.get(ids.late), 'the 1.40× target, reached under the new leader').toMatchObject({ status: 'cashed', cash_out: 140n, win: 14_00n });
    expect(byId.get(ids.duringOutage)!.status).toBe('cashed');
    for (const b of bets) {
      expect(b.closed_at, `bet ${b.id} closed`).not.toBeNull();
      const calls = await ctx.core.db.selectFrom('provider_transaction').select(['action', 'transaction_id']).where('vendor_code', '=', 'HOUSE').where('transaction_id', 'like', `crash-${b.id}-%`).orderBy('action').execute();
      expect(calls.map((c) => c.action), `bet ${b.id}: one bet, one closing win`).toEqual(['bet', 'win']);
      const member = players.find((p) => p.id === b.member_id)!;
      expect(await ctx.core.modules.wallet.api.cashOf(member.id)).toBe(100_00n - b.amount + (b.win ?? 0n));
    }
  }, 120_000);
});
