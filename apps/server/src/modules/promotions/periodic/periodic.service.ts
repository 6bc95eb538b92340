import { sql } from 'kysely';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { PeriodicConfig, PeriodicConfigInput, PeriodicRun } from '@app/contracts';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import * as definitions from '../definitions.repository.ts';
import type { PromotionRow } from '../definitions.repository.ts';
import type { OperatorActor, PromotionsPorts } from '../promotions.ports.ts';
import { runBatch, type PeriodContext } from './periodic.compute.ts';
import * as repository from './periodic.repository.ts';
import type { PeriodicKind, RunRow } from './periodic.repository.ts';

/** Members per batch (one transaction each). */
export const DEFAULT_BATCH_SIZE = 5_000;
/** How far back the schedule looks for periods without a finished run (a worker that was down catches up). */
const REBATE_LOOKBACK_DAYS = 7;
const CASHBACK_LOOKBACK_WEEKS = 2;

export interface PeriodicDeps {
  db: Db;
  ports: PromotionsPorts;
  /** The site's time zone (settings locale.timeZone): the calendar of days and weeks. */
  timeZone: () => Promise<string>;
  batchSize?: number;
  /** Tests: called after each committed batch (a throw there stops the run, as a crash would). */
  afterBatch?: (runId: bigint, batch: number) => Promise<void> | void;
}

type Field = { path: string; message: string };
function invalid(fields: Field[]): never {
  throw new AppError('validation.failed', fields.map((field) => `${field.path}: ${field.message}`).join('; '), { fields });
}

function isPeriodic(type: PromotionRow['type']): type is PeriodicKind {
  return type === 'rebate' || type === 'cashback';
}

/**
 * Periodic rewards: a rebate or cashback promotion's rule (operators, audited), the runs that
 * compute a period in batches and issue each member's reward into the reward centre, and the
 * schedule that runs every period without a finished run. The member claims the reward there,
 * where the promotion's budget and the member's cap hold (a period's rewards are never paid
 * automatically).
 */
