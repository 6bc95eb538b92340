import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotteryResult } from '@app/contracts';
import type { TestPlayer } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { expectLedgerInvariants } from '../../../../test/wallet-race.ts';
import { settleTicket } from '../domain/index.ts';
import { randomResult } from '../draws/results-feed.ts';
import { lotteryFixtures } from '../lottery-test-fixtures.ts';
import type { LotteryMoneyPorts } from './provider-money.ts';

/** Settlement and resettlement on a real PostgreSQL, the money checked in the ledger. */
let ctx: TestContext;
const f = lotteryFixtures(() => ctx);
const START = 1_000_00n;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.core.modules.lottery.api.ready();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

/** A southern result whose special prize ends in `last2`. */
function resultEnding(last2: string): LotteryResult {
  const result = randomResult('vn_south') as Extract<LotteryResult, { prizes: unknown }>;
  return { ...result, prizes: result.prizes.map((tier) => (tier.tier === 'special' ? { tier: 'special', numbers: [`1234${last2}`] } : tier)) };
}

/** A southern result whose every number ends in `last2` (no ticket of drawWithTickets hits it with '77'). */
function resultAllEnding(last2: string): LotteryResult {
  const result = randomResult('vn_south') as Extract<LotteryResult, { prizes: unknown }>;
  return { ...result, prizes: result.prizes.map((tier) => ({ ...tier, numbers: tier.numbers.map((number) => `${number.slice(0, -2)}${last2}`) })) };
}

interface Placed {
  member: TestPlayer;
  id: string;
  selections: string[];
  unitStake: bigint;
  total: bigint;
  odds: Record<string, number>;
  betType: string;
}

