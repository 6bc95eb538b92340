import { sql } from 'kysely';
import type { Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';

/**
 * Verifies the ledger's invariants over the whole database and stores the result:
 * every journal sums to zero per currency, every balance equals the sum of its entries, no member
 * balance is negative, every entry points at a journal and an account, applied journals have
 * entries (rollbacks that found nothing to reverse excepted) and refused ones have none.
 * Idempotency keys and single reversals are unique indexes; the check counts them anyway.
 */
export interface LedgerProblem {
  kind: string;
  count: number;
  examples: unknown[];
}

export interface LedgerCheckResult {
  ok: boolean;
  journals: number;
  entries: number;
  problems: LedgerProblem[];
  startedAt: Date;
  finishedAt: Date;
}

const EXAMPLES = 5;

const PROBES: { kind: string; query: string }[] = [
  {
    kind: 'journal_not_zero',
    query: `select e.journal_id::text as journal, a.currency, sum(e.amount)::text as sum
            from wallet_entry e join wallet_account a on a.id = e.account_id
            group by e.journal_id, a.currency having sum(e.amount) <> 0`,
  },
  {
    kind: 'balance_differs_from_entries',
    query: `select a.id::text as account, a.balance::text as balance, coalesce(s.total, 0)::text as entries
            from wallet_account a left join (select account_id, sum(amount) as total from wallet_entry group by account_id) s on s.account_id = a.id
            where a.balance <> coalesce(s.total, 0)`,
  },
  { kind: 'negative_member_balance', query: `select id::text as account, balance::text from wallet_account where member_id is not null and balance < 0` },
  {
    kind: 'entry_without_journal_or_account',
    query: `select e.journal_id::text as journal, e.account_id::text as account from wallet_entry e
            left join wallet_journal j on j.id = e.journal_id left join wallet_account a on a.id = e.account_id
            where j.id is null or a.id is null`,
  },
  {
    kind: 'applied_journal_without_entries',
    query: `select j.id::text as journal, j.type from wallet_journal j
            where j.status = 'applied' and not (j.type = 'rollback' and j.reverses_id is null)
              and not exists (select 1 from wallet_entry e where e.journal_id = j.id)`,
  },
  {
    kind: 'refused_journal_with_entries',
    query: `select j.id::text as journal, j.status from wallet_journal j
            where j.status <> 'applied' and exists (select 1 from wallet_entry e where e.journal_id = j.id)`,
  },
  {
    kind: 'duplicate_idempotency_key',
    query: `select idempotency_key, count(*)::int as n from wallet_journal group by idempotency_key having count(*) > 1`,
  },
];

export async function runLedgerCheck(db: Db, clock: Clock): Promise<LedgerCheckResult> {
  const startedAt = clock.now();
  // One snapshot for every probe, so concurrent posts cannot show up half-applied.
  const result = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (tx) => {
      // Every probe reads whole tables: hash joins are right, and stale statistics on a fast-growing
      // ledger must not talk the planner into a nested loop over millions of rows.
      await sql`set local enable_nestloop = off`.execute(tx);
      const problems: LedgerProblem[] = [];
      for (const probe of PROBES) {
        const { rows } = await sql.raw<Record<string, unknown>>(`with found as (${probe.query}) select (select count(*) from found)::int as n, (select coalesce(jsonb_agg(f), '[]'::jsonb) from (select * from found limit ${EXAMPLES}) f) as examples`).execute(tx);
        const row = rows[0] as { n: number; examples: unknown[] };
        if (row.n > 0) problems.push({ kind: probe.kind, count: row.n, examples: row.examples });
      }
      const { rows } = await sql<{ journals: string; entries: string }>`select (select count(*) from wallet_journal)::text as journals, (select count(*) from wallet_entry)::text as entries`.execute(tx);
      return { problems, journals: Number(rows[0]!.journals), entries: Number(rows[0]!.entries) };
    });
  const finishedAt = clock.now();
  const outcome = { ok: result.problems.length === 0, ...result, startedAt, finishedAt };
  await db
    .insertInto('wallet_check_run')
    .values({
      started_at: startedAt,
      finished_at: finishedAt,
      ok: outcome.ok,
      journals: BigInt(outcome.journals),
      entries: BigInt(outcome.entries),
      problems: JSON.stringify(outcome.problems),
    })
    .execute();
  return outcome;
}

/** The last stored result (the back-office and `npm run ledger:check -- --last` show it). */
export async function lastLedgerCheck(db: Db) {
  return db.selectFrom('wallet_check_run').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}
