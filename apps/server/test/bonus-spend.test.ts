import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newPlayer, type TestPlayer } from './builders.ts';
import { DEMO_VENDOR as VENDOR, demoVendorContext, signedCallback } from './demo-vendor.ts';
import type { TestContext } from './test-context.ts';

/**
 * Bets spend cash first, then bonus (issue 21, migration 0068), through the signed provider API:
 * the vendor sees cash + bonus, a bet's bonus share comes off the grant, a win pays the
 * bonus-funded part of its round back to it, a rollback gives the share back, replays move
 * nothing, and conversion, expiry and the sweep move what the grant holds — the ledger balancing
 * throughout.
 */
const SECRET = 'bonus-spend-secret-0123456789';
const DAY = 86_400_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await demoVendorContext(SECRET);
});
afterAll(() => ctx?.close());

const call = signedCallback(() => ctx, SECRET);

async function seated(cash: bigint, bonus: bigint, multiple = 10) {
  const player = await newPlayer(ctx.core, { balance: cash });
  const { grantId } = await ctx.core.db.transaction().execute((tx) =>
    ctx.core.modules.bonus.api.grant(tx, { key: `spend-${player.account}`, memberId: player.id, amount: bonus, wageringMultiple: multiple, expiresAt: new Date(Date.now() + DAY), source: { kind: 'test', id: player.account } }),
  );
  const token = await loginAs(ctx.app, player);
  const launch = await ctx.app.inject({ method: 'POST', url: '/api/games/launch', headers: bearer(token), payload: { vendor: VENDOR, gameCode: 'demo-slot-1', demo: false } });
  expect(launch.statusCode, launch.body).toBe(200);
  const auth = await call('authenticate', { token: launch.json().vendorToken as string });
  expect(auth.status).toBe(200);
  return { player, grantId, playerId: player.id.toString() };
}

const tx = () => randomUUID().slice(0, 12);
const bet = (playerId: string, transactionId: string, amount: string, roundId: string) => call('bet', { playerId, transactionId, roundId, gameCode: 'demo-slot-1', amount });
const win = (playerId: string, transactionId: string, amount: string, roundId: string) => call('win', { playerId, transactionId, roundId, gameCode: 'demo-slot-1', amount, roundClosed: true });
const rollback = (playerId: string, transactionId: string, originalTransactionId: string, roundId: string) => call('rollback', { playerId, transactionId, originalTransactionId, roundId });

async function state(player: TestPlayer, grantId: bigint) {
  const balance = await ctx.core.modules.wallet.api.balanceOf(player.id);
  const grant = await ctx.core.db.selectFrom('bonus_grant').select(['balance', 'status', 'closed_amount']).where('id', '=', grantId).executeTakeFirstOrThrow();
  return { cash: balance.cash, bonus: balance.bonus, grant: grant.balance, status: grant.status };
}

async function ledgerBalances() {
  const { rows } = await sql<{ total: string }>`select coalesce(sum(amount), 0)::text as total from wallet_entry`.execute(ctx.core.db);
  return rows[0]!.total;
}

