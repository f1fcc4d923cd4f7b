import { defineConfig } from 'vitest/config';

// The projects that run against real servers (the `npm start` entry on a fresh data folder): one server per worker
// (tests/integration/global-setup.ts), each seeing its worker's files one at a time.
const againstRealServer = {
  environment: 'node' as const,
  globalSetup: ['tests/integration/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
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
        // Two files side by side (INTEGRATION_WORKERS), each against its worker's server: on 2 cores a file mostly
        // waits for its server, which waits for the database, so one file at a time left a core idle (CI time).
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          ...againstRealServer,
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 2),
          // after the unit, web and infra files (a group of their own, as a project of one worker was before)
          sequence: { groupOrder: 1 },
        },
      },
      {
        // A year of demo history through the real API (several minutes): a soak run by `npm run bench`, not `npm test`.
        test: { name: 'soak', include: ['tests/soak/**/*.test.ts'], ...againstRealServer, fileParallelism: false },
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
