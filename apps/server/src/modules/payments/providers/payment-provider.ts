import type { PayoutDestination } from '../payments.tables.ts';

/**
 * What we need from a Brazilian PSP (payment service provider). A real one is plugged in by
 * configuration with an adapter implementing this; the built-in sandbox (sandbox-psp.ts) behaves
 * like one. Every call is idempotent on our ids (txid for charges, payoutId for payouts), so a
 * retry after a timeout never creates a second charge or pays twice.
 */
export interface PaymentProvider {
  readonly code: string;
  /** True for the built-in sandbox: the site may then play the payer. */
  readonly isSandbox: boolean;
  createCharge(input: ChargeRequest): Promise<Charge>;
  getCharge(txid: string): Promise<ChargeState | undefined>;
  /** Returns a received payment to its payer (BCB devolução), e.g. one paid from another CPF. */
  refundCharge(input: { txid: string; endToEndId: string; amount: bigint }): Promise<{ status: 'refunded' }>;
  createPayout(input: PayoutRequest): Promise<PayoutState>;
  getPayout(payoutId: string): Promise<PayoutState | undefined>;
  /**
   * Authenticates a webhook and reads the events it reports (one notice may name several).
   * Throws `payments.webhook_signature_invalid` when it cannot be authenticated; never trusts an
   * unauthenticated body (the sandbox checks an HMAC; the BCB adapter reads each item back from the PSP).
   */
  verifyWebhook(request: WebhookRequest): Promise<ProviderEvent[]>;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** What follows /api/payments/webhooks/<provider> in the path ('' when nothing). */
  path: string;
}

export interface ChargeRequest {
  txid: string;
  amount: bigint;
  expiresInSeconds: number;
  /** Who is expected to pay (the member): providers that support it refuse or flag other payers. */
  payer: { cpf: string; name: string };
  description: string;
}

export interface Charge {
  txid: string;
  /** "Pix Copia e Cola": the EMV BR Code the payer's bank reads. */
  brCode: string;
  expiresAt: Date;
}

export interface ChargeState {
  txid: string;
  status: 'active' | 'paid' | 'expired';
  paidAmount?: bigint;
  endToEndId?: string;
  /** The payer's CPF when the provider reports it (a PSP extension; BCB's Pix object lacks it). */
  payerCpf?: string;
  paidAt?: Date;
  /** The charge's code and expiry as the PSP holds them: how a charge created during a timeout is recovered. */
  brCode?: string;
  expiresAt?: Date;
}

export interface PayoutRequest {
  payoutId: string;
  amount: bigint;
  destination: PayoutDestination;
}

export interface PayoutState {
  payoutId: string;
  status: 'processing' | 'paid' | 'failed';
  endToEndId?: string;
  failureReason?: string;
}

export type ProviderEvent =
  | { eventId: string; type: 'charge.paid'; txid: string; amount: bigint; endToEndId: string; payerCpf?: string; paidAt: Date }
  | { eventId: string; type: 'payout.paid'; payoutId: string; endToEndId?: string }
  | { eventId: string; type: 'payout.failed'; payoutId: string; reason: string };
