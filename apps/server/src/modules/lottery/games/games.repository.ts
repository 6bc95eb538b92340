import { sql } from 'kysely';
import { DEFAULT_ODDS, LOTTERY_PRIZE_MODES, type LotteryArea, type LotteryFamily, type LotteryOddsTable, type LotteryPrizeMode } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import type { SeedGame } from './seed-games.ts';

export interface GameRow {
  code: string;
  family: LotteryFamily;
  area: LotteryArea;
  region: 'north' | 'central' | 'south' | null;
  name_pt: string;
  name_en: string;
  vendor_code: string;
  interval_minutes: number | null;
  prize_modes: LotteryPrizeMode[];
  close_before_ms: number;
  min_stake_cents: bigint;
  max_stake_cents: bigint;
  number_liability_cents: bigint;
  enabled: boolean;
}

/** The prize modes whose default odds cover the family, in the contract's order. */
export function prizeModesOf(family: LotteryFamily): LotteryPrizeMode[] {
  return LOTTERY_PRIZE_MODES.filter((mode) => DEFAULT_ODDS[mode]?.[family] !== undefined);
}

/** Seeds games, their weekly schedules and default odds tables; rows already there are kept as the operator left them. */
export async function seedGames(tx: DbExecutor, games: readonly SeedGame[]): Promise<void> {
  for (const [index, game] of games.entries()) {
    await sql`
      insert into lottery_game (code, family, area, region, name_pt, name_en, vendor_code, interval_minutes, prize_modes, close_before_ms, sort_order)
      values (${game.code}, ${game.family}, ${game.area}, ${game.region}, ${game.namePt}, ${game.nameEn}, ${game.vendorCode}, ${game.intervalMinutes},
              ${prizeModesOf(game.family)}::text[], ${game.closeBeforeMs}, ${index})
      on conflict (code) do nothing`.execute(tx);
    if (game.weekdays.length > 0) {
      await sql`
        insert into lottery_schedule (game_code, weekday, draw_time, time_zone)
        select ${game.code}, d, ${game.drawTime}::time, ${game.timeZone} from unnest(${[...game.weekdays]}::smallint[]) as d
        on conflict do nothing`.execute(tx);
    }
    const odds = prizeModesOf(game.family).flatMap((mode) => Object.entries(DEFAULT_ODDS[mode]![game.family]!).map(([betType, table]) => ({ mode, betType, table })));
    if (odds.length > 0) {
      await sql`
        insert into lottery_odds (prize_mode, game_code, bet_type, odds)
        select m, ${game.code}, b, o from unnest(${odds.map((each) => each.mode)}::text[], ${odds.map((each) => each.betType)}::text[], ${odds.map((each) => JSON.stringify(each.table))}::jsonb[]) as x (m, b, o)
        on conflict do nothing`.execute(tx);
    }
  }
}

const GAME_COLUMNS = sql`code, family, area, region, name_pt, name_en, vendor_code, interval_minutes, prize_modes, close_before_ms, min_stake_cents, max_stake_cents, number_liability_cents, enabled`;

export async function listGames(db: DbExecutor, filter: { area?: LotteryArea; prizeMode?: LotteryPrizeMode; includeDisabled?: boolean } = {}): Promise<GameRow[]> {
  const rows = await sql<GameRow>`
    select ${GAME_COLUMNS} from lottery_game
    where (${filter.includeDisabled ?? false} or enabled)
      and (${filter.area ?? null}::text is null or area = ${filter.area ?? null})
      and (${filter.prizeMode ?? null}::text is null or ${filter.prizeMode ?? null} = any(prize_modes))
    order by sort_order, code`.execute(db);
  return rows.rows;
}

export async function findGame(db: DbExecutor, code: string): Promise<GameRow | undefined> {
  const rows = await sql<GameRow>`select ${GAME_COLUMNS} from lottery_game where code = ${code}`.execute(db);
  return rows.rows[0];
}

export interface ScheduleRow {
  game_code: string;
  weekday: number;
  draw_time: string;
  time_zone: string;
}

export async function schedules(db: DbExecutor): Promise<ScheduleRow[]> {
  const rows = await sql<ScheduleRow>`select game_code, weekday, to_char(draw_time, 'HH24:MI') as draw_time, time_zone from lottery_schedule order by game_code, weekday`.execute(db);
  return rows.rows;
}

/** The enabled odds tables of games in a prize mode (or every mode), by game then bet type. */
export async function oddsOf(db: DbExecutor, gameCodes: readonly string[], prizeMode?: LotteryPrizeMode): Promise<Array<{ game_code: string; prize_mode: LotteryPrizeMode; bet_type: string; odds: LotteryOddsTable }>> {
  if (gameCodes.length === 0) return [];
  const rows = await sql<{ game_code: string; prize_mode: LotteryPrizeMode; bet_type: string; odds: LotteryOddsTable }>`
    select game_code, prize_mode, bet_type, odds from lottery_odds
    where game_code = any(${[...gameCodes]}::text[]) and enabled and (${prizeMode ?? null}::text is null or prize_mode = ${prizeMode ?? null})`.execute(db);
  return rows.rows;
}

/** Sets one odds table (the console's edit); answers false when the game has no such prize mode. */
export async function setOdds(db: DbExecutor, input: { gameCode: string; prizeMode: LotteryPrizeMode; betType: string; odds: LotteryOddsTable; enabled?: boolean; actor: string }): Promise<boolean> {
  const rows = await sql<{ bet_type: string }>`
    insert into lottery_odds (prize_mode, game_code, bet_type, odds, enabled, updated_by)
    select ${input.prizeMode}, code, ${input.betType}, ${JSON.stringify(input.odds)}::jsonb, ${input.enabled ?? true}, ${input.actor} from lottery_game
    where code = ${input.gameCode} and ${input.prizeMode} = any(prize_modes)
    on conflict (game_code, prize_mode, bet_type) do update set odds = excluded.odds, enabled = excluded.enabled, updated_by = excluded.updated_by, updated_at = now()
    returning bet_type`.execute(db);
  return rows.rows.length > 0;
}
