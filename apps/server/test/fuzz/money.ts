import { sql } from 'kysely';
import type { Core } from '../../src/compose.ts';

/**
 * Where the money is: the ledger's journals and entries, and every member's pockets (the wallet
 * tables, wallet.tables.ts). The fingerprint of balances catches movements that net to zero.
 */
export interface MoneySnapshot {
  journals: string;
  lastJournal: string;
  entries: string;
  entrySum: string;
  entryVolume: string;
  memberAccounts: string;
  memberBalanceSum: string;
  memberBalances: string;
}

export async function moneySnapshot(core: Core): Promise<MoneySnapshot> {
  const { rows } = await sql<MoneySnapshot>`
    select
      (select count(*)::text from wallet_journal) as journals,
      (select coalesce(max(id), 0)::text from wallet_journal) as "lastJournal",
      (select count(*)::text from wallet_entry) as entries,
      (select coalesce(sum(amount), 0)::text from wallet_entry) as "entrySum",
      (select coalesce(sum(abs(amount)), 0)::text from wallet_entry) as "entryVolume",
      (select count(*)::text from wallet_account where member_id is not null) as "memberAccounts",
      (select coalesce(sum(balance), 0)::text from wallet_account where member_id is not null) as "memberBalanceSum",
      (select md5(coalesce(string_agg(id || ':' || balance, ',' order by id), '')) from wallet_account where member_id is not null) as "memberBalances"
  `.execute(core.db);
  return rows[0]!;
}

/** The fields that differ, as "field: before → after"; empty when nothing moved. */
export function moneyChanges(before: MoneySnapshot, after: MoneySnapshot): string[] {
  return (Object.keys(before) as (keyof MoneySnapshot)[]).filter((field) => before[field] !== after[field]).map((field) => `${field}: ${before[field]} → ${after[field]}`);
}
