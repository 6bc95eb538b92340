import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export interface RoundTransaction {
  action: string;
  transactionId: string;
  /** The bet's amount (and a rollback's, which returns it); a win's when the round has a single win; null otherwise. */
  amountCents: bigint | null;
  at: Date;
}

/**
 * One round's protocol transactions, in the order they were taken (the sportsbook console shows a
 * ticket's money this way). The transaction record keeps no amount: the round's totals give the
 * bet and, when the round holds one win, that win.
 */
export async function roundTransactions(db: DbExecutor, vendorCode: string, roundId: string): Promise<RoundTransaction[]> {
  const rows = await sql<{ action: string; transaction_id: string; amount_cents: bigint | null; created_at: Date }>`
    select x.action, x.transaction_id, x.created_at,
      case when x.action in ('bet', 'rollback') then r.bet
           when x.action = 'win' and (select count(*) from provider_transaction w where w.vendor_code = x.vendor_code and w.round_id = x.round_id and w.action = 'win') = 1 then r.win end as amount_cents
    from provider_transaction x left join provider_round r on r.vendor_code = x.vendor_code and r.member_id = x.member_id and r.round_id = x.round_id
    where x.vendor_code = ${vendorCode} and x.round_id = ${roundId} order by x.id`.execute(db);
  return rows.rows.map((row) => ({ action: row.action, transactionId: row.transaction_id, amountCents: row.amount_cents, at: row.created_at }));
}
