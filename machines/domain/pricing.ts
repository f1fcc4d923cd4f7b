import { plainDollars } from './decision.ts';
import type { Cents } from './money.ts';
import { formatCents, roundCents } from './money.ts';
import {
  firstPaymentDate as firstScheduledDate,
  paymentDates,
  paymentsForTerm,
  type ScheduleFrequency,
} from './payment-frequency.ts';
import {
  allowedTerms,
  multiplierBasisPoints,
  stateTotalCostCapBasisPoints,
  termsForCashPrice,
  type LeaseOption,
  type ScoringSettings,
} from './scoring-settings.ts';
import { capBasisPoints } from './state-rules.ts';
import { LEASE_MESSAGES_EN } from './lease-messages.ts';

// Lease pricing (seed 000 section 3 "Lease computation"; ARCHITECTURE.md "Business rules"). All cents.
//
// How a lease is priced:
//   cashPrice          = items (unit price x quantity, with required parts) + delivery (a 1-cent delivery is 0)
//   reductionAmount    = the part of the cash price paid at signing and not leased: what exceeds the option's
//                        offer, or for option D its required down share (20%), whichever is larger
//   effectiveCashPrice = cashPrice - reductionAmount - additionalDown          (the leased amount)
//   total of payments  = effectiveCashPrice x multiplier(decile, term), at most the state cap x effectiveCashPrice
//   payment            = total / number of payments, rounded to the cent; totalPayment = payment x payments
//   due at signing     = fees + security deposit + prepaid first payment (+ its OCP) + reduction + additional down
// Option B is the "$49.95 to start" lease: its whole initial payment is the Lease Process Fee, no first payment is
// prepaid, no security deposit and no extra down. Options A, C and D charge the Document Processing Fee and prepay
// the first payment at signing. OCP is a separate opt-in charged with every payment, never part of the rent.

export type LeaseType = 'OptionA' | 'OptionB' | 'OptionC' | 'OptionD';
export type Language = 'en' | 'es';

export interface LeaseItemInput {
  sku: string;
  description: string;
  quantity: number;
  unitPriceCents: Cents;
  requiredParts?: LeaseItemInput[];
}

export interface LeaseItem extends Omit<LeaseItemInput, 'requiredParts'> {
  /** unit price x quantity, plus the required parts' totals. */
  totalCents: Cents;
  requiredParts?: LeaseItem[];
}

export interface LeaseInput {
  option: LeaseOption;
  /** The cart; without it `cashPriceCents` is the merchandise price (calculator, staff quote). */
  items?: LeaseItemInput[];
  cashPriceCents?: Cents;
  deliveryCents?: Cents;
  additionalDownCents?: Cents;
  decile: number;
  /** Defaults to `defaultTermMonths`; otherwise it must be one of the allowed terms. */
  termMonths?: number;
  paymentFrequency: ScheduleFrequency;
  /** Semi-monthly pay days from the income (first_pay_day, second_pay_day); default the 1st and 15th. */
  payDays?: readonly [number, number];
  ocpIncluded?: boolean;
  /** The store's lease_program.ocp_enabled (HVAC stores never offer OCP). */
  ocpEnabled?: boolean;
  /** The state whose total-cost cap applies (the applicant's, or the store's for a quote). */
  state: string;
  /** The state rule's cap (state rules as data; null = uncapped); without it the settings' cap for `state` applies. */
  stateCapMultiplier?: number | null;
  /** Signing date, 'YYYY-MM-DD'. */
  leaseBeginsAt: string;
  /** Overrides the first scheduled payment date. */
  firstPaymentDate?: string;
  primaryLanguage?: Language;
  /** The lease program's refundable security deposit (options A, C, D), 0 when not configured. */
  securityDepositCents?: Cents;
  /** The offer for the chosen option: what exceeds it must be paid at signing. */
  optionLimitCents?: Cents;
  /** The minimum lease (min_approval_amount); the leased amount may not go below it. Default: settings floor. */
  minimumLeaseCents?: Cents;
  /** What the shopper chooses to pay at signing; default the minimum (downPayment). */
  actualDownPaymentCents?: Cents;
  /** Already collected towards the signing payment. */
  paidCents?: Cents;
}

