import * as z from 'zod/mini';
import { centsToDecimal, parseAmountToCents, type Cents } from '../domain/money.ts';
import type { StateCode } from '../domain/state-rules.ts';
import type { LateFeeTerms, ServicingStateRule, TermClass } from '../domain/servicing/state-servicing-rules.ts';

// The servicing part of State Rules (issue 23 item 4): per state, the late fee by term class, the class of a bi-weekly
// schedule, the returned-payment fee, the reinstatement right, the receipt and the statute the row follows. Staff read
// it with the state rules (GET /staff/api/state-rules, GET /staff/api/state-rules/{state}/servicing) and edit it
// (PUT /staff/api/state-rules/{state}/servicing). On the wire: percentages as a number with at most 2 decimals,
// amounts as decimal dollars, grace in days; in the domain row: basis points, cents and the first day late.
// Messages are i18n keys of machines/i18n/servicing-rules.ts.

export const GRACE_DAYS_MAX = 60;
export const KEEPING_GOODS_DAYS_MAX = 60;
export const AFTER_RETURN_DAYS_MAX = 730;
export const AFTER_RETURN_LEASE_TERMS_MAX = 12;
/** No state's late or return fee comes near this; it only keeps a typo of a few digits out. */
export const SERVICING_AMOUNT_MAX_CENTS = 100_000;
export const STATUTE_MAX = 300;

export interface LateFeeView {
  /** Days late on which no fee is charged: the fee may be charged from day grace_days + 1. */
  grace_days: number;
  /** Percentage of the late payment (5.5 = 5.5%); null: no percentage part. */
  percent: number | null;
  /** Fixed amount in dollars ('5.00'); null: no fixed part. */
  flat: string | null;
  combine: 'lesser' | 'greater';
  /** A floor the statute allows even when the formula gives less, in dollars. */
  minimum: string;
}

export interface ServicingRuleBody {
  late_fee: Record<TermClass, LateFeeView | null>;
  biweekly_class: TermClass;
  return_fee_allowed: boolean;
  return_fee_max: string;
  reinstatement: {
    keeping_goods_days: Record<TermClass, number> | null;
    after_return_days: number | null;
    after_return_from_due_date: boolean;
    after_return_lease_terms: number | null;
  };
  receipt_required: boolean;
  statute: string;
  /** The row is a conservative default nobody checked against the statute. */
  is_default: boolean;
}

/** A state's servicing rule as staff read it, with its version (0: never saved, the code's default row). */
export interface ServicingRuleView extends ServicingRuleBody {
  state: StateCode;
  v: number;
  updated_at: string | null;
  updated_by: string | null;
}

// ---------- request schema ----------

const days = (max: number) =>
  z
    .int('servicingRules.validation.days')
    .check(z.minimum(0, 'servicingRules.validation.days'), z.maximum(max, 'servicingRules.validation.days'));

/** A percentage from 0 to 100 with at most 2 decimals, as basis points (5.25 -> 525). */
const percent = z.pipe(
  z
    .number('servicingRules.validation.percent')
    .check(
      z.refine(
        (p) => Number.isFinite(p) && p >= 0 && p <= 100 && /^\d{1,3}(\.\d{1,2})?$/.test(String(p)),
        'servicingRules.validation.percent',
      ),
    ),
  z.transform((p: number) => Math.round(p * 100)),
);

/** Decimal dollars ('5.00', 5, '$5') to cents, at most SERVICING_AMOUNT_MAX_CENTS. */
const amount = z.pipe(
  z.union([z.string(), z.number()], { error: 'servicingRules.validation.amount' }).check(
    z.refine((v) => {
      const cents = parseAmountToCents(v);
      return cents !== undefined && cents <= SERVICING_AMOUNT_MAX_CENTS;
    }, 'servicingRules.validation.amount'),
  ),
  z.transform((v: string | number): Cents => parseAmountToCents(v)!),
);

const bool = z.boolean('servicingRules.validation.boolean');
const termClass = z.enum(['weekly', 'monthly'], 'servicingRules.validation.termClass');

const lateFee = z
  .object({
    grace_days: days(GRACE_DAYS_MAX),
    percent: z.nullable(percent),
    flat: z.nullable(amount),
    combine: z.enum(['lesser', 'greater'], 'servicingRules.validation.combine'),
    minimum: amount,
  })
  .check(
    // A fee with neither part would be a fee of 0: "no late fee" is said with null, so the row reads as meant.
    z.refine((t) => t.percent !== null || t.flat !== null, {
      message: 'servicingRules.validation.lateFeeParts',
      path: ['percent'],
    }),
  );

