import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bearer, loginAs, newPlayer } from '../../../../test/builders.ts';
import { waitFor } from '../../../../test/crash-fixture.ts';
import type { TestContext } from '../../../../test/test-context.ts';

/** Fast rounds for tests: a short window, reveal and pause. */
export const LIVE_TEST_ENV = { LIVE_BETTING_MS: '1500', LIVE_REVEAL_MS: '100', LIVE_PAUSE_MS: '100', LIVE_TAKEOVER_POLL_MS: '100', LIVE_LEADER: 'false' };

export { waitFor };

export async function livePlayer(ctx: TestContext, balance = 1000_00n) {
  const player = await newPlayer(ctx.core, { balance });
  return { ...player, token: await loginAs(ctx.app, player) };
}
export type LivePlayer = Awaited<ReturnType<typeof livePlayer>>;

export const bet = (ctx: TestContext, player: LivePlayer, code: string, body: { roundId: string; requestId?: string; chips: Array<{ spot: string; amount: string }> }) =>
  ctx.app.inject({ method: 'POST', url: `/api/live/tables/${code}/bets`, headers: bearer(player.token), payload: { requestId: randomUUID(), ...body } });

/** The table's round in betting with at least `msLeft` of its window left. */
export async function bettingRound(ctx: TestContext, code: string, msLeft = 600) {
  return waitFor(async () => {
    const state = (await ctx.app.inject({ method: 'GET', url: `/api/live/tables/${code}` })).json();
    const round = state.round;
    return round && round.phase === 'betting' && Date.parse(round.bettingEndsAt) - state.serverTime >= msLeft ? (round as { id: string; number: number }) : undefined;
  }, 20_000, `a round of ${code} in betting`);
}

/** The provider's calls of vendor LIVE in a table round (every member's), through the provider module's API. */
export async function liveCalls(ctx: TestContext, roundId: string) {
  return (await ctx.core.modules.provider.api.roundTransactions('LIVE', `live-${roundId}`)).map((row) => ({ action: row.action, transaction_id: row.transactionId }));
}

export async function expectLedgerBalanced(ctx: TestContext) {
  const check = await ctx.core.modules.wallet.api.runLedgerCheck();
  expect(check.ok, JSON.stringify(check)).toBe(true);
}
