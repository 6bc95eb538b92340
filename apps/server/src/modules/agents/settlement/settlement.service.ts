import { sql, type Selectable } from 'kysely';
import { isAppError, parseCents, systemClock, type Clock } from '@app/kernel';
import type { ContractKind } from '@app/contracts';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { pickTier } from '../contracts/contract-tiers.ts';
import type { AgentsSettings, CommissionWallet } from '../agents.ports.ts';
import type { AgentsSettlementLineTable } from '../agents.tables.ts';
import { runRollup } from '../rollup.ts';
import { grossOf, outcomeOf, postLines, type AgentGross } from './differential.ts';
import * as repository from './settlement.repository.ts';
import { lockKey, periodsEnding, type Period } from './settlement-periods.ts';
import { settleRealtimeWindows } from './realtime.ts';

type PeriodKind = Exclude<ContractKind, 'realtime'>;
/** A contracted agent's period figures, with its team's stake − payout (why a dividend pays nothing). */
type PeriodLine = AgentGross & { teamResult: bigint };
const PERIOD_KINDS: readonly PeriodKind[] = ['hourly', 'daily', 'dividend'];
/** How far back a run looks for periods not settled yet or with late facts. */
const LOOKBACK_MS: Record<PeriodKind, number> = { hourly: 2 * 86_400_000, daily: 7 * 86_400_000, dividend: 62 * 86_400_000 };

/** A line's status change by a payout attempt, as its transaction sees it (`line` is the row before). */
export interface LineChange {
  line: Selectable<AgentsSettlementLineTable>;
  status: 'paid' | 'insufficient';
  attempts: number;
  journalKey: string | null;
}

export interface SettlementDeps {
  db: Db;
  logger: Logger;
  settings: () => Promise<AgentsSettings>;
  wallet: CommissionWallet;
  clock?: Clock;
}

/**
 * Settlement runs (docs/agent-commissions.md "Settlement"): each due period of each enabled kind
 * once its grace has passed, a delta run (version + 1) when facts of a settled period arrived
 * after it, and real-time windows every five minutes. Lines are written in one transaction per
 * run; each payout then posts with its line's status in its own transaction, top agents first.
 */
