import { describe, expect, it } from 'vitest';
import {
  computeLease,
  normalizeDelivery,
  ocpPerPaymentCents,
  priceRent,
  type LeaseComputation,
  type LeaseInput,
} from '../../../machines/domain/pricing.ts';
import { DEFAULT_SCORING_SETTINGS as S } from '../../../machines/domain/scoring-settings.ts';
import { calculator } from '../../../machines/i18n/calculator.ts';

const base: LeaseInput = {
  option: 'A',
  cashPriceCents: 100_000,
  decile: 8,
  paymentFrequency: '14-day',
  state: 'TX',
  leaseBeginsAt: '2025-03-10',
};

function lease(patch: Partial<LeaseInput>): LeaseComputation {
  const result = computeLease({ ...base, ...patch }, S);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.lease;
}
function errors(patch: Partial<LeaseInput>) {
  const result = computeLease({ ...base, ...patch }, S);
  if (result.ok) throw new Error('expected errors');
  return result.errors.map((e) => [e.field, e.message]);
}

describe('option A, $1,000 at decile 8, 14-day, Texas', () => {
  // $1,000 qualifies for 12 months only; 12 months at 14-day = 26 payments; multiplier 1.80:
  // total 100,000 x 1.80 = 180,000; payment 180,000 / 26 = 6,923.08 -> 6,923; total of payments 6,923 x 26 = 179,998.
  // signing: Document Processing Fee 45.00 + first payment 69.23 = 114.23.
  const l = lease({});

  it('prices the rent', () => {
    expect(l).toMatchObject({
      cashPrice: 100_000,
      effectiveCashPrice: 100_000,
      termMonths: 12,
      numPayments: 26,
      multiplier: 1.8,
      paymentAmount: 6_923,
      totalPayment: 179_998,
      stateCapApplied: false,
    });
  });

  it('charges the Document Processing Fee and prepays the first payment', () => {
    expect(l).toMatchObject({
      documentProcessingFee: 4_500,
      leaseProcessFee: 0,
      securityDeposit: 0,
      prePaidPayments: 1,
      reductionAmount: 0,
      additionalDown: 0,
      downPayment: 11_423,
      actualDownPayment: 11_423,
      remainingPaymentNeeded: 11_423,
      leaseType: 'OptionA',
      primaryLanguage: 'en',
      paymentFrequency: '14-day',
      epoFee: 2_500,
      waiver: 0,
      delivery: 0,
    });
  });

  it('schedules payment 1 at signing, 2 two weeks later and 26 on 2026-02-23 (2025-03-24 + 24 x 14 days)', () => {
    expect(l.leaseBeginsAt).toBe('2025-03-10');
    expect(l.nextPaymentAt).toBe('2025-03-24');
    expect(l.schedule).toHaveLength(26);
    expect(l.schedule[0]).toEqual({
      number: 1,
      dueDate: '2025-03-10',
      rentCents: 6_923,
      waiverCents: 0,
      amountCents: 6_923,
      prepaid: true,
    });
    expect(l.schedule[1]?.dueDate).toBe('2025-03-24');
    expect(l.schedule[25]?.dueDate).toBe('2026-02-23');
    expect(l.schedule.reduce((sum, p) => sum + p.rentCents, 0)).toBe(l.totalPayment);
  });
});

describe('option B', () => {
  it('starts with the $49.95 Lease Process Fee, no Document Processing Fee, nothing prepaid', () => {
    const b = lease({ option: 'B', securityDepositCents: 5_000 });
    expect(b).toMatchObject({
      leaseType: 'OptionB',
      documentProcessingFee: 0,
      leaseProcessFee: 4_995,
      securityDeposit: 0,
      prePaidPayments: 0,
      downPayment: 4_995,
      paymentAmount: 6_923,
      nextPaymentAt: '2025-03-24',
    });
    expect(b.schedule).toHaveLength(26);
    expect(b.schedule.every((p) => !p.prepaid)).toBe(true);
  });

  it("refuses extra down: 'Extra down payment cannot be added for an option B contract'", () => {
    expect(errors({ option: 'B', additionalDownCents: 5_000 })).toEqual([
      ['additionalDown', 'Extra down payment cannot be added for an option B contract'],
    ]);
  });

  it('refuses a cash price above the option B offer (the excess would be extra down)', () => {
    expect(errors({ option: 'B', optionLimitCents: 90_000 })).toEqual([
      ['cashPrice', 'Maximum allowed lease for the chosen option is $900'],
    ]);
  });
});

