import type { LeaseAdjustment } from '../partial-delivery.ts';
import type { Cents } from '../money.ts';
import { addDays, firstPaymentDate, paymentDates, type ScheduleFrequency } from '../payment-frequency.ts';
import type { LeaseComputation } from '../pricing.ts';
import { onOrNextBusinessDay } from './business-days.ts';

// The payment schedule of a funded lease (issue 22, ARCHITECTURE.md "Servicing after funding"). Made once, when the
// lease (or, with partial delivery, its first tranche) is funded, from the signed contract's own figures: the
// LeaseComputation the agreement and the disclosures print (machines/domain/pricing.ts) and the early purchase terms
// stored beside it. So the schedule is the contract: the same number of payments, the same amount, the same dates,
// and the rent of the installments adds up to the contract's total of payments to the cent.
//
// Weekend and holiday rule: the due date stays the contract's date; the installment is collected (and counts as paid
// on time) on that date, or on the next ACH business day when it falls on a weekend or a federal holiday
// (business-days.ts). Lateness is counted from the collection date, never from an earlier date.

export interface Installment {
  /** 1-based, as in the contract. */
  number: number;
  /** The contract's due date. */
  dueDate: string;
  /** The date it is debited and from which lateness counts: the due date or the next business day. */
  collectionDate: string;
  /** Rent: counts towards ownership. */
  rentCents: Cents;
  /** The optional protection plan (OCP) charged with this payment; 0 when not chosen. */
  ocpCents: Cents;
  /** rent + ocp. */
  amountCents: Cents;
  /** Paid at signing (options A, C, D prepay the first payment): the opening ledger entry pays it. */
  prepaid: boolean;
}

export interface EarlyPurchaseTerms {
  /** The early purchase ("same as cash") window in days from the lease start (sac_days, 110 with sac_110_day). */
  days: number;
  /** The last day of the window (lease start + days): day `days` itself is still inside. */
  endsOn: string;
  feeCents: Cents;
  /** After the window the payoff is this share of the remaining payments. */
  remainingPaymentsPercent: number;
}

export interface ServicingSchedule {
  leaseId: string;
  /** The lessee's state: its servicing rules (late fees, reinstatement) apply. */
  state: string;
  frequency: ScheduleFrequency;
  termMonths: number;
  /** Signing date, day 0 of the early purchase window. */
  leaseBeginsAt: string;
  numPayments: number;
  /** Rent per payment as contracted. */
  paymentCents: Cents;
  /** OCP per payment (0 when not chosen). */
  ocpCents: Cents;
  /** The contract's total of payments (rent only); the installments' rent adds up to it. */
  totalOfPaymentsCents: Cents;
  /** The leased cash price (effectiveCashPrice): the early purchase price's base. */
  cashPriceCents: Cents;
  earlyPurchase: EarlyPurchaseTerms;
  prePaidPayments: number;
  /** Paid at signing above the minimum: credited against the next payments (the opening entry carries it). */
  extraPrepaidCents: Cents;
  installments: Installment[];
}

/** The contract figures the schedule is made from: the stored lease computation and the early purchase terms. */
export interface ScheduleInput {
  leaseId: string;
  state: string;
  computation: Pick<
    LeaseComputation,
    | 'numPayments'
    | 'paymentAmount'
    | 'waiver'
    | 'totalPayment'
    | 'prePaidPayments'
    | 'paymentFrequency'
    | 'leaseBeginsAt'
    | 'effectiveCashPrice'
    | 'epoFee'
    | 'termMonths'
    | 'extraPrepaidCents'
  > &
    Partial<Pick<LeaseComputation, 'schedule' | 'nextPaymentAt'>>;
  /** The contract's early purchase window (stored with the lease, as the disclosures read it). */
  epoDays: number;
  remainingPaymentsPercent: number;
  /** Semi-monthly pay days, when the contract was priced with them. */
  payDays?: readonly [number, number];
}

/**
 * Rent per installment: the contract's payment each, the last one taking any difference to the total of payments
 * (none for a contract priced by pricing.ts, whose total is payment x payments; an amended or imported total still
 * adds up to the cent).
 */
