import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// End-to-end tests against the real `npm start` server (built web app, embedded DynamoDB, demo seed) on port 3107,
// with a fresh data folder per run, in Debian's Chromium (see ../shared/TOOLCHAIN.md).
const PORT = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://localhost:${PORT}`;
// The config is evaluated in the runner and in each worker; only the runner starts the web server, so a folder
// made here by a worker stays empty and lives in the system temp dir.
const dataDir = process.env.E2E_DATA_DIR ?? (process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'lto-e2e-')));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  // One retry in CI: a test that passes only on retry is still reported as flaky in the output.
  retries: process.env.CI ? 1 : 0,
  // Whole journeys (one test, many checks) on CI's 2-core machine: a minute is their usual length, not their limit.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx functions/local/main.ts',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_ADMIN_PASSWORD: 'e2e-admin-password-1',
      DEMO_RETAILER_API_TOKEN: 'e2e-retailer-api-token-1',
      // Each test makes the records it needs.
      DEMO_LEASES: '0',
    },
  },
});
