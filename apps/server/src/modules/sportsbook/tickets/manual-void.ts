import type { DbExecutor } from '../../../platform/db.ts';
import { storeIntent } from './settlement.repository.ts';
import { settleTransactionId } from './settlement.service.ts';

/**
 * An operator's manual void of an open ticket (the console, issue 23): the ticket's settlement
 * intent — status void, its total stake returned — stored exactly as the settlement stores one,
 * so the settlement job pays it through the protocol's closing win and settles the ticket. Answers
 * false when the ticket is not open or already has an intent (nothing changed).
 */
export function storeManualVoid(tx: DbExecutor, ticketId: bigint, totalStakeCents: bigint): Promise<boolean> {
  return storeIntent(tx, ticketId, { status: 'void', returnCents: totalStakeCents, transactionId: settleTransactionId(ticketId) });
}
