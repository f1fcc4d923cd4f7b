import { earlyPurchasePayoff } from './early-purchase.ts';
import type { Cents } from './money.ts';
import { PAYMENTS_PER_YEAR, type ScheduleFrequency } from './payment-frequency.ts';
import type { LeaseComputation } from './pricing.ts';

// Cost disclosures of a lease (rental-purchase acts: MN 325F.86, KS 50-684, IA 537.3605, CT 42-241, PA 6903): the
// number and amount of payments, the total of payments, the cost of leasing above the cash price, the fees by name,
// the early purchase terms and that the protection plan is optional. Built from the pricing engine's output, the
// same LeaseComputation the agreement prints (functions/services/contract.ts), so both show identical figures.
// Pure: shared by the server (score/payments, the lease summary, the consent record) and the shopper screens.

export const DISCLOSURE_VERSION = 1;

export type DisclosureFeeKey = 'documentProcessingFee' | 'leaseProcessFee' | 'securityDeposit';

export interface CostDisclosure {
  version: number;
  option: string;
  frequency: ScheduleFrequency;
  termMonths: number;
  numPayments: number;
  /** Rent per payment (the protection plan not included). */
  paymentCents: Cents;
  /** Protection plan per payment when chosen, else 0. */
  ocpPerPaymentCents: Cents;
  /** What each payment costs with the chosen protection plan. */
  paymentWithOcpCents: Cents;
  /** Sum of the rent payments (number x payment). */
  totalOfPaymentsCents: Cents;
  /** The leased cash price (what is not paid at signing towards the cash price). */
  cashPriceCents: Cents;
  /** Total of payments minus the leased cash price. */
  costOfLeasingCents: Cents;
  fees: { key: DisclosureFeeKey; cents: Cents }[];
  dueAtSigningCents: Cents;
  earlyPurchase: {
    /** The early purchase window in days (sac_days, 110 with sac_110_day). */
    days: number;
    feeCents: Cents;
    /** Inside the window: leased cash price + fee - rent paid; paying off at signing costs this. */
    payoffAtSigningCents: Cents;
    /** After the window: this share of the remaining payments. */
    remainingPaymentsPercent: number;
    /** Paying off the day after the window closes (rent paid by then counted). */
    payoffAfterWindowCents: Cents;
    /** The day that example is for. */
    afterWindowDay: number;
  };
  ocp: {
    available: boolean;
    included: boolean;
    /** Always true: the lease can be signed without the protection plan. */
    optional: true;
    /** Its price per payment when chosen. */
    perPaymentPriceCents: Cents;
  };
}

export interface DisclosureTerms {
  option: string;
  epoDays: number;
  remainingPaymentsPercent: number;
  ocpAvailable: boolean;
  /** Protection plan price per payment for the frequency (shown even when not chosen). */
  ocpPerPaymentPriceCents: Cents;
}

/** Rent payments made by a day of the lease: the prepaid ones plus the scheduled ones due by then. */
export function paymentsMadeByDay(
  day: number,
  lease: Pick<LeaseComputation, 'numPayments' | 'prePaidPayments' | 'paymentFrequency'>,
): number {
  const scheduled = Math.floor((day * PAYMENTS_PER_YEAR[lease.paymentFrequency]) / 365 + 1e-9);
  return Math.min(lease.numPayments, lease.prePaidPayments + scheduled);
}

/** The cost disclosure of a priced lease. */
export function costDisclosure(lease: LeaseComputation, terms: DisclosureTerms): CostDisclosure {
  const fees: CostDisclosure['fees'] = [];
  if (lease.leaseType === 'OptionB') fees.push({ key: 'leaseProcessFee', cents: lease.leaseProcessFee });
  else fees.push({ key: 'documentProcessingFee', cents: lease.documentProcessingFee });
  if (lease.securityDeposit > 0) fees.push({ key: 'securityDeposit', cents: lease.securityDeposit });
  const payoff = (day: number) =>
    earlyPurchasePayoff({
      cashPriceCents: lease.effectiveCashPrice,
      epoFeeCents: lease.epoFee,
      totalPaymentCents: lease.totalPayment,
      rentPaidCents: paymentsMadeByDay(day, lease) * lease.paymentAmount,
      daysSinceStart: day,
      epoDays: terms.epoDays,
      remainingPaymentsPercent: terms.remainingPaymentsPercent,
    }).payoffCents;
  const afterWindowDay = terms.epoDays + 1;
  return {
    version: DISCLOSURE_VERSION,
    option: terms.option.toUpperCase(),
    frequency: lease.paymentFrequency,
    termMonths: lease.termMonths,
    numPayments: lease.numPayments,
    paymentCents: lease.paymentAmount,
    ocpPerPaymentCents: lease.waiver,
    paymentWithOcpCents: lease.paymentWithWaiver,
    totalOfPaymentsCents: lease.totalPayment,
    cashPriceCents: lease.effectiveCashPrice,
    costOfLeasingCents: lease.totalPayment - lease.effectiveCashPrice,
    fees,
    dueAtSigningCents: lease.downPayment,
    earlyPurchase: {
      days: terms.epoDays,
      feeCents: lease.epoFee,
      payoffAtSigningCents: payoff(0),
      remainingPaymentsPercent: terms.remainingPaymentsPercent,
      payoffAfterWindowCents: payoff(afterWindowDay),
      afterWindowDay,
    },
    ocp: {
      available: terms.ocpAvailable,
      included: lease.waiver > 0,
      optional: true,
      perPaymentPriceCents: lease.waiver > 0 ? lease.waiver : terms.ocpPerPaymentPriceCents,
    },
  };
}

/** The figures two disclosures must agree on (the shopper's screen vs the server's own computation). */
export function disclosureFigures(d: CostDisclosure): Record<string, number | string> {
  const figures: Record<string, number | string> = {
    option: d.option,
    frequency: d.frequency,
    numPayments: d.numPayments,
    paymentCents: d.paymentCents,
    paymentWithOcpCents: d.paymentWithOcpCents,
    totalOfPaymentsCents: d.totalOfPaymentsCents,
    cashPriceCents: d.cashPriceCents,
    costOfLeasingCents: d.costOfLeasingCents,
    dueAtSigningCents: d.dueAtSigningCents,
    epoDays: d.earlyPurchase.days,
    payoffAtSigningCents: d.earlyPurchase.payoffAtSigningCents,
    payoffAfterWindowCents: d.earlyPurchase.payoffAfterWindowCents,
  };
  for (const fee of d.fees) figures[`fee.${fee.key}`] = fee.cents;
  return figures;
}

/** The names of the figures that differ (empty when the shopper saw exactly what the server computes). */
export function disclosureDifferences(shown: CostDisclosure, computed: CostDisclosure): string[] {
  const a = disclosureFigures(shown);
  const b = disclosureFigures(computed);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]).sort();
}

/** Money split for words: 1448000 -> { dollars: '14,480', cents: '00', one: false }. */
export function moneyParts(cents: Cents): { dollars: string; cents: string; one: boolean } {
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100);
  return {
    dollars: String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ','),
    cents: String(abs % 100).padStart(2, '0'),
    one: whole === 1,
  };
}
