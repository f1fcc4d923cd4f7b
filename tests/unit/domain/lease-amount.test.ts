import { describe, expect, it } from 'vitest';
import {
  amountForCalculation,
  CALCULATOR_MESSAGES,
  cartTotalCents,
  checkAmount,
  defaultAmountCents,
  defaultOption,
  minimumLeaseCents,
  offersToCents,
  visibleOptions,
} from '../../../machines/domain/lease-amount.ts';
import { calculator } from '../../../machines/i18n/calculator.ts';

const offers = offersToCents({ A: '1500.00', B: '1,350.00', C: '0.00', D: '0.00' });
const limits = { option: 'A' as const, offers, minimumCents: 30_000 };

describe('offers', () => {
  it('are read from the result in cents', () => {
    expect(offers).toEqual({ A: 150_000, B: 135_000, C: 0, D: 0 });
    expect(offersToCents({ A: 'x', B: null })).toEqual({ A: 0, B: 0, C: 0, D: 0 });
  });

  it('of 0.00 are hidden', () => {
    expect(visibleOptions(offers)).toEqual(['A', 'B']);
  });

  it('the default option is the highest offer', () => {
    expect(defaultOption(offers)).toBe('A');
    expect(defaultOption({ A: 100_000, B: 160_000, C: 0, D: 0 })).toBe('B');
  });

  it('on a tie the lease program default wins: C when option C is enabled, else A', () => {
    const tie = { A: 150_000, B: 0, C: 150_000, D: 0 };
    expect(defaultOption(tie, { optionCEnabled: true })).toBe('C');
    expect(defaultOption(tie)).toBe('A');
  });
});

describe('default amount', () => {
  it('is the sum of cart unit prices x quantity: 2 x 499.99 + 100 = 1,099.98', () => {
    const cart = [{ unit_price: '499.99', quantity: 2 }, { unit_price: 100 }];
    expect(cartTotalCents(cart)).toBe(109_998);
    expect(defaultAmountCents(offers, cart)).toBe(109_998);
  });

  it('is the highest offer without a cart', () => {
    expect(defaultAmountCents(offers)).toBe(150_000);
    expect(defaultAmountCents(offers, [])).toBe(150_000);
  });
});

describe('minimum (min_approval_amount)', () => {
  it('defaults to 300', () => {
    expect(minimumLeaseCents(undefined)).toBe(30_000);
    expect(minimumLeaseCents(null)).toBe(30_000);
    expect(minimumLeaseCents(500)).toBe(50_000);
    expect(minimumLeaseCents('300.00')).toBe(30_000);
  });

  it("below it: 'Minimum allowed lease amount is $300' and the value is kept as typed", () => {
    expect(checkAmount('250', limits)).toEqual({
      text: '250',
      amountCents: 25_000,
      error: {
        key: 'calculator.amount.minimum',
        params: { min: '300' },
        message: 'Minimum allowed lease amount is $300',
      },
    });
  });

  it('before calculating, an amount below the minimum is raised to it', () => {
    expect(amountForCalculation(25_000, 30_000)).toBe(30_000);
    expect(amountForCalculation(50_000, 30_000)).toBe(50_000);
  });
});

describe('maximum for the chosen option', () => {
  it("above it: clamped, 'Maximum allowed lease for the chosen option is $1500'", () => {
    expect(checkAmount('1,600', limits)).toEqual({
      text: '1500',
      amountCents: 150_000,
      error: {
        key: 'calculator.amount.maximum',
        params: { max: '1500' },
        message: 'Maximum allowed lease for the chosen option is $1500',
      },
    });
  });

  it('changing option clamps an amount above the new maximum (A 1500 -> B 1350)', () => {
    const check = checkAmount('1500', { ...limits, option: 'B' });
    expect(check.text).toBe('1350');
    expect(check.error?.message).toBe('Maximum allowed lease for the chosen option is $1350');
  });

  it('an odd maximum keeps its cents: $1,234.56', () => {
    const odd = { ...limits, offers: { ...offers, A: 123_456 } };
    expect(checkAmount('2000', odd).error?.message).toBe('Maximum allowed lease for the chosen option is $1234.56');
  });
});

describe('typed text', () => {
  it('commas are stripped before use', () => {
    expect(checkAmount('1,200.50', limits)).toEqual({ text: '1,200.50', amountCents: 120_050, error: null });
  });

  it('empty and non-numbers are errors without an amount', () => {
    expect(checkAmount('', limits)).toMatchObject({ amountCents: null, error: { message: 'This field is required!' } });
    expect(checkAmount('abc', limits)).toMatchObject({
      amountCents: null,
      error: { key: 'calculator.amount.invalid' },
    });
  });
});

describe('calculator messages', () => {
  it('the catalogue has the same English texts and every key in Spanish', () => {
    for (const [key, text] of Object.entries(CALCULATOR_MESSAGES)) {
      expect(calculator.en[key]).toBe(text);
    }
    expect(Object.keys(calculator.es).sort()).toEqual(Object.keys(calculator.en).sort());
  });
});