export interface ScheduledPayment {
  number: number;
  dueDate: string;
  rentCents: Cents;
  waiverCents: Cents;
  amountCents: Cents;
  /** Paid at signing as part of the down payment. */
  prepaid: boolean;
}

export interface LeaseComputation {
  cashPrice: Cents;
  numPayments: number;
  totalPayment: Cents;
  reductionAmount: Cents;
  nextPaymentAt: string | null;
  leaseBeginsAt: string;
  additionalDown: Cents;
  delivery: Cents;
  /** OCP per payment (0 when not opted in). */
  waiver: Cents;
  effectiveCashPrice: Cents;
  documentProcessingFee: Cents;
  leaseProcessFee: Cents;
  securityDeposit: Cents;
  actualDownPayment: Cents;
  /** The minimum due at signing. */
  downPayment: Cents;
  /** Number of payments paid at signing (1 for A, C, D; 0 for B). */
  prePaidPayments: number;
  /** Still to collect at signing: actualDownPayment - paid. */
  remainingPaymentNeeded: Cents;
  leaseType: LeaseType;
  primaryLanguage: Language;
  paymentFrequency: ScheduleFrequency;
  epoFee: Cents;
  items: LeaseItem[];
  // Beyond the seed's list: what screens and contracts also show.
  termMonths: number;
  /** The rent per payment. */
  paymentAmount: Cents;
  /** Rent + OCP per payment. */
  paymentWithWaiver: Cents;
  multiplier: number;
  stateCapApplied: boolean;
  /** Paid at signing above the minimum: credited against the next payments. */
  extraPrepaidCents: Cents;
  schedule: ScheduledPayment[];
}

export interface LeaseError {
  field: string;
  key: string;
  params: Record<string, string | number>;
  /** English text (exact seed text where the seed has one). */
  message: string;
}

export type LeaseResult = { ok: true; lease: LeaseComputation } | { ok: false; errors: LeaseError[] };

export type LeaseErrorKey = keyof typeof LEASE_MESSAGES_EN;

