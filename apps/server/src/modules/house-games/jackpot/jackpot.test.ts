import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, parseCents } from '@app/kernel';
import { bearer, loginAs, newPlayer } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';

/** The progressive jackpot: funded by a share of each bet through the ledger, drawn per bet, paid as a win. */
describe('progressive jackpot', () => {
  async function context(env: Record<string, string>) {
    const ctx = await createTestContext({ env: { HOUSE_MIN_SPIN_INTERVAL_MS: '0', JACKPOT_SEED_CENTS: '1000', JACKPOT_CONTRIBUTION_BP: '1000', ...env } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ctx.core.modules.houseGames.api.setProviderUrl(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
    await ctx.core.modules.houseGames.api.register();
    return ctx;
  }
  const pool = async (ctx: TestContext) => (await ctx.app.inject({ method: 'GET', url: '/api/jackpot' })).json().pools[0];
  const play = async (ctx: TestContext, token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/house/mini/dados/play', headers: bearer(token), payload: { amount: '1.00', params: { direction: 'over', target: '50' }, requestId: randomUUID() } });

  describe('with the usual odds', () => {
    let ctx: TestContext;
    beforeAll(async () => (ctx = await context({})), 60_000);
    afterAll(() => ctx?.close());

    it('starts at its seed and grows by the configured share of every bet, through the ledger', async () => {
      expect(await pool(ctx)).toEqual({ code: 'main', names: { pt: 'Jackpot da Casa', en: 'House Jackpot' }, amount: '10.00' });
      const created = await newPlayer(ctx.core, { balance: 100_00n });
      const token = await loginAs(ctx.app, created);
      for (let i = 0; i < 3; i += 1) expect((await play(ctx, token)).statusCode).toBe(200);
      expect((await pool(ctx)).amount).toBe('10.30');
      expect((await ctx.core.modules.wallet.api.runLedgerCheck()).ok).toBe(true);
    });

    it('takes an operator’s new odds and share on the next bet (the pool row rules, not the start-up config)', async () => {
      const created = await newPlayer(ctx.core, { balance: 100_00n });
      const token = await loginAs(ctx.app, created);
      const before = parseCents((await pool(ctx)).amount)!;
      expect(await ctx.core.modules.houseGames.api.configureJackpot({ oddsCents: 1n, contributionBp: 0 })).toMatchObject({ oddsCents: 1n, contributionBp: 0, seed: 10_00n });
      try {
        expect((await play(ctx, token)).statusCode).toBe(200);
      } finally {
        await ctx.core.modules.houseGames.api.configureJackpot({ oddsCents: 50_000_000n, contributionBp: 1000 });
      }
      const wins = await ctx.core.db.selectFrom('jackpot_win').select('amount').where('member_id', '=', created.id).execute();
      expect(wins).toEqual([{ amount: before }]);
      expect((await pool(ctx)).amount).toBe('10.00');
    });
  });

  describe('when a bet hits', () => {
    let ctx: TestContext;
    // Odds of 1 centavo: every bet of 1 centavo or more hits.
    beforeAll(async () => (ctx = await context({ JACKPOT_ODDS_CENTS: '1' })), 60_000);
    afterAll(() => ctx?.close());

    it('pays the whole pool to the player as a win, refills the seed, records the winner, once', async () => {
      const created = await newPlayer(ctx.core, { balance: 100_00n });
      const token = await loginAs(ctx.app, created);
      const response = await play(ctx, token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      // The pool was 10.00 + the round's 0.10 share; the player's balance includes it.
      const expected = 100_00n - 1_00n + parseCents(body.round.win)! + 10_10n;
      expect(body.balance).toBe(formatCents(expected));
      expect(await ctx.core.modules.wallet.api.cashOf(created.id)).toBe(expected);
      expect((await pool(ctx)).amount).toBe('10.00');
      const wins = await ctx.core.db.selectFrom('jackpot_win').selectAll().where('member_id', '=', created.id).execute();
      expect(wins).toHaveLength(1);
      expect(wins[0]).toMatchObject({ amount: 10_10n, status: 'paid', round_ref: `house-${body.round.id}` });
      const record = await ctx.core.db.selectFrom('provider_round').select(['round_id', 'win', 'status']).where('member_id', '=', created.id).orderBy('round_id').execute();
      expect(record).toContainEqual({ round_id: `house-${body.round.id}-jackpot`, win: 10_10n, status: 'settled' });
      expect(await ctx.core.modules.houseGames.api.deliverPendingJackpots()).toBe(0);
      await ctx.core.modules.provider.api.flushRequestLog();
      expect((await ctx.core.modules.wallet.api.runLedgerCheck()).ok).toBe(true);
    });
  });
});
