// The multi-step application wizard (seed 000 sections 2 and 4). The page sends the events; saving a step and
// submitting are named actors (`saveSection`, `submitApplication`) that the page supplies with `.provide()`.
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  buildSaveBody,
  describeSaveError,
  validateApplicationRequest,
  validateCompleteApplication,
  withConcealedStandIns,
  type ApplicationDraft,
  type ApplicationRequestBody,
  type ApplicationSection,
  type SaveSectionInput,
  type SaveSectionOutput,
} from '../contracts/application.ts';
import type { FieldErrors } from '../contracts/envelope.ts';
import {
  APPLICATION_MESSAGES,
  asksHomeOwnership,
  isSameSsn,
  rulesFor,
  type ApplicationStoreFlags,
  type IncomeInput,
} from '../domain/application-schema.ts';
import {
  hvacCanContinue,
  hvacQualifies,
  HVAC_ALL_YES_MESSAGE,
  type HvacAnswers,
  type HvacQuestion,
} from '../domain/hvac-prestep.ts';
import { MAX_INCOMES_PER_APPLICANT } from '../domain/income.ts';

export const WIZARD_MACHINE_VERSION = 1;

/** Time before the 'click here' retry hint shows under a save that is still running. */
export const SAVE_HINT_DELAY_MS = 30_000;

export const SUBMIT_FAILED_MESSAGE =
  "We're sorry, but we were not able to process your application. Please try again later.";

export interface ApplicationFlowInput {
  store: ApplicationStoreFlags;
  /** Today, 'YYYY-MM-DD' (for the age rule and pay dates). */
  today: string;
  /** The application's uuid when it exists already. */
  uuid?: string | null;
  /** Prefilled values (retrieval, fill menu, retailer prefill). */
  prefill?: ApplicationDraft;
  /** The application was verified already: confirmation submits without the PIN step. */
  verified?: boolean;
  identityCompleted?: boolean;
  /** A co-applicant is saved on the server (removing it asks for confirmation). */
  coApplicantSaved?: boolean;
  /** Open on the confirmation step (an existing application). */
  resumeAtConfirmation?: boolean;
  /** Sections the server holds already as `prefill` has them (a reload): the single-page form does not save them again. */
  savedSections?: readonly ApplicationSection[];
}

/** Steps that save a section of the application. */
export const FORM_STEPS = [
  'applicantInfo',
  'applicantAddress',
  'hvacHomeOwnership',
  'income',
  'banking',
  'coApplicantQuestion',
  'coApplicantInfo',
  'coApplicantIncome',
] as const;
export type FormStep = (typeof FORM_STEPS)[number];

