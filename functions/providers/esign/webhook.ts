import { processOnce } from '../../data/webhook-inbox.ts';
// Our side of the e-sign callbacks (`POST /webhooks/esign`): the signature is checked on the raw body, the body is
// parsed into an EsignEvent, duplicates are dropped by event id (a WEBHOOKIN#esign#<eventId> item written with
// attribute_not_exists), and the event is handed to `onEsignEvent`.
//
// The body is a DocuSign Connect JSON SIM message (the sandbox sends the same). Signatures:
// - sandbox: our scheme (`x-signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`, 5-minute tolerance);
// - DocuSign: `X-DocuSign-Signature-1..n`, base64 HMAC-SHA256 of the body with the Connect HMAC key (no timestamp:
//   Connect retries the same message for days, so replays are stopped by the event id alone).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../data/client.ts';
import { createItem, getItem, saveVersioned, type StoredItem } from '../../data/items.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { HttpEvent } from '../../platform/http-types.ts';
import { rawBodyOf, SIGNATURE_HEADER, verifySignature } from '../../platform/signatures.ts';
import { FINAL_ENVELOPE_STATUSES, type EnvelopeStatus } from './port.ts';
import { applyEsignEvent } from '../../services/checkout-esign.ts';

const KEEP_SECONDS = 30 * 24 * 3600;

export interface EsignEvent {
  /** Unique per message: `<envelopeId>:<event>:<generatedDateTime>` (Connect messages carry no id of their own). */
  eventId: string;
  /** The vendor's event name, e.g. 'envelope-completed'. */
  type: string;
  envelopeId: string;
  status: EnvelopeStatus;
  /** Our reference (the checkout id) from the envelope's custom field `reference`, when present. */
  reference: string | null;
  occurredAt: string;
}

const EVENT_STATUS: Record<string, EnvelopeStatus> = {
  'envelope-sent': 'sent',
  'envelope-delivered': 'delivered',
  'envelope-completed': 'completed',
  'envelope-declined': 'declined',
  'envelope-voided': 'voided',
};

export class MalformedWebhook extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses a Connect JSON SIM message; null for events we do not act on; throws MalformedWebhook on junk. */
export function parseEsignEvent(raw: string): EsignEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new MalformedWebhook('not JSON');
  }
  if (!isObject(body) || typeof body.event !== 'string' || !isObject(body.data))
    throw new MalformedWebhook('not a Connect message');
  const envelopeId = body.data.envelopeId;
  const generated = body.generatedDateTime;
  if (typeof envelopeId !== 'string' || !/^[0-9A-Za-z-]{1,64}$/.test(envelopeId))
    throw new MalformedWebhook('no envelopeId');
  if (typeof generated !== 'string' || Number.isNaN(Date.parse(generated)))
    throw new MalformedWebhook('no generatedDateTime');
  const status = EVENT_STATUS[body.event];
  if (!status) return null;
  const summary = isObject(body.data.envelopeSummary) ? body.data.envelopeSummary : {};
  const custom =
    isObject(summary.customFields) && Array.isArray(summary.customFields.textCustomFields)
      ? summary.customFields.textCustomFields
      : [];
  const ref = custom.find(
    (f): f is { name: string; value: string } => isObject(f) && f.name === 'reference' && typeof f.value === 'string',
  );
  const occurredAt = new Date(generated).toISOString();
  return {
    eventId: `${envelopeId}:${body.event}:${occurredAt}`,
    type: body.event,
    envelopeId,
    status,
    reference: ref?.value ?? null,
    occurredAt,
  };
}

function docusignSignatureValid(secret: string, raw: string, headers: HttpEvent['headers']): boolean {
  if (!secret) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  for (let i = 1; i <= 100; i++) {
    const given = headers[`x-docusign-signature-${i}`];
    if (given === undefined) break;
    const bytes = Buffer.from(given, 'base64');
    if (bytes.length === expected.length && timingSafeEqual(bytes, expected)) return true;
  }
  return false;
}

export type WebhookOutcome = { received: true; duplicate: boolean; ignored: boolean };

