import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export interface MemberMovement {
  journalId: bigint;
  memberId: bigint;
  type: string;
  pocket: string;
  amount: bigint;
  balanceAfter: bigint;
  reference: string | null;
  product: string | null;
  vendor: string | null;
  createdAt: Date;
}

interface Row {
  journal_id: bigint;
  member_id: bigint;
  type: string;
  pocket: string;
  amount: bigint;
  balance_after: bigint;
  reference: string | null;
  product: string | null;
  vendor: string | null;
  created_at: Date;
}

const toMovement = (row: Row): MemberMovement => ({
  journalId: row.journal_id,
  memberId: row.member_id,
  type: row.type,
  pocket: row.pocket,
  amount: row.amount,
  balanceAfter: row.balance_after,
  reference: row.reference,
  product: row.product,
  vendor: row.vendor,
  createdAt: row.created_at,
});

/**
 * Every posted ledger entry of a member on every pocket, oldest first, in pages by (journal, pocket)
 * (keyset), so a caller streams a history of any size without holding it (compliance's CSV history
 * and LGPD export). `from`/`to` bound the journal's time (half-open), optional.
 */
export async function* memberMovements(db: Db, memberId: bigint, range: { from?: Date; to?: Date } = {}, pageSize = 1000): AsyncGenerator<MemberMovement> {
  let afterJournal = 0n;
  let afterPocket = '';
  for (;;) {
    const { rows } = await sql<Row>`
      select e.journal_id, a.member_id, j.type, a.pocket, e.amount, e.balance_after, j.reference, j.product, j.vendor, j.created_at
      from wallet_account a
      join wallet_entry e on e.account_id = a.id
      join wallet_journal j on j.id = e.journal_id
      where a.member_id = ${memberId} and (e.journal_id, a.pocket) > (${afterJournal}, ${afterPocket})
        ${range.from ? sql`and j.created_at >= ${range.from}` : sql``}
        ${range.to ? sql`and j.created_at < ${range.to}` : sql``}
      order by e.journal_id, a.pocket
      limit ${pageSize}`.execute(db);
    for (const row of rows) yield toMovement(row);
    if (rows.length < pageSize) return;
    afterJournal = rows[rows.length - 1]!.journal_id;
    afterPocket = rows[rows.length - 1]!.pocket;
  }
}

/** Every member's ledger entries of a half-open period, by journal, for the regulator extract (compliance). */
export async function* movementsBetween(db: Db, from: Date, to: Date, pageSize = 2000): AsyncGenerator<MemberMovement> {
  let afterJournal = 0n;
  let afterAccount = 0n;
  for (;;) {
    const { rows } = await sql<Row & { account_id: bigint }>`
      select j.id as journal_id, a.id as account_id, a.member_id, j.type, a.pocket, e.amount, e.balance_after, j.reference, j.product, j.vendor, j.created_at
      from wallet_journal j
      join wallet_entry e on e.journal_id = j.id
      join wallet_account a on a.id = e.account_id and a.member_id is not null
      where j.created_at >= ${from} and j.created_at < ${to} and (j.id, a.id) > (${afterJournal}, ${afterAccount})
      order by j.id, a.id
      limit ${pageSize}`.execute(db);
    for (const row of rows) yield toMovement(row);
    if (rows.length < pageSize) return;
    afterJournal = rows[rows.length - 1]!.journal_id;
    afterAccount = rows[rows.length - 1]!.account_id;
  }
}
