import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDOR as VENDOR, demoVendorContext, seatedPlayer as seated, signedCallback } from '../../../test/demo-vendor.ts';
import type { TestContext } from '../../../test/test-context.ts';

/**
 * The rollback of a win (originalAction 'win'; docs/provider-integration.md, issue 23's
 * resettlement) through the signed HTTP API: reversed once, replays answered unchanged, a conflict
 * on other content, the tombstone before the win, nothing posted for a 0.00 win, the round's
 * winnings and status, and the ledger product of the calls.
 */
const SECRET = 'win-rollback-secret-0123456789';

describe('provider API: rollback of a win', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await demoVendorContext(SECRET);
  });
  afterAll(() => ctx?.close());

  const call = signedCallback(() => ctx, SECRET);
  const seatedPlayer = (balance = 10_000n) => seated(ctx, call, balance);

  const ids = () => randomUUID().slice(0, 8);
  const bet = (playerId: string, transactionId: string, amount: string, roundId: string) => ({ playerId, transactionId, roundId, gameCode: 'demo-slot-1', amount });
  const win = (playerId: string, transactionId: string, amount: string, roundId: string) => ({ ...bet(playerId, transactionId, amount, roundId), roundClosed: true });
  const unwin = (playerId: string, transactionId: string, originalTransactionId: string, roundId: string) => ({ playerId, transactionId, originalTransactionId, roundId, originalAction: 'win' });
  const cash = (memberId: bigint) => ctx.core.modules.wallet.api.cashOf(memberId);
  const round = async (memberId: bigint, roundId: string) =>
    (await sql<{ bet: bigint; win: bigint; status: string; closed_at: Date | null }>`select bet, win, status, closed_at from provider_round where vendor_code = ${VENDOR} and member_id = ${memberId} and round_id = ${roundId}`.execute(ctx.core.db)).rows[0];
  const journals = async (key: string) => (await sql<{ type: string; status: string; product: string | null }>`select type, status, product from wallet_journal where idempotency_key = ${key}`.execute(ctx.core.db)).rows;

  it('reverses a win once; a replay answers the original; other content is a conflict; a second rollback moves nothing', async () => {
    const player = await seatedPlayer(10_000n);
    const id = ids();
    await call('bet', bet(player.playerId, `${id}-b`, '10.00', `${id}-r`));
    await call('win', win(player.playerId, `${id}-w`, '25.00', `${id}-r`));
    expect(await cash(player.id)).toBe(11_500n);
    expect(await round(player.id, `${id}-r`)).toMatchObject({ bet: 10_00n, win: 25_00n, status: 'settled' });

    const undone = await call('rollback', unwin(player.playerId, `${id}-u`, `${id}-w`, `${id}-r`));
    expect(undone).toMatchObject({ status: 200, body: { balance: '90.00', transactionId: `${id}-u` } });
    expect(await cash(player.id)).toBe(9_000n);
    // The round lost the winnings and is open again, waiting for its next closing win.
    expect(await round(player.id, `${id}-r`)).toEqual({ bet: 10_00n, win: 0n, status: 'open', closed_at: null });
    expect(await journals(`rollback:${VENDOR}:${id}-u`)).toEqual([{ type: 'rollback', status: 'applied', product: null }]);

    expect(await call('rollback', unwin(player.playerId, `${id}-u`, `${id}-w`, `${id}-r`))).toEqual(undone);
    // The same id naming the bet instead (the default action), or another win: a conflict.
    for (const changed of [{ ...unwin(player.playerId, `${id}-u`, `${id}-w`, `${id}-r`), originalAction: undefined }, unwin(player.playerId, `${id}-u`, `${id}-other`, `${id}-r`)]) {
      const refused = await call('rollback', changed);
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe('TRANSACTION_CONFLICT');
    }
    // Another rollback of the same win: success, nothing more taken, the round untouched.
    expect((await call('rollback', unwin(player.playerId, `${id}-u2`, `${id}-w`, `${id}-r`))).status).toBe(200);
    expect(await cash(player.id)).toBe(9_000n);
    expect(await round(player.id, `${id}-r`)).toMatchObject({ win: 0n, status: 'open' });

    // The round's next closing win settles it again.
    await call('win', win(player.playerId, `${id}-w2`, '3.00', `${id}-r`));
    expect(await round(player.id, `${id}-r`)).toMatchObject({ bet: 10_00n, win: 3_00n, status: 'settled', closed_at: expect.any(Date) });
    expect(await cash(player.id)).toBe(9_300n);
    // The old win's replay still answers its original answer and credits nothing.
    expect((await call('win', win(player.playerId, `${id}-w`, '25.00', `${id}-r`))).body).toMatchObject({ balance: '115.00', transactionId: `${id}-w` });
    expect(await cash(player.id)).toBe(9_300n);
  });

  it('a rollback before its win: success, a tombstone; the late win is refused whatever its amount', async () => {
    const player = await seatedPlayer(10_000n);
    const id = ids();
    await call('bet', bet(player.playerId, `${id}-b`, '10.00', `${id}-r`));
    const early = await call('rollback', unwin(player.playerId, `${id}-u`, `${id}-w`, `${id}-r`));
    expect(early).toMatchObject({ status: 200, body: { balance: '90.00', transactionId: `${id}-u` } });
    for (const amount of ['25.00', '0.00']) {
      const late = await call('win', win(player.playerId, `${id}-w`, amount, `${id}-r`));
      expect(late.status, amount).toBe(409);
      expect(late.body.error?.code).toBe('TRANSACTION_CONFLICT');
    }
    expect(await call('rollback', unwin(player.playerId, `${id}-u`, `${id}-w`, `${id}-r`))).toEqual(early);
    expect(await cash(player.id)).toBe(9_000n);
    expect(await round(player.id, `${id}-r`)).toMatchObject({ bet: 10_00n, win: 0n, status: 'open' });
    // The ledger keeps its own tombstone under the win's key.
    expect(await journals(`win:${VENDOR}:${id}-w`)).toEqual([{ type: 'win', status: 'cancelled', product: null }]);
  });

  it('the rollback of a 0.00 win succeeds without posting anything, and reopens the round', async () => {
    const player = await seatedPlayer(10_000n);
    const id = ids();
    await call('bet', bet(player.playerId, `${id}-b`, '4.00', `${id}-r`));
    await call('win', win(player.playerId, `${id}-w`, '0.00', `${id}-r`));
    const undone = await call('rollback', unwin(player.playerId, `${id}-u`, `${id}-w`, `${id}-r`));
    expect(undone).toMatchObject({ status: 200, body: { balance: '96.00', transactionId: `${id}-u` } });
    expect(await journals(`rollback:${VENDOR}:${id}-u`)).toEqual([]);
    expect(await journals(`win:${VENDOR}:${id}-w`)).toEqual([]);
    expect(await round(player.id, `${id}-r`)).toMatchObject({ bet: 4_00n, win: 0n, status: 'open' });
    expect(await call('rollback', unwin(player.playerId, `${id}-u`, `${id}-w`, `${id}-r`))).toEqual(undone);
    expect(await cash(player.id)).toBe(9_600n);
  });

  it('refuses a win rollback naming another player\'s win; a bet rollback is unchanged by the new field', async () => {
    const player = await seatedPlayer(10_000n);
    const other = await seatedPlayer(10_000n);
    const id = ids();
    await call('bet', bet(player.playerId, `${id}-b`, '1.00', `${id}-r`));
    await call('win', win(player.playerId, `${id}-w`, '2.00', `${id}-r`));
    const refused = await call('rollback', unwin(other.playerId, `${id}-u`, `${id}-w`, `${id}-r`));
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe('INVALID_REQUEST');
    expect((await call('rollback', { ...unwin(player.playerId, `${id}-x`, `${id}-w`, `${id}-r`), originalAction: 'cashout' })).body.error?.code).toBe('INVALID_REQUEST');
    // originalAction 'bet' is the default: the same rollback with or without it is one request.
    const explicit = await call('rollback', { playerId: player.playerId, transactionId: `${id}-rb`, originalTransactionId: `${id}-b`, roundId: `${id}-r`, originalAction: 'bet' });
    expect(explicit.status).toBe(200);
    expect(await call('rollback', { playerId: player.playerId, transactionId: `${id}-rb`, originalTransactionId: `${id}-b`, roundId: `${id}-r` })).toEqual(explicit);
    expect(await cash(player.id)).toBe(10_200n);
    expect(await cash(other.id)).toBe(10_000n);
  });

  it('a win rollback the balance cannot cover is refused INSUFFICIENT_FUNDS and moves nothing; retried later, it goes through once', async () => {
    const player = await seatedPlayer(1_000n);
    const id = ids();
    await call('bet', bet(player.playerId, `${id}-b`, '10.00', `${id}-r`));
    await call('win', win(player.playerId, `${id}-w`, '50.00', `${id}-r`));
    await call('bet', bet(player.playerId, `${id}-b2`, '45.00', `${id}-r2`));
    const refused = await call('rollback', unwin(player.playerId, `${id}-u`, `${id}-w`, `${id}-r`));
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: { code: 'INSUFFICIENT_FUNDS' }, balance: '5.00' });
    expect(await round(player.id, `${id}-r`)).toMatchObject({ win: 50_00n, status: 'settled' });
    await call('win', win(player.playerId, `${id}-w2`, '45.00', `${id}-r2`));
    expect((await call('rollback', unwin(player.playerId, `${id}-u`, `${id}-w`, `${id}-r`))).body).toMatchObject({ balance: '0.00' });
    expect(await cash(player.id)).toBe(0n);
  });

  it('files a vendor\'s RNG play under the product casino (game types other than SPORTS are unchanged)', async () => {
    const player = await seatedPlayer(10_000n);
    const id = ids();
    await call('bet', bet(player.playerId, `${id}-b`, '1.00', `${id}-r`));
    await call('win', win(player.playerId, `${id}-w`, '2.00', `${id}-r`));
    expect(await journals(`bet:${VENDOR}:${id}-b`)).toEqual([{ type: 'bet', status: 'applied', product: 'casino' }]);
    expect(await journals(`win:${VENDOR}:${id}-w`)).toEqual([{ type: 'win', status: 'applied', product: 'casino' }]);
  });

  it('pays many wins (and rollbacks of wins) in one statement (in process): each answered as alone; a refused one falls back to one call each; replays unchanged', async () => {
    const player = await seatedPlayer(10_000n);
    const id = ids();
    for (const n of [1, 2, 3]) await call('bet', bet(player.playerId, `${id}-b${n}`, '1.00', `${id}-r${n}`));
    const handleWins = (vendor: string, bodies: unknown[]) => ctx.core.modules.provider.api.callbacks.handleMany(vendor, 'win', bodies);
    const wins = [win(player.playerId, `${id}-w1`, '5.00', `${id}-r1`), win(player.playerId, `${id}-w2`, '0.00', `${id}-r2`), win(player.playerId, `${id}-w3`, '2.50', `${id}-r3`)];
    const answers = await handleWins(VENDOR, wins);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[2]!.body).toMatchObject({ transactionId: `${id}-w3`, balance: '104.50' });
    expect(await cash(player.id)).toBe(10_450n);
    expect(await round(player.id, `${id}-r1`)).toMatchObject({ win: 5_00n, status: 'settled' });
    // Replayed in a batch: the original answers, nothing credited twice.
    expect(await handleWins(VENDOR, wins)).toEqual(answers);
    // A batch with a win naming no bet and a malformed body: those refused, the others paid.
    const mixed = await handleWins(VENDOR, [win(player.playerId, `${id}-w4`, '1.00', `${id}-none`), { playerId: player.playerId }, win(player.playerId, `${id}-w1`, '5.00', `${id}-r1`)]);
    expect(mixed.map((answer) => [answer.status, (answer.body as { error?: { code: string } }).error?.code])).toEqual([[400, 'INVALID_REQUEST'], [400, 'INVALID_REQUEST'], [200, undefined]]);
    expect(mixed[2]).toEqual(answers[0]);
    expect(await cash(player.id)).toBe(10_450n);
    // Rollbacks of wins in a batch: each taken back once, the 0.00 one with nothing posted; replayed unchanged.
    const unwins = [unwin(player.playerId, `${id}-u1`, `${id}-w1`, `${id}-r1`), unwin(player.playerId, `${id}-u2`, `${id}-w2`, `${id}-r2`)];
    const undone = await ctx.core.modules.provider.api.callbacks.handleMany(VENDOR, 'rollback', unwins);
    expect(undone.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await cash(player.id)).toBe(9_950n);
    expect(await ctx.core.modules.provider.api.callbacks.handleMany(VENDOR, 'rollback', unwins)).toEqual(undone);
    expect(await round(player.id, `${id}-r1`)).toMatchObject({ win: 0n, status: 'open' });
    expect(await journals(`rollback:${VENDOR}:${id}-u2`)).toEqual([]);
    expect(await cash(player.id)).toBe(9_950n);
  });

  it('keeps the ledger consistent', async () => {
    const check = await ctx.core.modules.wallet.api.runLedgerCheck();
    expect(check.ok, JSON.stringify(check)).toBe(true);
  });
});
