// The 'Consents and disclosures' section of an application's record against the msw consents API: the summary (ESIGN
// time, language and version; the PIN channel; the terms; the contract's hash and whether the signed document is
// the one sent), the table of every entry with its details by kind, the PDF export link, the empty record and an
// error shown in an alert (with Retry).
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  CONSENTS_URL,
  CONTRACT_SHA256,
  consentRecord,
  ESIGN_TEXT,
  PIN_SMS_TEXT,
  sampleConsentEntries,
  SIGNED_SHA256,
  staffConsentsHandlers,
  TERMS_TEXT,
} from '../../../msw/staff-consents-handlers.ts';
import { staffLeasesHandlers } from '../../../msw/staff-leases-handlers.ts';
import { ApplicationDetailScreen } from '../../../web/staff/features/applications/ApplicationDetailScreen.tsx';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const server = setupServer(...staffLeasesHandlers, ...staffConsentsHandlers);
vi.setConfig({ testTimeout: 20_000 });
serveDuringTests(server);

const openRecord = async () => {
  renderStaff(<ApplicationDetailScreen id="app-1" />, {
    path: '/applications/app-1',
    permissions: ['applications.view'],
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
  return screen.getByTestId('section-consents');
};

const timeOf = (el: Element) => el.querySelector('time')?.getAttribute('datetime');

/** The value of a summary item (a <dt>/<dd> pair) by its label. */
function summaryValue(section: HTMLElement, label: string): HTMLElement {
  const term = within(section).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('the consent record of an application', () => {
  it('shows the summary, every entry with its details, and the PDF export', async () => {
    const section = await openRecord();
    expect(within(section).getByRole('heading', { level: 2, name: 'Consents and disclosures' })).toBeInTheDocument();
    await within(section).findByRole('heading', { level: 3, name: 'Consent summary' });
    // headings in order: the section's, then its two parts
    expect(
      within(section)
        .getAllByRole('heading')
        .map((h) => `${h.tagName} ${h.textContent}`),
    ).toEqual(['H2 Consents and disclosures', 'H3 Consent summary', 'H3 Recorded entries']);

    const esign = summaryValue(section, 'Consented to electronic records');
    expect(timeOf(esign)).toBe('2025-03-01T15:10:00.000Z');
    expect(esign).toHaveTextContent('in Spanish, version esign-2026-11');
    const pin = summaryValue(section, 'Consented to PIN by SMS or e-mail');
    expect(timeOf(pin)).toBe('2025-03-01T15:01:00.000Z');
    expect(pin).toHaveTextContent('by SMS');
    expect(timeOf(summaryValue(section, 'Terms accepted'))).toBe('2025-03-01T15:10:00.000Z');
    expect(summaryValue(section, 'Contract SHA-256')).toHaveTextContent(CONTRACT_SHA256);
    expect(summaryValue(section, 'Signed document is the one sent')).toHaveTextContent('Yes');

    const link = within(section).getByRole('link', { name: 'Export PDF' });
    expect(link).toHaveAttribute('href', '/staff/api/applications/app-1/consents.pdf');

    const table = within(section).getByRole('table', { name: 'Recorded entries' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Recorded at', 'What', 'Language', 'Client id / IP', 'Details']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(sampleConsentEntries.length);
    const cells = (index: number) => within(rows[index]!).getAllByRole('cell');

    // oldest first: the PIN consent, with its channel, version and text
    expect(timeOf(cells(0)[0]!)).toBe('2025-03-01T15:01:00.000Z');
    expect(cells(0)[1]).toHaveTextContent('Consent to the PIN message (TCPA)');
    expect(cells(0)[2]).toHaveTextContent('Spanish');
    expect(cells(0)[3]).toHaveTextContent('Client id: cli-42');
    expect(cells(0)[3]).toHaveTextContent('IP address: 203.0.113.7');
    expect(cells(0)[4]).toHaveTextContent('Channel: SMS');
    expect(cells(0)[4]).toHaveTextContent('Text version: tcpa-sms-2026-11');
    expect(cells(0)[4]).toHaveTextContent(PIN_SMS_TEXT);

    // the calculator's disclosure: the server's figures and the figures the page reported differently, as a warning
    expect(cells(1)[1]).toHaveTextContent('Cost disclosure shown');
    expect(cells(1)[4]).toHaveTextContent('Screen: Payment calculator');
    expect(cells(1)[4]).toHaveTextContent(
      'Option A, Monthly: 12 payments of $150.00; total of payments $1,800.00; cash price $1,000.00; cost of leasing $800.00',
    );
    expect(cells(1)[4]).toHaveTextContent('fees Document Processing Fee $49.00');
    expect(
      within(cells(1)[4]!).getByText('Differs from what the page reported: paymentCents, totalOfPaymentsCents'),
    ).toHaveAttribute('class', 'staff-notice staff-notice--error');
    expect(cells(1)[4]).toHaveTextContent('State: CO');
    expect(cells(1)[4]).toHaveTextContent(
      'State disclosures shown: Colorado: you may return the property at any time.',
    );

    // ESIGN and terms: the version, and the full text folded in a <details> whose summary names it
    for (const [index, kind, version, text] of [
      [2, 'Consent to electronic records (ESIGN)', 'esign-2026-11', ESIGN_TEXT],
      [3, 'Terms accepted at submission', 'terms-2026-11', TERMS_TEXT],
    ] as const) {
      expect(cells(index)[1]).toHaveTextContent(kind);
      expect(cells(index)[4]).toHaveTextContent(`Text version: ${version}`);
      const details = cells(index)[4]!.querySelector('details')!;
      expect(details).not.toBeNull();
      expect(details.querySelector('summary')).toHaveTextContent('Text shown');
      expect(details).toHaveTextContent(text);
      expect(details.open).toBe(false);
    }
    await userEvent.setup().click(within(cells(2)[4]!).getByText('Text shown'));
    expect(cells(2)[4]!.querySelector('details')!.open).toBe(true);

    // the lease summary's disclosure: identical to the server's computation
    expect(cells(4)[4]).toHaveTextContent('Screen: Lease summary');
    expect(cells(4)[4]).toHaveTextContent('Checkout: chk-9');
    expect(cells(4)[4]).toHaveTextContent('Shown vs computed: Identical');
    expect(cells(4)[4]!.querySelector('.staff-notice--error')).toBeNull();

    // the contract: sent with its hash, signed (by the e-sign vendor's callback) with both hashes
    expect(cells(5)[1]).toHaveTextContent('Contract sent for signing');
    expect(cells(5)[4]).toHaveTextContent('E-sign envelope: env-77');
    expect(cells(5)[4]).toHaveTextContent(`Contract SHA-256: ${CONTRACT_SHA256}`);
    expect(cells(6)[1]).toHaveTextContent('Contract signed');
    expect(cells(6)[3]).toHaveTextContent('By: vendor:esign');
    expect(cells(6)[4]).toHaveTextContent(`Contract SHA-256: ${CONTRACT_SHA256}`);
    expect(cells(6)[4]).toHaveTextContent(`Signed copy SHA-256: ${SIGNED_SHA256}`);
    expect(cells(6)[4]).toHaveTextContent('Signed document is the one sent: Yes');
  });

  it('warns when the signed document is not the one sent, and says what was not recorded', async () => {
    const signed = sampleConsentEntries.find((e) => e.kind === 'contract_signed')!;
    server.use(
      http.get(CONSENTS_URL, () =>
        HttpResponse.json({
          status: true,
          code: 200,
          data: consentRecord('app-1', [{ ...signed, document_sha256: 'ff'.repeat(32), matches_sent: false }]),
        }),
      ),
    );
    const section = await openRecord();
    await within(section).findByRole('heading', { level: 3, name: 'Consent summary' });
    expect(summaryValue(section, 'Consented to electronic records')).toHaveTextContent('Not recorded');
    expect(summaryValue(section, 'Consented to PIN by SMS or e-mail')).toHaveTextContent('Not recorded');
    expect(summaryValue(section, 'Terms accepted')).toHaveTextContent('Not recorded');
    expect(summaryValue(section, 'Contract SHA-256')).toHaveTextContent('Not recorded');
    const matches = summaryValue(section, 'Signed document is the one sent');
    expect(matches).toHaveTextContent('No');
    expect(matches.querySelector('.staff-notice--error')).not.toBeNull();
    const row = within(within(section).getByRole('table', { name: 'Recorded entries' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('No')).toHaveAttribute('class', 'staff-notice staff-notice--error');
  });

  it('says so when nothing has been recorded (the export stays available)', async () => {
    server.use(
      http.get(CONSENTS_URL, () => HttpResponse.json({ status: true, code: 200, data: consentRecord('app-1', []) })),
    );
    const section = await openRecord();
    expect(await within(section).findByText('Nothing has been recorded for this application.')).toBeInTheDocument();
    expect(within(section).queryByRole('table')).toBeNull();
    expect(within(section).queryByRole('heading', { level: 3 })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Export PDF' })).toHaveAttribute(
      'href',
      '/staff/api/applications/app-1/consents.pdf',
    );
  });

  it("shows the server's refusal in an alert, in the section only, and retries", async () => {
    let calls = 0;
    let lookupHeader: string | null = null;
    server.use(
      http.get(CONSENTS_URL, ({ request }) => {
        calls += 1;
        lookupHeader = request.headers.get('X-Staff-Lookup');
        return calls === 1
          ? HttpResponse.json(
              { status: false, code: 403, data: null, message: 'You may not see this record.' },
              { status: 403 },
            )
          : HttpResponse.json({ status: true, code: 200, data: consentRecord('app-1') });
      }),
    );
    const section = await openRecord();
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('You may not see this record.');
    // a refusal of this read is the section's, not the Permission Denied page over the whole record
    expect(lookupHeader).toBe('1');
    expect(within(section).queryByRole('link', { name: 'Export PDF' })).toBeNull();
    expect(screen.getByTestId('section-summary')).toBeInTheDocument();

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('table', { name: 'Recorded entries' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });
});