/** Control characters and lone surrogates: a statute is one line of text that reads the same when stored. */
const UNSAFE_TEXT = /[\p{Cc}\p{Cs}]/u;

export const servicingRuleUpdateSchema = z
  .object({
    late_fee: z.object({ weekly: z.nullable(lateFee), monthly: z.nullable(lateFee) }),
    biweekly_class: termClass,
    return_fee_allowed: bool,
    return_fee_max: amount,
    reinstatement: z.object({
      keeping_goods_days: z.nullable(
        z.object({ weekly: days(KEEPING_GOODS_DAYS_MAX), monthly: days(KEEPING_GOODS_DAYS_MAX) }),
      ),
      after_return_days: z.nullable(days(AFTER_RETURN_DAYS_MAX)),
      after_return_from_due_date: bool,
      after_return_lease_terms: z.nullable(
        z
          .int('servicingRules.validation.leaseTerms')
          .check(
            z.minimum(1, 'servicingRules.validation.leaseTerms'),
            z.maximum(AFTER_RETURN_LEASE_TERMS_MAX, 'servicingRules.validation.leaseTerms'),
          ),
      ),
    }),
    receipt_required: bool,
    statute: z.string('servicingRules.validation.statute').check(
      z.trim(),
      z.minLength(1, 'servicingRules.validation.statute'),
      z.maxLength(STATUTE_MAX, 'servicingRules.validation.statuteLong'),
      z.refine((s) => !UNSAFE_TEXT.test(s), 'servicingRules.validation.statuteChars'),
    ),
    is_default: bool,
    v: z.optional(z.int().check(z.minimum(0))),
  })
  .check(
    // The window after a return is in days or in lease terms, not both (the domain row would read only the terms).
    z.refine((b) => b.reinstatement.after_return_days === null || b.reinstatement.after_return_lease_terms === null, {
      message: 'servicingRules.validation.afterReturnOne',
      path: ['reinstatement', 'after_return_lease_terms'],
    }),
  );
export type ServicingRuleUpdate = z.infer<typeof servicingRuleUpdateSchema>;

// ---------- conversions between the wire and the domain row ----------

const toTerms = (t: z.infer<typeof lateFee> | null): LateFeeTerms | null =>
  t === null
    ? null
    : {
        fromDaysLate: t.grace_days + 1,
        percentBasisPoints: t.percent,
        flatCents: t.flat,
        combine: t.combine,
        minimumCents: t.minimum,
      };

/** The domain row of a validated update. */
export function servicingRuleOf(state: StateCode, body: ServicingRuleUpdate): ServicingStateRule {
  const r = body.reinstatement;
  return {
    state,
    lateFee: { weekly: toTerms(body.late_fee.weekly), monthly: toTerms(body.late_fee.monthly) },
    biweeklyClass: body.biweekly_class,
    oneLateFeePerDelinquency: true,
    returnFeeAllowed: body.return_fee_allowed,
    returnFeeMaxCents: body.return_fee_max,
    reinstatement: {
      keepingGoodsDays: r.keeping_goods_days,
      afterReturnDays: r.after_return_days,
      afterReturnFromDueDate: r.after_return_from_due_date,
      afterReturnLeaseTerms: r.after_return_lease_terms,
    },
    receiptRequired: body.receipt_required,
    statute: body.statute,
    isDefault: body.is_default,
  };
}

const termsView = (t: LateFeeTerms | null): LateFeeView | null =>
  t === null
    ? null
    : {
        grace_days: Math.max(0, t.fromDaysLate - 1),
        percent: t.percentBasisPoints === null ? null : t.percentBasisPoints / 100,
        flat: t.flatCents === null ? null : centsToDecimal(t.flatCents),
        combine: t.combine,
        minimum: centsToDecimal(t.minimumCents),
      };

/** The wire form of a domain row (what the update takes back unchanged). */
export function servicingRuleBody(rule: ServicingStateRule): ServicingRuleBody {
  const r = rule.reinstatement;
  return {
    late_fee: { weekly: termsView(rule.lateFee.weekly), monthly: termsView(rule.lateFee.monthly) },
    biweekly_class: rule.biweeklyClass,
    return_fee_allowed: rule.returnFeeAllowed,
    return_fee_max: centsToDecimal(rule.returnFeeMaxCents),
    reinstatement: {
      keeping_goods_days: r.keepingGoodsDays ? { ...r.keepingGoodsDays } : null,
      after_return_days: r.afterReturnDays,
      after_return_from_due_date: r.afterReturnFromDueDate,
      after_return_lease_terms: r.afterReturnLeaseTerms,
    },
    receipt_required: rule.receiptRequired,
    statute: rule.statute,
    is_default: rule.isDefault,
  };
}
