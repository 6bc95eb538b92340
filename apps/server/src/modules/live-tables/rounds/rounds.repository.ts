import { sql } from 'kysely';
import type { LiveResult, LiveRoundPhase } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import { live } from '../live.tables.ts';

/** A row of live_round (migration 0085), snake_case as stored. */
export interface LiveRoundRow {
  id: bigint;
  table_code: string;
  number: number;
  phase: LiveRoundPhase;
  betting_ends_at: Date;
  seed: string | null;
  seed_hash: string | null;
  shoe_id: bigint | null;
  hand_in_shoe: number | null;
  first_card: number | null;
  cards_used: number | null;
  result: LiveResult | null;
  dealing_at: Date | null;
  result_at: Date | null;
  settled_at: Date | null;
  created_at: Date;
}

/** A row of live_shoe: `seed` stays secret until `ended_at`. */
export interface LiveShoeRow {
  id: bigint;
  table_code: string;
  number: number;
  seed: string;
  hash: string;
  position: number;
  cut_at: number;
  hands_played: number;
  ending: boolean;
  ended_at: Date | null;
  created_at: Date;
}

const asRound = (row: unknown) => row as LiveRoundRow;
const asShoe = (row: unknown) => row as LiveShoeRow;

export async function databaseNow(db: DbExecutor): Promise<number> {
  const result = await sql<{ now: string }>`select (extract(epoch from clock_timestamp()) * 1000)::float8::text as now`.execute(db);
  return Number(result.rows[0]!.now);
}

export async function findRound(db: DbExecutor, id: bigint): Promise<LiveRoundRow | undefined> {
  return asRound(await live(db).selectFrom('live_round').selectAll().where('id', '=', id).executeTakeFirst()) ?? undefined;
}

/** The table's round not yet in phase result (at most one: unique index live_round_live). */
export async function liveRound(db: DbExecutor, tableCode: string): Promise<LiveRoundRow | undefined> {
  return asRound(await live(db).selectFrom('live_round').selectAll().where('table_code', '=', tableCode).where('phase', '<>', 'result').executeTakeFirst()) ?? undefined;
}

/** The table's latest round, whatever its phase. */
export async function latestRound(db: DbExecutor, tableCode: string): Promise<LiveRoundRow | undefined> {
  return asRound(await live(db).selectFrom('live_round').selectAll().where('table_code', '=', tableCode).orderBy('id', 'desc').limit(1).executeTakeFirst()) ?? undefined;
}

export async function latestRounds(db: DbExecutor, tableCodes: readonly string[]): Promise<LiveRoundRow[]> {
  if (tableCodes.length === 0) return [];
  return (await live(db).selectFrom('live_round').selectAll().where('id', 'in', (eb) => eb.selectFrom('live_round').select((e) => e.fn.max('id').as('id')).where('table_code', 'in', tableCodes).groupBy('table_code')).execute()) as unknown as LiveRoundRow[];
}

export async function insertRound(db: DbExecutor, round: { tableCode: string; number: number; bettingMs: number; seed?: string; seedHash?: string; shoeId?: bigint; handInShoe?: number }): Promise<LiveRoundRow> {
  return asRound(
    await live(db).insertInto('live_round')
      .values({
        table_code: round.tableCode,
        number: round.number,
        phase: 'betting',
        betting_ends_at: sql<Date>`clock_timestamp() + make_interval(secs => ${round.bettingMs / 1000})`,
        seed: round.seed ?? null,
        seed_hash: round.seedHash ?? null,
        shoe_id: round.shoeId ?? null,
        hand_in_shoe: round.handInShoe ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/** The round locked for a phase change, with the database clock's verdict on its window. */
export async function lockRound(tx: DbExecutor, id: bigint) {
  const row = await live(tx).selectFrom('live_round').selectAll().select(sql<boolean>`clock_timestamp() >= betting_ends_at`.as('betting_over')).where('id', '=', id).forUpdate().executeTakeFirst();
  return row as (LiveRoundRow & { betting_over: boolean }) | undefined;
}

/** The round share-locked for bets (the leader's close waits for it), with the database clock's verdict. */
export async function shareRound(tx: DbExecutor, id: bigint) {
  const row = await live(tx).selectFrom('live_round').selectAll().select(sql<boolean>`clock_timestamp() < betting_ends_at`.as('betting_open')).where('id', '=', id).forShare().executeTakeFirst();
  return row as (LiveRoundRow & { betting_open: boolean }) | undefined;
}

export async function updateRound(db: DbExecutor, id: bigint, from: LiveRoundPhase, change: Record<string, unknown>): Promise<LiveRoundRow | undefined> {
  return asRound(await live(db).updateTable('live_round').set(change).where('id', '=', id).where('phase', '=', from).returningAll().executeTakeFirst()) ?? undefined;
}

/** History: rounds in phase dealing or result, newest first (dealing rounds have their result stored). */
export async function finishedRounds(db: DbExecutor, options: { tableCode: string; shoeId?: bigint; limit: number }): Promise<LiveRoundRow[]> {
  let query = live(db).selectFrom('live_round').selectAll().where('table_code', '=', options.tableCode).where('phase', '=', 'result');
  if (options.shoeId !== undefined) query = query.where('shoe_id', '=', options.shoeId);
  return (await query.orderBy('id', 'desc').limit(options.limit).execute()) as unknown as LiveRoundRow[];
}

export async function currentShoe(db: DbExecutor, tableCode: string): Promise<LiveShoeRow | undefined> {
  return asShoe(await live(db).selectFrom('live_shoe').selectAll().where('table_code', '=', tableCode).where('ended_at', 'is', null).executeTakeFirst()) ?? undefined;
}

export async function findShoe(db: DbExecutor, id: bigint): Promise<LiveShoeRow | undefined> {
  return asShoe(await live(db).selectFrom('live_shoe').selectAll().where('id', '=', id).executeTakeFirst()) ?? undefined;
}

export async function lockShoe(tx: DbExecutor, id: bigint): Promise<LiveShoeRow | undefined> {
  return asShoe(await live(tx).selectFrom('live_shoe').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? undefined;
}

export async function latestShoeNumber(db: DbExecutor, tableCode: string): Promise<number> {
  const row = await live(db).selectFrom('live_shoe').select((eb) => eb.fn.max('number').as('number')).where('table_code', '=', tableCode).executeTakeFirst();
  return Number(row?.number ?? 0);
}

export async function insertShoe(db: DbExecutor, shoe: { tableCode: string; number: number; seed: string; hash: string; position: number; cutAt: number }): Promise<LiveShoeRow> {
  return asShoe(
    await live(db).insertInto('live_shoe').values({ table_code: shoe.tableCode, number: shoe.number, seed: shoe.seed, hash: shoe.hash, position: shoe.position, cut_at: shoe.cutAt }).returningAll().executeTakeFirstOrThrow(),
  );
}

/** Rounds in phase result whose bets are all closed get their settled_at. */
export async function markSettledRounds(db: DbExecutor): Promise<number> {
  const result = await sql`
    update live_round r set settled_at = clock_timestamp()
    where r.settled_at is null and r.phase = 'result'
      and not exists (select 1 from live_bet b where b.round_id = r.id and b.closed_at is null and b.status in ('pending', 'placed', 'settled', 'refunded'))`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
