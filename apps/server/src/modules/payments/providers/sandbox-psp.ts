import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { AppError } from '@app/kernel';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { buildDynamicBrCode } from '../pix/index.ts';
import type { PayoutDestination } from '../payments.tables.ts';
import type { Charge, ChargeRequest, ChargeState, PaymentProvider, PayoutRequest, PayoutState, ProviderEvent } from './payment-provider.ts';

/**
 * The built-in sandbox PSP. It keeps its own books (payments_sandbox_*), issues dynamic BR Codes,
 * and tells us about payments the way a real PSP does: an HMAC-signed webhook over HTTP to our
 * endpoint, retried if we do not answer 2xx. Nothing here touches our deposits or the ledger.
 *
 * Playing the other side: `payCharge` is the payer's bank paying a charge; payouts settle about a
 * second after they are requested (paid, or failed when the destination key contains "fail").
 */
export const SANDBOX_PROVIDER = 'sandbox';
const SIGNATURE_HEADER = 'x-sandbox-signature';
/** A webhook older than this is refused (replay protection on top of our event-id dedup). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const PAYOUT_SETTLE_MS = 1000;
const DELIVERY_DELAYS_MS = [0, 1000, 5000];

export interface SandboxPsp extends PaymentProvider {
  /**
   * The payer's bank pays the charge (optionally from someone else's CPF). Answers once the PSP
   * has booked it (false: unknown or already paid); `delivery` settles when the webhook got through.
   */
  payCharge(txid: string, payer: { cpf: string }): Promise<{ paid: boolean; delivery: Promise<void> }>;
  /** Where webhooks go (our /api/payments/webhooks/sandbox); set once the server listens. */
  setWebhookUrl(url: string): void;
}

