// The multi-step application wizard (seed 000 sections 2 and 4). The page sends the events; saving a step and
// submitting are named actors (`saveSection`, `submitApplication`) that the page supplies with `.provide()`.
// The steps, their sections and validation are in wizard-steps.ts; the form steps' states come from the factory in
// wizard-step-states.ts.
import { and, assign, setup, type SnapshotFrom } from 'xstate';
import { describeSaveError, type ApplicationDraft, type SaveSectionOutput } from '../contracts/application.ts';
import { APPLICATION_MESSAGES } from '../domain/application-messages.ts';
import { asksHomeOwnership } from '../domain/application-schema.ts';
import { hvacCanContinue, hvacQualifies, HVAC_ALL_YES_MESSAGE } from '../domain/hvac-prestep.ts';
import { MAX_INCOMES_PER_APPLICANT } from '../domain/income.ts';
import {
  applicationActors,
  checkCompleteApplication,
  flowMachineTypes,
  submissionStates,
  SUBMIT_FAILED_MESSAGE,
  topState,
} from './application-flow.ts';
import {
  confirmationIfEditing,
  confirmRemoveIncome,
  continueOrBack,
  formStep,
  incomeListEvents,
  saveWhenValid,
} from './wizard-step-states.ts';
import {
  applyStepData,
  FORM_STEPS,
  incomesOf,
  stepApplies,
  stepErrors,
  withIncomes,
  type FormStep,
  type WizardContext,
  type WizardEvent,
  type WizardStep,
  type Who,
} from './wizard-steps.ts';

export const WIZARD_MACHINE_VERSION = 1;

/** Time before the 'click here' retry hint shows under a save that is still running. */
export const SAVE_HINT_DELAY_MS = 30_000;

// ---------------------------------------------------------------------------------------------------------------

export const wizardMachine = setup({
  types: flowMachineTypes<WizardContext, WizardEvent>(),
  actors: applicationActors,
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
    applicationComplete: ({ context }) => checkCompleteApplication(context, context.draft).success,
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
      const result = checkCompleteApplication(context, context.draft);
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
    applicantInfo: formStep('applicantInfo', {
      on: {
        'step.next': saveWhenValid('applicantInfo'),
        'step.back': [
          { guard: 'hasProductSelection', target: '#wizard.productSelection', actions: 'clearMessages' },
          { guard: 'hasHvacPrestep', target: '#wizard.hvacPrestep', actions: 'clearMessages' },
        ],
      },
      afterSave: [
        { guard: 'identityPendingAtApplicant', target: '#wizard.identityCheckApplicant' },
        ...confirmationIfEditing('#wizard.applicantAddress'),
      ],
    }),
    identityCheckApplicant: {
      on: {
        'identity.completed': { target: 'applicantAddress', actions: 'completeIdentity' },
        'step.back': 'applicantInfo',
      },
    },
    applicantAddress: formStep('applicantAddress', {
      on: continueOrBack('applicantAddress', '#wizard.applicantInfo'),
      afterSave: [
        { guard: 'editing', target: '#wizard.confirmation' },
        { guard: 'hasHomeOwnership', target: '#wizard.hvacHomeOwnership' },
        { target: '#wizard.income' },
      ],
    }),
    hvacHomeOwnership: formStep('hvacHomeOwnership', {
      on: continueOrBack('hvacHomeOwnership', '#wizard.applicantAddress'),
      afterSave: confirmationIfEditing('#wizard.income'),
    }),
    income: formStep('income', {
      on: {
        'step.next': saveWhenValid('income'),
        'step.back': [
          { guard: 'hasHomeOwnership', target: '#wizard.hvacHomeOwnership', actions: 'clearMessages' },
          { target: '#wizard.applicantAddress', actions: 'clearMessages' },
        ],
        ...incomeListEvents('applicant'),
      },
      states: { confirmRemoveIncome: confirmRemoveIncome('applicant') },
      afterSave: confirmationIfEditing('#wizard.banking'),
    }),
    banking: formStep('banking', {
      on: {
        'step.next': saveWhenValid('banking'),
        'step.skip': [
          { guard: and(['bankingOptional', 'editing']), target: '#wizard.confirmation', actions: 'skipBanking' },
          { guard: 'bankingOptional', target: '#wizard.coApplicantQuestion', actions: 'skipBanking' },
        ],
        'step.back': { target: '#wizard.income', actions: 'clearMessages' },
      },
      afterSave: confirmationIfEditing('#wizard.coApplicantQuestion'),
    }),
    coApplicantQuestion: formStep('coApplicantQuestion', {
      on: {
        'coapplicant.answer': [
          { guard: 'removesSavedCoApplicant', target: 'confirmRemove' },
          { actions: 'answerCoApplicant' },
        ],
        'step.next': [{ guard: 'coApplicantAnswered', target: 'saving' }, { actions: 'requireCoApplicantAnswer' }],
        'step.back': { target: '#wizard.banking', actions: 'clearMessages' },
      },
      states: {
        confirmRemove: {
          on: {
            'coapplicant.remove.confirm': { target: 'editing', actions: 'removeCoApplicant' },
            'coapplicant.remove.cancel': 'editing',
          },
        },
      },
      afterSave: [
        { guard: 'continueToCoApplicant', target: '#wizard.coApplicantInfo' },
        { target: '#wizard.confirmation' },
      ],
    }),
    coApplicantInfo: formStep('coApplicantInfo', {
      on: continueOrBack('coApplicantInfo', '#wizard.coApplicantQuestion'),
      afterSave: confirmationIfEditing('#wizard.coApplicantIncome'),
    }),
    coApplicantIncome: formStep('coApplicantIncome', {
      on: {
        ...continueOrBack('coApplicantIncome', '#wizard.coApplicantInfo'),
        ...incomeListEvents('co_applicant'),
      },
      states: { confirmRemoveIncome: confirmRemoveIncome('co_applicant') },
      afterSave: [{ target: '#wizard.confirmation' }],
    }),
    confirmation: {
      entry: 'stopEditing',
      on: {
        // Edit on a section of the summary opens its step, when the step is part of this application
        'step.edit': FORM_STEPS.map(
          (step) => ({ guard: { type: 'canEdit', params: { step } }, target: step, actions: 'startEditing' }) as const,
        ),
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
    ...submissionStates((context: WizardContext) => context.draft, 'submitApplication'),
  },
});

export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;

// ---------------------------------------------------------------------------------------------------------------
// Selectors for the page.

/** The step the page shows. */
export function wizardStep(snapshot: WizardSnapshot): WizardStep {
  const top = topState(snapshot.value);
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
