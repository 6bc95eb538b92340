import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import { storeIntent } from './settlement.repository.ts';
import { settleTransactionId } from './settlement.service.ts';

/**
 * An operator's manual void of an open ticket (the console, issue 23): the ticket's settlement
 * intent — status void, the stake still in play returned — stored exactly as the settlement stores
 * one, so the settlement job pays it through the protocol's closing win and settles the ticket.
 * After partial cash-outs only the remaining share of the stake is returned (the part sold was
 * paid by the cash-out). The caller holds the ticket's row lock. Answers the return stored, or
 * undefined when the ticket is not open or already has an intent (nothing changed).
 */
export async function storeManualVoid(tx: DbExecutor, ticketId: bigint): Promise<bigint | undefined> {
  const row = (
    await sql<{ return_cents: bigint }>`
      select case when remaining_share_num is null or remaining_share_den is null then total_stake_cents
                  else floor(total_stake_cents * remaining_share_num / remaining_share_den)::bigint end as return_cents
      from sportsbook_ticket where id = ${ticketId}`.execute(tx)
  ).rows[0];
  if (!row) return undefined;
  const returnCents = BigInt(row.return_cents);
  return (await storeIntent(tx, ticketId, { status: 'void', returnCents, transactionId: settleTransactionId(ticketId) })) ? returnCents : undefined;
}
