import type { ColumnType, Generated } from 'kysely';
import type { AccountsMembersAdminTables } from './members.admin-tables.ts';

export interface AccountsMemberTable {
  id: Generated<bigint>;
  account: string;
  nickname: string;
  type: number;
  password_hash: string;
  language: string | null;
  status: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  mobile: string | null;
  email: string | null;
  cpf: string | null;
  birthday: ColumnType<Date | null, string | null, string | null>;
  payee_name: string | null;
  payment_password_hash: string | null;
  upline_member_id: bigint | null;
  referral_code: string | null;
  registration_ip: string | null;
  password_changed_at: Generated<Date>;
  must_change_password: Generated<boolean>;
  last_login_at: Date | null;
  /** Why and when an operator last locked or unlocked the member (migration 0028). */
  status_reason: Generated<string | null>;
  status_changed_at: Generated<Date | null>;
  /** When and by which KYC provider the declared identity was verified (migration 0043); none integrated yet. */
  kyc_verified_at: Generated<Date | null>;
  kyc_provider: Generated<string | null>;
}

export interface AccountsSessionTable {
  token_hash: Buffer;
  member_id: bigint;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  absolute_expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export interface AccountsLoginThrottleTable {
  key: string;
  window_started_at: Date;
  failures: number;
  locked_until: Date | null;
}

export interface AccountsKnownIpTable {
  member_id: bigint;
  ip: string;
  first_seen_at: Generated<Date>;
}

export interface AccountsTables extends AccountsHumanCheckTables, AccountsSmsTables, AccountsRecoveryTables, AccountsMembersAdminTables {
  accounts_member: AccountsMemberTable;
  accounts_session: AccountsSessionTable;
  accounts_login_throttle: AccountsLoginThrottleTable;
  accounts_known_ip: AccountsKnownIpTable;
  /** Single-use codes that open a session in another app or tab (migration 0044; session-handoff.service.ts). */
  accounts_session_handoff: { code_hash: Buffer; member_id: bigint; created_at: Generated<Date>; expires_at: Date; used_at: Date | null };
  /** Published read view for other modules (migration 0046); read-only. */
  accounts_v_member: AccountsMemberView;
  /** Published read view (migration 0052): the member's CPF, for payments' console deposit list only. */
  accounts_v_member_cpf: { id: ReadOnly<bigint>; cpf: ReadOnly<string | null> };
}

type ReadOnly<T> = ColumnType<T, never, never>;

/** Members as other modules read them (migration 0046): no credentials and no personal data. */
export interface AccountsMemberView {
  id: ReadOnly<bigint>;
  account: ReadOnly<string>;
  nickname: ReadOnly<string>;
  type: ReadOnly<number>;
  /** The accounts module's trial rule (accounts_type_is_trial). */
  is_trial: ReadOnly<boolean>;
  status: ReadOnly<string>;
  upline_member_id: ReadOnly<bigint | null>;
  created_at: ReadOnly<Date>;
}

export interface AccountsCaptchaTable {
  id: string;
  answer_hash: Buffer;
  expires_at: Date;
  used_at: Date | null;
  ip: string | null;
}

export interface AccountsPowSpentTable {
  challenge_id: string;
  spent_at: Generated<Date>;
  expires_at: Date;
}

export interface AccountsHumanCheckTables {
  accounts_captcha: AccountsCaptchaTable;
  accounts_pow_spent: AccountsPowSpentTable;
}

export interface AccountsSmsTables {
  accounts_sms_code: {
    id: Generated<bigint>;
    mobile: string;
    purpose: string;
    code_hash: Buffer;
    created_at: Generated<Date>;
    expires_at: Date;
    attempts: Generated<number>;
    consumed_at: Date | null;
    ip: string | null;
  };
  accounts_sms_outbox: { id: Generated<bigint>; mobile: string; body: string; created_at: Generated<Date> };
}

export interface AccountsRecoveryTables {
  accounts_password_reset: { token_hash: Buffer; member_id: bigint; created_at: Generated<Date>; expires_at: Date; used_at: Date | null };
  accounts_email_outbox: { id: Generated<bigint>; email: string; subject: string; body: string; created_at: Generated<Date> };
}