describe('bets spend cash first, then bonus', () => {
  it('tells the vendor cash + bonus, and a bet beyond cash takes the rest from the grant', async () => {
    const { player, grantId, playerId } = await seated(5_00n, 20_00n);
    const round = tx();
    const answer = await bet(playerId, tx(), '8.00', round);
    expect(answer.status).toBe(200);
    expect(answer.body.balance).toBe('17.00');
    expect(await state(player, grantId)).toEqual({ cash: '0.00', bonus: '17.00', grant: 17_00n, status: 'active' });
    // More than cash + bonus: refused, nothing moves; the refusal tells the playable balance.
    const refused = await bet(playerId, tx(), '17.01', tx());
    expect(refused.body.error?.code).toBe('INSUFFICIENT_FUNDS');
    expect(await state(player, grantId)).toMatchObject({ cash: '0.00', bonus: '17.00', grant: 17_00n });
  });

  it('pays a win back in the proportion its round was staked: 5 of 8 from cash, 3 from bonus', async () => {
    const { player, grantId, playerId } = await seated(5_00n, 20_00n);
    const round = tx();
    await bet(playerId, tx(), '8.00', round);
    const won = await win(playerId, tx(), '16.00', round);
    expect(won.status).toBe(200);
    // 16 × 3/8 = 6.00 to the grant, 10.00 to cash.
    expect(await state(player, grantId)).toEqual({ cash: '10.00', bonus: '23.00', grant: 23_00n, status: 'active' });
    expect(won.body.balance).toBe('33.00');
  });

  it('a replayed bet or win moves nothing twice; a rollback gives the bonus share back to the grant', async () => {
    const { player, grantId, playerId } = await seated(2_00n, 10_00n);
    const round = tx();
    const betId = tx();
    await bet(playerId, betId, '6.00', round);
    await bet(playerId, betId, '6.00', round);
    expect(await state(player, grantId)).toMatchObject({ cash: '0.00', bonus: '6.00', grant: 6_00n });
    const back = tx();
    expect((await rollback(playerId, back, betId, round)).status).toBe(200);
    expect((await rollback(playerId, back, betId, round)).status).toBe(200);
    expect(await state(player, grantId)).toMatchObject({ cash: '2.00', bonus: '10.00', grant: 10_00n });
    const stakes = await ctx.core.db.selectFrom('bonus_stake').select('amount').where('member_id', '=', player.id).execute();
    expect(stakes).toEqual([]);
  });

  it('a cash-only member is untouched: no bonus legs, the vendor sees cash', async () => {
    const player = await newPlayer(ctx.core, { balance: 10_00n });
    const token = await loginAs(ctx.app, player);
    const launch = await ctx.app.inject({ method: 'POST', url: '/api/games/launch', headers: bearer(token), payload: { vendor: VENDOR, gameCode: 'demo-slot-1', demo: false } });
    await call('authenticate', { token: launch.json().vendorToken as string });
    const answer = await bet(player.id.toString(), tx(), '3.00', tx());
    expect(answer.body.balance).toBe('7.00');
    expect((await bet(player.id.toString(), tx(), '7.01', tx())).body.error?.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('conversion moves what the grant holds now, not what it was given', async () => {
    // Multiple 1: wagering 20.00; a settled round of 20.00 staked 15.00 from bonus and paid 30.00.
    const { player, grantId, playerId } = await seated(5_00n, 20_00n, 1);
    const round = tx();
    await bet(playerId, tx(), '20.00', round);
    await win(playerId, tx(), '30.00', round);
    // 30 × 15/20 = 22.50 back to the grant (5 + 22.50 = 27.50 held) and 7.50 to cash; wagering done.
    await ctx.core.modules.bonus.api.convertCompleted(player.id);
    const after = await state(player, grantId);
    expect(after).toEqual({ cash: '35.00', bonus: '0.00', grant: 27_50n, status: 'converted' });
    const closed = await ctx.core.db.selectFrom('bonus_grant').select('closed_amount').where('id', '=', grantId).executeTakeFirstOrThrow();
    expect(closed.closed_amount).toBe(27_50n);
  });

  it('a win after its grant was forfeited lands in the bonus pocket and the sweep returns it to the house', async () => {
    const { player, grantId, playerId } = await seated(0n, 10_00n);
    const round = tx();
    await bet(playerId, tx(), '4.00', round);
    await ctx.core.db.transaction().execute((t) => ctx.core.modules.bonus.api.forfeitOpen(t, player.id));
    expect(await state(player, grantId)).toMatchObject({ cash: '0.00', bonus: '0.00', status: 'forfeited' });
    await win(playerId, tx(), '8.00', round);
    expect(await state(player, grantId)).toMatchObject({ cash: '0.00', bonus: '8.00' });
    expect(await ctx.core.modules.bonus.api.sweepOrphans()).toBeGreaterThanOrEqual(1);
    expect(await state(player, grantId)).toMatchObject({ cash: '0.00', bonus: '0.00' });
    expect(await ctx.core.modules.bonus.api.sweepOrphans()).toBe(0);
    expect(await ledgerBalances()).toBe('0');
  });

  it('concurrent bets of one member never spend more bonus than the grant holds', async () => {
    const { player, grantId, playerId } = await seated(0n, 10_00n);
    const answers = await Promise.all(Array.from({ length: 12 }, () => bet(playerId, tx(), '1.00', tx())));
    const taken = answers.filter((answer) => answer.status === 200).length;
    expect(taken).toBe(10);
    expect(await state(player, grantId)).toMatchObject({ bonus: '0.00', grant: 0n });
    expect(await ledgerBalances()).toBe('0');
  });
});