export function createSettlementService(deps: SettlementDeps) {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger.child({ module: 'agents.settlement' });

  async function computeLines(tx: DbExecutor, kind: PeriodKind, period: Period, settings: AgentsSettings): Promise<{ lines: PeriodLine[]; depth: Map<bigint, number> }> {
    const contracts = await repository.contractsInForce(tx, kind, period.end);
    if (contracts.length === 0) return { lines: [], depth: new Map() };
    const agents = contracts.map((contract) => contract.agentId);
    const threshold = parseCents(settings.activeMemberValidBet) ?? 0n;
    const [payers, play, active, wages] = await Promise.all([
      repository.payersAndDepths(tx, agents),
      repository.teamPlayIn(tx, agents, period, kind === 'hourly', settings.timeZone),
      kind === 'hourly' ? Promise.resolve(new Map<bigint, number>()) : repository.activeCounts(tx, agents, period, settings.timeZone, threshold),
      kind === 'dividend' ? repository.wagesPaidToTeams(tx, agents, period) : Promise.resolve(new Map<bigint, bigint>()),
    ]);
    const lines = contracts.map((contract): PeriodLine => {
      const team = play.get(contract.agentId) ?? { stake: 0n, payout: 0n, validBet: 0n };
      const loss = team.stake - team.payout - (wages.get(contract.agentId) ?? 0n);
      const activeMembers = active.get(contract.agentId) ?? 0;
      const tierIndex = pickTier(kind, contract.tiers, { validBet: team.validBet, loss, active: activeMembers, singleBet: 0n });
      const ratePpm = tierIndex === null ? 0 : contract.tiers[tierIndex]!.rate;
      const base = kind === 'dividend' ? (loss > 0n ? loss : 0n) : team.validBet;
      // The contract's payer (its offering upline, or the platform for a grant), not the tree's.
      return { agentId: contract.agentId, contractId: contract.id, payerId: contract.payerId, base, activeMembers, tierIndex, ratePpm, gross: grossOf(base, ratePpm), teamResult: team.stake - team.payout };
    });
    return { lines, depth: new Map([...payers].map(([id, value]) => [id, value.depth])) };
  }

  /** Settles one period of one kind (version 1, or a delta version); answers the run id or null. */
  async function settlePeriod(kind: PeriodKind, period: Period): Promise<bigint | null> {
    const settings = await deps.settings();
    await runRollup(deps.db, settings.timeZone, parseCents(settings.activeMemberValidBet) ?? 0n);
    return deps.db.transaction().execute(async (tx) => {
      const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${lockKey(kind, period.start)}) as ok`.execute(tx);
      if (!locked.rows[0]?.ok) return null;
      const previous = await repository.lastRun(tx, kind, period);
      if (previous && !previous.hasLateFacts) return null;
      const version = (previous?.version ?? 0) + 1;
      const toSeq = await repository.maxFactSeq(tx);
      const { lines, depth } = await computeLines(tx, kind, period, settings);
      const posted = previous ? await repository.postedBefore(tx, kind, period.start) : new Map<bigint, { amount: bigint; base: bigint }>();
      const run = await tx
        .insertInto('agents_settlement_run')
        .values({ kind, period_start: period.start, period_end: period.end, version, from_seq: 0n, to_seq: toSeq })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Each agent is paid by its payer and pays the agents whose contracts it offered, so it keeps
      // its net. A delta version's line shows only what it adds: the base the late bets added,
      // the gross its earlier versions did not pay, and what it paid down in this run.
      const owed = lines.map((line) => {
        const before = posted.get(line.agentId);
        const amount = before ? (line.gross > before.amount ? line.gross - before.amount : 0n) : line.gross;
        return { ...line, fullGross: line.gross, base: before ? line.base - before.base : line.base, gross: before ? amount : line.gross, amount };
      });
      const ordered = postLines(owed).sort((a, b) => (depth.get(a.agentId) ?? 0) - (depth.get(b.agentId) ?? 0));
      let written = 0;
      for (const line of ordered) {
        // A delta line that changes nothing is not written, unless the agent has no line in the
        // period yet (a contract in force at the period's end made after the first run).
        if (posted.has(line.agentId) && line.amount === 0n && line.childrenGross === 0n) continue;
        written += 1;
        await tx
          .insertInto('agents_settlement_line')
          .values({
            run_id: run.id,
            kind,
            period_start: period.start,
            period_end: period.end,
            agent_id: line.agentId,
            contract_id: line.contractId,
            payer_id: line.payerId,
            base: line.base,
            active_members: line.activeMembers,
            tier_index: line.tierIndex,
            rate_ppm: line.ratePpm,
            gross: line.gross,
            children_gross: line.childrenGross,
            net: line.net,
            amount: line.amount,
            deficit: line.deficit,
            status: line.amount > 0n ? 'calculated' : 'not_qualified',
            outcome: outcomeOf({ kind, teamResult: line.teamResult, base: line.base + (posted.get(line.agentId)?.base ?? 0n), tierIndex: line.tierIndex, gross: line.fullGross, amount: line.amount }),
          })
          .execute();
      }
      logger.info({ kind, start: period.start, version, lines: written }, 'settlement run');
      return run.id;
    });
  }

  /**
   * Pays one line: the payer's (or the platform's) money to the agent, with the line's status.
   * Only a calculated or insufficient line is paid (locked, so a paid line is never paid twice);
   * `onChange` runs in the same transaction as the change (the console's audit row).
   */
  async function payLine(lineId: bigint, onChange?: (tx: DbExecutor, change: LineChange) => Promise<void>): Promise<'paid' | 'insufficient' | 'skipped'> {
    return deps.db.transaction().execute(async (tx) => {
      const line = await tx.selectFrom('agents_settlement_line').selectAll().where('id', '=', lineId).forUpdate().executeTakeFirst();
      if (!line || (line.status !== 'calculated' && line.status !== 'insufficient')) return 'skipped';
      const attempt = line.attempts + 1;
      const key = `commission:${line.id}:${attempt}`;
      try {
        await deps.wallet.payCommission(tx, { key, agentId: line.agent_id, payerId: line.payer_id, amount: line.amount, reference: `${line.kind} ${line.period_start.toISOString()}` });
      } catch (error) {
        if (!isAppError(error) || error.code !== 'wallet.insufficient_funds') throw error;
        await tx.updateTable('agents_settlement_line').set({ status: 'insufficient', attempts: attempt }).where('id', '=', line.id).execute();
        await onChange?.(tx, { line, status: 'insufficient', attempts: attempt, journalKey: null });
        return 'insufficient';
      }
      await tx.updateTable('agents_settlement_line').set({ status: 'paid', attempts: attempt, journal_key: key, paid_at: clock.now() }).where('id', '=', line.id).execute();
      await onChange?.(tx, { line, status: 'paid', attempts: attempt, journalKey: key });
      return 'paid';
    });
  }

  /** Every line waiting for money, oldest run first and top agents first within a run. */
  async function payPending(): Promise<{ paid: number; insufficient: number }> {
    const lines = await deps.db.selectFrom('agents_settlement_line').select('id').where('status', 'in', ['calculated', 'insufficient']).orderBy('run_id').orderBy('id').limit(10_000).execute();
    const counts = { paid: 0, insufficient: 0 };
    for (const line of lines) {
      const outcome = await payLine(line.id);
      if (outcome !== 'skipped') counts[outcome] += 1;
    }
    return counts;
  }

  return {
    settlePeriod,
    payPending,
    payLine,

    /** Every enabled kind: due periods (ended + grace ≤ asOf) within the lookback, then payouts. */
    async settleDue(asOf: Date = clock.now(), kinds: readonly PeriodKind[] = PERIOD_KINDS): Promise<{ runs: number; paid: number; insufficient: number }> {
      const settings = await deps.settings();
      let runs = 0;
      const until = new Date(asOf.getTime() - settings.graceMinutes * 60_000);
      for (const kind of PERIOD_KINDS) {
        if (!settings.contracts[kind] || !kinds.includes(kind)) continue;
        const periods = await periodsEnding(deps.db, kind, settings.dividendPeriod, settings.timeZone, new Date(until.getTime() - LOOKBACK_MS[kind]), until);
        for (const period of periods) if ((await settlePeriod(kind, period)) !== null) runs += 1;
      }
      return { runs, ...(await payPending()) };
    },

    /** Real-time salary (spec §4: every five minutes): each ended window with facts not taken yet, then payouts. */
    async settleRealtime(asOf: Date = clock.now()): Promise<{ runs: number; paid: number; insufficient: number }> {
      const settings = await deps.settings();
      if (!settings.contracts.realtime) return { runs: 0, paid: 0, insufficient: 0 };
      const runs = await settleRealtimeWindows(deps.db, settings, asOf);
      return { runs: runs.length, ...(await payPending()) };
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
