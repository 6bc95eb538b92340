import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

/**
 * Entries on every pocket of the member, newest first. Each pocket's entries come off the
 * (account, journal) index newest first and only the first `limit + offset` of each are merged,
 * so a member with millions of bets costs the same as one with ten.
 */
export async function listMemberEntries(executor: DbExecutor, filter: { memberId: bigint; type?: string; limit: number; offset: number }) {
  const take = filter.limit + filter.offset;
  const typeFilter = filter.type === undefined ? sql`` : sql`and j.type = ${filter.type}`;
  const { rows } = await sql<{ journal_id: bigint; type: string; pocket: string; amount: bigint; balance_after: bigint; reference: string | null; created_at: Date }>`
    select x.journal_id, x.type, a.pocket, x.amount, x.balance_after, x.reference, x.created_at
    from wallet_account a
    cross join lateral (
      select e.journal_id, e.amount, e.balance_after, j.type, j.reference, j.created_at
      from wallet_entry e join wallet_journal j on j.id = e.journal_id
      where e.account_id = a.id ${typeFilter}
      order by e.journal_id desc
      limit ${take}
    ) x
    where a.member_id = ${filter.memberId}
    order by x.journal_id desc, a.pocket
    limit ${filter.limit} offset ${filter.offset}`.execute(executor);
  return rows;
}
