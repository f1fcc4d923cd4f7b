import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/server.ts';
import { StaffClient } from './client.ts';

// A second server with short limits: a session idle for 2 seconds ends, and 3 failures from one address block it.
let server: RunningServer;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startServer({
    env: { STAFF_SESSION_IDLE_SECONDS: '2', STAFF_SESSION_ABSOLUTE_SECONDS: '5', STAFF_LOGIN_IP_LIMIT: '3' },
  });
});
afterAll(async () => {
  await server?.stop();
});

describe('session expiry and throttling per address', () => {
  it('ends an idle session, and slides while it is used, up to the absolute limit', async () => {
    const idle = new StaffClient(server.baseUrl);
    await idle.login('admin', 'admin-password-for-tests');
    const busy = new StaffClient(server.baseUrl);
    await busy.login('admin', 'admin-password-for-tests');
    expect((await idle.get('/staff/api/auth/me')).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      await sleep(1000);
      expect((await busy.get('/staff/api/auth/me')).status).toBe(200);
    }
    const expired = await idle.get('/staff/api/auth/me');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Your session is no longer valid. Please login again');
    // Used every second, the busy session still ends 5 seconds after sign-in.
    for (let i = 0; i < 3; i++) {
      await sleep(1000);
      await busy.get('/staff/api/auth/me');
    }
    expect((await busy.get('/staff/api/auth/me')).status).toBe(401);
  }, 30_000);

  it('blocks an address after too many failures, whatever user names it tries', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await new StaffClient(server.baseUrl).post('/staff/api/auth/login', {
        username: `someone-${i}`,
        password: 'wrong-password',
      });
      expect(res.status).toBe(401);
    }
    const blocked = await new StaffClient(server.baseUrl).post('/staff/api/auth/login', {
      username: 'admin',
      password: 'admin-password-for-tests',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
  });
});
