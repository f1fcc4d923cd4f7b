import * as z from 'zod/mini';
import { PAYMENT_FREQUENCIES } from '../domain/payment-frequency.ts';
import type { CostDisclosure } from '../domain/disclosures.ts';

// The consent and disclosure record of an application (issue: "What the shopper agreed to, provably"): append-only
// entries (never updated) of what the shopper consented to and which disclosures were shown, with the exact text
// and version, time, language, client id and IP. Read by staff (GET /staff/api/applications/{id}/consents, and
// .pdf) and written by the server at the PIN send, the submit, each disclosure screen and the e-sign.

export const CONSENT_KINDS = [
  'esign',
  'pin_channel',
  'terms',
  'disclosure',
  'contract_sent',
  'contract_signed',
  // The lessee's account (issue 22): the autopay authorisation (Regulation E) and its revocation, and the channels
  // the lessee agreed to get payment reminders on.
  'autopay_authorised',
  'autopay_revoked',
  'reminders',
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * The consent texts shown to the shopper, by catalogue key, with the version of their wording. A change of wording
 * bumps the version, so each entry says exactly which text was agreed to (the text itself is stored too).
 */
export const CONSENT_TEXTS = {
  esign: { key: 'consent.esign.text', version: 'esign-2026-11' },
  terms: { key: 'application.confirmation.agreement', version: 'terms-2026-11' },
  sms: { key: 'consent.pin.sms', version: 'tcpa-sms-2026-11' },
  email: { key: 'consent.pin.email', version: 'tcpa-email-2026-11' },
  autopay: { key: 'customer.autopay.authorisation', version: 'rege-autopay-2026-11-28' },
  reminders_sms: { key: 'customer.reminders.sms.consent', version: 'tcpa-reminders-2026-11' },
} as const;

export interface ConsentEntry {
  kind: ConsentKind;
  /** ISO time the server recorded it. */
  at: string;
  lang: 'en' | 'es';
  /** 'shopper' (with client id and IP), or 'vendor:esign' for the signing callback. */
  actor: string;
  client_id?: string | null;
  ip?: string | null;
  /** The exact text shown and agreed to, its catalogue key and version. */
  text?: string;
  text_key?: string;
  version?: string;
  /** PIN consent: the channel the shopper chose ('sms' or 'email'); reminders: the channel agreed to or withdrawn. */
  channel?: 'sms' | 'email';
  /** Reminders: whether the lessee agreed to (true) or withdrew from (false) messages on `channel`. */
  granted?: boolean;
  /** Autopay: the amount and timing authorised, and the card it debits (last 4). */
  lease_id?: string;
  amount_cents?: number;
  frequency?: string;
  first_debit?: string;
  last4?: string | null;
  /** Disclosure: the screen, what the page reported showing and the server's own computation of the same choice. */
  screen?: DisclosureScreen;
  shown?: CostDisclosure | null;
  computed?: CostDisclosure;
  /** Figures where the page's report differs from the server's computation (empty = identical). */
  differences?: string[];
  /** The state's required disclosures shown with it (state rules as data). */
  state?: string | null;
  state_disclosures?: string[];
  checkout_id?: string | null;
  envelope_id?: string | null;
  /** SHA-256 (hex) of the contract document sent for signing, and of the signed copy. */
  document_sha256?: string;
  signed_copy_sha256?: string;
  /** Signed: whether the document re-rendered at completion is the one sent (same hash). */
  matches_sent?: boolean;
}

/** GET /staff/api/applications/{id}/consents: every entry, oldest first. */
export interface ConsentRecordView {
  uuid: string;
  entries: ConsentEntry[];
  pdf_url: string;
}

export const DISCLOSURE_SCREENS = ['calculator', 'lease'] as const;
export type DisclosureScreen = (typeof DISCLOSURE_SCREENS)[number];

const cents = z.int().check(z.minimum(0), z.maximum(100_000_000));

/** What a page reports having shown (the figures are stored as reported, never trusted: the server recomputes). */
export const shownDisclosureSchema = z.object({
  version: z.int(),
  option: z.string().check(z.maxLength(2)),
  frequency: z.string().check(z.maxLength(20)),
  termMonths: z.int(),
  numPayments: z.int(),
  paymentCents: cents,
  ocpPerPaymentCents: cents,
  paymentWithOcpCents: cents,
  totalOfPaymentsCents: cents,
  cashPriceCents: cents,
  costOfLeasingCents: cents,
  fees: z
    .array(z.object({ key: z.enum(['documentProcessingFee', 'leaseProcessFee', 'securityDeposit']), cents }))
    .check(z.maxLength(5)),
  dueAtSigningCents: cents,
  earlyPurchase: z.object({
    days: z.int(),
    feeCents: cents,
    payoffAtSigningCents: cents,
    remainingPaymentsPercent: z.number(),
    payoffAfterWindowCents: cents,
    afterWindowDay: z.int(),
  }),
  ocp: z.object({
    available: z.boolean(),
    included: z.boolean(),
    optional: z.literal(true),
    perPaymentPriceCents: cents,
  }),
});

/** POST /apply-v2/application/disclosures. */
export const disclosureShownRequestSchema = z.object({
  uuid: z.optional(z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'validation.required'))),
  screen: z.enum(DISCLOSURE_SCREENS, 'validation.required'),
  /** The calculator's choice (screen 'calculator'). */
  choice: z.optional(
    z.object({
      leaseAmount: z.union([z.number().check(z.minimum(0)), z.string().check(z.maxLength(20))]),
      option: z.enum(['A', 'B', 'C', 'D', 'a', 'b', 'c', 'd']),
      paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
      ocpIncluded: z.optional(z.boolean()),
    }),
  ),
  /** The checkout whose lease summary was shown (screen 'lease'). */
  checkout_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  shown: shownDisclosureSchema,
});
export type DisclosureShownRequest = z.infer<typeof disclosureShownRequestSchema>;