export function installmentRents(totalCents: Cents, paymentCents: Cents, count: number): Cents[] {
  if (count <= 0) return [];
  const rents = Array.from({ length: count }, () => paymentCents);
  rents[count - 1] = totalCents - paymentCents * (count - 1);
  return rents;
}

/** The contract's due dates: those it printed, else recomputed by the same rules as pricing.ts. */
function contractDueDates(input: ScheduleInput): string[] {
  const c = input.computation;
  if (c.schedule && c.schedule.length === c.numPayments) return c.schedule.map((p) => p.dueDate);
  const first = c.nextPaymentAt ?? firstPaymentDate(c.leaseBeginsAt, c.paymentFrequency, input.payDays);
  const scheduled = paymentDates(first, c.paymentFrequency, c.numPayments - c.prePaidPayments, input.payDays);
  return [...Array.from({ length: c.prePaidPayments }, () => c.leaseBeginsAt), ...scheduled];
}

/** The servicing schedule of a signed contract. */
export function buildSchedule(input: ScheduleInput): ServicingSchedule {
  const c = input.computation;
  const dates = contractDueDates(input);
  const rents = installmentRents(c.totalPayment, c.paymentAmount, c.numPayments);
  const installments = rents.map((rentCents, index): Installment => {
    const dueDate = dates[index] ?? c.leaseBeginsAt;
    const prepaid = index < c.prePaidPayments;
    return {
      number: index + 1,
      dueDate,
      // A prepaid installment was paid at signing: nothing to collect, whatever the day.
      collectionDate: prepaid ? dueDate : onOrNextBusinessDay(dueDate),
      rentCents,
      ocpCents: c.waiver,
      amountCents: rentCents + c.waiver,
      prepaid,
    };
  });
  return {
    leaseId: input.leaseId,
    state: input.state,
    frequency: c.paymentFrequency,
    termMonths: c.termMonths,
    leaseBeginsAt: c.leaseBeginsAt,
    numPayments: c.numPayments,
    paymentCents: c.paymentAmount,
    ocpCents: c.waiver,
    totalOfPaymentsCents: c.totalPayment,
    cashPriceCents: c.effectiveCashPrice,
    earlyPurchase: {
      days: input.epoDays,
      endsOn: addDays(c.leaseBeginsAt, input.epoDays),
      feeCents: c.epoFee,
      remainingPaymentsPercent: input.remainingPaymentsPercent,
    },
    prePaidPayments: c.prePaidPayments,
    extraPrepaidCents: c.extraPrepaidCents,
    installments,
  };
}

/** Rent of the whole schedule (equals totalOfPaymentsCents). */
export const scheduledRentCents = (schedule: Pick<ServicingSchedule, 'installments'>): Cents =>
  schedule.installments.reduce((sum, i) => sum + i.rentCents, 0);

/** What the signing collected towards the schedule: the prepaid installments and the extra prepaid amount. */
export const paidAtSigningCents = (schedule: ServicingSchedule): Cents =>
  schedule.installments.filter((i) => i.prepaid).reduce((sum, i) => sum + i.amountCents, 0) +
  schedule.extraPrepaidCents;

/**
 * The schedule after the retailer cancelled undelivered goods (partial delivery, machines/domain/partial-delivery.ts
 * `adjustLease`): every installment's rent becomes the new payment, so the rent adds up to the amended total; what
 * was already paid above the new rent (the prepaid installment, earlier payments) stays in the ledger and is
 * allocated forward to the next installments when the account is derived. Dates and OCP are unchanged.
 */
export function amendScheduleForCancellation(
  schedule: ServicingSchedule,
  adjustment: LeaseAdjustment,
): ServicingSchedule {
  const rents = installmentRents(adjustment.totalAfter, adjustment.paymentAfter, schedule.numPayments);
  return {
    ...schedule,
    paymentCents: adjustment.paymentAfter,
    totalOfPaymentsCents: adjustment.totalAfter,
    cashPriceCents: adjustment.leasedAfter,
    installments: schedule.installments.map((i, index) => {
      const rentCents = rents[index] ?? 0;
      return { ...i, rentCents, amountCents: rentCents + i.ocpCents };
    }),
  };
}
