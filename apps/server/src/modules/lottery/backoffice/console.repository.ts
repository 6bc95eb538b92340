import { sql } from 'kysely';
import type { LotteryArea, LotteryFamily } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';

// The console's reads and writes of the lottery's tables (issue 24). Plain SQL: the console reads
// across games, draws, tickets and exposure at once, which the module's own repositories (one
// table each, for the player's paths) do not.

export interface ConsoleGameRow {
  code: string;
  family: LotteryFamily;
  area: LotteryArea;
  region: 'north' | 'central' | 'south' | null;
  name_pt: string;
  name_en: string;
  enabled: boolean;
  interval_minutes: number | null;
  close_before_ms: number;
  prize_modes: string[];
  min_stake_cents: bigint;
  max_stake_cents: bigint;
  number_liability_cents: bigint;
  schedule: Array<{ weekday: number; time: string; timeZone: string }>;
  next_id: bigint | null;
  next_no: string | null;
  next_status: string | null;
  next_closes_at: Date | null;
  next_draw_at: Date | null;
}

export async function listGames(db: DbExecutor): Promise<ConsoleGameRow[]> {
  const rows = await sql<ConsoleGameRow>`
    select g.code, g.family, g.area, g.region, g.name_pt, g.name_en, g.enabled, g.interval_minutes, g.close_before_ms, g.prize_modes,
           g.min_stake_cents, g.max_stake_cents, g.number_liability_cents,
           coalesce((select json_agg(json_build_object('weekday', s.weekday, 'time', to_char(s.draw_time, 'HH24:MI'), 'timeZone', s.time_zone) order by s.weekday)
                     from lottery_schedule s where s.game_code = g.code), '[]'::json) as schedule,
           n.id as next_id, n.draw_no as next_no, n.status as next_status, n.closes_at as next_closes_at, n.draw_at as next_draw_at
    from lottery_game g
    left join lateral (select id, draw_no, status, closes_at, draw_at from lottery_draw d
                       where d.game_code = g.code and d.status in ('scheduled', 'open', 'closed') order by d.draw_at limit 1) n on true
    order by g.sort_order, g.code`.execute(db);
  return rows.rows;
}

export interface GameSettingsRow {
  code: string;
  enabled: boolean;
  close_before_ms: number;
  number_liability_cents: bigint;
}

export async function lockGameSettings(tx: DbExecutor, code: string): Promise<GameSettingsRow | undefined> {
  const rows = await sql<GameSettingsRow>`select code, enabled, close_before_ms, number_liability_cents from lottery_game where code = ${code} for update`.execute(tx);
  return rows.rows[0];
}

export async function saveGameSettings(tx: DbExecutor, row: GameSettingsRow): Promise<void> {
  await sql`update lottery_game set enabled = ${row.enabled}, close_before_ms = ${row.close_before_ms}, number_liability_cents = ${row.number_liability_cents}, updated_at = now() where code = ${row.code}`.execute(tx);
}

export interface OddsRow {
  game_code: string;
  family: LotteryFamily;
  prize_mode: string;
  bet_type: string;
  odds: Record<string, number>;
  enabled: boolean;
  updated_by: string | null;
  updated_at: Date;
}

export async function listOdds(db: DbExecutor, filter: { gameCode?: string; prizeMode?: string }): Promise<OddsRow[]> {
  const rows = await sql<OddsRow>`
    select o.game_code, g.family, o.prize_mode, o.bet_type, o.odds, o.enabled, o.updated_by, o.updated_at
    from lottery_odds o join lottery_game g on g.code = o.game_code
    where (${filter.gameCode ?? null}::text is null or o.game_code = ${filter.gameCode ?? null})
      and (${filter.prizeMode ?? null}::text is null or o.prize_mode = ${filter.prizeMode ?? null})
    order by g.sort_order, o.game_code, o.prize_mode, o.bet_type`.execute(db);
  return rows.rows;
}

export async function lockOdds(tx: DbExecutor, key: { gameCode: string; prizeMode: string; betType: string }): Promise<OddsRow | undefined> {
  const rows = await sql<OddsRow>`
    select o.game_code, g.family, o.prize_mode, o.bet_type, o.odds, o.enabled, o.updated_by, o.updated_at
    from lottery_odds o join lottery_game g on g.code = o.game_code
    where o.game_code = ${key.gameCode} and o.prize_mode = ${key.prizeMode} and o.bet_type = ${key.betType}
    for update of o`.execute(tx);
  return rows.rows[0];
}

