import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface ProviderVendorSecretTable {
  vendor_code: string;
  secret: string;
  enabled: Generated<boolean>;
  /** cidr[] as text (pg returns '{10.0.0.0/8}' unless a parser is set); compared in SQL. */
  ip_allow: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  created_at: Timestamp;
  rotated_at: NullableTimestamp;
}

export interface ProviderPlayerSessionTable {
  vendor_code: string;
  member_id: bigint;
  demo: boolean;
  authenticated_at: Timestamp;
  expires_at: Timestamp;
}

export interface ProviderTransactionTable {
  id: Generated<bigint>;
  vendor_code: string;
  action: 'bet' | 'win' | 'rollback';
  transaction_id: string;
  member_id: bigint;
  round_id: string;
  content_hash: Buffer;
  response: ColumnType<{ balance: string; transactionId: string }, string, string>;
  created_at: Timestamp;
}

export interface ProviderRequestLogTable {
  id: Generated<bigint>;
  vendor_code: string | null;
  action: string | null;
  transaction_id: string | null;
  status_code: number;
  error_code: string | null;
  duration_ms: ColumnType<string, string | number, string | number>;
  ip: string | null;
  created_at: Timestamp;
}

export interface ProviderRoundTable {
  vendor_code: string;
  member_id: bigint;
  round_id: string;
  game_code: string;
  game_type: string | null;
  bet: Generated<bigint>;
  win: Generated<bigint>;
  status: ColumnType<'open' | 'settled' | 'rolled_back', 'open' | 'settled' | 'rolled_back' | undefined, 'open' | 'settled' | 'rolled_back'>;
  opened_at: Timestamp;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

type ReadOnly<T> = ColumnType<T, never, never>;

/** Rounds as other modules read them (migration 0047): provider_round's columns, read-only. */
export interface ProviderRoundView {
  vendor_code: ReadOnly<string>;
  member_id: ReadOnly<bigint>;
  round_id: ReadOnly<string>;
  game_code: ReadOnly<string>;
  game_type: ReadOnly<string | null>;
  bet: ReadOnly<bigint>;
  win: ReadOnly<bigint>;
  status: ReadOnly<'open' | 'settled' | 'rolled_back'>;
  opened_at: ReadOnly<Date>;
  closed_at: ReadOnly<Date | null>;
}

export interface ProviderTables {
  provider_round: ProviderRoundTable;
  /** Published read view for other modules (migration 0047); read-only. */
  provider_v_round: ProviderRoundView;
  provider_vendor_secret: ProviderVendorSecretTable;
  provider_player_session: ProviderPlayerSessionTable;
  provider_transaction: ProviderTransactionTable;
  provider_request_log: ProviderRequestLogTable;
}
