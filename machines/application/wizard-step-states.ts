// The state config of the wizard's form steps, made by one factory: every form step edits, validates on Continue,
// saves its sections with the `saveSection` actor (a 'click here' retry hint after SAVE_HINT_DELAY) and goes on to
// the step its `afterSave` list names. The factory returns plain config; wizard.machine.ts puts it in its states.
import { STEP_SECTIONS, stepSaveBody, type FormStep, type WizardContext, type Who } from './wizard-steps.ts';

/** Where a saved step goes on: the first entry whose guard holds (`G`: the wizard's guard names it uses). */
interface AfterSave<G extends string> {
  guard?: G;
  target: string;
}

interface FormStepOptions<On, States, G extends string> {
  /** The editing state's events, in the order the machine checks them. */
  on: On;
  /** Further states between editing and saving (the confirm dialogs). */
  states?: States;
  afterSave: readonly AfterSave<G>[];
}

/** Continue: a valid step saves; an invalid one stays and shows its field errors (the values are kept either way). */
export function saveWhenValid(step: FormStep) {
  return [
    {
      guard: { type: 'stepValid', params: { step } },
      target: 'saving',
      actions: { type: 'storeStepData', params: { step } },
    },
    { actions: { type: 'storeStepData', params: { step } } },
  ] as const;
}

/** The events of a step that only continues or goes back: Back clears the step's messages. */
export const continueOrBack = (step: FormStep, back: string) =>
  ({
    'step.next': saveWhenValid(step),
    'step.back': { target: back, actions: 'clearMessages' },
  }) as const;

/** After the save: back to confirmation when the step was opened with Edit, otherwise on to `next`. */
export const confirmationIfEditing = (next: string) =>
  [{ guard: 'editing', target: '#wizard.confirmation' }, { target: next }] as const;

/** Add an income, or ask before removing the second one (at most MAX_INCOMES_PER_APPLICANT, at least one). */
export function incomeListEvents(who: Who['who']) {
  return {
    'income.add': {
      guard: { type: 'canAddIncome', params: { who } },
      actions: { type: 'addIncome', params: { who } },
    },
    'income.remove': {
      guard: { type: 'hasSecondIncome', params: { who } },
      target: 'confirmRemoveIncome',
    },
  } as const;
}

/** 'Are you sure you want to remove ...?' for the second income. */
export function confirmRemoveIncome(who: Who['who']) {
  return {
    on: {
      'income.remove.confirm': {
        target: 'editing',
        actions: { type: 'removeSecondIncome', params: { who } },
      },
      'income.remove.cancel': 'editing',
    },
  } as const;
}

/** One form step: editing (with `on`), any further `states`, then saving. */
export function formStep<const On, const States extends object = object, const G extends string = never>(
  step: FormStep,
  { on, states, afterSave }: FormStepOptions<On, States, G>,
) {
  const storeSaved = { type: 'storeSaved', params: { step } } as const;
  return {
    initial: 'editing',
    states: {
      editing: { on },
      ...(states ?? ({} as States)),
      saving: {
        initial: 'waiting',
        invoke: {
          id: 'saveSection',
          src: 'saveSection',
          input: ({ context }: { context: WizardContext }) => ({
            sections: STEP_SECTIONS[step],
            body: stepSaveBody(context, step),
          }),
          onDone: afterSave.map(({ guard, target }) =>
            guard ? ({ guard, target, actions: storeSaved } as const) : ({ target, actions: storeSaved } as const),
          ),
          onError: { target: 'editing', actions: 'storeSaveError' },
        },
        states: {
          waiting: { after: { SAVE_HINT_DELAY: 'slow' } },
          slow: { on: { 'save.retry': { target: `#wizard.${step}.saving`, reenter: true } } },
        },
      },
    },
  } as const;
}
