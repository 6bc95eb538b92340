/**
 * The sportsbook feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/sportsbook/ is internal to it.
 */

// Route pages stay in their own chunk (outside the home bundle): import them only through this loader.
export const loadSportsbookPages = () => import('./routes/sportsbook-pages.ts');
