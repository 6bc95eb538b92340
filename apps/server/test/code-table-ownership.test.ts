import { describe, expect, it } from 'vitest';
import { checkModuleCode, foreignTableUses, schemaTableNames } from './code-table-ownership.ts';

describe("modules' code names only their own tables", () => {
  const tables = schemaTableNames();

  it('finds another module’s table in Kysely calls and raw SQL, not in comments or views', () => {
    const code = [
      "db.selectFrom('wallet_account').selectAll()",
      'sql`select display_name from catalogue_vendor where code = ${code}`',
      '// reads wallet_entry through the view',
      "db.selectFrom('accounts_v_member')",
      "db.selectFrom('agents_tree')",
    ].join('\n');
    expect(foreignTableUses(code, 'agents', tables).sort()).toEqual(['catalogue_vendor (catalogue)', 'wallet_account (wallet)']);
  });

  it('holds for every module', () => {
    expect(checkModuleCode()).toEqual([]);
  });
});
