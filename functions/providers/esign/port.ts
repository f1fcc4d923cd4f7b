// The e-sign vendor: one envelope per contract, signed by the shopper in the vendor's signing ceremony (embedded
// signing: we ask for a short-lived signing URL and send the browser there; the vendor sends it back to our return
// URL and calls our webhook `POST /webhooks/esign`). Shapes follow DocuSign eSignature REST v2.1 (envelopes,
// recipient view, Connect JSON SIM events), which the real adapter (docusign.ts) speaks.

export type EnvelopeStatus = 'created' | 'sent' | 'delivered' | 'completed' | 'declined' | 'voided';

/** Statuses after which nothing more happens to an envelope. */
export const FINAL_ENVELOPE_STATUSES: readonly EnvelopeStatus[] = ['completed', 'declined', 'voided'];

export interface EnvelopeDocument {
  /** The contract: an HTML page or a PDF. */
  contentType: 'text/html' | 'application/pdf';
  /** HTML text, or the PDF bytes. */
  content: string | Uint8Array;
  /** Shown to the signer, e.g. 'Lease-Purchase Agreement'. */
  name: string;
}

export interface CreateEnvelopeInput {
  document: EnvelopeDocument;
  signer: { name: string; email: string };
  /** Our reference (the checkout id): comes back on every event and status read. */
  reference: string;
  /** The e-mail subject / envelope title. */
  subject: string;
}

export interface Envelope {
  envelopeId: string;
  status: EnvelopeStatus;
  reference: string;
  /** ISO date-time of the last status change. */
  statusChangedAt: string;
}

/** How the signing ceremony ended, appended by the vendor to the return URL as `?event=` (DocuSign's values). */
export type SigningEvent =
  'signing_complete' | 'decline' | 'cancel' | 'session_timeout' | 'ttl_expired' | 'viewing_complete';

export interface SigningUrlInput {
  envelopeId: string;
  /** Where the vendor sends the browser afterwards; it appends `event=<SigningEvent>`. */
  returnUrl: string;
  /** The signer exactly as on the envelope (embedded signing identifies them by name, e-mail and our client user id). */
  signer: { name: string; email: string };
}

/** Refusals and failures of the vendor, mapped from its errors. */
export type EsignErrorCode =
  | 'not_found' // no such envelope
  | 'invalid_state' // e.g. voiding a completed envelope, a signing URL for a voided one
  | 'invalid_request' // the vendor refused our input (bad document, bad e-mail)
  | 'unauthorized' // our credentials were refused
  | 'unavailable'; // the vendor failed or timed out: retry later

export class EsignError extends Error {
  constructor(
    readonly code: EsignErrorCode,
    message: string,
    readonly vendorCode?: string,
  ) {
    super(message);
    this.name = 'EsignError';
  }
}

export interface EsignPort {
  /** Creates the envelope and sends it (status 'sent'), ready for embedded signing. */
  createEnvelope(input: CreateEnvelopeInput): Promise<Envelope>;
  /** A one-time signing URL (the vendor's recipient view), valid for a few minutes: redirect at once, never store it. */
  signingUrl(input: SigningUrlInput): Promise<{ url: string; expiresAt: string }>;
  /** The envelope's current status (prefer the webhook; this is for reconciliation and resume). */
  getEnvelope(envelopeId: string): Promise<Envelope>;
  /** Voids (discards) an envelope that is not completed; voiding a voided envelope is a no-op. */
  voidEnvelope(envelopeId: string, reason: string): Promise<Envelope>;
}
