import { describe, expect, it } from 'vitest';
import { scorePaymentsRequestSchema, scorePaymentsResponseSchema } from '../../../machines/contracts/score-payments.ts';
import {
  calculatePayments,
  toPaymentCalculationInput,
  toScorePaymentsResponse,
  type PaymentCalculationInput,
} from '../../../machines/domain/payment-calculation.ts';
import { DEFAULT_SCORING_SETTINGS as S } from '../../../machines/domain/scoring-settings.ts';
import { TWELVE_MONTH_ANSWER } from '../fixtures.ts';

const body = {
  modelVersion: 'default-2025-01',
  leaseAmount: '1,000.00',
  option: 'a',
  paymentFrequency: '14-day',
  rating: 17,
  score: 700,
  additionalDown: 0,
  incomeFrequency: 'weekly',
  companyState: 'tx',
  zipCode: '75001',
  application_id: 'app-1',
  ocpIncluded: false,
};

function input(patch: Partial<PaymentCalculationInput> = {}): PaymentCalculationInput {
  const parsed = scorePaymentsRequestSchema.parse(body);
  return { ...toPaymentCalculationInput(parsed, '2025-03-10'), ...patch };
}

describe('request schema', () => {
  it('accepts the page body and turns it into cents', () => {
    const i = input();
    expect(i).toMatchObject({
      leaseAmountCents: 100_000,
      option: 'A',
      companyState: 'TX',
      score: 700,
      decile: null,
      additionalDownCents: 0,
      today: '2025-03-10',
    });
  });

  it('needs a score or a decile', () => {
    const result = scorePaymentsRequestSchema.safeParse({ ...body, score: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['score']);
    expect(scorePaymentsRequestSchema.safeParse({ ...body, score: null, decile: 8 }).success).toBe(true);
  });

  it('refuses unknown frequencies, options and malformed amounts', () => {
    expect(scorePaymentsRequestSchema.safeParse({ ...body, paymentFrequency: 'weekly' }).success).toBe(false);
    expect(scorePaymentsRequestSchema.safeParse({ ...body, option: 'E' }).success).toBe(false);
    expect(scorePaymentsRequestSchema.safeParse({ ...body, leaseAmount: '12abc' }).success).toBe(false);
    expect(scorePaymentsRequestSchema.safeParse({ ...body, leaseAmount: 1500 }).success).toBe(true);
  });
});

describe('the calculation', () => {
  // $1,000, option A, decile 8 (score 700), 14-day, Texas: 26 payments of 69.23 (pricing.test.ts);
  // express pay 1,025.00 / 1,467.68 / 1,633.83 (early-purchase.test.ts).
  it('answers term, payment, first payment date and express-pay totals as two-decimal strings', () => {
    const result = calculatePayments(input(), S);
    if (!result.ok) throw new Error('expected a calculation');
    const response = toScorePaymentsResponse(result.calculation);
    expect(response).toEqual(TWELVE_MONTH_ANSWER);
    expect(scorePaymentsResponseSchema.safeParse(response).success).toBe(true);
  });

  it('a decile gives the same answer as its score', () => {
    const byDecile = calculatePayments(input({ score: null, decile: 8 }), S);
    expect(byDecile.ok && byDecile.calculation.paymentAmountCents).toBe(6_923);
  });

  it('includes OCP in the payment when chosen: 69.23 + 5.98 = 75.21', () => {
    const result = calculatePayments(input({ ocpIncluded: true }), S);
    expect(result.ok && toScorePaymentsResponse(result.calculation).paymentAmount).toBe('75.21');
  });

  it('raises an amount below the minimum: $250 is priced as $300 -> 540.00 / 26 = 20.77', () => {
    const result = calculatePayments(input({ leaseAmountCents: 25_000 }), S);
    expect(result.ok && result.calculation).toMatchObject({ leaseAmountCents: 30_000, paymentAmountCents: 2_077 });
  });

  it('uses 110 EPO days with sac_110_day: 3 months is inside the window either way', () => {
    const result = calculatePayments(input({ epoProgram: { sac_days: 90, sac_110_day: true } }), S);
    expect(result.ok && result.calculation.expressPayCents[3]).toBe(102_500);
  });

  it("refuses a frequency the income does not allow, and an amount above the option's offer", () => {
    const wrong = calculatePayments(input({ paymentFrequency: 'monthly', maximumCents: 90_000 }), S);
    expect(wrong.ok ? [] : wrong.errors.map((e) => [e.field, e.message])).toEqual([
      ['paymentFrequency', 'This payment frequency is not available for your income frequency.'],
      ['leaseAmount', 'Maximum allowed lease for the chosen option is $900'],
    ]);
  });

  it('refuses a score outside the decile matrix', () => {
    const result = calculatePayments(input({ score: 100 }), S);
    expect(result.ok ? null : result.errors[0]?.field).toBe('score');
  });
});
