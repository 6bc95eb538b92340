import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readDefinitions, readMigrations } from '../src/platform/migrate.ts';
import { checkDefinitions, checkMigrations, ownerOfMigration, ownerOfName, touchesOf, violationsOf } from './migration-ownership.ts';
import { createTestDatabase } from './test-database.ts';

describe('migration ownership', () => {
  const migrations = readMigrations();

  it('knows every migration’s module and finds none touching another module’s table beyond the listed historic ones', () => {
    expect(checkMigrations(migrations)).toEqual([]);
  });

  it('fails a new migration that touches another module’s table, and an exception nothing matches any more', () => {
    const sneaky = { name: '0099_agents_sneaky.sql', sql: '-- module: agents\ncreate index agents_peek on wallet_entry (amount);' };
    expect(checkMigrations([...migrations, sneaky])).toEqual(['0099_agents_sneaky.sql (agents): create index on wallet_entry (wallet)']);
    const withoutHistory = migrations.filter((migration) => migration.name !== '0033_agents_backoffice.sql');
    expect(checkMigrations(withoutHistory)).toEqual([
      'stale exception (nothing matches it): 0033_agents_backoffice.sql (agents): create index on accounts_member (accounts)',
    ]);
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

  it('holds the re-appliable definitions to their folder’s module, and finds one that writes another module’s table', () => {
    expect(checkDefinitions(readDefinitions())).toEqual([]);
    const leaking = { name: 'provider/provider_leak.sql', sql: '-- module: provider\ncreate or replace function provider_leak() returns void language sql as $$ update wallet_account set balance = 0 $$;' };
    const unheaded = { name: 'wallet/wallet_x.sql', sql: 'create or replace function wallet_x() returns int language sql as $$ select 1 $$;' };
    expect(checkDefinitions([leaking, unheaded])).toEqual([
      'provider/provider_leak.sql (provider): update wallet_account (wallet)',
      'wallet/wallet_x.sql: the first line must be "-- module: wallet"',
    ]);
  });
});
