import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { DepositService } from './deposit.service.ts';
import { findProviderEvent, recordProviderEvent } from './payments.repository.ts';
import type { PaymentProvider, ProviderEvent, WebhookRequest } from './providers/payment-provider.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

/**
 * Provider webhooks: signature checked by the provider adapter, each event id recorded once
 * (a replay is answered 200 and changes nothing), then applied. Applying is itself idempotent
 * (state guards and ledger keys), so an event that arrives twice through a race, or out of
 * order with the reconciliation poll, still moves money at most once.
 */
export function createWebhookService(deps: { db: Db; logger: Logger; provider: PaymentProvider; deposits: DepositService; withdrawals: WithdrawalService }) {
  async function apply(event: ProviderEvent): Promise<string> {
    switch (event.type) {
      case 'charge.paid':
        return deps.deposits.settlePaid(event);
      case 'payout.paid':
        return deps.withdrawals.settlePayout(event.payoutId, { status: 'paid' });
      case 'payout.failed':
        return deps.withdrawals.settlePayout(event.payoutId, { status: 'failed', reason: event.reason });
    }
  }

  async function receiveOne(event: ProviderEvent): Promise<string> {
    const seen = await findProviderEvent(deps.db, deps.provider.code, event.eventId);
    if (seen) return `replay:${seen.outcome}`;
    const outcome = await apply(event);
    if (outcome === 'unknown') deps.logger.warn({ eventId: event.eventId, type: event.type }, 'webhook for an unknown reference: recorded, no effect');
    const reference = event.type === 'charge.paid' ? event.txid : event.payoutId;
    await recordProviderEvent(deps.db, {
      provider: deps.provider.code,
      eventId: event.eventId,
      eventType: event.type,
      reference,
      payload: JSON.stringify(event, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
      outcome,
    });
    return outcome;
  }

  return {
    /** One notice may report several events; the outcome names each in order ('' when none was confirmed). */
    async receive(request: WebhookRequest): Promise<{ outcome: string }> {
      const events = await deps.provider.verifyWebhook(request);
      const outcomes: string[] = [];
      for (const event of events) outcomes.push(await receiveOne(event));
      return { outcome: outcomes.join(',') };
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
