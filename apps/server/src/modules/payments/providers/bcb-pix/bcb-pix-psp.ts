import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@app/kernel';
import type { Logger } from '../../../../platform/logger.ts';
import { buildDynamicBrCode, formatBrCodeAmount } from '../../pix/index.ts';
import type { Charge, ChargeRequest, ChargeState, PaymentProvider, PayoutRequest, PayoutState, ProviderEvent, WebhookRequest } from '../payment-provider.ts';
import { PixRefusedError, PixUnavailableError, type PixHttpClient } from './pix-http-client.ts';
import { parseNotice, readCob, readDevolucao, readEnvio, readReturns, type CobAnswer, type EnvioAnswer } from './pix-answers.ts';

/**
 * A PSP that implements the Central Bank's standard PIX API (pix-api.openapi.yaml beside this
 * file): charges are `cob` with our txid, payments are read back from the charge, returns are
 * `devolucao`, payouts go through the PSP's payout extension with our payout id as `idEnvio`.
 * Every write is a PUT on our own id, so a retry after a timeout finds what the first attempt did
 * instead of doing it twice.
 *
 * Webhooks: the standard's webhook carries no signature (the PSP authenticates with mutual TLS at
 * the edge, which a proxy terminates), so a notice is only a hint. The URL we register carries a
 * secret path token, and each payment or payout it names is read back from the PSP over our own
 * authenticated connection; only the PSP's answer moves money.
 */
export const BCB_PIX_PROVIDER = 'bcb-pix';

export interface BcbPixPspOptions {
  client: PixHttpClient;
  /** Our receiving PIX key at the PSP (charges are made to it, payouts are paid from it). */
  pixKey: string;
  receiverName: string;
  receiverCity: string;
  /** Keys the webhook path token; the system module's stored secret. */
  webhookSecret: () => Promise<Buffer>;
  logger: Logger;
}

export interface BcbPixPsp extends PaymentProvider {
  /** The path segment our webhook URL carries: /api/payments/webhooks/bcb-pix/<token>. */
  webhookToken(): Promise<string>;
  /** Registers `<publicUrl>/api/payments/webhooks/bcb-pix/<token>` for our key (PUT /webhook/{chave}). */
  registerWebhook(publicUrl: string): Promise<string>;
}

