import { sql } from 'kysely';
import type { LotteryDrawStatus, LotteryResult } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';

export interface DrawRow {
  id: bigint;
  game_code: string;
  draw_no: string;
  status: LotteryDrawStatus;
  closes_at: Date;
  draw_at: Date;
  secret: string | null;
  commit_hash: string | null;
  result_version: number;
  planned_version: number;
  cancel_reason: string | null;
  /** The result set in force (null before the first). */
  result: LotteryResult | null;
}

const DRAW_COLUMNS = sql`d.id, d.game_code, d.draw_no, d.status, d.closes_at, d.draw_at, d.secret, d.commit_hash, d.result_version, d.planned_version, d.cancel_reason,
  (select r.result from lottery_result r where r.draw_id = d.id and r.in_force) as result`;

export interface NewDraw {
  gameCode: string;
  drawNo: string;
  closesAt: Date;
  drawAt: Date;
}

/** Inserts draws not yet there (game and number unique); answers how many were new. */
export async function insertDraws(db: DbExecutor, draws: readonly NewDraw[]): Promise<number> {
  if (draws.length === 0) return 0;
  const result = await sql`
    insert into lottery_draw (game_code, draw_no, closes_at, draw_at)
    select * from unnest(${draws.map((each) => each.gameCode)}::text[], ${draws.map((each) => each.drawNo)}::text[],
                         ${draws.map((each) => each.closesAt.toISOString())}::timestamptz[], ${draws.map((each) => each.drawAt.toISOString())}::timestamptz[])
    on conflict (game_code, draw_no) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export async function findDraw(db: DbExecutor, id: bigint): Promise<DrawRow | undefined> {
  const rows = await sql<DrawRow>`select ${DRAW_COLUMNS} from lottery_draw d where d.id = ${id}`.execute(db);
  return rows.rows[0];
}

/** The draw row locked for a change of state (console services, settlement); undefined when missing. */
export async function lockDraw(tx: DbExecutor, id: bigint): Promise<DrawRow | undefined> {
  const rows = await sql<DrawRow>`select ${DRAW_COLUMNS} from lottery_draw d where d.id = ${id} for update`.execute(tx);
  return rows.rows[0];
}

/**
 * The draw row locked FOR SHARE: settlement's writers hold it while they close and write tickets,
 * so a cancellation or a correction (FOR UPDATE) waits for them, and they do not wait for each other.
 */
export async function lockDrawShared(tx: DbExecutor, id: bigint): Promise<DrawRow | undefined> {
  const rows = await sql<DrawRow>`select ${DRAW_COLUMNS} from lottery_draw d where d.id = ${id} for share of d`.execute(tx);
  return rows.rows[0];
}

/**
 * Scheduled draws whose opening time has come: one interval before their close for fast draws (as
 * the draw before closes, so a fast game always has a draw taking bets), a day before for weekly ones.
 */
export async function openDue(db: DbExecutor, now: Date): Promise<Array<{ id: bigint; game_code: string; interval_minutes: number | null }>> {
  const rows = await sql<{ id: bigint; game_code: string; interval_minutes: number | null }>`
    select d.id, d.game_code, g.interval_minutes from lottery_draw d join lottery_game g on g.code = d.game_code
    where d.status = 'scheduled' and d.closes_at > ${now}
      and d.closes_at - coalesce(make_interval(mins => g.interval_minutes), interval '1 day') <= ${now}
    order by d.draw_at limit 500`.execute(db);
  return rows.rows;
}

/** scheduled → open (conditional: a second opener changes nothing); fast draws publish their commitment here. */
export async function markOpen(db: DbExecutor, id: bigint, commitment?: { secret: string; commitHash: string }): Promise<boolean> {
  const result = await sql`
    update lottery_draw set status = 'open', opened_at = now(), secret = coalesce(secret, ${commitment?.secret ?? null}), commit_hash = coalesce(commit_hash, ${commitment?.commitHash ?? null})
    where id = ${id} and status = 'scheduled'`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/**
 * open (or still scheduled) → closed for every draw whose close time has passed. The UPDATE takes
 * the draw rows' locks: a placement batch holding one (FOR SHARE) finishes first, and a batch after
 * it reads the draw closed (placement also checks closes_at against the clock itself).
 */
export async function closeDue(db: DbExecutor, now: Date): Promise<number> {
  const result = await sql`update lottery_draw set status = 'closed', closed_at = now() where status in ('scheduled', 'open') and closes_at <= ${now}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** Closed draws whose draw time has come and that have no result yet. */
export async function awaitingResult(db: DbExecutor, now: Date): Promise<Array<{ id: bigint; game_code: string; draw_no: string; secret: string | null; family: string; draw_at: Date }>> {
  const rows = await sql<{ id: bigint; game_code: string; draw_no: string; secret: string | null; family: string; draw_at: Date }>`
    select d.id, d.game_code, d.draw_no, d.secret, g.family, d.draw_at from lottery_draw d join lottery_game g on g.code = d.game_code
    where d.status = 'closed' and d.draw_at <= ${now} and d.result_version = 0
    order by d.draw_at limit 500`.execute(db);
  return rows.rows;
}

/**
 * Stores a result set as the one in force, in the caller's transaction with the draw locked: the
 * previous one kept as history, the draw drawn (again) with the next result version. `from` is the
 * status the draw must be in.
 */
export async function storeResult(
  tx: DbExecutor,
  drawId: bigint,
  from: readonly LotteryDrawStatus[],
  input: { result: LotteryResult; source: 'feed' | 'manual' | 'commit_reveal'; enteredBy: string | null; reason: string | null },
): Promise<number | undefined> {
  const moved = await sql<{ result_version: number }>`
    update lottery_draw set status = 'drawn', result_version = result_version + 1, drawn_at = coalesce(drawn_at, now()), settled_at = null
    where id = ${drawId} and status = any(${[...from]}::text[]) returning result_version`.execute(tx);
  const version = moved.rows[0]?.result_version;
  if (version === undefined) return undefined;
  await sql`update lottery_result set in_force = false where draw_id = ${drawId} and in_force`.execute(tx);
  await sql`
    insert into lottery_result (draw_id, version, result, source, entered_by, reason, in_force)
    values (${drawId}, ${version}, ${JSON.stringify(input.result)}::jsonb, ${input.source}, ${input.enteredBy}, ${input.reason}, true)`.execute(tx);
  return version;
}

/** drawn → settled once every ticket is planned for the result in force and paid. */
export async function markSettled(db: DbExecutor, id: bigint, version: number): Promise<boolean> {
  const result = await sql`
    update lottery_draw d set status = 'settled', settled_at = now()
    where d.id = ${id} and d.status = 'drawn' and d.result_version = ${version} and d.planned_version = ${version}
      and not exists (select 1 from lottery_ticket t where t.draw_id = d.id and t.status in ('open', 'pending_debit'))`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

export async function markPlanned(tx: DbExecutor, id: bigint, version: number): Promise<void> {
  await sql`update lottery_draw set planned_version = ${version} where id = ${id} and result_version = ${version} and planned_version < ${version}`.execute(tx);
}

/** Drawn draws to settle (a correction makes a settled draw drawn again). */
export async function drawnDraws(db: DbExecutor, limit = 50): Promise<Array<{ id: bigint }>> {
  const rows = await sql<{ id: bigint }>`select id from lottery_draw where status = 'drawn' order by drawn_at, id limit ${limit}`.execute(db);
  return rows.rows;
}

/** Draws with a result, newest first, keyset-paged by id. */
export async function resultsOf(db: DbExecutor, gameCode: string, limit: number, before?: bigint): Promise<DrawRow[]> {
  const rows = await sql<DrawRow>`
    select ${DRAW_COLUMNS} from lottery_draw d
    where d.game_code = ${gameCode} and d.status in ('drawn', 'settled') and (${before ?? null}::bigint is null or d.id < ${before ?? null})
    order by d.draw_at desc, d.id desc limit ${limit}`.execute(db);
  return rows.rows;
}

/** The next draw of each game still taking bets. */
export async function nextDraws(db: DbExecutor, gameCodes: readonly string[], now: Date): Promise<DrawRow[]> {
  if (gameCodes.length === 0) return [];
  const rows = await sql<DrawRow>`
    select distinct on (d.game_code) ${DRAW_COLUMNS} from lottery_draw d
    where d.game_code = any(${[...gameCodes]}::text[]) and d.status = 'open' and d.closes_at > ${now}
    order by d.game_code, d.closes_at`.execute(db);
  return rows.rows;
}

/** Every result set of a draw, first to last (the console's history of corrections). */
export async function resultHistory(db: DbExecutor, drawId: bigint) {
  const rows = await sql<{ version: number; result: LotteryResult; source: string; entered_by: string | null; reason: string | null; in_force: boolean; created_at: Date }>`
    select version, result, source, entered_by, reason, in_force, created_at from lottery_result where draw_id = ${drawId} order by version`.execute(db);
  return rows.rows;
}

/** → cancelled, unless a ticket of the draw was already planned for settlement. */
export async function markCancelled(tx: DbExecutor, id: bigint, reason: string, actor: string | null): Promise<boolean> {
  const result = await sql`
    update lottery_draw d set status = 'cancelled', cancelled_at = now(), cancel_reason = ${reason}, cancelled_by = ${actor}
    where d.id = ${id} and d.status in ('scheduled', 'open', 'closed', 'drawn') and d.planned_version = 0
      and not exists (select 1 from lottery_ticket t where t.draw_id = d.id and t.settle_n > 0)`.execute(tx);
  return (result.numAffectedRows ?? 0n) > 0n;
}

