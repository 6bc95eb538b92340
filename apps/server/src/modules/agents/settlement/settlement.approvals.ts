import { sql } from 'kysely';
import { SettlementPeriodPayloadSchema, SettlementRerunPayloadSchema, type SettlementRerunResult } from '@app/contracts';
import { AppError, formatCents, parseCents, systemClock, type Clock } from '@app/kernel';
import type { ApprovalKindHandler } from '../../../platform/approval-kinds.ts';
import type { Db } from '../../../platform/db.ts';
import type { AgentsSettings } from '../agents.ports.ts';
import { periodsEnding } from './settlement-periods.ts';
import { findRun, type SettlementRuns } from './settlement-runs.admin.ts';
import * as repository from './settlement.repository.ts';
import type { SettlementService } from './settlement.service.ts';

export const SETTLEMENT_PERIOD_KIND = 'agents.settlement_period';
export const SETTLEMENT_RERUN_KIND = 'agents.settlement_rerun';
/** The longest period (a month) and then some: the period containing an instant ends within this. */
const LONGEST_PERIOD_MS = 40 * 24 * 3_600_000;
/** Re-run calls an approval makes at most (500 lines each) before it reports `more`. */
const MAX_BATCHES = 20;

interface Deps {
  db: Db;
  runs: SettlementRuns;
  settlement: Pick<SettlementService, 'settlePeriod'>;
  settings: () => Promise<AgentsSettings>;
  clock?: Clock;
}

/**
 * Settling an agents' period, and re-running a run's unpaid lines, from the console: each is a
 * request another operator with agents.settle approves. Both are many transactions (the run's
 * lines, then one per payout with its journal), so they run once the approval has committed; both
 * are safe to repeat (a settled period is not settled again, a paid line is never paid twice).
 */
export function settlementApprovalKinds(deps: Deps): ApprovalKindHandler[] {
  const clock = deps.clock ?? systemClock;

  /** Pays the run's unpaid lines in batches, each payout audited with the request's reason. */
  async function payRun(actor: { id: bigint; username: string; ip: string | null }, runId: bigint, input: { lineIds?: string[]; reason: string }) {
    let counts: SettlementRerunResult['counts'] | undefined;
    let paidAmount = 0n;
    let last: SettlementRerunResult | undefined;
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      last = await deps.runs.rerun({ id: actor.id, username: actor.username, ip: actor.ip }, runId, input);
      // Lines paid before and lines that pay nothing are counted by the first call; payouts by each.
      counts = counts ? { ...counts, paid: counts.paid + last.counts.paid, insufficient: counts.insufficient + last.counts.insufficient, error: counts.error + last.counts.error } : last.counts;
      paidAmount += parseCents(last.paidAmount) ?? 0n;
      if (!last.more || input.lineIds || last.counts.paid === 0) break;
    }
    return { run: last!.run, counts: counts!, paidAmount: formatCents(paidAmount), more: last!.more, lines: last!.lines };
  }

  const period: ApprovalKindHandler = {
    kind: SETTLEMENT_PERIOD_KIND,
    permission: 'agents.settle',
    async prepare(input) {
      const { kind, at } = input as { kind: 'hourly' | 'daily' | 'dividend'; at: string };
      const settings = await deps.settings();
      const wallClock = at.length === 10 ? `${at}T00:00` : at;
      const converted = await sql<{ instant: Date | null }>`select (${wallClock}::timestamp at time zone ${settings.timeZone}) as instant`.execute(deps.db).catch(() => ({ rows: [] }));
      const instant = converted.rows[0]?.instant;
      if (!instant) throw new AppError('agents.period_invalid', `not a date and time: ${at}`);
      const found = (await periodsEnding(deps.db, kind, settings.dividendPeriod, settings.timeZone, instant, new Date(instant.getTime() + LONGEST_PERIOD_MS))).find(
        (candidate) => candidate.start.getTime() <= instant.getTime() && instant.getTime() < candidate.end.getTime(),
      );
      if (!found) throw new AppError('agents.period_invalid', `no ${kind} period contains ${at}`);
      if (found.end.getTime() + settings.graceMinutes * 60_000 > clock.now().getTime()) {
        throw new AppError('agents.period_not_ended', `the ${kind} period ${found.start.toISOString()} ends (with its grace) after now`, { periodEnd: found.end.toISOString(), graceMinutes: settings.graceMinutes });
      }
      return { target: `${kind}:${found.start.toISOString()}`, payload: { kind, periodStart: found.start.toISOString(), periodEnd: found.end.toISOString() } };
    },
    async run(payload, actor, request) {
      const { kind, periodStart, periodEnd } = SettlementPeriodPayloadSchema.parse(payload);
      const span = { start: new Date(periodStart), end: new Date(periodEnd) };
      // null: settled before and nothing arrived late (or the worker holds it right now); the last
      // run's unpaid lines are paid all the same.
      const created = await deps.settlement.settlePeriod(kind, span);
      const last = created ?? (await repository.lastRun(deps.db, kind, span))?.id;
      if (last === undefined) return { result: { runId: null, created: false } };
      const paid = await payRun(actor, last, { reason: request.reason });
      return { result: { runId: last.toString(), created: created !== null, version: paid.run.version, counts: paid.counts, paidAmount: paid.paidAmount, more: paid.more } };
    },
  };

  const rerun: ApprovalKindHandler = {
    kind: SETTLEMENT_RERUN_KIND,
    permission: 'agents.settle',
    async prepare(input) {
      const { runId, lineIds } = input as { runId: string; lineIds?: string[] };
      const run = await findRun(deps.db, BigInt(runId));
      const named = lineIds ? [...new Set(lineIds)] : null;
      if (named) {
        const found = await deps.db.selectFrom('agents_settlement_line').select('id').where('run_id', '=', BigInt(runId)).where('id', 'in', named.map((id) => BigInt(id))).execute();
        const known = new Set(found.map((line) => line.id.toString()));
        const missing = named.filter((id) => !known.has(id));
        if (missing.length > 0) throw new AppError('agents.line_not_in_run', 'some lines are not in this run', { lineIds: missing });
      }
      return { target: `run:${run.id}`, payload: { runId: run.id, kind: run.kind, periodStart: run.periodStart, periodEnd: run.periodEnd, lineIds: named } };
    },
    async run(payload, actor, request) {
      const { runId, lineIds } = SettlementRerunPayloadSchema.parse(payload);
      const result = await payRun(actor, BigInt(runId), { ...(lineIds ? { lineIds } : {}), reason: request.reason });
      return { result: { ...result } };
    },
  };

  return [period, rerun];
}
