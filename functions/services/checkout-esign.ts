import { CHECKOUT_STATUS } from '../../machines/checkout/checkout-status.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { getCheckout } from '../data/checkouts.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { EsignError } from '../providers/esign/port.ts';
import type { EsignEvent } from '../providers/esign/webhook.ts';
import {
  accepts,
  applyIfAccepted,
  applyToCheckout,
  loadSessionCheckout,
  requireVerified,
  updateCheckout,
} from './checkout.ts';
import { contractHtmlOf, UNABLE_TO_GENERATE } from './contract.ts';
import { listConsents, recordConsent, sha256 } from './consents.ts';
import type { CheckoutItem } from '../data/checkouts.ts';
import { esignFor } from './record-vendors.ts';

// E-sign of the lease contract: the agreement (HTML, from the stored lease) goes into an envelope at the e-sign
// vendor (deps.providers.esign); the shopper is sent to the vendor's signing page (status 13, lease e-sign); the
// vendor's signed callback (POST /webhooks/esign -> onEsignEvent) moves the checkout to 6 (e-sign completed).
// Discarding voids the envelope and returns to the lease (5); asking again at 13 replaces the envelope.

export interface EsignAnswer {
  url: string;
  step: number;
  envelope_id: string;
  expires_at: string;
}

function vendorFailure(error: unknown): AppError {
  if (error instanceof EsignError)
    return new AppError(error.code === 'unavailable' ? 503 : 422, UNABLE_TO_GENERATE, undefined, {
      error: error.message,
      code: error.code,
    });
  return new AppError(422, UNABLE_TO_GENERATE, undefined, {
    error: error instanceof Error ? error.message : String(error),
  });
}

export async function requestEsign(
  deps: Deps,
  session: ApplySession,
  checkoutId: string,
  options: { iframe: boolean },
  lang: Lang,
  ip?: string | null,
): Promise<EsignAnswer> {
  const item = await loadSessionCheckout(deps, session, checkoutId);
  // A test checkout signs with the sandbox e-sign vendor only.
  const esign = esignFor(deps, item);
  const app = await requireVerified(deps, session, item);
  if (!accepts(item, { type: 'esign.requested' })) {
    // The machine's own refusal (409 with the status in the message).
    await applyToCheckout(deps, checkoutId, { type: 'esign.requested' }, { actor: 'shopper', lang });
  }
  const applicant = app.data.applicant;
  if (!applicant?.email)
    throw new AppError(422, UNABLE_TO_GENERATE, undefined, {
      error: 'The applicant has no e-mail address for the signature.',
    });
  const signer = {
    name: [applicant.first_name, applicant.last_name].filter(Boolean).join(' '),
    email: applicant.email,
  };
  const html = await contractHtmlOf(deps, item);
  let envelopeId: string;
  let signing: { url: string; expiresAt: string };
  try {
    const envelope = await esign.createEnvelope({
      document: { contentType: 'text/html', content: html, name: 'Lease-Purchase Agreement' },
      signer,
      reference: checkoutId,
      subject: `Lease-Purchase Agreement ${checkoutId}`,
    });
    envelopeId = envelope.envelopeId;
    const returnUrl = `${deps.config.publicUrl}/#/process?checkout_id=${encodeURIComponent(checkoutId)}&iframe=${options.iframe ? 1 : 0}`;
    signing = await esign.signingUrl({ envelopeId, returnUrl, signer });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw vendorFailure(error);
  }
  const previous = item.esign;
  const now = deps.clock();
  try {
    await applyToCheckout(
      deps,
      checkoutId,
      { type: 'esign.requested' },
      {
        actor: 'shopper',
        lang,
        mutate: (c) => ({
          esign: { envelopeId, status: 'sent', requestedAt: now.toISOString(), leaseRevision: c.lease?.revision ?? 0 },
        }),
      },
    );
  } catch (error) {
    await esign.voidEnvelope(envelopeId, 'Superseded before signing.').catch(() => undefined);
    throw error;
  }
  // The consent record: the exact document sent for signing, by its SHA-256.
  await recordConsent(deps, app.uuid, {
    kind: 'contract_sent',
    actor: 'shopper',
    lang,
    client_id: session.clientId,
    ip: ip ?? null,
    checkout_id: checkoutId,
    envelope_id: envelopeId,
    document_sha256: sha256(html),
  });
  // A new envelope replaces the one sent before (expired or lost link).
  if (previous && previous.status === 'sent' && previous.envelopeId !== envelopeId) {
    await esign
      .voidEnvelope(previous.envelopeId, 'Replaced by a new signing request.')
      .catch((error) => deps.log.warn('could not void a replaced envelope', { checkoutId, error: String(error) }));
  }
  return { url: signing.url, step: CHECKOUT_STATUS.leaseEsign, envelope_id: envelopeId, expires_at: signing.expiresAt };
}

