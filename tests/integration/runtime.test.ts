import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server.ts';

describe('the embedded runtime (npm start)', () => {
  it('keeps data across a restart and refuses a second process on the same data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lto-restart-'));
    const first = await startServer({ dataDir });
    const clientId = 'restart-client-1';
    const initiated = await fetch(`${first.baseUrl}/apply-v2/retailer/demo-electronics/store/main-street/initiate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': clientId },
      body: '{}',
    }).then((r) => r.json());
    const token = initiated.data.token as string;

    await expect(startServer({ dataDir })).rejects.toThrow(/already using the data directory/);

    expect(await first.stop()).toBe(0);
    const second = await startServer({ dataDir });
    try {
      const session = await fetch(`${second.baseUrl}/apply-v2/session`, {
        headers: { 'x-apply-token': token, 'x-client-id': clientId },
      });
      expect(session.status).toBe(200);
      expect(second.output()).toMatch(/Staff admin login:\s+admin \/ admin-password-for-tests/);
      expect(second.output()).toMatch(/Demo retailer page:\s+http:\/\/localhost:\d+\/demo\/retailer/);
      expect(second.output()).toMatch(/Sandbox mailbox:/);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
