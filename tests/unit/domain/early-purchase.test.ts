import { describe, expect, it } from 'vitest';
import {
  earlyPurchasePayoff,
  epoDays,
  expressPayTotals,
  paymentsMadeBy,
  showExpressPay,
  type ExpressPayInput,
} from '../../../machines/domain/early-purchase.ts';

describe('EPO days (seed 000 section 9)', () => {
  it('come from sac_days', () => {
    expect(epoDays({ sac_days: 100 }, 90)).toBe(100);
  });
  it('are raised to 110 when sac_110_day is set and sac_days is below 110', () => {
    expect(epoDays({ sac_days: 90, sac_110_day: true }, 90)).toBe(110);
    expect(epoDays({ sac_days: 90, sac_110_day: 1 }, 90)).toBe(110);
  });
  it('are kept when already 110 or more, or when sac_110_day is off', () => {
    expect(epoDays({ sac_days: 120, sac_110_day: true }, 90)).toBe(120);
    expect(epoDays({ sac_days: 90, sac_110_day: false }, 90)).toBe(90);
  });
  it('default to the settings (90) without sac_days', () => {
    expect(epoDays({}, 90)).toBe(90);
    expect(epoDays({ sac_days: null, sac_110_day: true }, 90)).toBe(110);
  });
});

describe('early purchase payoff', () => {
  // The $1,000 lease of pricing.test.ts: 26 payments of 69.23, total 1,799.98, EPO fee 25.00.
  const lease = {
    cashPriceCents: 100_000,
    epoFeeCents: 2_500,
    totalPaymentCents: 179_998,
    epoDays: 90,
    remainingPaymentsPercent: 60,
  };

  it('inside the window: cash price + EPO fee - rent paid = 1,000 + 25 - 3 x 69.23 = 817.31', () => {
    expect(earlyPurchasePayoff({ ...lease, rentPaidCents: 20_769, daysSinceStart: 60 })).toEqual({
      withinWindow: true,
      payoffCents: 81_731,
    });
  });

  it('day 90 is still inside a 90-day window', () => {
    expect(earlyPurchasePayoff({ ...lease, rentPaidCents: 48_461, daysSinceStart: 90 }).withinWindow).toBe(true);
  });

  it('after the window: 60% of the remaining payments = (1,799.98 - 7 x 69.23) x 60% = 1,315.37 x 0.6 = 789.22', () => {
    expect(earlyPurchasePayoff({ ...lease, rentPaidCents: 48_461, daysSinceStart: 91 })).toEqual({
      withinWindow: false,
      payoffCents: 78_922,
    });
  });

  it('never goes below zero', () => {
    expect(earlyPurchasePayoff({ ...lease, rentPaidCents: 150_000, daysSinceStart: 10 }).payoffCents).toBe(0);
  });
});

describe('express pay totals at 3, 6 and 9 months', () => {
  const input: ExpressPayInput = {
    cashPriceCents: 100_000,
    epoFeeCents: 2_500,
    totalPaymentCents: 179_998,
    paymentCents: 6_923,
    numPayments: 26,
    prePaidPayments: 1,
    frequency: '14-day',
    epoDays: 90,
    remainingPaymentsPercent: 60,
  };

  it('counts payments made: the prepaid one plus floor(months x 26 / 12)', () => {
    expect([3, 6, 9, 12, 24].map((m) => paymentsMadeBy(m, input))).toEqual([7, 14, 20, 26, 26]);
  });

  it('3 months (day 90, inside the window) = cash + fee = 1,025.00', () => {
    expect(expressPayTotals(input)[3]).toBe(102_500);
  });

  it('6 months = 14 x 69.23 + 60% x (1,799.98 - 969.22) = 969.22 + 498.46 = 1,467.68', () => {
    expect(expressPayTotals(input)[6]).toBe(146_768);
  });

  it('9 months = 20 x 69.23 + 60% x (1,799.98 - 1,384.60) = 1,384.60 + 249.23 = 1,633.83', () => {
    expect(expressPayTotals(input)[9]).toBe(163_383);
  });

  it('option B (nothing prepaid, monthly): 3 months = 3 payments made', () => {
    expect(paymentsMadeBy(3, { numPayments: 12, prePaidPayments: 0, frequency: 'monthly' })).toBe(3);
  });
});

describe('showExpressPay', () => {
  it.each([
    [{ rating: 17, isHvac: false, applicantState: 'TX' }, true],
    [{ rating: 5, isHvac: true, applicantState: 'TX' }, true],
    [{ rating: 17, isHvac: false, applicantState: 'CA' }, false],
    [{ rating: 5, isHvac: true, applicantState: 'ca' }, false],
    [{ rating: 5, isHvac: false, applicantState: 'TX' }, false],
    [{ rating: null, isHvac: false, applicantState: 'TX' }, false],
    [{ rating: 17, isHvac: false, applicantState: null }, true],
  ])('%j -> %s (rating 17 or HVAC, never in CA)', (facts, shown) => {
    expect(showExpressPay(facts)).toBe(shown);
  });
});
