import type { StateCode } from '../state-rules.ts';
import { STATE_CODES } from '../state-rules.ts';
import type { Cents } from '../money.ts';
import { roundCents } from '../money.ts';
import { addDays, type ScheduleFrequency } from '../payment-frequency.ts';

// Servicing rules that differ by state, as data (issue 22; like State Rules, machines/domain/state-rules.ts): the late
// fee cap and grace, whether a returned-payment fee may be charged, the reinstatement right and its windows, and
// whether a receipt must be given for each payment. One row per state, each naming its statute; a row we could not
// check against a statute says so (`isDefault: true`) and carries the conservative default below. These are the
// defaults: staff edit a state's row in State Rules (issue 23; functions/services/servicing/servicing-rules.ts reads
// the row in force); the pure functions here read a row and never a state code.
//
// Checked statutes (text read, issue 22): NY Pers. Prop. Law 501(3)(e) and (4); Cal. Civ. Code 1812.626 and
// 1812.631; W. Va. Code 46B-3-9; Alaska Stat. 45.35.030; Ind. Code 24-7-5-5; Ala. Code 8-25-4; Mont. Code 30-19-112;
// Tenn. Code 47-18-607. Where a statute says "greater of" (NY) we charge no more than it allows; that is the
// statute's own ceiling, and no fee is ever above what the contract states.

/** Terms of a payment: 'weekly' for weekly payments; 'monthly' for every longer interval unless the row says otherwise. */
export type TermClass = 'weekly' | 'monthly';

export interface LateFeeTerms {
  /** The first day late (counted from the collection date) on which a fee may be charged. */
  fromDaysLate: number;
  /** Percentage of the late payment, in basis points (500 = 5%); null: no percentage part. */
  percentBasisPoints: number | null;
  /** Fixed amount; null: no fixed part. */
  flatCents: Cents | null;
  /** With both parts: the lesser or the greater of them is the cap. */
  combine: 'lesser' | 'greater';
  /** A floor the statute allows even when the formula gives less (CA: $2); 0 when none. */
  minimumCents: Cents;
}

export interface ReinstatementTerms {
  /** While the lessee keeps the goods: days after the missed payment's due date to reinstate by paying what is past due. */
  keepingGoodsDays: Record<TermClass, number> | null;
  /** After the goods are returned: days after the return (or after the missed due date, `fromDueDate`). */
  afterReturnDays: number | null;
  /** Counted from the missed payment's due date rather than the return (CA: a year after the due date). */
  afterReturnFromDueDate: boolean;
  /** Or a window in lease terms (payment periods) after the return (RI: three lease terms); null when in days. */
  afterReturnLeaseTerms: number | null;
}

export interface ServicingStateRule {
  state: StateCode;
  /** Late fee by term class; null = no late fee may be charged. */
  lateFee: Record<TermClass, LateFeeTerms | null>;
  /** Which class a 14-day (bi-weekly) schedule belongs to (Indiana groups it with weekly). */
  biweeklyClass: TermClass;
  /** One late fee per delinquent payment (every row says true: the rule). */
  oneLateFeePerDelinquency: true;
  /** A returned-payment (NSF) fee may be charged, when notice was given. */
  returnFeeAllowed: boolean;
  returnFeeMaxCents: Cents;
  reinstatement: ReinstatementTerms;
  /** A receipt stating the amount paid, the amount due and what remains to ownership must be given for each payment. */
  receiptRequired: boolean;
  /** The statute(s) the row follows, or where it is a default the act it should be checked against. */
  statute: string;
  /** The row is our conservative default, not a checked statute. */
  isDefault: boolean;
}

const terms = (
  fromDaysLate: number,
  percentBasisPoints: number | null,
  flatCents: Cents | null,
  combine: 'lesser' | 'greater' = 'lesser',
  minimumCents: Cents = 0,
): LateFeeTerms => ({ fromDaysLate, percentBasisPoints, flatCents, combine, minimumCents });

/**
 * The default for a state without a checked row: the strictest of the checked caps (the lesser of 5% or $5), from
 * the 10th day late (later than any checked grace), a $15 return fee, reinstatement within 5 days (7 weekly) while
 * keeping the goods and 30 days after a return, and a receipt for every payment.
 */