export function createPeriodicService(deps: PeriodicDeps) {
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;

  async function periodicPromotion(db: DbExecutor, id: bigint): Promise<PromotionRow & { type: PeriodicKind }> {
    const promotion = await definitions.findPromotion(db, id);
    if (!promotion) throw new AppError('promotions.not_found', `no promotion ${id}`);
    if (!isPeriodic(promotion.type)) throw new AppError('promotions.wrong_type', 'only rebate and cashback promotions have periodic rewards');
    return promotion as PromotionRow & { type: PeriodicKind };
  }

  /**
   * The period starting on `periodFrom` (a day, or a Monday for cashback), its instants in the
   * site's time zone clipped to the promotion's window; refused when it has not ended yet or lies
   * outside the promotion.
   */
  async function periodOf(db: DbExecutor, promotion: PromotionRow & { type: PeriodicKind }, periodFrom: string, timeZone: string) {
    const days = promotion.type === 'cashback' ? 7 : 1;
    const result = await sql<{ period_to: string; dow: number; from_ts: Date; to_ts: Date; over: boolean }>`
      select to_char(${periodFrom}::date + ${days - 1}::int, 'YYYY-MM-DD') as period_to, extract(isodow from ${periodFrom}::date)::int as dow,
        (${periodFrom}::date::timestamp at time zone ${timeZone}) as from_ts,
        ((${periodFrom}::date + ${days}::int)::timestamp at time zone ${timeZone}) as to_ts,
        ((${periodFrom}::date + ${days}::int)::timestamp at time zone ${timeZone}) <= now() as over`.execute(db);
    const row = result.rows[0]!;
    if (promotion.type === 'cashback' && row.dow !== 1) throw new AppError('promotions.period_invalid', `${periodFrom} is not a Monday`);
    if (!row.over) throw new AppError('promotions.period_invalid', `the period starting ${periodFrom} has not ended`);
    const from = row.from_ts > promotion.startsAt ? row.from_ts : promotion.startsAt;
    const to = promotion.endsAt && promotion.endsAt < row.to_ts ? promotion.endsAt : row.to_ts;
    if (from >= to) throw new AppError('promotions.period_invalid', `the period starting ${periodFrom} is outside the promotion`);
    return { periodTo: row.period_to, from, to };
  }

  /** Opens a run (with the operator's audit row in the same transaction) and fixes what it computes. */
  async function open(promotionId: bigint, periodFrom: string, by: OperatorActor | 'schedule'): Promise<PeriodContext & { run: RunRow }> {
    const timeZone = await deps.timeZone();
    return deps.db.transaction().execute(async (tx) => {
      const promotion = await periodicPromotion(tx, promotionId);
      const config = await repository.findConfig(tx, promotionId);
      if (!config || config.config.kind !== promotion.type) throw new AppError('promotions.periodic_unconfigured', 'save the rebate or cashback rule first');
      const period = await periodOf(tx, promotion, periodFrom, timeZone);
      const run = await repository.openRun(tx, { promotionId, kind: promotion.type, periodFrom, periodTo: period.periodTo, startedBy: by === 'schedule' ? 'schedule' : by.username });
      if (!run) throw new AppError('promotions.run_in_progress', `a run of ${periodFrom} is in progress`);
      if (by !== 'schedule') {
        await deps.ports.audit(tx, { operatorId: by.id, action: 'promotions.periodic_run', targetType: 'promotions_promotion', targetId: promotionId.toString(), ip: by.ip, details: { runId: run.id.toString(), periodFrom, periodTo: period.periodTo } });
      }
      const reward = promotion.reward;
      return {
        run,
        runId: run.id,
        promotionId,
        kind: promotion.type,
        periodFrom,
        from: period.from,
        to: period.to,
        maxPerMember: parseCents(reward.amount) ?? 0n,
        claimDays: promotion.rewardExpiryDays,
        reward: reward.kind === 'bonus' ? { kind: 'bonus', wageringMultiple: reward.wageringMultiple.toFixed(2), expiryDays: reward.expiryDays } : { kind: 'cash', wageringMultiple: null, expiryDays: null },
      };
    });
  }

  /** Works the run's batches to the end; a failure closes the run as failed (its committed batches stay). */
  async function work(context: PeriodContext): Promise<RunRow> {
    let cursor = 0n;
    let batch = 0;
    try {
      for (;;) {
        const outcome = await deps.db.transaction().execute((tx) => runBatch(tx, context, cursor, batchSize));
        if (outcome.lastMemberId === null) break;
        cursor = outcome.lastMemberId;
        batch += 1;
        await deps.afterBatch?.(context.runId, batch);
      }
      await repository.closeRun(deps.db, context.runId, { status: 'finished' });
    } catch (error) {
      await repository.closeRun(deps.db, context.runId, { status: 'failed', error: error instanceof Error ? error.message : String(error) }).catch(() => undefined);
      throw error;
    }
    return (await repository.findRun(deps.db, context.runId))!;
  }

  /** Runs one period to the end (the schedule, tests, the bench). */
  async function runPeriod(promotionId: bigint, periodFrom: string, by: OperatorActor | 'schedule'): Promise<RunRow> {
    return work(await open(promotionId, periodFrom, by));
  }

  async function configView(promotionId: bigint): Promise<PeriodicConfig> {
    const [stored, timeZone] = await Promise.all([repository.findConfig(deps.db, promotionId), deps.timeZone()]);
    return { promotionId: promotionId.toString(), config: stored?.config ?? null, timeZone, updatedAt: stored?.updatedAt.toISOString() ?? null, updatedBy: stored?.updatedBy ?? null };
  }

  return {
    async config(promotionId: bigint): Promise<PeriodicConfig> {
      await periodicPromotion(deps.db, promotionId);
      return configView(promotionId);
    },

    async saveConfig(promotionId: bigint, input: PeriodicConfigInput, actor: OperatorActor): Promise<PeriodicConfig> {
      await deps.db.transaction().execute(async (tx) => {
        const promotion = await periodicPromotion(tx, promotionId);
        if (promotion.type !== input.kind) invalid([{ path: 'kind', message: `must be ${promotion.type} for this promotion` }]);
        if (input.kind === 'rebate') {
          const seen = new Set<string>();
          input.rates.forEach((rate, index) => {
            const key = `${rate.vipLevel}:${rate.productType}`;
            if (seen.has(key)) invalid([{ path: `rates.${index}`, message: 'a second rate for this VIP level and product type' }]);
            seen.add(key);
          });
        }
        const before = await repository.findConfig(tx, promotionId);
        await repository.saveConfig(tx, promotionId, input, input.kind === 'cashback' ? (parseCents(input.minNetLoss) ?? 0n) : null, actor.username);
        await deps.ports.audit(tx, {
          operatorId: actor.id,
          action: 'promotions.periodic_config',
          targetType: 'promotions_promotion',
          targetId: promotionId.toString(),
          ip: actor.ip,
          details: { before: before?.config ?? null, after: (await repository.findConfig(tx, promotionId))!.config },
        });
      });
      return configView(promotionId);
    },

    async runs(promotionId?: bigint): Promise<PeriodicRun[]> {
      return (await repository.listRuns(deps.db, { promotionId, limit: 200 })).map(toRunView);
    },

    runPeriod,

    /**
     * An operator's run or re-run of a period: opened (and audited) now, worked in the
     * background; the console follows it in the runs list. Idempotent: members already rewarded
     * for the period are skipped.
     */
    async startRun(promotionId: bigint, periodFrom: string, actor: OperatorActor, onError?: (error: unknown, runId: bigint) => void): Promise<PeriodicRun> {
      const context = await open(promotionId, periodFrom, actor);
      void work(context).catch((error: unknown) => onError?.(error, context.runId));
      return toRunView(context.run);
    },

    /** The schedule: every active rebate and cashback promotion's recent periods without a finished run. */
    async runDue(logger?: Logger): Promise<number> {
      const timeZone = await deps.timeZone();
      const candidates = await sql<{ id: bigint; type: PeriodicKind; period_from: string }>`
        with today as (select (now() at time zone ${timeZone})::date as d)
        select p.id, p.type, to_char(period.d, 'YYYY-MM-DD') as period_from
        from promotions_promotion p
        join promotions_periodic_config c on c.promotion_id = p.id and c.kind = p.type
        cross join today
        cross join lateral (
          select today.d - n as d from generate_series(1, ${REBATE_LOOKBACK_DAYS}) as n where p.type = 'rebate'
          union all
          select today.d - (extract(isodow from today.d)::int - 1) - 7 * n from generate_series(1, ${CASHBACK_LOOKBACK_WEEKS}) as n where p.type = 'cashback'
        ) as period
        where p.status = 'active'
          and (period.d::timestamp at time zone ${timeZone}) < coalesce(p.ends_at, 'infinity')
          and ((period.d + case when p.type = 'cashback' then 7 else 1 end)::timestamp at time zone ${timeZone}) > p.starts_at
          and not exists (select 1 from promotions_periodic_run r where r.promotion_id = p.id and r.period_from = period.d and r.status = 'finished')
        order by period.d, p.id`.execute(deps.db);
      let ran = 0;
      for (const candidate of candidates.rows) {
        try {
          const run = await runPeriod(candidate.id, candidate.period_from, 'schedule');
          logger?.info({ promotionId: candidate.id.toString(), period: candidate.period_from, members: run.membersRewarded, total: formatCents(run.total) }, 'periodic rewards issued');
          ran += 1;
        } catch (error) {
          if (error instanceof AppError && error.code === 'promotions.run_in_progress') continue;
          logger?.error({ err: error, promotionId: candidate.id.toString(), period: candidate.period_from }, 'periodic reward run failed');
        }
      }
      return ran;
    },
  };
}

export function toRunView(row: RunRow): PeriodicRun {
  return {
    id: row.id.toString(),
    promotionId: row.promotionId.toString(),
    kind: row.kind,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    startedBy: row.startedBy,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    batches: row.batches,
    membersRewarded: row.membersRewarded,
    total: formatCents(row.total),
    error: row.error,
  };
}

export type PeriodicService = ReturnType<typeof createPeriodicService>;
