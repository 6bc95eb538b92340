/**
 * The wallet feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/wallet/ is internal to it.
 */
export { parseAmountInput } from './amount-input.ts';
export { applyBalanceChange, walletBalanceQueryOptions, walletKeys } from './api/wallet.queries.ts';
export { DateRangeFilter } from './components/date-range-filter.tsx';
export { HistoryFilters } from './components/history/history-filters.tsx';
export { HistoryPager } from './components/history/history-pager.tsx';
export { TransactionHistory } from './components/history/transaction-history.tsx';
export { WalletOverview } from './components/overview/wallet-overview.tsx';
export { EmptyState, LoadFailed } from './components/panel-states.tsx';
export { MoneyRefusal } from './components/money-refusal.tsx';
export { WalletTable, type WalletTableProps } from './components/wallet-table.tsx';
export { PersonalProfit } from './components/profit/personal-profit.tsx';
export { SignedAmount } from './components/signed-amount.tsx';
export { TitledCard } from './components/titled-card.tsx';
export { StatTiles, type StatTile } from './components/stat-tiles.tsx';
export { UplineTransfer } from './components/transfer/upline-transfer.tsx';
export { addDays, type DayRange, isRangeValid, todayIn } from './date-range.ts';
export { type DayRangeControl, useDayRange } from './hooks/use-day-range.ts';
export { isDefinitiveAnswer } from './hooks/use-transfer-submission.ts';
export { isZeroAmount, useWalletFormat, type WalletFormat } from './hooks/use-wallet-format.ts';
export { createWalletRealtime } from './realtime/wallet-realtime.ts';
