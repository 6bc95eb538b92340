import type { ProfitReport, TransactionPage, TransactionView, WalletBalance } from '@app/contracts';

export function walletBalanceFixture(overrides: Partial<WalletBalance> = {}): WalletBalance {
  return { cash: '1234.50', bonus: '0.00', points: '0', currency: 'BRL', currencySymbol: 'R$', ...overrides };
}

export function transactionFixture(overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    id: 't-1',
    type: 'adjustment',
    amount: '100.00',
    balanceAfter: '1234.50',
    time: '2025-03-01T15:04:05.000Z',
    reference: 'e2e',
    ...overrides,
  };
}

export function transactionPageFixture(content: TransactionView[] = [transactionFixture()], overrides: Partial<TransactionPage> = {}): TransactionPage {
  return { content, pageNum: 1, pageSize: 20, total: content.length, totalPages: content.length > 0 ? 1 : 0, timeZone: 'America/Sao_Paulo', ...overrides };
}

export function profitReportFixture(overrides: Partial<ProfitReport> = {}): ProfitReport {
  return {
    timeZone: 'America/Sao_Paulo',
    days: [{ date: '2025-03-01', bets: '50.00', wins: '80.00', net: '30.00', count: 3 }],
    products: [{ product: 'slots', bets: '50.00', wins: '80.00', net: '30.00', count: 3 }],
    total: { bets: '50.00', wins: '80.00', net: '30.00', count: 3 },
    ...overrides,
  };
}
