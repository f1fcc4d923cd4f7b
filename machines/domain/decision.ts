import { minimumMonthlyIncomeCents } from './income.ts';
import type { Cents } from './money.ts';
import {
  allowedTerms,
  decileForScore,
  incomeBandIndex,
  isOptionEligible,
  isStateServed,
  LEASE_OPTIONS,
  matrixApprovalCents,
  multiplierBasisPoints,
  stateTotalCostCapBasisPoints,
  type LeaseOption,
  type ScoringSettings,
} from './scoring-settings.ts';
import { capBasisPoints, type StateTerms } from './state-rules.ts';

// The decision engine (ARCHITECTURE.md "Business rules"): knock-outs, then score -> decile -> approval matrix ->
// store cap -> payment-to-income cap -> floor -> offers per option. Pure: the bureau score, the previous-customer
// facts and the clock are inputs, so the same application always gets the same decision (and a test can show why).

export const MINIMUM_AGE_YEARS = 18;

export type DecisionCode = 'A' | 'D' | 'G';
export type Offers = Record<LeaseOption, Cents>;

export const REASON_CODES = [
  'AGE_UNDER_18',
  'STATE_NOT_SERVED',
  'INCOME_BELOW_MINIMUM',
  'PREVIOUS_CUSTOMER_CHARGE_OFF',
  'PREVIOUS_CUSTOMER_RECENT_DENIAL',
  'NO_SCORE',
  'SCORE_TOO_LOW',
  'APPROVAL_BELOW_MINIMUM',
  'NO_ELIGIBLE_OPTION',
  'PIN_ATTEMPTS_EXCEEDED',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/**
 * A reason kept with the decision for the adverse-action notice: a stable code for machines, the i18n key and
 * params for any language (machines/i18n/decision.ts), and the English text as it was when decided.
 */
export interface DecisionReason {
  code: ReasonCode;
  key: string;
  params: Record<string, string | number>;
  text: string;
}

export interface StoreFacts {
  isHvac: boolean;
  isHomeImprovement?: boolean;
  optionBEnabled: boolean;
  optionCEnabled: boolean;
  optionDEnabled: boolean;
  /** The lease program's min_approval_amount in cents (default $300): no point approving less than it can lease. */
  minApprovalCents?: Cents;
}

export interface PreviousCustomerFacts {
  isPreviousCustomer: boolean;
  /** Paid as agreed (or paid off) on every past lease. */
  inGoodStanding: boolean;
  hasOpenChargeOff: boolean;
  /** When this person was last denied (ISO), or null. */
  lastDeniedAt: string | null;
}

export interface DecisionInput {
  ageYears: number;
  monthlyIncomeCents: Cents;
  /** Two-letter state of the applicant's address. */
  state: string;
  /** The state's rule (state rules as data); without it the scoring settings' statesNotServed and caps apply. */
  stateRule?: Pick<StateTerms, 'offered' | 'capMultiplier'>;
  /** Bureau score, or null when the bureau has no score for this person. */
  score: number | null;
  store: StoreFacts;
  previousCustomer?: PreviousCustomerFacts;
  /** The decision time (ISO 8601); the offer expires `offerValidityDays` later. */
  now: string;
}

/** How the approval was reached: kept for staff and for audit, never shown to the shopper. */
export interface DecisionTrace {
  scoreDecile: number | null;
  decileBonus: number;
  incomeBand: number | null;
  matrixCents: Cents;
  storeCapCents: Cents;
  paymentToIncomeCapCents: Cents | null;
  floorCents: Cents;
  settingsVersion: string;
}

export interface Decision {
  code: DecisionCode;
  determination: 'approval' | 'denial';
  score: number | null;
  decile: number | null;
  approvalCents: Cents;
  /** 0 = not offered. */
  offers: Offers;
  reasons: DecisionReason[];
  decidedAt: string | null;
  expiresAt: string | null;
  trace: DecisionTrace | null;
}

export const NO_OFFERS: Offers = Object.freeze({ A: 0, B: 0, C: 0, D: 0 });

const REASON_TEXT: Record<ReasonCode, string> = {
  AGE_UNDER_18: 'You must be 18 years or older',
  STATE_NOT_SERVED: "Sorry, we don't provide leasing services in your state",
  INCOME_BELOW_MINIMUM: 'Income must be over ${min} per month',
  PREVIOUS_CUSTOMER_CHARGE_OFF: 'A previous lease with us has an unpaid balance that was charged off',
  PREVIOUS_CUSTOMER_RECENT_DENIAL: 'You were not approved within the last {days} days',
  NO_SCORE: 'No credit score was available from the consumer reporting agency',
  SCORE_TOO_LOW: 'Your credit score from the consumer reporting agency is below our minimum',
  APPROVAL_BELOW_MINIMUM: 'The amount we could approve is below our minimum lease of ${min}',
  NO_ELIGIBLE_OPTION: 'None of the lease options offered at this store is available for your application',
  PIN_ATTEMPTS_EXCEEDED: 'Too many verification attempts',
};

/** Builds a reason; the English template lives here and, identically, in machines/i18n/decision.ts. */
export function reason(code: ReasonCode, params: Record<string, string | number> = {}): DecisionReason {
  const text = REASON_TEXT[code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
  return { code, key: `decision.reason.${code}`, params, text };
}

export function reasonTemplate(code: ReasonCode): string {
  return REASON_TEXT[code];
}

/** Whole dollars when exact ('1200'), else two decimals ('1200.50'): how limits read inside sentences. */
export function plainDollars(amount: Cents): string {
  return amount % 100 === 0 ? String(amount / 100) : (amount / 100).toFixed(2);
}

const DAY_MS = 86_400_000;

function parseInstant(iso: string, field: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`decide: ${field} is not an ISO date: ${iso}`);
  return ms;
}

export function storeCapCents(store: Pick<StoreFacts, 'isHvac'>, settings: ScoringSettings): Cents {
  return store.isHvac ? settings.caps.hvacCents : settings.caps.merchandiseCents;
}

/** The smallest approval worth offering: the settings' floor, or the store's minimum lease when higher. */
export function floorFor(store: Pick<StoreFacts, 'minApprovalCents'>, settings: ScoringSettings): Cents {
  return Math.max(settings.floorCents, store.minApprovalCents ?? 0);
}

function roundDownTo(amount: Cents, step: Cents): Cents {
  return Math.floor(amount / step) * step;
}

/**
 * The largest cash price whose monthly-equivalent payment on the shortest allowed term stays within
 * `paymentToIncomePercent` of the monthly income. The shortest term has the highest payment, so whatever term the
 * shopper picks later the payment stays affordable. State caps lower the multiplier where they apply.
 */
export function paymentToIncomeCapCents(
  monthlyIncome: Cents,
  decileValue: number,
  state: string,
  settings: ScoringSettings,
  /** The state rule's cap multiplier (null = uncapped); undefined = the settings' cap for `state`. */
  capMultiplier?: number | null,
): Cents {
  const term = allowedTerms(settings)[0] ?? 12;
  const stateCap =
    capMultiplier === undefined ? stateTotalCostCapBasisPoints(state, settings) : capBasisPoints(capMultiplier);
  const multiplier = Math.min(multiplierBasisPoints(decileValue, term, settings), stateCap ?? Infinity);
  const maxMonthlyPayment = Math.floor((monthlyIncome * Math.round(settings.paymentToIncomePercent * 100)) / 10_000);
  return Math.floor((maxMonthlyPayment * term * 10_000) / multiplier);
}

/**
 * Offers per option from the approval (each rounded down to `approvalRoundingCents`; 0 = not offered). An option
 * is offered only where the store enables it (A always) and the decile is inside its `optionDeciles` span:
 * - A, the standard lease: the approval itself.
 * - B (store option B): `bOfferPercent` of the approval, because its only upfront money is the $49.95 initial
 *   payment (no first payment, no extra down), which makes it the riskiest.
 * - C (store option C): the approval; it differs in pricing (the longest allowed term, the lowest payments).
 * - D (store option D): `dOfferPercent` of the approval up to the store cap, because the shopper must put
 *   `dRequiredDownPercent` down: 125% with 20% down leases the same amount as A.
 * An option whose offer falls below the floor is not offered.
 */
export function offersFor(approval: Cents, store: StoreFacts, settings: ScoringSettings, decileValue: number): Offers {
  const step = settings.approvalRoundingCents;
  const floor = floorFor(store, settings);
  const keep = (amount: Cents): Cents => (amount >= floor ? amount : 0);
  const cap = storeCapCents(store, settings);
  const may = (option: LeaseOption, enabled: boolean) => enabled && isOptionEligible(option, decileValue, settings);
  return {
    A: may('A', true) ? approval : 0,
    B: may('B', store.optionBEnabled)
      ? keep(roundDownTo(Math.floor((approval * settings.options.bOfferPercent) / 100), step))
      : 0,
    C: may('C', store.optionCEnabled) ? approval : 0,
    D: may('D', store.optionDEnabled)
      ? keep(roundDownTo(Math.min(cap, Math.floor((approval * settings.options.dOfferPercent) / 100)), step))
      : 0,
  };
}

function knockOuts(input: DecisionInput, settings: ScoringSettings): DecisionReason[] {
  const reasons: DecisionReason[] = [];
  if (input.ageYears < MINIMUM_AGE_YEARS) reasons.push(reason('AGE_UNDER_18'));
  const served = input.stateRule ? input.stateRule.offered : isStateServed(input.state, settings);
  if (!served) reasons.push(reason('STATE_NOT_SERVED', { state: input.state }));
  const minIncome = minimumMonthlyIncomeCents(input.store);
  if (input.monthlyIncomeCents < minIncome) {
    reasons.push(reason('INCOME_BELOW_MINIMUM', { min: plainDollars(minIncome) }));
  }
  const previous = input.previousCustomer;
  if (previous?.isPreviousCustomer && previous.hasOpenChargeOff) reasons.push(reason('PREVIOUS_CUSTOMER_CHARGE_OFF'));
  if (previous?.lastDeniedAt) {
    const days = settings.previousCustomer.recentDenialDays;
    const since = parseInstant(input.now, 'now') - parseInstant(previous.lastDeniedAt, 'lastDeniedAt');
    if (since >= 0 && since < days * DAY_MS) reasons.push(reason('PREVIOUS_CUSTOMER_RECENT_DENIAL', { days }));
  }
  return reasons;
}

/** Decides an application. Every denial lists all knock-outs that apply (an adverse-action notice needs them all). */
export function decide(input: DecisionInput, settings: ScoringSettings): Decision {
  const decidedAtMs = parseInstant(input.now, 'now');
  const decidedAt = new Date(decidedAtMs).toISOString();
  const expiresAt = new Date(decidedAtMs + settings.offerValidityDays * DAY_MS).toISOString();
  const cap = storeCapCents(input.store, settings);
  const floor = floorFor(input.store, settings);
  const trace: DecisionTrace = {
    scoreDecile: input.score === null ? null : decileForScore(input.score, settings),
    decileBonus: 0,
    incomeBand: null,
    matrixCents: 0,
    storeCapCents: cap,
    paymentToIncomeCapCents: null,
    floorCents: floor,
    settingsVersion: settings.version,
  };
  const deny = (reasons: DecisionReason[], decileValue: number | null): Decision => ({
    code: 'D',
    determination: 'denial',
    score: input.score,
    decile: decileValue,
    approvalCents: 0,
    offers: { ...NO_OFFERS },
    reasons,
    decidedAt,
    expiresAt,
    trace,
  });

  const knocked = knockOuts(input, settings);
  if (knocked.length > 0) return deny(knocked, trace.scoreDecile);

  // Score -> decile. A previous customer in good standing has a track record with us that the bureau lacks:
  // a decile bonus, and a modest decile when the bureau has no score at all.
  const goodStanding = Boolean(input.previousCustomer?.isPreviousCustomer && input.previousCustomer.inGoodStanding);
  let decileValue: number | null;
  if (input.score === null) {
    decileValue = goodStanding ? settings.previousCustomer.noScoreDecile : null;
    if (decileValue === null) return deny([reason('NO_SCORE')], null);
  } else {
    if (input.score < settings.minimumScore || trace.scoreDecile === null) {
      return deny([reason('SCORE_TOO_LOW')], trace.scoreDecile);
    }
    decileValue = trace.scoreDecile;
    if (goodStanding) {
      trace.decileBonus = settings.previousCustomer.goodStandingDecileBonus;
      decileValue = Math.min(10, decileValue + trace.decileBonus);
    }
  }

  trace.incomeBand = incomeBandIndex(input.monthlyIncomeCents, settings);
  trace.matrixCents = matrixApprovalCents(decileValue, input.monthlyIncomeCents, settings);
  trace.paymentToIncomeCapCents = paymentToIncomeCapCents(
    input.monthlyIncomeCents,
    decileValue,
    input.state,
    settings,
    input.stateRule?.capMultiplier,
  );
  const approval = roundDownTo(
    Math.min(trace.matrixCents, cap, trace.paymentToIncomeCapCents),
    settings.approvalRoundingCents,
  );
  if (approval < floor) return deny([reason('APPROVAL_BELOW_MINIMUM', { min: plainDollars(floor) })], decileValue);
  const offers = offersFor(approval, input.store, settings, decileValue);
  // A store without the options this decile may have (e.g. decile 2 where option B is off) has nothing to offer.
  if (LEASE_OPTIONS.every((option) => offers[option] === 0)) return deny([reason('NO_ELIGIBLE_OPTION')], decileValue);

  return {
    code: 'A',
    determination: 'approval',
    score: input.score,
    decile: decileValue,
    approvalCents: approval,
    offers,
    reasons: [],
    decidedAt,
    expiresAt,
    trace,
  };
}

/** The denial given when PIN attempts are maxed out (seed 000 section 3): code G, score 0, no offers. */
export function genericDenial(): Decision {
  return {
    code: 'G',
    determination: 'denial',
    score: 0,
    decile: null,
    approvalCents: 0,
    offers: { ...NO_OFFERS },
    reasons: [reason('PIN_ATTEMPTS_EXCEEDED')],
    decidedAt: null,
    expiresAt: null,
    trace: null,
  };
}

/** The highest offer and its option (ties go to the earlier option: A, B, C, D). */
export function highestOffer(offers: Offers): { option: LeaseOption; amountCents: Cents } {
  let best: { option: LeaseOption; amountCents: Cents } = { option: 'A', amountCents: offers.A };
  for (const option of ['B', 'C', 'D'] as const) {
    if (offers[option] > best.amountCents) best = { option, amountCents: offers[option] };
  }
  return best;
}