export const DEFAULT_LATE_FEE = terms(10, 500, 500);
export const DEFAULT_RETURN_FEE_CENTS = 1_500;

function defaultRule(state: StateCode): ServicingStateRule {
  return {
    state,
    lateFee: { weekly: DEFAULT_LATE_FEE, monthly: DEFAULT_LATE_FEE },
    biweeklyClass: 'monthly',
    oneLateFeePerDelinquency: true,
    returnFeeAllowed: true,
    returnFeeMaxCents: DEFAULT_RETURN_FEE_CENTS,
    reinstatement: {
      keepingGoodsDays: { weekly: 7, monthly: 5 },
      afterReturnDays: 30,
      afterReturnFromDueDate: false,
      afterReturnLeaseTerms: null,
    },
    receiptRequired: true,
    statute: `default: check the state's rental-purchase act (${state})`,
    isDefault: true,
  };
}

type RowOverride = Omit<Partial<ServicingStateRule>, 'state' | 'reinstatement'> & {
  reinstatement?: Partial<ReinstatementTerms>;
};

const CHECKED: Partial<Record<StateCode, RowOverride>> = {
  NY: {
    // Greater of 10% or $3 (weekly, more than 3 days late) / $5 (monthly, more than 7 days late); one charge per
    // delinquency (PPL 501(3)(e), 501(4)).
    lateFee: { weekly: terms(4, 1_000, 300, 'greater'), monthly: terms(8, 1_000, 500, 'greater') },
    statute: 'N.Y. Pers. Prop. Law 501(3)(e), 501(4)',
    isDefault: false,
  },
  CA: {
    // Lesser of 5% or $5, at least $2; not before 3 days late (weekly) or 7 days (longer intervals) (1812.626).
    lateFee: { weekly: terms(3, 500, 500, 'lesser', 200), monthly: terms(7, 500, 500, 'lesser', 200) },
    // Reinstatement: by the 7th (weekly) or 10th day after the missed due date keeping the goods, within a year of
    // that due date after returning them (1812.631).
    reinstatement: {
      keepingGoodsDays: { weekly: 7, monthly: 10 },
      afterReturnDays: 365,
      afterReturnFromDueDate: true,
      afterReturnLeaseTerms: null,
    },
    statute: 'Cal. Civ. Code 1812.626, 1812.631 (Karnette Rental-Purchase Act)',
    isDefault: false,
  },
  WV: {
    // Lesser of 5% or $15; weekly from 3 days late, otherwise 5; one late charge per payment (46B-3-9(c)).
    lateFee: { weekly: terms(3, 500, 1_500), monthly: terms(5, 500, 1_500) },
    statute: 'W. Va. Code 46B-3-9',
    isDefault: false,
  },
  AK: {
    // At most $5 for each late payment (45.35.030); the statute sets no grace: the default grace applies.
    lateFee: { weekly: terms(10, null, 500), monthly: terms(10, null, 500) },
    statute: 'Alaska Stat. 45.35.030 (grace: default)',
    isDefault: false,
  },
  IN: {
    // Monthly: $8 when not paid within 5 days; weekly or bi-weekly: within 2 days, $3 for a payment of $20 or less
    // and $5 above; we charge $3 on every weekly-class payment, never above the statute (24-7-5-5).
    lateFee: { weekly: terms(3, null, 300), monthly: terms(6, null, 800) },
    biweeklyClass: 'weekly',
    statute: 'Ind. Code 24-7-5-5',
    isDefault: false,
  },
  AL: {
    reinstatement: { keepingGoodsDays: { weekly: 2, monthly: 5 }, afterReturnDays: 30 },
    statute: 'Ala. Code 8-25-4 (late fee: default)',
    isDefault: false,
  },
  TN: {
    reinstatement: { keepingGoodsDays: { weekly: 2, monthly: 5 } },
    statute: 'Tenn. Code 47-18-607 (late fee: default)',
    isDefault: false,
  },
  MT: {
    reinstatement: { keepingGoodsDays: { weekly: 2, monthly: 5 }, afterReturnDays: 21 },
    statute: 'Mont. Code 30-19-112 (late fee: default)',
    isDefault: false,
  },
  RI: {
    // Reinstatement within three lease terms after a return.
    reinstatement: { afterReturnDays: null, afterReturnLeaseTerms: 3 },
    statute: 'R.I. Gen. Laws 6-44 (late fee: default)',
    isDefault: true,
  },
  MD: {
    // A receipt for each payment stating the amount paid, the amount due and what remains to ownership.
    receiptRequired: true,
    statute: 'Md. Com. Law 12-1101 et seq. (late fee: default)',
    isDefault: true,
  },
};

