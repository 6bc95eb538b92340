import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * The agents' published hook agents_record_round_changes (migration 0102; per round before, 0045),
 * called by provider_round's own statement-level triggers (0103): which chain a settled round's
 * facts carry, kept in agents_round_chain, and no facts for trial accounts (the accounts module's
 * rule); a statement changing many rounds gives the facts one statement per round gives.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const AGENT = 1;
const TRIAL = 4;

/** Writes a round as the provider's money callback does (an upsert adding to stake and winnings). */
const writeRound = (member: TestPlayer, round: string, change: { bet?: bigint; win?: bigint; status: 'open' | 'settled' | 'rolled_back' }) =>
  sql`insert into provider_round (vendor_code, member_id, round_id, game_code, bet, win, status, closed_at)
      values ('TESTVENDOR', ${member.id}, ${round}, 'g', ${change.bet ?? 0n}, ${change.win ?? 0n}, ${change.status}, now())
      on conflict (vendor_code, member_id, round_id) do update set bet = provider_round.bet + excluded.bet,
        win = provider_round.win + excluded.win, status = excluded.status`.execute(ctx.core.db);
const moveUnder = (member: TestPlayer, upline: TestPlayer | null) =>
  ctx.core.db.updateTable('accounts_member').set({ upline_member_id: upline?.id ?? null }).where('id', '=', member.id).execute();
const factsOf = (member: TestPlayer) =>
  ctx.core.db.selectFrom('agents_bet_fact').select(['round_id', 'bets', 'stake', 'payout', 'chain']).where('member_id', '=', member.id).orderBy('seq').execute();
const chainRows = (member: TestPlayer) => ctx.core.db.selectFrom('agents_round_chain').select(['round_id', 'chain']).where('member_id', '=', member.id).execute();

describe('agents_record_round_change', () => {
  it('keeps the chain of the first settlement for later changes of the round, after the member moved', async () => {
    const first = await newPlayer(ctx.core, { type: AGENT });
    const second = await newPlayer(ctx.core, { type: AGENT });
    const player = await newPlayer(ctx.core, { upline: first.account });
    await writeRound(player, 'r1', { bet: 10_00n, status: 'open' });
    await writeRound(player, 'r1', { win: 4_00n, status: 'settled' });
    await moveUnder(player, second);
    await writeRound(player, 'r1', { win: 1_00n, status: 'settled' });
    await writeRound(player, 'r1', { status: 'rolled_back' });
    const chain = [first.id.toString()];
    expect(await factsOf(player)).toEqual([
      { round_id: 'r1', bets: 1, stake: 10_00n, payout: 4_00n, chain },
      { round_id: 'r1', bets: 0, stake: 0n, payout: 1_00n, chain },
      { round_id: 'r1', bets: -1, stake: -10_00n, payout: -5_00n, chain },
    ]);
    expect(await chainRows(player)).toEqual([{ round_id: 'r1', chain }]);
  });

  it('keeps no chain row for a member outside any team, and its round stays unattributed after a move', async () => {
    const agent = await newPlayer(ctx.core, { type: AGENT });
    const player = await newPlayer(ctx.core);
    await writeRound(player, 'r2', { bet: 5_00n, win: 0n, status: 'settled' });
    await moveUnder(player, agent);
    await writeRound(player, 'r2', { status: 'rolled_back' });
    expect(await factsOf(player)).toEqual([
      { round_id: 'r2', bets: 1, stake: 5_00n, payout: 0n, chain: [] },
      { round_id: 'r2', bets: -1, stake: -5_00n, payout: 0n, chain: [] },
    ]);
    expect(await chainRows(player)).toEqual([]);
  });

  it('writes no fact and no chain for a trial account', async () => {
    const agent = await newPlayer(ctx.core, { type: AGENT });
    const trial = await newPlayer(ctx.core, { type: TRIAL, upline: agent.account, adult: false });
    await writeRound(trial, 'r3', { bet: 5_00n, win: 7_00n, status: 'settled' });
    expect(await factsOf(trial)).toEqual([]);
    expect(await chainRows(trial)).toEqual([]);
  });

  it('gives a statement of many rounds the facts of one statement per round', async () => {
    const agent = await newPlayer(ctx.core, { type: AGENT });
    const trial = await newPlayer(ctx.core, { type: TRIAL, upline: agent.account, adult: false });
    const [inTeam, alone] = [await newPlayer(ctx.core, { upline: agent.account }), await newPlayer(ctx.core)];
    // Each member: a round settled, one staked more while open, one left as it was, one rolled back after settling.
    const open = async (member: TestPlayer, prefix: string) => {
      for (const round of ['settles', 'grows', 'stays', 'undone']) await writeRound(member, `${prefix}-${round}`, { bet: 3_00n, status: 'open' });
      await writeRound(member, `${prefix}-undone`, { win: 2_00n, status: 'settled' });
    };
    const members = [inTeam, alone, trial];
    for (const member of members) {
      await open(member, 'one');
      await open(member, 'many');
    }
    // One statement per round…
    for (const member of members) {
      await sql`update provider_round set status = 'settled', win = 500 where member_id = ${member.id} and round_id = 'one-settles'`.execute(ctx.core.db);
      await sql`update provider_round set bet = bet + 100 where member_id = ${member.id} and round_id = 'one-grows'`.execute(ctx.core.db);
      await sql`update provider_round set status = status where member_id = ${member.id} and round_id = 'one-stays'`.execute(ctx.core.db);
      await sql`update provider_round set status = 'rolled_back' where member_id = ${member.id} and round_id = 'one-undone'`.execute(ctx.core.db);
    }
    // …and the same changes of every member's rounds in one statement, its facts written per
    // statement as the provider's set-based functions have them (migration 0103).
    await ctx.core.db.transaction().execute(async (tx) => {
      await sql`select set_config('provider.round_hooks', 'per_statement', true)`.execute(tx);
      await sql`update provider_round set
          status = case when round_id = 'many-settles' then 'settled' when round_id = 'many-undone' then 'rolled_back' else status end,
        win = case when round_id = 'many-settles' then 500 else win end,
        bet = case when round_id = 'many-grows' then bet + 100 else bet end
      where member_id = any(${members.map((member) => member.id.toString())}::bigint[]) and round_id like 'many-%'`.execute(tx);
    });
    for (const member of members) {
      const facts = await factsOf(member);
      const of = (prefix: string) => facts.filter((fact) => fact.round_id.startsWith(prefix)).map((fact) => ({ ...fact, round_id: fact.round_id.slice(prefix.length) }));
      expect(of('many-')).toEqual(of('one-'));
      const chains = await chainRows(member);
      expect(chains.filter((row) => row.round_id.startsWith('many-')).map((row) => row.round_id.slice(5)).sort()).toEqual(
        chains.filter((row) => row.round_id.startsWith('one-')).map((row) => row.round_id.slice(4)).sort(),
      );
    }
    // What one statement per round gives: the team member's settled rounds carry the agent's chain, the trial member has none.
    expect((await factsOf(inTeam)).filter((fact) => fact.round_id === 'many-settles')).toEqual([{ round_id: 'many-settles', bets: 1, stake: 3_00n, payout: 5_00n, chain: [agent.id.toString()] }]);
    expect(await factsOf(trial)).toEqual([]);
  });
});
