import { defineConfig } from 'vitest/config';

// Projects: the server (node, real PostgreSQL prepared once in global setup), the web SPA, the
// console and packages/ui (jsdom). Playwright specs live in e2e/ and are never collected here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
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
        },
      },
      {
        test: {
          name: 'admin',
          environment: 'jsdom',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/admin/src/test-setup.ts'],
          testTimeout: 15_000,
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
        },
      },
    ],
  },
});