describe('cash price, delivery and items', () => {
  it('sums unit price x quantity with required parts: 2 x 499.99 + 49.99 + 4 x 1.25 = 1,054.97', () => {
    const l = lease({
      cashPriceCents: undefined,
      items: [
        { sku: 'TV-55', description: 'TV 55"', quantity: 2, unitPriceCents: 49_999 },
        {
          sku: 'MOUNT',
          description: 'Wall mount',
          quantity: 1,
          unitPriceCents: 4_999,
          requiredParts: [{ sku: 'BOLT', description: 'Bolt', quantity: 4, unitPriceCents: 125 }],
        },
      ],
    });
    expect(l.cashPrice).toBe(105_497);
    expect(l.items.map((i) => i.totalCents)).toEqual([99_998, 5_499]);
    expect(l.items[1]?.requiredParts?.[0]?.totalCents).toBe(500);
  });

  it('a delivery price of 1 cent counts as 0; a real one adds to the cash price', () => {
    expect(normalizeDelivery(1)).toBe(0);
    expect(lease({ deliveryCents: 1 })).toMatchObject({ delivery: 0, cashPrice: 100_000 });
    expect(lease({ deliveryCents: 2_999 })).toMatchObject({ delivery: 2_999, cashPrice: 102_999 });
  });

  it('the part above the option offer is paid at signing: 1,054.97 - 1,000 = 54.97 reduction', () => {
    const l = lease({ cashPriceCents: 105_497, optionLimitCents: 100_000 });
    // same rent as $1,000: 6,923 x 26; signing 45.00 + 69.23 + 54.97 = 169.20
    expect(l).toMatchObject({
      reductionAmount: 5_497,
      effectiveCashPrice: 100_000,
      paymentAmount: 6_923,
      downPayment: 16_920,
    });
  });

  it('additional down lowers the leased amount: 1,000 - 200 = 800 -> 800 x 1.80 = 1,440.00 / 26 = 55.38', () => {
    const l = lease({ additionalDownCents: 20_000 });
    // 144,000 / 26 = 5,538.46 -> 5,538; signing 45.00 + 55.38 + 200.00 = 300.38
    expect(l).toMatchObject({
      additionalDown: 20_000,
      effectiveCashPrice: 80_000,
      paymentAmount: 5_538,
      downPayment: 30_038,
    });
  });

  it('refuses a leased amount below the minimum lease', () => {
    expect(errors({ cashPriceCents: 20_000 })).toEqual([
      ['cashPrice', 'Minimum total value for a Lease must be greater than $300.00'],
    ]);
  });
});

describe('option D and option C', () => {
  it('D: 20% down is the reduction; $5,000 -> $4,000 leased over 24 months at 2.10x = 8,400 / 24 = 350.00 monthly', () => {
    const d = lease({ option: 'D', cashPriceCents: 500_000, paymentFrequency: 'monthly' });
    // signing 45.00 + 350.00 + 1,000.00 = 1,395.00
    expect(d).toMatchObject({
      reductionAmount: 100_000,
      effectiveCashPrice: 400_000,
      termMonths: 24,
      numPayments: 24,
      paymentAmount: 35_000,
      totalPayment: 840_000,
      downPayment: 139_500,
      leaseType: 'OptionD',
    });
  });

  it('C: the longest term whatever the amount: $1,000 x 2.10 (24 months) = 2,100 / 24 = 87.50 monthly', () => {
    const c = lease({ option: 'C', paymentFrequency: 'monthly' });
    expect(c).toMatchObject({ termMonths: 24, paymentAmount: 8_750, totalPayment: 210_000 });
  });

  it("a term the amount does not qualify for: 'Term In Months (24) is not in the valid set of options'", () => {
    expect(errors({ termMonths: 24 })).toEqual([
      ['termMonths', 'Term In Months (24) is not in the valid set of options'],
    ]);
    expect(lease({ cashPriceCents: 150_000, termMonths: 12 }).termMonths).toBe(12);
  });
});

describe('state caps on the total cost', () => {
  // $5,000 over 24 months at decile 1 (2.40x) would total 12,000.00.
  const steep = { cashPriceCents: 500_000, decile: 1, paymentFrequency: 'monthly' as const };

  it('CA: 2.25 x 5,000 = 11,250.00 = 24 x 468.75', () => {
    expect(lease({ ...steep, state: 'CA' })).toMatchObject({
      totalPayment: 1_125_000,
      paymentAmount: 46_875,
      stateCapApplied: true,
    });
  });

  it('HI: 2 x 5,000 = 10,000.00; 10,000 / 24 = 416.67 would exceed it, so 416.66 x 24 = 9,999.84', () => {
    expect(lease({ ...steep, state: 'HI' })).toMatchObject({
      totalPayment: 999_984,
      paymentAmount: 41_666,
      stateCapApplied: true,
    });
  });

  it('uncapped states pay the multiplier: 12,000.00 = 24 x 500.00', () => {
    expect(lease({ ...steep, state: 'TX' })).toMatchObject({
      totalPayment: 1_200_000,
      paymentAmount: 50_000,
      stateCapApplied: false,
    });
  });

  it('priceRent is the same arithmetic on its own', () => {
    expect(priceRent(500_000, 1, 24, 'monthly', 'CA', S)).toEqual({
      numPayments: 24,
      paymentCents: 46_875,
      totalPaymentCents: 1_125_000,
      multiplierBasisPoints: 24_000,
      stateCapApplied: true,
    });
  });
});

