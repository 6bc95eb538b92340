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

export type RoundStatus = 'open' | 'settled' | 'failed';

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

export interface HouseGamesTables {
  jackpot_pool: JackpotPoolTable;
  jackpot_win: JackpotWinTable;
  house_fairness: HouseFairnessTable;
  house_fairness_revealed: HouseFairnessRevealedTable;
  house_round: HouseRoundTable;
}
