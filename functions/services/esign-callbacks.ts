// Our side of the e-sign callbacks (`POST /webhooks/esign`), through the shared intake
// (functions/services/webhook-intake.ts): the signature is checked on the raw body, the body is parsed into an
// EsignEvent (functions/providers/esign/webhook.ts), duplicates are dropped by event id, and the event is handed to
// `onEsignEvent` and the checkout.
//
// Signatures:
// - sandbox: our scheme (`x-signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`, 5-minute tolerance);
// - DocuSign: `X-DocuSign-Signature-1..n`, base64 HMAC-SHA256 of the body with the Connect HMAC key (no timestamp:
//   Connect retries the same message for days, so replays are stopped by the event id alone).
import type { Db } from '../data/client.ts';
import { getItem } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import type { HttpEvent } from '../platform/http-types.ts';
import { SIGNATURE_HEADER } from '../platform/signatures.ts';
import { FINAL_ENVELOPE_STATUSES } from '../providers/esign/port.ts';
import { docusignSignatureValid, parseEsignEvent, type EsignEvent } from '../providers/esign/webhook.ts';
import { applyEsignEvent } from './checkout-esign.ts';
import {
  ourSignatureCheck,
  receiveSignedWebhook,
  recordNewestVendorStatus,
  type VendorStatusItem,
  type WebhookOutcome,
  type WebhookSignatureCheck,
} from './webhook-intake.ts';

/** The whole intake of one callback; AppError 401 (forged/stale) or 400 (malformed) refuses it. */
export async function receiveEsignWebhook(deps: Deps, event: HttpEvent): Promise<WebhookOutcome> {
  const settings = deps.config.checkoutVendors.esign;
  const verifyDocusign = (raw: string, headers: HttpEvent['headers']): WebhookSignatureCheck =>
    docusignSignatureValid(settings.webhookSecret, raw, headers) ? { ok: true } : { ok: false, reason: 'mismatch' };
  const verify =
    settings.provider === 'docusign' ? verifyDocusign : ourSignatureCheck(settings.webhookSecret, SIGNATURE_HEADER);
  return receiveSignedWebhook(deps, event, {
    vendor: 'esign',
    verify,
    parse: parseEsignEvent,
    malformedMessage: 'The webhook body is not a valid e-sign event.',
    handle: async (parsed: EsignEvent) => {
      await onEsignEvent(deps, parsed);
      // The checkout side: the completion of the checkout's envelope moves it 13 -> 6 (functions/services/checkout-esign.ts).
      await applyEsignEvent(deps, parsed);
    },
  });
}

type EsignVendorFields = Pick<EsignEvent, 'envelopeId' | 'status'> & { entity: 'esignVendorStatus' };

export type EsignVendorStatusItem = VendorStatusItem & EsignVendorFields;

export const esignStatusKey = (envelopeId: string) => ({ pk: `ESIGN#${envelopeId}`, sk: 'VENDOR_STATUS' });

/**
 * The consumer of e-sign events. Today it records the vendor's status of the envelope (ESIGN#<envelopeId>), newest
 * event wins and a final status (completed, declined, voided) is never replaced, so that the checkout service can
 * read it with `getEsignVendorStatus`. EXTENSION POINT: the checkout service adds here the `esign.completed` event on
 * the checkout machine (found by `event.reference`); it must stay idempotent (events arrive at least once, in any order).
 */
export async function onEsignEvent(deps: Pick<Deps, 'db' | 'clock'>, event: EsignEvent): Promise<void> {
  await recordNewestVendorStatus<EsignVendorFields>(deps, esignStatusKey(event.envelopeId), event, {
    build: () => ({ entity: 'esignVendorStatus', envelopeId: event.envelopeId, status: event.status }),
    keepCurrent: (current) => current.occurredAt > event.occurredAt || FINAL_ENVELOPE_STATUSES.includes(current.status),
    failure: `could not record e-sign status of ${event.envelopeId}`,
  });
}

/** The vendor's last known status of an envelope, as recorded from its callbacks. */
export const getEsignVendorStatus = (db: Db, envelopeId: string, now: Date) =>
  getItem<EsignVendorStatusItem>(db, esignStatusKey(envelopeId), now);
