// Contracts priced by the real pricing engine (machines/domain/pricing.ts) for the servicing tests: every option,
// frequency and allowed term, so the schedule is checked against the figures a shopper actually signs.
import fc from 'fast-check';
import { computeLease, allowedTermsFor, type LeaseComputation } from '../../../../machines/domain/pricing.ts';
import { DEFAULT_SCORING_SETTINGS } from '../../../../machines/domain/scoring-settings.ts';
import type { ScheduleFrequency } from '../../../../machines/domain/payment-frequency.ts';
import { buildSchedule, type ServicingSchedule } from '../../../../machines/domain/servicing/schedule.ts';
import type { LeaseOption } from '../../../../machines/domain/scoring-settings.ts';

export const OPTIONS: readonly LeaseOption[] = ['A', 'B', 'C', 'D'];
export const FREQUENCIES: readonly ScheduleFrequency[] = ['weekly', '14-day', '28-day', 'semi-monthly', 'monthly'];
export const settings = DEFAULT_SCORING_SETTINGS;

export interface ContractSpec {
  option: LeaseOption;
  frequency: ScheduleFrequency;
  cashPriceCents: number;
  decile: number;
  termIndex: number;
  ocp: boolean;
  state: string;
  leaseBeginsAt: string;
  payDays?: readonly [number, number];
}

export function priceContract(spec: ContractSpec): LeaseComputation | null {
  const leased = spec.option === 'D' ? Math.floor(spec.cashPriceCents * 0.8) : spec.cashPriceCents;
  const terms = allowedTermsFor(spec.option, leased, settings);
  const result = computeLease(
    {
      option: spec.option,
      cashPriceCents: spec.cashPriceCents,
      decile: spec.decile,
      termMonths: terms[spec.termIndex % terms.length],
      paymentFrequency: spec.frequency,
      state: spec.state,
      leaseBeginsAt: spec.leaseBeginsAt,
      ocpIncluded: spec.ocp,
      ocpEnabled: true,
      ...(spec.payDays ? { payDays: spec.payDays } : {}),
    },
    settings,
  );
  return result.ok ? result.lease : null;
}

/** An option A contract at decile 8 on its shortest term, without the protection plan, in Texas unless `spec` says. */
export function optionAContract(
  spec: Pick<ContractSpec, 'frequency' | 'cashPriceCents' | 'leaseBeginsAt'> & Partial<ContractSpec>,
): LeaseComputation {
  const lease = priceContract({ option: 'A', decile: 8, termIndex: 0, ocp: false, state: 'TX', ...spec });
  if (!lease) throw new Error(`the pricing engine refused ${JSON.stringify(spec)}`);
  return lease;
}

export const EPO_DAYS = 90;
export const REMAINING_PERCENT = 60;

export function scheduleOf(
  lease: LeaseComputation,
  state = 'TX',
  epoDays = EPO_DAYS,
  payDays?: readonly [number, number],
) {
  return buildSchedule({
    leaseId: 'L-1',
    state,
    computation: lease,
    epoDays,
    remainingPaymentsPercent: REMAINING_PERCENT,
    ...(payDays ? { payDays } : {}),
  });
}

const isoDate = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

export const contractSpec: fc.Arbitrary<ContractSpec> = fc.record({
  option: fc.constantFrom(...OPTIONS),
  frequency: fc.constantFrom(...FREQUENCIES),
  cashPriceCents: fc.integer({ min: 40_000, max: 800_000 }),
  decile: fc.integer({ min: 1, max: 10 }),
  termIndex: fc.integer({ min: 0, max: 2 }),
  ocp: fc.boolean(),
  state: fc.constantFrom('TX', 'CA', 'NY', 'HI', 'WV', 'FL'),
  leaseBeginsAt: isoDate,
  payDays: fc.option(
    fc.tuple(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 31 })).filter(([a, b]) => a !== b),
    { nil: undefined },
  ),
});

/** A contract and its schedule; specs the pricing engine refuses are skipped by the caller (null). */
export function contractAndSchedule(
  spec: ContractSpec,
): { lease: LeaseComputation; schedule: ServicingSchedule } | null {
  const lease = priceContract(spec);
  if (!lease) return null;
  return { lease, schedule: scheduleOf(lease, spec.state, EPO_DAYS, spec.payDays) };
}

/**
 * A small monthly lease: 6 payments of $100 rent + $10 protection plan, the first paid at signing on Monday
 * 2026-01-05, then due on the 5th of each month (April 5, 2026 is a Sunday: collected Monday April 6).
 */
export function smallMonthlySchedule(state = 'CA'): ServicingSchedule {
  return buildSchedule({
    leaseId: 'L-7',
    state,
    computation: {
      numPayments: 6,
      paymentAmount: 10_000,
      waiver: 1_000,
      totalPayment: 60_000,
      prePaidPayments: 1,
      paymentFrequency: 'monthly',
      leaseBeginsAt: '2026-01-05',
      effectiveCashPrice: 30_000,
      epoFee: 2_500,
      termMonths: 6,
      extraPrepaidCents: 0,
    },
    epoDays: 90,
    remainingPaymentsPercent: 60,
  });
}
