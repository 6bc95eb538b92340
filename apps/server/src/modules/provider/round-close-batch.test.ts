import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, loginAs, newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { signBody } from './signature.ts';

/**
 * The batch entry's fast path for 0.00 round-closing wins (round-close-batch.ts,
 * provider_close_rounds): the same answers, stored answers, rounds, agents' bet facts and ledger as
 * the callback gives one such win; everything that is not the plain case answered by the callback.
 */
const VENDOR = 'DEMOVENDOR';
const SECRET = 'round-close-batch-secret-0123456789';
const AGENT = 1;

describe('provider: 0.00 round closes in a batch', () => {
  let ctx: TestContext;
  let agent: TestPlayer;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { DEMO_VENDOR_SECRET: SECRET } });
    await ctx.core.modules.provider.api.seedDemoVendor();
    ctx.core.modules.catalogue.api.invalidate();
    agent = await newPlayer(ctx.core, { type: AGENT });
  });
  afterAll(() => ctx?.close());
  afterEach(() => vi.restoreAllMocks());

  async function signed(action: string, body: unknown) {
    const raw = JSON.stringify(body);
    const response = await ctx.app.inject({ method: 'POST', url: `/provider/v1/${VENDOR}/${action}`, headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRET, raw) }, payload: raw });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }
  /** A player under the agent, seated at the vendor, with a R$ 10.00 bet in `roundId`. */
  async function bettor(roundId: string) {
    const player = await newPlayer(ctx.core, { balance: 10_000n, upline: agent.account });
    const token = await loginAs(ctx.app, player);
    const launch = await ctx.app.inject({ method: 'POST', url: '/api/games/launch', headers: bearer(token), payload: { vendor: VENDOR, gameCode: 'demo-slot-1', demo: false } });
    expect((await signed('authenticate', { token: launch.json().vendorToken })).status).toBe(200);
    expect((await signed('bet', { playerId: player.id.toString(), transactionId: `${roundId}-b`, roundId, gameCode: 'demo-slot-1', amount: '10.00' })).status).toBe(200);
    return player;
  }
  const close = (player: TestPlayer, transactionId: string, roundId: string, amount = '0.00') => ({ playerId: player.id.toString(), transactionId, roundId, gameCode: 'demo-slot-1', amount, roundClosed: true });
  const handle = (action: string, body: unknown) => ctx.core.modules.provider.api.callbacks.handle(VENDOR, action, body);
  const batch = (bodies: unknown[]) => ctx.core.modules.provider.api.batchCallbacks.handleMany(VENDOR, 'win', bodies);
  const ids = () => randomUUID().slice(0, 8);

  /** What the round, its stored answer, the agents' records and the ledger say about one close. */
  async function traces(memberId: bigint, roundId: string, transactionId: string) {
    const db = ctx.core.db;
    const round = (await sql<{ bet: bigint; win: bigint; status: string; closed: boolean }>`
      select bet, win, status, closed_at is not null as closed from provider_round where vendor_code = ${VENDOR} and member_id = ${memberId} and round_id = ${roundId}`.execute(db)).rows;
    const stored = (await sql<{ response: Record<string, unknown>; hash: string }>`
      select response - 'transactionId' as response, encode(content_hash, 'hex') as hash from provider_transaction where vendor_code = ${VENDOR} and action = 'win' and transaction_id = ${transactionId}`.execute(db)).rows;
    const facts = (await sql<Record<string, unknown>>`
      select chain, round_stake, member_won, stake, payout, valid_bet, bets from agents_bet_fact where vendor_code = ${VENDOR} and member_id = ${memberId} and round_id = ${roundId} order by seq`.execute(db)).rows;
    const chain = (await sql<{ chain: string[] }>`select chain from agents_round_chain where vendor_code = ${VENDOR} and member_id = ${memberId} and round_id = ${roundId}`.execute(db)).rows;
    const bonus = (await sql<Record<string, unknown>>`select counted from bonus_round where vendor_code = ${VENDOR} and member_id = ${memberId} and round_id = ${roundId}`.execute(db)).rows;
    const journals = (await sql<{ n: number }>`select count(*)::int as n from wallet_journal where idempotency_key = ${`win:${VENDOR}:${transactionId}`}`.execute(db)).rows[0]!.n;
    return { round, stored: stored.map((row) => ({ ...row, hash: row.hash.length })), facts, chain: chain.map((row) => row.chain.length), bonus, journals };
  }

  it('leaves what the callback leaves for a 0.00 closing win: answer, stored answer, round, agents facts, no ledger post', async () => {
    const id = ids();
    const [one, other] = [await bettor(`${id}-r1`), await bettor(`${id}-r2`)];
    const alone = await handle('win', close(one, `${id}-w1`, `${id}-r1`));
    const ordinary = vi.spyOn(ctx.core.modules.provider.api.callbacks, 'handleMany');
    const [batched] = await batch([close(other, `${id}-w2`, `${id}-r2`)]);
    expect(ordinary).not.toHaveBeenCalled(); // closed set-based, not through the callback
    ordinary.mockRestore();
    expect(alone).toMatchObject({ status: 200, body: { balance: '90.00', transactionId: `${id}-w1` } });
    expect(batched).toEqual({ status: 200, body: { balance: '90.00', transactionId: `${id}-w2`, operatorTransactionId: expect.stringMatching(/^\d+$/) } });
    expect(Object.keys(batched!.body as object).sort()).toEqual(Object.keys(alone.body as object).sort());

    const [viaCallback, viaBatch] = [await traces(one.id, `${id}-r1`, `${id}-w1`), await traces(other.id, `${id}-r2`, `${id}-w2`)];
    expect(viaBatch).toEqual(viaCallback);
    expect(viaBatch.round).toEqual([{ bet: 10_00n, win: 0n, status: 'settled', closed: true }]);
    expect(viaBatch.facts).toHaveLength(1);
    expect(viaBatch.chain).toEqual([1]);
    expect(viaBatch.journals).toBe(0);

    // A replay of the batched close through the callback: the same answer (same content hash), nothing changes.
    expect(await handle('win', close(other, `${id}-w2`, `${id}-r2`))).toEqual(batched);
    // ...and through the batch again, and the callback's own close through the batch: their first answers.
    expect(await batch([close(other, `${id}-w2`, `${id}-r2`), close(one, `${id}-w1`, `${id}-r1`)])).toEqual([batched, alone]);
    expect(await traces(other.id, `${id}-r2`, `${id}-w2`)).toEqual(viaBatch);
    // The same id with other content: the callback's conflict.
    const changed = await batch([{ ...close(other, `${id}-w2`, `${id}-r2`), roundClosed: false }, close(other, `${id}-w2`, `${id}-r2`, '1.00')]);
    expect(changed.map((answer) => (answer.body as { error?: { code: string } }).error?.code)).toEqual(['TRANSACTION_CONFLICT', 'TRANSACTION_CONFLICT']);
  });

  it('answers every other call as the callback does: tombstone, no bet, unknown player, duplicates, credits, a rolled-back round', async () => {
    const id = ids();
    const players = [await bettor(`${id}-a`), await bettor(`${id}-b`), await bettor(`${id}-c`), await bettor(`${id}-d`)];
    const [a, b, c, d] = players as [TestPlayer, TestPlayer, TestPlayer, TestPlayer];
    // b's win rolled back before it arrived (a tombstone); d's bet rolled back (its round rolled back).
    expect((await handle('rollback', { playerId: b.id.toString(), transactionId: `${id}-bu`, originalTransactionId: `${id}-bw`, roundId: `${id}-b`, originalAction: 'win' })).status).toBe(200);
    expect((await handle('rollback', { playerId: d.id.toString(), transactionId: `${id}-du`, originalTransactionId: `${id}-d-b`, roundId: `${id}-d` })).status).toBe(200);
    const bodies = [
      close(a, `${id}-aw`, `${id}-a`),
      close(a, `${id}-aw`, `${id}-a`), // the same call twice in one batch
      close(b, `${id}-bw`, `${id}-b`), // tombstoned
      close(c, `${id}-cw`, `${id}-nobet`), // no bet in that round
      { ...close(c, `${id}-xw`, `${id}-c`), playerId: '999999999999' }, // no such player
      close(c, `${id}-cw2`, `${id}-c`, '5.00'), // a credit
      close(d, `${id}-dw`, `${id}-d`), // a rolled-back round
      { ...close(c, `${id}-bad`, `${id}-c`), amount: 'zero' }, // malformed
    ];
    const ordinary = vi.spyOn(ctx.core.modules.provider.api.callbacks, 'handleMany');
    const answers = await batch(bodies);
    // Set-based: a's first close and d's (a rolled-back round with its stake); the callback answers the rest, in one batch.
    expect(ordinary.mock.calls).toEqual([[VENDOR, 'win', bodies.filter((_, index) => index !== 0 && index !== 6)]]);
    ordinary.mockRestore();
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 409, 400, 404, 200, 200, 400]);
    expect(answers[1]).toEqual(answers[0]);
    expect(await cash(c.id)).toBe(9_500n);
    // Each answer is the callback's for the same request now (a replay or the same refusal).
    for (const [index, body] of bodies.entries()) {
      const again = await handle('win', body);
      expect(again.status, `call ${index}`).toBe(answers[index]!.status);
      if (again.status === 200) expect(again.body, `call ${index}`).toEqual(answers[index]!.body);
      else expect((again.body as { error: { code: string } }).error.code, `call ${index}`).toBe((answers[index]!.body as { error: { code: string } }).error.code);
    }
    // The rolled-back round stays rolled back, as the callback leaves it (twin: a close through the callback).
    const twin = await bettor(`${id}-e`);
    await handle('rollback', { playerId: twin.id.toString(), transactionId: `${id}-eu`, originalTransactionId: `${id}-e-b`, roundId: `${id}-e` });
    await handle('win', close(twin, `${id}-ew`, `${id}-e`));
    expect(await traces(d.id, `${id}-d`, `${id}-dw`)).toEqual(await traces(twin.id, `${id}-e`, `${id}-ew`));
    expect((await traces(d.id, `${id}-d`, `${id}-dw`)).round).toEqual([{ bet: 10_00n, win: 0n, status: 'rolled_back', closed: true }]);
  });

  const cash = (memberId: bigint) => ctx.core.modules.wallet.api.cashOf(memberId);
});
