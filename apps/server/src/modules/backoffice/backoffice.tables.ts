import type { Generated } from 'kysely';

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

export interface BackofficeTables {
  backoffice_operator: BackofficeOperatorTable;
}
