import type { ScorePaymentsRequest, ScorePaymentsResponse } from '../contracts/score-payments.ts';
import { plainDollars } from './decision.ts';
import { epoDays, expressPayTotals, type EpoProgram } from './early-purchase.ts';
import type { IncomeFrequency } from './income.ts';
import { amountForCalculation, DEFAULT_MIN_APPROVAL_CENTS } from './lease-amount.ts';
import type { Cents } from './money.ts';
import { centsToDecimal, parseAmountToCents } from './money.ts';
import { paymentFrequencyChoices, type PaymentFrequency } from './payment-frequency.ts';
import { computeLease, ocpPerPaymentCents, type LeaseError } from './pricing.ts';
import { costDisclosure, type CostDisclosure } from './disclosures.ts';
import { decileForScore, type LeaseOption, type ScoringSettings } from './scoring-settings.ts';

// What POST /api/v1/score/payments answers (seed 000 sections 3 and 7): the calculator's term, payment, first
// payment date and express-pay totals for a lease amount. Cents inside; two-decimal strings only in the answer.

export interface PaymentCalculationInput {
  leaseAmountCents: Cents;
  option: LeaseOption;
  paymentFrequency: PaymentFrequency;
  rating: number | null;
  /** Either the decile from the result, or the bureau score to look it up. */
  decile: number | null;
  score: number | null;
  additionalDownCents: Cents;
  incomeFrequency: IncomeFrequency;
  /** The store's state: its total-cost cap applies to the quote. */
  companyState: string;
  /** Kept for tax and delivery lookups by the server; pricing does not depend on it. */
  zipCode: string | null;
  ocpIncluded: boolean;
  /** The calculation date 'YYYY-MM-DD' (the lease would begin today). */
  today: string;
  // From the store and the application (the server fills them; the request does not carry them):
  ocpEnabled?: boolean;
  minimumCents?: Cents;
  /** The chosen option's offer: a larger amount is refused. */
  maximumCents?: Cents;
  epoProgram?: EpoProgram;
  securityDepositCents?: Cents;
  payDays?: readonly [number, number];
  /** The applicant's state rule's cost cap (null = uncapped); without it the settings' cap for companyState applies. */
  stateCapMultiplier?: number | null;
}

export interface PaymentCalculation {
  term: number;
  /** Per payment, OCP included when chosen. */
  paymentAmountCents: Cents;
  firstPaymentDate: string;
  expressPayCents: { 3: Cents; 6: Cents; 9: Cents };
  /** The amount actually priced (raised to the minimum when below it). */
  leaseAmountCents: Cents;
  numPayments: number;
  /** The cost disclosure of this choice (machines/domain/disclosures.ts): the same figures as the agreement. */
  disclosure: CostDisclosure;
}

export type PaymentCalculationResult =
  { ok: true; calculation: PaymentCalculation } | { ok: false; errors: LeaseError[] };

function fieldError(
  field: string,
  key: string,
  message: string,
  params: Record<string, string | number> = {},
): LeaseError {
  return { field, key, params, message };
}

/** A validated request (scorePaymentsRequestSchema) -> the calculation's input; the server adds store facts. */
export function toPaymentCalculationInput(
  body: ScorePaymentsRequest,
  today: string,
  extra: Pick<
    PaymentCalculationInput,
    | 'ocpEnabled'
    | 'minimumCents'
    | 'maximumCents'
    | 'epoProgram'
    | 'securityDepositCents'
    | 'payDays'
    | 'stateCapMultiplier'
  > = {},
): PaymentCalculationInput {
  return {
    leaseAmountCents: parseAmountToCents(body.leaseAmount) ?? 0,
    option: body.option.toUpperCase() as LeaseOption,
    paymentFrequency: body.paymentFrequency,
    rating: body.rating ?? null,
    decile: body.decile ?? null,
    score: body.score ?? null,
    additionalDownCents: parseAmountToCents(body.additionalDown ?? 0) ?? 0,
    incomeFrequency: body.incomeFrequency,
    companyState: body.companyState.trim().toUpperCase(),
    zipCode: body.zipCode ?? null,
    ocpIncluded: body.ocpIncluded ?? false,
    today,
    ...extra,
  };
}

