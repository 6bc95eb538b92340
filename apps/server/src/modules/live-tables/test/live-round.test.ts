import { settleLiveChip } from '@app/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live } from '../live.tables.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { bet, bettingRound, expectLedgerBalanced, liveCalls, livePlayer, LIVE_TEST_ENV, waitFor } from './live-fixture.ts';

/** A round end to end: bets in the window, the result, each member's win paid once through vendor LIVE. */
describe('live tables: a round end to end', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A window long enough for a loaded machine to place the bets in it.
    ctx = await createTestContext({ env: { ...LIVE_TEST_ENV, LIVE_BETTING_MS: '3000' } });
    ctx.core.modules.liveTables.api.startLeader();
  }, 60_000);
  afterAll(async () => {
    await ctx?.core.modules.liveTables.api.stopLeader();
    await ctx?.close();
  });

  it('roulette: bets placed, the spin decided, wins paid once with the round closed, the ledger balanced', async () => {
    const [a, b] = [await livePlayer(ctx), await livePlayer(ctx)];
    const round = await bettingRound(ctx, 'roleta-copacabana', 2200);
    const first = await bet(ctx, a, 'roleta-copacabana', { roundId: round.id, chips: [{ spot: 'red', amount: '10.00' }, { spot: 'straight:17', amount: '1.00' }, { spot: 'straight:17', amount: '1.00' }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().bet).toMatchObject({ status: 'placed', amount: '12.00' });
    expect(first.json().balance).toBe('988.00');
    const second = await bet(ctx, b, 'roleta-copacabana', { roundId: round.id, chips: [{ spot: 'black', amount: '5.00' }, { spot: 'neighbours:0', amount: '2.50' }] });
    expect(second.statusCode, second.body).toBe(200);
    const again = await bet(ctx, a, 'roleta-copacabana', { roundId: round.id, chips: [{ spot: 'odd', amount: '3.00' }] });
    expect(again.statusCode, again.body).toBe(200);

    const done = await waitFor(async () => live(ctx.core.db).selectFrom('live_round').selectAll().where('id', '=', BigInt(round.id)).where('settled_at', 'is not', null).executeTakeFirst(), 20_000, 'the round settled');
    expect(done.phase).toBe('result');
    const result = done.result as { game: 'roulette'; number: number };
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/live/rounds/${round.id}` })).json();
    expect(detail.round.result).toEqual(result);
    expect(detail.verification).toMatchObject({ game: 'roulette', serverSeed: done.seed, clientSeed: 'roleta-copacabana', nonce: done.number });

    const bets = await live(ctx.core.db).selectFrom('live_bet').selectAll().where('round_id', '=', BigInt(round.id)).orderBy('id').execute();
    expect(bets.map((row) => row.status)).toEqual(['settled', 'settled', 'settled']);
    for (const row of bets) {
      const expected = (row.chips as Array<{ spot: string; amount: string }>).reduce((sum, chip) => sum + settleLiveChip(result as never, chip.spot, BigInt(chip.amount)), 0n);
      expect(row.win).toBe(expected);
      expect(row.closed_at).not.toBeNull();
    }
    const calls = await liveCalls(ctx, round.id);
    expect(calls.filter((c) => c.action === 'bet')).toHaveLength(3);
    const wins = calls.filter((c) => c.action === 'win');
    expect(wins.map((w) => w.transaction_id).sort()).toEqual([`live-${round.id}-${a.id}-win`, `live-${round.id}-${b.id}-win`].sort());
    for (const player of [a, b]) {
      const mine = bets.filter((row) => row.member_id === player.id);
      const staked = mine.reduce((sum, row) => sum + row.amount, 0n);
      const won = mine.reduce((sum, row) => sum + (row.win ?? 0n), 0n);
      expect(await ctx.core.modules.wallet.api.cashOf(player.id)).toBe(1000_00n - staked + won);
    }
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/live/tables/roleta-copacabana/me', headers: { authorization: `Bearer ${a.token}` } })).json();
    expect([...me.current, ...me.recent].some((row: { roundId: string }) => row.roundId === round.id)).toBe(true);
    await expectLedgerBalanced(ctx);
  }, 40_000);

  it('baccarat: the hand dealt from the shoe, history and the shoe advanced, the seed kept secret while the shoe lasts', async () => {
    const player = await livePlayer(ctx);
    const round = await bettingRound(ctx, 'bacara-rio', 2200);
    const placed = await bet(ctx, player, 'bacara-rio', { roundId: round.id, chips: [{ spot: 'banker', amount: '20.00' }, { spot: 'tie', amount: '1.00' }] });
    expect(placed.statusCode, placed.body).toBe(200);
    const done = await waitFor(async () => live(ctx.core.db).selectFrom('live_round').selectAll().where('id', '=', BigInt(round.id)).where('settled_at', 'is not', null).executeTakeFirst(), 20_000, 'the hand settled');
    expect(done.first_card).not.toBeNull();
    expect(done.cards_used).toBeGreaterThanOrEqual(4);
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/live/rounds/${round.id}` })).json();
    expect(detail.verification).toMatchObject({ game: 'baccarat', shoeSeed: null, clientSeed: 'bacara-rio', firstCard: done.first_card, cardsUsed: done.cards_used });
    const state = (await ctx.app.inject({ method: 'GET', url: '/api/live/tables/bacara-rio' })).json();
    expect(state.history.some((entry: { roundId: string }) => entry.roundId === round.id)).toBe(true);
    expect(state.shoe.handsPlayed).toBeGreaterThanOrEqual(1);
    const lobby = (await ctx.app.inject({ method: 'GET', url: '/api/live/tables' })).json();
    expect(lobby.tables.map((t: { code: string }) => t.code)).toEqual(['bacara-rio', 'roleta-copacabana']);
    const calls = await liveCalls(ctx, round.id);
    expect(calls.map((c) => c.action)).toEqual(['bet', 'win']);
  }, 40_000);
});
