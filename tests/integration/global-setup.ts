import type { TestProject } from 'vitest/node';
import { startServer } from '../support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    retailerApiToken: string;
    adminPassword: string;
  }
}

// One real server (the `npm start` entry on a fresh data directory) for the integration project.
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('retailerApiToken', 'rt_test_token_for_integration_tests');
  project.provide('adminPassword', 'admin-password-for-tests');
  return async () => {
    await server.stop();
  };
}
