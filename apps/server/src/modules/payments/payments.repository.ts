import type { DbExecutor } from '../../platform/db.ts';

/**
 * The payments module's SQL (issue 19: every module keeps its queries in a repository, the
 * executor first): here the provider event log; deposits in deposit.repository.ts, withdrawals
 * and payout accounts in withdrawal.repository.ts.
 */

/** The stored outcome of a provider event already received, or undefined. */
export async function findProviderEvent(executor: DbExecutor, provider: string, eventId: string) {
  return executor.selectFrom('payments_provider_event').select('outcome').where('provider', '=', provider).where('event_id', '=', eventId).executeTakeFirst();
}

/** Records a received provider event once; a second record of the same event id does nothing. */
export async function recordProviderEvent(
  executor: DbExecutor,
  event: { provider: string; eventId: string; eventType: string; reference: string; payload: string; outcome: string },
) {
  await executor
    .insertInto('payments_provider_event')
    .values({ provider: event.provider, event_id: event.eventId, event_type: event.eventType, reference: event.reference, payload: event.payload, outcome: event.outcome })
    .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
    .execute();
}

/** The console's event log, newest first, optionally of one reference (a txid or a payout id). */
export async function listProviderEvents(executor: DbExecutor, filter: { reference?: string; limit: number }) {
  let query = executor.selectFrom('payments_provider_event').selectAll();
  if (filter.reference) query = query.where('reference', '=', filter.reference);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}