export function createBcbPixPsp(options: BcbPixPspOptions): BcbPixPsp {
  const { client } = options;
  const logger = options.logger.child({ provider: BCB_PIX_PROVIDER });

  async function webhookToken(): Promise<string> {
    return createHmac('sha256', await options.webhookSecret()).update('bcb-pix webhook path').digest('hex');
  }

  function chargeOf(txid: string, cob: CobAnswer): Charge {
    const brCode = cob.pixCopiaECola ?? buildDynamicBrCode({ url: cob.location, name: options.receiverName, city: options.receiverCity });
    return { txid, brCode, expiresAt: cob.expiresAt };
  }

  async function readCharge(txid: string): Promise<CobAnswer | undefined> {
    const response = await client.call('GET', `/cob/${txid}`);
    return response.status === 404 ? undefined : readCob(response.body, txid);
  }

  async function readPayout(payoutId: string): Promise<EnvioAnswer | undefined> {
    const response = await client.call('GET', `/gn/pix/enviados/id-envio/${payoutId}`);
    return response.status === 404 ? undefined : readEnvio(response.body, payoutId);
  }

  const payoutState = (envio: EnvioAnswer): PayoutState => ({
    payoutId: envio.idEnvio,
    status: envio.status,
    ...(envio.endToEndId ? { endToEndId: envio.endToEndId } : {}),
    ...(envio.reason ? { failureReason: envio.reason } : {}),
  });

  /** A notice's payment, confirmed by reading its charge back: undefined when the PSP does not confirm it. */
  async function confirmedPayment(txid: string, endToEndId: string): Promise<ProviderEvent | undefined> {
    const cob = await readCharge(txid);
    const payment = cob?.payments.find((pix) => pix.endToEndId === endToEndId);
    if (!payment) return undefined;
    return { eventId: `pix:${endToEndId}`, type: 'charge.paid', txid, amount: payment.amount, endToEndId, payerCpf: payment.payerCpf, paidAt: payment.paidAt };
  }

  async function confirmedPayout(idEnvio: string): Promise<ProviderEvent | undefined> {
    const envio = await readPayout(idEnvio);
    if (envio?.status === 'paid') return { eventId: `envio:${idEnvio}:paid`, type: 'payout.paid', payoutId: idEnvio, endToEndId: envio.endToEndId };
    if (envio?.status === 'failed') return { eventId: `envio:${idEnvio}:failed`, type: 'payout.failed', payoutId: idEnvio, reason: envio.reason ?? 'refused' };
    return undefined;
  }

  async function refund(input: { txid: string; endToEndId: string; amount: bigint }) {
    // Our returns of a payment are ids D<txid><n>: one that went through (or is under way) means
    // it is done already; after a refused one, the next attempt takes the next id (an id is never reused).
    const payment = await client.call('GET', `/pix/${input.endToEndId}`);
    if (payment.status === 404) throw new AppError('payments.refund_refused', 'the PSP has no such payment');
    const ours = readReturns(payment.body).filter((item) => item.id.startsWith(`D${input.txid}`));
    if (ours.some((item) => item.status !== 'NAO_REALIZADO')) return { status: 'refunded' as const };
    const path = `/pix/${input.endToEndId}/devolucao/D${input.txid}${ours.length}`;
    let answer;
    try {
      answer = readDevolucao((await client.call('PUT', path, { valor: formatBrCodeAmount(input.amount), natureza: 'ORIGINAL', descricao: 'Devolucao de pagamento nao creditado' })).body);
    } catch (error) {
      // Another attempt took this id at the same moment: its answer is ours.
      if (!(error instanceof PixRefusedError) || error.status !== 409) throw error;
      const existing = await client.call('GET', path);
      if (existing.status === 404) throw error;
      answer = readDevolucao(existing.body);
    }
    if (answer.status === 'NAO_REALIZADO') throw new AppError('payments.refund_refused', `the PSP did not return the payment: ${answer.reason ?? 'no reason given'}`);
    return { status: 'refunded' as const };
  }

  return {
    code: BCB_PIX_PROVIDER,
    isSandbox: false,
    webhookToken,

    async registerWebhook(publicUrl: string) {
      const webhookUrl = `${publicUrl.replace(/\/$/, '')}/api/payments/webhooks/${BCB_PIX_PROVIDER}/${await webhookToken()}`;
      await client.call('PUT', `/webhook/${encodeURIComponent(options.pixKey)}`, { webhookUrl });
      return webhookUrl;
    },

    async createCharge(input: ChargeRequest): Promise<Charge> {
      const body = {
        calendario: { expiracao: input.expiresInSeconds },
        devedor: { cpf: input.payer.cpf, nome: input.payer.name.slice(0, 200) },
        valor: { original: formatBrCodeAmount(input.amount) },
        chave: options.pixKey,
        solicitacaoPagador: input.description.slice(0, 140),
      };
      try {
        const response = await client.call('PUT', `/cob/${input.txid}`, body);
        return chargeOf(input.txid, readCob(response.body, input.txid));
      } catch (error) {
        // The txid exists: an earlier attempt reached the PSP. Answer that charge if it is ours.
        if (!(error instanceof PixRefusedError) || error.status !== 409) throw error;
        const existing = await readCharge(input.txid);
        if (!existing || existing.amount !== input.amount) throw error;
        return chargeOf(input.txid, existing);
      }
    },

    async getCharge(txid: string): Promise<ChargeState | undefined> {
      const cob = await readCharge(txid);
      if (!cob) return undefined;
      const charge = chargeOf(txid, cob);
      const paid = cob.payments[0];
      if (cob.status === 'CONCLUIDA' && paid) {
        return { txid, status: 'paid', paidAmount: paid.amount, endToEndId: paid.endToEndId, payerCpf: paid.payerCpf, paidAt: paid.paidAt, brCode: charge.brCode, expiresAt: charge.expiresAt };
      }
      const expired = cob.status !== 'ATIVA' || cob.expiresAt.getTime() <= Date.now();
      return { txid, status: expired ? 'expired' : 'active', brCode: charge.brCode, expiresAt: charge.expiresAt };
    },

    async refundCharge(input: { txid: string; endToEndId: string; amount: bigint }) {
      // An operator waits on this answer: the PSP's refusal or silence becomes a translated error.
      try {
        return await refund(input);
      } catch (error) {
        if (error instanceof PixRefusedError) throw new AppError('payments.refund_refused', error.message);
        if (error instanceof PixUnavailableError) throw new AppError('payments.provider_unavailable', error.message);
        throw error;
      }
    },
    async createPayout(input: PayoutRequest): Promise<PayoutState> {
      const destination = input.destination;
      const favorecido =
        destination.kind === 'pix'
          ? { chave: destination.key, cpf: destination.holderCpf }
          : {
              contaBanco: {
                nome: destination.holderName.slice(0, 200),
                cpf: destination.holderCpf,
                codigoBanco: destination.bankCode,
                agencia: destination.branch,
                conta: destination.account.replace(/\D/g, ''),
                tipoConta: destination.accountType === 'savings' ? 'svgs' : destination.accountType === 'payment' ? 'tran' : 'cacc',
              },
            };
      const body = { valor: formatBrCodeAmount(input.amount), pagador: { chave: options.pixKey, infoPagador: 'Saque' }, favorecido };
      try {
        const response = await client.call('PUT', `/gn/pix/${input.payoutId}`, body);
        return payoutState(readEnvio(response.body, input.payoutId));
      } catch (error) {
        if (!(error instanceof PixRefusedError) || error.status !== 409) throw error;
        const existing = await readPayout(input.payoutId);
        if (!existing || existing.amount !== input.amount) throw error;
        return payoutState(existing);
      }
    },

    async getPayout(payoutId: string): Promise<PayoutState | undefined> {
      const envio = await readPayout(payoutId);
      return envio ? payoutState(envio) : undefined;
    },

    async verifyWebhook(request: WebhookRequest): Promise<ProviderEvent[]> {
      // The PSP calls the registered URL with /pix appended: <token>/pix.
      const token = /^\/([0-9a-f]{64})(?:\/pix)?$/.exec(request.path)?.[1];
      const expected = Buffer.from(await webhookToken(), 'hex');
      if (!token || !timingSafeEqual(expected, Buffer.from(token, 'hex'))) throw new AppError('payments.webhook_signature_invalid', 'unknown webhook path');
      const notice = parseNotice(request.rawBody);
      const events: ProviderEvent[] = [];
      try {
        for (const item of notice) {
          const event = item.idEnvio ? await confirmedPayout(item.idEnvio) : item.txid ? await confirmedPayment(item.txid, item.endToEndId) : undefined;
          if (event) events.push(event);
          else logger.warn({ endToEndId: item.endToEndId, txid: item.txid, idEnvio: item.idEnvio }, 'webhook item not confirmed by the PSP (or not ours): ignored');
        }
      } catch (error) {
        // The PSP retries a notice we do not acknowledge; until then the reconciliation job asks too.
        if (error instanceof PixUnavailableError || error instanceof PixRefusedError) throw new AppError('payments.provider_unavailable', 'could not confirm the notice with the PSP');
        throw error;
      }
      return events;
    },
  };
}
