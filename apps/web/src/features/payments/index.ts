/**
 * The payments feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/payments/ is internal to it.
 */
export { toCents } from './amount.ts';
export { paymentsKeys } from './api/payments.queries.ts';
export { DepositPanel } from './components/deposit/deposit-panel.tsx';
export { WithdrawPanel } from './components/withdraw/withdraw-panel.tsx';
export { createPaymentsRealtime } from './realtime/payments-realtime.ts';
