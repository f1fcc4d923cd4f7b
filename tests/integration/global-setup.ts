import type { TestProject } from 'vitest/node';
import { startServer } from '../support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One real server per worker of the integration project (tests/support/api.ts `baseUrl` picks the worker's). */
    baseUrls: string[];
    retailerApiToken: string;
    adminPassword: string;
  }
}

// Real servers (the `npm start` entry, each on a fresh data directory) for the integration project: one per worker,
// so that files running at the same time never share records, settings or the sandbox mailbox, and each server sees
// its files one at a time as before.
// How many: the project's workers (vitest.config.ts, INTEGRATION_WORKERS).
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer()));
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide('retailerApiToken', 'rt_test_token_for_integration_tests');
  project.provide('adminPassword', 'admin-password-for-tests');
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
