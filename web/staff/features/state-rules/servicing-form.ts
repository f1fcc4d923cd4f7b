// The servicing terms editor's form (issue 23 item 4): the text the inputs hold, to and from the API's body
// (machines/contracts/servicing-rules.ts), and the one-line summaries of the State Rules table. The server validates:
// what the inputs hold is sent as typed (a number when it reads as one, else the text), so its 422 names the field.
import type {
  LateFeeView,
  ServicingRuleBody,
  ServicingRuleView,
} from '../../../../machines/contracts/servicing-rules.ts';
import { formatCents, parseAmountToCents } from '../../../../machines/domain/money.ts';
import { DEFAULT_LATE_FEE, type TermClass } from '../../../../machines/domain/servicing/state-servicing-rules.ts';

export interface LateFeeForm {
  on: boolean;
  grace: string;
  percent: string;
  flat: string;
  combine: 'lesser' | 'greater';
  minimum: string;
}

export type AfterReturnMode = 'none' | 'days' | 'dueDate' | 'terms';
export const AFTER_RETURN_MODES: readonly AfterReturnMode[] = ['none', 'days', 'dueDate', 'terms'];

export interface ServicingForm {
  weekly: LateFeeForm;
  monthly: LateFeeForm;
  biweeklyClass: TermClass;
  returnFeeAllowed: boolean;
  returnFeeMax: string;
  keepingOn: boolean;
  keepingWeekly: string;
  keepingMonthly: string;
  afterReturn: AfterReturnMode;
  afterReturnCount: string;
  receiptRequired: boolean;
  statute: string;
  isDefault: boolean;
}

/** What a late fee switched on starts from: the code's conservative default. */
const DEFAULT_FEE_FORM: Omit<LateFeeForm, 'on'> = {
  grace: String(DEFAULT_LATE_FEE.fromDaysLate - 1),
  percent: DEFAULT_LATE_FEE.percentBasisPoints === null ? '' : String(DEFAULT_LATE_FEE.percentBasisPoints / 100),
  flat: DEFAULT_LATE_FEE.flatCents === null ? '' : (DEFAULT_LATE_FEE.flatCents / 100).toFixed(2),
  combine: DEFAULT_LATE_FEE.combine,
  minimum: (DEFAULT_LATE_FEE.minimumCents / 100).toFixed(2),
};

const feeForm = (fee: LateFeeView | null): LateFeeForm =>
  fee
    ? {
        on: true,
        grace: String(fee.grace_days),
        percent: fee.percent === null ? '' : String(fee.percent),
        flat: fee.flat ?? '',
        combine: fee.combine,
        minimum: fee.minimum,
      }
    : { on: false, ...DEFAULT_FEE_FORM };

export function servicingFormOf(view: ServicingRuleBody): ServicingForm {
  const r = view.reinstatement;
  const afterReturn: AfterReturnMode =
    r.after_return_lease_terms !== null
      ? 'terms'
      : r.after_return_days === null
        ? 'none'
        : r.after_return_from_due_date
          ? 'dueDate'
          : 'days';
  return {
    weekly: feeForm(view.late_fee.weekly),
    monthly: feeForm(view.late_fee.monthly),
    biweeklyClass: view.biweekly_class,
    returnFeeAllowed: view.return_fee_allowed,
    returnFeeMax: view.return_fee_max,
    keepingOn: r.keeping_goods_days !== null,
    keepingWeekly: String(r.keeping_goods_days?.weekly ?? 7),
    keepingMonthly: String(r.keeping_goods_days?.monthly ?? 5),
    afterReturn,
    afterReturnCount: String(r.after_return_lease_terms ?? r.after_return_days ?? ''),
    receiptRequired: view.receipt_required,
    statute: view.statute,
    isDefault: view.is_default,
  };
}

/** A count or percentage as typed: a number when the text is one, else the text itself (the server says what is wrong). */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  const n = Number(trimmed);
  return trimmed !== '' && Number.isFinite(n) ? n : trimmed;
}
const optionalNumber = (text: string) => (text.trim() === '' ? null : numberOf(text));
const optionalAmount = (text: string) => (text.trim() === '' ? null : text.trim());

