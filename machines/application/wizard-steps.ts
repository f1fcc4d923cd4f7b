// The wizard's steps and what it knows of them, as pure data and functions: which steps there are, what each saves,
// whether it applies to this application, how its values enter the draft and are validated. The machine
// (wizard.machine.ts) and the page (web/shopper/application/Wizard.tsx) both read them.
import {
  validateApplicationRequest,
  withConcealedStandIns,
  type ApplicationDraft,
  type ApplicationRequestBody,
  type ApplicationSection,
} from '../contracts/application.ts';
import type { FieldErrors } from '../contracts/envelope.ts';
import { isSameSsn } from '../domain/application-fields.ts';
import { APPLICATION_MESSAGES } from '../domain/application-messages.ts';
import {
  asksHomeOwnership,
  rulesFor,
  type ApplicationStoreFlags,
  type IncomeInput,
} from '../domain/application-schema.ts';
import type { HvacAnswers, HvacQuestion } from '../domain/hvac-prestep.ts';
import { sectionSaveBody } from './application-flow.ts';
import { isOneOf } from '../domain/one-of.ts';

/** The form steps after the applicant's details (the applicant's identity check may come between). */
const FORM_STEPS_AFTER_APPLICANT_INFO = [
  'applicantAddress',
  'hvacHomeOwnership',
  'income',
  'banking',
  'coApplicantQuestion',
  'coApplicantInfo',
  'coApplicantIncome',
] as const;

/** Steps that save a section of the application. */
export const FORM_STEPS = ['applicantInfo', ...FORM_STEPS_AFTER_APPLICANT_INFO] as const;
export type FormStep = (typeof FORM_STEPS)[number];

