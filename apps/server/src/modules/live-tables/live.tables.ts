import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

/** A jsonb column: read as parsed JSON (the repositories narrow it), written as JSON text or a sql`…::jsonb`. */
type Json = ColumnType<unknown, unknown, unknown>;

/**
 * The module's tables (migrations 0085–0086) for its own queries. They are not in the app-wide
 * Database type (apps/server/src/database.ts), so the repositories view the executor through
 * `live(executor)`; the rows are narrowed by each repository's row interface.
 */
export interface LiveTables {
  live_table: { code: string; game: string; name_pt: string; name_en: string; status: Generated<string>; limits: Json; chips: string[]; betting_ms: number; sort_order: Generated<number>; rounds_played: Generated<number>; updated_at: Generated<Date> };
  live_shoe: { id: Generated<bigint>; table_code: string; number: number; seed: string; hash: string; position: number; cut_at: number; hands_played: Generated<number>; ending: Generated<boolean>; ended_at: Date | null; created_at: Generated<Date> };
  live_round: {
    id: Generated<bigint>;
    table_code: string;
    number: number;
    phase: string;
    betting_ends_at: ColumnType<Date, unknown, unknown>;
    seed: string | null;
    seed_hash: string | null;
    shoe_id: bigint | null;
    hand_in_shoe: number | null;
    first_card: number | null;
    cards_used: number | null;
    result: Json;
    dealing_at: ColumnType<Date | null, unknown, unknown>;
    result_at: ColumnType<Date | null, unknown, unknown>;
    settled_at: ColumnType<Date | null, unknown, unknown>;
    created_at: Generated<Date>;
  };
  live_bet: {
    id: Generated<bigint>;
    round_id: bigint;
    table_code: string;
    member_id: bigint;
    request_id: string;
    chips: Json;
    amount: bigint;
    status: string;
    win: bigint | null;
    provider_bet_id: bigint | null;
    created_at: Generated<Date>;
    closed_at: ColumnType<Date | null, unknown, unknown>;
  };
  live_chat_message: { id: Generated<bigint>; table_code: string; member_id: bigint; original: string; shown: string; filtered: Generated<boolean>; removed_at: Date | null; removed_by: bigint | null; created_at: ColumnType<Date, unknown, unknown> };
  live_chat_mute: { member_id: bigint; until: Date; reason: string; operator_id: bigint; created_at: Generated<Date> };
}

/** The executor (pool or transaction) typed for the module's tables. */
export const live = (executor: DbExecutor) => executor as unknown as Kysely<LiveTables>;
