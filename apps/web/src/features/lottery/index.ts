/**
 * The lottery feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/lottery/ is internal to it.
 */

// Route pages stay in their own chunks: import them only through these loaders.
export const loadLotteryPage = () => import('./routes/lottery-page.tsx');
