import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Standard Webhooks (https://www.standardwebhooks.com, the scheme our outgoing retailer webhooks use), so a retailer
// verifies them with the published `standardwebhooks` library (or Svix's) unchanged:
//   webhook-id         the message id (our event id: the same on every retry and replay, receivers dedupe on it)
//   webhook-timestamp  unix seconds of this attempt
//   webhook-signature  space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, one per valid secret
// The HMAC key is the base64-decoded part of the secret after `whsec_`. Several signatures let a secret rotate: during
// the transition window a delivery is signed with the new and the previous secret, so either verifies.
// (Inbound vendor callbacks keep their own scheme: functions/platform/signatures.ts.)

export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** What the spec recommends receivers allow, both ways (the library's own tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/** 32 random bytes: the HMAC-SHA256 block-sized key the spec's 24..64 bytes allow. */
const SECRET_BYTES = 32;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A new signing secret, `whsec_<base64 of 32 random bytes>`. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** True for `whsec_` followed by standard base64 of 24 to 64 bytes (what the libraries accept). */
export function isWebhookSecret(value: string): boolean {
  if (!value.startsWith(WEBHOOK_SECRET_PREFIX)) return false;
  const encoded = value.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 === 1) return false;
  const bytes = Buffer.from(encoded, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

/**
 * The secret in the form the libraries read. Secrets made before Standard Webhooks were `whsec_<base64url>`: the
 * same key bytes, re-encoded in standard base64 (the libraries reject `-` and `_`).
 */
export function normalizeWebhookSecret(value: string): string {
  if (isWebhookSecret(value)) return value;
  const encoded = value.startsWith(WEBHOOK_SECRET_PREFIX) ? value.slice(WEBHOOK_SECRET_PREFIX.length) : '';
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) throw new Error('Not a webhook signing secret');
  const normalized = `${WEBHOOK_SECRET_PREFIX}${Buffer.from(encoded, 'base64url').toString('base64')}`;
  if (!isWebhookSecret(normalized)) throw new Error('Not a webhook signing secret');
  return normalized;
}

function keyOf(secret: string): Buffer {
  if (!isWebhookSecret(secret)) throw new Error('Not a webhook signing secret');
  return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
}

/** One signature, `v1,<base64>`. */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery, signed with every secret given (the primary first). */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  if (secrets.length === 0) throw new Error('A webhook needs at least one signing secret');
  if (!id || /\s/.test(id)) throw new Error('A webhook id is not empty and has no spaces');
  return {
    [WEBHOOK_ID_HEADER]: id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestampSeconds),
    [WEBHOOK_SIGNATURE_HEADER]: secrets.map((s) => webhookSignature(s, id, timestampSeconds, body)).join(' '),
  };
}

export type WebhookCheck =
  { ok: true; id: string; timestamp: number } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/**
 * Verifies a delivery as a receiver does: the three headers present, the timestamp within the tolerance either way,
 * and one of the `v1` signatures made with one of `secrets` (a receiver holds two while a rotation is in its window).
 */
export function verifyWebhook(
  secrets: readonly string[],
  body: string,
  headers: Record<string, string | undefined>,
  nowSeconds: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): WebhookCheck {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const id = lower[WEBHOOK_ID_HEADER];
  const stamp = lower[WEBHOOK_TIMESTAMP_HEADER];
  const signatures = lower[WEBHOOK_SIGNATURE_HEADER];
  if (!id || !stamp || !signatures) return { ok: false, reason: 'missing' };
  if (!/^\d{1,12}$/.test(stamp)) return { ok: false, reason: 'malformed' };
  const timestamp = Number(stamp);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const given = signatures
    .split(' ')
    .map((s) => s.split(','))
    .filter((parts) => parts[0] === 'v1' && parts[1])
    .map((parts) => Buffer.from(parts[1]!, 'base64'));
  if (given.length === 0) return { ok: false, reason: 'malformed' };
  for (const secret of secrets) {
    const expected = Buffer.from(webhookSignature(secret, id, timestamp, body).slice(3), 'base64');
    if (given.some((g) => g.length === expected.length && timingSafeEqual(g, expected)))
      return { ok: true, id, timestamp };
  }
  return { ok: false, reason: 'mismatch' };
}
