// The sandbox e-sign vendor, in the manner of DocuSign's demo environment: envelopes are kept in the table under
// SANDBOX#ESIGN#<envelopeId>; the signing URL opens our sandbox signing page (/sandbox/esign/{envelopeId}), where
// the signer consents to electronic records, types their name and signs or declines. The outcome is sent to our
// webhook as a DocuSign Connect JSON SIM event, signed with the e-sign webhook secret (functions/platform/signatures.ts),
// and the browser goes back to the return URL with DocuSign's `event` parameter.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createItem, getItem, saveVersioned, type StoredItem } from '../../data/items.ts';
import type { Config } from '../../platform/config.ts';
import { SIGNATURE_HEADER, sign } from '../../platform/signatures.ts';
import { sandboxDelivery, sandboxLatency, type CheckoutSandboxOptions } from '../sandbox-callbacks.ts';
import {
  EsignError,
  FINAL_ENVELOPE_STATUSES,
  type CreateEnvelopeInput,
  type Envelope,
  type EnvelopeStatus,
  type EsignPort,
  type SigningEvent,
} from './port.ts';

const KEEP_SECONDS = 30 * 24 * 3600;
/** DocuSign: "The returned URL can be used only once and expires after 5 minutes"; the sandbox lets it be reloaded. */
export const SIGNING_URL_TTL_SECONDS = 5 * 60;
/** Documents are kept in the envelope item; DynamoDB items stop at 400 KB. */
export const MAX_DOCUMENT_BYTES = 300 * 1024;
export const SANDBOX_ACCOUNT_ID = 'sandbox-account';

export interface SandboxEnvelopeItem extends StoredItem {
  entity: 'sandboxEnvelope';
  envelopeId: string;
  status: EnvelopeStatus;
  reference: string;
  subject: string;
  signer: { name: string; email: string };
  document: { name: string; contentType: 'text/html' | 'application/pdf'; /** HTML text or base64 PDF */ body: string };
  createdAt: string;
  statusChangedAt: string;
  view?: { token: string; returnUrl: string; expiresAt: string };
  signature?: { typedName: string; consentedAt: string; signedAt: string; ip: string };
  declineReason?: string;
  voidedReason?: string;
  /** Callbacks the sandbox could not deliver (the tester sees them on the page). */
  callbackFailures?: number;
}

export const envelopeKey = (envelopeId: string) => ({ pk: `SANDBOX#ESIGN#${envelopeId}`, sk: 'ENVELOPE' });

export type SandboxEsignOptions = CheckoutSandboxOptions;

const toEnvelope = (item: SandboxEnvelopeItem): Envelope => ({
  envelopeId: item.envelopeId,
  status: item.status,
  reference: item.reference,
  statusChangedAt: item.statusChangedAt,
});

