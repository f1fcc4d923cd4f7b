import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { StaffClient, adminPassword, asAdmin, makeUser, unique } from './client.ts';

describe('staff sign-in', () => {
  it('signs in by user name or e-mail and sets the session and CSRF cookies', async () => {
    const client = new StaffClient();
    const res = await client.post('/staff/api/auth/login', { username: 'admin', password: adminPassword() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      user: { username: 'admin', super_admin: true },
      guard: 'system',
      roles: [{ name: 'Admin' }],
    });
    expect(res.body.data.permissions).toContain('users.view');
    const session = res.setCookies.find((c) => c.startsWith('staff_session='))!;
    const csrf = res.setCookies.find((c) => c.startsWith('csrf_token='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(session).not.toMatch(/Secure/); // plain http here
    expect(csrf).not.toMatch(/HttpOnly/);
    // 256-bit session id
    expect(Buffer.from(client.cookies.get('staff_session')!, 'base64url').length).toBe(32);
    const byEmail = await new StaffClient().post('/staff/api/auth/login', {
      username: 'ADMIN@example.com',
      password: adminPassword(),
    });
    expect(byEmail.status).toBe(200);
    const me = await client.get('/staff/api/auth/me');
    expect(me.body.data.user.username).toBe('admin');
  });

  it('marks the cookies Secure when the request came over https', async () => {
    const client = new StaffClient();
    const res = await client.call('POST', '/staff/api/auth/login', {
      body: { username: 'admin', password: adminPassword() },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.setCookies.every((c) => c.includes('; Secure'))).toBe(true);
  });

  it('answers every failure with the seed messages', async () => {
    const wrong = await new StaffClient().post('/staff/api/auth/login', {
      username: 'admin',
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Wrong E-mail/password combination');
    const nobody = await new StaffClient().post('/staff/api/auth/login', {
      username: unique('nobody'),
      password: 'whatever-it-is',
    });
    expect(nobody.status).toBe(401);
    expect(nobody.body.message).toBe('Wrong E-mail/password combination');
    const empty = await new StaffClient().post('/staff/api/auth/login', { username: '', password: '' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors!)).toEqual(expect.arrayContaining(['username', 'password']));

    const admin = await asAdmin();
    const { user, username, password } = await makeUser(admin, {
      guard: 'store',
      permissions: ['users.view'],
      stores: ['sto-main-street'],
    });
    const off = await admin.put(`/staff/api/users/${user.id}`, { active: false, v: user.v });
    expect(off.status).toBe(200);
    const inactive = await new StaffClient().post('/staff/api/auth/login', { username, password });
    expect(inactive.status).toBe(403);
    expect(inactive.body.message).toBe('Account no longer active');
    // With a wrong password the inactive account gives nothing away.
    const inactiveWrong = await new StaffClient().post('/staff/api/auth/login', {
      username,
      password: 'wrong-password-x',
    });
    expect(inactiveWrong.body.message).toBe('Wrong E-mail/password combination');
  });

  it('throttles failed sign-ins per user name: the 6th attempt in 15 minutes is a 429', async () => {
    const admin = await asAdmin();
    const { username, password } = await makeUser(admin, { guard: 'system', permissions: [] });
    for (let i = 0; i < 5; i++) {
      const res = await new StaffClient().post('/staff/api/auth/login', { username, password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await new StaffClient().post('/staff/api/auth/login', { username, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts\. Please try again in \d+ minute/);
    expect(blocked.body.data.retry_after).toBeGreaterThan(0);
    // Another user from the same address is not locked out by it.
    expect(
      (await new StaffClient().post('/staff/api/auth/login', { username: 'admin', password: adminPassword() })).status,
    ).toBe(200);
  });

  it('refuses a mutating request without the CSRF header, or with another token', async () => {
    const admin = await asAdmin();
    const none = await admin.call('POST', '/staff/api/roles', {
      body: { name: unique('R'), guard: 'store' },
      csrf: false,
    });
    expect(none.status).toBe(403);
    expect(none.body.message).toMatch(/security token/);
    const other = await admin.call('POST', '/staff/api/roles', {
      body: { name: unique('R'), guard: 'store' },
      csrf: false,
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(other.status).toBe(403);
    // A token copied from another session does not fit this one.
    const second = await asAdmin();
    const crossed = await admin.call('POST', '/staff/api/roles', {
      body: { name: unique('R'), guard: 'store' },
      csrf: false,
      headers: {
        'x-csrf-token': second.csrf!,
        cookie: `staff_session=${admin.cookies.get('staff_session')}; csrf_token=${second.csrf}`,
      },
    });
    expect(crossed.status).toBe(403);
    // Reads need no token.
    expect((await admin.call('GET', '/staff/api/roles', { csrf: false })).status).toBe(200);
  });

  it('logs out: the session ends and the cookies are cleared', async () => {
    const client = await asAdmin();
    const cookie = client.cookies.get('staff_session')!;
    const out = await client.post('/staff/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('You have been logged out!');
    expect(out.setCookies.some((c) => c.startsWith('staff_session=;') && c.includes('Max-Age=0'))).toBe(true);
    const replay = new StaffClient();
    replay.cookies.set('staff_session', cookie);
    const after = await replay.get('/staff/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Your session is no longer valid. Please login again');
  });

  it('answers 401 without a session, in Spanish when asked', async () => {
    const res = await new StaffClient().call('GET', '/staff/api/auth/me', { headers: { 'x-lang': 'es' } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Tu sesión ya no es válida. Inicia sesión de nuevo');
  });

  it('resets a password by e-mail: same answer for unknown addresses, a single-use link valid 1 hour', async () => {
    const admin = await asAdmin();
    const { user, username } = await makeUser(admin, { guard: 'system', permissions: [] });
    const unknown = await new StaffClient().post('/staff/api/auth/password/forgot', {
      email: `${unique('x')}@example.com`,
    });
    const known = await new StaffClient().post('/staff/api/auth/password/forgot', { email: user.email });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mails = (await api('GET', '/sandbox/messages')).body.data as { to: string; purpose: string; body: string }[];
    const mail = mails.find((m) => m.to === user.email && m.purpose === 'password-reset')!;
    expect(mail).toBeDefined();
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)![1]!);
    const mismatch = await new StaffClient().post('/staff/api/auth/password/reset', {
      token,
      password: 'brand-new-password',
      password_confirmation: 'other',
    });
    expect(mismatch.status).toBe(422);
    const reset = await new StaffClient().post('/staff/api/auth/password/reset', {
      token,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(reset.status).toBe(200);
    const again = await new StaffClient().post('/staff/api/auth/password/reset', {
      token,
      password: 'another-new-password',
      password_confirmation: 'another-new-password',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors?.token?.[0]).toMatch(/invalid or has expired/);
    expect(
      (await new StaffClient().post('/staff/api/auth/login', { username, password: 'brand-new-password' })).status,
    ).toBe(200);
  });

  it('changes the password: wrong current password refused, other sessions end, this one goes on', async () => {
    const admin = await asAdmin();
    const { client, username, password } = await makeUser(admin, { guard: 'system', permissions: [] });
    const other = new StaffClient();
    await other.login(username, password);
    const wrong = await client.post('/staff/api/auth/password/change', {
      current_password: 'nope-nope-nope',
      password: 'new-password-123',
      password_confirmation: 'new-password-123',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Wrong current password');
    expect(wrong.body.errors?.current_password).toEqual(['Wrong current password']);
    const ok = await client.post('/staff/api/auth/password/change', {
      current_password: password,
      password: 'new-password-123',
      password_confirmation: 'new-password-123',
    });
    expect(ok.status).toBe(200);
    expect((await client.get('/staff/api/auth/me')).status).toBe(200);
    expect((await other.get('/staff/api/auth/me')).status).toBe(401);
  });

  it('records sign-ins, failures and refusals in the audit log for audit.view holders only', async () => {
    const admin = await asAdmin();
    const failed = await admin.get('/staff/api/audit?type=login.failed');
    expect(failed.status).toBe(200);
    expect(failed.body.data.length).toBeGreaterThan(0);
    expect(failed.body.data[0]).toMatchObject({ type: 'login.failed', at: expect.any(String) });
    const { client } = await makeUser(admin, { guard: 'system', permissions: ['users.view'] });
    const denied = await client.get('/staff/api/audit');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Permission Denied');
    const log = await admin.get('/staff/api/audit?type=access.denied');
    expect(log.body.data.some((e: any) => e.target === 'staffAuditList')).toBe(true);
    const changes = await admin.get('/staff/api/audit?type=permissions.changed');
    expect(changes.body.data.length).toBeGreaterThan(0);
    expect((await admin.get('/staff/api/audit?type=nope')).status).toBe(422);
  });
});
