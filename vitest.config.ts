import { defineConfig } from 'vitest/config';

// Projects: the server (node, real PostgreSQL prepared once in global setup), the web SPA, the
// console and packages/ui (jsdom). Playwright specs live in e2e/ and are never collected here.
//
// Workers: vitest's default on a two-core machine is one (cores − 1), which leaves a core idle
// while a file waits on PostgreSQL or builds its jsdom. Every server test file clones its own
// database, so files run two at a time (group 0: measured 64 s → 40 s on a web sample, three
// workers gained 2 s more and timed out renders). The files that start processes, kill them or
// restart a cluster and time the recovery run after that, alone (group 1), so their clocks
// measure recovery and not a busy machine. Projects in one group must share maxWorkers.
const PARALLEL = { maxWorkers: 2, sequence: { groupOrder: 0 } };
const PROCESS_FAULT_TESTS = [
  'apps/server/test/database-fault.test.ts',
  'apps/server/src/modules/wallet/durability.test.ts',
  'apps/server/src/modules/house-games/crash/crash-takeover.test.ts',
  'apps/server/src/platform/embedded-postgres.test.ts',
  'apps/server/test/backup-restore.test.ts',
  'apps/server/test/drill/drill.test.ts',
];
// Server files share their worker's module cache (isolate: false): each file still clones its own
// database, and loading the server's modules once per worker instead of once per file took the
// run's import time from 249 s to 68 s (582 → 446 s in all). A file that replaces a module with
// vi.mock needs a fresh module graph, so it runs isolated (server-mocks).
const MOCKING_TESTS = ['apps/server/src/modules/backoffice/backoffice.routes.test.ts'];
const SERVER = {
  environment: 'node' as const,
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          ...SERVER,
          ...PARALLEL,
          isolate: false,
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...PROCESS_FAULT_TESTS, ...MOCKING_TESTS],
        },
      },
      {
        test: { name: 'server-mocks', ...SERVER, ...PARALLEL, include: MOCKING_TESTS },
      },
      {
        test: { name: 'server-faults', ...SERVER, include: PROCESS_FAULT_TESTS, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test-setup.ts'],
          // jsdom renders of whole pages take 1–3 s alone and several times that while the server
          // project runs beside them on two cores; 5 s (the default) failed journeys for load alone.
          testTimeout: 15_000,
          ...PARALLEL,
        },
      },
      {
        test: {
          name: 'admin',
          environment: 'jsdom',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/admin/src/test-setup.ts'],
          testTimeout: 15_000,
          ...PARALLEL,
        },
      },
      {
        // packages/ui's components on their own (.test.tsx: the server project takes .test.ts).
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['packages/ui/src/**/*.test.{ts,tsx}'],
          setupFiles: ['packages/ui/src/test-setup.ts'],
          testTimeout: 15_000,
          ...PARALLEL,
        },
      },
    ],
  },
});
