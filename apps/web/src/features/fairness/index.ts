/**
 * The fairness feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/fairness/ is internal to it.
 */
export { crashRoundIdOf, houseRoundIdOf } from './api/fairness.api.ts';
export { crashRoundQueryOptions, houseRoundQueryOptions } from './api/fairness.queries.ts';
export { ReelWindow } from './components/reel-window.tsx';
export { formatDecimal, useMiniWords } from './hooks/use-mini-words.ts';
/** The provably fair stream in the browser (WebCrypto HMAC blocks) and SHA-256, for other games' verifiers. */
export { replay as replayFairStream, sha256Hex } from './verify.ts';

// Route pages stay in their own chunks: import them only through these loaders.
export const loadFairnessPage = () => import('./routes/fairness-page.tsx');