/** The Connect JSON SIM message DocuSign sends for an envelope event (envelope summary included, no recipient PII). */
export function connectEvent(item: SandboxEnvelopeItem, event: string, now: Date): string {
  return JSON.stringify({
    event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/${SANDBOX_ACCOUNT_ID}/envelopes/${item.envelopeId}`,
    retryCount: 0,
    configurationId: 10001,
    generatedDateTime: now.toISOString(),
    data: {
      accountId: SANDBOX_ACCOUNT_ID,
      userId: 'sandbox-sender',
      envelopeId: item.envelopeId,
      envelopeSummary: {
        status: item.status,
        emailSubject: item.subject,
        statusChangedDateTime: item.statusChangedAt,
        ...(item.status === 'completed' ? { completedDateTime: item.statusChangedAt } : {}),
        ...(item.status === 'declined' ? { declinedDateTime: item.statusChangedAt } : {}),
        ...(item.status === 'voided' ? { voidedDateTime: item.statusChangedAt, voidedReason: item.voidedReason } : {}),
        customFields: {
          textCustomFields: [
            { fieldId: '1', name: 'reference', value: item.reference, show: 'false', required: 'false' },
          ],
        },
      },
    },
  });
}

/**
 * The callback's signature as the process's e-sign webhook checks it: DocuSign Connect's HMAC header where DocuSign is
 * the configured vendor (a test checkout signs at this sandbox there too, in production: services/test-mode.ts),
 * else our Standard Webhooks-style header. Both with the configured callback secret.
 */
export function esignCallbackSignature(
  config: Pick<Config, 'checkoutVendors'>,
  body: string,
  timestampSeconds: number,
): Record<string, string> {
  const { provider, webhookSecret } = config.checkoutVendors.esign;
  return provider === 'docusign'
    ? { 'x-docusign-signature-1': createHmac('sha256', webhookSecret).update(body).digest('base64') }
    : { [SIGNATURE_HEADER]: sign(webhookSecret, body, timestampSeconds) };
}

export function sandboxEsign(options: SandboxEsignOptions): EsignPort & SandboxEsignSigning {
  const { db, clock, config, log } = options;
  const latency = sandboxLatency(config);
  const deliver = sandboxDelivery(options, 'esign', (body) =>
    esignCallbackSignature(config, body, Math.floor(clock().getTime() / 1000)),
  );

  async function load(envelopeId: string): Promise<SandboxEnvelopeItem> {
    if (!/^[0-9a-f-]{36}$/.test(envelopeId))
      throw new EsignError('not_found', 'The envelope does not exist.', 'ENVELOPE_DOES_NOT_EXIST');
    const item = await getItem<SandboxEnvelopeItem>(db, envelopeKey(envelopeId), clock());
    if (!item) throw new EsignError('not_found', 'The envelope does not exist.', 'ENVELOPE_DOES_NOT_EXIST');
    return item;
  }

  /** Changes the status and sends the callback; a failed callback is logged (DocuSign would retry it). */
  async function transition(
    item: SandboxEnvelopeItem,
    status: EnvelopeStatus,
    event: string,
    extra: Partial<SandboxEnvelopeItem>,
  ) {
    const now = clock();
    const next = await saveVersioned<SandboxEnvelopeItem>(db, item, {
      ...item,
      ...extra,
      status,
      statusChangedAt: now.toISOString(),
    });
    try {
      await deliver(connectEvent(next, event, now));
    } catch (error) {
      log.warn('sandbox e-sign callback failed', { envelopeId: item.envelopeId, event, error: String(error) });
      await saveVersioned<SandboxEnvelopeItem>(db, next, {
        ...next,
        callbackFailures: (next.callbackFailures ?? 0) + 1,
      }).catch(() => {});
    }
    return next;
  }

  return {
    async createEnvelope(input: CreateEnvelopeInput) {
      await latency(400);
      const { content, contentType } = input.document;
      if ((contentType === 'application/pdf') !== content instanceof Uint8Array) {
        throw new EsignError(
          'invalid_request',
          'An HTML document is text; a PDF document is bytes.',
          'INVALID_REQUEST_BODY',
        );
      }
      const body = typeof content === 'string' ? content : Buffer.from(content).toString('base64');
      if (Buffer.byteLength(body) > MAX_DOCUMENT_BYTES) {
        throw new EsignError(
          'invalid_request',
          'The document is too large for the sandbox (300 KB at most).',
          'INVALID_REQUEST_BODY',
        );
      }
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.signer.email)) {
        throw new EsignError(
          'invalid_request',
          'The signer e-mail address is not valid.',
          'INVALID_EMAIL_ADDRESS_FOR_RECIPIENT',
        );
      }
      if (!input.signer.name.trim())
        throw new EsignError('invalid_request', 'The signer name is required.', 'INVALID_USERNAME_FOR_RECIPIENT');
      const now = clock();
      const envelopeId = randomUUID();
      const item = await createItem<Omit<SandboxEnvelopeItem, 'v'>>(db, {
        ...envelopeKey(envelopeId),
        entity: 'sandboxEnvelope',
        envelopeId,
        status: 'sent',
        reference: input.reference,
        subject: input.subject,
        signer: { name: input.signer.name.trim(), email: input.signer.email.trim() },
        document: { name: input.document.name, contentType: input.document.contentType, body },
        createdAt: now.toISOString(),
        statusChangedAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
      });
      return toEnvelope(item as SandboxEnvelopeItem);
    },

    async signingUrl(input) {
      await latency(200);
      const item = await load(input.envelopeId);
      if (item.status !== 'sent' && item.status !== 'delivered') {
        throw new EsignError(
          'invalid_state',
          `The envelope is ${item.status}; it can no longer be signed.`,
          'ENVELOPE_INVALID_STATUS',
        );
      }
      const sameSigner =
        item.signer.email.toLowerCase() === input.signer.email.trim().toLowerCase() &&
        item.signer.name.toLowerCase() === input.signer.name.trim().toLowerCase();
      if (!sameSigner)
        throw new EsignError('invalid_request', 'The recipient is not on the envelope.', 'UNKNOWN_ENVELOPE_RECIPIENT');
      let returnUrl: URL;
      try {
        returnUrl = new URL(input.returnUrl);
        if (returnUrl.protocol !== 'https:' && returnUrl.protocol !== 'http:') throw new Error('scheme');
      } catch {
        throw new EsignError(
          'invalid_request',
          'The return URL must be an absolute http(s) URL.',
          'INVALID_REQUEST_PARAMETER',
        );
      }
      const now = clock();
      const expiresAt = new Date(now.getTime() + SIGNING_URL_TTL_SECONDS * 1000).toISOString();
      const token = randomBytes(24).toString('base64url');
      await saveVersioned<SandboxEnvelopeItem>(db, item, {
        ...item,
        view: { token, returnUrl: returnUrl.toString(), expiresAt },
      });
      return { url: `${config.publicUrl}/sandbox/esign/${item.envelopeId}?view=${token}`, expiresAt };
    },

    async getEnvelope(envelopeId) {
      await latency(150);
      return toEnvelope(await load(envelopeId));
    },

    async voidEnvelope(envelopeId, reason) {
      await latency(300);
      const item = await load(envelopeId);
      if (item.status === 'voided') return toEnvelope(item);
      if (FINAL_ENVELOPE_STATUSES.includes(item.status)) {
        throw new EsignError(
          'invalid_state',
          `The envelope is ${item.status} and cannot be voided.`,
          'ENVELOPE_CANNOT_VOID_INVALID_STATE',
        );
      }
      return toEnvelope(
        await transition(item, 'voided', 'envelope-voided', { voidedReason: reason.slice(0, 200), view: undefined }),
      );
    },

    openSigning,

    async finishSigning(envelopeId, viewToken, action) {
      const opened = await openSigning(envelopeId, viewToken);
      if (opened.kind !== 'open') return opened;
      const item = opened.envelope;
      const now = clock();
      const returnUrl = new URL(item.view!.returnUrl);
      let event: SigningEvent;
      if (action.kind === 'sign') {
        await transition(item, 'completed', 'envelope-completed', {
          view: undefined,
          signature: {
            typedName: action.typedName,
            consentedAt: now.toISOString(),
            signedAt: now.toISOString(),
            ip: action.ip,
          },
        });
        event = 'signing_complete';
      } else if (action.kind === 'decline') {
        await transition(item, 'declined', 'envelope-declined', {
          view: undefined,
          declineReason: action.reason.slice(0, 200),
        });
        event = 'decline';
      } else {
        event = 'cancel';
      }
      returnUrl.searchParams.set('event', event);
      return { kind: 'redirect', location: returnUrl.toString() };
    },
  };

  async function openSigning(envelopeId: string, viewToken: string): Promise<SigningPageState> {
    const item = await load(envelopeId).catch(() => undefined);
    if (!item) return { kind: 'not_found' };
    if (FINAL_ENVELOPE_STATUSES.includes(item.status)) return { kind: 'finished', envelope: item };
    if (!item.view || item.view.token !== viewToken) return { kind: 'not_found' };
    if (Date.parse(item.view.expiresAt) <= clock().getTime()) return { kind: 'expired', envelope: item };
    if (item.status === 'sent') {
      // The recipient opened the envelope (DocuSign's 'delivered'); this sandbox's Connect configuration does not
      // subscribe to envelope-delivered, so no callback is sent.
      const next = await saveVersioned<SandboxEnvelopeItem>(db, item, {
        ...item,
        status: 'delivered',
        statusChangedAt: clock().toISOString(),
      })
        // opened twice at once: the other request recorded it
        .catch(() => load(envelopeId));
      return { kind: 'open', envelope: next };
    }
    return { kind: 'open', envelope: item };
  }
}

export type SigningAction =
  { kind: 'sign'; typedName: string; ip: string } | { kind: 'decline'; reason: string } | { kind: 'cancel' };

export type SigningPageState =
  | { kind: 'not_found' }
  | { kind: 'expired'; envelope: SandboxEnvelopeItem }
  | { kind: 'finished'; envelope: SandboxEnvelopeItem }
  | { kind: 'open'; envelope: SandboxEnvelopeItem };

/** What the sandbox signing page does (not part of the port: a real vendor hosts its own page). */
export interface SandboxEsignSigning {
  openSigning(envelopeId: string, viewToken: string): Promise<SigningPageState>;
  finishSigning(
    envelopeId: string,
    viewToken: string,
    action: SigningAction,
  ): Promise<Exclude<SigningPageState, { kind: 'open' }> | { kind: 'redirect'; location: string }>;
}
