import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { costDisclosure } from '../../../machines/domain/disclosures.ts';
import { computeLease } from '../../../machines/domain/pricing.ts';
import { DEFAULT_SCORING_SETTINGS } from '../../../machines/domain/scoring-settings.ts';
import { renderCalculator } from '../calculator/render-calculator.tsx';

// The result screen's calculator shows the cost disclosure the quote carries, and reports what it showed.

const lease = computeLease(
  {
    option: 'A',
    cashPriceCents: 400_000,
    decile: 6,
    paymentFrequency: '28-day',
    ocpEnabled: true,
    state: 'OH',
    leaseBeginsAt: '2030-01-04',
  },
  DEFAULT_SCORING_SETTINGS,
);
if (!lease.ok) throw new Error('no lease');
const DISCLOSURE = costDisclosure(lease.lease, {
  option: 'A',
  epoDays: 90,
  remainingPaymentsPercent: 60,
  ocpAvailable: true,
  ocpPerPaymentPriceCents: 1196,
});
const QUOTE = {
  term: 12,
  paymentAmount: (DISCLOSURE.paymentWithOcpCents / 100).toFixed(2),
  firstPaymentDate: '2030-02-01',
  express_pay_3_month_total: '1025.00',
  express_pay_6_month_total: '1516.65',
  express_pay_9_month_total: '1688.34',
  disclosure: DISCLOSURE,
  state_disclosures: ['Ohio: you may reinstate this agreement.'],
};

let calls: { url: string; body: any }[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
      const data = String(url).includes('/disclosures') ? { recorded: true } : QUOTE;
      return new Response(JSON.stringify({ status: true, code: 200, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the calculator with its cost disclosure', () => {
  it('shows the total of payments and the cost of leasing for the choice, and reports the disclosure shown', async () => {
    renderCalculator({ offerAmounts: { A: '4000.00', B: '0.00', C: '0.00', D: '0.00' } });
    const table = await screen.findByRole('table', { name: /Cost of the lease/ });
    const dollars = (c: number) =>
      `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(within(table).getByTestId('disclosure-total').textContent).toContain(
      dollars(DISCLOSURE.totalOfPaymentsCents),
    );
    expect(within(table).getByTestId('disclosure-cost').textContent).toContain(dollars(DISCLOSURE.costOfLeasingCents));
    expect(screen.getByRole('heading', { name: 'Disclosures required in OH' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/apply-v2/application/disclosures'))).toBe(true));
    const report = calls.find((c) => c.url.includes('/apply-v2/application/disclosures'))!.body;
    expect(report).toMatchObject({
      uuid: 'app-1',
      screen: 'calculator',
      choice: { leaseAmount: '4000.00', option: 'A', paymentFrequency: '28-day', ocpIncluded: false },
    });
    expect(report.shown.totalOfPaymentsCents).toBe(DISCLOSURE.totalOfPaymentsCents);
  });
});