export const WIZARD_STEPS = [
  'hvacPrestep',
  'productSelection',
  'applicantInfo',
  'identityCheckApplicant',
  'applicantAddress',
  'hvacHomeOwnership',
  'income',
  'banking',
  'coApplicantQuestion',
  'coApplicantInfo',
  'coApplicantIncome',
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

export const isFormStep = (value: unknown): value is FormStep =>
  typeof value === 'string' && (FORM_STEPS as readonly string[]).includes(value);

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

export interface SubmitApplicationInput {
  uuid: string | null;
  body: ApplicationRequestBody;
}

type Who = { who: 'applicant' | 'co_applicant' };

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
  return buildSaveBody(STEP_SECTIONS[step], context.draft, {
    uuid: context.uuid ?? undefined,
    product_selection_override: context.draft.product_selection_override ?? null,
  });
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

/** The draft as a complete application (what confirmation validates and submits). */
export function draftAsApplication(draft: ApplicationDraft): ApplicationRequestBody & Record<string, unknown> {
  return {
    ...draft,
    has_co_applicant: draft.has_co_applicant ?? false,
    co_applicant: draft.has_co_applicant ? draft.co_applicant : null,
    terms_accepted: true,
  };
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

function incomesOf(draft: ApplicationDraft, who: Who['who']): IncomeInput[] {
  const list = who === 'applicant' ? draft.incomes : draft.co_applicant?.incomes;
  return Array.isArray(list) && list.length ? list : [{}];
}

function withIncomes(draft: ApplicationDraft, who: Who['who'], incomes: IncomeInput[]): ApplicationDraft {
  return who === 'applicant'
    ? { ...draft, incomes }
    : { ...draft, co_applicant: { ...(draft.co_applicant ?? {}), incomes } };
}

// ---------------------------------------------------------------------------------------------------------------

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as ApplicationFlowInput,
    output: {} as { result: unknown },
  },
  actors: {
    saveSection: fromPromise<SaveSectionOutput, SaveSectionInput>(async () => {
      throw new Error('saveSection is not provided');
    }),
    submitApplication: fromPromise<unknown, SubmitApplicationInput>(async () => {
      throw new Error('submitApplication is not provided');
    }),
  },
  delays: {
    SAVE_HINT_DELAY: SAVE_HINT_DELAY_MS,
  },
  guards: {
    hasHvacPrestep: ({ context }) => context.store.isHvac,
    hasProductSelection: ({ context }) => context.store.productSelectionEnabled,
    hasHomeOwnership: ({ context }) => asksHomeOwnership(context.store),
    resumeAtConfirmation: ({ context }) => context.resumeAtConfirmation,
    identityPendingAtApplicant: ({ context }) =>
      context.store.identityCheck.enabled && context.store.identityCheck.step === 1 && !context.identityCompleted,
    identityPendingAtConfirmation: ({ context }) =>
      context.store.identityCheck.enabled && context.store.identityCheck.step === 2 && !context.identityCompleted,
    editing: ({ context }) => context.editing,
    verified: ({ context }) => context.verified,
    hvacQualifies: ({ context }) => hvacQualifies(context.hvacAnswers),
    hvacAnswered: ({ context }) => hvacCanContinue(context.hvacAnswers),
    productChosen: ({ context }) => !!context.draft.product_selection_override,
    bankingOptional: ({ context }) => !context.store.bankingRequired,
    stepValid: ({ context, event }, params: { step: FormStep }) =>
      event.type === 'step.next' &&
      stepErrors({ ...context, draft: applyStepData(context.draft, params.step, event.data) }, params.step) === null,
    coApplicantAnswered: ({ context }) => typeof context.draft.has_co_applicant === 'boolean',
    hasCoApplicant: ({ context }) => context.draft.has_co_applicant === true,
    /** After the yes/no step: on to the co-applicant's details, unless editing an existing co-applicant. */
    continueToCoApplicant: ({ context }) =>
      context.draft.has_co_applicant === true && (!context.editing || !context.coApplicantSaved),
    removesSavedCoApplicant: ({ context, event }) =>
      event.type === 'coapplicant.answer' && event.value === false && context.coApplicantSaved,
    canAddIncome: ({ context }, params: Who) => incomesOf(context.draft, params.who).length < MAX_INCOMES_PER_APPLICANT,
    hasSecondIncome: ({ context }, params: Who) => incomesOf(context.draft, params.who).length > 1,
    canEdit: ({ context, event }, params: { step: FormStep }) =>
      event.type === 'step.edit' && event.step === params.step && stepApplies(context, params.step),
    applicationComplete: ({ context }) =>
      validateCompleteApplication(
        draftAsApplication(withConcealedStandIns(context.draft)),
        rulesFor(context.store, context.today),
      ).success,
  },
  actions: {
    storeStepData: assign(({ context, event }, params: { step: FormStep }) => {
      if (event.type !== 'step.next') return {};
      const draft = applyStepData(context.draft, params.step, event.data);
      return { draft, fieldErrors: stepErrors({ ...context, draft }, params.step) ?? {}, error: null };
    }),
    clearMessages: assign({ fieldErrors: {}, error: null }),
    storeSaved: assign(({ context, event }, params: { step: FormStep }) => {
      const output = (event as unknown as { output?: SaveSectionOutput }).output;
      const coApplicantSaved =
        params.step === 'coApplicantInfo'
          ? true
          : params.step === 'coApplicantQuestion' && context.draft.has_co_applicant === false
            ? false
            : context.coApplicantSaved;
      return { uuid: output?.uuid ?? context.uuid, coApplicantSaved, fieldErrors: {}, error: null };
    }),
    storeSaveError: assign(({ event }) => {
      const { message, fieldErrors } = describeSaveError((event as unknown as { error?: unknown }).error);
      return { error: message, fieldErrors };
    }),
    storeHvacAnswer: assign(({ context, event }) =>
      event.type === 'hvac.answer'
        ? { hvacAnswers: { ...context.hvacAnswers, [event.question]: event.answer }, error: null }
        : {},
    ),
    hvacNotQualified: assign({ error: HVAC_ALL_YES_MESSAGE }),
    selectProduct: assign(({ context, event }) =>
      event.type === 'product.select'
        ? { draft: { ...context.draft, product_selection_override: event.product }, error: null }
        : {},
    ),
    requireProduct: assign({ error: APPLICATION_MESSAGES.productRequired }),
    skipBanking: assign(({ context }) => ({
      draft: { ...context.draft, banking: null },
      fieldErrors: {},
      error: null,
    })),
    answerCoApplicant: assign(({ context, event }) => {
      if (event.type !== 'coapplicant.answer') return {};
      const draft: ApplicationDraft = { ...context.draft, has_co_applicant: event.value };
      if (!event.value) draft.co_applicant = null;
      return { draft, fieldErrors: {}, error: null };
    }),
    removeCoApplicant: assign(({ context }) => ({
      draft: { ...context.draft, has_co_applicant: false, co_applicant: null },
      fieldErrors: {},
      error: null,
    })),
    requireCoApplicantAnswer: assign({ fieldErrors: { has_co_applicant: [APPLICATION_MESSAGES.required] } }),
    addIncome: assign(({ context }, params: Who) => ({
      draft: withIncomes(context.draft, params.who, [...incomesOf(context.draft, params.who), { primary: false }]),
    })),
    removeSecondIncome: assign(({ context }, params: Who) => ({
      draft: withIncomes(context.draft, params.who, incomesOf(context.draft, params.who).slice(0, 1)),
      fieldErrors: {},
    })),
    startEditing: assign({ editing: true, fieldErrors: {}, error: null }),
    stopEditing: assign({ editing: false }),
    completeIdentity: assign({ identityCompleted: true, error: null }),
    markVerified: assign({ verified: true }),
    storeCompleteErrors: assign(({ context }) => {
      const result = validateCompleteApplication(
        draftAsApplication(withConcealedStandIns(context.draft)),
        rulesFor(context.store, context.today),
      );
      return { fieldErrors: result.success ? {} : result.errors };
    }),
    storeResult: assign(({ event }) => ({
      result: (event as unknown as { output?: unknown }).output ?? null,
      error: null,
    })),
    submitFailed: assign({ error: SUBMIT_FAILED_MESSAGE }),
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => ({
    store: input.store,
    today: input.today,
    uuid: input.uuid ?? null,
    draft: { has_co_applicant: null, ...(input.prefill ?? {}) },
    hvacAnswers: {},
    identityCompleted: input.identityCompleted ?? false,
    verified: input.verified ?? false,
    coApplicantSaved: input.coApplicantSaved ?? false,
    resumeAtConfirmation: input.resumeAtConfirmation ?? false,
    editing: false,
    fieldErrors: {},
    error: null,
    result: null,
  }),
  initial: 'start',
  output: ({ context }) => ({ result: context.result }),
  states: {
    start: {
      always: [
        { guard: 'resumeAtConfirmation', target: 'confirmation' },
        { guard: 'hasHvacPrestep', target: 'hvacPrestep' },
        { guard: 'hasProductSelection', target: 'productSelection' },
        { target: 'applicantInfo' },
      ],
    },
    hvacPrestep: {
      on: {
        'hvac.answer': { actions: 'storeHvacAnswer' },
        'step.next': [
          {
            guard: and(['hvacQualifies', 'hasProductSelection']),
            target: 'productSelection',
            actions: 'clearMessages',
          },
          { guard: 'hvacQualifies', target: 'applicantInfo', actions: 'clearMessages' },
          { guard: 'hvacAnswered', actions: 'hvacNotQualified' },
        ],
      },
    },
    productSelection: {
      on: {
        'product.select': { actions: 'selectProduct' },
        'step.next': [{ guard: 'productChosen', target: 'applicantInfo' }, { actions: 'requireProduct' }],
        'step.back': { guard: 'hasHvacPrestep', target: 'hvacPrestep', actions: 'clearMessages' },
      },
    },
    applicantInfo: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'step.next': [
              {
                guard: { type: 'stepValid', params: { step: 'applicantInfo' } },
                target: 'saving',
                actions: { type: 'storeStepData', params: { step: 'applicantInfo' } },
              },
              { actions: { type: 'storeStepData', params: { step: 'applicantInfo' } } },
            ],
            'step.back': [
              { guard: 'hasProductSelection', target: '#wizard.productSelection', actions: 'clearMessages' },
              { guard: 'hasHvacPrestep', target: '#wizard.hvacPrestep', actions: 'clearMessages' },
            ],
          },
        },
        saving: {
          initial: 'waiting',
          invoke: {
            id: 'saveSection',
            src: 'saveSection',
            input: ({ context }) => ({
              sections: STEP_SECTIONS.applicantInfo,
              body: stepSaveBody(context, 'applicantInfo'),
            }),
            onDone: [
              {
                guard: 'identityPendingAtApplicant',
                target: '#wizard.identityCheckApplicant',
                actions: { type: 'storeSaved', params: { step: 'applicantInfo' } },
              },
              {
                guard: 'editing',
                target: '#wizard.confirmation',
                actions: { type: 'storeSaved', params: { step: 'applicantInfo' } },
              },
              {
                target: '#wizard.applicantAddress',
                actions: { type: 'storeSaved', params: { step: 'applicantInfo' } },
              },
            ],
            onError: { target: 'editing', actions: 'storeSaveError' },
          },
          states: {
            waiting: { after: { SAVE_HINT_DELAY: 'slow' } },
            slow: { on: { 'save.retry': { target: '#wizard.applicantInfo.saving', reenter: true } } },
          },
        },
      },
    },
    identityCheckApplicant: {
      on: {
        'identity.completed': { target: 'applicantAddress', actions: 'completeIdentity' },
        'step.back': 'applicantInfo',
      },
    },
    applicantAddress: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'step.next': [
              {
                guard: { type: 'stepValid', params: { step: 'applicantAddress' } },
                target: 'saving',
                actions: { type: 'storeStepData', params: { step: 'applicantAddress' } },
              },
              { actions: { type: 'storeStepData', params: { step: 'applicantAddress' } } },
            ],
            'step.back': { target: '#wizard.applicantInfo', actions: 'clearMessages' },
          },
        },
        saving: {
          initial: 'waiting',
          invoke: {
            id: 'saveSection',
            src: 'saveSection',
            input: ({ context }) => ({
              sections: STEP_SECTIONS.applicantAddress,
              body: stepSaveBody(context, 'applicantAddress'),
            }),
            onDone: [
              {
                guard: 'editing',
                target: '#wizard.confirmation',
                actions: { type: 'storeSaved', params: { step: 'applicantAddress' } },
              },
              {
                guard: 'hasHomeOwnership',
                target: '#wizard.hvacHomeOwnership',
                actions: { type: 'storeSaved', params: { step: 'applicantAddress' } },
              },
              { target: '#wizard.income', actions: { type: 'storeSaved', params: { step: 'applicantAddress' } } },
            ],
            onError: { target: 'editing', actions: 'storeSaveError' },
          },
          states: {
            waiting: { after: { SAVE_HINT_DELAY: 'slow' } },
            slow: { on: { 'save.retry': { target: '#wizard.applicantAddress.saving', reenter: true } } },
          },
        },
      },
    },
    hvacHomeOwnership: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'step.next': [
              {
                guard: { type: 'stepValid', params: { step: 'hvacHomeOwnership' } },
                target: 'saving',
                actions: { type: 'storeStepData', params: { step: 'hvacHomeOwnership' } },
              },
              { actions: { type: 'storeStepData', params: { step: 'hvacHomeOwnership' } } },
            ],
            'step.back': { target: '#wizard.applicantAddress', actions: 'clearMessages' },
          },
        },
        saving: {
          initial: 'waiting',
          invoke: {
            id: 'saveSection',
            src: 'saveSection',
            input: ({ context }) => ({
              sections: STEP_SECTIONS.hvacHomeOwnership,
              body: stepSaveBody(context, 'hvacHomeOwnership'),
            }),
            onDone: [
              {
                guard: 'editing',
                target: '#wizard.confirmation',
                actions: { type: 'storeSaved', params: { step: 'hvacHomeOwnership' } },
              },
              { target: '#wizard.income', actions: { type: 'storeSaved', params: { step: 'hvacHomeOwnership' } } },
            ],
            onError: { target: 'editing', actions: 'storeSaveError' },
          },
          states: {
            waiting: { after: { SAVE_HINT_DELAY: 'slow' } },
            slow: { on: { 'save.retry': { target: '#wizard.hvacHomeOwnership.saving', reenter: true } } },
          },
        },
      },
    },
    income: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'step.next': [
              {
                guard: { type: 'stepValid', params: { step: 'income' } },
                target: 'saving',
                actions: { type: 'storeStepData', params: { step: 'income' } },
              },
              { actions: { type: 'storeStepData', params: { step: 'income' } } },
            ],
            'step.back': [
              { guard: 'hasHomeOwnership', target: '#wizard.hvacHomeOwnership', actions: 'clearMessages' },
              { target: '#wizard.applicantAddress', actions: 'clearMessages' },
            ],
            'income.add': {
              guard: { type: 'canAddIncome', params: { who: 'applicant' } },
              actions: { type: 'addIncome', params: { who: 'applicant' } },
            },
            'income.remove': {
              guard: { type: 'hasSecondIncome', params: { who: 'applicant' } },
              target: 'confirmRemoveIncome',
            },
          },
        },
        confirmRemoveIncome: {
          on: {
            'income.remove.confirm': {
              target: 'editing',
              actions: { type: 'removeSecondIncome', params: { who: 'applicant' } },
            },
            'income.remove.cancel': 'editing',
          },
        },
        saving: {
          initial: 'waiting',
          invoke: {
            id: 'saveSection',
            src: 'saveSection',
            input: ({ context }) => ({ sections: STEP_SECTIONS.income, body: stepSaveBody(context, 'income') }),
            onDone: [
              {
                guard: 'editing',
                target: '#wizard.confirmation',
                actions: { type: 'storeSaved', params: { step: 'income' } },
              },
              { target: '#wizard.banking', actions: { type: 'storeSaved', params: { step: 'income' } } },
            ],
            onError: { target: 'editing', actions: 'storeSaveError' },
          },
          states: {
            waiting: { after: { SAVE_HINT_DELAY: 'slow' } },
            slow: { on: { 'save.retry': { target: '#wizard.income.saving', reenter: true } } },
          },
        },
      },
    },
    banking: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'step.next': [
              {
                guard: { type: 'stepValid', params: { step: 'banking' } },
                target: 'saving',
                actions: { type: 'storeStepData', params: { step: 'banking' } },
              },
              { actions: { type: 'storeStepData', params: { step: 'banking' } } },
            ],
            'step.skip': [
              { guard: and(['bankingOptional', 'editing']), target: '#wizard.confirmation', actions: 'skipBanking' },
              { guard: 'bankingOptional', target: '#wizard.coApplicantQuestion', actions: 'skipBanking' },
            ],
            'step.back': { target: '#wizard.income', actions: 'clearMessages' },
          },
        },
        saving: {
          initial: 'waiting',
          invoke: {
            id: 'saveSection',
            src: 'saveSection',
            input: ({ context }) => ({ sections: STEP_SECTIONS.banking, body: stepSaveBody(context, 'banking') }),
            onDone: [
              {
                guard: 'editing',
                target: '#wizard.confirmation',
                actions: { type: 'storeSaved', params: { step: 'banking' } },
              },
              { target: '#wizard.coApplicantQuestion', actions: { type: 'storeSaved', params: { step: 'banking' } } },
            ],
            onError: { target: 'editing', actions: 'storeSaveError' },
          },
          states: {
            waiting: { after: { SAVE_HINT_DELAY: 'slow' } },
            slow: { on: { 'save.retry': { target: '#wizard.banking.saving', reenter: true } } },
          },
        },
      },
    },
    coApplicantQuestion: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'coapplicant.answer': [
              { guard: 'removesSavedCoApplicant', target: 'confirmRemove' },
              { actions: 'answerCoApplicant' },
            ],
            'step.next': [{ guard: 'coApplicantAnswered', target: 'saving' }, { actions: 'requireCoApplicantAnswer' }],
            'step.back': { target: '#wizard.banking', actions: 'clearMessages' },
          },
        },
        confirmRemove: {
          on: {
            'coapplicant.remove.confirm': { target: 'editing', actions: 'removeCoApplicant' },
            'coapplicant.remove.cancel': 'editing',
          },
        },
        saving: {
          initial: 'waiting',
          invoke: {
            id: 'saveSection',
            src: 'saveSection',
            input: ({ context }) => ({
              sections: STEP_SECTIONS.coApplicantQuestion,
              body: stepSaveBody(context, 'coApplicantQuestion'),
            }),
            onDone: [
              {
                guard: 'continueToCoApplicant',
                target: '#wizard.coApplicantInfo',
                actions: { type: 'storeSaved', params: { step: 'coApplicantQuestion' } },
              },
              {
                target: '#wizard.confirmation',
                actions: { type: 'storeSaved', params: { step: 'coApplicantQuestion' } },
              },
            ],
            onError: { target: 'editing', actions: 'storeSaveError' },
          },
          states: {
            waiting: { after: { SAVE_HINT_DELAY: 'slow' } },
            slow: { on: { 'save.retry': { target: '#wizard.coApplicantQuestion.saving', reenter: true } } },
          },
        },
      },
    },
    coApplicantInfo: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'step.next': [
              {
                guard: { type: 'stepValid', params: { step: 'coApplicantInfo' } },
                target: 'saving',
                actions: { type: 'storeStepData', params: { step: 'coApplicantInfo' } },
              },
              { actions: { type: 'storeStepData', params: { step: 'coApplicantInfo' } } },
            ],
            'step.back': { target: '#wizard.coApplicantQuestion', actions: 'clearMessages' },
          },
        },
        saving: {
          initial: 'waiting',
          invoke: {
            id: 'saveSection',
            src: 'saveSection',
            input: ({ context }) => ({
              sections: STEP_SECTIONS.coApplicantInfo,
              body: stepSaveBody(context, 'coApplicantInfo'),
            }),
            onDone: [
              {
                guard: 'editing',
                target: '#wizard.confirmation',
                actions: { type: 'storeSaved', params: { step: 'coApplicantInfo' } },
              },
              {
                target: '#wizard.coApplicantIncome',
                actions: { type: 'storeSaved', params: { step: 'coApplicantInfo' } },
              },
            ],
            onError: { target: 'editing', actions: 'storeSaveError' },
          },
          states: {
            waiting: { after: { SAVE_HINT_DELAY: 'slow' } },
            slow: { on: { 'save.retry': { target: '#wizard.coApplicantInfo.saving', reenter: true } } },
          },
        },
      },
    },
    coApplicantIncome: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'step.next': [
              {
                guard: { type: 'stepValid', params: { step: 'coApplicantIncome' } },
                target: 'saving',
                actions: { type: 'storeStepData', params: { step: 'coApplicantIncome' } },
              },
              { actions: { type: 'storeStepData', params: { step: 'coApplicantIncome' } } },
            ],
            'step.back': { target: '#wizard.coApplicantInfo', actions: 'clearMessages' },
            'income.add': {
              guard: { type: 'canAddIncome', params: { who: 'co_applicant' } },
              actions: { type: 'addIncome', params: { who: 'co_applicant' } },
            },
            'income.remove': {
              guard: { type: 'hasSecondIncome', params: { who: 'co_applicant' } },
              target: 'confirmRemoveIncome',
            },
          },
        },
        confirmRemoveIncome: {
          on: {
            'income.remove.confirm': {
              target: 'editing',
              actions: { type: 'removeSecondIncome', params: { who: 'co_applicant' } },
            },
            'income.remove.cancel': 'editing',
          },
        },
        saving: {
          initial: 'waiting',
          invoke: {
            id: 'saveSection',
            src: 'saveSection',
            input: ({ context }) => ({
              sections: STEP_SECTIONS.coApplicantIncome,
              body: stepSaveBody(context, 'coApplicantIncome'),
            }),
            onDone: {
              target: '#wizard.confirmation',
              actions: { type: 'storeSaved', params: { step: 'coApplicantIncome' } },
            },
            onError: { target: 'editing', actions: 'storeSaveError' },
          },
          states: {
            waiting: { after: { SAVE_HINT_DELAY: 'slow' } },
            slow: { on: { 'save.retry': { target: '#wizard.coApplicantIncome.saving', reenter: true } } },
          },
        },
      },
    },
    confirmation: {
      entry: 'stopEditing',
      on: {
        'step.edit': [
          {
            guard: { type: 'canEdit', params: { step: 'applicantInfo' } },
            target: 'applicantInfo',
            actions: 'startEditing',
          },
          {
            guard: { type: 'canEdit', params: { step: 'applicantAddress' } },
            target: 'applicantAddress',
            actions: 'startEditing',
          },
          {
            guard: { type: 'canEdit', params: { step: 'hvacHomeOwnership' } },
            target: 'hvacHomeOwnership',
            actions: 'startEditing',
          },
          { guard: { type: 'canEdit', params: { step: 'income' } }, target: 'income', actions: 'startEditing' },
          { guard: { type: 'canEdit', params: { step: 'banking' } }, target: 'banking', actions: 'startEditing' },
          {
            guard: { type: 'canEdit', params: { step: 'coApplicantQuestion' } },
            target: 'coApplicantQuestion',
            actions: 'startEditing',
          },
          {
            guard: { type: 'canEdit', params: { step: 'coApplicantInfo' } },
            target: 'coApplicantInfo',
            actions: 'startEditing',
          },
          {
            guard: { type: 'canEdit', params: { step: 'coApplicantIncome' } },
            target: 'coApplicantIncome',
            actions: 'startEditing',
          },
        ],
        'step.back': [
          { guard: 'hasCoApplicant', target: 'coApplicantIncome', actions: 'clearMessages' },
          { target: 'coApplicantQuestion', actions: 'clearMessages' },
        ],
        'confirm.submit': [
          {
            guard: and(['applicationComplete', 'identityPendingAtConfirmation']),
            target: 'identityCheckConfirmation',
            actions: 'clearMessages',
          },
          { guard: and(['applicationComplete', 'verified']), target: 'submitting', actions: 'clearMessages' },
          { guard: 'applicationComplete', target: 'verification', actions: 'clearMessages' },
          { actions: 'storeCompleteErrors' },
        ],
      },
    },
    identityCheckConfirmation: {
      on: {
        'identity.completed': [
          { guard: 'verified', target: 'submitting', actions: 'completeIdentity' },
          { target: 'verification', actions: 'completeIdentity' },
        ],
        'step.back': 'confirmation',
      },
    },
    verification: {
      on: {
        'verification.completed': { target: 'submitting', actions: 'markVerified' },
        'step.back': 'confirmation',
      },
    },
    submitting: {
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        input: ({ context }) => ({ uuid: context.uuid, body: draftAsApplication(context.draft) }),
        onDone: { target: 'completed', actions: 'storeResult' },
        onError: { target: 'confirmation', actions: 'submitFailed' },
      },
    },
    completed: { type: 'final' },
  },
});

