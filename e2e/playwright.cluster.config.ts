import { defineConfig } from '@playwright/test';
// Before server-env.ts: its BASE_URL (and so every fixture) must point at the cluster's nginx.
import './cluster-env.ts';
import { CLUSTER_API_PORT, CLUSTER_APIS, CLUSTER_NATS_PORT, CLUSTER_PORT, CLUSTER_STATE_FILE } from './cluster-paths.ts';
import { BASE_URL, CHROMIUM_ARGS, E2E_OUTPUT_DIR, OPS_URL, ROOT_DIR, serverEnv } from './server-env.ts';

/**
 * The cluster journey (specs/cluster.spec.ts): `npm run cluster` with three API processes, two
 * workers, nats-server and Debian's nginx, on its own ports (3300: nginx, 3301: the operator CLI
 * host, 3309: NATS, 3310–3312: the APIs). Run by `npm test` after the other journeys, with a
 * database of its own.
 */
export default defineConfig({
  testDir: './specs',
  testMatch: /cluster\.spec\.ts$/,
  outputDir: `${E2E_OUTPUT_DIR}/cluster`,
  workers: 1,
  retries: 0,
  // Up to six waits for a betting window, any of which may sit out a long crash round (up to 116 s).
  timeout: 600_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1366, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: [
    {
      command: 'npm run -s cluster',
      cwd: ROOT_DIR,
      url: `${BASE_URL}/healthz`,
      env: {
        ...serverEnv,
        CLUSTER_HOST: '127.0.0.1',
        CLUSTER_PORT: String(CLUSTER_PORT),
        CLUSTER_API_PORT: String(CLUSTER_API_PORT),
        CLUSTER_API: String(CLUSTER_APIS),
        // Two workers: when the crash leader dies the standby takes the lead (the journey kills it).
        CLUSTER_WORKERS: '2',
        // Events between the processes through a local nats-server, as deploy/compose.yaml runs them.
        CLUSTER_NATS: 'true',
        CLUSTER_NATS_PORT: String(CLUSTER_NATS_PORT),
        CLUSTER_STATE_FILE,
        CLUSTER_RESTART_DELAY_MS: '1000',
        // The live tables' rounds are not part of this journey: no leader for them, less CPU.
        LIVE_LEADER: 'false',
        // Shorter crash rounds (4 s to bet, 1 s between rounds): the journey bets in three or more.
        CRASH_BETTING_MS: '4000',
        CRASH_PAUSE_MS: '1000',
      },
      reuseExistingServer: false,
      timeout: 240_000,
      // The script stops nginx, the APIs and the worker itself (their own process groups).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 60_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx e2e/operator-cli-host.ts',
      cwd: ROOT_DIR,
      url: `${OPS_URL}/healthz`,
      env: { ...serverEnv, E2E_OPS_PORT: String(new URL(OPS_URL).port) },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
