import { describe, expect, it } from 'vitest';
import {
  addMonths,
  defaultPaymentFrequency,
  firstPaymentDate,
  isPaymentFrequency,
  PAYMENT_FREQUENCIES,
  PAYMENTS_PER_YEAR,
  paymentDates,
  paymentFrequencyChoices,
  paymentsForTerm,
} from '../../../machines/domain/payment-frequency.ts';

describe('payment frequency keys and payments per year (seed 000 section 9)', () => {
  it('offers the keys 14-day, 28-day, semi-monthly and monthly', () => {
    expect(PAYMENT_FREQUENCIES).toEqual(['14-day', '28-day', 'semi-monthly', 'monthly']);
    expect(isPaymentFrequency('14-day')).toBe(true);
    expect(isPaymentFrequency('weekly')).toBe(false);
  });

  it('counts weekly 52, 14-day 26, 28-day 13, semi-monthly 24, monthly 12 payments a year', () => {
    expect(PAYMENTS_PER_YEAR).toEqual({ weekly: 52, '14-day': 26, '28-day': 13, 'semi-monthly': 24, monthly: 12 });
  });
});

describe('choices follow the primary income frequency (seed 000 section 5)', () => {
  it.each([
    ['weekly', ['14-day', '28-day'], '14-day'],
    ['bi-weekly', ['14-day', '28-day'], '28-day'],
    ['monthly', ['monthly'], 'monthly'],
    ['semi-monthly', ['semi-monthly', 'monthly'], 'semi-monthly'],
  ] as const)('%s income gives %j, default %s', (income, choices, fallback) => {
    expect(paymentFrequencyChoices(income)).toEqual(choices);
    expect(defaultPaymentFrequency(income)).toBe(fallback);
  });
});

describe('payments for a term', () => {
  it('12 months: 52 weekly, 26 14-day, 13 28-day, 24 semi-monthly, 12 monthly', () => {
    expect(
      ['weekly', '14-day', '28-day', 'semi-monthly', 'monthly'].map((f) => paymentsForTerm(12, f as never)),
    ).toEqual([52, 26, 13, 24, 12]);
  });

  it('rounds up so the payments cover the term: 18 months at 28-day = 18 x 13 / 12 = 19.5 -> 20', () => {
    expect(paymentsForTerm(18, '28-day')).toBe(20);
    expect(paymentsForTerm(18, '14-day')).toBe(39);
    expect(paymentsForTerm(24, 'monthly')).toBe(24);
  });
});

describe('schedule dates', () => {
  it('first payment: one period after signing for 14-day, 28-day and monthly', () => {
    expect(firstPaymentDate('2025-03-10', '14-day')).toBe('2025-03-24');
    expect(firstPaymentDate('2025-03-10', '28-day')).toBe('2025-04-07');
    expect(firstPaymentDate('2025-03-10', 'weekly')).toBe('2025-03-17');
    expect(firstPaymentDate('2025-01-31', 'monthly')).toBe('2025-02-28');
  });

  it('semi-monthly: the first 1st or 15th at least 7 days after signing', () => {
    // 2025-03-05 + 7 days = 03-12 -> the 15th; 2025-03-10 + 7 = 03-17 -> April 1st
    expect(firstPaymentDate('2025-03-05', 'semi-monthly')).toBe('2025-03-15');
    expect(firstPaymentDate('2025-03-10', 'semi-monthly')).toBe('2025-04-01');
    expect(firstPaymentDate('2025-12-20', 'semi-monthly')).toBe('2026-01-01');
  });

  it("semi-monthly uses the income's pay days when given", () => {
    expect(firstPaymentDate('2025-03-10', 'semi-monthly', [5, 20])).toBe('2025-03-20');
    expect(paymentDates('2025-03-20', 'semi-monthly', 4, [20, 5])).toEqual([
      '2025-03-20',
      '2025-04-05',
      '2025-04-20',
      '2025-05-05',
    ]);
  });

  it('semi-monthly on the 1st and 15th by default; a 31st pay day is the last day of short months', () => {
    expect(paymentDates('2025-04-01', 'semi-monthly', 4)).toEqual([
      '2025-04-01',
      '2025-04-15',
      '2025-05-01',
      '2025-05-15',
    ]);
    expect(paymentDates('2025-02-15', 'semi-monthly', 3, [15, 31])).toEqual(['2025-02-15', '2025-02-28', '2025-03-15']);
  });

  it('monthly keeps the day of month without drifting after a short month', () => {
    expect(paymentDates('2025-01-31', 'monthly', 4)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']);
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
  });

  it('14-day steps cross the year end', () => {
    expect(paymentDates('2025-12-22', '14-day', 3)).toEqual(['2025-12-22', '2026-01-05', '2026-01-19']);
  });
});