export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;

// ---------------------------------------------------------------------------------------------------------------
// Selectors for the page.

/** The step the page shows. */
export function wizardStep(snapshot: WizardSnapshot): WizardStep {
  const value = snapshot.value;
  const top = typeof value === 'string' ? value : Object.keys(value)[0];
  return (top === 'start' ? 'applicantInfo' : top) as WizardStep;
}

/** The Continue button shows 'Saving. Wait for a moment...'. */
export const isSaving = (snapshot: WizardSnapshot): boolean =>
  FORM_STEPS.some((step) => snapshot.matches({ [step]: 'saving' }));

/** The save is taking long: show the 'click here' retry hint. */
export const showSaveRetryHint = (snapshot: WizardSnapshot): boolean =>
  FORM_STEPS.some((step) => snapshot.matches({ [step]: { saving: 'slow' } }));

/** A confirm dialog is open ('Are you sure you want to remove ...?'). */
export function openDialog(snapshot: WizardSnapshot): 'removeCoApplicant' | 'removeIncome' | null {
  if (snapshot.matches({ coApplicantQuestion: 'confirmRemove' })) return 'removeCoApplicant';
  if (
    snapshot.matches({ income: 'confirmRemoveIncome' }) ||
    snapshot.matches({ coApplicantIncome: 'confirmRemoveIncome' })
  ) {
    return 'removeIncome';
  }
  return null;
}

/** Continue is enabled (the HVAC pre-step needs any answer first). */
export function canContinue(snapshot: WizardSnapshot): boolean {
  if (snapshot.matches('hvacPrestep')) return hvacCanContinue(snapshot.context.hvacAnswers);
  return !isSaving(snapshot) && snapshot.can({ type: 'step.next' });
}