export async function saveOdds(tx: DbExecutor, key: { gameCode: string; prizeMode: string; betType: string }, change: { odds: Record<string, number>; enabled: boolean; actor: string }): Promise<void> {
  await sql`
    update lottery_odds set odds = ${JSON.stringify(change.odds)}::jsonb, enabled = ${change.enabled}, updated_by = ${change.actor}, updated_at = now()
    where game_code = ${key.gameCode} and prize_mode = ${key.prizeMode} and bet_type = ${key.betType}`.execute(tx);
}

export interface DrawRow {
  id: bigint;
  game_code: string;
  family: LotteryFamily;
  name_pt: string;
  name_en: string;
  draw_no: string;
  status: string;
  closes_at: Date;
  draw_at: Date;
  result_version: number;
  commit_hash: string | null;
  cancel_reason: string | null;
  cancelled_by: string | null;
  tickets: number;
  stake: bigint;
  potential: bigint;
  paid: bigint;
  total: number;
}

const DRAW_COLUMNS = sql`
  d.id, d.game_code, g.family, g.name_pt, g.name_en, d.draw_no, d.status, d.closes_at, d.draw_at, d.result_version, d.commit_hash, d.cancel_reason, d.cancelled_by,
  coalesce(t.tickets, 0)::int as tickets, coalesce(t.stake, 0)::bigint as stake, coalesce(t.paid, 0)::bigint as paid,
  coalesce((select sum(e.liability_cents) from lottery_exposure e where e.draw_id = d.id), 0)::bigint as potential`;

// Accepted tickets only: pending debits and refusals never were the house's risk.
const TICKET_TOTALS = sql`
  left join lateral (select count(*) as tickets, sum(total_stake_cents) as stake, sum(case when status in ('won', 'lost', 'void') then return_cents else 0 end) as paid
                     from lottery_ticket lt where lt.draw_id = d.id and lt.status in ('open', 'won', 'lost', 'void')) t on true`;

/** Draws by game and status: open ones, then those waiting for a result, then scheduled (soonest first), then settled and cancelled (latest first). */
export async function listDraws(db: DbExecutor, filter: { gameCode?: string; status?: string; limit: number; offset: number }): Promise<DrawRow[]> {
  const rows = await sql<DrawRow>`
    select ${DRAW_COLUMNS}, count(*) over ()::int as total
    from lottery_draw d join lottery_game g on g.code = d.game_code ${TICKET_TOTALS}
    where (${filter.gameCode ?? null}::text is null or d.game_code = ${filter.gameCode ?? null})
      and (${filter.status ?? null}::text is null or d.status = ${filter.status ?? null})
    order by case d.status when 'open' then 0 when 'closed' then 1 when 'drawn' then 1 when 'scheduled' then 2 else 3 end,
             case when d.status in ('open', 'closed', 'drawn', 'scheduled') then d.draw_at end asc,
             d.draw_at desc, d.id desc
    limit ${filter.limit} offset ${filter.offset}`.execute(db);
  return rows.rows;
}

export async function findDraw(db: DbExecutor, id: bigint): Promise<DrawRow | undefined> {
  const rows = await sql<DrawRow>`
    select ${DRAW_COLUMNS}, 1 as total from lottery_draw d join lottery_game g on g.code = d.game_code ${TICKET_TOTALS} where d.id = ${id}`.execute(db);
  return rows.rows[0];
}

export async function ticketsByStatus(db: DbExecutor, drawId: bigint): Promise<Record<string, number>> {
  const rows = await sql<{ status: string; n: number }>`select status, count(*)::int as n from lottery_ticket where draw_id = ${drawId} group by status`.execute(db);
  return Object.fromEntries(rows.rows.map((row) => [row.status, row.n]));
}

export interface ResultVersionRow {
  version: number;
  result: unknown;
  source: 'feed' | 'manual' | 'commit_reveal';
  entered_by: string | null;
  reason: string | null;
  in_force: boolean;
  created_at: Date;
}

export async function resultVersions(db: DbExecutor, drawId: bigint): Promise<ResultVersionRow[]> {
  const rows = await sql<ResultVersionRow>`select version, result, source, entered_by, reason, in_force, created_at from lottery_result where draw_id = ${drawId} order by version desc`.execute(db);
  return rows.rows;
}
