import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { costDisclosure } from '../../../machines/domain/disclosures.ts';
import { computeLease } from '../../../machines/domain/pricing.ts';
import { DEFAULT_SCORING_SETTINGS } from '../../../machines/domain/scoring-settings.ts';
import { common } from '../../../machines/i18n/common.ts';
import { shell } from '../../../machines/i18n/shell.ts';
import { I18nProvider, LANG_STORAGE_KEY } from '../../../web/lib/i18n.tsx';
import { DisclosureTable } from '../../../web/shopper/disclosures/DisclosureTable.tsx';

// The disclosure table: money read in words by a screen reader (currency and frequency), the figures of the pricing
// engine, and no axe violations in English and Spanish.

function disclosure(ocpIncluded: boolean) {
  const result = computeLease(
    {
      option: 'A',
      cashPriceCents: 724_000,
      decile: 7,
      paymentFrequency: '28-day',
      ocpIncluded,
      ocpEnabled: true,
      state: 'OH',
      leaseBeginsAt: '2026-03-10',
    },
    DEFAULT_SCORING_SETTINGS,
  );
  if (!result.ok) throw new Error('no lease');
  return costDisclosure(result.lease, {
    option: 'A',
    epoDays: 90,
    remainingPaymentsPercent: 60,
    ocpAvailable: true,
    ocpPerPaymentPriceCents: 1196,
  });
}

function renderTable(lang: 'en' | 'es', ocp = false) {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  const d = disclosure(ocp);
  const view = render(
    <I18nProvider areas={[common, shell]}>
      <main>
        <DisclosureTable disclosure={d} state="OH" stateDisclosures={['Ohio requires this notice.']} />
      </main>
    </I18nProvider>,
  );
  return { d, ...view };
}

afterEach(() => localStorage.clear());

const words = (cents: number, lang: 'en' | 'es') => {
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const c = String(cents % 100).padStart(2, '0');
  if (lang === 'en') return c === '00' ? `${dollars} dollars` : `${dollars} dollars and ${c} cents`;
  return c === '00' ? `${dollars} dólares` : `${dollars} dólares con ${c} centavos`;
};

describe('DisclosureTable', () => {
  it('names every amount in words with its frequency (en)', () => {
    const { d } = renderTable('en');
    const table = screen.getByRole('table', {
      name: 'Cost of the lease for the amount, option and payment frequency you chose',
    });
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(within(row(/^Amount of each payment/)).getByRole('cell').textContent).toContain('every 28 days');
    expect(within(table).getByRole('cell', { name: `${words(d.paymentCents, 'en')} every 28 days` })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: words(d.totalOfPaymentsCents, 'en') })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: words(d.costOfLeasingCents, 'en') })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: String(d.numPayments) })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: /^Document Processing Fee/ })).toBeTruthy();
    // on screen: the usual money format
    expect(screen.getByTestId('disclosure-total').textContent).toContain(
      `$${(d.totalOfPaymentsCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(screen.getByTestId('disclosure-ocp').textContent).toContain('optional');
    expect(screen.getByTestId('disclosure-epo-within').textContent).toContain(
      words(d.earlyPurchase.payoffAtSigningCents, 'en'),
    );
    expect(screen.getByRole('heading', { name: 'Disclosures required in OH' })).toBeTruthy();
    expect(d.costOfLeasingCents).toBe(d.totalOfPaymentsCents - d.cashPriceCents);
  });

  it('reads the money in Spanish words (es), with the protection plan shown as chosen', () => {
    const { d } = renderTable('es', true);
    const table = screen.getByRole('table', { name: /Costo del arrendamiento/ });
    expect(
      within(table).getByRole('cell', { name: `${words(d.paymentWithOcpCents, 'es')} cada 28 días` }),
    ).toBeTruthy();
    expect(within(table).getByRole('cell', { name: words(d.totalOfPaymentsCents, 'es') })).toBeTruthy();
    expect(screen.getByTestId('disclosure-ocp').textContent).toContain('Puede arrendar sin él');
  });

  for (const lang of ['en', 'es'] as const) {
    it(`passes axe (${lang})`, async () => {
      const { container } = renderTable(lang, lang === 'es');
      const results = await axe.run(container, {
        rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      });
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    });
  }
});
