import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDOR as VENDOR, demoVendorContext, seatedPlayer as seated, signedCallback } from '../../../test/demo-vendor.ts';
import type { TestContext } from '../../../test/test-context.ts';

/**
 * Group commit of money callbacks (callback-lanes.ts) through the signed HTTP API: many callbacks
 * in flight at once share statements, and each is still answered exactly as it would be alone —
 * a refusal in a batch refuses only its own call, a replay racing its original posts once, a
 * member's balance answers follow the order of the member's own calls, and the ledger holds each
 * acknowledged post once.
 */
const SECRET = 'callback-lanes-secret-0123456789';

describe('provider API: callbacks in flight together (group commit)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await demoVendorContext(SECRET);
  });
  afterAll(() => ctx?.close());

  const call = signedCallback(() => ctx, SECRET);
  const seatedPlayer = (balance: bigint) => seated(ctx, call, balance);

  const bet = (playerId: string, transactionId: string, amount: string) => ({ playerId, transactionId, roundId: `r-${transactionId}`, gameCode: 'demo-slot-1', amount });
  const journalCount = async (keys: readonly string[]) =>
    Number((await sql<{ n: string }>`select count(*)::text as n from wallet_journal where idempotency_key = any(${keys}::text[])`.execute(ctx.core.db)).rows[0]!.n);

  it('answers each of 120 concurrent bets as alone: the poor player refused, everyone else posted once', async () => {
    const players = await Promise.all(Array.from({ length: 40 }, () => seatedPlayer(10_00n)));
    const poor = await seatedPlayer(1_00n);
    const id = randomUUID().slice(0, 8);
    const calls = [
      ...players.flatMap((player, index) => [0, 1, 2].map((n) => bet(player.playerId, `${id}-${index}-${n}`, '2.00'))),
      bet(poor.playerId, `${id}-poor`, '5.00'),
    ];
    const before = ctx.core.modules.provider.api.callbackStats();
    const answers = await Promise.all(calls.map((body) => call('bet', body)));
    const after = ctx.core.modules.provider.api.callbackStats();
    // They shared statements (counted per try: a retried statement counts again).
    expect(after.callbacks - before.callbacks).toBeGreaterThanOrEqual(calls.length);
    expect(after.statements - before.statements).toBeLessThan(calls.length / 2);

    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 402, body: { error: { code: 'INSUFFICIENT_FUNDS' } } });
    expect(await ctx.core.modules.wallet.api.cashOf(poor.id)).toBe(1_00n);
    for (const player of players) expect(await ctx.core.modules.wallet.api.cashOf(player.id)).toBe(4_00n);
    // Each player's three answers saw 8.00, 6.00 and 4.00 in some order: every bet moved the balance once.
    players.forEach((_, index) => {
      const balances = answers.slice(index * 3, index * 3 + 3).map((answer) => answer.body.balance).sort();
      expect(balances).toEqual(['4.00', '6.00', '8.00']);
    });
    expect(await journalCount(calls.slice(0, -1).map((body) => `bet:${VENDOR}:${body.transactionId}`))).toBe(120);
    expect(await journalCount([`bet:${VENDOR}:${id}-poor`])).toBe(0);
  });

  it('posts a bet once when it races its own replays, and answers every copy alike', async () => {
    const player = await seatedPlayer(50_00n);
    const body = bet(player.playerId, `${randomUUID().slice(0, 8)}-dup`, '7.00');
    const others = Array.from({ length: 20 }, (_, n) => bet(player.playerId, `${body.transactionId}-other-${n}`, '1.00'));
    const answers = await Promise.all([...Array.from({ length: 6 }, () => call('bet', body)), ...others.map((other) => call('bet', other))]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const copies = answers.slice(0, 6).map((answer) => answer.body);
    for (const copy of copies) expect(copy).toEqual(copies[0]);
    expect(await journalCount([`bet:${VENDOR}:${body.transactionId}`])).toBe(1);
    expect(await ctx.core.modules.wallet.api.cashOf(player.id)).toBe(50_00n - 7_00n - 20_00n);
  });

  it('answers a conflict in a batch without undoing the calls around it', async () => {
    const player = await seatedPlayer(30_00n);
    const id = randomUUID().slice(0, 8);
    expect((await call('bet', bet(player.playerId, `${id}-first`, '3.00'))).status).toBe(200);
    const answers = await Promise.all([
      call('bet', bet(player.playerId, `${id}-first`, '4.00')),
      ...Array.from({ length: 10 }, (_, n) => call('bet', bet(player.playerId, `${id}-n${n}`, '1.00'))),
    ]);
    expect(answers[0]).toMatchObject({ status: 409, body: { error: { code: 'TRANSACTION_CONFLICT' } } });
    expect(answers.slice(1).every((answer) => answer.status === 200)).toBe(true);
    expect(await ctx.core.modules.wallet.api.cashOf(player.id)).toBe(30_00n - 3_00n - 10_00n);
  });
});
