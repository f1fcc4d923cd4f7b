import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';

// `npm run smoke` against `npm start` as an operator runs it against a stage: the command itself, its output and its
// exit code. This server builds the web app when it changed (the shared integration server skips it, and the smoke
// checks the shopper shell); the e2e suite reuses that build.

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { SKIP_WEB_BUILD: '0' } });
}, 300_000);
afterAll(async () => {
  if (server && server.process.exitCode === null) await server.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

function runSmoke(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/smoke/smoke.ts', ...args], {
      env: { ...process.env, SMOKE_BASE_URL: '', SMOKE_RETAILER_TOKEN: '', SMOKE_STAFF_PASSWORD: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run smoke', () => {
  it('passes against a running stage: health, shell, a test checkout through its decision, verified webhooks, staff sign-in', async () => {
    const { code, output } = await runSmoke([
      '--base',
      server.baseUrl,
      '--retailer-token',
      'rt_test_token_for_integration_tests',
      '--staff-password',
      'admin-password-for-tests',
    ]);
    expect(output).toMatch(/^ok {3}health/m);
    expect(output).toMatch(/^ok {3}shopper shell/m);
    expect(output).toMatch(/^ok {3}test checkout through a decision to completed .*decision A/m);
    expect(output).toMatch(/^ok {3}webhook received and verified .*all verified/m);
    expect(output).toMatch(/^ok {3}staff sign-in/m);
    expect(code, output).toBe(0);
  }, 90_000);

  it('fails with a non-zero exit and names the check when the stage is not there', async () => {
    const { code, output } = await runSmoke([
      '--base',
      'http://127.0.0.1:9',
      '--retailer-token',
      'x',
      '--staff-password',
      'y',
    ]);
    expect(output).toMatch(/^FAIL health/m);
    expect(code).toBeGreaterThan(0);
  }, 60_000);

  it('says how to call it when the base URL or credentials are missing', async () => {
    const { code, output } = await runSmoke([]);
    expect(code).toBe(2);
    expect(output).toContain('Usage: npm run smoke -- --base');
  });
});
