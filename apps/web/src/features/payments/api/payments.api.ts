import {
  DepositOptionsSchema,
  DepositPageSchema,
  DepositSchema,
  PayoutAccountSchema,
  WithdrawalPageSchema,
  WithdrawalSchema,
  WithdrawOptionsSchema,
  type ConfirmReceipt,
  type CreateDeposit,
  type CreateWithdrawal,
  type Deposit,
  type DepositOptions,
  type DepositPage,
  type PayoutAccount,
  type SavePayoutAccount,
  type Withdrawal,
  type WithdrawalPage,
  type WithdrawOptions,
} from '@app/contracts';
import { ApiError, apiRequest, isApiError, UNKNOWN_ERROR_CODE } from '../../../shared/api-client.ts';

/** A page of one of the member's lists; pages start at 1 (spec §9). */
export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

function pageQuery(page: PageRequest): string {
  return new URLSearchParams({ pageNo: String(page.pageNo), pageSize: String(page.pageSize) }).toString();
}

const depositPath = (id: string) => `/api/payments/deposits/${encodeURIComponent(id)}`;
const withdrawalPath = (id: string) => `/api/payments/withdrawals/${encodeURIComponent(id)}`;

export function fetchDepositOptions(signal?: AbortSignal): Promise<DepositOptions> {
  return apiRequest('/api/payments/deposit/options', { schema: DepositOptionsSchema, signal });
}

/** A replay of the same requestId answers with the deposit the first call created. */
export function createDepositRequest(body: CreateDeposit): Promise<Deposit> {
  return apiRequest('/api/payments/deposits', { method: 'POST', body, schema: DepositSchema });
}

export function fetchDeposit(id: string, signal?: AbortSignal): Promise<Deposit> {
  return apiRequest(depositPath(id), { schema: DepositSchema, signal });
}

export function fetchDeposits(page: PageRequest, signal?: AbortSignal): Promise<DepositPage> {
  return apiRequest(`/api/payments/deposits?${pageQuery(page)}`, { schema: DepositPageSchema, signal });
}

/** Demo only (options.sandbox): plays the payer; the credit then arrives like a real one (202, no body). */
export function sandboxPayRequest(id: string): Promise<void> {
  return apiRequest<void>(`${depositPath(id)}/sandbox-pay`, { method: 'POST', body: {} });
}

export function fetchWithdrawOptions(signal?: AbortSignal): Promise<WithdrawOptions> {
  return apiRequest('/api/payments/withdraw/options', { schema: WithdrawOptionsSchema, signal });
}

export function savePayoutAccountRequest(body: SavePayoutAccount): Promise<PayoutAccount> {
  return apiRequest('/api/payments/payout-account', { method: 'PUT', body, schema: PayoutAccountSchema });
}

export function createWithdrawalRequest(body: CreateWithdrawal): Promise<Withdrawal> {
  return apiRequest('/api/payments/withdrawals', { method: 'POST', body, schema: WithdrawalSchema });
}

export function fetchWithdrawals(page: PageRequest, signal?: AbortSignal): Promise<WithdrawalPage> {
  return apiRequest(`/api/payments/withdrawals?${pageQuery(page)}`, { schema: WithdrawalPageSchema, signal });
}

export function confirmReceiptRequest(id: string, body: ConfirmReceipt): Promise<Withdrawal> {
  return apiRequest(`${withdrawalPath(id)}/receipt`, { method: 'POST', body, schema: WithdrawalSchema });
}

/** The image is the request body itself (Content-Type image/png or image/jpeg), not JSON. */
export async function uploadProofRequest(id: string, file: File): Promise<Withdrawal> {
  try {
    return await apiRequest(`${withdrawalPath(id)}/proof`, { method: 'PUT', raw: { data: file, contentType: file.type }, schema: WithdrawalSchema });
  } catch (error) {
    // A proxy's or the framework's own 413 has no error body: it still means "image too large".
    if (isApiError(error) && error.status === 413 && error.code === UNKNOWN_ERROR_CODE) {
      throw new ApiError(413, 'payments.proof_too_large', error.message);
    }
    throw error;
  }
}
