import { defineConfig } from 'vitest/config';

// The projects that run against one real server (the `npm start` entry on a fresh data folder), one file at a time.
const againstRealServer = {
  environment: 'node' as const,
  globalSetup: ['tests/integration/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  fileParallelism: false,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx', 'tests/web/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
        },
      },
      {
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], ...againstRealServer },
      },
      {
        // A year of demo history through the real API (several minutes): a soak run by `npm run bench`, not `npm test`.
        test: { name: 'soak', include: ['tests/soak/**/*.test.ts'], ...againstRealServer },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
    ],
  },
});
