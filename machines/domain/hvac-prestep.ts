// The HVAC qualifying questions shown before the application form of an HVAC store (seed 000 sections 2 and 5).
import { MIN_MONTHLY_INCOME_CENTS } from './income.ts';
import { isOneOf } from './one-of.ts';

export const HVAC_HEADLINE = 'Instant Approvals up to $18,000';
export const HVAC_ALL_YES_MESSAGE = 'You need to be able to answer YES to all questions!';
/** The household income threshold the third question names ($2750 a month). */
export const HVAC_HOUSEHOLD_INCOME_CENTS = MIN_MONTHLY_INCOME_CENTS.hvac;

export const HVAC_QUESTIONS = [
  'owns_home_current_mortgage',
  'employed_or_retired_or_disabled',
  'household_income',
  'checking_account',
] as const;
export type HvacQuestion = (typeof HVAC_QUESTIONS)[number];

/** The i18n key of each question's text (machines/i18n/application.ts). */
export const HVAC_QUESTION_KEYS: Record<HvacQuestion, string> = {
  owns_home_current_mortgage: 'application.hvac.question.ownsHome',
  employed_or_retired_or_disabled: 'application.hvac.question.employed',
  household_income: 'application.hvac.question.income',
  checking_account: 'application.hvac.question.checking',
};

export type HvacAnswers = Partial<Record<HvacQuestion, boolean>>;

export const isHvacQuestion = isOneOf<HvacQuestion>(HVAC_QUESTIONS);

/** Continue is enabled as soon as any question has an answer. */
export function hvacCanContinue(answers: HvacAnswers): boolean {
  return HVAC_QUESTIONS.some((q) => typeof answers[q] === 'boolean');
}

/** True only when every question is answered YES. */
export function hvacQualifies(answers: HvacAnswers): boolean {
  return HVAC_QUESTIONS.every((q) => answers[q] === true);
}

export type HvacPrestepResult = { ok: true } | { ok: false; message: string | null };

/** What Continue does: nothing while unanswered (message null), the all-YES message unless all are YES. */
export function evaluateHvacPrestep(answers: HvacAnswers): HvacPrestepResult {
  if (!hvacCanContinue(answers)) return { ok: false, message: null };
  return hvacQualifies(answers) ? { ok: true } : { ok: false, message: HVAC_ALL_YES_MESSAGE };
}