function leaseError(field: string, key: LeaseErrorKey, params: Record<string, string | number> = {}): LeaseError {
  const message = LEASE_MESSAGES_EN[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
  return { field, key, params, message };
}

/** A delivery price of one cent is a placeholder for "free" (seed 000 section 9) and counts as 0. */
export function normalizeDelivery(cents: Cents | undefined): Cents {
  return !cents || cents === 1 ? 0 : cents;
}

/**
 * The lease's cash price: the cart's items (with their parts) and the delivery charge, or the amount given when
 * there is no cart. The calculator before the contract prices this same figure (issue 24 item 1).
 */
export function cashPriceCents(input: Pick<LeaseInput, 'items' | 'cashPriceCents' | 'deliveryCents'>): Cents {
  const items = (input.items ?? []).map(leaseItem);
  const merchandise = items.length > 0 ? items.reduce((sum, i) => sum + i.totalCents, 0) : (input.cashPriceCents ?? 0);
  return merchandise + normalizeDelivery(input.deliveryCents);
}

export function leaseItem(input: LeaseItemInput): LeaseItem {
  const { requiredParts, ...line } = input;
  const parts = requiredParts?.map(leaseItem);
  const partsTotal = parts?.reduce((sum, p) => sum + p.totalCents, 0) ?? 0;
  return {
    ...line,
    ...(parts ? { requiredParts: parts } : {}),
    totalCents: input.unitPriceCents * input.quantity + partsTotal,
  };
}

export function leaseTypeOf(option: LeaseOption): LeaseType {
  return `Option${option}`;
}

/** OCP per payment: $2.99 a week for week-based frequencies; $12.95 a month for month-based (semi-monthly half). */
export function ocpPerPaymentCents(frequency: ScheduleFrequency, settings: ScoringSettings): Cents {
  switch (frequency) {
    case 'weekly':
      return settings.ocp.weeklyCents;
    case '14-day':
      return settings.ocp.weeklyCents * 2;
    case '28-day':
      return settings.ocp.weeklyCents * 4;
    case 'monthly':
      return settings.ocp.monthlyCents;
    case 'semi-monthly':
      return roundCents(settings.ocp.monthlyCents / 2);
  }
}

/** Terms allowed for a leased amount and option: C may use any term, the others those the amount qualifies for. */
export function allowedTermsFor(option: LeaseOption, leasedCents: Cents, settings: ScoringSettings): number[] {
  return option === 'C' ? allowedTerms(settings) : termsForCashPrice(leasedCents, settings);
}

/** The longest allowed term: option C, the low-payment program, always gets the longest of all. */
export function defaultTermMonths(option: LeaseOption, leasedCents: Cents, settings: ScoringSettings): number {
  const terms = allowedTermsFor(option, leasedCents, settings);
  return terms[terms.length - 1] ?? 12;
}

export interface RentPrice {
  numPayments: number;
  paymentCents: Cents;
  totalPaymentCents: Cents;
  multiplierBasisPoints: number;
  stateCapApplied: boolean;
}

/**
 * Prices the rent of a leased amount: total = leased x multiplier (rounded to the cent), clipped by the state cap;
 * the payment is total / payments rounded to the cent, and the total of payments is payment x payments (so the
 * schedule adds up exactly), never above the state cap.
 */
export function priceRent(
  leasedCents: Cents,
  decileValue: number,
  termMonths: number,
  frequency: ScheduleFrequency,
  state: string,
  settings: ScoringSettings,
  /** The state rule's cap multiplier (null = uncapped); undefined = the settings' cap for `state`. */
  capMultiplier?: number | null,
): RentPrice {
  const bp = multiplierBasisPoints(decileValue, termMonths, settings);
  const numPayments = paymentsForTerm(termMonths, frequency);
  const baseTotal = roundCents((leasedCents * bp) / 10_000);
  const capBp =
    capMultiplier === undefined ? stateTotalCostCapBasisPoints(state, settings) : capBasisPoints(capMultiplier);
  const capTotal = capBp === null ? Infinity : Math.floor((leasedCents * capBp) / 10_000);
  const stateCapApplied = capTotal < baseTotal;
  const total = Math.min(baseTotal, capTotal);
  let payment = roundCents(total / numPayments);
  if (payment * numPayments > capTotal) payment = Math.floor(capTotal / numPayments);
  return {
    numPayments,
    paymentCents: payment,
    totalPaymentCents: payment * numPayments,
    multiplierBasisPoints: bp,
    stateCapApplied,
  };
}

/** Computes a lease, or lists every validation error (field-keyed, for a 422). */
export function computeLease(input: LeaseInput, settings: ScoringSettings): LeaseResult {
  const errors: LeaseError[] = [];
  const option = input.option;
  const isB = option === 'B';
  const items = (input.items ?? []).map(leaseItem);
  const delivery = normalizeDelivery(input.deliveryCents);
  const cashPrice = cashPriceCents(input);
  const additionalDown = input.additionalDownCents ?? 0;
  const minimumLease = input.minimumLeaseCents ?? settings.floorCents;

  if (isB && additionalDown > 0) errors.push(leaseError('additionalDown', 'lease.extraDownOptionB'));

  const overLimit = input.optionLimitCents === undefined ? 0 : Math.max(0, cashPrice - input.optionLimitCents);
  if (isB && overLimit > 0) {
    // Paying the excess at signing would be an extra down payment, which option B does not allow.
    errors.push(leaseError('cashPrice', 'lease.maximumForOption', { max: plainDollars(input.optionLimitCents ?? 0) }));
  }
  const requiredDown = option === 'D' ? Math.ceil((cashPrice * settings.options.dRequiredDownPercent) / 100) : 0;
  const reductionAmount = isB ? 0 : Math.max(overLimit, requiredDown);
  const effectiveCashPrice = cashPrice - reductionAmount - (isB ? 0 : additionalDown);
  if (effectiveCashPrice < minimumLease) {
    errors.push(leaseError('cashPrice', 'lease.minimumTotal', { price: formatCents(minimumLease) }));
  }

  const terms = allowedTermsFor(option, effectiveCashPrice, settings);
  const termMonths = input.termMonths ?? defaultTermMonths(option, effectiveCashPrice, settings);
  if (!terms.includes(termMonths)) errors.push(leaseError('termMonths', 'lease.termNotAllowed', { value: termMonths }));

  const ocpIncluded = Boolean(input.ocpIncluded);
  if (ocpIncluded && !input.ocpEnabled) errors.push(leaseError('ocpIncluded', 'lease.ocpNotAvailable'));
  if (errors.length > 0) return { ok: false, errors };

  const rent = priceRent(
    effectiveCashPrice,
    input.decile,
    termMonths,
    input.paymentFrequency,
    input.state,
    settings,
    input.stateCapMultiplier,
  );
  const waiver = ocpIncluded ? ocpPerPaymentCents(input.paymentFrequency, settings) : 0;
  const documentProcessingFee = isB ? 0 : settings.fees.documentProcessingFeeCents;
  const leaseProcessFee = isB ? settings.options.bInitialPaymentCents : 0;
  const securityDeposit = isB ? 0 : (input.securityDepositCents ?? 0);
  const prePaidPayments = isB ? 0 : 1;
  const paymentWithWaiver = rent.paymentCents + waiver;
  const downPayment =
    documentProcessingFee +
    leaseProcessFee +
    securityDeposit +
    prePaidPayments * paymentWithWaiver +
    reductionAmount +
    (isB ? 0 : additionalDown);

  const actualDownPayment = input.actualDownPaymentCents ?? downPayment;
  if (actualDownPayment < downPayment) {
    errors.push(leaseError('actualDownPayment', 'lease.downPaymentTooLow', { min: plainDollars(downPayment) }));
  } else if (actualDownPayment > cashPrice) {
    errors.push(leaseError('actualDownPayment', 'lease.downPaymentTooHigh', { max: plainDollars(cashPrice) }));
  }
  if (errors.length > 0) return { ok: false, errors };

  const firstScheduled =
    input.firstPaymentDate ?? firstScheduledDate(input.leaseBeginsAt, input.paymentFrequency, input.payDays);
  const scheduledDates = paymentDates(
    firstScheduled,
    input.paymentFrequency,
    rent.numPayments - prePaidPayments,
    input.payDays,
  );
  const dueDates = [...Array.from({ length: prePaidPayments }, () => input.leaseBeginsAt), ...scheduledDates];
  const schedule: ScheduledPayment[] = dueDates.map((dueDate, index) => ({
    number: index + 1,
    dueDate,
    rentCents: rent.paymentCents,
    waiverCents: waiver,
    amountCents: paymentWithWaiver,
    prepaid: index < prePaidPayments,
  }));

  return {
    ok: true,
    lease: {
      cashPrice,
      numPayments: rent.numPayments,
      totalPayment: rent.totalPaymentCents,
      reductionAmount,
      nextPaymentAt: scheduledDates[0] ?? null,
      leaseBeginsAt: input.leaseBeginsAt,
      additionalDown: isB ? 0 : additionalDown,
      delivery,
      waiver,
      effectiveCashPrice,
      documentProcessingFee,
      leaseProcessFee,
      securityDeposit,
      actualDownPayment,
      downPayment,
      prePaidPayments,
      remainingPaymentNeeded: Math.max(0, actualDownPayment - (input.paidCents ?? 0)),
      leaseType: leaseTypeOf(option),
      primaryLanguage: input.primaryLanguage ?? 'en',
      paymentFrequency: input.paymentFrequency,
      epoFee: settings.fees.epoFeeCents,
      items,
      termMonths,
      paymentAmount: rent.paymentCents,
      paymentWithWaiver,
      multiplier: rent.multiplierBasisPoints / 10_000,
      stateCapApplied: rent.stateCapApplied,
      extraPrepaidCents: actualDownPayment - downPayment,
      schedule,
    },
  };
}
