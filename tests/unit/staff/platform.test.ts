import { describe, expect, it } from 'vitest';
import { loadStaffSecurityConfig } from '../../../functions/platform/staff-config.ts';
import { clearedCookies, isHttps, readCookies, sessionCookies } from '../../../functions/platform/staff-cookies.ts';
import { csrfMatches, sessionExpiry, sha256 } from '../../../functions/platform/staff-sessions.ts';
import type { HttpEvent } from '../../../functions/platform/http-types.ts';
import { pageMeta } from '../../../functions/services/staff/resource.ts';

const event = (headers: Record<string, string>, cookies?: string[]): HttpEvent =>
  ({ headers, cookies, requestContext: { http: { sourceIp: '1.2.3.4' } } }) as unknown as HttpEvent;

describe('staff sessions and cookies', () => {
  it('sets an HttpOnly SameSite=Strict session cookie and a readable CSRF cookie, Secure over https', () => {
    const [session, csrf] = sessionCookies('sid', 'tok', 43200, true);
    expect(session).toMatch(/^staff_session=sid; Path=\/staff; Max-Age=43200; SameSite=Strict; HttpOnly; Secure$/);
    expect(csrf).toMatch(/^csrf_token=tok; Path=\/staff; Max-Age=43200; SameSite=Strict; Secure$/);
    expect(sessionCookies('sid', 'tok', 10, false)[0]).not.toMatch(/Secure/);
    expect(clearedCookies(false).every((c) => c.includes('Max-Age=0'))).toBe(true);
  });

  it('tells https from the proxy header, else from the public URL', () => {
    expect(isHttps(event({ 'x-forwarded-proto': 'https' }), 'http://localhost:3000')).toBe(true);
    expect(isHttps(event({ 'x-forwarded-proto': 'http' }), 'https://portal.example')).toBe(false);
    expect(isHttps(event({}), 'https://portal.example')).toBe(true);
  });

  it('reads cookies from the event (API Gateway v2) or the header', () => {
    expect(readCookies(event({}, ['a=1', 'b=x%20y']))).toEqual({ a: '1', b: 'x y' });
    expect(readCookies(event({ cookie: 'a=1; staff_session=abc' }))).toEqual({ a: '1', staff_session: 'abc' });
    expect(readCookies(event({ cookie: 'bad; =x; c=%E0%A4%A' }))).toEqual({ c: '%E0%A4%A' });
  });

  it('requires the CSRF header to equal the cookie and the session token', () => {
    const hash = sha256('token-1');
    expect(csrfMatches('token-1', 'token-1', hash)).toBe(true);
    expect(csrfMatches(undefined, 'token-1', hash)).toBe(false);
    expect(csrfMatches('token-1', undefined, hash)).toBe(false);
    expect(csrfMatches('token-2', 'token-2', hash)).toBe(false);
    expect(csrfMatches('token-1', 'token-2', hash)).toBe(false);
  });

  it('expires after 30 idle minutes, sliding, and 12 hours after sign-in at the latest', () => {
    const config = loadStaffSecurityConfig({});
    expect(config.idleSeconds).toBe(1800);
    expect(config.absoluteSeconds).toBe(43200);
    expect(sessionExpiry(0, 0, config)).toBe(1800);
    expect(sessionExpiry(0, 1000, config)).toBe(2800);
    expect(sessionExpiry(0, 43000, config)).toBe(43200);
    expect(loadStaffSecurityConfig({ STAFF_SESSION_IDLE_SECONDS: '5', STAFF_LOGIN_USER_LIMIT: 'x' })).toMatchObject({
      idleSeconds: 5,
      loginUserLimit: 5,
    });
  });

  it('builds the paged meta of seed 001', () => {
    expect(pageMeta(0, 1, 25, 0)).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 25,
      from: null,
      to: null,
      total: 0,
    });
    expect(pageMeta(101, 5, 25, 1)).toEqual({
      current_page: 5,
      last_page: 5,
      per_page: 25,
      from: 101,
      to: 101,
      total: 101,
    });
    expect(pageMeta(60, 2, 25, 25)).toMatchObject({ from: 26, to: 50, last_page: 3 });
  });
});
