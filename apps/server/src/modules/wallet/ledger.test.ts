import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import type { Database } from '../../database.ts';
import { HOUSE, type Journal } from './index.ts';

describe('ledger', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const wallet = () => ctx.core.modules.wallet.api;
  const inTx = <T>(work: (tx: Transaction<Database>) => Promise<T>) => ctx.core.db.transaction().execute(work);
  const bet = (member: bigint, key: string, amount: bigint): Journal => ({
    key,
    type: 'bet',
    product: 'slots',
    vendor: 'house',
    legs: [
      { member, amount: -amount },
      { house: HOUSE.gameRevenue('house'), amount },
    ],
  });
  const win = (member: bigint, key: string, amount: bigint): Journal => ({
    key,
    type: 'win',
    product: 'slots',
    vendor: 'house',
    legs: [
      { member, amount },
      { house: HOUSE.gameRevenue('house'), amount: -amount },
    ],
  });

  it('posts a bet, answers a replay with the original result, and refuses other content under the same key', async () => {
    const player = await newPlayer(ctx.core, { balance: 10_000n });
    const first = await inTx((tx) => wallet().post(tx, bet(player.id, `bet:${player.account}:1`, 2_500n)));
    expect(first).toMatchObject({ status: 'applied', replayed: false, balances: [{ member: player.id, pocket: 'cash', balance: 7_500n }] });
    const replay = await wallet().submit(bet(player.id, `bet:${player.account}:1`, 2_500n));
    expect(replay).toMatchObject({ status: 'applied', replayed: true, journalId: first.journalId, balances: [{ balance: 7_500n }] });
    const conflict = await wallet().submit(bet(player.id, `bet:${player.account}:1`, 2_600n));
    expect(conflict).toMatchObject({ status: 'conflict', code: 'wallet.idempotency_conflict' });
    expect(await wallet().cashOf(player.id)).toBe(7_500n);
  });

  it('refuses a bet above the balance, stores the refusal, and replays it', async () => {
    const player = await newPlayer(ctx.core, { balance: 1_000n });
    const refused = await wallet().submit(bet(player.id, `bet:${player.account}:big`, 1_001n));
    expect(refused).toMatchObject({ status: 'rejected', code: 'wallet.insufficient_funds', replayed: false });
    expect(await wallet().submit(bet(player.id, `bet:${player.account}:big`, 1_001n))).toMatchObject({ status: 'rejected', replayed: true });
    expect(await wallet().cashOf(player.id)).toBe(1_000n);
  });

  it('rolls a bet back once, and a rollback that arrives first cancels the late bet', async () => {
    const player = await newPlayer(ctx.core, { balance: 5_000n });
    await wallet().submit(bet(player.id, `bet:${player.account}:a`, 1_000n));
    const rollback = { key: `rollback:${player.account}:a`, reverses: `bet:${player.account}:a`, reversedType: 'bet' as const, member: player.id };
    expect(await wallet().submit(rollback)).toMatchObject({ status: 'applied', original: 'applied', balances: [{ balance: 5_000n }] });
    expect(await wallet().submit(rollback)).toMatchObject({ status: 'applied', replayed: true });
    const other = await wallet().submit({ ...rollback, key: `rollback:${player.account}:a2` });
    expect(other).toMatchObject({ status: 'applied', original: 'reversed', balances: [] });
    expect(await wallet().cashOf(player.id)).toBe(5_000n);

    const early = await wallet().submit({ key: `rollback:${player.account}:b`, reverses: `bet:${player.account}:b`, reversedType: 'bet', member: player.id });
    expect(early).toMatchObject({ status: 'applied', original: 'missing' });
    expect(await wallet().submit(bet(player.id, `bet:${player.account}:b`, 1_000n))).toMatchObject({ status: 'cancelled', code: 'wallet.transaction_cancelled' });
    expect(await wallet().cashOf(player.id)).toBe(5_000n);
  });

  it('batches concurrent posts and keeps every invariant', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => newPlayer(ctx.core, { balance: 3_000n })));
    const posts = players.flatMap((player) => Array.from({ length: 40 }, (_, i) => (i % 3 === 2 ? win(player.id, `w:${player.account}:${i}`, 50n) : bet(player.id, `b:${player.account}:${i}`, 100n))));
    const results = await Promise.all(posts.map((journal) => wallet().submit(journal)));
    expect(results.every((result) => result.status === 'applied' || (result.status === 'rejected' && result.code === 'wallet.insufficient_funds'))).toBe(true);
    const check = await wallet().runLedgerCheck();
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
