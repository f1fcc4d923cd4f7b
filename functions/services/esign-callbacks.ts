// Our side of the e-sign callbacks (`POST /webhooks/esign`): the signature is checked on the raw body, the body is
// parsed into an EsignEvent (functions/providers/esign/webhook.ts), duplicates are dropped by event id (a
// WEBHOOKIN#esign#<eventId> item written with attribute_not_exists), and the event is handed to `onEsignEvent`.
//
// Signatures:
// - sandbox: our scheme (`x-signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`, 5-minute tolerance);
// - DocuSign: `X-DocuSign-Signature-1..n`, base64 HMAC-SHA256 of the body with the Connect HMAC key (no timestamp:
//   Connect retries the same message for days, so replays are stopped by the event id alone).
import type { Db } from '../data/client.ts';
import { createItem, getItem, saveVersioned, type StoredItem } from '../data/items.ts';
import { processOnce } from '../data/webhook-inbox.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, badRequest } from '../platform/errors.ts';
import type { HttpEvent } from '../platform/http-types.ts';
import { rawBodyOf, SIGNATURE_HEADER, verifySignature } from '../platform/signatures.ts';
import { FINAL_ENVELOPE_STATUSES, type EnvelopeStatus } from '../providers/esign/port.ts';
import { docusignSignatureValid, parseEsignEvent, type EsignEvent } from '../providers/esign/webhook.ts';
import { applyEsignEvent } from './checkout-esign.ts';

const KEEP_SECONDS = 30 * 24 * 3600;

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
