import type { Cents } from './money.ts';
import { roundCents } from './money.ts';
import { PAYMENTS_PER_YEAR, type ScheduleFrequency } from './payment-frequency.ts';

// Early purchase option (EPO) and express-pay estimates (seed 000 section 9; ARCHITECTURE.md "Business rules").
// Inside the EPO window ("same as cash") the shopper owns the goods for the cash price plus the EPO fee, less the
// rent already paid. After it, the payoff is a share of the remaining payments (settings: 60%), so paying off early
// always costs less than paying the lease to term.

/** The store lease program's fields as stored (seed 000 section 3). */
export interface EpoProgram {
  sac_days?: number | null;
  sac_110_day?: boolean | number | null;
}

export const SAC_110_DAYS = 110;

/** EPO days: sac_days (or the default), raised to 110 when sac_110_day is set and the value is below 110. */
export function epoDays(program: EpoProgram, defaultSacDays: number): number {
  const days = program.sac_days ?? defaultSacDays;
  return program.sac_110_day && days < SAC_110_DAYS ? SAC_110_DAYS : days;
}

export interface PayoffInput {
  /** The leased cash price (effectiveCashPrice). */
  cashPriceCents: Cents;
  epoFeeCents: Cents;
  totalPaymentCents: Cents;
  rentPaidCents: Cents;
  daysSinceStart: number;
  epoDays: number;
  /** After the window: payoff = this % of the remaining payments. */
  remainingPaymentsPercent: number;
}

export interface Payoff {
  withinWindow: boolean;
  payoffCents: Cents;
}

/** What it costs to own the goods today. Day `epoDays` itself is still inside the window. */
export function earlyPurchasePayoff(input: PayoffInput): Payoff {
  if (input.daysSinceStart <= input.epoDays) {
    return {
      withinWindow: true,
      payoffCents: Math.max(0, input.cashPriceCents + input.epoFeeCents - input.rentPaidCents),
    };
  }
  const remaining = Math.max(0, input.totalPaymentCents - input.rentPaidCents);
  return { withinWindow: false, payoffCents: roundCents((remaining * input.remainingPaymentsPercent) / 100) };
}

export const EXPRESS_PAY_MONTHS = [3, 6, 9] as const;
export type ExpressPayMonth = (typeof EXPRESS_PAY_MONTHS)[number];

export interface ExpressPayInput {
  cashPriceCents: Cents;
  epoFeeCents: Cents;
  totalPaymentCents: Cents;
  paymentCents: Cents;
  numPayments: number;
  /** Payments made at signing (1 for options A, C, D; 0 for B). */
  prePaidPayments: number;
  frequency: ScheduleFrequency;
  epoDays: number;
  remainingPaymentsPercent: number;
}

/** Rent paid by the end of month m: the prepaid payments plus floor(m x payments per year / 12), at most all. */
export function paymentsMadeBy(
  months: number,
  input: Pick<ExpressPayInput, 'numPayments' | 'prePaidPayments' | 'frequency'>,
): number {
  const scheduled = Math.floor((months * PAYMENTS_PER_YEAR[input.frequency]) / 12 + 1e-9);
  return Math.min(input.numPayments, input.prePaidPayments + scheduled);
}

/**
 * The total the shopper pays when paying the lease off after 3, 6 and 9 months: rent paid by then plus the payoff.
 * Months count as 30 days, so "3 months" is the classic 90-day same-as-cash window. Fees and OCP are excluded.
 */
export function expressPayTotals(input: ExpressPayInput): Record<ExpressPayMonth, Cents> {
  const totals = {} as Record<ExpressPayMonth, Cents>;
  for (const months of EXPRESS_PAY_MONTHS) {
    const rentPaid = paymentsMadeBy(months, input) * input.paymentCents;
    const { payoffCents } = earlyPurchasePayoff({
      cashPriceCents: input.cashPriceCents,
      epoFeeCents: input.epoFeeCents,
      totalPaymentCents: input.totalPaymentCents,
      rentPaidCents: rentPaid,
      daysSinceStart: months * 30,
      epoDays: input.epoDays,
      remainingPaymentsPercent: input.remainingPaymentsPercent,
    });
    totals[months] = rentPaid + payoffCents;
  }
  return totals;
}

export const EXPRESS_PAY_RATING = 17;

/** Express pay is shown only for rating-17 stores or HVAC stores, and never to an applicant in California. */
export function showExpressPay(facts: {
  rating: number | null | undefined;
  isHvac: boolean;
  applicantState: string | null | undefined;
}): boolean {
  if ((facts.applicantState ?? '').toUpperCase() === 'CA') return false;
  return facts.rating === EXPRESS_PAY_RATING || facts.isHvac;
}