const feeBody = (f: LateFeeForm) =>
  f.on
    ? {
        grace_days: numberOf(f.grace),
        percent: optionalNumber(f.percent),
        flat: optionalAmount(f.flat),
        combine: f.combine,
        minimum: f.minimum.trim() === '' ? '0' : f.minimum.trim(),
      }
    : null;

/** The PUT body of the form, with the version the editor read. */
export function servicingBodyOf(f: ServicingForm, v: number) {
  const count = f.afterReturn === 'none' ? null : numberOf(f.afterReturnCount);
  return {
    late_fee: { weekly: feeBody(f.weekly), monthly: feeBody(f.monthly) },
    biweekly_class: f.biweeklyClass,
    return_fee_allowed: f.returnFeeAllowed,
    return_fee_max: f.returnFeeMax.trim(),
    reinstatement: {
      keeping_goods_days: f.keepingOn
        ? { weekly: numberOf(f.keepingWeekly), monthly: numberOf(f.keepingMonthly) }
        : null,
      after_return_days: f.afterReturn === 'days' || f.afterReturn === 'dueDate' ? count : null,
      after_return_from_due_date: f.afterReturn === 'dueDate',
      after_return_lease_terms: f.afterReturn === 'terms' ? count : null,
    },
    receipt_required: f.receiptRequired,
    statute: f.statute,
    is_default: f.isDefault,
    v,
  };
}

/** The input a server error key belongs to (the window after a return has one count input for days or terms). */
export function inputOfError(key: string): string {
  if (key === 'reinstatement.after_return_days' || key === 'reinstatement.after_return_lease_terms')
    return 'reinstatement.after_return_count';
  return key;
}

type T = (key: string, params?: Record<string, string | number>) => string;

const dollars = (decimal: string) => formatCents(parseAmountToCents(decimal) ?? 0);

/** '5% or $5.00 (lesser), at least $2.00; grace 6 days' as the table shows a late fee. */
export function lateFeeSummary(t: T, fee: LateFeeView | null): string {
  if (!fee) return t('servicingRules.ui.noLateFee');
  const parts =
    fee.percent !== null && fee.flat !== null
      ? t('servicingRules.ui.fee.both', {
          combine: t(`servicingRules.ui.fee.${fee.combine}`),
          percent: fee.percent,
          flat: dollars(fee.flat),
        })
      : fee.percent !== null
        ? t('servicingRules.ui.fee.percent', { percent: fee.percent })
        : dollars(fee.flat ?? '0');
  const minimum = parseAmountToCents(fee.minimum)
    ? `, ${t('servicingRules.ui.fee.minimum', { amount: dollars(fee.minimum) })}`
    : '';
  return `${parts}${minimum}; ${t('servicingRules.ui.fee.grace', { days: fee.grace_days })}`;
}

/** The reinstatement right in two lines: while keeping the goods, and after a return. */
export function reinstatementSummary(t: T, view: ServicingRuleView): [string, string] {
  const r = view.reinstatement;
  const keeping = r.keeping_goods_days
    ? t('servicingRules.ui.keeping', { weekly: r.keeping_goods_days.weekly, monthly: r.keeping_goods_days.monthly })
    : t('servicingRules.ui.keepingNone');
  const after =
    r.after_return_lease_terms !== null
      ? t('servicingRules.ui.afterReturnTerms', { terms: r.after_return_lease_terms })
      : r.after_return_days === null
        ? t('servicingRules.ui.afterReturnNone')
        : r.after_return_from_due_date
          ? t('servicingRules.ui.afterDueDays', { days: r.after_return_days })
          : t('servicingRules.ui.afterReturnDays', { days: r.after_return_days });
  return [keeping, after];
}

export const returnFeeSummary = (t: T, view: ServicingRuleView): string =>
  view.return_fee_allowed
    ? t('servicingRules.ui.returnFeeUpTo', { amount: dollars(view.return_fee_max) })
    : t('servicingRules.ui.returnFeeNone');
