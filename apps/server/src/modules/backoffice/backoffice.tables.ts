import type { ColumnType, Generated } from 'kysely';
import type { BackofficeApprovalRequestTable } from './approval.tables.ts';

export interface BackofficeOperatorTable {
  id: Generated<bigint>;
  username: string;
  display_name: string;
  role: string;
  password_hash: string;
  must_change_password: Generated<boolean>;
  status: Generated<string>;
  created_at: Generated<Date>;
}

export interface BackofficeSessionTable {
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: Buffer;
  operator_id: bigint;
  created_at: Date;
  last_seen_at: Date;
  /** Absolute expiry (8 h after creation); idle expiry is computed from last_seen_at. */
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
  revoked_at: Date | null;
}

export interface BackofficeLoginCounterTable {
  /** 'user:<username>', 'pair:<username>|<ip>' or 'ip:<ip>'. */
  key: string;
  window_started_at: Date;
  failures: number;
  blocked_until: Date | null;
  alerted_at: Date | null;
}

export interface BackofficeKnownAddressTable {
  operator_id: bigint;
  ip: string;
  first_seen_at: Date;
  last_seen_at: Date;
}

export interface BackofficeAuditTable {
  id: Generated<bigint>;
  operator_id: bigint | null;
  action: string;
  target_type: string;
  target_id: string;
  /** Read as parsed JSON; written as a JSON string (bigints already turned into strings). */
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  ip: string | null;
  created_at: Generated<Date>;
  /** Set by the chaining trigger (migration 0026); never written by the application. */
  prev_hash: ColumnType<Buffer, never, never>;
  hash: ColumnType<Buffer, never, never>;
}

/** The end of the audit hash chain (one row), kept by the chaining trigger. */
export interface BackofficeAuditHeadTable {
  singleton: boolean;
  last_id: bigint | null;
  last_hash: Buffer;
}

export interface BackofficeTotpTable {
  operator_id: bigint;
  /** AES-256-GCM sealed seed (two-factor-crypto.ts). */
  secret_sealed: Buffer;
  status: 'pending' | 'active';
  /** The last accepted RFC 6238 time step; codes of this step or earlier are refused. */
  last_step: bigint | null;
  created_at: Date;
  activated_at: Date | null;
  failures: Generated<number>;
  window_started_at: Date | null;
  locked_until: Date | null;
}

export interface BackofficeRecoveryCodeTable {
  operator_id: bigint;
  /** HMAC-SHA256 of the normalised code. */
  code_hash: Buffer;
  used_at: Date | null;
}

export interface BackofficeEnrolmentTable {
  token_hash: Buffer;
  operator_id: bigint;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** An owner's one-time link to reset an operator's password and two-factor (migration 0055). */
export interface BackofficeCredentialResetTable {
  /** SHA-256 of the token in the link; the token itself is never stored. */
  token_hash: Buffer;
  operator_id: bigint;
  created_by: bigint;
  created_at: Date;
  /** At most 24 hours after creation. */
  expires_at: Date;
  used_at: Date | null;
}

export interface BackofficeTables {
  backoffice_operator: BackofficeOperatorTable;
  backoffice_session: BackofficeSessionTable;
  backoffice_login_counter: BackofficeLoginCounterTable;
  backoffice_known_address: BackofficeKnownAddressTable;
  backoffice_audit: BackofficeAuditTable;
  backoffice_audit_head: BackofficeAuditHeadTable;
  backoffice_totp: BackofficeTotpTable;
  backoffice_recovery_code: BackofficeRecoveryCodeTable;
  backoffice_enrolment: BackofficeEnrolmentTable;
  backoffice_credential_reset: BackofficeCredentialResetTable;
  backoffice_approval_request: BackofficeApprovalRequestTable;
}
