/**
 * The live tables feature's public surface (issue 25): what other features and app/ may use
 * (.dependency-cruiser.cjs, web-feature-*). Everything else in features/live/ is internal to it.
 */

// Route pages stay in their own chunks: import them only through these loaders.
export const loadLivePages = () => import('./routes/live-pages.tsx');