/** The code's row of a state (what applies until staff save one in State Rules). */
export function servicingRuleFor(state: string): ServicingStateRule {
  const code = (STATE_CODES as readonly string[]).includes(state) ? (state as StateCode) : undefined;
  const base = defaultRule(code ?? 'NY');
  if (!code) return { ...base, state: state as StateCode };
  const row = CHECKED[code];
  if (!row) return base;
  return { ...base, ...row, reinstatement: { ...base.reinstatement, ...row.reinstatement } };
}

/** Every state's code row (the defaults). */
export const SERVICING_STATE_RULES: readonly ServicingStateRule[] = STATE_CODES.map((s) => servicingRuleFor(s));

export function termClassOf(frequency: ScheduleFrequency, rule: Pick<ServicingStateRule, 'biweeklyClass'>): TermClass {
  if (frequency === 'weekly') return 'weekly';
  if (frequency === '14-day') return rule.biweeklyClass;
  return 'monthly';
}

/** The most a late fee may be for a late payment of `paymentCents` under these terms. */
export function lateFeeCapCents(t: LateFeeTerms, paymentCents: Cents): Cents {
  const percent = t.percentBasisPoints === null ? null : roundCents((paymentCents * t.percentBasisPoints) / 10_000);
  const parts = [percent, t.flatCents].filter((x): x is number => x !== null);
  if (parts.length === 0) return 0;
  const formula = t.combine === 'lesser' ? Math.min(...parts) : Math.max(...parts);
  return Math.max(formula, t.minimumCents);
}

export interface LateFeeFacts {
  rule: ServicingStateRule;
  frequency: ScheduleFrequency;
  /** The late installment's amount (the payment the percentage applies to). */
  paymentCents: Cents;
  /** Days late, counted from the collection date. */
  daysLate: number;
  /** A late fee was already charged for this installment (one per delinquency). */
  alreadyCharged: boolean;
  /** The contract's late fee; the charge never exceeds it. */
  contractFeeCents: Cents;
}

/** The late fee to charge today for one installment, or 0 when none may be. */
export function lateFeeDue(f: LateFeeFacts): Cents {
  if (f.alreadyCharged || f.daysLate <= 0) return 0;
  const t = f.rule.lateFee[termClassOf(f.frequency, f.rule)];
  if (!t || f.daysLate < t.fromDaysLate) return 0;
  return Math.min(f.contractFeeCents, lateFeeCapCents(t, f.paymentCents));
}

export interface ReinstatementFacts {
  rule: ServicingStateRule;
  frequency: ScheduleFrequency;
  today: string;
  /** The due date of the payment in default. */
  missedDueDate: string;
  /** The date the goods were returned; null while the lessee keeps them. */
  returnedOn: string | null;
  /** Days in one lease term (payment period), for a window in lease terms. */
  periodDays: number;
}

/** The last day the lessee may reinstate, or null when the state gives no such right in this situation. */
export function reinstatementDeadline(f: ReinstatementFacts): string | null {
  const r = f.rule.reinstatement;
  if (f.returnedOn === null) {
    if (!r.keepingGoodsDays) return null;
    return addDays(f.missedDueDate, r.keepingGoodsDays[termClassOf(f.frequency, f.rule)]);
  }
  if (r.afterReturnLeaseTerms !== null) return addDays(f.returnedOn, r.afterReturnLeaseTerms * f.periodDays);
  if (r.afterReturnDays === null) return null;
  return addDays(r.afterReturnFromDueDate ? f.missedDueDate : f.returnedOn, r.afterReturnDays);
}

export const reinstatementOpen = (f: ReinstatementFacts): boolean => {
  const deadline = reinstatementDeadline(f);
  return deadline !== null && f.today <= deadline;
};
