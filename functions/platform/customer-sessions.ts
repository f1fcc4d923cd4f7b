import { randomBytes } from 'node:crypto';
import type { Db } from '../data/client.ts';
import { createItem, deleteItem, getItem, type StoredItem } from '../data/items.ts';
import type { HttpEvent } from './http-types.ts';
import { readCookies, serializeCookie } from './staff-cookies.ts';
import { sha256, slideSessionExpiry } from './staff-sessions.ts';

// The lessee's sessions (issue 22), built as staff sessions are (functions/platform/staff-sessions.ts): a random
// 256-bit id in an HttpOnly, SameSite=Strict cookie, stored only as its SHA-256 (pk CUSTOMERSESSION#<hash>), with a
// sliding idle expiry under an absolute limit, and a CSRF token stored hashed that every mutating request echoes in
// X-CSRF-Token (equal to the customer_csrf cookie). The cookies' path is /customer, the API's; the account pages live
// elsewhere (/account/), so the CSRF token also comes in the body of the sign-in and of /me for the page to keep.
// A pending sign-in (a code asked for, not yet typed) is its own item, named by a third cookie, so /auth/verify needs
// nothing but the code.

export const CUSTOMER_SESSION_COOKIE = 'customer_session';
export const CUSTOMER_CSRF_COOKIE = 'customer_csrf';
export const CUSTOMER_SIGNIN_COOKIE = 'customer_signin';
const COOKIE_PATH = '/customer';

/** A lessee's session ends after 15 minutes without a request (money moves here), and after 4 hours in any case. */
export const CUSTOMER_IDLE_SECONDS = 15 * 60;
export const CUSTOMER_ABSOLUTE_SECONDS = 4 * 3600;

export interface CustomerSessionItem extends StoredItem {
  entity: 'customerSession';
  /** Keyed HMAC of the address signed in with (the lessee's identity), never the address itself. */
  contactHash: string;
  channel: 'sms' | 'email';
  /** The address as shown back, masked. */
  masked: string;
  leaseIds: string[];
  firstName: string | null;
  lang: 'en' | 'es';
  csrfHash: string;
  issuedAt: number;
  lastSeenAt: number;
  ip: string;
}

/** What the edge hands a handler for auth 'customer'. */
export interface CustomerSession {
  sessionHash: string;
  contactHash: string;
  channel: 'sms' | 'email';
  masked: string;
  leaseIds: readonly string[];
  firstName: string | null;
  lang: 'en' | 'es';
  csrfHash: string;
  expiresAt: number;
  ip: string;
}

const sessionKey = (hash: string) => ({ pk: `CUSTOMERSESSION#${hash}`, sk: 'SESSION' });
const seconds = (d: Date) => d.getTime() / 1000;

export const customerSessionExpiry = (issuedAt: number, lastSeenAt: number) =>
  Math.min(lastSeenAt + CUSTOMER_IDLE_SECONDS, issuedAt + CUSTOMER_ABSOLUTE_SECONDS);

export async function createCustomerSession(
  db: Db,
  input: Pick<CustomerSessionItem, 'contactHash' | 'channel' | 'masked' | 'leaseIds' | 'firstName' | 'lang' | 'ip'>,
  now: Date,
): Promise<{ sessionId: string; csrfToken: string; item: CustomerSessionItem }> {
  const sessionId = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const t = seconds(now);
  const item = (await createItem(db, {
    ...sessionKey(sha256(sessionId)),
    entity: 'customerSession' as const,
    ...input,
    ip: input.ip.slice(0, 64),
    csrfHash: sha256(csrfToken),
    issuedAt: t,
    lastSeenAt: t,
    expiresAt: Math.ceil(customerSessionExpiry(t, t)),
  })) as unknown as CustomerSessionItem;
  return { sessionId, csrfToken, item };
}

export async function findCustomerSession(db: Db, sessionId: string | undefined, now: Date) {
  if (!sessionId || sessionId.length > 128) return undefined;
  const hash = sha256(sessionId);
  const item = await getItem<CustomerSessionItem>(db, sessionKey(hash), now);
  if (!item || customerSessionExpiry(item.issuedAt, item.lastSeenAt) <= seconds(now)) return undefined;
  return { hash, item };
}

/** Slides the idle expiry, at most once a minute. */
export async function touchCustomerSession(db: Db, hash: string, item: CustomerSessionItem, now: Date) {
  const t = seconds(now);
  if (t - item.lastSeenAt < 60) return;
  await slideSessionExpiry(db, sessionKey(hash), t, Math.ceil(customerSessionExpiry(item.issuedAt, t)));
}

export async function deleteCustomerSession(db: Db, hash: string) {
  await deleteItem(db, sessionKey(hash));
}

// ---- cookies ----

const cookie = (name: string, value: string, maxAge: number, httpOnly: boolean, secure: boolean) =>
  serializeCookie(name, value, { maxAge, httpOnly, secure, path: COOKIE_PATH });

export function customerSessionCookies(sessionId: string, csrfToken: string, secure: boolean): string[] {
  return [
    cookie(CUSTOMER_SESSION_COOKIE, sessionId, CUSTOMER_ABSOLUTE_SECONDS, true, secure),
    cookie(CUSTOMER_CSRF_COOKIE, csrfToken, CUSTOMER_ABSOLUTE_SECONDS, false, secure),
    cookie(CUSTOMER_SIGNIN_COOKIE, '', 0, true, secure),
  ];
}

export function clearedCustomerCookies(secure: boolean): string[] {
  return [
    cookie(CUSTOMER_SESSION_COOKIE, '', 0, true, secure),
    cookie(CUSTOMER_CSRF_COOKIE, '', 0, false, secure),
    cookie(CUSTOMER_SIGNIN_COOKIE, '', 0, true, secure),
  ];
}

export const signInCookie = (pendingId: string, maxAge: number, secure: boolean) =>
  cookie(CUSTOMER_SIGNIN_COOKIE, pendingId, maxAge, true, secure);

export const customerCookies = (event: HttpEvent) => {
  const all = readCookies(event);
  return {
    session: all[CUSTOMER_SESSION_COOKIE],
    csrf: all[CUSTOMER_CSRF_COOKIE],
    signIn: all[CUSTOMER_SIGNIN_COOKIE],
  };
};
