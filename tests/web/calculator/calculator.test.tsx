import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCalculator } from './render-calculator.tsx';

// The calculator screen drives machines/calculator with the page's POST /api/v1/score/payments (fetch stubbed):
// what it sends, the amount messages next to the field, and when express pay shows.

const QUOTE = {
  term: 12,
  paymentAmount: '143.08',
  firstPaymentDate: '2030-02-01',
  express_pay_3_month_total: '1025.00',
  express_pay_6_month_total: '1516.65',
  express_pay_9_month_total: '1688.34',
};

let bodies: Record<string, unknown>[] = [];

beforeEach(() => {
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ status: true, code: 200, data: QUOTE }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Calculator', () => {
  it('prices the default choice at once: the highest offer, 28-day for bi-weekly pay, the decision facts', async () => {
    renderCalculator();
    expect(screen.getByLabelText('Lease amount')).toHaveValue('4000');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      leaseAmount: '4000.00',
      option: 'A',
      paymentFrequency: '28-day',
      incomeFrequency: 'bi-weekly',
      decile: 6,
      score: 640,
      additionalDown: 0,
      companyState: 'OH',
      zipCode: '43215',
      application_id: 'app-1',
      ocpIncluded: false,
    });
    expect(await screen.findByText('$143.08')).toBeInTheDocument();
    expect(screen.getByText('02/01/2030')).toBeInTheDocument();
    // rating 15, not HVAC: no express pay
    expect(screen.queryByText('Express pay')).toBeNull();
  });

  it('keeps an amount below the minimum as typed with its message, and raises it to $300 for the calculation', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderCalculator();
      await waitFor(() => expect(bodies).toHaveLength(1));
      const amount = screen.getByLabelText('Lease amount');
      fireEvent.change(amount, { target: { value: '100' } });
      expect(amount).toHaveValue('100');
      expect(amount).toHaveAccessibleDescription('Minimum allowed lease amount is $300');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      await waitFor(() => expect(bodies).toHaveLength(2));
      expect(bodies[1]).toMatchObject({ leaseAmount: '300.00' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('clamps above the maximum and on an option change, with the maximum message', async () => {
    renderCalculator();
    const amount = screen.getByLabelText('Lease amount');
    fireEvent.change(amount, { target: { value: '9,000' } });
    expect(amount).toHaveValue('4000');
    expect(amount).toHaveAccessibleDescription('Maximum allowed lease for the chosen option is $4000');
    fireEvent.change(amount, { target: { value: '3,900' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Option B/ }));
    expect(amount).toHaveValue('3600');
    expect(amount).toHaveAccessibleDescription('Maximum allowed lease for the chosen option is $3600');
  });

  it('shows express pay for rating 17 and HVAC stores, never for a CA applicant', async () => {
    renderCalculator({ rating: 17 });
    expect(await screen.findByText('Pay off in 3 months')).toBeInTheDocument();
    expect(screen.getByText('$1,516.65')).toBeInTheDocument();
  });

  it('hides express pay for a CA applicant even at an HVAC store', async () => {
    renderCalculator({ isHvac: true, applicantState: 'CA' });
    expect(await screen.findByText('$143.08')).toBeInTheDocument();
    expect(screen.queryByText('Pay off in 3 months')).toBeNull();
  });
});
