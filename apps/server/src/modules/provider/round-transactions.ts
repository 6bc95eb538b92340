import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export interface RoundTransaction {
  action: string;
  transactionId: string;
  /** What the transaction moved: a bet's stake, a win's amount, what a rollback took back; null when unknown (see below). */
  amountCents: bigint | null;
  at: Date;
}

/**
 * One round's protocol transactions, in the order they were taken (the sportsbook console shows a
 * ticket's money this way). Each stored answer keeps its amount (provider_money_callback); answers
 * stored before it did fall back on the round's totals: the bet (and a bet rollback's), a win's
 * when the round holds a single win, otherwise null.
 */
export async function roundTransactions(db: DbExecutor, vendorCode: string, roundId: string): Promise<RoundTransaction[]> {
  const rows = await sql<{ action: string; transaction_id: string; amount_cents: bigint | null; created_at: Date }>`
    select x.action, x.transaction_id, x.created_at,
      coalesce((x.response->>'amount')::bigint,
        case when x.action = 'bet' or (x.action = 'rollback' and coalesce(x.response->>'reverses', 'bet') = 'bet') then r.bet
             when x.action = 'win' and (select count(*) from provider_transaction w where w.vendor_code = x.vendor_code and w.round_id = x.round_id and w.action = 'win') = 1 then r.win end) as amount_cents
    from provider_transaction x left join provider_round r on r.vendor_code = x.vendor_code and r.member_id = x.member_id and r.round_id = x.round_id
    where x.vendor_code = ${vendorCode} and x.round_id = ${roundId} order by x.id`.execute(db);
  return rows.rows.map((row) => ({ action: row.action, transactionId: row.transaction_id, amountCents: row.amount_cents, at: row.created_at }));
}
