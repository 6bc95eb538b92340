import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, E2E_OPS_PORT, E2E_OUTPUT_DIR, E2E_WEB_PREBUILT, OPS_URL, ROOT_DIR, serverEnv } from './server-env.ts';

/**
 * Journeys that change what every other journey sees, so they run alone: the site's maintenance and
 * region block, a vendor's maintenance and wallet mode, the home page's banners and settings, the
 * jackpot pool and the winners board, broadcasts to every member, global rules (referral,
 * promotions, missions, VIP) and the agents' settlement runs, which take every contract.
 */
const ALONE_SPECS = [
  'system-status',
  'admin',
  'approvals',
  'content',
  'jackpot',
  'betting',
  'messages',
  'referral',
  'promotions',
  'promotion-costs',
  'promotions-periodic',
  'missions',
  'vip',
  'agent-contracts',
  'agent-settlement-corrections',
].map((name) => new RegExp(`/${name}\\.spec\\.ts$`));

/**
 * Journeys in Debian's Chromium (/usr/bin/chromium; Playwright never downloads a browser here)
 * against the real server and database. `npm test` runs them in two parts against one server:
 * E2E_PART=shared, every journey that keeps to its own members, events and tables, two at a time
 * (E2E_WORKERS; one worker left the cores idle while a journey waited for a round, a draw or a
 * push; two keep them busy, 21.7 → 14.8 min; each worker logs in to the console as its own owner,
 * fixtures/owner.ts); then
 * E2E_PART=alone, the ALONE_SPECS, one at a time. Without E2E_PART every journey runs, one at a
 * time. `npm test` builds the web first and sets E2E_WEB_PREBUILT.
 */
const PART = process.env.E2E_PART;
if (PART !== undefined && PART !== 'shared' && PART !== 'alone') throw new Error(`E2E_PART must be shared or alone, not ${PART}`);

export default defineConfig({
  testDir: './specs',
  outputDir: E2E_OUTPUT_DIR,
  ...(PART === 'shared' ? { testIgnore: ALONE_SPECS } : PART === 'alone' ? { testMatch: ALONE_SPECS } : {}),
  workers: PART === 'shared' ? Number(process.env.E2E_WORKERS ?? 2) : 1,
  fullyParallel: false,
  // On CI one retry: a journey that fails and then passes is reported as flaky in the log (and chased
  // from there) instead of holding back everything else; locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // Room for a fixture to wait out the registration throttle (30 challenges a minute per address,
  // which every journey shares) as a person would; no journey asserts its own duration.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1366, height: 800 } } },
    // The phone runs the tests tagged @phone: whole files whose screens change shape on a phone
    // (menus, modals, game grids, the agent centre's tab strip, the member pages of promotions and
    // points) and one journey of each other member feature; console maker-checker and operator
    // journeys drive the same server paths as on the desktop, and their phone layouts are covered
    // by screenshots taken inside the desktop tests and by component tests. Keeps `npm test`
    // inside its time budget on two cores.
    {
      name: 'phone',
      grep: /@phone/,
      use: { ...devices['Pixel 7'], browserName: 'chromium', defaultBrowserType: 'chromium' },
    },
  ],
  webServer: [
    {
      command: `${E2E_WEB_PREBUILT ? '' : 'npm run -s build -w @app/web -w @app/admin && '}node --import tsx apps/server/src/main-api.ts`,
      cwd: ROOT_DIR,
      url: `${BASE_URL}/healthz`,
      env: serverEnv,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The operator CLIs the fixtures run (fund a member, switch maintenance, settle contracts),
      // loaded once for the run instead of a new Node process per command.
      command: 'node --import tsx e2e/operator-cli-host.ts',
      cwd: ROOT_DIR,
      url: `${OPS_URL}/healthz`,
      env: { ...serverEnv, E2E_OPS_PORT: String(E2E_OPS_PORT) },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
