// The e-sign callback body (`POST /webhooks/esign`): a DocuSign Connect JSON SIM message (the sandbox sends the
// same), parsed into an EsignEvent, and DocuSign's own signature check. Both only return a value; what is done with
// the event (our signature scheme for the sandbox, duplicates, the checkout) is decided by
// functions/services/esign-callbacks.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { HttpEvent } from '../../platform/http-types.ts';
import type { EnvelopeStatus } from './port.ts';
import { isObject, MalformedWebhook, parseWebhookJson } from '../webhook-body.ts';

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

export { MalformedWebhook };

/** Parses a Connect JSON SIM message; null for events we do not act on; throws MalformedWebhook on junk. */
export function parseEsignEvent(raw: string): EsignEvent | null {
  const body = parseWebhookJson(raw);
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

/** Whether one of the `X-DocuSign-Signature-n` headers is the HMAC of the body with the Connect key. */
export function docusignSignatureValid(secret: string, raw: string, headers: HttpEvent['headers']): boolean {
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
