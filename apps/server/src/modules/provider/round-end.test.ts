import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDOR as VENDOR, demoVendorContext, seatedPlayer as seated, signedCallback } from '../../../test/demo-vendor.ts';
import type { TestContext } from '../../../test/test-context.ts';

/**
 * endRound (docs/provider-integration.md): a round over with nothing more to pay, through the
 * signed HTTP API and the in-process batch (callbacks.handleMany). It closes an open round once,
 * moves no money and stores no transaction, answers a closed or rolled-back round's state, refuses
 * a round without the player's stake, and its round change reaches the agents' facts once.
 */
const SECRET = 'round-end-secret-0123456789';

describe('provider API: endRound', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await demoVendorContext(SECRET);
  });
  afterAll(() => ctx?.close());

  const call = signedCallback(() => ctx, SECRET);
  const seatedPlayer = () => seated(ctx, call, 10_000n);

  const ids = () => randomUUID().slice(0, 8);
  const bet = (playerId: string, transactionId: string, roundId: string, amount = '10.00') => ({ playerId, transactionId, roundId, gameCode: 'demo-slot-1', amount });
  const round = async (memberId: bigint, roundId: string) =>
    (await sql<{ bet: bigint; win: bigint; status: string; closed_at: Date | null }>`select bet, win, status, closed_at from provider_round where vendor_code = ${VENDOR} and member_id = ${memberId} and round_id = ${roundId}`.execute(ctx.core.db)).rows[0];
  const facts = async (memberId: bigint, roundId: string) =>
    (await sql<{ bets: number; stake: string; payout: string }>`select coalesce(sum(bets), 0)::int as bets, coalesce(sum(stake), 0)::text as stake, coalesce(sum(payout), 0)::text as payout from agents_bet_fact where vendor_code = ${VENDOR} and member_id = ${memberId} and round_id = ${roundId}`.execute(ctx.core.db)).rows[0]!;
  const stored = async (memberId: bigint) => (await sql<{ n: number }>`select count(*)::int as n from provider_transaction where vendor_code = ${VENDOR} and member_id = ${memberId}`.execute(ctx.core.db)).rows[0]!.n;

  it('closes an open round once, moving no money and storing nothing; a second endRound answers the same and changes nothing', async () => {
    const player = await seatedPlayer();
    const id = ids();
    await call('bet', bet(player.playerId, `${id}-b`, `${id}-r`));
    const cash = await ctx.core.modules.wallet.api.cashOf(player.id);
    const first = await call('endRound', { playerId: player.playerId, roundId: `${id}-r` });
    expect(first).toEqual({ status: 200, body: { roundId: `${id}-r`, roundStatus: 'settled' } });
    const closed = await round(player.id, `${id}-r`);
    expect(closed).toMatchObject({ bet: 10_00n, win: 0n, status: 'settled' });
    expect(closed!.closed_at).not.toBeNull();
    expect(await facts(player.id, `${id}-r`)).toEqual({ bets: 1, stake: '1000', payout: '0' });
    expect(await call('endRound', { playerId: player.playerId, roundId: `${id}-r` })).toEqual(first);
    expect(await round(player.id, `${id}-r`)).toEqual(closed);
    expect(await facts(player.id, `${id}-r`)).toEqual({ bets: 1, stake: '1000', payout: '0' });
    expect(await ctx.core.modules.wallet.api.cashOf(player.id)).toBe(cash);
    expect(await stored(player.id)).toBe(1); // the bet's answer only
  });

  it('a win after endRound (a corrected result) still pays on the closed round', async () => {
    const player = await seatedPlayer();
    const id = ids();
    await call('bet', bet(player.playerId, `${id}-b`, `${id}-r`));
    await call('endRound', { playerId: player.playerId, roundId: `${id}-r` });
    const win = await call('win', { ...bet(player.playerId, `${id}-w`, `${id}-r`, '30.00'), roundClosed: true });
    expect(win.status).toBe(200);
    expect(await round(player.id, `${id}-r`)).toMatchObject({ win: 30_00n, status: 'settled' });
    expect(await facts(player.id, `${id}-r`)).toEqual({ bets: 1, stake: '1000', payout: '3000' });
  });

  it('leaves a rolled-back round rolled back and refuses a round without the player’s stake', async () => {
    const player = await seatedPlayer();
    const other = await seatedPlayer();
    const id = ids();
    await call('bet', bet(player.playerId, `${id}-b`, `${id}-r`));
    await call('rollback', { playerId: player.playerId, transactionId: `${id}-x`, originalTransactionId: `${id}-b`, roundId: `${id}-r` });
    expect(await call('endRound', { playerId: player.playerId, roundId: `${id}-r` })).toEqual({ status: 200, body: { roundId: `${id}-r`, roundStatus: 'rolled_back' } });
    expect((await round(player.id, `${id}-r`))!.status).toBe('rolled_back');
    // Another player's round, an unknown round, an unknown player: refused, nothing written.
    for (const body of [
      { playerId: other.playerId, roundId: `${id}-r` },
      { playerId: player.playerId, roundId: `${id}-nothing` },
      { playerId: '9223372036854775807', roundId: `${id}-r` },
    ]) {
      const refused = await call('endRound', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error!.code).toBe('INVALID_REQUEST');
    }
    expect(await round(other.id, `${id}-r`)).toBeUndefined();
  });

  it('refuses malformed, oversized and hostile bodies with INVALID_REQUEST', async () => {
    for (const body of [{}, { playerId: '1' }, { roundId: 'r' }, { playerId: 'abc', roundId: 'r' }, { playerId: '1', roundId: 'x'.repeat(101) }, { playerId: '1', roundId: "r' or 1=1 --" + ' ' }, { playerId: '99999999999999999999', roundId: 'r' }, [], 'endRound']) {
      const refused = await call('endRound', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error!.code).toBe('INVALID_REQUEST');
    }
  });

  it('in process: a batch ends each round once, answers each call in order, and logs the batch as one request', async () => {
    const player = await seatedPlayer();
    const id = ids();
    const rounds = Array.from({ length: 5 }, (_, n) => `${id}-r${n}`);
    for (const [n, roundId] of rounds.entries()) await call('bet', bet(player.playerId, `${id}-b${n}`, roundId));
    const flush = () => ctx.core.modules.provider.api.flushRequestLog();
    await flush();
    const logged = async () => (await sql<{ n: number }>`select count(*)::int as n from provider_request_log where vendor_code = ${VENDOR} and action = 'endRound'`.execute(ctx.core.db)).rows[0]!.n;
    const before = await logged();
    const bodies = [...rounds, rounds[0]!, `${id}-nothing`].map((roundId) => ({ playerId: player.playerId, roundId }));
    const answers = await ctx.core.modules.provider.api.batchCallbacks.handleMany(VENDOR, 'endRound', [...bodies, { playerId: player.playerId }]);
    expect(answers.slice(0, 6)).toEqual([...rounds, rounds[0]!].map((roundId) => ({ status: 200, body: { roundId, roundStatus: 'settled' } })));
    expect(answers.slice(6).map((answer) => answer.status)).toEqual([400, 400]);
    for (const roundId of rounds) {
      expect((await round(player.id, roundId))!.status).toBe('settled');
      expect(await facts(player.id, roundId)).toEqual({ bets: 1, stake: '1000', payout: '0' });
    }
    await flush();
    // One row for the accepted batch, one per refused call.
    expect((await logged()) - before).toBe(3);
  });
});
