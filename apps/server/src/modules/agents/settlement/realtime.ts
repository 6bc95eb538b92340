import { sql } from 'kysely';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import { pickTier } from '../contracts/contract-tiers.ts';
import type { AgentsSettings } from '../agents.ports.ts';
import { PPM, postLines, type AgentGross } from './differential.ts';
import * as repository from './settlement.repository.ts';
import { lockKey } from './settlement-periods.ts';

export const WINDOW_MS = 5 * 60_000;

interface FactRow {
  chain: string[];
  round_stake: string;
  member_won: boolean;
  stake: string;
  valid_bet: string;
}

/** The five-minute windows [start, start + 5 min) that had ended by `asOf`. */
export const lastWindowEnd = (asOf: Date): Date => new Date(Math.floor(asOf.getTime() / WINDOW_MS) * WINDOW_MS);

/**
 * Real-time salary (docs/agent-commissions.md): the facts not taken yet that settled in windows
 * already over by `asOf`, one run per window they settled in, so a line always names the window
 * its bets belong to (a run at 01:55:10 settles 01:50–01:55; a fact that commits late goes into a
 * new version of its own window). Answers the run ids.
 */
export async function settleRealtimeWindows(db: Db, settings: AgentsSettings, asOf: Date): Promise<bigint[]> {
  return db.transaction().execute(async (tx) => {
    const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${lockKey('realtime', new Date(0))}) as ok`.execute(tx);
    if (!locked.rows[0]?.ok) return [];
    // date_bin from 2000-01-01 UTC: five-minute windows fall on the same instants in every zone
    // whose offset is a whole number of five minutes (all of them today).
    const windows = await sql<{ start: Date }>`
      select distinct date_bin('5 minutes', settled_at, timestamptz '2000-01-01T00:00:00Z') as start
      from agents_bet_fact where realtime_run_id is null and settled_at < ${lastWindowEnd(asOf)} order by 1`.execute(tx);
    const runs: bigint[] = [];
    for (const window of windows.rows) runs.push(await settleWindow(tx, settings, new Date(window.start)));
    return runs;
  });
}

interface Accrual {
  contract: repository.ContractInForce;
  base: bigint;
  grossMicro: bigint;
  tierReached: boolean;
}

/**
 * One window: each contracted agent in a fact's snapshotted chain earns base × its rate (the
 * profit or loss rate of the tier its round's stake reaches), paid by its contract's payer; its
 * gross is summed over the window and rounded once, and it pays the agents whose contracts it
 * offered what their lines post (postLines), so the chain together earns base × the top rate.
 */
async function settleWindow(tx: DbExecutor, settings: AgentsSettings, start: Date): Promise<bigint> {
  const end = new Date(start.getTime() + WINDOW_MS);
  const previous = await tx.selectFrom('agents_settlement_run').select(sql<number>`coalesce(max(version), 0)`.as('version')).where('kind', '=', 'realtime').where('period_start', '=', start).executeTakeFirstOrThrow();
  const run = await tx
    .insertInto('agents_settlement_run')
    .values({ kind: 'realtime', period_start: start, period_end: end, version: Number(previous.version) + 1, to_seq: 0n })
    .returning('id')
    .executeTakeFirstOrThrow();
  const facts = await sql<FactRow>`
    update agents_bet_fact set realtime_run_id = ${run.id}
    where realtime_run_id is null and settled_at >= ${start} and settled_at < ${end}
    returning chain::text[] as chain, round_stake::text, member_won, stake::text, valid_bet::text`.execute(tx);
  // The contracts in force at the window's end, as periods are settled with those at theirs.
  const contracts = new Map((await repository.contractsInForce(tx, 'realtime', end)).map((contract) => [contract.agentId.toString(), contract]));
  const accruals = new Map<string, Accrual>();
  for (const fact of facts.rows) {
    const base = BigInt(settings.realtimeBase === 'stake' ? fact.stake : fact.valid_bet);
    if (base === 0n) continue;
    for (const id of fact.chain) {
      const contract = contracts.get(id);
      if (!contract) continue;
      const tier = pickTier('realtime', contract.tiers, { validBet: 0n, loss: 0n, active: 0, singleBet: BigInt(fact.round_stake) });
      const rates = tier === null ? null : contract.tiers[tier]!;
      const ratePpm = rates === null ? 0 : fact.member_won ? rates.profitRate : rates.lossRate;
      const accrual = accruals.get(id) ?? { contract, base: 0n, grossMicro: 0n, tierReached: false };
      accrual.base += base;
      accrual.grossMicro += base * BigInt(ratePpm);
      accrual.tierReached ||= tier !== null;
      accruals.set(id, accrual);
    }
  }
  const maxSeq = await repository.maxFactSeq(tx);
  await tx.updateTable('agents_settlement_run').set({ to_seq: maxSeq }).where('id', '=', run.id).execute();

  const grosses = [...accruals.values()].map((accrual): AgentGross & { amount: bigint; tierReached: boolean } => {
    // A rollback can take more than the window added: nothing is clawed back.
    const gross = accrual.grossMicro > 0n ? accrual.grossMicro / PPM : 0n;
    const { contract } = accrual;
    return {
      agentId: contract.agentId,
      contractId: contract.id,
      payerId: contract.payerId,
      base: accrual.base,
      activeMembers: 0,
      tierIndex: null,
      ratePpm: accrual.base > 0n ? Number(accrual.grossMicro / accrual.base) : 0,
      gross,
      amount: gross,
      tierReached: accrual.tierReached,
    };
  });
  // Top agents first, so an upline has received its own before it pays its downlines.
  const depth = await repository.payersAndDepths(tx, grosses.map((line) => line.agentId));
  const ordered = postLines(grosses).sort((x, y) => (depth.get(x.agentId)?.depth ?? 0) - (depth.get(y.agentId)?.depth ?? 0));
  for (const line of ordered) {
    await tx
      .insertInto('agents_settlement_line')
      .values({
        run_id: run.id,
        kind: 'realtime',
        period_start: start,
        period_end: end,
        agent_id: line.agentId,
        contract_id: line.contractId,
        payer_id: line.payerId,
        base: line.base,
        active_members: 0,
        rate_ppm: line.ratePpm,
        gross: line.gross,
        children_gross: line.childrenGross,
        net: line.net,
        amount: line.amount,
        deficit: line.deficit,
        status: line.amount > 0n ? 'calculated' : 'not_qualified',
        outcome: line.amount > 0n ? null : line.base <= 0n ? 'no_play' : line.tierReached ? 'below_centavo' : 'no_tier',
      })
      .execute();
  }
  return run.id;
}
