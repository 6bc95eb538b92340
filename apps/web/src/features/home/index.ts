/**
 * The home feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/home/ is internal to it.
 */
export { createJackpotRealtime } from './realtime/jackpot-realtime.ts';
export { HomePage } from './routes/home-page.tsx';