/** The whole intake of one callback; AppError 401 (forged/stale) or 400 (malformed) refuses it. */
export async function receiveEsignWebhook(deps: Deps, event: HttpEvent): Promise<WebhookOutcome> {
  const raw = rawBodyOf(event);
  const settings = deps.config.checkoutVendors.esign;
  const now = deps.clock();
  if (settings.provider === 'docusign') {
    if (!docusignSignatureValid(settings.webhookSecret, raw, event.headers)) {
      deps.log.warn('webhook refused', {
        vendor: 'esign',
        reason: 'mismatch',
        requestId: event.requestContext.requestId,
      });
      throw new AppError(401, 'The webhook signature is not valid.');
    }
  } else {
    const check = settings.webhookSecret
      ? verifySignature(settings.webhookSecret, raw, event.headers[SIGNATURE_HEADER], Math.floor(now.getTime() / 1000))
      : ({ ok: false, reason: 'mismatch' } as const);
    if (!check.ok) {
      deps.log.warn('webhook refused', {
        vendor: 'esign',
        reason: check.reason,
        requestId: event.requestContext.requestId,
      });
      throw new AppError(401, 'The webhook signature is not valid.');
    }
  }
  let parsed: EsignEvent | null;
  try {
    parsed = parseEsignEvent(raw);
  } catch (error) {
    deps.log.warn('webhook malformed', {
      vendor: 'esign',
      reason: (error as Error).message,
      requestId: event.requestContext.requestId,
    });
    throw badRequest('The webhook body is not a valid e-sign event.');
  }
  if (!parsed) return { received: true, duplicate: false, ignored: true };
  const outcome = await processOnce(
    deps.db,
    { vendor: 'esign', eventId: parsed.eventId, now, keepSeconds: KEEP_SECONDS, record: { event: parsed } },
    async () => {
      await onEsignEvent(deps, parsed);
      // The checkout side: the completion of the checkout's envelope moves it 13 -> 6 (functions/services/checkout-esign.ts).
      await applyEsignEvent(deps, parsed);
    },
  );
  return { received: true, duplicate: outcome === 'duplicate', ignored: false };
}

export interface EsignVendorStatusItem extends StoredItem {
  entity: 'esignVendorStatus';
  envelopeId: string;
  status: EnvelopeStatus;
  reference: string | null;
  occurredAt: string;
  lastEventId: string;
  updatedAt: string;
}

export const esignStatusKey = (envelopeId: string) => ({ pk: `ESIGN#${envelopeId}`, sk: 'VENDOR_STATUS' });

/**
 * The consumer of e-sign events. Today it records the vendor's status of the envelope (ESIGN#<envelopeId>), newest
 * event wins and a final status (completed, declined, voided) is never replaced, so that the checkout service can
 * read it with `getEsignVendorStatus`. EXTENSION POINT: the checkout service adds here the `esign.completed` event on
 * the checkout machine (found by `event.reference`); it must stay idempotent (events arrive at least once, in any order).
 */
export async function onEsignEvent(deps: Pick<Deps, 'db' | 'clock'>, event: EsignEvent): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = deps.clock();
    const current = await getItem<EsignVendorStatusItem>(deps.db, esignStatusKey(event.envelopeId), now);
    const next: EsignVendorStatusItem = {
      ...esignStatusKey(event.envelopeId),
      entity: 'esignVendorStatus',
      v: 1,
      envelopeId: event.envelopeId,
      status: event.status,
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
      const stale = current.occurredAt > event.occurredAt || FINAL_ENVELOPE_STATUSES.includes(current.status);
      if (stale) return;
      await saveVersioned(deps.db, current, next);
      return;
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      // someone else wrote in the meantime: read again
    }
  }
  throw new Error(`could not record e-sign status of ${event.envelopeId}`);
}

/** The vendor's last known status of an envelope, as recorded from its callbacks. */
export async function getEsignVendorStatus(
  db: Db,
  envelopeId: string,
  now: Date,
): Promise<EsignVendorStatusItem | undefined> {
  return getItem<EsignVendorStatusItem>(db, esignStatusKey(envelopeId), now);
}
