import { sql } from 'kysely';
import type { LiveGame, LiveRoundPhase, LiveTableStatus } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import type { LiveRoundRow, LiveShoeRow } from '../rounds/rounds.repository.ts';

// The console's reads and writes of the live tables (issue 25). Plain SQL: the console reads
// across tables, rounds, shoes, bets and the chat at once, which the player's paths do not.

/** Limits as stored in live_table.limits: centavos as decimal strings. */
export interface StoredLimits {
  perType: Record<string, { min: string; max: string }>;
  roundMax: string;
}

export interface ConsoleTableRow {
  code: string;
  game: LiveGame;
  name_pt: string;
  name_en: string;
  status: LiveTableStatus;
  limits: StoredLimits;
  betting_ms: number;
  rounds_played: number;
  updated_at: Date;
  round_id: bigint | null;
  round_number: number | null;
  round_phase: LiveRoundPhase | null;
  shoe_id: bigint | null;
  shoe_hash: string | null;
  shoe_hands: number | null;
  shoe_left: number | null;
}

const TABLE_COLUMNS = sql`
  t.code, t.game, t.name_pt, t.name_en, t.status, t.limits, t.betting_ms, t.rounds_played, t.updated_at,
  r.id as round_id, r.number as round_number, r.phase as round_phase,
  s.id as shoe_id, s.hash as shoe_hash, s.hands_played as shoe_hands, greatest(s.cut_at - s.position, 0) as shoe_left`;
const TABLE_JOINS = sql`
  left join live_round r on r.table_code = t.code and r.phase <> 'result'
  left join live_shoe s on s.table_code = t.code and s.ended_at is null`;

export async function listTables(db: DbExecutor): Promise<ConsoleTableRow[]> {
  return (await sql<ConsoleTableRow>`select ${TABLE_COLUMNS} from live_table t ${TABLE_JOINS} order by t.sort_order, t.code`.execute(db)).rows;
}

export async function findTable(db: DbExecutor, code: string): Promise<ConsoleTableRow | undefined> {
  return (await sql<ConsoleTableRow>`select ${TABLE_COLUMNS} from live_table t ${TABLE_JOINS} where t.code = ${code}`.execute(db)).rows[0];
}

export interface TableSettingsRow {
  code: string;
  game: LiveGame;
  status: LiveTableStatus;
  limits: StoredLimits;
  betting_ms: number;
}

export async function lockTableSettings(tx: DbExecutor, code: string): Promise<TableSettingsRow | undefined> {
  return (await sql<TableSettingsRow>`select code, game, status, limits, betting_ms from live_table where code = ${code} for update`.execute(tx)).rows[0];
}

export async function saveTableSettings(tx: DbExecutor, row: TableSettingsRow): Promise<void> {
  await sql`update live_table set status = ${row.status}, limits = ${JSON.stringify(row.limits)}::jsonb, betting_ms = ${row.betting_ms}, updated_at = now() where code = ${row.code}`.execute(tx);
}

/** The table's current shoe, locked; the leader ends it (revealing its seed) after the hand in play. */
export async function markShoeEnding(tx: DbExecutor, code: string): Promise<{ id: bigint; number: number; was_ending: boolean } | undefined> {
  const current = (await sql<{ id: bigint; number: number; ending: boolean }>`select id, number, ending from live_shoe where table_code = ${code} and ended_at is null for update`.execute(tx)).rows[0];
  if (!current) return undefined;
  if (!current.ending) await sql`update live_shoe set ending = true where id = ${current.id}`.execute(tx);
  return { id: current.id, number: current.number, was_ending: current.ending };
}

export interface BetTotals {
  bets: number;
  players: number;
  staked: bigint;
  paid: bigint;
  unclosed: number;
}
export type ConsoleRoundRow = LiveRoundRow & BetTotals & { game: LiveGame; total: number };

// Stakes that were taken (not refused or still pending); paid = wins of settled bets plus refunds.
const ROUND_TOTALS = sql`
  left join lateral (
    select count(*)::int as bets, count(distinct b.member_id)::int as players,
           coalesce(sum(b.amount) filter (where b.status in ('placed', 'settled')), 0)::bigint as staked,
           coalesce(sum(case when b.status = 'settled' then coalesce(b.win, 0) when b.status = 'refunded' then b.amount else 0 end), 0)::bigint as paid,
           (count(*) filter (where b.closed_at is null and b.status in ('pending', 'placed', 'settled', 'refunded')))::int as unclosed
    from live_bet b where b.round_id = r.id) totals on true`;

export async function listRounds(db: DbExecutor, filter: { tableCode?: string; limit: number; offset: number }): Promise<ConsoleRoundRow[]> {
  const rows = await sql<ConsoleRoundRow>`
    select r.*, t.game, totals.*, count(*) over ()::int as total
    from live_round r join live_table t on t.code = r.table_code ${ROUND_TOTALS}
    where (${filter.tableCode ?? null}::text is null or r.table_code = ${filter.tableCode ?? null})
    order by r.id desc limit ${filter.limit} offset ${filter.offset}`.execute(db);
  return rows.rows;
}

export async function findConsoleRound(db: DbExecutor, id: bigint): Promise<ConsoleRoundRow | undefined> {
  return (await sql<ConsoleRoundRow>`select r.*, t.game, totals.*, 1 as total from live_round r join live_table t on t.code = r.table_code ${ROUND_TOTALS} where r.id = ${id}`.execute(db)).rows[0];
}

export async function countRounds(db: DbExecutor, tableCode: string | undefined): Promise<number> {
  const row = (await sql<{ n: number }>`select count(*)::int as n from live_round where (${tableCode ?? null}::text is null or table_code = ${tableCode ?? null})`.execute(db)).rows[0];
  return row?.n ?? 0;
}

export interface BetRow {
  id: bigint;
  member_id: bigint;
  chips: Array<{ spot: string; amount: string; win?: string | null }>;
  amount: bigint;
  win: bigint | null;
  status: 'pending' | 'placed' | 'settled' | 'refunded' | 'failed';
  created_at: Date;
  closed_at: Date | null;
}

export async function roundBets(db: DbExecutor, roundId: bigint): Promise<BetRow[]> {
  return (await sql<BetRow>`select id, member_id, chips, amount, win, status, created_at, closed_at from live_bet where round_id = ${roundId} order by id`.execute(db)).rows;
}

export async function shoesByIds(db: DbExecutor, ids: readonly bigint[]): Promise<LiveShoeRow[]> {
  if (ids.length === 0) return [];
  return (await sql<LiveShoeRow>`select * from live_shoe where id in (${sql.join(ids)})`.execute(db)).rows;
}