export const WIZARD_STEPS = [
  'hvacPrestep',
  'productSelection',
  'applicantInfo',
  'identityCheckApplicant',
  ...FORM_STEPS_AFTER_APPLICANT_INFO,
  'confirmation',
  'identityCheckConfirmation',
  'verification',
  'submitting',
  'completed',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The section(s) each form step saves. */
export const STEP_SECTIONS: Record<FormStep, ApplicationSection[]> = {
  applicantInfo: ['applicant'],
  applicantAddress: ['location'],
  hvacHomeOwnership: ['home_ownership'],
  income: ['incomes'],
  banking: ['banking'],
  coApplicantQuestion: ['has_co_applicant'],
  coApplicantInfo: ['co_applicant'],
  coApplicantIncome: ['co_applicant_incomes'],
};

export const isFormStep = isOneOf<FormStep>(FORM_STEPS);

export interface WizardContext {
  store: ApplicationStoreFlags;
  today: string;
  uuid: string | null;
  draft: ApplicationDraft;
  hvacAnswers: HvacAnswers;
  identityCompleted: boolean;
  verified: boolean;
  coApplicantSaved: boolean;
  resumeAtConfirmation: boolean;
  /** The step was opened with Edit from confirmation: after it, return to confirmation. */
  editing: boolean;
  fieldErrors: FieldErrors;
  /** A step-level message (an i18n key or a text): save failure, HVAC all-YES, product required, submit failure. */
  error: string | null;
  result: unknown;
}

export type WizardEvent =
  | { type: 'step.next'; data?: unknown }
  | { type: 'step.back' }
  | { type: 'step.skip' }
  | { type: 'step.edit'; step: FormStep }
  | { type: 'hvac.answer'; question: HvacQuestion; answer: boolean }
  | { type: 'product.select'; product: string }
  | { type: 'coapplicant.answer'; value: boolean }
  | { type: 'coapplicant.remove.confirm' }
  | { type: 'coapplicant.remove.cancel' }
  | { type: 'income.add' }
  | { type: 'income.remove' }
  | { type: 'income.remove.confirm' }
  | { type: 'income.remove.cancel' }
  | { type: 'save.retry' }
  | { type: 'identity.completed' }
  | { type: 'confirm.submit' }
  | { type: 'verification.completed' };

export interface Who {
  who: 'applicant' | 'co_applicant';
}

// ---------------------------------------------------------------------------------------------------------------
// Pure helpers (also used by the page to show the progress).

/** The draft with a step's submitted values put in place. */
export function applyStepData(draft: ApplicationDraft, step: FormStep, data: unknown): ApplicationDraft {
  if (data === undefined) return draft;
  switch (step) {
    case 'applicantInfo':
      return { ...draft, applicant: data as ApplicationDraft['applicant'] };
    case 'applicantAddress':
      return { ...draft, location: data as ApplicationDraft['location'] };
    case 'hvacHomeOwnership':
      return { ...draft, home_ownership: data as ApplicationDraft['home_ownership'] };
    case 'income':
      return { ...draft, incomes: data as IncomeInput[] };
    case 'banking':
      return { ...draft, banking: data };
    case 'coApplicantQuestion':
      return draft;
    case 'coApplicantInfo':
      return {
        ...draft,
        co_applicant: { ...(data as object), incomes: draft.co_applicant?.incomes },
      };
    case 'coApplicantIncome':
      return {
        ...draft,
        co_applicant: {
          ...(draft.co_applicant ?? {}),
          incomes: data as IncomeInput[],
        },
      };
  }
}

/** The body that saves a step. */
export function stepSaveBody(context: Pick<WizardContext, 'uuid' | 'draft'>, step: FormStep): ApplicationRequestBody {
  return sectionSaveBody(STEP_SECTIONS[step], context.draft, context.uuid);
}

/** Field errors of a step's values (null when valid): the same validation the server runs. */
export function stepErrors(
  context: Pick<WizardContext, 'uuid' | 'draft' | 'store' | 'today'>,
  step: FormStep,
): FieldErrors | null {
  // concealed values loaded back from the server count as valid (see withConcealedStandIns)
  const checked = { ...context, draft: withConcealedStandIns(context.draft) };
  const result = validateApplicationRequest(stepSaveBody(checked, step), rulesFor(context.store, context.today));
  const errors = result.success ? null : result.errors;
  // The step saves the co-applicant alone; the applicant's SSN, typed earlier in this page, is in the draft.
  if (
    step === 'coApplicantInfo' &&
    isSameSsn(context.draft.applicant?.social_security_number, context.draft.co_applicant?.social_security_number)
  )
    return { ...errors, 'co_applicant.social_security_number': [APPLICATION_MESSAGES.sameSsn] };
  return errors;
}

/** Whether a step is part of this application (store flags, co-applicant answer, identity-check position). */
export function stepApplies(context: Pick<WizardContext, 'store' | 'draft'>, step: WizardStep): boolean {
  const { store, draft } = context;
  switch (step) {
    case 'hvacPrestep':
      return store.isHvac;
    case 'productSelection':
      return store.productSelectionEnabled;
    case 'identityCheckApplicant':
      return store.identityCheck.enabled && store.identityCheck.step === 1;
    case 'identityCheckConfirmation':
      return store.identityCheck.enabled && store.identityCheck.step === 2;
    case 'hvacHomeOwnership':
      return asksHomeOwnership(store);
    case 'coApplicantInfo':
    case 'coApplicantIncome':
      return draft.has_co_applicant === true;
    default:
      return true;
  }
}

/** The steps shown in the progress bar, in order. */
export function visibleSteps(context: Pick<WizardContext, 'store' | 'draft'>): WizardStep[] {
  return WIZARD_STEPS.filter((s) => s !== 'submitting' && s !== 'completed' && stepApplies(context, s));
}

export function incomesOf(draft: ApplicationDraft, who: Who['who']): IncomeInput[] {
  const list = who === 'applicant' ? draft.incomes : draft.co_applicant?.incomes;
  return Array.isArray(list) && list.length ? list : [{}];
}

export function withIncomes(draft: ApplicationDraft, who: Who['who'], incomes: IncomeInput[]): ApplicationDraft {
  return who === 'applicant'
    ? { ...draft, incomes }
    : { ...draft, co_applicant: { ...(draft.co_applicant ?? {}), incomes } };
}
