import { decision as decisionMessages } from '../i18n/decision.ts';
import type { Lang } from '../i18n/types.ts';
import { type Decision, type DecisionCode, type Offers } from './decision.ts';
import { centsToDecimal, formatCents } from './money.ts';
import { LEASE_OPTIONS, type LeaseOption, type ScoringSettings } from './scoring-settings.ts';

// The application result of seed 000 section 3, built from a decision.
//
// Choice: texts are built as i18n references ({ key, params }) and stored that way, so one stored result can be
// shown in English or Spanish (the shopper may switch language on the result screen). `renderResult(result, lang)`
// turns the references into the seed's plain strings for an API answer or a screen.

export interface TextRef {
  key: string;
  params: Record<string, string | number>;
}

export interface ResultOption<T> {
  option: LeaseOption;
  label: T;
  /** Two decimals ('1500.00'); the page formats it. */
  amount: string;
  note?: T;
}

export interface ResultMessage<T> {
  name: string;
  title: T;
  sub_title1: T | null;
  sub_title2: T | null;
  sub_title3: T | null;
  sub_title4: T | null;
  options: ResultOption<T>[];
}

export interface ApplicationResult<T = TextRef> {
  code: DecisionCode;
  message: ResultMessage<T>;
  /** '0.00' = not offered. */
  offerAmounts: Record<LeaseOption, string>;
  score: number;
  /** The decile the payment calculator prices with (sent back as `decile` to POST /api/v1/score/payments). */
  decile: number | null;
  payroll: { is_eligible: boolean; type: 'async' };
  /** The first reason code of a denial (the full list stays on the decision), null when approved. */
  reason: string | null;
  step: number | string | null;
  expiresAt: string | null;
  /** A denial: every reason code, in order (machines/domain/adverse-action.ts). */
  reasons?: string[];
  /** A denial: the adverse-action notice (open it with the apply token, `lang` en or es). */
  adverse_action_url?: string;
}

export interface ResultContext {
  firstName: string;
  /** The brand's customer service number shown in the texts. */
  brandPhone: string;
  storeName: string;
  isHvac?: boolean;
  /** Whether the payroll-deduction affordability check is available (default true). */
  payrollEnabled?: boolean;
  step?: number | string | null;
  /** For the option notes (B's initial payment, C's term, D's down share). */
  settings?: Pick<ScoringSettings, 'options' | 'leaseTerms'>;
}

const ref = (key: string, params: Record<string, string | number> = {}): TextRef => ({ key, params });

/** MM/DD/YYYY (the seed's date format) of an ISO timestamp's UTC date. */
export function formatUsDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

export function offerAmountsOf(offers: Offers): Record<LeaseOption, string> {
  return {
    A: centsToDecimal(offers.A),
    B: centsToDecimal(offers.B),
    C: centsToDecimal(offers.C),
    D: centsToDecimal(offers.D),
  };
}

function optionRows(decision: Decision, ctx: ResultContext): ResultOption<TextRef>[] {
  const settings = ctx.settings;
  const longestTerm = settings ? Math.max(...settings.leaseTerms.map((t) => t.months)) : null;
  const notes: Partial<Record<LeaseOption, TextRef>> = {};
  if (settings) {
    notes.B = ref('result.option.B.note', { initial: formatCents(settings.options.bInitialPaymentCents) });
    notes.D = ref('result.option.D.note', { percent: settings.options.dRequiredDownPercent });
    if (longestTerm !== null) notes.C = ref('result.option.C.note', { term: longestTerm });
  }
  return LEASE_OPTIONS.filter((option) => decision.offers[option] > 0).map((option) => {
    const note = notes[option];
    return {
      option,
      label: ref(`result.option.${option}`),
      amount: centsToDecimal(decision.offers[option]),
      ...(note ? { note } : {}),
    };
  });
}

/** Builds the stored result of a decision (texts as references; see `renderResult`). */
export function buildResult(decision: Decision, ctx: ResultContext): ApplicationResult<TextRef> {
  const approved = decision.code === 'A';
  const storeCap = decision.trace?.storeCapCents ?? 0;
  const highest = Math.max(...LEASE_OPTIONS.map((option) => decision.offers[option]));
  let message: ResultMessage<TextRef>;
  if (approved) {
    const days =
      decision.decidedAt && decision.expiresAt
        ? Math.round((Date.parse(decision.expiresAt) - Date.parse(decision.decidedAt)) / 86_400_000)
        : 0;
    message = {
      name: ctx.firstName,
      title: ref('result.approved.title', { name: ctx.firstName }),
      sub_title1: ref('result.approved.subTitle1', { amount: formatCents(highest) }),
      sub_title2: decision.expiresAt
        ? ref('result.approved.subTitle2', { days, date: formatUsDate(decision.expiresAt) })
        : null,
      sub_title3: ref(ctx.isHvac ? 'result.approved.subTitle3.hvac' : 'result.approved.subTitle3', {
        store: ctx.storeName,
      }),
      sub_title4: ref('result.approved.subTitle4', { number: ctx.brandPhone }),
      options: optionRows(decision, ctx),
    };
  } else {
    // The shopper is told that a notice with the reasons follows; only "not served in your state" is said here,
    // because nothing the shopper could change would help.
    const notServed = decision.reasons.find((r) => r.code === 'STATE_NOT_SERVED');
    message = {
      name: ctx.firstName,
      title: ref('result.denied.title', { name: ctx.firstName }),
      sub_title1: ref('result.denied.subTitle1', { number: ctx.brandPhone }),
      sub_title2: notServed
        ? ref(notServed.key, notServed.params)
        : decision.code === 'D'
          ? ref('result.denied.subTitle2')
          : null,
      sub_title3: null,
      sub_title4: null,
      options: [],
    };
  }
  return {
    code: decision.code,
    message,
    offerAmounts: offerAmountsOf(decision.offers),
    score: decision.score ?? 0,
    decile: decision.decile,
    // Payroll deduction can only raise an approval that is not already at the store's cap.
    payroll: {
      is_eligible: approved && ctx.payrollEnabled !== false && decision.approvalCents < storeCap,
      type: 'async',
    },
    reason: decision.reasons[0]?.code ?? null,
    step: ctx.step ?? null,
    expiresAt: decision.expiresAt,
  };
}

/** Fills a reference from the decision area (unknown keys pass through as given, like `translate`). */
export function renderText(text: TextRef, lang: Lang): string {
  const template = decisionMessages[lang][text.key] ?? decisionMessages.en[text.key] ?? text.key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in text.params ? String(text.params[name]) : whole,
  );
}

/** The result with every text filled in `lang`: the seed's plain-string shape. */
export function renderResult(result: ApplicationResult<TextRef>, lang: Lang): ApplicationResult<string> {
  const r = (t: TextRef | null): string | null => (t ? renderText(t, lang) : null);
  const m = result.message;
  return {
    ...result,
    message: {
      name: m.name,
      title: renderText(m.title, lang),
      sub_title1: r(m.sub_title1),
      sub_title2: r(m.sub_title2),
      sub_title3: r(m.sub_title3),
      sub_title4: r(m.sub_title4),
      options: m.options.map((o) => ({
        option: o.option,
        label: renderText(o.label, lang),
        amount: o.amount,
        ...(o.note ? { note: renderText(o.note, lang) } : {}),
      })),
    },
  };
}
