import { vi } from 'vitest';
import type { Deposit, DepositOptions, DepositPage, PayoutAccount, Withdrawal, WithdrawalPage, WithdrawOptions } from '@app/contracts';

/** A tiny valid SVG, standing in for the server's QR image. */
export const QR_DATA_URL = 'data:image/svg+xml;base64,PHN2Zy8+';

/** The static example from the BCB manual (CRC 1D3D): a real "Pix Copia e Cola" shape. */
export const BR_CODE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

export function depositOptionsFixture(overrides: Partial<DepositOptions> = {}): DepositOptions {
  return { presets: ['20.00', '50.00', '100.00'], min: '10.00', max: '50000.00', expiresInSeconds: 900, sandbox: false, ...overrides };
}

export function depositFixture(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: 'dep-1',
    amount: '50.00',
    status: 'pending',
    brCode: BR_CODE,
    qrCode: QR_DATA_URL,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    createdAt: new Date().toISOString(),
    creditedAt: null,
    ...overrides,
  };
}

export function depositPageFixture(content: Deposit[] = [], overrides: Partial<DepositPage> = {}): DepositPage {
  const rows = content.map(({ brCode: _brCode, qrCode: _qrCode, ...row }) => row);
  return { content: rows, pageNum: 1, totalPages: rows.length > 0 ? 1 : 0, ...overrides };
}

export function payoutAccountFixture(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return {
    kind: 'pix',
    keyType: 'cpf',
    // The server's display format (payout-account.ts displayOf).
    display: 'PIX CPF ***.982.247-**',
    holderName: 'Maria da Silva',
    holderCpf: '***.982.247-**',
    updatedAt: '2025-03-01T15:04:05.000Z',
    ...overrides,
  };
}

export function withdrawOptionsFixture(overrides: Partial<WithdrawOptions> = {}): WithdrawOptions {
  return {
    min: '20.00',
    max: '5000.00',
    available: '300.00',
    turnoverRemaining: '0.00',
    payoutAccount: payoutAccountFixture(),
    hasPaymentPassword: true,
    profileComplete: true,
    ...overrides,
  };
}

export function withdrawalFixture(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 'wd-1',
    amount: '100.00',
    status: 'reviewing',
    destination: 'PIX CPF ***.982.247-**',
    requestedAt: '2025-03-01T15:04:05.000Z',
    paidAt: null,
    minutesToPay: null,
    rejectReason: null,
    receipt: null,
    receivedAmount: null,
    remainingAmount: null,
    hasProof: false,
    awaitingReceipt: false,
    ...overrides,
  };
}

/** A paid withdrawal the member has not confirmed yet (spec §4). */
export function paidWithdrawalFixture(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return withdrawalFixture({ status: 'paid', paidAt: '2025-03-01T15:16:05.000Z', minutesToPay: 12, awaitingReceipt: true, ...overrides });
}

export function withdrawalPageFixture(content: Withdrawal[] = [], overrides: Partial<WithdrawalPage> = {}): WithdrawalPage {
  return { content, pageNum: 1, totalPages: content.length > 0 ? 1 : 0, ...overrides };
}

export interface BinaryUpload {
  path: string;
  contentType: string | undefined;
  body: Blob;
}

/**
 * stubApi reads every body as JSON; a proof upload sends the image itself. Call after stubApi:
 * binary PUTs are recorded and answered here, everything else goes to the stubbed routes.
 */
export function stubBinaryUploads(answer: (upload: BinaryUpload) => Response): BinaryUpload[] {
  const uploads: BinaryUpload[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (init?.body instanceof Blob) {
      const headers = new Headers(init.headers);
      const upload = { path: new URL(input, 'http://localhost').pathname, contentType: headers.get('Content-Type') ?? undefined, body: init.body };
      uploads.push(upload);
      return answer(upload);
    }
    return inner(input, init);
  });
  return uploads;
}
