import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AuthCodeBody, AuthCodeData, CustomerMe } from '../../../machines/contracts/customer-api.ts';
import { BRANDS } from '../../../machines/domain/brands.ts';
import { isLang, translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import {
  attemptsLeft,
  isExpired,
  isMaxed,
  MAX_SENDS,
  nextSendAllowedAt,
  PIN_LENGTH,
  PIN_TTL_MS,
  pinFromRandom,
  registerFailure,
  registerSend,
  SEND_WINDOW_MS,
} from '../../../machines/pin/pin-rules.ts';
import { createItem, getItem, saveVersioned, type StoredItem } from '../../data/items.ts';
import { readSendHistory, writeSendHistory } from '../../data/send-throttles.ts';
import { isOptedOut } from '../../data/sms-opt-outs.ts';
import {
  createCustomerSession,
  customerCookies,
  customerSessionExpiry,
  deleteCustomerSession,
  findCustomerSession,
  touchCustomerSession,
  type CustomerSession,
} from '../../platform/customer-sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, unauthorized, unprocessable } from '../../platform/errors.ts';
import type { HttpEvent } from '../../platform/http-types.ts';
import { csrfMatches, sha256 } from '../../platform/staff-sessions.ts';
import { contactHash, findLessee, maskContact, normaliseEmail, normalisePhone, type Contact } from './lessees.ts';

// The lessee's sign-in (issue 22): a one-time code to the phone or e-mail on a funded lease, under the PIN rules of
// machines/pin/pin-rules.ts (5 digits, valid 10 minutes, single use, at most 5 wrong codes, at most 3 codes per
// address in 15 minutes). /auth/code answers the same whether or not a lease has the address (the code is only sent
// when one does), so it cannot be used to find out who is a lessee; codes are limited per address and per IP alike.
// The pending sign-in is an item named by an HttpOnly cookie; the code is stored as sha256(salt:code) only.

export const CUSTOMER_AUTH = {
  sessionInvalid: 'customer.auth.session.invalid',
  csrf: 'customer.auth.csrf',
} as const;

/** Codes asked for from one IP address in the PIN rules' 15-minute window (a shared NAT gets a household's worth). */
export const MAX_SENDS_PER_IP = 10;

interface PendingSignIn extends StoredItem {
  entity: 'customerSignIn';
  contactHash: string;
  channel: 'sms' | 'email';
  masked: string;
  leaseIds: string[];
  firstName: string | null;
  lang: Lang;
  salt: string;
  /** Null when no funded lease has the address: no code was sent, and every code is wrong. */
  codeHash: string | null;
  issuedAt: number;
  failedAttempts: number;
  used?: boolean;
}

const pendingKey = (id: string) => ({ pk: `CUSTOMERSIGNIN#${sha256(id)}`, sk: 'PENDING' });
const throttleKey = (kind: 'addr' | 'ip', value: string) => ({
  pk: `THROTTLE#customer-code#${kind}#${createHash('sha256').update(value).digest('hex')}`,
  sk: 'THROTTLE',
});
const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

function codeMatches(pending: PendingSignIn, code: string): boolean {
  if (!pending.codeHash) return false;
  const a = Buffer.from(hashCode(pending.salt, code), 'hex');
  const b = Buffer.from(pending.codeHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The address of the body, normalised, or a 422 naming the field. */
export function contactOf(body: AuthCodeBody): Contact {
  if (body.phone) {
    const value = normalisePhone(body.phone);
    if (!value) throw unprocessable({ phone: ['customer.auth.phone.invalid'] }, 'customer.auth.phone.invalid');
    return { channel: 'sms', value };
  }
  const value = normaliseEmail(body.email ?? '');
  if (!value) throw unprocessable({ email: ['customer.auth.email.invalid'] }, 'customer.auth.email.invalid');
  return { channel: 'email', value };
}

/** Counts a send against one throttle; a 429 (with the minutes to wait) when it is at the limit. */
async function throttleSend(deps: Deps, key: { pk: string; sk: string }, limit: number, nowMs: number, lang: Lang) {
  const now = new Date(nowMs);
  for (let attempt = 0; attempt < 5; attempt++) {
    const read = await readSendHistory(deps.db, key, now);
    const recent = read.sends.filter((at) => at <= nowMs && nowMs - at < SEND_WINDOW_MS).sort((a, b) => a - b);
    if (recent.length >= limit) {
      const release = recent[recent.length - limit]! + SEND_WINDOW_MS;
      const minutes = Math.max(1, Math.ceil((release - nowMs) / 60_000));
      throw new AppError(429, translate(lang, 'customer.auth.code.tooMany', { minutes }), undefined, {
        retry_after_minutes: minutes,
      });
    }
    const sends = registerSend(recent, nowMs).slice(-limit);
    const expiresAt = Math.ceil((nowMs + SEND_WINDOW_MS) / 1000);
    if (await writeSendHistory(deps.db, key, read, sends, expiresAt, now)) return sends;
  }
  throw new AppError(503, 'customer.auth.code.sendFailed');
}

export interface CodeRequest {
  ip: string;
  lang: Lang;
}

/** POST /customer/api/auth/code: the pending sign-in's id (for its cookie) and the answer. */
export async function requestCode(
  deps: Deps,
  body: AuthCodeBody,
  request: CodeRequest,
): Promise<{ pendingId: string; data: AuthCodeData; maxAge: number }> {
  const contact = contactOf(body);
  const nowMs = deps.clock().getTime();
  const hash = await contactHash(deps, contact);
  // The IP first, then the address: both count whether or not a lease has the address.
  await throttleSend(deps, throttleKey('ip', request.ip), MAX_SENDS_PER_IP, nowMs, request.lang);
  const sends = await throttleSend(deps, throttleKey('addr', hash), MAX_SENDS, nowMs, request.lang);
  const lessee = await findLessee(deps, contact);
  const lang = request.lang;
  const matched = lessee.leaseIds.length > 0;
  const code = newCode();
  const salt = randomBytes(16).toString('hex');
  const pendingId = randomBytes(32).toString('base64url');
  await createItem(deps.db, {
    ...pendingKey(pendingId),
    entity: 'customerSignIn' as const,
    contactHash: hash,
    channel: contact.channel,
    masked: maskContact(contact),
    leaseIds: lessee.leaseIds,
    firstName: lessee.firstName,
    lang,
    salt,
    codeHash: matched ? hashCode(salt, code) : null,
    issuedAt: nowMs,
    failedAttempts: 0,
    expiresAt: Math.ceil((nowMs + PIN_TTL_MS) / 1000),
  });
  if (matched) await sendCode(deps, contact, hash, code, lessee.firstName, lang);
  return {
    pendingId,
    maxAge: PIN_TTL_MS / 1000,
    data: {
      channel: contact.channel,
      expires_in: PIN_TTL_MS / 1000,
      resend_in: Math.max(0, Math.ceil((nextSendAllowedAt(sends, nowMs) - nowMs) / 1000)),
    },
  };
}

const newCode = () => pinFromRandom(Array.from({ length: PIN_LENGTH }, () => randomInt(0, 10)));

async function sendCode(deps: Deps, contact: Contact, hash: string, code: string, name: string | null, lang: Lang) {
  // A number that replied STOP gets no text, not even a code it asks for: the lessee signs in by e-mail instead (or
  // replies START). The answer stays the same, so this says nothing about the number either.
  if (contact.channel === 'sms' && (await isOptedOut(deps.db, hash, deps.clock()))) return;
  const brand = BRANDS.default.name;
  const params = { brand, code, name: name ?? '' };
  try {
    await deps.providers.messaging.send(
      contact.channel === 'sms'
        ? {
            channel: 'sms',
            to: contact.value,
            body: translate(lang, 'customer.auth.message.sms', params),
            purpose: 'customer-sign-in',
          }
        : {
            channel: 'email',
            to: contact.value,
            subject: translate(lang, 'customer.auth.message.subject', params),
            body: translate(lang, 'customer.auth.message.email', params),
            purpose: 'customer-sign-in',
          },
    );
  } catch (error) {
    deps.log.warn('sign-in code could not be sent', { channel: contact.channel, error: String(error) });
    throw new AppError(503, 'customer.auth.code.sendFailed');
  }
}

/** POST /customer/api/auth/verify: the new session's cookie values and who is signed in. */
export async function verifyCode(
  deps: Deps,
  event: HttpEvent,
  code: string,
  request: { ip: string; lang: Lang },
): Promise<{ sessionId: string; csrfToken: string; me: CustomerMe }> {
  const pendingId = customerCookies(event).signIn;
  const now = deps.clock();
  const nowMs = now.getTime();
  if (!pendingId || pendingId.length > 128)
    throw new AppError(410, 'customer.auth.code.pending', { code: ['customer.auth.code.pending'] }, { expired: true });
  const key = pendingKey(pendingId);
  const pending = await getItem<PendingSignIn>(deps.db, key, now);
  if (!pending || pending.used || isExpired({ issuedAt: pending.issuedAt }, nowMs))
    throw new AppError(410, 'customer.auth.code.expired', { code: ['customer.auth.code.expired'] }, { expired: true });
  if (isMaxed(pending)) throw maxedError();
  if (!codeMatches(pending, code)) {
    const failed = registerFailure(pending);
    // Conditional on the version: concurrent wrong codes each count (a 409 here is a lost race: counted as wrong).
    await saveVersioned(deps.db, pending, failed, [], { returnItem: false });
    if (isMaxed(failed)) throw maxedError();
    const left = attemptsLeft(failed);
    throw new AppError(
      422,
      translate(request.lang, 'customer.auth.code.wrong', { attempts: left }),
      { code: ['customer.auth.code.invalid'] },
      { attempts_left: left },
    );
  }
  // Single use: marking it used is conditional on the version read, so two concurrent right codes make one session.
  await saveVersioned(deps.db, pending, { ...pending, used: true }, [], { returnItem: false });
  const lang = request.lang;
  const session = await createCustomerSession(
    deps.db,
    {
      contactHash: pending.contactHash,
      channel: pending.channel,
      masked: pending.masked,
      leaseIds: pending.leaseIds,
      firstName: pending.firstName,
      lang,
      ip: request.ip,
    },
    now,
  );
  const item = session.item;
  return {
    sessionId: session.sessionId,
    csrfToken: session.csrfToken,
    me: meOf(
      {
        masked: item.masked,
        firstName: item.firstName,
        lang: item.lang,
        leaseIds: item.leaseIds,
        expiresAt: customerSessionExpiry(item.issuedAt, item.lastSeenAt),
      },
      session.csrfToken,
    ),
  };
}

const maxedError = () =>
  new AppError(
    429,
    'customer.auth.code.maxed',
    { code: ['customer.auth.code.maxed'] },
    { maxed: true, attempts_left: 0 },
  );

export function meOf(
  s: Pick<CustomerSession, 'masked' | 'firstName' | 'lang' | 'leaseIds' | 'expiresAt'>,
  csrfToken: string,
): CustomerMe {
  return {
    first_name: s.firstName,
    signed_in_with: s.masked,
    lang: s.lang,
    lease_ids: [...s.leaseIds],
    csrf_token: csrfToken,
    expires_at: new Date(s.expiresAt * 1000).toISOString(),
  };
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The 'customer' auth kind: a live session (401 otherwise) and the CSRF token on every mutating request (403). */
export async function authenticateCustomer(
  ctx: { event: HttpEvent; route: { method: string } },
  deps: Deps,
): Promise<CustomerSession> {
  const now = deps.clock();
  const cookies = customerCookies(ctx.event);
  const found = await findCustomerSession(deps.db, cookies.session, now);
  if (!found) throw unauthorized(CUSTOMER_AUTH.sessionInvalid);
  if (
    MUTATING.has(ctx.route.method) &&
    !csrfMatches(ctx.event.headers['x-csrf-token'], cookies.csrf, found.item.csrfHash)
  )
    throw new AppError(403, CUSTOMER_AUTH.csrf);
  await touchCustomerSession(deps.db, found.hash, found.item, now);
  const item = found.item;
  return {
    sessionHash: found.hash,
    contactHash: item.contactHash,
    channel: item.channel,
    masked: item.masked,
    leaseIds: item.leaseIds,
    firstName: item.firstName,
    lang: item.lang,
    csrfHash: item.csrfHash,
    expiresAt: customerSessionExpiry(item.issuedAt, Math.max(item.lastSeenAt, now.getTime() / 1000)),
    ip: item.ip,
  };
}

export async function signOut(deps: Deps, session: CustomerSession) {
  await deleteCustomerSession(deps.db, session.sessionHash);
}

/**
 * The lessee's language for a request: the body's `lang`, else X-Lang or ?lang=, else the session's (the language
 * they signed in in), else Accept-Language (the edge's reading).
 */
export function customerLang(event: HttpEvent, bodyLang: unknown, sessionLang: Lang | undefined, fallback: Lang): Lang {
  if (isLang(bodyLang)) return bodyLang;
  const explicit = event.headers['x-lang'] ?? event.queryStringParameters?.lang;
  if (isLang(explicit)) return explicit;
  return sessionLang ?? fallback;
}

/** The CSRF token cannot be read back from its hash: /me hands out the cookie's value the page already holds. */
export const csrfTokenOf = (event: HttpEvent) => customerCookies(event).csrf ?? '';
