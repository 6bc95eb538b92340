import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, readMigrations } from '../src/platform/migrate.ts';
import { describeViolation, ownerOfMigration, ownerOfName, touchesOf, violationsOf } from './migration-ownership.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * Historic migrations that touched another module's table, each with the migration that undid it
 * or why it stays. Landed migrations are never edited, so these cannot go away; anything not
 * listed here fails. A new cross-module need is met by the owner's migration (a published view,
 * function or hook), never by an entry here.
 */
const HISTORIC: Record<string, { undoneBy: string } | { stays: string }> = {
  '0005_accounts_human_checks.sql (accounts): create system_secret (system)': {
    stays: 'the system module has owned system_secret since; accounts only created it first',
  },
  '0020_jackpot_pools.sql (house-games): alter table wallet_journal (wallet)': {
    stays: "the 'jackpot' journal type is the wallet's list now; re-adding the check would rescan the whole ledger",
  },
  '0024_agents_tree.sql (agents): create trigger on accounts_member (accounts)': { undoneBy: '0046_accounts_published_api.sql' },
  '0025_agents_commissions.sql (agents): create trigger on provider_round (provider)': { undoneBy: '0047_provider_round_hooks.sql' },
  '0025_agents_commissions.sql (agents): alter table provider_round (provider)': { undoneBy: '0047_provider_round_hooks.sql' },
  '0025_agents_commissions.sql (agents): alter table content_item (content)': {
    stays: "'agent_notice' is one of the content module's kinds now (its service validates it)",
  },
  '0025_agents_commissions.sql (agents): create index on accounts_member (accounts)': {
    stays: 'index only (agents\' new members by period); moving it would rebuild it on the members table',
  },
  '0025_agents_commissions.sql (agents): create index on payments_deposit (payments)': { stays: 'index only (team deposits by period)' },
  '0025_agents_commissions.sql (agents): create index on payments_withdrawal (payments)': { stays: 'index only (team withdrawals by period)' },
  '0031_reports_rollups.sql (reports): create index on wallet_journal (wallet)': { stays: 'index only (bonuses and adjustments by time)' },
  '0031_reports_rollups.sql (reports): create index on accounts_session (accounts)': { stays: 'index only (logins by time)' },
  '0033_agents_backoffice.sql (agents): create index on accounts_member (accounts)': { stays: 'index only (top agents by account)' },
};

describe('migration ownership', () => {
  const migrations = readMigrations();

  it('knows the module of every migration, and files from 0045 on name it in their first line', () => {
    const problems = migrations.map((migration) => ownerOfMigration(migration.name, migration.sql).problem).filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('finds no migration touching another module’s table other than the historic ones listed', () => {
    const found = new Set(migrations.flatMap((migration) => violationsOf(migration.name, migration.sql).violations.map(describeViolation)));
    expect([...found].filter((violation) => !(violation in HISTORIC))).toEqual([]);
    // An entry nothing matches any more is stale: the list says exactly what happened.
    expect(Object.keys(HISTORIC).filter((entry) => !found.has(entry))).toEqual([]);
    for (const entry of Object.values(HISTORIC)) {
      if ('undoneBy' in entry) expect(existsSync(path.join(MIGRATIONS_DIR, entry.undoneBy)), entry.undoneBy).toBe(true);
    }
  });

  it('reports a migration of one module that alters, indexes, triggers on or writes another module’s table', () => {
    const synthetic = [
      '-- module: agents',
      "-- a comment naming insert into wallet_entry is no statement; nor is 'update wallet_account' in a string",
      'alter table provider_round add column agent_chain bigint[];',
      'create index agents_on_members on accounts_member (created_at);',
      'create trigger agents_watch after insert or update of status on provider_round for each row execute function agents_watch();',
      'create function agents_watch() returns trigger language plpgsql as $$ begin update wallet_account set balance = 0; return null; end; $$;',
      'alter table content_item drop constraint content_item_kind_check;',
      'comment on column payments_deposit.amount is $$cents$$;',
      'create view wallet_v_spy as select 1;',
      'insert into agents_tree (ancestor_id) select id from accounts_member on conflict do nothing;',
      'insert into agents_tree (ancestor_id) values (1) on conflict (ancestor_id) do update set depth = 0;',
    ].join('\n');
    const { problem, violations } = violationsOf('0099_agents_sneaky.sql', synthetic);
    expect(problem).toBeUndefined();
    expect(violations.map((violation) => `${violation.action} ${violation.target} (${violation.owner})`).sort()).toEqual(
      [
        'alter table provider_round (provider)',
        'create index on accounts_member (accounts)',
        'create trigger on provider_round (provider)',
        'update wallet_account (wallet)',
        'alter table content_item (content)',
        'comment on column payments_deposit (payments)',
        'create wallet_v_spy (wallet)',
      ].sort(),
    );
    // The same statements from the owners' own migrations pass.
    expect(violationsOf('0099_provider_ok.sql', '-- module: provider\nalter table provider_round add column x int;').violations).toEqual([]);
    expect(touchesOf('select 1 from wallet_entry for update of wallet_entry skip locked;')).toEqual([]);
  });

  it('requires the header from 0045 on, agreeing with the file name', () => {
    expect(ownerOfMigration('0099_agents_x.sql', 'create table agents_x ();').problem).toMatch(/first line/);
    expect(ownerOfMigration('0099_agents_x.sql', '-- module: wallet\n').problem).toMatch(/named for agents/);
    expect(ownerOfMigration('0099_agents_x.sql', '-- module: agents\n').module).toBe('agents');
    expect(ownerOfMigration('0015_house_games.sql', '').module).toBe('house-games');
    expect(ownerOfName('crash_round')).toBe('house-games');
    expect(ownerOfName('mystery_table')).toBeUndefined();
  });

  it('leaves, in the migrated database, only triggers whose function belongs to the table’s module', async () => {
    const client = new pg.Client({ connectionString: await createTestDatabase() });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string; trigger_name: string; function_name: string }>(`
        select c.relname as table_name, t.tgname as trigger_name, p.proname as function_name
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal`);
      expect(rows.length).toBeGreaterThan(0);
      const foreign = rows.filter((row) => ownerOfName(row.table_name) !== ownerOfName(row.function_name) || ownerOfName(row.trigger_name) !== ownerOfName(row.table_name));
      expect(foreign).toEqual([]);
      const { rows: columns } = await client.query(`select 1 from information_schema.columns where table_name = 'provider_round' and column_name = 'agent_chain'`);
      expect(columns).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
