import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live } from '../live.tables.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { findTable } from '../tables/tables.repository.ts';
import { bet, bettingRound, expectLedgerBalanced, liveCalls, livePlayer, LIVE_TEST_ENV, waitFor } from './live-fixture.ts';

/**
 * A leader that stops mid-round — after the result transaction but before the pays, or during the
 * window — and another process that takes over: every bet settled exactly once (one stake per
 * bet, one closing win per member-round), no round lost or played twice.
 */
describe('live tables: leader takeover', () => {
  let a: TestContext;
  let b: TestContext;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    a = await createTestContext({ env: { ...LIVE_TEST_ENV, LIVE_BETTING_MS: '2500' } });
    b = await createTestContext({ env: { ...LIVE_TEST_ENV, LIVE_BETTING_MS: '2500' }, databaseUrl: a.databaseUrl });
  }, 60_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await a?.core.modules.liveTables.api.stopLeader();
    await b?.core.modules.liveTables.api.stopLeader();
    await b?.close();
    await a?.close();
  });

  const expectOnceEach = async (ctx: TestContext, roundId: string, members: bigint[]) => {
    const calls = await liveCalls(ctx, roundId);
    const bets = await live(ctx.core.db).selectFrom('live_bet').selectAll().where('round_id', '=', BigInt(roundId)).execute();
    for (const row of bets) expect(calls.filter((c) => c.transaction_id === `live-bet-${row.id}`), `bet ${row.id} staked once`).toHaveLength(1);
    expect(calls.filter((c) => c.action === 'win').map((c) => c.transaction_id).sort()).toEqual(members.map((m) => `live-${roundId}-${m}-win`).sort());
    for (const row of bets) {
      expect(row.status).toBe('settled');
      expect(row.closed_at).not.toBeNull();
    }
  };

  it('dies after the result transaction, before the pays: the next leader pays each member once', async () => {
    const { cycle } = a.core.modules.liveTables.api;
    // Players first: under load, making them could outlast the window.
    const players = [await livePlayer(a), await livePlayer(a)];
    const round = await cycle.open((await findTable(a.core.db, 'roleta-copacabana'))!);
    for (const p of players) expect((await bet(a, p, 'roleta-copacabana', { roundId: round.id.toString(), chips: [{ spot: 'red', amount: '10.00' }, { spot: 'straight:0', amount: '1.00' }] })).statusCode).toBe(200);
    await a.core.db.executeQuery(sql`update live_round set betting_ends_at = clock_timestamp() where id = ${round.id}`.compile(a.core.db));
    // The first leader's result transaction, then it "dies" (nothing paid yet)…
    const decided = await cycle.decide(round.id);
    expect(typeof decided === 'string' ? decided : decided.phase).toBe('dealing');
    expect((await liveCalls(a, round.id.toString())).filter((c) => c.action === 'win')).toHaveLength(0);
    // …after paying one member only (a half-done pay), to make it harder.
    const one = await live(a.core.db).selectFrom('live_bet').selectAll().where('round_id', '=', round.id).where('member_id', '=', players[0]!.id).execute();
    await a.core.modules.liveTables.api.closing.close(one as never);

    b.core.modules.liveTables.api.startLeader();
    await waitFor(async () => live(b.core.db).selectFrom('live_round').select('id').where('id', '=', round.id).where('settled_at', 'is not', null).executeTakeFirst(), 20_000, 'the round settled by the new leader');
    await expectOnceEach(b, round.id.toString(), players.map((p) => p.id));
    for (const p of players) {
      const rows = await live(b.core.db).selectFrom('live_bet').select(['amount', 'win']).where('round_id', '=', round.id).where('member_id', '=', p.id).execute();
      expect(await b.core.modules.wallet.api.cashOf(p.id)).toBe(1000_00n - rows.reduce((s, r) => s + r.amount, 0n) + rows.reduce((s, r) => s + (r.win ?? 0n), 0n));
    }
    await b.core.modules.liveTables.api.stopLeader();
  }, 60_000);

  it('dies during the window: the next leader continues it and settles every bet once', async () => {
    const players = [await livePlayer(a), await livePlayer(a), await livePlayer(a)];
    a.core.modules.liveTables.api.startLeader();
    const round = await bettingRound(a, 'bacara-rio', 1500);
    await Promise.all(players.map(async (p) => expect((await bet(a, p, 'bacara-rio', { roundId: round.id, chips: [{ spot: 'player', amount: '5.00' }, { spot: 'banker_pair', amount: '1.00' }] })).statusCode).toBe(200)));
    await a.core.modules.liveTables.api.stopLeader();
    expect((await live(a.core.db).selectFrom('live_round').select('phase').where('id', '=', BigInt(round.id)).executeTakeFirstOrThrow()).phase).toBe('betting');

    b.core.modules.liveTables.api.startLeader();
    await waitFor(async () => live(b.core.db).selectFrom('live_round').select('id').where('id', '=', BigInt(round.id)).where('settled_at', 'is not', null).executeTakeFirst(), 20_000, 'the round settled by the new leader');
    await expectOnceEach(b, round.id, players.map((p) => p.id));
    const next = await waitFor(async () => live(b.core.db).selectFrom('live_round').selectAll().where('table_code', '=', 'bacara-rio').where('number', '=', round.number + 1).executeTakeFirst(), 10_000, 'the next hand');
    const numbers = (await live(b.core.db).selectFrom('live_round').select('number').where('table_code', '=', 'bacara-rio').orderBy('id').execute()).map((r) => r.number);
    expect(numbers, 'no hand lost or repeated').toEqual(numbers.map((_, i) => i + 1));
    const played = await live(b.core.db).selectFrom('live_round').select(['hand_in_shoe', 'shoe_id']).where('id', '=', BigInt(round.id)).executeTakeFirstOrThrow();
    // The same shoe's next hand, or a new shoe's first (the cut card came out).
    expect(next.shoe_id === played.shoe_id ? next.hand_in_shoe : 1).toBe(next.shoe_id === played.shoe_id ? played.hand_in_shoe! + 1 : next.hand_in_shoe);
    await expectLedgerBalanced(b);
  }, 60_000);
  it('is SIGKILLed as the round turns to dealing (mid-pay): the next leader pays what is owed, once', async () => {
    await b.core.modules.liveTables.api.stopLeader();
    await a.core.modules.liveTables.api.stopLeader();
    const env = { ...LIVE_TEST_ENV, LIVE_BETTING_MS: '2500', LIVE_REVEAL_MS: '3000' };
    const leader = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'live-leader-child.ts'), a.databaseUrl, JSON.stringify(env)], { stdio: ['ignore', 'pipe', 'inherit'] });
    child = leader;
    await new Promise<void>((resolve, reject) => {
      leader.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('leading') && resolve());
      leader.once('exit', (code) => reject(new Error(`the leader exited early (${code})`)));
    });
    const players = await Promise.all([0, 1, 2, 3].map(() => livePlayer(a)));
    const round = await bettingRound(a, 'roleta-copacabana', 1000);
    await Promise.all(players.map(async (p, i) => expect((await bet(a, p, 'roleta-copacabana', { roundId: round.id, chips: [{ spot: i % 2 ? 'red' : 'black', amount: '10.00' }, { spot: `straight:${i}`, amount: '1.00' }] })).statusCode).toBe(200)));
    await waitFor(async () => live(a.core.db).selectFrom('live_round').select('id').where('id', '=', BigInt(round.id)).where('phase', '=', 'dealing').executeTakeFirst(), 20_000, 'dealing');
    leader.kill('SIGKILL');
    await new Promise((resolve) => leader.once('exit', resolve));

    b.core.modules.liveTables.api.startLeader();
    await waitFor(async () => live(b.core.db).selectFrom('live_round').select('id').where('id', '=', BigInt(round.id)).where('settled_at', 'is not', null).executeTakeFirst(), 20_000, 'the round settled by the new leader');
    await expectOnceEach(b, round.id, players.map((p) => p.id));
    await expectLedgerBalanced(b);
  }, 60_000);
});