/** POST /apply-v2/checkout/{id}/discard: voids the unsigned contract and goes back to the lease (5). */
export async function discardContract(deps: Deps, session: ApplySession, checkoutId: string, lang: Lang) {
  const item = await loadSessionCheckout(deps, session, checkoutId);
  if (!accepts(item, { type: 'esign.discarded' })) {
    await applyToCheckout(deps, checkoutId, { type: 'esign.discarded' }, { actor: 'shopper', lang });
  }
  if (item.esign?.status === 'sent') {
    try {
      await esignFor(deps, item).voidEnvelope(item.esign.envelopeId, 'Discarded by the shopper.');
    } catch (error) {
      // A completed envelope cannot be discarded: the signature wins.
      if (error instanceof EsignError && error.code === 'invalid_state')
        throw new AppError(409, 'This contract is already signed.');
      if (!(error instanceof EsignError && error.code === 'not_found')) throw vendorFailure(error);
    }
  }
  const next = await applyToCheckout(
    deps,
    checkoutId,
    { type: 'esign.discarded', then: 'lease' },
    {
      actor: 'shopper',
      lang,
      mutate: (c) => (c.esign ? { esign: { ...c.esign, status: 'voided' } } : {}),
    },
  );
  return { status: next.current_step, step: next.current_step, status_name: next.status_name };
}

/**
 * The checkout side of an e-sign callback (idempotent, any order): the completion of the checkout's current envelope
 * moves 13 -> 6; a decline of it goes back to the lease (5). Events for other envelopes are ignored.
 */
export async function applyEsignEvent(deps: Deps, event: EsignEvent): Promise<void> {
  if (!event.reference) return;
  const item = await getCheckout(deps.db, event.reference, deps.clock());
  if (!item || item.esign?.envelopeId !== event.envelopeId) return;
  if (event.status === 'completed') {
    await applyIfAccepted(
      deps,
      item.id,
      { type: 'esign.completed' },
      {
        actor: 'vendor:esign',
        mutate: (c) => (c.esign ? { esign: { ...c.esign, status: 'completed', completedAt: event.occurredAt } } : {}),
      },
    );
    await recordContractSigned(deps, item, event);
  } else if (event.status === 'declined') {
    await applyIfAccepted(
      deps,
      item.id,
      { type: 'esign.discarded', then: 'lease' },
      {
        actor: 'vendor:esign',
        note: 'The signer declined.',
        mutate: (c) => (c.esign ? { esign: { ...c.esign, status: 'declined' } } : {}),
      },
    );
  } else if (event.status === 'voided' && item.esign.status === 'sent') {
    await updateCheckout(deps, item.id, (c) =>
      c.esign && c.esign.envelopeId === event.envelopeId ? { esign: { ...c.esign, status: 'voided' } } : {},
    );
  }
}

/**
 * The consent record at completion: the document re-rendered from the stored lease (its hash must equal the one
 * sent), and the signed copy's hash. The e-sign port offers no download of the vendor's signed PDF, so the signed
 * copy is the sent document followed by the signature certificate (envelope, signer event, time): reproducible by
 * anyone holding the document. Recorded once per completed envelope (the webhook is deduplicated by event id).
 */
async function recordContractSigned(deps: Deps, item: CheckoutItem, event: EsignEvent): Promise<void> {
  const uuid = item.application_uuid ?? item.lease?.applicationUuid;
  if (!uuid) return;
  try {
    const entries = await listConsents(deps, uuid);
    if (entries.some((e) => e.kind === 'contract_signed' && e.envelope_id === event.envelopeId)) return;
    const sent = [...entries].reverse().find((e) => e.kind === 'contract_sent' && e.envelope_id === event.envelopeId);
    const html = await contractHtmlOf(deps, item);
    const documentHash = sha256(html);
    const certificate = `\n<!-- signature certificate: envelope ${event.envelopeId}; status ${event.status}; signed at ${event.occurredAt}; reference ${item.id} -->\n`;
    await recordConsent(deps, uuid, {
      kind: 'contract_signed',
      actor: 'vendor:esign',
      lang: sent?.lang ?? 'en',
      checkout_id: item.id,
      envelope_id: event.envelopeId,
      document_sha256: documentHash,
      signed_copy_sha256: sha256(html + certificate),
      matches_sent: sent?.document_sha256 === documentHash,
    });
  } catch (error) {
    // The signature stands even if the record could not be written; the log says so for a follow-up.
    deps.log.error('could not record the signed contract in the consent record', {
      uuid,
      checkoutId: item.id,
      error: String(error),
    });
  }
}
