import type { ColumnType, Generated } from 'kysely';

/** Writes go through wallet_post_batch (SQL); Kysely reads these tables. */
export interface WalletAccountTable {
  id: Generated<bigint>;
  member_id: bigint | null;
  house_code: string | null;
  shard: Generated<number>;
  pocket: string;
  currency: string;
  balance: Generated<bigint>;
}

export interface WalletJournalTable {
  id: Generated<bigint>;
  idempotency_key: string;
  type: string;
  status: string;
  reject_code: string | null;
  content_hash: Buffer | null;
  reverses_id: bigint | null;
  reference: string | null;
  product: string | null;
  vendor: string | null;
  created_at: Generated<Date>;
}

export interface WalletEntryTable {
  journal_id: bigint;
  account_id: bigint;
  amount: bigint;
  balance_after: bigint;
  /** The posting transaction's time, so its journal's (0098: the month partition it lives in). */
  created_at: Generated<Date>;
}

export interface WalletCheckRunTable {
  id: Generated<bigint>;
  started_at: Date;
  finished_at: Date;
  ok: boolean;
  journals: bigint;
  entries: bigint;
  problems: ColumnType<unknown, string, string>;
}

/** Maker-checker manual adjustments (migration 0029). */
export interface WalletAdjustmentRequestTable {
  id: Generated<bigint>;
  member_id: bigint;
  amount: bigint;
  reason: string;
  request_key: string;
  status: Generated<string>;
  requested_by: bigint;
  requested_by_name: string;
  requested_at: Generated<Date>;
  decided_by: bigint | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  journal_id: bigint | null;
}

/** A view's column: read, never written (views are for other modules' reads). */
type ReadOnly<T> = ColumnType<T, never, never>;

/** Published for other modules' SQL (migrations 0050, 0059): a member's cash entries with their journals. */
export interface WalletMemberCashEntryView {
  member_id: ReadOnly<bigint>;
  journal_id: ReadOnly<bigint>;
  type: ReadOnly<string>;
  amount: ReadOnly<bigint>;
  balance_after: ReadOnly<bigint>;
  reference: ReadOnly<string | null>;
  created_at: ReadOnly<Date>;
  /** The journal's vendor (bets and wins), migration 0059. */
  vendor: ReadOnly<string | null>;
}

/** Published for other modules' SQL (migration 0050): money members hold at a transfer-mode vendor. */
export interface WalletVendorFundsView {
  member_id: ReadOnly<bigint>;
  /** Lower case. */
  vendor_code: ReadOnly<string>;
  balance: ReadOnly<bigint>;
}

export interface WalletTables {
  wallet_account: WalletAccountTable;
  wallet_journal: WalletJournalTable;
  wallet_entry: WalletEntryTable;
  wallet_check_run: WalletCheckRunTable;
  wallet_adjustment_request: WalletAdjustmentRequestTable;
  wallet_v_member_cash_entry: WalletMemberCashEntryView;
  wallet_v_vendor_funds: WalletVendorFundsView;
}
