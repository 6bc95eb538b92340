import { sql } from 'kysely';
import type { PeriodicConfigInput, ProductType } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';

export type PeriodicKind = 'rebate' | 'cashback';

export interface StoredConfig {
  config: PeriodicConfigInput;
  updatedAt: Date;
  updatedBy: string;
}

/** A percent as stored (numeric text) back to the shortest form the operator typed: "0.800" → "0.8". */
function percentText(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

function centsText(value: bigint): string {
  return `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
}

export async function findConfig(db: DbExecutor, promotionId: bigint): Promise<StoredConfig | undefined> {
  const row = await db.selectFrom('promotions_periodic_config').selectAll().where('promotion_id', '=', promotionId).executeTakeFirst();
  if (!row) return undefined;
  if (row.kind === 'cashback') {
    return { config: { kind: 'cashback', percent: percentText(row.cashback_percent!), minNetLoss: centsText(row.cashback_min_net_loss!) }, updatedAt: row.updated_at, updatedBy: row.updated_by };
  }
  const rates = await db.selectFrom('promotions_rebate_rate').select(['vip_level', 'product_type', 'rate_percent']).where('promotion_id', '=', promotionId).orderBy('vip_level').orderBy('product_type').execute();
  return {
    config: { kind: 'rebate', rates: rates.map((rate) => ({ vipLevel: rate.vip_level, productType: rate.product_type, percent: percentText(rate.rate_percent) })) },
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** Replaces the promotion's rule (and its rates) in the caller's transaction. */
export async function saveConfig(db: DbExecutor, promotionId: bigint, config: PeriodicConfigInput, minNetLoss: bigint | null, updatedBy: string): Promise<void> {
  const cashback = config.kind === 'cashback';
  await db
    .insertInto('promotions_periodic_config')
    .values({ promotion_id: promotionId, kind: config.kind, cashback_percent: cashback ? config.percent : null, cashback_min_net_loss: cashback ? minNetLoss : null, updated_by: updatedBy })
    .onConflict((conflict) =>
      conflict.column('promotion_id').doUpdateSet({ kind: config.kind, cashback_percent: cashback ? config.percent : null, cashback_min_net_loss: cashback ? minNetLoss : null, updated_by: updatedBy, updated_at: sql<Date>`now()` }),
    )
    .execute();
  await db.deleteFrom('promotions_rebate_rate').where('promotion_id', '=', promotionId).execute();
  if (config.kind === 'rebate' && config.rates.length > 0) {
    await db
      .insertInto('promotions_rebate_rate')
      .values(config.rates.map((rate) => ({ promotion_id: promotionId, vip_level: rate.vipLevel, product_type: rate.productType satisfies ProductType, rate_percent: rate.percent })))
      .execute();
  }
}

export interface RunRow {
  id: bigint;
  promotionId: bigint;
  kind: PeriodicKind;
  periodFrom: string;
  periodTo: string;
  startedBy: string;
  status: 'running' | 'finished' | 'failed';
  startedAt: Date;
  finishedAt: Date | null;
  batches: number;
  lastMemberId: bigint;
  membersRewarded: number;
  total: bigint;
  error: string | null;
}

const RUN_SELECT = sql`id, promotion_id, kind, to_char(period_from, 'YYYY-MM-DD') as period_from, to_char(period_to, 'YYYY-MM-DD') as period_to, started_by, status,
  started_at, finished_at, batches, last_member_id, members_rewarded, total, error`;

interface RawRun {
  id: bigint;
  promotion_id: bigint;
  kind: PeriodicKind;
  period_from: string;
  period_to: string;
  started_by: string;
  status: RunRow['status'];
  started_at: Date;
  finished_at: Date | null;
  batches: number;
  last_member_id: bigint;
  members_rewarded: number;
  total: bigint;
  error: string | null;
}

function toRun(row: RawRun): RunRow {
  return {
    id: row.id,
    promotionId: row.promotion_id,
    kind: row.kind,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    startedBy: row.started_by,
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    batches: row.batches,
    lastMemberId: row.last_member_id,
    membersRewarded: row.members_rewarded,
    total: row.total,
    error: row.error,
  };
}

export async function listRuns(db: DbExecutor, filter: { promotionId?: bigint; limit: number }): Promise<RunRow[]> {
  const where = filter.promotionId === undefined ? sql`true` : sql`promotion_id = ${filter.promotionId}`;
  const result = await sql<RawRun>`select ${RUN_SELECT} from promotions_periodic_run where ${where} order by id desc limit ${filter.limit}`.execute(db);
  return result.rows.map(toRun);
}

export async function findRun(db: DbExecutor, id: bigint): Promise<RunRow | undefined> {
  const result = await sql<RawRun>`select ${RUN_SELECT} from promotions_periodic_run where id = ${id}`.execute(db);
  return result.rows[0] && toRun(result.rows[0]);
}

/** Whether a run of this period finished (the schedule then leaves it alone). */
export async function periodFinished(db: DbExecutor, promotionId: bigint, periodFrom: string): Promise<boolean> {
  const result = await sql<{ one: number }>`select 1 as one from promotions_periodic_run where promotion_id = ${promotionId} and period_from = ${periodFrom}::date and status = 'finished' limit 1`.execute(db);
  return result.rows.length > 0;
}

/** A run this old without a batch is taken as dead (its process was killed). */
export const STALE_AFTER_SECONDS = 120;

/**
 * Opens a run of the period, one at a time per promotion and period (an advisory lock orders two
 * starts; a live run refuses the second). A run whose heartbeat is older than STALE_AFTER_SECONDS
 * is marked failed first. Answers undefined when a live run holds the period.
 */
export async function openRun(db: DbExecutor, input: { promotionId: bigint; kind: PeriodicKind; periodFrom: string; periodTo: string; startedBy: string }): Promise<RunRow | undefined> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`promotions.periodic:${input.promotionId}:${input.periodFrom}`}, 0))`.execute(db);
  await sql`update promotions_periodic_run set status = 'failed', finished_at = now(), error = ${`stopped without finishing (no batch for ${STALE_AFTER_SECONDS} s)`}
    where promotion_id = ${input.promotionId} and period_from = ${input.periodFrom}::date and status = 'running'
      and heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS})`.execute(db);
  const live = await sql<{ one: number }>`select 1 as one from promotions_periodic_run where promotion_id = ${input.promotionId} and period_from = ${input.periodFrom}::date and status = 'running'`.execute(db);
  if (live.rows.length > 0) return undefined;
  const result = await sql<RawRun>`insert into promotions_periodic_run (promotion_id, kind, period_from, period_to, started_by)
    values (${input.promotionId}, ${input.kind}, ${input.periodFrom}::date, ${input.periodTo}::date, ${input.startedBy})
    returning ${RUN_SELECT}`.execute(db);
  return toRun(result.rows[0]!);
}

export async function closeRun(db: DbExecutor, id: bigint, outcome: { status: 'finished' } | { status: 'failed'; error: string }): Promise<void> {
  await sql`update promotions_periodic_run set status = ${outcome.status}, finished_at = now(), heartbeat_at = now(),
    error = ${outcome.status === 'failed' ? outcome.error.slice(0, 1000) : null} where id = ${id} and status = 'running'`.execute(db);
}
