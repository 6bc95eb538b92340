import { sql } from 'kysely';
import type {
  OperatorSettlementLine,
  SettlementRerun,
  SettlementRerunOutcome,
  SettlementRerunResult,
  SettlementRun,
  SettlementRunDetail,
  SettlementRunLinesQuery,
  SettlementRunPage,
  SettlementRunQuery,
} from '@app/contracts';
import { AppError, formatCents, isAppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { SettlementLineStatus } from '../agents.tables.ts';
import type { AuditEntry } from '../../backoffice/index.ts';
import type { OperatorActor } from '../contracts/contracts.deps.ts';
import { LINE_COLUMNS, toWireLine } from './settlement-reports.ts';
import type { SettlementService } from './settlement.service.ts';

/**
 * Settlement runs as the console shows them (issue 11 "Agents"): each run with its results from
 * its lines, a run's lines with their payment attempts and journals, and the re-run, which pays
 * the run's lines that are not paid through the same path as the worker (settlement.service
 * payLine: the line locked, paid only if calculated or insufficient, the journal and the status in
 * one transaction), each change audited in that transaction.
 */
export interface SettlementRunsDeps {
  db: Db;
  settlement: Pick<SettlementService, 'payLine'>;
  audit: (executor: DbExecutor, entry: AuditEntry) => Promise<void>;
}

const UNPAID = ['calculated', 'insufficient'] as const;
/** Lines a re-run of a whole run pays per call (`more` says to call again); a request names at most as many. */
const BATCH = 500;

interface RunRow {
  id: bigint;
  kind: SettlementRun['kind'];
  period_start: Date;
  period_end: Date;
  version: number;
  created_at: Date;
}

interface RunFigures {
  lines: number;
  paid: number;
  calculated: number;
  insufficient: number;
  not_qualified: number;
  total_paid: string;
  total_due: string;
  attempts: number;
}

const NO_FIGURES: RunFigures = { lines: 0, paid: 0, calculated: 0, insufficient: 0, not_qualified: 0, total_paid: '0', total_due: '0', attempts: 0 };

async function figuresOf(db: DbExecutor, runIds: readonly bigint[]): Promise<Map<string, RunFigures>> {
  const result = await sql<RunFigures & { run_id: string }>`
    select run_id::text, count(*)::int as lines,
      (count(*) filter (where status = 'paid'))::int as paid,
      (count(*) filter (where status = 'calculated'))::int as calculated,
      (count(*) filter (where status = 'insufficient'))::int as insufficient,
      (count(*) filter (where status = 'not_qualified'))::int as not_qualified,
      coalesce(sum(amount) filter (where status = 'paid'), 0)::text as total_paid,
      coalesce(sum(amount) filter (where status in ('calculated', 'insufficient')), 0)::text as total_due,
      coalesce(sum(attempts), 0)::int as attempts
    from agents_settlement_line where run_id = any(${runIds.map(String)}::bigint[]) group by run_id`.execute(db);
  return new Map(result.rows.map((row) => [row.run_id, row]));
}

function toWireRun(run: RunRow, figures: RunFigures = NO_FIGURES): SettlementRun {
  return {
    id: run.id.toString(),
    kind: run.kind,
    periodStart: run.period_start.toISOString(),
    periodEnd: run.period_end.toISOString(),
    version: run.version,
    createdAt: run.created_at.toISOString(),
    status: figures.insufficient > 0 ? 'failed' : figures.calculated > 0 ? 'pending' : 'complete',
    lines: figures.lines,
    paidLines: figures.paid,
    pendingLines: figures.calculated,
    failedLines: figures.insufficient,
    notQualifiedLines: figures.not_qualified,
    totalPaid: formatCents(BigInt(figures.total_paid)),
    totalDue: formatCents(BigInt(figures.total_due)),
    attempts: figures.attempts,
  };
}

const RUN_COLUMNS = ['r.id', 'r.kind', 'r.period_start', 'r.period_end', 'r.version', 'r.created_at'] as const;

export async function findRun(db: DbExecutor, runId: bigint): Promise<SettlementRun> {
  const run = await db.selectFrom('agents_settlement_run as r').select(RUN_COLUMNS).where('r.id', '=', runId).executeTakeFirst();
  if (!run) throw new AppError('agents.run_not_found', 'no such settlement run');
  return toWireRun(run, (await figuresOf(db, [run.id])).get(run.id.toString()));
}

export function createSettlementRuns(deps: SettlementRunsDeps) {
  const { db } = deps;
  const unpaidRuns = (statuses: readonly SettlementLineStatus[]) => db.selectFrom('agents_settlement_line').select('run_id').where('status', 'in', [...statuses]);

  return {
    /** Runs newest first with their results; `status` is the run's state from its lines. */
    async list(query: SettlementRunQuery): Promise<SettlementRunPage> {
      const base = db
        .selectFrom('agents_settlement_run as r')
        .$if(query.kind !== undefined, (q) => q.where('r.kind', '=', query.kind!))
        .$if(query.includeEmpty !== 'true', (q) => q.where((eb) => eb.exists(eb.selectFrom('agents_settlement_line as l').select('l.id').whereRef('l.run_id', '=', 'r.id'))))
        .$if(query.status === 'failed', (q) => q.where('r.id', 'in', unpaidRuns(['insufficient'])))
        .$if(query.status === 'pending', (q) => q.where('r.id', 'in', unpaidRuns(['calculated'])).where('r.id', 'not in', unpaidRuns(['insufficient'])))
        .$if(query.status === 'complete', (q) => q.where('r.id', 'not in', unpaidRuns(UNPAID)));
      const [runs, count] = await Promise.all([
        base.select(RUN_COLUMNS).orderBy('r.id', 'desc').limit(query.pageSize).offset((query.pageNo - 1) * query.pageSize).execute(),
        base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const figures = await figuresOf(db, runs.map((run) => run.id));
      return { content: runs.map((run) => toWireRun(run, figures.get(run.id.toString()))), total: Number(count.n) };
    },

    /** One run and a page of its lines (in payment order: top agents first). */
    async detail(runId: bigint, query: SettlementRunLinesQuery): Promise<SettlementRunDetail> {
      const run = await findRun(db, runId);
      const lines = db
        .selectFrom('agents_settlement_line as l')
        .where('l.run_id', '=', runId)
        .$if(query.status !== undefined, (q) => q.where('l.status', '=', query.status!));
      const [rows, count] = await Promise.all([
        lines
          .innerJoin('agents_settlement_run as r', 'r.id', 'l.run_id')
          .innerJoin('accounts_v_member as a', 'a.id', 'l.agent_id')
          .leftJoin('accounts_v_member as p', 'p.id', 'l.payer_id')
          .select([...LINE_COLUMNS, 'l.run_id', 'l.deficit', 'l.attempts', 'l.journal_key', 'l.paid_at'])
          .orderBy('l.id')
          .limit(query.pageSize)
          .offset((query.pageNo - 1) * query.pageSize)
          .execute(),
        lines.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        run,
        total: Number(count.n),
        lines: rows.map(
          (row): OperatorSettlementLine => ({
            ...toWireLine(row),
            runId: row.run_id.toString(),
            deficit: formatCents(row.deficit),
            attempts: row.attempts,
            journalKey: row.journal_key,
            paidAt: row.paid_at?.toISOString() ?? null,
          }),
        ),
      };
    },

    /**
     * Pays the run's lines that are not paid (or only `lineIds`, which must all be the run's), top
     * agents first. A paid line is left alone, so a replay, or a re-run of a complete run, pays
     * nothing; a payer still short of money leaves its line insufficient for the next try.
     */
    async rerun(operator: OperatorActor, runId: bigint, input: SettlementRerun): Promise<SettlementRerunResult> {
      const before = await findRun(db, runId);
      const named = input.lineIds ? [...new Set(input.lineIds)].map((id) => BigInt(id)) : undefined;
      const selected = db
        .selectFrom('agents_settlement_line as l')
        .innerJoin('accounts_v_member as a', 'a.id', 'l.agent_id')
        .select(['l.id', 'l.status', 'l.amount', 'a.account'])
        .where('l.run_id', '=', runId)
        .orderBy('l.id');
      // Named lines are answered one by one; the whole run takes its unpaid lines, a batch per call.
      const lines = named ? await selected.where('l.id', 'in', named).execute() : await selected.where('l.status', 'in', [...UNPAID]).limit(BATCH + 1).execute();
      if (named && lines.length !== named.length) {
        const found = new Set(lines.map((line) => line.id));
        throw new AppError('agents.line_not_in_run', 'some lines are not in this run', { lineIds: named.filter((id) => !found.has(id)).map(String) });
      }
      const more = !named && lines.length > BATCH;
      if (more) lines.length = BATCH;

      const counts: Record<SettlementRerunOutcome, number> = { paid: 0, insufficient: 0, already_paid: named ? 0 : before.paidLines, not_payable: named ? 0 : before.notQualifiedLines, error: 0 };
      let paidAmount = 0n;
      const results: SettlementRerunResult['lines'] = [];
      for (const line of lines) {
        let outcome: SettlementRerunOutcome;
        let journalKey: string | null = null;
        let error: string | null = null;
        if (line.status === 'paid') outcome = 'already_paid';
        else if (line.status === 'not_qualified') outcome = 'not_payable';
        else {
          try {
            const paid = await deps.settlement.payLine(line.id, async (tx, change) => {
              journalKey = change.journalKey;
              await deps.audit(tx, {
                operatorId: operator.id,
                action: change.status === 'paid' ? 'agents.settlement.line_paid' : 'agents.settlement.line_insufficient',
                targetType: 'agents_settlement_line',
                targetId: line.id.toString(),
                details: {
                  runId: runId.toString(),
                  agent: line.account,
                  amount: formatCents(change.line.amount),
                  before: { status: change.line.status, attempts: change.line.attempts },
                  after: { status: change.status, attempts: change.attempts, journalKey: change.journalKey },
                  reason: input.reason,
                },
                ip: operator.ip,
              });
            });
            // Skipped: another run (the worker, another operator) took the line first.
            outcome = paid === 'skipped' ? await settledMeanwhile(db, line.id) : paid;
          } catch (failure) {
            if (!isAppError(failure)) throw failure;
            outcome = 'error';
            error = failure.code;
          }
        }
        counts[outcome] += 1;
        if (outcome === 'paid') paidAmount += line.amount;
        const after = await db.selectFrom('agents_settlement_line').select(['status', 'journal_key']).where('id', '=', line.id).executeTakeFirstOrThrow();
        results.push({ id: line.id.toString(), agent: line.account, amount: formatCents(line.amount), before: line.status, after: after.status, outcome, journalKey: journalKey ?? after.journal_key, error });
      }

      await deps.audit(db, {
        operatorId: operator.id,
        action: 'agents.settlement.rerun',
        targetType: 'agents_settlement_run',
        targetId: runId.toString(),
        details: { lineIds: named?.map(String) ?? null, counts, paidAmount: formatCents(paidAmount), more, reason: input.reason },
        ip: operator.ip,
      });
      return { run: await findRun(db, runId), counts, paidAmount: formatCents(paidAmount), more, lines: results };
    },
  };
}

async function settledMeanwhile(db: DbExecutor, lineId: bigint): Promise<SettlementRerunOutcome> {
  const row = await db.selectFrom('agents_settlement_line').select('status').where('id', '=', lineId).executeTakeFirstOrThrow();
  return row.status === 'paid' ? 'already_paid' : row.status === 'not_qualified' ? 'not_payable' : 'insufficient';
}

export type SettlementRuns = ReturnType<typeof createSettlementRuns>;
