/**
 * The betting feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/betting/ is internal to it.
 */
export { BettingRecord } from './components/betting-record.tsx';
export { RoundStatusChip, useGameTypeLabel } from './components/round-labels.tsx';
