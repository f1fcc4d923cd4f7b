import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '../../platform/errors.ts';
import { sign, SIGNATURE_HEADER, verifySignature } from '../../platform/signatures.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Db } from '../../data/client.ts';
import type { MessagingPort } from '../messaging/port.ts';

// What the three shopper-verification vendors (bank link, identity check, payroll) have in common: the shape of an
// inbound callback once verified, the sandbox callback format, latency of the sandboxes, and the mapping of vendor
// HTTP failures to our errors. (Shared by functions/providers/{bank-link,identity,payroll}.)

export type VendorKind = 'bank-link' | 'identity' | 'payroll';

/** A vendor callback after its signature was checked, in our vendor-neutral form. */
export interface VendorEvent {
  /** Unique per delivery of one event; the dedupe key (`WEBHOOKIN#<vendor>#<id>`). */
  id: string;
  /** Our event type, e.g. `profile.connected`, `check.completed`, `session.completed`. */
  type: string;
  /** The vendor-side object the event is about: a bank profile, an identity check, a payroll session. */
  objectId: string;
  occurredAt: string;
  /** Event details (no secrets, no full account numbers). */
  data: Record<string, unknown>;
}

export interface CallbackRequest {
  rawBody: string;
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  nowSeconds: number;
}

/**
 * The outcome of reading a callback: a verified event, a refused signature (401: missing, malformed header, stale,
 * mismatch) or a correctly signed body we cannot read (400: invalid-body), or a signed event we do not act on (ignored).
 */
export type CallbackCheck =
  | { ok: true; event: VendorEvent }
  | { ok: true; ignored: string; eventId: string }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' | 'invalid-body'; detail?: string };

/** Every port that receives vendor callbacks reads (verifies and normalises) them itself, in its vendor's scheme. */
export interface CallbackReader {
  readCallback(request: CallbackRequest): Promise<CallbackCheck>;
}

// ---- the sandbox callback format --------------------------------------------------------------------------------
//   POST <publicUrl>/webhooks/<vendor>
//   x-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> (functions/platform/signatures.ts)
//   { "id": "evt_…", "type": "profile.connected", "object_id": "…", "created_at": "<ISO>", "data": { … } }

export interface SandboxCallbackBody {
  id: string;
  type: string;
  object_id: string;
  created_at: string;
  data: Record<string, unknown>;
}

export const newEventId = () => `evt_${randomUUID().replace(/-/g, '')}`;

export function sandboxCallbackBody(
  type: string,
  objectId: string,
  data: Record<string, unknown>,
  now: Date,
): SandboxCallbackBody {
  return { id: newEventId(), type, object_id: objectId, created_at: now.toISOString(), data };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses a sandbox callback body; undefined when it is not one. */
export function parseSandboxCallback(raw: string, knownTypes: readonly string[]): VendorEvent | undefined {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(body)) return undefined;
  const { id, type, object_id, created_at, data } = body;
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{8,100}$/.test(id)) return undefined;
  if (typeof type !== 'string' || !knownTypes.includes(type)) return undefined;
  if (typeof object_id !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(object_id)) return undefined;
  if (typeof created_at !== 'string' || Number.isNaN(Date.parse(created_at))) return undefined;
  if (data !== undefined && !isRecord(data)) return undefined;
  return {
    id,
    type,
    objectId: object_id,
    occurredAt: new Date(created_at).toISOString(),
    data: data! ?? {},
  };
}

/** Verifies and reads a sandbox callback: the signature first (on the raw body), then the body. */
export function readSandboxCallback(
  secret: string,
  request: CallbackRequest,
  knownTypes: readonly string[],
): CallbackCheck {
  const check = verifySignature(secret, request.rawBody, request.headers[SIGNATURE_HEADER], request.nowSeconds);
  if (!check.ok) return { ok: false, reason: check.reason };
  const event = parseSandboxCallback(request.rawBody, knownTypes);
  return event ? { ok: true, event } : { ok: false, reason: 'invalid-body' };
}

/**
 * Sends a sandbox callback the way the vendor would: signed JSON POSTed to our webhook endpoint. Awaited (a Lambda
 * must not leave work behind after answering) but never fails the sandbox page: a refused or lost callback is logged.
 */