export function createSandboxPsp(deps: {
  db: Db;
  logger: Logger;
  secret: () => Promise<Buffer>;
  webhookUrl: string;
  /** Host the dynamic codes point at (the charge "location"), without https://. */
  locationHost: string;
  receiverName: string;
  receiverCity: string;
}): SandboxPsp {
  const logger = deps.logger.child({ provider: SANDBOX_PROVIDER });
  let webhookUrl = deps.webhookUrl;

  async function sign(body: string, timestamp: number): Promise<string> {
    return createHmac('sha256', await deps.secret()).update(`${timestamp}.${body}`).digest('hex');
  }

  async function deliver(event: Record<string, unknown>): Promise<void> {
    const body = JSON.stringify(event);
    for (const delay of DELIVERY_DELAYS_MS) {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const timestamp = Math.floor(Date.now() / 1000);
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: `t=${timestamp},v1=${await sign(body, timestamp)}` },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) return;
        logger.warn({ status: response.status, event: event.type }, 'sandbox webhook refused; will retry');
      } catch (error) {
        logger.warn({ err: error, event: event.type }, 'sandbox webhook not delivered; will retry');
      }
    }
    // Like a real PSP after its retries: the receiver must reconcile by polling (payments job does).
    logger.error({ event: event.type, eventId: event.eventId }, 'sandbox webhook given up');
  }

  const brCodeOf = (charge: { txid: string; amount: bigint }) =>
    buildDynamicBrCode({ url: `${deps.locationHost}/sandbox-pix/cob/${charge.txid}`, name: deps.receiverName, city: deps.receiverCity, amountCents: charge.amount });

  const endToEndId = () => `E${randomBytes(16).toString('hex').slice(0, 31)}`.toUpperCase().slice(0, 32);

  async function settleDuePayout(payoutId: string): Promise<void> {
    const row = await deps.db.selectFrom('payments_sandbox_payout').selectAll().where('payout_id', '=', payoutId).executeTakeFirst();
    if (!row || row.status !== 'processing' || Date.now() - row.created_at.getTime() < PAYOUT_SETTLE_MS) return;
    const failure = failureOf(row.destination);
    const settled = await deps.db
      .updateTable('payments_sandbox_payout')
      .set({ status: failure ? 'failed' : 'paid', failure_reason: failure ?? null, end_to_end_id: failure ? null : endToEndId(), settled_at: sql<Date>`now()` })
      .where('payout_id', '=', payoutId)
      .where('status', '=', 'processing')
      .returningAll()
      .executeTakeFirst();
    if (!settled) return;
    void deliver(
      settled.status === 'paid'
        ? { eventId: `payout-${payoutId}-paid`, type: 'payout.paid', payoutId, endToEndId: settled.end_to_end_id }
        : { eventId: `payout-${payoutId}-failed`, type: 'payout.failed', payoutId, reason: settled.failure_reason },
    );
  }

  const payoutState = (row: { payout_id: string; status: 'processing' | 'paid' | 'failed'; end_to_end_id: string | null; failure_reason: string | null }): PayoutState => ({
    payoutId: row.payout_id,
    status: row.status,
    ...(row.end_to_end_id ? { endToEndId: row.end_to_end_id } : {}),
    ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
  });

  return {
    code: SANDBOX_PROVIDER,
    isSandbox: true,

    setWebhookUrl(url: string) {
      webhookUrl = url;
    },

    async createCharge(input: ChargeRequest): Promise<Charge> {
      const expiresAt = new Date(Date.now() + input.expiresInSeconds * 1000);
      await deps.db
        .insertInto('payments_sandbox_charge')
        .values({ txid: input.txid, amount: input.amount, receiver_name: deps.receiverName, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('txid').doNothing())
        .execute();
      const charge = await deps.db.selectFrom('payments_sandbox_charge').selectAll().where('txid', '=', input.txid).executeTakeFirstOrThrow();
      return { txid: charge.txid, brCode: brCodeOf(charge), expiresAt: charge.expires_at };
    },

    async getCharge(txid: string): Promise<ChargeState | undefined> {
      const charge = await deps.db.selectFrom('payments_sandbox_charge').selectAll().where('txid', '=', txid).executeTakeFirst();
      if (!charge) return undefined;
      if (charge.status !== 'active') {
        return { txid, status: 'paid', paidAmount: charge.amount, endToEndId: charge.end_to_end_id ?? undefined, payerCpf: charge.payer_cpf ?? undefined, paidAt: charge.paid_at ?? undefined };
      }
      return { txid, status: charge.expires_at.getTime() <= Date.now() ? 'expired' : 'active', brCode: brCodeOf(charge), expiresAt: charge.expires_at };
    },

    async payCharge(txid: string, payer: { cpf: string }) {
      const paid = await deps.db
        .updateTable('payments_sandbox_charge')
        .set({ status: 'paid', paid_at: sql<Date>`now()`, end_to_end_id: endToEndId(), payer_cpf: payer.cpf })
        .where('txid', '=', txid)
        .where('status', '=', 'active')
        .returningAll()
        .executeTakeFirst();
      if (!paid) return { paid: false, delivery: Promise.resolve() };
      const delivery = deliver({
        eventId: `charge-${txid}-paid`,
        type: 'charge.paid',
        txid,
        amount: paid.amount.toString(),
        endToEndId: paid.end_to_end_id,
        payerCpf: paid.payer_cpf,
        paidAt: paid.paid_at?.toISOString(),
      });
      return { paid: true, delivery };
    },

    async refundCharge(input: { txid: string; endToEndId: string; amount: bigint }) {
      const charge = await deps.db.selectFrom('payments_sandbox_charge').selectAll().where('txid', '=', input.txid).executeTakeFirst();
      if (!charge || charge.end_to_end_id !== input.endToEndId || charge.status === 'active') throw new AppError('payments.deposit_not_held', 'nothing paid to return');
      // Idempotent: returning it again answers the same.
      await deps.db.updateTable('payments_sandbox_charge').set({ status: 'refunded', refunded_at: sql<Date>`coalesce(refunded_at, now())` }).where('txid', '=', input.txid).execute();
      return { status: 'refunded' as const };
    },

    async createPayout(input: PayoutRequest): Promise<PayoutState> {
      await deps.db
        .insertInto('payments_sandbox_payout')
        .values({ payout_id: input.payoutId, amount: input.amount, destination: JSON.stringify(input.destination) })
        .onConflict((conflict) => conflict.column('payout_id').doNothing())
        .execute();
      setTimeout(() => void settleDuePayout(input.payoutId).catch((error: unknown) => logger.error({ err: error }, 'sandbox payout settlement failed')), PAYOUT_SETTLE_MS + 50).unref();
      const row = await deps.db.selectFrom('payments_sandbox_payout').selectAll().where('payout_id', '=', input.payoutId).executeTakeFirstOrThrow();
      return payoutState(row);
    },

    async getPayout(payoutId: string): Promise<PayoutState | undefined> {
      await settleDuePayout(payoutId);
      const row = await deps.db.selectFrom('payments_sandbox_payout').selectAll().where('payout_id', '=', payoutId).executeTakeFirst();
      return row ? payoutState(row) : undefined;
    },

    async verifyWebhook({ headers, rawBody, path }): Promise<ProviderEvent[]> {
      if (path !== '') throw new AppError('route.not_found', 'unknown webhook path');
      const header = headers[SIGNATURE_HEADER];
      const match = typeof header === 'string' ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header) : null;
      if (!match) throw new AppError('payments.webhook_signature_invalid', 'missing or malformed signature');
      const timestamp = Number(match[1]);
      if (Math.abs(Date.now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new AppError('payments.webhook_signature_invalid', 'signature too old');
      const expected = Buffer.from(await sign(rawBody, timestamp), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'))) throw new AppError('payments.webhook_signature_invalid', 'signature mismatch');
      return [parseSandboxEvent(rawBody)];
    },
  };
}

/** Test hook for the sandbox's payer side: any key containing "fail" is refused by the receiving bank. */
function failureOf(destination: PayoutDestination): string | undefined {
  const key = destination.kind === 'pix' ? destination.key : `${destination.bankCode}/${destination.account}`;
  return key.toLowerCase().includes('fail') ? 'destination account refused the transfer' : undefined;
}

function parseSandboxEvent(rawBody: string): ProviderEvent {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    throw new AppError('request.malformed', 'webhook body is not JSON');
  }
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined);
  const eventId = text(body.eventId);
  if (!eventId) throw new AppError('request.malformed', 'webhook without event id');
  if (body.type === 'charge.paid' && text(body.txid) && typeof body.amount === 'string' && /^\d{1,15}$/.test(body.amount) && text(body.endToEndId)) {
    return { eventId, type: 'charge.paid', txid: body.txid as string, amount: BigInt(body.amount), endToEndId: body.endToEndId as string, payerCpf: text(body.payerCpf), paidAt: new Date(text(body.paidAt) ?? Date.now()) };
  }
  if (body.type === 'payout.paid' && text(body.payoutId)) return { eventId, type: 'payout.paid', payoutId: body.payoutId as string, endToEndId: text(body.endToEndId) };
  if (body.type === 'payout.failed' && text(body.payoutId)) return { eventId, type: 'payout.failed', payoutId: body.payoutId as string, reason: text(body.reason) ?? 'refused' };
  throw new AppError('request.malformed', 'unknown webhook event');
}
