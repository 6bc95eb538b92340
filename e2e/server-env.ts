import path from 'node:path';

/**
 * One definition of the server the end-to-end tests run, shared by the Playwright config and
 * the fixtures (which drive the same database through the operator CLI). `npm test` passes a
 * fresh database in E2E_DATABASE_URL; run alone, the tests use an embedded cluster of their own.
 */
const root = path.resolve(import.meta.dirname, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The operator CLI host beside the server (operator-cli-host.ts). */
export const E2E_OPS_PORT = Number(process.env.E2E_OPS_PORT ?? E2E_PORT + 1);
export const OPS_URL = `http://127.0.0.1:${E2E_OPS_PORT}`;
/** Set by `npm test`, which builds the web once for the runs it starts side by side. */
export const E2E_WEB_PREBUILT = process.env.E2E_WEB_PREBUILT === '1';
export const E2E_OUTPUT_DIR = process.env.E2E_OUTPUT_DIR ?? path.join(root, 'e2e/test-results');

export const serverEnv: Record<string, string> = {
  NODE_ENV: 'development',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  // Journeys answer captchas like a person would; this development-only switch makes the answer known.
  CAPTCHA_FIXED_ANSWER: 'K7PX',
  // The winners board is kept 30 s by default; journeys that wait for a new win to show keep it 1 s.
  WINNERS_CACHE_MS: '1000',
  // No sportsbook feed under the journeys: its job would write every second beside them. The
  // sportsbook journeys build their own events through the back-office API (fixtures/sportsbook.ts).
  SPORTSBOOK_FEED: 'off',
  // Live tables (issue 25): rounds of about 17 s (10 s to bet, 3 s to show the deal or the spin, a
  // 4 s pause) and short baccarat shoes (the cut card 390 cards from the end: a shoe lasts three to
  // five hands), so a journey plays several rounds and sees a shoe end and its seed revealed.
  LIVE_BETTING_MS: '10000',
  LIVE_REVEAL_MS: '3000',
  LIVE_PAUSE_MS: '4000',
  LIVE_SHOE_CUT: '390',
  ...(process.env.E2E_DATABASE_URL
    ? { DATABASE_URL: process.env.E2E_DATABASE_URL }
    : { DATABASE_URL: '', DATA_DIR: path.join(root, '.tmp/e2e-data'), EMBEDDED_PG_PORT: '54339' }),
};

export const ROOT_DIR = root;
export const CAPTCHA_ANSWER = 'K7PX';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
