import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface HouseFairnessTable {
  member_id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  created_at: Timestamp;
}

export interface HouseFairnessRevealedTable {
  member_id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  last_nonce: number;
  revealed_at: Timestamp;
}

/** playing: a Mines round in progress (migration 0022); the settle job delivers only 'open' rounds. */
export type RoundStatus = 'open' | 'playing' | 'settled' | 'failed';

export interface HouseRoundTable {
  id: Generated<bigint>;
  member_id: bigint;
  request_id: string;
  vendor_code: Generated<string>;
  game_code: string;
  bet: bigint;
  win: bigint;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  outcome: JSONColumnType<object, string, string>;
  bet_transaction_id: string | null;
  win_transaction_id: string | null;
  provider_bet_id: bigint | null;
  provider_win_id: bigint | null;
  status: Generated<RoundStatus>;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
  last_action_at: NullableTimestamp;
}

export interface JackpotPoolTable {
  code: string;
  names: JSONColumnType<object, string, string>;
  seed: bigint;
  contribution_bp: number;
  odds_cents: bigint;
  created_at: Timestamp;
}

export interface JackpotWinTable {
  id: Generated<bigint>;
  pool_code: string;
  member_id: bigint;
  round_ref: string;
  vendor_code: string;
  game_code: string;
  amount: bigint;
  status: Generated<'pending' | 'paid'>;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
}

export interface CrashChainTable {
  id: Generated<number>;
  seed: string;
  length: number;
  terminating_hash: string;
  salt: string;
  created_at: Timestamp;
}

export type CrashPhase = 'betting' | 'running' | 'crashed';

export interface CrashRoundTable {
  id: Generated<bigint>;
  chain_id: number;
  position: number;
  hash: string;
  crash_point: bigint;
  phase: Generated<CrashPhase>;
  betting_ends_at: Timestamp;
  started_at: NullableTimestamp;
  crashed_at: NullableTimestamp;
  settled_at: NullableTimestamp;
  created_at: Timestamp;
}

export type CrashBetStatus = 'pending' | 'placed' | 'cashed' | 'lost' | 'refunded' | 'failed';

export interface CrashBetTable {
  id: Generated<bigint>;
  round_id: bigint;
  member_id: bigint;
  request_id: string;
  amount: bigint;
  auto_cash_out: bigint | null;
  status: Generated<CrashBetStatus>;
  cash_out: bigint | null;
  win: bigint | null;
  provider_bet_id: bigint | null;
  closed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface HouseGamesTables {
  crash_chain: CrashChainTable;
  crash_round: CrashRoundTable;
  crash_bet: CrashBetTable;
  jackpot_pool: JackpotPoolTable;
  jackpot_win: JackpotWinTable;
  house_fairness: HouseFairnessTable;
  house_fairness_revealed: HouseFairnessRevealedTable;
  house_round: HouseRoundTable;
}
