import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMultiplier, minePositions, minesMultiplier, payout } from '@app/house-games';
import { bearer, loginAs, newPlayer } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { createRoundStream } from '../index.ts';

/** Mines through HTTP: the bet and the closing win go through the provider API over a real socket. */
describe('house Mines', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { HOUSE_MIN_SPIN_INTERVAL_MS: '0' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ctx.core.modules.houseGames.api.setProviderUrl(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
    await ctx.core.modules.houseGames.api.register();
  }, 60_000);
  afterAll(() => ctx?.close());

  async function player(balance = 100_00n) {
    const created = await newPlayer(ctx.core, { balance });
    return { ...created, token: await loginAs(ctx.app, created) };
  }
  type Player = Awaited<ReturnType<typeof player>>;
  const post = (p: Player, action: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/house/mines/${action}`, headers: bearer(p.token), payload });
  const start = (p: Player, body: object = {}) => post(p, 'start', { amount: '2.00', mines: 3, requestId: randomUUID(), ...body });
  const reveal = (p: Player, roundId: string, cell: unknown) => post(p, 'reveal', { roundId, cell });
  const cashOut = (p: Player, roundId: string) => post(p, 'cashout', { roundId });
  const cash = (id: bigint) => ctx.core.modules.wallet.api.cashOf(id);
  const row = (id: string) => ctx.core.db.selectFrom('house_round').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
  /** The board the server fixed (tests may look; the player never sees it before the end). */
  const minesOf = async (id: string) => ((await row(id)).outcome as { result: { mines: number[] } }).result.mines;
  const safeCell = async (id: string, skip: number[] = []) => {
    const mines = await minesOf(id);
    return Array.from({ length: 25 }, (_, cell) => cell).find((cell) => !mines.includes(cell) && !skip.includes(cell))!;
  };
  const transactions = (id: string) => ctx.core.db.selectFrom('provider_transaction').select(['action']).where('vendor_code', '=', 'HOUSE').where('round_id', '=', `house-${id}`).orderBy('id').execute();
  const backdate = (id: string, interval: string) => sql`update house_round set created_at = created_at - ${interval}::interval, last_action_at = last_action_at - ${interval}::interval where id = ${BigInt(id)}`.execute(ctx.core.db);

  it('starts, reveals, resumes and cashes out: bet and win through the provider API, the board verifiable from the seeds', async () => {
    const p = await player();
    const table = (await ctx.app.inject({ method: 'GET', url: '/api/house/mines', headers: bearer(p.token) })).json();
    expect(table).toMatchObject({ gameCode: 'mines', minBet: '0.10', maxBet: '1000.00', rtp: 99, mineCounts: { min: 1, max: 24 }, cells: 25, playable: true, current: null });

    const started = await start(p);
    expect(started.statusCode, started.body).toBe(200);
    const round = started.json().round;
    expect(started.json().balance).toBe('98.00');
    expect(round).toMatchObject({ bet: '2.00', mineCount: 3, revealed: [], mines: null, hit: null, state: 'playing', multiplier: '0.0000', nextMultiplier: '1.1250', cashOut: null, win: '0.00' });
    expect((await row(round.id)).status).toBe('playing');

    // Opening the game again resumes the round; its detail hides the mines while it is played.
    const resumed = (await ctx.app.inject({ method: 'GET', url: '/api/house/mines', headers: bearer(p.token) })).json();
    expect(resumed.current).toMatchObject({ id: round.id, state: 'playing', mines: null });
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/house/rounds/${round.id}`, headers: bearer(p.token) })).json();
    expect(detail).toMatchObject({ status: 'playing', outcome: { kind: 'mines', result: { mines: null, state: 'playing' } } });

    const first = await safeCell(round.id);
    const revealed = await reveal(p, round.id, first);
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toMatchObject({ balance: null, round: { revealed: [first], state: 'playing', multiplier: '1.1250', nextMultiplier: '1.2857', cashOut: '2.25', mines: null } });
    // A double click on the same cell changes nothing.
    expect((await reveal(p, round.id, first)).json()).toEqual(revealed.json());
    const second = await safeCell(round.id, [first]);
    expect((await reveal(p, round.id, second)).json().round).toMatchObject({ revealed: [first, second], multiplier: '1.2857', cashOut: '2.57' });

    const cashed = await cashOut(p, round.id);
    expect(cashed.statusCode, cashed.body).toBe(200);
    expect(cashed.json().round).toMatchObject({ state: 'cashed_out', multiplier: '1.2857', win: '2.57', cashOut: null, nextMultiplier: null, mines: await minesOf(round.id) });
    expect(cashed.json().balance).toBe('100.57');
    expect(await cash(p.id)).toBe(100_57n);
    expect(await transactions(round.id)).toEqual([{ action: 'bet' }, { action: 'win' }]);
    expect(await row(round.id)).toMatchObject({ status: 'settled', win: 2_57n });
    // The jackpot step ran once the round closed.
    const contribution = await ctx.core.db.selectFrom('wallet_journal').select('id').where('idempotency_key', '=', `jackpot:contribution:house-${round.id}`).executeTakeFirst();
    expect(contribution).toBeDefined();

    // Rotation reveals the seed; the mines come again from (serverSeed, clientSeed, nonce).
    const rotated = (await ctx.app.inject({ method: 'POST', url: '/api/house/fairness/rotate', headers: bearer(p.token) })).json();
    const stored = (await ctx.app.inject({ method: 'GET', url: `/api/house/rounds/${round.id}`, headers: bearer(p.token) })).json();
    expect(stored.fairness.serverSeed).toBe(rotated.revealed.serverSeed);
    expect(minePositions(createRoundStream(stored.fairness), 3)).toEqual(stored.outcome.result.mines);
    expect(stored.outcome).toMatchObject({ kind: 'mines', bet: '2.00', multiplier: '1.2857', win: '2.57', result: { revealed: [first, second], state: 'cashed_out' } });
  });

  it('loses on a mine: a closing win of 0, every mine shown; other cells are refused, the same one answers the round', async () => {
    const p = await player();
    const round = (await start(p, { mines: 5 })).json().round;
    const mine = (await minesOf(round.id))[2]!;
    const lost = await reveal(p, round.id, mine);
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({ balance: '98.00', round: { state: 'lost', hit: mine, multiplier: '0.0000', win: '0.00', mines: await minesOf(round.id) } });
    expect(await transactions(round.id)).toEqual([{ action: 'bet' }, { action: 'win' }]);
    expect(await row(round.id)).toMatchObject({ status: 'settled', win: 0n });
    const provider = await ctx.core.db.selectFrom('provider_round').select(['status', 'win']).where('round_id', '=', `house-${round.id}`).executeTakeFirstOrThrow();
    expect(provider).toEqual({ status: 'settled', win: 0n });

    expect((await reveal(p, round.id, mine)).json()).toMatchObject({ balance: null, round: { state: 'lost', hit: mine } });
    const other = await reveal(p, round.id, await safeCell(round.id));
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('house.round_closed');
    expect((await cashOut(p, round.id)).json()).toMatchObject({ balance: null, round: { state: 'lost' } });
    expect(await cash(p.id)).toBe(98_00n);
  });

  it('cashes out by itself when the last safe cell is revealed', async () => {
    const p = await player();
    const round = (await start(p, { mines: 24, amount: '1.00' })).json().round;
    const won = (await reveal(p, round.id, await safeCell(round.id))).json();
    expect(won.round).toMatchObject({ state: 'cashed_out', multiplier: formatMultiplier(minesMultiplier(24, 1)), win: '24.75' });
    expect(won.balance).toBe('123.75');
  });

  it('never pays more than the maximum win: a reveal that reaches it cashes the round out there', async () => {
    const p = await player(2000_00n);
    // 20 mines on R$ 1.000: 4.95×, 29.7×, 227.7×, then 2,504.7× would pay R$ 2,5 million.
    const round = (await start(p, { mines: 20, amount: '1000.00' })).json().round;
    const revealed: number[] = [];
    let answer;
    for (let i = 0; i < 4; i += 1) {
      const cell = await safeCell(round.id, revealed);
      revealed.push(cell);
      answer = (await reveal(p, round.id, cell)).json();
    }
    expect(answer.round).toMatchObject({ state: 'cashed_out', win: '1000000.00' });
    expect(await cash(p.id)).toBe(2000_00n - 1000_00n + 1_000_000_00n);
  });

  it('pays once when two cash-outs (or a cash-out and a reveal) arrive together', async () => {
    const p = await player();
    const round = (await start(p, { amount: '10.00', mines: 3 })).json().round;
    await reveal(p, round.id, await safeCell(round.id));
    const answers = await Promise.all([cashOut(p, round.id), cashOut(p, round.id), cashOut(p, round.id), reveal(p, round.id, await safeCell(round.id, []))]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const win = payout(10_00n, minesMultiplier(3, 1));
    expect(answers.filter((answer) => answer.json().balance !== null)).toHaveLength(1);
    expect(await cash(p.id)).toBe(100_00n - 10_00n + win);
    expect(await transactions(round.id)).toEqual([{ action: 'bet' }, { action: 'win' }]);
  });

  it('keeps one round in progress per member, and refuses to reveal its seeds meanwhile', async () => {
    const p = await player();
    const [a, b] = await Promise.all([start(p), start(p)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    const round = (a.statusCode === 200 ? a : b).json().round;
    expect(refused.json().error).toMatchObject({ code: 'house.round_in_progress', details: { roundId: round.id } });
    expect((await start(p)).json().error.code).toBe('house.round_in_progress');
    expect(await cash(p.id)).toBe(98_00n);

    const rotate = await ctx.app.inject({ method: 'POST', url: '/api/house/fairness/rotate', headers: bearer(p.token) });
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json().error.code).toBe('house.round_in_progress');
    const seed = await ctx.app.inject({ method: 'PUT', url: '/api/house/fairness/client-seed', headers: bearer(p.token), payload: { clientSeed: 'new seed' } });
    expect(seed.statusCode).toBe(409);

    expect((await cashOut(p, round.id)).json().error.code).toBe('house.cash_out_unavailable');
    await reveal(p, round.id, await safeCell(round.id));
    expect((await cashOut(p, round.id)).statusCode).toBe(200);
    expect((await start(p)).statusCode).toBe(200);
    // Another member's round is not there for them.
    const other = await player();
    expect((await reveal(other, round.id, 0)).statusCode).toBe(404);
    expect((await cashOut(other, round.id)).statusCode).toBe(404);
  });

  it('answers bad input with a 4xx and a code, never a 500, and moves no money for it', async () => {
    const p = await player(5_00n);
    const starts: Array<[object, number, string]> = [
      [{ mines: 0 }, 400, 'house.mines_invalid'],
      [{ mines: 25 }, 400, 'house.mines_invalid'],
      [{ mines: 1.5 }, 400, 'validation.failed'],
      [{ mines: '3' }, 400, 'validation.failed'],
      [{ amount: '0.05' }, 400, 'house.bet_invalid'],
      [{ amount: '1001.00' }, 400, 'house.bet_invalid'],
      [{ amount: '1e3' }, 400, 'validation.failed'],
      [{ amount: "1.00'; drop table house_round;--" }, 400, 'validation.failed'],
      [{ requestId: '<script>' }, 400, 'validation.failed'],
      [{ amount: '6.00' }, 402, 'house.insufficient_funds'],
    ];
    for (const [body, status, code] of starts) {
      const response = await start(p, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    expect(await cash(p.id)).toBe(5_00n);

    const round = (await start(p, { amount: '1.00' })).json().round;
    const moves: Array<[string, object, number, string]> = [
      ['reveal', { roundId: round.id, cell: -1 }, 400, 'house.cell_invalid'],
      ['reveal', { roundId: round.id, cell: 25 }, 400, 'house.cell_invalid'],
      ['reveal', { roundId: round.id, cell: 2.5 }, 400, 'validation.failed'],
      ['reveal', { roundId: round.id, cell: '3' }, 400, 'validation.failed'],
      ['reveal', { roundId: "1 or 1=1", cell: 3 }, 400, 'validation.failed'],
      ['reveal', { roundId: '999999999', cell: 3 }, 404, 'house.round_not_found'],
      ['reveal', { cell: 3 }, 400, 'validation.failed'],
      ['cashout', { roundId: '../1' }, 400, 'validation.failed'],
      ['cashout', {}, 400, 'validation.failed'],
    ];
    for (const [action, body, status, code] of moves) {
      const response = await post(p, action, body);
      expect(response.statusCode, `${action} ${JSON.stringify(body)}: ${response.body}`).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/house/mines/reveal', headers: { ...bearer(p.token), 'content-type': 'application/json' }, payload: '{"roundId":' });
    expect(malformed.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/house/mines/start', payload: { amount: '1.00', mines: 3, requestId: randomUUID() } })).statusCode).toBe(401);
    await reveal(p, round.id, await safeCell(round.id));
    expect((await cashOut(p, round.id)).statusCode).toBe(200);
    const requestId = randomUUID();
    expect((await start(p, { amount: '1.00', requestId })).statusCode).toBe(200);
    expect((await start(p, { amount: '1.00', requestId })).json().error.code).toBe('house.request_conflict');
  });

  it('is never touched by the job that settles open rounds', async () => {
    const p = await player();
    const round = (await start(p)).json().round;
    const first = await safeCell(round.id);
    await reveal(p, round.id, first);
    await backdate(round.id, '10 minutes');
    await ctx.core.modules.houseGames.api.settleOpenRounds(60_000);
    const counts = await ctx.core.modules.houseGames.api.closeAbandonedMines();
    expect(counts).toEqual({ cashedOut: 0, refunded: 0, failed: 0 });
    expect(await row(round.id)).toMatchObject({ status: 'playing', win: 0n, win_transaction_id: null });
    expect(await transactions(round.id)).toEqual([{ action: 'bet' }]);
    expect((await reveal(p, round.id, await safeCell(round.id, [first]))).json().round.revealed).toHaveLength(2);
  });

  it('closes rounds left alone for a day: cashed out at the multiplier earned, or the bet returned when nothing was revealed', async () => {
    const revealedOne = await player();
    const kept = (await start(revealedOne, { amount: '4.00', mines: 3 })).json().round;
    await reveal(revealedOne, kept.id, await safeCell(kept.id));
    const untouched = await player();
    const idle = (await start(untouched, { amount: '4.00' })).json().round;
    await backdate(kept.id, '25 hours');
    await backdate(idle.id, '25 hours');

    const counts = await ctx.core.modules.houseGames.api.closeAbandonedMines();
    expect(counts).toMatchObject({ cashedOut: 1, refunded: 1, failed: 0 });
    expect(await row(kept.id)).toMatchObject({ status: 'settled', win: payout(4_00n, minesMultiplier(3, 1)) });
    expect(await cash(revealedOne.id)).toBe(100_00n - 4_00n + 4_50n);
    expect(await row(idle.id)).toMatchObject({ status: 'failed' });
    expect(((await row(idle.id)).outcome as { result: { state: string } }).result.state).toBe('refunded');
    expect(await cash(untouched.id)).toBe(100_00n);
    expect(await transactions(idle.id)).toEqual([{ action: 'bet' }, { action: 'rollback' }]);
    const view = (await ctx.app.inject({ method: 'GET', url: `/api/house/rounds/${idle.id}`, headers: bearer(untouched.token) })).json();
    expect(view).toMatchObject({ status: 'failed', outcome: { result: { state: 'refunded' } } });
    expect(view.outcome.result.mines).toHaveLength(3);
    // Both can play again.
    expect((await start(untouched)).statusCode).toBe(200);
  });

  it('refunds a round whose bet was never confirmed (the start request died) after a minute', async () => {
    const p = await player();
    const round = (await start(p)).json().round;
    await sql`update house_round set bet_transaction_id = null, created_at = now() - interval '2 minutes' where id = ${BigInt(round.id)}`.execute(ctx.core.db);
    expect((await reveal(p, round.id, 0)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/house/mines', headers: bearer(p.token) })).json().current).toBeNull();
    expect(await ctx.core.modules.houseGames.api.closeAbandonedMines()).toMatchObject({ refunded: 1 });
    expect((await row(round.id)).status).toBe('failed');
    expect(await cash(p.id)).toBe(100_00n);
  });

  it('keeps the ledger consistent', async () => {
    await ctx.core.modules.provider.api.flushRequestLog();
    const check = await ctx.core.modules.wallet.api.runLedgerCheck();
    expect(check.ok, JSON.stringify(check)).toBe(true);
  });
});