describe('OCP (waiver)', () => {
  it('is priced per frequency from $2.99 a week or $12.95 a month', () => {
    // weekly 2.99; 14-day 2 x 2.99; 28-day 4 x 2.99; monthly 12.95; semi-monthly 12.95 / 2 = 6.475 -> 6.48
    expect(
      ['weekly', '14-day', '28-day', 'semi-monthly', 'monthly'].map((f) => ocpPerPaymentCents(f as never, S)),
    ).toEqual([299, 598, 1_196, 648, 1_295]);
  });

  it('is a separate opt-in added to every payment, not to the rent', () => {
    const l = lease({ ocpIncluded: true, ocpEnabled: true });
    // 69.23 + 5.98 = 75.21 per payment; signing 45.00 + 75.21 = 120.21
    expect(l).toMatchObject({
      waiver: 598,
      paymentAmount: 6_923,
      paymentWithWaiver: 7_521,
      totalPayment: 179_998,
      downPayment: 12_021,
    });
    expect(l.schedule[3]).toMatchObject({ rentCents: 6_923, waiverCents: 598, amountCents: 7_521 });
  });

  it('is refused when the store does not offer it', () => {
    expect(errors({ ocpIncluded: true })).toEqual([
      ['ocpIncluded', 'The protection program is not available for this store'],
    ]);
  });
});

describe('down payment at signing', () => {
  it('adds a refundable security deposit when configured (options A, C, D)', () => {
    expect(lease({ securityDepositCents: 5_000 })).toMatchObject({ securityDeposit: 5_000, downPayment: 16_423 });
  });

  it('must be at least the minimum (114.23) and at most the cash price (1,000)', () => {
    expect(errors({ actualDownPaymentCents: 11_000 })).toEqual([
      ['actualDownPayment', 'Down payment must be at least $114.23'],
    ]);
    expect(errors({ actualDownPaymentCents: 100_001 })).toEqual([
      ['actualDownPayment', 'Down payment cannot be more than the total cash price of $1000'],
    ]);
  });

  it('more than the minimum is credited; what was already paid is not collected again', () => {
    const l = lease({ actualDownPaymentCents: 20_000, paidCents: 5_000 });
    expect(l).toMatchObject({ actualDownPayment: 20_000, extraPrepaidCents: 8_577, remainingPaymentNeeded: 15_000 });
  });
});

describe('semi-monthly schedule', () => {
  it("follows the income's pay days: signing 2025-03-10, pay days 5 and 20 -> 03-20, 04-05, 04-20", () => {
    const l = lease({ paymentFrequency: 'semi-monthly', payDays: [5, 20] });
    expect(l.numPayments).toBe(24);
    expect(l.schedule.slice(0, 4).map((p) => p.dueDate)).toEqual([
      '2025-03-10',
      '2025-03-20',
      '2025-04-05',
      '2025-04-20',
    ]);
  });

  it('a given first payment date wins', () => {
    expect(lease({ firstPaymentDate: '2025-04-01', paymentFrequency: 'monthly' }).nextPaymentAt).toBe('2025-04-01');
  });
});

it('every lease message has a catalogue entry with the same English text, and a Spanish one', () => {
  const keys = [
    'lease.extraDownOptionB',
    'lease.maximumForOption',
    'lease.minimumTotal',
    'lease.termNotAllowed',
    'lease.ocpNotAvailable',
    'lease.downPaymentTooLow',
    'lease.downPaymentTooHigh',
  ];
  for (const key of keys) {
    expect(calculator.en[key]).toBeTruthy();
    expect(calculator.es[key]).toBeTruthy();
  }
  expect(calculator.en['lease.extraDownOptionB']).toBe('Extra down payment cannot be added for an option B contract');
  const result = computeLease({ ...base, option: 'B', additionalDownCents: 1 }, S);
  expect(result.ok ? null : result.errors[0]?.key).toBe('lease.extraDownOptionB');
});
