import { AppError } from '@app/kernel';
import { PixUnavailableError } from './pix-http-client.ts';

/**
 * Reading the PSP's answers and notices (field names of the BCB Pix API). An answer we cannot
 * read is treated like no answer (PixUnavailableError): nothing is decided on it, the caller's
 * state stays recoverable and the reconciliation job asks again.
 */

export interface PaymentAnswer {
  endToEndId: string;
  amount: bigint;
  paidAt: Date;
  payerCpf?: string;
}

export interface CobAnswer {
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  amount: bigint;
  expiresAt: Date;
  location: string;
  pixCopiaECola?: string;
  payments: PaymentAnswer[];
}

export interface EnvioAnswer {
  idEnvio: string;
  amount: bigint;
  status: 'processing' | 'paid' | 'failed';
  endToEndId?: string;
  reason?: string;
}

const COB_STATUSES = new Set(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP']);
const E2E = /^[a-zA-Z0-9]{32}$/;
const CPF = /^\d{11}$/;

/** '12.34' → 1234n; undefined unless it is the API's `\d{1,10}\.\d{2}`. */
export function toCents(valor: unknown): bigint | undefined {
  if (typeof valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor)) return undefined;
  return BigInt(valor.replace('.', ''));
}

function unreadable(what: string): never {
  throw new PixUnavailableError(`PSP answer not understood: ${what}`);
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown, max = 500): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);

function dateOf(value: unknown): Date | undefined {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

function paymentOf(value: unknown): PaymentAnswer | undefined {
  const pix = record(value);
  const endToEndId = text(pix.endToEndId);
  const amount = toCents(pix.valor);
  const paidAt = dateOf(pix.horario);
  if (!endToEndId || !E2E.test(endToEndId) || amount === undefined || !paidAt) return undefined;
  const cpf = text(record(pix.pagador).cpf);
  return { endToEndId, amount, paidAt, ...(cpf && CPF.test(cpf) ? { payerCpf: cpf } : {}) };
}

export function readCob(body: unknown, txid: string): CobAnswer {
  const cob = record(body);
  if (cob.txid !== txid) unreadable('charge answer names another txid');
  const status = text(cob.status);
  if (!status || !COB_STATUSES.has(status)) unreadable('charge status');
  const amount = toCents(record(cob.valor).original);
  const calendario = record(cob.calendario);
  const created = dateOf(calendario.criacao);
  const seconds = typeof calendario.expiracao === 'number' && calendario.expiracao > 0 ? calendario.expiracao : 86_400;
  const location = text(cob.location, 77) ?? text(record(cob.loc).location, 77);
  const pixCopiaECola = text(cob.pixCopiaECola, 512);
  if (amount === undefined || !created || (!location && !pixCopiaECola)) unreadable('charge amount, creation or location');
  const payments = Array.isArray(cob.pix) ? cob.pix.map(paymentOf).filter((pix): pix is PaymentAnswer => pix !== undefined) : [];
  return { status: status as CobAnswer['status'], amount, expiresAt: new Date(created.getTime() + seconds * 1000), location: location ?? '', ...(pixCopiaECola ? { pixCopiaECola } : {}), payments };
}

export function readDevolucao(body: unknown): { status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO'; reason?: string } {
  const devolucao = record(body);
  const status = devolucao.status;
  if (status !== 'EM_PROCESSAMENTO' && status !== 'DEVOLVIDO' && status !== 'NAO_REALIZADO') unreadable('return status');
  return { status, reason: text(devolucao.motivo, 140) };
}

/** The returns listed on a received payment (GET /pix/{e2eid}): id and status of each. */
export function readReturns(body: unknown): { id: string; status: string }[] {
  const list = record(body).devolucoes;
  if (list === undefined) return [];
  if (!Array.isArray(list)) unreadable('payment returns');
  return list.map((item) => ({ id: text(record(item).id, 35) ?? '', status: text(record(item).status, 40) ?? '' }));
}

export function readEnvio(body: unknown, idEnvio: string): EnvioAnswer {
  const envio = record(body);
  if (envio.idEnvio !== idEnvio) unreadable('payout answer names another idEnvio');
  const amount = toCents(envio.valor);
  const status = envio.status === 'REALIZADO' ? 'paid' : envio.status === 'NAO_REALIZADO' ? 'failed' : envio.status === 'EM_PROCESSAMENTO' ? 'processing' : undefined;
  if (amount === undefined || !status) unreadable('payout amount or status');
  const endToEndId = text(envio.e2eId);
  return { idEnvio, amount, status, ...(endToEndId && E2E.test(endToEndId) ? { endToEndId } : {}), ...(status === 'failed' ? { reason: text(envio.motivo, 140) ?? 'refused by the receiving bank' } : {}) };
}

export interface NoticeItem {
  endToEndId: string;
  txid?: string;
  idEnvio?: string;
}

/** The webhook body `{ pix: [...] }`: only the references are taken; amounts come from reading back. */
export function parseNotice(rawBody: string): NoticeItem[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError('request.malformed', 'webhook body is not JSON');
  }
  const items = record(body).pix;
  if (!Array.isArray(items) || items.length === 0 || items.length > 1000) throw new AppError('request.malformed', 'webhook without a pix list');
  return items.map((value) => {
    const item = record(value);
    const endToEndId = text(item.endToEndId);
    if (!endToEndId || !E2E.test(endToEndId)) throw new AppError('request.malformed', 'webhook item without a valid endToEndId');
    const txid = text(item.txid, 35);
    const idEnvio = text(record(item.gnExtras).idEnvio, 35);
    return { endToEndId, ...(txid && /^[a-zA-Z0-9]+$/.test(txid) ? { txid } : {}), ...(idEnvio && /^[a-zA-Z0-9]+$/.test(idEnvio) ? { idEnvio } : {}) };
  });
}
