import { createHash } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentEntry } from '../../../machines/contracts/consents.ts';
import type { Db } from '../../../functions/data/client.ts';
import * as consentData from '../../../functions/data/consents.ts';
import { routes } from '../../../functions/http/routes.ts';
import { api, baseUrl } from '../../support/api.ts';
import { freshDb } from '../../support/dynalite.ts';
import { asAdmin, type StaffClient } from '../staff/client.ts';
import { journey, signAndPay } from '../checkout/support.ts';
import { applicant, submit, verify } from '../decision/support.ts';
import { done, waitForLease } from '../leases/support.ts';

// The consent and disclosure record (issue "What the shopper agreed to, provably"): recorded at the PIN send (TCPA),
// the submit (ESIGN consent, terms), each disclosure screen (the server's own figures beside the page's) and the
// e-sign (the contract's hash when sent and when signed); listed for staff and exported as a PDF; append-only.

let admin: StaffClient;
beforeAll(async () => {
  admin = await asAdmin();
});

describe('the consent record of a completed checkout', () => {
  it('records every consent and disclosure, lists them for staff and exports a PDF', async () => {
    const s = await journey('lease');
    const uuid = s.uuid!;
    const clientId = s.headers['x-client-id']!;

    // The calculator on the result screen: the quote carries the disclosure; the page reports what it showed.
    const quoteBody = {
      leaseAmount: '1000',
      option: 'A',
      paymentFrequency: '28-day',
      incomeFrequency: s.fill.incomes[0].frequency,
      companyState: 'OH',
      score: 600,
      application_id: uuid,
    };
    const quote = await api('POST', '/api/v1/score/payments', {
      body: { ...quoteBody, paymentFrequency: s.leaseData.payment_frequency },
      headers: s.headers,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const d = quote.body.data.disclosure;
    expect(d.totalOfPaymentsCents).toBe(d.numPayments * d.paymentCents);
    expect(d.costOfLeasingCents).toBe(d.totalOfPaymentsCents - d.cashPriceCents);
    const choice = {
      leaseAmount: '1000',
      option: 'A',
      paymentFrequency: s.leaseData.payment_frequency,
      ocpIncluded: false,
    };
    const honest = await api('POST', '/apply-v2/application/disclosures', {
      body: { uuid, screen: 'calculator', choice, shown: d },
      headers: s.headers,
    });
    expect(honest.status, JSON.stringify(honest.body)).toBe(200);
    expect(honest.body.data.differences).toEqual([]);
    // A page that reports other numbers: stored as reported, beside the server's computation, with the difference named.
    const forged = await api('POST', '/apply-v2/application/disclosures', {
      body: { uuid, screen: 'calculator', choice, shown: { ...d, totalOfPaymentsCents: 1 } },
      headers: s.headers,
    });
    expect(forged.status).toBe(200);
    expect(forged.body.data.differences).toEqual(['totalOfPaymentsCents']);
    expect(forged.body.data.computed.totalOfPaymentsCents).toBe(d.totalOfPaymentsCents);

    // The lease summary: its disclosure is the agreement's figures.
    const leaseDisclosure = s.leaseData.disclosure;
    expect(leaseDisclosure.totalOfPaymentsCents).toBe(s.leaseData.lease_cents.totalPayment);
    expect(leaseDisclosure.numPayments).toBe(s.leaseData.lease.numPayments);
    const preview = await fetch(`${baseUrl()}/apply-v2/checkout/${s.checkoutId}/preview`, { headers: s.headers });
    const previewHtml = await preview.text();
    for (const cents of [
      leaseDisclosure.totalOfPaymentsCents,
      leaseDisclosure.costOfLeasingCents,
      leaseDisclosure.paymentCents,
      leaseDisclosure.earlyPurchase.payoffAtSigningCents,
      leaseDisclosure.earlyPurchase.payoffAfterWindowCents,
    ]) {
      expect(previewHtml).toContain(
        `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      );
    }
    const shownLease = await api('POST', '/apply-v2/application/disclosures', {
      body: { uuid, screen: 'lease', checkout_id: s.checkoutId, shown: leaseDisclosure },
      headers: s.headers,
    });
    expect(shownLease.status, JSON.stringify(shownLease.body)).toBe(200);
    expect(shownLease.body.data.differences).toEqual([]);

    // E-sign and sign, then pay: the completed journey.
    await signAndPay(s);

    // Staff: the record, oldest first.
    const listed = await admin.get(`/staff/api/applications/${uuid}/consents`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const entries = listed.body.data.entries as ConsentEntry[];
    const kinds = entries.map((x) => x.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['pin_channel', 'esign', 'terms', 'disclosure', 'contract_sent', 'contract_signed']),
    );
    expect([...entries].map((x) => x.at)).toEqual([...entries].map((x) => x.at).sort());

    const pin = entries.find((x) => x.kind === 'pin_channel')!;
    expect(pin).toMatchObject({
      channel: 'email',
      lang: 'en',
      client_id: clientId,
      actor: 'shopper',
      version: 'tcpa-email-2026-11',
    });
    expect(pin.text).toContain('e-mail');
    expect(pin.ip).toBeTruthy();
    const esignConsent = entries.find((x) => x.kind === 'esign')!;
    expect(esignConsent).toMatchObject({
      client_id: clientId,
      version: 'esign-2026-11',
      text_key: 'consent.esign.text',
    });
    expect(esignConsent.text).toContain('electronically');
    expect(entries.find((x) => x.kind === 'terms')!.text).toContain('Confirm & Submit');
    // PIN before submit
    expect(kinds.indexOf('pin_channel')).toBeLessThan(kinds.indexOf('esign'));

    const disclosures = entries.filter((x) => x.kind === 'disclosure');
    expect(disclosures.map((x) => [x.screen, x.differences])).toEqual([
      ['calculator', []],
      ['calculator', ['totalOfPaymentsCents']],
      ['lease', []],
    ]);
    expect(disclosures[1]!.shown!.totalOfPaymentsCents).toBe(1);
    expect(disclosures[2]!.computed!.totalOfPaymentsCents).toBe(leaseDisclosure.totalOfPaymentsCents);
    expect(disclosures[2]!.checkout_id).toBe(s.checkoutId);

    const sent = entries.find((x) => x.kind === 'contract_sent')!;
    const signed = entries.find((x) => x.kind === 'contract_signed')!;
    expect(sent.document_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.envelope_id).toBeTruthy();
    // the document sent is the agreement the shopper previewed
    expect(sent.document_sha256).toBe(createHash('sha256').update(previewHtml).digest('hex'));
    expect(signed).toMatchObject({
      envelope_id: sent.envelope_id,
      document_sha256: sent.document_sha256,
      matches_sent: true,
      actor: 'vendor:esign',
    });
    expect(signed.signed_copy_sha256).toMatch(/^[0-9a-f]{64}$/);

    const pdf = await admin.get(`/staff/api/applications/${uuid}/consents.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(String(pdf.body.data).slice(0, 5)).toBe('%PDF-');
  });

  it('the shopper cannot report for another application, and an unknown application is a 404 for staff', async () => {
    const a = await journey('approved');
    const other = await api('POST', '/apply-v2/application/disclosures', {
      body: {
        uuid: '00000000-0000-4000-8000-000000000000',
        screen: 'calculator',
        choice: { leaseAmount: '1000', option: 'A', paymentFrequency: 'monthly' },
        shown: {},
      },
      headers: a.headers,
    });
    expect(other.status).toBe(422); // the shown figures are validated first
    const missing = await admin.get('/staff/api/applications/00000000-0000-4000-8000-000000000000/consents');
    expect(missing.status).toBe(404);
  });
});

describe("the submit's consents", () => {
  it('are stored with the decision: once for two submits at once, kept through later writes of the application', async () => {
    const shopper = await applicant('option-a');
    await verify(shopper);
    const [one, two] = await Promise.all([submit(shopper), submit(shopper)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const kindsOf = async () =>
      ((await admin.get(`/staff/api/applications/${shopper.uuid}/consents`)).body.data.entries as ConsentEntry[]).map(
        (e) => e.kind,
      );
    expect(await kindsOf()).toEqual(['pin_channel', 'esign', 'terms']);
    // A repeat answers the stored result and records nothing more; a staff re-score rewrites the decision, not the record.
    expect((await submit(shopper)).status).toBe(200);
    await waitForLease(admin, shopper.uuid, 'V');
    await done(admin, shopper.uuid, 'rescore', {}, 'V');
    expect(await kindsOf()).toEqual(['pin_channel', 'esign', 'terms']);
  });
});

describe('append-only', () => {
  let db: Db;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, stop } = await freshDb());
  });
  afterAll(async () => stop());

  it('has no update path: no route writes to a consent but the disclosure report, and the data module only appends', async () => {
    const consentRoutes = routes.filter((r) => r.path.includes('consent') || r.path.includes('disclosures'));
    expect(consentRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /staff/api/applications/{id}/consents',
      'GET /staff/api/applications/{id}/consents.pdf',
      'POST /apply-v2/application/disclosures',
    ]);
    expect(
      Object.keys(consentData)
        .filter((k) => typeof (consentData as Record<string, unknown>)[k] === 'function')
        .sort(),
    ).toEqual(['appendConsent', 'consentSortKey', 'readConsents']);
  });

  it('never overwrites: an entry at the same instant gets the next number; a conditional put on an existing key fails', async () => {
    const at = '2026-11-25T10:00:00.000Z';
    const entry: ConsentEntry = { kind: 'terms', at, lang: 'en', actor: 'shopper', text: 'first' };
    const uuid = '11111111-1111-4111-8111-111111111111';
    const one = await consentData.appendConsent(db, uuid, entry);
    const two = await consentData.appendConsent(db, uuid, { ...entry, text: 'second' });
    expect([one.sk, two.sk]).toEqual([`CONSENT#${at}#000`, `CONSENT#${at}#001`]);
    await expect(
      db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: { ...one, entry: { ...entry, text: 'changed' } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    ).rejects.toThrow();
    const read = await consentData.readConsents(db, uuid, new Date());
    expect(read.map((e) => e.text)).toEqual(['first', 'second']);
  });
});
