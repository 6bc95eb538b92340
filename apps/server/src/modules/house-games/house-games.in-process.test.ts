import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@app/kernel';
import { SLOT_GAMES } from '@app/house-games';
import { bearer, loginAs, newPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * The house games' default transport: the provider protocol in process (no HOUSE_PROVIDER_URL, no
 * listening socket). Its answers must be the HTTP API's for the same request, byte for byte.
 */
describe('house games through the provider protocol in process', () => {
  let ctx: TestContext;
  const game = SLOT_GAMES[0]!;
  const lineBet = game.lineBets[0]!;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { HOUSE_MIN_SPIN_INTERVAL_MS: '0' } });
    await ctx.core.modules.houseGames.api.register();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const handle = (vendor: string, action: string, body: unknown) => ctx.core.modules.provider.api.callbacks.handle(vendor, action, body);
  async function overHttp(vendor: string, action: string, body: unknown) {
    const secret = await ctx.core.modules.provider.api.ensureVendorSecret('HOUSE', 'unused: the stored secret is answered');
    const raw = JSON.stringify(body);
    const response = await ctx.app.inject({ method: 'POST', url: `/provider/v1/${vendor}/${action}`, headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(raw, 'utf8').digest('hex') }, payload: raw });
    return { status: response.statusCode, body: response.json() as unknown };
  }

  it('plays a spin with no HTTP listener: the bet and win reach the ledger and the round is settled', async () => {
    const created = await newPlayer(ctx.core, { balance: 1_000_00n });
    const token = await loginAs(ctx.app, created);
    const before = await ctx.core.modules.wallet.api.cashOf(created.id);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/house/games/HOUSE/${game.code}/spin`, headers: bearer(token), payload: { lineBet: formatCents(lineBet), requestId: randomUUID() } });
    expect(response.statusCode, response.body).toBe(200);
    const totalBet = lineBet * BigInt(game.paylines.length);
    const round = await ctx.core.db.selectFrom('house_round').select(['status', 'bet', 'win']).where('member_id', '=', created.id).executeTakeFirstOrThrow();
    expect(round.status).toBe('settled');
    expect(round.bet).toBe(totalBet);
    expect(await ctx.core.modules.wallet.api.cashOf(created.id)).toBe(before - totalBet + round.win);
  });

  it('answers what the signed HTTP API answers: refusals, and a replayed bet its stored answer once', async () => {
    const created = await newPlayer(ctx.core, { balance: 50_00n });
    const refusals: Array<[string, string, unknown]> = [
      ['HOUSE', 'nonsense', {}],
      ['HOUSE', 'bet', { playerId: created.id.toString() }],
      ['HOUSE', 'bet', { playerId: created.id.toString(), transactionId: randomUUID(), roundId: 'r-none', gameCode: game.code, amount: '1.00' }],
      ['NOSUCHVENDOR', 'balance', { playerId: created.id.toString() }],
    ];
    for (const [vendor, action, body] of refusals) {
      const inProcess = await handle(vendor, action, body);
      expect(inProcess.status, JSON.stringify(inProcess.body)).toBeGreaterThanOrEqual(400);
      if (vendor === 'HOUSE') expect(inProcess).toEqual(await overHttp(vendor, action, body));
      else expect(inProcess.body).toMatchObject({ error: { code: 'INVALID_SIGNATURE' } });
    }

    const launch = await ctx.core.modules.catalogue.api.issueLaunchToken(created.id, 'HOUSE', game.code);
    const session = await handle('HOUSE', 'authenticate', { token: launch });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const bet = { playerId: created.id.toString(), transactionId: `in-process-${randomUUID()}`, roundId: `in-process-${randomUUID()}`, gameCode: game.code, amount: '2.50' };
    const first = await handle('HOUSE', 'bet', bet);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await overHttp('HOUSE', 'bet', bet)).toEqual(first);
    expect(await handle('HOUSE', 'bet', bet)).toEqual(first);
    expect(await ctx.core.modules.wallet.api.cashOf(created.id)).toBe(50_00n - 2_50n);
  });
});
