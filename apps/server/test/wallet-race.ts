import { sql, type Transaction } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/database.ts';
import type { Db } from '../src/platform/db.ts';
import type { WalletApi } from '../src/modules/wallet/index.ts';

/**
 * Helpers for wallet concurrency tests: pin an interleaving down (hold a transaction open, wait
 * until statements queue on locks) and assert the ledger's invariants over the whole database.
 */

/** Resolves once `count` backends of this database wait for a lock (a statement is parked on another transaction), or `done()`. */
export async function lockWaiters(db: Db, count: number, done: () => boolean = () => false) {
  for (let attempt = 0; attempt < 500 && !done(); attempt += 1) {
    const { rows } = await sql<{ n: bigint }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (rows[0]!.n >= BigInt(count)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!done()) throw new Error(`never saw ${count} lock waiters`);
}

/** A transaction that runs `work`, then stays open until `commit()`; `outcome` never rejects. */
export function holdTransaction<T>(db: Db, work: (tx: Transaction<Database>) => Promise<T>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let answered = false;
  const outcome = db
    .transaction()
    .execute(async (tx) => {
      const result = await work(tx);
      answered = true;
      await gate;
      return result;
    })
    .then(
      (result) => ({ result, error: undefined }),
      (error: unknown) => ({ result: undefined, error }),
    );
  return { outcome, commit: release, answered: () => answered };
}

/** The ledger's invariants in plain SQL (independent of ledger-check.ts), then runLedgerCheck itself. */
export async function expectLedgerInvariants(db: Db, wallet: WalletApi) {
  const count = async (query: ReturnType<typeof sql<{ n: bigint }>>) => (await query.execute(db)).rows[0]!.n;
  expect(await count(sql`select count(*) as n from wallet_account where member_id is not null and balance < 0`), 'negative member balance').toBe(0n);
  expect(
    await count(sql`select count(*) as n from (select e.journal_id from wallet_entry e join wallet_account a on a.id = e.account_id group by e.journal_id, a.currency having sum(e.amount) <> 0) x`),
    'a journal that does not sum to zero',
  ).toBe(0n);
  expect(
    await count(
      sql`select count(*) as n from wallet_account a left join (select account_id, sum(amount) as total from wallet_entry group by account_id) s on s.account_id = a.id where a.balance <> coalesce(s.total, 0)`,
    ),
    'a balance that is not the sum of its entries',
  ).toBe(0n);
  expect(await count(sql`select count(*) as n from (select idempotency_key from wallet_journal group by 1 having count(*) > 1) x`), 'a duplicated idempotency key').toBe(0n);
  expect(
    await count(sql`select count(*) as n from (select reverses_id from wallet_journal where reverses_id is not null group by 1 having count(*) > 1) x`),
    'a journal reversed twice',
  ).toBe(0n);
  expect(await count(sql`select count(*) as n from wallet_journal j where j.status <> 'applied' and exists (select 1 from wallet_entry e where e.journal_id = j.id)`), 'a refused journal with entries').toBe(0n);
  const check = await wallet.runLedgerCheck();
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
}
