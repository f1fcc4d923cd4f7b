import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { computeLease } from '../../../machines/domain/pricing.ts';
import { formatCents } from '../../../machines/domain/money.ts';
import { DEFAULT_SCORING_SETTINGS } from '../../../machines/domain/scoring-settings.ts';
import { DEMO_STORES } from '../../../functions/local/demo-data.ts';
import { FieldCrypto, masterKeyProvider } from '../../../functions/platform/field-crypto.ts';
import { AppError } from '../../../functions/platform/errors.ts';
import {
  checkContractLink,
  contractDocument,
  contractLinks,
  renderContractHtml,
  renderContractPdf,
  pdfSafe,
} from '../../../functions/services/contract.ts';
import {
  backoffSeconds,
  FIRST_RETRY_SECONDS,
  GIVE_UP_SECONDS,
  MAX_RETRY_SECONDS,
} from '../../../functions/events/webhook-dispatcher.ts';
import { MASKED_CUSTOMER } from '../fixtures.ts';

const store = DEMO_STORES[0]!.view;

function lease(option: 'A' | 'B', extra: Partial<Parameters<typeof computeLease>[0]> = {}) {
  const result = computeLease(
    {
      option,
      items: [
        {
          sku: 'TV-1',
          description: 'Televisión 55"',
          quantity: 2,
          unitPriceCents: 45_000,
          requiredParts: [{ sku: 'M-1', description: 'Mount', quantity: 1, unitPriceCents: 4_900 }],
        },
      ],
      deliveryCents: 1,
      decile: 7,
      paymentFrequency: '14-day',
      ocpIncluded: option === 'A',
      ocpEnabled: true,
      state: 'OH',
      leaseBeginsAt: '2025-03-10',
      optionLimitCents: 200_000,
      ...extra,
    },
    DEFAULT_SCORING_SETTINGS,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.lease;
}

const facts = (option: 'A' | 'B', lang: 'en' | 'es' = 'en') => ({
  checkoutId: 'chk_0123456789abcdef01234567',
  lang,
  store,
  customer: MASKED_CUSTOMER,
  lease: lease(option),
  option,
  epoDays: 90,
  remainingPaymentsPercent: 60,
  ocpWeeklyCents: 299,
  ocpAvailable: true,
});

describe('the rental-purchase agreement', () => {
  it('carries the pricing engine figures to the cent: cash price, payments, total, cost of lease, fees, due at signing', () => {
    const f = facts('A');
    const html = renderContractHtml(contractDocument(f));
    const c = f.lease;
    for (const cents of [
      c.cashPrice,
      c.totalPayment,
      c.paymentAmount,
      c.waiver,
      c.paymentWithWaiver,
      c.documentProcessingFee,
      c.downPayment,
      c.epoFee,
      c.totalPayment - c.effectiveCashPrice,
    ]) {
      expect(html).toContain(formatCents(cents));
    }
    expect(html).toContain('Document Processing Fee');
    expect(html).not.toContain('Lease Process Fee');
    expect(html).toContain('<td class="num">$0.00</td>'); // a .01 delivery shows 0.00
    expect(html).toContain('You chose to include it');
    expect(html).toContain('Unit Price (without tax)');
    expect(html).toContain('***-**-1234');
  });

  it('option B shows the Lease Process Fee; Spanish renders the Spanish text with the same figures', () => {
    const f = facts('B', 'es');
    const html = renderContractHtml(contractDocument(f));
    expect(html).toContain('Cargo por proceso de arrendamiento');
    expect(html).toContain(formatCents(f.lease.leaseProcessFee));
    expect(html).toContain('lang="es"');
    expect(html).toContain(formatCents(f.lease.totalPayment));
  });

  it('renders a PDF and keeps Latin-1 text (accents) while replacing what the standard fonts cannot draw', async () => {
    const bytes = await renderContractPdf(contractDocument(facts('A', 'es')));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pdfSafe('Televisión — 55" ✓')).toBe('Televisión — 55" ?');
  });
});

describe('the PDF download link', () => {
  const crypto = new FieldCrypto(masterKeyProvider(randomBytes(32)));
  const t0 = new Date('2025-03-10T12:00:00Z');
  const deps = (now: Date) => ({ crypto, clock: () => now, config: { publicUrl: 'http://localhost:3000' } }) as never;

  it('expires after 24 hours (410), and a tampered link is refused (403)', async () => {
    const links = await contractLinks(deps(t0), 'chk_0123456789abcdef01234567');
    const url = new URL(links.pdf_url);
    expect(links.pdf_expires_at).toBe('2025-03-11T12:00:00.000Z');
    const expires = url.searchParams.get('expires')!;
    const sig = url.searchParams.get('sig')!;
    /** What checking a link answers at `now`: nothing when it is good, else the refusal. */
    const refusal = (now: Date, link: { checkoutId: string; expires: string; sig: string }) =>
      checkContractLink(deps(now), link.checkoutId, link.expires, link.sig).then(
        () => undefined,
        (e: AppError) => e,
      );
    const checkoutId = 'chk_0123456789abcdef01234567';
    const later = new Date(t0.getTime() + 25 * 3600 * 1000);
    const expired = await refusal(later, { checkoutId, expires, sig });
    expect(expired).toBeInstanceOf(AppError);
    expect(expired?.statusCode).toBe(410);
    const tampered = await refusal(t0, { checkoutId, expires: String(Number(expires) + 1), sig });
    expect(tampered?.statusCode).toBe(403);
    const otherCheckout = await refusal(t0, { checkoutId: 'chk_aaaaaaaaaaaaaaaaaaaaaaaa', expires, sig });
    expect(otherCheckout?.statusCode).toBe(403);
  });
});

describe('webhook retries', () => {
  it('back off exponentially from 30 s, at most 6 h apart, jittered by +-20%, and stop after 72 h', () => {
    expect(backoffSeconds(1, () => 0.5)).toBe(FIRST_RETRY_SECONDS);
    expect(backoffSeconds(2, () => 0.5)).toBe(60);
    expect(backoffSeconds(5, () => 0.5)).toBe(480);
    expect(backoffSeconds(20, () => 0.5)).toBe(MAX_RETRY_SECONDS);
    expect(backoffSeconds(3, () => 0)).toBe(96);
    expect(backoffSeconds(3, () => 1)).toBe(144);
    // the schedule fits about 20 attempts in the 72 hours
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + backoffSeconds(attempts, () => 0.5) <= GIVE_UP_SECONDS)
      elapsed += backoffSeconds(attempts++, () => 0.5);
    expect(attempts).toBeGreaterThan(15);
    expect(attempts).toBeLessThan(25);
  });
});
