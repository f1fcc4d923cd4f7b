// One intake for the signed callbacks of the checkout vendors (card vault, e-sign): the signature is checked on the
// raw body, the body is parsed by the vendor's parser (functions/providers/<vendor>/webhook.ts, which only returns a
// value), duplicates are dropped by event id (a WEBHOOKIN#<vendor>#<eventId> item written with attribute_not_exists),
// and the event is handed to the vendor's service. The vendor's status of the object it names is kept newest-first by
// `recordNewestVendorStatus`.
// (The verification vendors, bank link, identity and payroll, have their own pipeline with an audit trail:
// functions/providers/bank-link/inbound.ts.)
import { createItem, getItem, saveVersioned, type Keyed, type StoredItem } from '../data/items.ts';
import { processOnce } from '../data/webhook-inbox.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, badRequest } from '../platform/errors.ts';
import type { HttpEvent } from '../platform/http-types.ts';
import { rawBodyOf, verifySignature } from '../platform/signatures.ts';

const KEEP_SECONDS = 30 * 24 * 3600;

export type WebhookOutcome = { received: true; duplicate: boolean; ignored: boolean };

export type WebhookSignatureCheck = { ok: true } | { ok: false; reason: string };

export interface SignedWebhookIntake<E extends { eventId: string }> {
  /** The vendor's name in logs and in the dedupe key. */
  vendor: string;
  /** Whether the raw body carries the vendor's valid signature. */
  verify: (raw: string, headers: HttpEvent['headers'], nowSeconds: number) => WebhookSignatureCheck;
  /** The vendor's parser: null for events we do not act on; throws on junk. */
  parse: (raw: string) => E | null;
  /** The 400's message when the body cannot be parsed. */
  malformedMessage: string;
  /** What the service does with a new (not duplicate) event. */
  handle: (event: E) => Promise<void>;
}

/** Our own signature scheme (platform/signatures.ts) in `header`; without a secret every callback is refused. */
export const ourSignatureCheck =
  (secret: string | null | undefined, header: string) =>
  (raw: string, headers: HttpEvent['headers'], nowSeconds: number): WebhookSignatureCheck =>
    secret ? verifySignature(secret, raw, headers[header], nowSeconds) : { ok: false, reason: 'mismatch' };

/** The whole intake of one callback; AppError 401 (forged/stale) or 400 (malformed) refuses it. */
export async function receiveSignedWebhook<E extends { eventId: string }>(
  deps: Deps,
  event: HttpEvent,
  intake: SignedWebhookIntake<E>,
): Promise<WebhookOutcome> {
  const raw = rawBodyOf(event);
  const now = deps.clock();
  const check = intake.verify(raw, event.headers, Math.floor(now.getTime() / 1000));
  if (!check.ok) {
    deps.log.warn('webhook refused', {
      vendor: intake.vendor,
      reason: check.reason,
      requestId: event.requestContext.requestId,
    });
    throw new AppError(401, 'The webhook signature is not valid.');
  }
  let parsed: E | null;
  try {
    parsed = intake.parse(raw);
  } catch (error) {
    deps.log.warn('webhook malformed', {
      vendor: intake.vendor,
      reason: (error as Error).message,
      requestId: event.requestContext.requestId,
    });
    throw badRequest(intake.malformedMessage);
  }
  if (!parsed) return { received: true, duplicate: false, ignored: true };
  const outcome = await processOnce(
    deps.db,
    { vendor: intake.vendor, eventId: parsed.eventId, now, keepSeconds: KEEP_SECONDS, record: { event: parsed } },
    () => intake.handle(parsed),
  );
  return { received: true, duplicate: outcome === 'duplicate', ignored: false };
}

/** What every recorded vendor status keeps of the event that set it. */
export interface VendorStatusItem extends StoredItem {
  reference: string | null;
  occurredAt: string;
  lastEventId: string;
  updatedAt: string;
}

/**
 * Records the vendor's status of one object (a charge, an envelope) from its callbacks, which arrive at least once and
 * in any order: `build` makes the vendor's own fields of the new item from the one stored (if any), `keepCurrent` says
 * when the stored one stays (it is newer, or final). A concurrent writer makes it read again, up to five times.
 */
export async function recordNewestVendorStatus<F extends { entity: string }>(
  deps: Pick<Deps, 'db' | 'clock'>,
  key: Keyed,
  event: { eventId: string; occurredAt: string; reference: string | null },
  policy: {
    build: (current: (VendorStatusItem & F) | undefined) => F;
    keepCurrent: (current: VendorStatusItem & F) => boolean;
    failure: string;
  },
): Promise<void> {
  const { build, keepCurrent, failure } = policy;
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = deps.clock();
    const current = await getItem<VendorStatusItem & F>(deps.db, key, now);
    const next = {
      ...key,
      v: 1,
      ...build(current),
      reference: event.reference ?? current?.reference ?? null,
      occurredAt: event.occurredAt,
      lastEventId: event.eventId,
      updatedAt: now.toISOString(),
    };
    try {
      if (!current) {
        const { v: _v, ...fresh } = next;
        await createItem(deps.db, fresh);
        return;
      }
      if (keepCurrent(current)) return;
      await saveVersioned(deps.db, current, next);
      return;
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      // someone else wrote in the meantime: read again
    }
  }
  throw new Error(failure);
}
