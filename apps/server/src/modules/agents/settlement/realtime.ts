import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import { pickTier } from '../contracts/contract-tiers.ts';
import type { AgentsSettings } from '../agents.ports.ts';
import { PPM, realtimeShares } from './differential.ts';
import * as repository from './settlement.repository.ts';
import { lockKey } from './settlement-periods.ts';

const WINDOW_MS = 5 * 60_000;

interface FactRow {
  chain: string[];
  round_stake: string;
  member_won: boolean;
  stake: string;
  valid_bet: string;
}

/**
 * Real-time salary (docs/agent-commissions.md): every fact not taken yet is marked with this run,
 * and each contracted agent in its snapshotted chain earns base × (its rate − the rate below it):
 * it is paid base × its rate by its payer and pays the agents below it theirs,
 * the rate being the profit or loss rate of the tier its round's stake reaches. Lines are summed
 * per agent and payer and rounded once. Answers the run id, or null when there was nothing to do.
 */
export async function settleRealtimeWindow(db: Db, settings: AgentsSettings, asOf: Date): Promise<bigint | null> {
  return db.transaction().execute(async (tx) => {
    const periodStart = new Date(Math.floor(asOf.getTime() / WINDOW_MS) * WINDOW_MS);
    const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${lockKey('realtime', new Date(0))}) as ok`.execute(tx);
    if (!locked.rows[0]?.ok) return null;
    const previous = await tx.selectFrom('agents_settlement_run').select(sql<number>`coalesce(max(version), 0)`.as('version')).where('kind', '=', 'realtime').where('period_start', '=', periodStart).executeTakeFirstOrThrow();
    const run = await tx
      .insertInto('agents_settlement_run')
      .values({ kind: 'realtime', period_start: periodStart, period_end: new Date(periodStart.getTime() + WINDOW_MS), version: Number(previous.version) + 1, to_seq: 0n })
      .returning('id')
      .executeTakeFirstOrThrow();
    const facts = await sql<FactRow>`
      update agents_bet_fact set realtime_run_id = ${run.id}
      where realtime_run_id is null and settled_at <= ${asOf}
      returning chain::text[] as chain, round_stake::text, member_won, stake::text, valid_bet::text`.execute(tx);
    const contracts = new Map((await repository.contractsInForce(tx, 'realtime', asOf)).map((contract) => [contract.agentId.toString(), contract]));
    const lines = new Map<string, { agentId: bigint; payerId: bigint | null; contractId: bigint; base: bigint; grossMicro: bigint; netMicro: bigint }>();
    for (const fact of facts.rows) {
      const base = BigInt(settings.realtimeBase === 'stake' ? fact.stake : fact.valid_bet);
      if (base === 0n || fact.chain.length === 0) continue;
      const chain = fact.chain.map((id) => {
        const contract = contracts.get(id);
        if (!contract) return { agentId: BigInt(id), ratePpm: null };
        const tier = pickTier('realtime', contract.tiers, { validBet: 0n, loss: 0n, active: 0, singleBet: BigInt(fact.round_stake) });
        const rates = tier === null ? null : contract.tiers[tier]!;
        return { agentId: BigInt(id), ratePpm: rates === null ? 0 : fact.member_won ? rates.profitRate : rates.lossRate };
      });
      for (const share of realtimeShares(base, chain)) {
        const key = `${share.agentId}:${share.payerId ?? 0}`;
        const line = lines.get(key) ?? { agentId: share.agentId, payerId: share.payerId, contractId: contracts.get(share.agentId.toString())!.id, base: 0n, grossMicro: 0n, netMicro: 0n };
        line.base += base;
        line.grossMicro += share.grossMicro;
        line.netMicro += share.netMicro;
        lines.set(key, line);
      }
    }
    const maxSeq = await repository.maxFactSeq(tx);
    await tx.updateTable('agents_settlement_run').set({ to_seq: maxSeq }).where('id', '=', run.id).execute();
    // Top agents first, so an upline has received its own before it pays its downlines.
    const depth = await repository.payersAndDepths(tx, [...new Set([...lines.values()].map((line) => line.agentId))]);
    const ordered = [...lines.values()].sort((x, y) => (depth.get(x.agentId)?.depth ?? 0) - (depth.get(y.agentId)?.depth ?? 0));
    for (const line of ordered) {
      const gross = line.grossMicro > 0n ? line.grossMicro / PPM : 0n;
      const net = line.netMicro > 0n ? line.netMicro / PPM : 0n;
      await tx
        .insertInto('agents_settlement_line')
        .values({
          run_id: run.id,
          kind: 'realtime',
          period_start: periodStart,
          period_end: new Date(periodStart.getTime() + WINDOW_MS),
          agent_id: line.agentId,
          contract_id: line.contractId,
          payer_id: line.payerId,
          base: line.base,
          active_members: 0,
          rate_ppm: line.base > 0n ? Number(line.grossMicro / line.base) : 0,
          gross,
          children_gross: gross - net,
          net,
          amount: gross,
          deficit: line.netMicro < 0n ? -line.netMicro / PPM : 0n,
          status: gross > 0n ? 'calculated' : 'not_qualified',
        })
        .execute();
    }
    return run.id;
  });
}
