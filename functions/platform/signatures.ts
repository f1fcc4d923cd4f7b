import { createHmac, timingSafeEqual } from 'node:crypto';

// The signature scheme of the vendor callbacks we accept (e-sign, card vault, bank link, identity, payroll; our
// sandbox vendors sign the same way), Stripe-style:
//   header  `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
// Checked on the raw body, with a tolerance on the timestamp so a captured request cannot be replayed later.
// (The webhooks we send to retailers use Standard Webhooks instead: functions/platform/standard-webhooks.ts.)
export const SIGNATURE_HEADER = 'x-signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function sign(secret: string, rawBody: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

export type SignatureCheck =
  { ok: true; timestamp: number } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export function verifySignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? [p.trim(), ''] : [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  const v1 = parts.v1;
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: 'malformed' };
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'), 'hex');
  const given = Buffer.from(v1, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { ok: true, timestamp: t }
    : { ok: false, reason: 'mismatch' };
}

/** The raw body as the sender signed it (API Gateway may base64 it). */
export function rawBodyOf(event: { body?: string; isBase64Encoded: boolean }): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}