/** 3 players × 8 tickets on a southern draw (đề đặc biệt and bao lô), then the draw closed. */
async function drawWithTickets(): Promise<{ drawId: bigint; placed: Placed[]; players: TestPlayer[] }> {
  const drawId = await f.newDraw('VN_CTH');
  const players = await Promise.all([f.player(), f.player(), f.player()]);
  const placed: Placed[] = [];
  for (const [index, { member, token }] of players.entries()) {
    for (let n = 0; n < 8; n += 1) {
      const betType = n % 2 === 0 ? 'de_dac_biet' : 'bao_lo_2';
      const selections = [String((index * 8 + n) % 100).padStart(2, '0'), n % 3 === 0 ? '56' : '99'].filter((value, at, all) => all.indexOf(value) === at);
      const answer = await f.place(token, f.ticket(drawId, 'vn_south', { betType, selections, unitStake: '1.00' }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      placed.push({ member, id: answer.body.id as string, selections: answer.body.selections as string[], unitStake: 100n, total: BigInt(Math.round(Number(answer.body.totalStake) * 100)), odds: answer.body.odds as Record<string, number>, betType });
    }
  }
  await sql`update lottery_draw set closes_at = now() - interval '1 second', draw_at = now() where id = ${drawId}`.execute(ctx.core.db);
  await ctx.core.modules.lottery.api.tick({ schedule: false });
  return { drawId, placed, players: players.map((each) => each.member) };
}

const expectedReturn = (ticket: Placed, result: LotteryResult) =>
  settleTicket({ family: 'vn_south', betType: ticket.betType, selections: ticket.selections, unitStakeCents: ticket.unitStake, odds: ticket.odds }, result).returnCents;

async function expectBalances(players: TestPlayer[], placed: Placed[], result: LotteryResult): Promise<void> {
  for (const member of players) {
    const mine = placed.filter((ticket) => ticket.member === member);
    const expected = START - mine.reduce((sum, ticket) => sum + ticket.total, 0n) + mine.reduce((sum, ticket) => sum + expectedReturn(ticket, result), 0n);
    expect(await f.cash(member)).toBe(expected);
  }
}

async function ticketRows(drawId: bigint) {
  return (await sql<{ id: string; status: string; return_cents: string; settle_n: number }>`
    select id::text, status, return_cents::text, settle_n from lottery_ticket where draw_id = ${drawId} order by id`.execute(ctx.core.db)).rows;
}

/** Wraps the ports so the first win batch reaches the provider and then "the process dies" before its answer is recorded. */
function dyingAfterFirstClose(ports: LotteryMoneyPorts): LotteryMoneyPorts {
  let died = false;
  return {
    ...ports,
    async handleMany(vendorCode, action, bodies) {
      const answers = await ports.handleMany!(vendorCode, action, bodies);
      if (action === 'endRound' && !died) {
        died = true;
        throw new Error('killed mid-run');
      }
      return answers;
    },
  };
}

describe('settlement', () => {
  it('settles every ticket exactly once when killed mid-run and run again (twice at once)', async () => {
    const { drawId, placed, players } = await drawWithTickets();
    const result = resultEnding('56');
    await ctx.core.modules.lottery.api.enterResult(drawId, result, 'op');
    const dying = f.secondModule({ planChunk: 7, wrap: dyingAfterFirstClose });
    // The first run decides two chunks of 7, and dies after its first batch of closes (endRounds)
    // reached the provider: those rounds are closed, their tickets not yet written lost.
    const first = await dying.api.settleDraw(drawId, { maxChunks: 2 });
    expect(first.settled).toBe(false);
    expect(await f.drawStatus(drawId)).toBe('drawn');
    const halfway = (await ticketRows(drawId)).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    expect(halfway.slice(14).every((row) => row.settle_n === 0)).toBe(true);
    const unwritten = halfway.slice(0, 14).filter((row) => row.settle_n === 0);
    expect(unwritten.length).toBeGreaterThan(0);
    expect(halfway.slice(0, 14).filter((row) => row.settle_n === 1).length).toBeGreaterThan(0);
    const closedRounds = await sql<{ status: string }>`
      select status from provider_round where vendor_code = 'LOTT' and round_id = any(${unwritten.map((row) => `lottery-${row.id}`)}::text[])`.execute(ctx.core.db);
    expect(closedRounds.rows.map((row) => row.status)).toEqual(unwritten.map(() => 'settled'));
    // Run again, twice at once: the rest planned, every win paid once (the closed rounds' second endRound changes nothing).
    await Promise.all([ctx.core.modules.lottery.api.settleDraw(drawId), f.secondModule({ planChunk: 5 }).api.settleDraw(drawId)]);
    await ctx.core.modules.lottery.api.settlePass();
    expect(await f.drawStatus(drawId)).toBe('settled');
    const rows = await ticketRows(drawId);
    for (const ticket of placed) {
      const row = rows.find((each) => each.id === ticket.id)!;
      const due = expectedReturn(ticket, result);
      expect(row).toMatchObject({ status: due > 0n ? 'won' : 'lost', return_cents: due.toString(), settle_n: 1 });
    }
    expect(rows.some((row) => row.status === 'won')).toBe(true);
    expect(rows.some((row) => row.status === 'lost')).toBe(true);
    await expectBalances(players, placed, result);
    const wins = await sql<{ n: number }>`
      select count(*)::int as n from wallet_journal where idempotency_key like '%lottery-%-settle-%' group by idempotency_key having count(*) > 1`.execute(ctx.core.db);
    expect(wins.rows).toEqual([]);
    // The agents' facts see each ticket's round as one settled bet (through the provider rounds, like every product).
    const facts = await sql<{ rounds: number; bets: number; stake: string }>`
      select count(distinct round_id)::int as rounds, sum(bets)::int as bets, sum(stake)::text as stake from agents_bet_fact
      where vendor_code = 'LOTT' and round_id = any(${placed.map((ticket) => `lottery-${ticket.id}`)}::text[])`.execute(ctx.core.db);
    expect(facts.rows[0]).toEqual({ rounds: placed.length, bets: placed.length, stake: placed.reduce((sum, ticket) => sum + ticket.total, 0n).toString() });
    // Settled tickets read with their return.
    const settled = await ctx.core.modules.lottery.api.tickets.get(players[0]!.id, BigInt(placed[0]!.id));
    expect(settled.return).not.toBeNull();
    expect(settled.settledAt).not.toBeNull();
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  }, 60_000);
});

describe('resettlement', () => {
  it('a corrected result resettles every ticket once: the old win rolled back, the new one paid', async () => {
    const { drawId, placed, players } = await drawWithTickets();
    await ctx.core.modules.lottery.api.enterResult(drawId, resultEnding('56'), 'op');
    await ctx.core.modules.lottery.api.settleDraw(drawId);
    expect(await f.drawStatus(drawId)).toBe('settled');

    const corrected = resultEnding('99');
    await ctx.core.modules.lottery.api.correctResult(drawId, corrected, 'op', 'wrong special prize');
    expect(await f.drawStatus(drawId)).toBe('drawn');
    await Promise.all([ctx.core.modules.lottery.api.settleDraw(drawId), f.secondModule({ planChunk: 4 }).api.settleDraw(drawId)]);
    await ctx.core.modules.lottery.api.settlePass();
    expect(await f.drawStatus(drawId)).toBe('settled');
    await expectBalances(players, placed, corrected);
    const rows = await ticketRows(drawId);
    for (const row of rows) expect(row.settle_n).toBeLessThanOrEqual(2);
    expect(rows.filter((row) => row.settle_n === 2).length).toBeGreaterThan(0);
    const draw = (await ctx.app.inject({ method: 'GET', url: `/api/lottery/draws/${drawId}` })).json() as { corrections: number };
    expect(draw.corrections).toBe(1);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  }, 60_000);

  it('concurrent corrections: the last one in force decides, each ticket paid by it exactly once', async () => {
    const { drawId, placed, players } = await drawWithTickets();
    await ctx.core.modules.lottery.api.enterResult(drawId, resultEnding('56'), 'op');
    await ctx.core.modules.lottery.api.settleDraw(drawId);
    const [a, b] = [resultEnding('99'), resultEnding('07')];
    const versions = await Promise.all([ctx.core.modules.lottery.api.correctResult(drawId, a, 'op1'), ctx.core.modules.lottery.api.correctResult(drawId, b, 'op2')]);
    expect([...versions].sort()).toEqual([2, 3]);
    const inForce = versions[0] === 3 ? a : b;
    await Promise.all([ctx.core.modules.lottery.api.settleDraw(drawId), ctx.core.modules.lottery.api.settleDraw(drawId)]);
    await ctx.core.modules.lottery.api.settlePass();
    expect(await f.drawStatus(drawId)).toBe('settled');
    await expectBalances(players, placed, inForce);
    const reversedTwice = await sql<{ n: number }>`
      select count(*)::int as n from wallet_journal where idempotency_key like '%lottery-%-unsettle-%' group by idempotency_key having count(*) > 1`.execute(ctx.core.db);
    expect(reversedTwice.rows).toEqual([]);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  }, 60_000);
});

describe('settlement meets an operator between the closes of a chunk and their write', () => {
  it('a cancellation: no ticket is written lost, each is refunded on its closed round', async () => {
    const { drawId, placed, players } = await drawWithTickets();
    await ctx.core.modules.lottery.api.enterResult(drawId, resultAllEnding('77'), 'op');
    let cancelled = false;
    const cancelling = f.secondModule({
      wrap: (ports) => ({
        ...ports,
        async handleMany(vendorCode, action, bodies) {
          const answers = await ports.handleMany!(vendorCode, action, bodies);
          // The closes reached the provider; the operator's cancellation lands before the tickets are written.
          if (action === 'endRound' && !cancelled) {
            cancelled = true;
            await ctx.core.modules.lottery.api.cancelDraw(drawId, 'result feed withdrawn', 'op');
          }
          return answers;
        },
      }),
    });
    const outcome = await cancelling.api.settleDraw(drawId);
    expect(cancelled).toBe(true);
    expect(outcome.settled).toBe(false);
    expect(await f.drawStatus(drawId)).toBe('cancelled');
    // None written lost: each was refunded by the cancellation (a void settlement, the bet rolled back on its closed round).
    expect((await ticketRows(drawId)).map((row) => row.status)).toEqual(placed.map(() => 'void'));
    // Later passes of the settlement job change nothing.
    await ctx.core.modules.lottery.api.settlePass();
    await ctx.core.modules.lottery.api.settlePass();
    const rows = await ticketRows(drawId);
    expect(rows.map((row) => row.status)).toEqual(placed.map(() => 'void'));
    for (const member of players) expect(await f.cash(member)).toBe(START);
    const rounds = await sql<{ status: string }>`
      select status from provider_round where vendor_code = 'LOTT' and round_id = any(${placed.map((ticket) => `lottery-${ticket.id}`)}::text[])`.execute(ctx.core.db);
    expect(rounds.rows.map((row) => row.status)).toEqual(placed.map(() => 'rolled_back'));
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  }, 60_000);

  it('a correction: the tickets are written for the result they were decided for, then resettled once for the new one', async () => {
    const { drawId, placed, players } = await drawWithTickets();
    await ctx.core.modules.lottery.api.enterResult(drawId, resultAllEnding('77'), 'op');
    const corrected = resultEnding('56');
    let correctedAt = 0;
    const correcting = f.secondModule({
      wrap: (ports) => ({
        ...ports,
        async handleMany(vendorCode, action, bodies) {
          const answers = await ports.handleMany!(vendorCode, action, bodies);
          if (action === 'endRound' && correctedAt === 0) correctedAt = await ctx.core.modules.lottery.api.correctResult(drawId, corrected, 'op', 'wrong special prize');
          return answers;
        },
      }),
    });
    await correcting.api.settleDraw(drawId);
    expect(correctedAt).toBe(2);
    // Every ticket lost the first result: written lost for version 1, its round closed by endRound
    // (the winners of the corrected result are then paid on their closed rounds).
    expect((await ticketRows(drawId)).map((row) => row.status)).toEqual(placed.map(() => 'lost'));
    await Promise.all([ctx.core.modules.lottery.api.settleDraw(drawId), f.secondModule({ planChunk: 5 }).api.settleDraw(drawId)]);
    await ctx.core.modules.lottery.api.settlePass();
    expect(await f.drawStatus(drawId)).toBe('settled');
    await expectBalances(players, placed, corrected);
    const rows = await ticketRows(drawId);
    expect(rows.some((row) => row.status === 'won' && row.settle_n === 2)).toBe(true);
    // A loss paid nothing: its reversal is only marked, no rollback is sent; endRound stores no transaction.
    const stored = await sql<{ n: number }>`
      select count(*)::int as n from provider_transaction
      where vendor_code = 'LOTT' and round_id = any(${placed.map((ticket) => `lottery-${ticket.id}`)}::text[])
        and (transaction_id like 'lottery-%-lost-%' or transaction_id like 'lottery-%-unsettle-%')`.execute(ctx.core.db);
    expect(stored.rows[0]!.n).toBe(0);
    const reversed = await sql<{ n: number }>`
      select count(*)::int as n from lottery_ticket_settlement s join lottery_ticket t on t.id = s.ticket_id
      where t.draw_id = ${drawId} and s.n = 1 and s.reversed_at is not null`.execute(ctx.core.db);
    expect(reversed.rows[0]!.n).toBe(rows.filter((row) => row.settle_n === 2).length);
    // A ticket's settlements: a loss the correction reversed has its row now (reversed), a loss
    // that stands is read from its ticket.
    const resettled = rows.find((row) => row.settle_n === 2)!;
    const stillLost = rows.find((row) => row.settle_n === 1 && row.status === 'lost')!;
    const settlementsOf = (id: string) => ctx.core.modules.lottery.api.ticketSettlements(BigInt(id));
    expect(await settlementsOf(resettled.id)).toMatchObject([
      { n: 1, status: 'lost', win_transaction_id: `lottery-${resettled.id}-lost-1`, result_version: 1, reversal_transaction_id: `lottery-${resettled.id}-unsettle-1` },
      { n: 2, status: 'won', result_version: 2, reversal_transaction_id: null },
    ]);
    expect((await settlementsOf(resettled.id))[0]!.reversed_at).not.toBeNull();
    expect(await settlementsOf(stillLost.id)).toMatchObject([{ n: 1, status: 'lost', win_transaction_id: `lottery-${stillLost.id}-lost-1`, result_version: 2, reversal_transaction_id: null, reversed_at: null }]);
    const twice = await sql<{ n: number }>`
      select count(*)::int as n from wallet_journal where idempotency_key like '%lottery-%' group by idempotency_key having count(*) > 1`.execute(ctx.core.db);
    expect(twice.rows).toEqual([]);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  }, 60_000);
});