export async function sendSandboxCallback(options: {
  url: string;
  secret: string;
  body: SandboxCallbackBody;
  now: Date;
  log?: Logger;
}): Promise<{ delivered: boolean; status?: number }> {
  const raw = JSON.stringify(options.body);
  try {
    const res = await fetch(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: sign(options.secret, raw, Math.floor(options.now.getTime() / 1000)),
        'user-agent': 'lto-sandbox-vendor/1',
      },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    await res.text();
    if (!res.ok)
      options.log?.warn('sandbox callback refused', { url: options.url, status: res.status, type: options.body.type });
    return { delivered: res.ok, status: res.status };
  } catch (error) {
    options.log?.warn('sandbox callback failed', { url: options.url, type: options.body.type, error: String(error) });
    return { delivered: false };
  }
}

/** What the three verification sandboxes run on. */
export interface VerificationSandboxOptions {
  db: Db;
  clock: () => Date;
  /** Sends the links the shopper opens (SMS or e-mail). */
  messaging: MessagingPort;
  /** Read at call time: the local server learns its port only after listening. */
  publicUrl: () => string;
  webhookSecret: string;
  latency: boolean;
  log?: Logger;
}

/** A sandbox's callbacks to our webhook endpoint for `vendor` (`/webhooks/<vendor>`), signed, as of `now`. */
export const sandboxCallbackSender =
  (options: VerificationSandboxOptions, vendor: VendorKind) =>
  (type: string, objectId: string, data: Record<string, unknown>, now: Date = options.clock()) =>
    sendSandboxCallback({
      url: `${options.publicUrl()}/webhooks/${vendor}`,
      secret: options.webhookSecret,
      body: sandboxCallbackBody(type, objectId, data, now),
      now,
      log: options.log,
    });

// ---- sandbox latency ----------------------------------------------------------------------------------------------

/** A vendor's test mode answers in a few hundred milliseconds; `SANDBOX_LATENCY=off` (tests) answers at once. */
export function sandboxPause(enabled: boolean) {
  return (ms: number) =>
    enabled && ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

// ---- vendor HTTP calls --------------------------------------------------------------------------------------------

/** A failure of a vendor call, already mapped to what we answer (status and a message a shopper can act on). */
export class VendorError extends AppError {
  constructor(
    statusCode: number,
    message: string,
    readonly vendor: string,
    readonly vendorCode?: string,
  ) {
    super(statusCode, message, undefined, vendorCode ? { vendor_code: vendorCode } : undefined);
    this.name = 'VendorError';
  }
}

export interface VendorResponse {
  status: number;
  body: unknown;
}

/** One JSON call to a vendor; network failures and timeouts become a 503 VendorError. */
export async function vendorFetch(
  vendor: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
  timeoutMs = 15_000,
): Promise<VendorResponse> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new VendorError(
      503,
      'The service is not answering right now. Please try again in a moment.',
      vendor,
      'NETWORK',
    );
  }
  const text = await res.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: res.status, body };
}

/** The generic mapping of a vendor's HTTP status to ours (each adapter refines it with the vendor's error codes). */
export function vendorStatusError(vendor: string, status: number, vendorCode?: string): VendorError {
  if (status === 429)
    return new VendorError(429, 'Too many attempts. Please wait a moment and try again.', vendor, vendorCode);
  if (status === 401 || status === 403)
    return new VendorError(502, 'The service refused our credentials. Please contact support.', vendor, vendorCode);
  if (status === 404) return new VendorError(404, 'Requested resource was not found', vendor, vendorCode);
  if (status >= 500)
    return new VendorError(
      503,
      'The service is not answering right now. Please try again in a moment.',
      vendor,
      vendorCode,
    );
  return new VendorError(502, 'The service could not process the request. Please try again later.', vendor, vendorCode);
}

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** Deterministic integer in [0, n) from a string (sandbox test data derived from ids). */
export function hashInt(s: string, n: number): number {
  return createHash('sha256').update(s).digest().readUInt32BE(0) % n;
}

// ---- adapter state --------------------------------------------------------------------------------------------------

/** Small key-value state an adapter keeps next to the vendor (link tokens, item ids, encrypted access tokens). */
export interface VendorStateStore {
  get<T extends Record<string, unknown>>(key: string): Promise<T | undefined>;
  put(key: string, value: Record<string, unknown>, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export function memoryStateStore(): VendorStateStore {
  const map = new Map<string, Record<string, unknown>>();
  return {
    async get<T extends Record<string, unknown>>(key: string) {
      return map.get(key) as T | undefined;
    },
    async put(key, value) {
      map.set(key, { ...value });
    },
    async delete(key) {
      map.delete(key);
    },
  };
}
