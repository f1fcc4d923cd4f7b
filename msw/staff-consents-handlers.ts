// msw 2 handlers for the staff side of the consent and disclosure record (machines/contracts/consents.ts), for the
// staff portal's component tests and a backend-less demo: GET /staff/api/applications/{id}/consents answers app-1's
// record (a PIN consent, the submit's ESIGN and terms, two disclosures, the contract sent and signed), an empty
// record for any other application.
import { http, HttpResponse } from 'msw';
import type { ConsentEntry, ConsentRecordView } from '../machines/contracts/consents.ts';
import type { CostDisclosure } from '../machines/domain/disclosures.ts';

export const CONSENTS_URL = '/staff/api/applications/:id/consents';

export const consentsUrl = (uuid: string) => `/staff/api/applications/${encodeURIComponent(uuid)}/consents`;

export const ESIGN_TEXT =
  'You agree to receive the lease, its disclosures and notices electronically. You may ask for a paper copy at no cost.';
export const TERMS_TEXT = 'By clicking Confirm & Submit you agree to the terms and conditions and the privacy policy.';
export const PIN_SMS_TEXT =
  'By asking for your code by text message, you agree that we send one text message with the code to the mobile number in your application.';
export const CONTRACT_SHA256 = 'a3f5c0de9b1e2f4a6c8d0e2f4a6c8d0e2f4a6c8d0e2f4a6c8d0e2f4a6c8d0e2f';
export const SIGNED_SHA256 = '7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b9d';

export const sampleDisclosure: CostDisclosure = {
  version: 1,
  option: 'A',
  frequency: 'monthly',
  termMonths: 12,
  numPayments: 12,
  paymentCents: 15000,
  ocpPerPaymentCents: 0,
  paymentWithOcpCents: 15000,
  totalOfPaymentsCents: 180000,
  cashPriceCents: 100000,
  costOfLeasingCents: 80000,
  fees: [{ key: 'documentProcessingFee', cents: 4900 }],
  dueAtSigningCents: 4900,
  earlyPurchase: {
    days: 90,
    feeCents: 0,
    payoffAtSigningCents: 100000,
    remainingPaymentsPercent: 55,
    payoffAfterWindowCents: 120000,
    afterWindowDay: 91,
  },
  ocp: { available: true, included: false, optional: true, perPaymentPriceCents: 1200 },
};

const shopper = { actor: 'shopper', client_id: 'cli-42', ip: '203.0.113.7' } as const;

export const sampleConsentEntries: ConsentEntry[] = [
  {
    kind: 'pin_channel',
    at: '2025-03-01T15:01:00.000Z',
    lang: 'es',
    ...shopper,
    channel: 'sms',
    text: PIN_SMS_TEXT,
    text_key: 'consent.pin.sms',
    version: 'tcpa-sms-2026-11',
  },
  {
    kind: 'disclosure',
    at: '2025-03-01T15:05:00.000Z',
    lang: 'es',
    ...shopper,
    screen: 'calculator',
    shown: { ...sampleDisclosure, paymentCents: 14000, totalOfPaymentsCents: 168000 },
    computed: sampleDisclosure,
    differences: ['paymentCents', 'totalOfPaymentsCents'],
    state: 'CO',
    state_disclosures: ['Colorado: you may return the property at any time.'],
  },
  {
    kind: 'esign',
    at: '2025-03-01T15:10:00.000Z',
    lang: 'es',
    ...shopper,
    text: ESIGN_TEXT,
    text_key: 'consent.esign.text',
    version: 'esign-2026-11',
  },
  {
    kind: 'terms',
    at: '2025-03-01T15:10:00.000Z',
    lang: 'es',
    ...shopper,
    text: TERMS_TEXT,
    text_key: 'application.confirmation.agreement',
    version: 'terms-2026-11',
  },
  {
    kind: 'disclosure',
    at: '2025-03-02T10:00:00.000Z',
    lang: 'es',
    ...shopper,
    screen: 'lease',
    checkout_id: 'chk-9',
    shown: sampleDisclosure,
    computed: sampleDisclosure,
    differences: [],
    state: 'CO',
    state_disclosures: [],
  },
  {
    kind: 'contract_sent',
    at: '2025-03-02T10:05:00.000Z',
    lang: 'es',
    ...shopper,
    envelope_id: 'env-77',
    document_sha256: CONTRACT_SHA256,
  },
  {
    kind: 'contract_signed',
    at: '2025-03-02T10:20:00.000Z',
    lang: 'es',
    actor: 'vendor:esign',
    envelope_id: 'env-77',
    document_sha256: CONTRACT_SHA256,
    signed_copy_sha256: SIGNED_SHA256,
    matches_sent: true,
  },
];

export function consentRecord(uuid: string, entries: ConsentEntry[] = sampleConsentEntries): ConsentRecordView {
  return { uuid, entries, pdf_url: `/staff/api/applications/${uuid}/consents.pdf` };
}

export const staffConsentsHandlers = [
  http.get(CONSENTS_URL, ({ params }) => {
    const uuid = String(params.id);
    return HttpResponse.json({
      status: true,
      code: 200,
      data: consentRecord(uuid, uuid === 'app-1' ? sampleConsentEntries : []),
    });
  }),
];