/** Prices the calculator's lease; errors are field-keyed for a 422. */
export function calculatePayments(input: PaymentCalculationInput, settings: ScoringSettings): PaymentCalculationResult {
  const errors: LeaseError[] = [];
  const decile = input.decile ?? (input.score === null ? null : decileForScore(input.score, settings));
  if (decile === null) errors.push(fieldError('score', 'validation.required', 'This field is required!'));
  if (!paymentFrequencyChoices(input.incomeFrequency).includes(input.paymentFrequency)) {
    errors.push(
      fieldError(
        'paymentFrequency',
        'calculator.frequency.notAllowed',
        'This payment frequency is not available for your income frequency.',
      ),
    );
  }
  const minimum = input.minimumCents ?? DEFAULT_MIN_APPROVAL_CENTS;
  if (input.maximumCents !== undefined && input.leaseAmountCents > input.maximumCents) {
    const max = plainDollars(input.maximumCents);
    errors.push(
      fieldError('leaseAmount', 'calculator.amount.maximum', `Maximum allowed lease for the chosen option is $${max}`, {
        max,
      }),
    );
  }
  if (errors.length > 0 || decile === null) return { ok: false, errors };

  const leaseAmount = amountForCalculation(input.leaseAmountCents, minimum);
  const result = computeLease(
    {
      option: input.option,
      cashPriceCents: leaseAmount,
      additionalDownCents: input.additionalDownCents,
      decile,
      paymentFrequency: input.paymentFrequency,
      ...(input.payDays ? { payDays: input.payDays } : {}),
      ocpIncluded: input.ocpIncluded,
      ocpEnabled: input.ocpEnabled ?? true,
      state: input.companyState,
      ...(input.stateCapMultiplier !== undefined ? { stateCapMultiplier: input.stateCapMultiplier } : {}),
      leaseBeginsAt: input.today,
      minimumLeaseCents: minimum,
      ...(input.securityDepositCents !== undefined ? { securityDepositCents: input.securityDepositCents } : {}),
    },
    settings,
  );
  if (!result.ok) return result;
  const lease = result.lease;
  const windowDays = epoDays(input.epoProgram ?? {}, settings.earlyPurchase.defaultSacDays);
  const totals = expressPayTotals({
    cashPriceCents: lease.effectiveCashPrice,
    epoFeeCents: lease.epoFee,
    totalPaymentCents: lease.totalPayment,
    paymentCents: lease.paymentAmount,
    numPayments: lease.numPayments,
    prePaidPayments: lease.prePaidPayments,
    frequency: lease.paymentFrequency,
    epoDays: windowDays,
    remainingPaymentsPercent: settings.earlyPurchase.remainingPaymentsPercent,
  });
  const disclosure = costDisclosure(lease, {
    option: input.option,
    epoDays: windowDays,
    remainingPaymentsPercent: settings.earlyPurchase.remainingPaymentsPercent,
    ocpAvailable: input.ocpEnabled ?? true,
    ocpPerPaymentPriceCents: ocpPerPaymentCents(lease.paymentFrequency, settings),
  });
  return {
    ok: true,
    calculation: {
      term: lease.termMonths,
      paymentAmountCents: lease.paymentWithWaiver,
      // The first payment after signing (options A, C and D also pay one payment at signing).
      firstPaymentDate: lease.nextPaymentAt ?? lease.leaseBeginsAt,
      expressPayCents: totals,
      leaseAmountCents: leaseAmount,
      numPayments: lease.numPayments,
      disclosure,
    },
  };
}

/** The answer's `data`: two-decimal USD strings. */
export function toScorePaymentsResponse(calculation: PaymentCalculation): ScorePaymentsResponse {
  return {
    term: calculation.term,
    paymentAmount: centsToDecimal(calculation.paymentAmountCents),
    firstPaymentDate: calculation.firstPaymentDate,
    express_pay_3_month_total: centsToDecimal(calculation.expressPayCents[3]),
    express_pay_6_month_total: centsToDecimal(calculation.expressPayCents[6]),
    express_pay_9_month_total: centsToDecimal(calculation.expressPayCents[9]),
  };
}
