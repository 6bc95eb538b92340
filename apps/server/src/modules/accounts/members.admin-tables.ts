import type { Generated } from 'kysely';

/** Tables of the back office's members screen (migration 0028). */
export interface AccountsMembersAdminTables {
  accounts_login_history: {
    id: Generated<bigint>;
    member_id: bigint;
    at: Generated<Date>;
    ip: string | null;
    user_agent: string | null;
  };
  /** Append-only (UPDATE and DELETE refused by a trigger). */
  accounts_member_note: {
    id: Generated<bigint>;
    member_id: bigint;
    operator_id: bigint;
    operator_username: string;
    body: string;
    created_at: Generated<Date>;
  };
}
