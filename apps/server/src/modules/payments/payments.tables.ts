import type { ColumnType, Generated } from 'kysely';
import type { DepositStatus, PixKeyType, ReceiptState, WithdrawalStatus } from '@app/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface PaymentsDepositTable {
  id: Generated<bigint>;
  member_id: bigint;
  request_id: string;
  amount: bigint;
  status: ColumnType<DepositStatus, DepositStatus | undefined, DepositStatus>;
  provider: string;
  txid: string;
  /** Null until the PSP has answered for the charge (migration 0054). */
  br_code: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
  paid_amount: bigint | null;
  end_to_end_id: string | null;
  payer_cpf: string | null;
  paid_late: Generated<boolean>;
  credited_at: NullableTimestamp;
  review_note: string | null;
  reviewed_by: bigint | null;
  reviewed_at: NullableTimestamp;
  /** Why a paid deposit waits for an operator (migration 0037); null when it never did. */
  hold_reason: Generated<DepositHoldReason | null>;
}

export type DepositHoldReason = 'other_payer' | 'amount_mismatch';

/** The destination as stored on the account and, frozen, on each withdrawal. */
export type PayoutDestination =
  | { kind: 'pix'; keyType: PixKeyType; key: string; holderName: string; holderCpf: string }
  | { kind: 'bank'; bankCode: string; branch: string; account: string; accountType: 'checking' | 'savings' | 'payment'; holderName: string; holderCpf: string };

export interface PaymentsPayoutAccountTable {
  member_id: bigint;
  kind: 'pix' | 'bank';
  key_type: PixKeyType | null;
  pix_key: string | null;
  bank_code: string | null;
  branch: string | null;
  account_number: string | null;
  account_type: 'checking' | 'savings' | 'payment' | null;
  holder_name: string;
  holder_cpf: string;
  updated_at: Timestamp;
}

export interface PaymentsPayoutAccountLogTable {
  id: Generated<bigint>;
  member_id: bigint;
  account: Json<PayoutDestination>;
  ip: string | null;
  created_at: Timestamp;
}

export interface PaymentsWithdrawalTable {
  id: Generated<bigint>;
  member_id: bigint;
  request_id: string;
  amount: bigint;
  status: WithdrawalStatus;
  destination: Json<PayoutDestination>;
  destination_display: string;
  requested_at: Timestamp;
  auto_approved: Generated<boolean>;
  reviewed_by: bigint | null;
  reviewed_at: NullableTimestamp;
  reject_reason: string | null;
  provider: string;
  provider_payout_id: string | null;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  last_error: string | null;
  paid_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  failure_reason: string | null;
  receipt: ReceiptState | null;
  received_amount: bigint | null;
  receipt_at: NullableTimestamp;
  proof: Buffer | null;
  proof_type: 'image/png' | 'image/jpeg' | null;
}

export interface PaymentsProviderEventTable {
  id: Generated<bigint>;
  provider: string;
  event_id: string;
  event_type: string;
  reference: string | null;
  payload: Json<unknown>;
  outcome: string;
  received_at: Timestamp;
}

export interface PaymentsSandboxChargeTable {
  txid: string;
  amount: bigint;
  receiver_name: string;
  expires_at: Timestamp;
  status: ColumnType<'active' | 'paid' | 'refunded', 'active' | 'paid' | 'refunded' | undefined, 'active' | 'paid' | 'refunded'>;
  paid_at: NullableTimestamp;
  refunded_at: NullableTimestamp;
  end_to_end_id: string | null;
  payer_cpf: string | null;
  created_at: Timestamp;
}

export interface PaymentsSandboxPayoutTable {
  payout_id: string;
  amount: bigint;
  destination: Json<PayoutDestination>;
  status: ColumnType<'processing' | 'paid' | 'failed', 'processing' | 'paid' | 'failed' | undefined, 'processing' | 'paid' | 'failed'>;
  failure_reason: string | null;
  end_to_end_id: string | null;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
}

export interface PaymentsTables {
  payments_deposit: PaymentsDepositTable;
  payments_payout_account: PaymentsPayoutAccountTable;
  payments_payout_account_log: PaymentsPayoutAccountLogTable;
  payments_withdrawal: PaymentsWithdrawalTable;
  payments_provider_event: PaymentsProviderEventTable;
  payments_sandbox_charge: PaymentsSandboxChargeTable;
  payments_sandbox_payout: PaymentsSandboxPayoutTable;
}
