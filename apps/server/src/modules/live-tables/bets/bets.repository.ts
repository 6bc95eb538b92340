import { sql } from 'kysely';
import type { LiveBetStatus } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import { live } from '../live.tables.ts';

/** A chip as stored: centavos as strings; `win` once the round is decided. */
export interface StoredChip {
  spot: string;
  amount: string;
  win?: string;
}

export interface LiveBetRow {
  id: bigint;
  round_id: bigint;
  table_code: string;
  member_id: bigint;
  request_id: string;
  chips: StoredChip[];
  amount: bigint;
  status: LiveBetStatus;
  win: bigint | null;
  provider_bet_id: bigint | null;
  created_at: Date;
  closed_at: Date | null;
}

const rows = (value: unknown) => value as LiveBetRow[];

export interface NewBet {
  roundId: bigint;
  tableCode: string;
  memberId: bigint;
  requestId: string;
  chips: StoredChip[];
  amount: bigint;
}

/** One insert of many bets as pending; a (member, requestId) already stored is skipped (answers only the new rows). */
export async function insertPending(tx: DbExecutor, bets: readonly NewBet[]): Promise<LiveBetRow[]> {
  if (bets.length === 0) return [];
  return rows(
    await live(tx).insertInto('live_bet')
      .values(bets.map((bet) => ({ round_id: bet.roundId, table_code: bet.tableCode, member_id: bet.memberId, request_id: bet.requestId, chips: sql`${JSON.stringify(bet.chips)}::jsonb`, amount: bet.amount, status: 'pending' })))
      .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
      .returningAll()
      .execute(),
  );
}

export async function findByRequests(db: DbExecutor, keys: ReadonlyArray<{ memberId: bigint; requestId: string }>): Promise<LiveBetRow[]> {
  if (keys.length === 0) return [];
  // One index probe per key through unnest (an OR of 128 pairs cost more to plan than to run).
  const result = await sql<LiveBetRow>`
    select b.* from unnest(${keys.map((key) => key.memberId.toString())}::bigint[], ${keys.map((key) => key.requestId)}::text[]) as k(member_id, request_id)
    join live_bet b on b.member_id = k.member_id and b.request_id = k.request_id`.execute(db);
  return result.rows;
}

/** What members already staked this round, per spot (pending or placed). */
export async function stakedInRound(db: DbExecutor, roundId: bigint, memberIds: readonly bigint[]): Promise<LiveBetRow[]> {
  if (memberIds.length === 0) return [];
  return rows(await live(db).selectFrom('live_bet').selectAll().where('round_id', '=', roundId).where('member_id', 'in', memberIds).where('status', 'in', ['pending', 'placed']).execute());
}

/** Pending → placed for the debited ones (a bet the close refunded meanwhile stays refunded). */
export async function markPlaced(db: DbExecutor, placed: ReadonlyArray<{ id: bigint; providerBetId: bigint }>): Promise<Set<bigint>> {
  if (placed.length === 0) return new Set();
  const result = await sql<{ id: bigint }>`
    update live_bet b set status = 'placed', provider_bet_id = v.provider_bet_id
    from unnest(${placed.map((p) => p.id.toString())}::bigint[], ${placed.map((p) => p.providerBetId.toString())}::bigint[]) as v(id, provider_bet_id)
    where b.id = v.id and b.status = 'pending' returning b.id`.execute(db);
  return new Set(result.rows.map((row) => BigInt(row.id)));
}

export async function moveBets(db: DbExecutor, ids: readonly bigint[], from: LiveBetStatus, to: LiveBetStatus): Promise<LiveBetRow[]> {
  if (ids.length === 0) return [];
  return rows(await live(db).updateTable('live_bet').set({ status: to }).where('id', 'in', ids).where('status', '=', from).returningAll().execute());
}

export async function countPending(db: DbExecutor, roundId: bigint): Promise<number> {
  const row = await live(db).selectFrom('live_bet').select((eb) => eb.fn.countAll<string>().as('count')).where('round_id', '=', roundId).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function roundBets(db: DbExecutor, roundId: bigint, statuses: readonly LiveBetStatus[]): Promise<LiveBetRow[]> {
  return rows(await live(db).selectFrom('live_bet').selectAll().where('round_id', '=', roundId).where('status', 'in', statuses).orderBy('id').execute());
}

/** Every placed bet's wins, written at once (the leader's result transaction). */
export async function settleBets(tx: DbExecutor, settled: ReadonlyArray<{ id: bigint; win: bigint; chips: StoredChip[] }>): Promise<void> {
  if (settled.length === 0) return;
  await sql`
    update live_bet b set status = 'settled', win = v.win, chips = v.chips
    from unnest(${settled.map((s) => s.id.toString())}::bigint[], ${settled.map((s) => s.win.toString())}::bigint[], ${settled.map((s) => JSON.stringify(s.chips))}::jsonb[]) as v(id, win, chips)
    where b.id = v.id and b.status = 'placed'`.execute(tx);
}

export async function markClosed(db: DbExecutor, ids: readonly bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await live(db).updateTable('live_bet').set({ closed_at: sql<Date>`clock_timestamp()` }).where('id', 'in', ids).where('closed_at', 'is', null).execute();
}

/** Bets owed their closing call (settled or refunded, not closed), in rounds already decided. */
export async function unclosedBets(db: DbExecutor, options: { roundId?: bigint; olderThanMs?: number; limit: number }): Promise<LiveBetRow[]> {
  let query = live(db).selectFrom('live_bet').selectAll().where('closed_at', 'is', null).where('status', 'in', ['settled', 'refunded']);
  if (options.roundId !== undefined) query = query.where('round_id', '=', options.roundId);
  if (options.olderThanMs !== undefined) query = query.where(sql<boolean>`created_at < clock_timestamp() - make_interval(secs => ${options.olderThanMs / 1000})`);
  return rows(await query.orderBy('id').limit(options.limit).execute());
}

export async function countPlayers(db: DbExecutor, roundId: bigint): Promise<number> {
  const row = await live(db).selectFrom('live_bet').select(sql<string>`count(distinct member_id)`.as('count')).where('round_id', '=', roundId).where('status', 'in', ['pending', 'placed', 'settled']).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function memberBets(db: DbExecutor, memberId: bigint, options: { roundId?: bigint; excludeRoundId?: bigint; tableCode?: string; limit: number }): Promise<LiveBetRow[]> {
  let query = live(db).selectFrom('live_bet').selectAll().where('member_id', '=', memberId).where('status', '<>', 'failed');
  if (options.roundId !== undefined) query = query.where('round_id', '=', options.roundId);
  if (options.excludeRoundId !== undefined) query = query.where('round_id', '<>', options.excludeRoundId);
  if (options.tableCode !== undefined) query = query.where('table_code', '=', options.tableCode);
  return rows(await query.orderBy('id', 'desc').limit(options.limit).execute());
}
