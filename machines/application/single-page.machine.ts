// The single-page application form (apply_form_version 3, seed 000 sections 2 and 4): numbered sections that save
// themselves 1 s after a valid change, and three steps application -> confirmation -> verification.
// Each section's autosave is a parallel region made by `sectionRegion`; the effect is the named `saveSection` actor
// (shared with the wizard, application-flow.ts).
import { and, assign, raise, setup, type SnapshotFrom } from 'xstate';
import {
  APPLICATION_SECTIONS,
  describeSaveError,
  sectionErrors,
  withConcealedStandIns,
  type ApplicationDraft,
  type ApplicationSection,
  type SaveSectionInput,
  type SaveSectionOutput,
} from '../contracts/application.ts';
import type { FieldErrors } from '../contracts/envelope.ts';
import { asksHomeOwnership, rulesFor, type ApplicationStoreFlags } from '../domain/application-schema.ts';
import {
  applicationActors,
  checkCompleteApplication,
  flowMachineTypes,
  sectionSaveBody,
  submissionStates,
  SUBMIT_FAILED_MESSAGE,
  topState,
} from './application-flow.ts';

export const SINGLE_PAGE_MACHINE_VERSION = 1;

/** A valid change is saved this long after the last edit. */
export const AUTOSAVE_DEBOUNCE_MS = 1_000;
/** Submit waits this long for every active section to be saved; then the scheduled flag expires. */
export const SAVE_SCHEDULED_WINDOW_MS = 15_000;

/** The sections in page order (numbered on the page). `has_co_applicant` is the co-applicant check. */
export const SINGLE_PAGE_SECTIONS = APPLICATION_SECTIONS;
export type SinglePageSection = ApplicationSection;

export interface SinglePageContext {
  store: ApplicationStoreFlags;
  today: string;
  uuid: string | null;
  values: ApplicationDraft;
  /** The value (JSON) each section last saved successfully. */
  saved: Partial<Record<SinglePageSection, string>>;
  /** The value (JSON) each running save sends. */
  inFlight: Partial<Record<SinglePageSection, string>>;
  /** Sections that came prefilled: they save once even though nobody changed them. */
  prefilled: Partial<Record<SinglePageSection, boolean>>;
  /** Back from confirmation: every valid change saves, changed or not. */
  editing: boolean;
  submitScheduled: boolean;
  fieldErrors: Partial<Record<SinglePageSection, FieldErrors>>;
  saveErrors: Partial<Record<SinglePageSection, string>>;
  verified: boolean;
  /** Confirmation-level errors (complete-application validation) and the submit failure. */
  confirmErrors: FieldErrors;
  error: string | null;
  result: unknown;
}

export type SinglePageEvent =
  | { type: 'section.change'; section: SinglePageSection; value: unknown }
  | { type: 'product.select'; product: string }
  | { type: 'form.submit' }
  | { type: 'save.retry'; section: SinglePageSection }
  | { type: 'applicant.created' }
  | { type: 'step.edit' }
  | { type: 'step.back' }
  | { type: 'confirm.submit' }
  | { type: 'verification.completed' };

// ---------------------------------------------------------------------------------------------------------------
// Pure helpers.

/** A section's value inside the draft. */
export function sectionValue(values: ApplicationDraft, section: SinglePageSection): unknown {
  switch (section) {
    case 'co_applicant': {
      if (!values.co_applicant) return values.co_applicant;
      const { incomes: _incomes, ...fields } = values.co_applicant;
      return fields;
    }
    case 'co_applicant_incomes':
      return values.co_applicant?.incomes;
    default:
      return values[section];
  }
}

/** The draft with one section's value put in place. */
export function withSectionValue(
  values: ApplicationDraft,
  section: SinglePageSection,
  value: unknown,
): ApplicationDraft {
  switch (section) {
    case 'co_applicant':
      return {
        ...values,
        co_applicant: {
          ...(value as object),
          incomes: values.co_applicant?.incomes,
        },
      };
    case 'co_applicant_incomes':
      return {
        ...values,
        co_applicant: { ...(values.co_applicant ?? {}), incomes: value } as ApplicationDraft['co_applicant'],
      };
    default:
      return { ...values, [section]: value };
  }
}

const json = (value: unknown) => JSON.stringify(value ?? null);

const hasContent = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  (typeof value !== 'object' || Object.values(value).some(hasContent));

type SectionState = Pick<SinglePageContext, 'store' | 'values' | 'saved'>;

/** Co-applicant sections only with a co-applicant; home ownership only with HVAC mortgage questions; banking only
 *  when it exists or is required. */
export function isSectionActive(context: SectionState, section: SinglePageSection): boolean {
  switch (section) {
    case 'co_applicant':
    case 'co_applicant_incomes':
      return context.values.has_co_applicant === true;
    case 'home_ownership':
      return asksHomeOwnership(context.store);
    case 'banking':
      return context.store.bankingRequired || hasContent(context.values.banking) || context.saved.banking !== undefined;
    default:
      return true;
  }
}

export const activeSections = (context: SectionState): SinglePageSection[] =>
  SINGLE_PAGE_SECTIONS.filter((s) => isSectionActive(context, s));

/** Sections shown on the page with their numbers (banking shows even when optional, so it can be filled). */
export function numberedSections(context: SectionState): { section: SinglePageSection; number: number }[] {
  return SINGLE_PAGE_SECTIONS.filter((s) => s === 'banking' || isSectionActive(context, s)).map((section, i) => ({
    section,
    number: i + 1,
  }));
}

export function sectionFieldErrors(
  context: Pick<SinglePageContext, 'store' | 'today' | 'values'>,
  section: SinglePageSection,
): FieldErrors | null {
  // concealed values loaded back from the server count as valid (see withConcealedStandIns)
  return sectionErrors([section], withConcealedStandIns(context.values), rulesFor(context.store, context.today));
}

const isSaved = (context: SinglePageContext, section: SinglePageSection) =>
  context.saved[section] !== undefined && context.saved[section] === json(sectionValue(context.values, section));

/** A section has something to save now: active, valid and not saved as it is. */
function needsSave(context: SinglePageContext, section: SinglePageSection): boolean {
  return (
    isSectionActive(context, section) && sectionFieldErrors(context, section) === null && !isSaved(context, section)
  );
}

/** Every active section is valid and saved as it is now. */
export function allActiveSaved(context: SinglePageContext): boolean {
  return activeSections(context).every((s) => isSaved(context, s) && sectionFieldErrors(context, s) === null);
}

// ---------------------------------------------------------------------------------------------------------------

type P = { section: SinglePageSection };

const changeOf = (event: SinglePageEvent, section: SinglePageSection) =>
  event.type === 'section.change' && event.section === section ? event : undefined;

/** The transitions of one section's region on a change of that section. */
function changeHandlers(section: SinglePageSection) {
  return [
    {
      guard: { type: 'changeSchedulesSave', params: { section } },
      target: `#singlePage.application.sections.${section}.debouncing`,
      reenter: true,
      actions: { type: 'storeValue', params: { section } },
    },
    {
      guard: { type: 'isChangeOf', params: { section } },
      target: `#singlePage.application.sections.${section}.idle`,
      actions: { type: 'storeValue', params: { section } },
    },
  ] as const;
}

/** The transitions of one section's region when Submit asks every section to save now. */
function flushHandlers(section: SinglePageSection) {
  return [
    {
      guard: and([
        { type: 'needsSave', params: { section } },
        { type: 'waitsForApplicant', params: { section } },
      ]),
      target: `#singlePage.application.sections.${section}.waitingForApplicant`,
    },
    { guard: { type: 'needsSave', params: { section } }, target: `#singlePage.application.sections.${section}.saving` },
  ] as const;
}

function sectionRegion(section: SinglePageSection) {
  return {
    initial: 'check',
    states: {
      check: {
        always: [{ guard: { type: 'savesOnEntry', params: { section } }, target: 'debouncing' }, { target: 'idle' }],
      },
      idle: {
        on: { 'section.change': changeHandlers(section), 'form.submit': flushHandlers(section) },
      },
      debouncing: {
        after: {
          AUTOSAVE_DEBOUNCE: [
            { guard: { type: 'waitsForApplicant', params: { section } }, target: 'waitingForApplicant' },
            { guard: { type: 'savesNow', params: { section } }, target: 'saving' },
            { target: 'idle' },
          ],
        },
        on: { 'section.change': changeHandlers(section), 'form.submit': flushHandlers(section) },
      },
      waitingForApplicant: {
        on: {
          'applicant.created': [
            { guard: { type: 'needsSave', params: { section } }, target: 'saving' },
            { target: 'idle' },
          ],
          'section.change': changeHandlers(section),
        },
      },
      saving: {
        entry: { type: 'markInFlight', params: { section } },
        invoke: {
          src: 'saveSection',
          input: ({ context }: { context: SinglePageContext }): SaveSectionInput => ({
            sections: [section],
            body: sectionSaveBody([section], context.values, context.uuid),
          }),
          onDone: [
            {
              guard: { type: 'changedSinceSave', params: { section } },
              target: 'debouncing',
              actions: [{ type: 'storeSaved', params: { section } }, 'announceApplicant'],
            },
            { target: 'idle', actions: [{ type: 'storeSaved', params: { section } }, 'announceApplicant'] },
          ],
          onError: { target: 'failed', actions: { type: 'storeSaveError', params: { section } } },
        },
        on: {
          'section.change': {
            guard: { type: 'isChangeOf', params: { section } },
            actions: { type: 'storeValue', params: { section } },
          },
        },
      },
      failed: {
        on: {
          'save.retry': { guard: { type: 'isRetryOf', params: { section } }, target: 'saving' },
          'section.change': changeHandlers(section),
          'form.submit': flushHandlers(section),
        },
      },
    },
  } as const;
}

export const singlePageMachine = setup({
  types: flowMachineTypes<SinglePageContext, SinglePageEvent>(),
  actors: applicationActors,
  delays: {
    AUTOSAVE_DEBOUNCE: AUTOSAVE_DEBOUNCE_MS,
    SAVE_SCHEDULED_WINDOW: SAVE_SCHEDULED_WINDOW_MS,
  },
  guards: {
    isChangeOf: ({ event }, params: P) => changeOf(event, params.section) !== undefined,
    isRetryOf: ({ event }, params: P) => event.type === 'save.retry' && event.section === params.section,
    /** A valid change of an active section that differs from what is saved (or the form is prefilled/editing). */
    changeSchedulesSave: ({ context, event }, params: P) => {
      const change = changeOf(event, params.section);
      if (!change) return false;
      const next = { ...context, values: withSectionValue(context.values, params.section, change.value) };
      if (!isSectionActive(next, params.section) || sectionFieldErrors(next, params.section) !== null) return false;
      return context.editing || context.prefilled[params.section] === true || !isSaved(next, params.section);
    },
    savesOnEntry: ({ context }, params: P) =>
      (context.prefilled[params.section] === true || context.editing) && needsSave(context, params.section),
    needsSave: ({ context }, params: P) => needsSave(context, params.section),
    /** At the end of the 1 s wait: something to save, or a valid section while prefilled or editing. */
    savesNow: ({ context }, params: P) =>
      needsSave(context, params.section) ||
      ((context.editing || context.prefilled[params.section] === true) &&
        isSectionActive(context, params.section) &&
        sectionFieldErrors(context, params.section) === null),
    /** Sections other than applicant info save only after the applicant was created. */
    waitsForApplicant: ({ context }, params: P) => params.section !== 'applicant' && context.uuid === null,
    changedSinceSave: ({ context }, params: P) =>
      context.inFlight[params.section] !== json(sectionValue(context.values, params.section)) &&
      needsSave(
        { ...context, saved: { ...context.saved, [params.section]: context.inFlight[params.section] } },
        params.section,
      ),
    allActiveSaved: ({ context }) => allActiveSaved(context),
    applicationComplete: ({ context }) => checkCompleteApplication(context, context.values).success,
    verified: ({ context }) => context.verified,
  },
  actions: {
    storeValue: assign(({ context, event }, params: P) => {
      const change = changeOf(event, params.section);
      if (!change) return {};
      const values = withSectionValue(context.values, params.section, change.value);
      const errors = sectionFieldErrors({ ...context, values }, params.section);
      return {
        values,
        fieldErrors: { ...context.fieldErrors, [params.section]: errors ?? {} },
        saveErrors: { ...context.saveErrors, [params.section]: undefined },
      };
    }),
    markInFlight: assign(({ context }, params: P) => ({
      inFlight: { ...context.inFlight, [params.section]: json(sectionValue(context.values, params.section)) },
    })),
    storeSaved: assign(({ context, event }, params: P) => {
      const output = (event as unknown as { output?: SaveSectionOutput }).output;
      return {
        uuid: output?.uuid ?? context.uuid,
        saved: { ...context.saved, [params.section]: context.inFlight[params.section] },
        prefilled: { ...context.prefilled, [params.section]: false },
        saveErrors: { ...context.saveErrors, [params.section]: undefined },
      };
    }),
    /** After a save the application exists: sections waiting for the applicant go on. */
    announceApplicant: raise({ type: 'applicant.created' }),
    storeSaveError: assign(({ context, event }, params: P) => {
      const { message, fieldErrors } = describeSaveError((event as unknown as { error?: unknown }).error);
      return {
        saveErrors: { ...context.saveErrors, [params.section]: message },
        fieldErrors: Object.keys(fieldErrors).length
          ? { ...context.fieldErrors, [params.section]: fieldErrors }
          : context.fieldErrors,
      };
    }),
    validateActive: assign(({ context }) => ({
      fieldErrors: Object.fromEntries(activeSections(context).map((s) => [s, sectionFieldErrors(context, s) ?? {}])),
    })),
    markScheduled: assign({ submitScheduled: true }),
    clearScheduled: assign({ submitScheduled: false }),
    startEditing: assign({ editing: true, error: null, confirmErrors: {} }),
    stopEditing: assign({ editing: false }),
    storeCompleteErrors: assign(({ context }) => {
      const result = checkCompleteApplication(context, context.values);
      return { confirmErrors: result.success ? {} : result.errors };
    }),
    markVerified: assign({ verified: true }),
    storeResult: assign(({ event }) => ({
      result: (event as unknown as { output?: unknown }).output ?? null,
      error: null,
    })),
    submitFailed: assign({ error: SUBMIT_FAILED_MESSAGE }),
    selectProduct: assign(({ context, event }) =>
      event.type === 'product.select'
        ? { values: { ...context.values, product_selection_override: event.product || null } }
        : {},
    ),
  },
}).createMachine({
  id: 'singlePage',
  context: ({ input }) => {
    const values: ApplicationDraft = { has_co_applicant: null, ...(input.prefill ?? {}) };
    const savedOnServer = new Set(input.savedSections ?? []);
    const prefilled = Object.fromEntries(
      SINGLE_PAGE_SECTIONS.filter((s) => !savedOnServer.has(s) && hasContent(sectionValue(values, s))).map((s) => [
        s,
        true,
      ]),
    );
    // sections the server holds as the prefill has them count as saved (a reload keeps them without saving again)
    const saved = Object.fromEntries([...savedOnServer].map((s) => [s, json(sectionValue(values, s))]));
    return {
      store: input.store,
      today: input.today,
      uuid: input.uuid ?? null,
      values,
      saved,
      inFlight: {},
      prefilled,
      editing: false,
      submitScheduled: false,
      fieldErrors: {},
      saveErrors: {},
      verified: input.verified ?? false,
      confirmErrors: {},
      error: null,
      result: null,
    };
  },
  initial: 'application',
  output: ({ context }) => ({ result: context.result }),
  on: { 'product.select': { actions: 'selectProduct' } },
  states: {
    application: {
      type: 'parallel',
      states: {
        sections: {
          type: 'parallel',
          states: {
            applicant: sectionRegion('applicant'),
            location: sectionRegion('location'),
            home_ownership: sectionRegion('home_ownership'),
            incomes: sectionRegion('incomes'),
            banking: sectionRegion('banking'),
            has_co_applicant: sectionRegion('has_co_applicant'),
            co_applicant: sectionRegion('co_applicant'),
            co_applicant_incomes: sectionRegion('co_applicant_incomes'),
          },
        },
        submit: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'form.submit': { target: 'scheduled', actions: 'validateActive' } },
            },
            scheduled: {
              entry: 'markScheduled',
              exit: 'clearScheduled',
              always: { guard: 'allActiveSaved', target: '#singlePage.confirmation' },
              after: { SAVE_SCHEDULED_WINDOW: 'idle' },
              on: { 'form.submit': { target: 'scheduled', reenter: true, actions: 'validateActive' } },
            },
          },
        },
      },
    },
    confirmation: {
      entry: 'stopEditing',
      on: {
        'step.edit': { target: 'application', actions: 'startEditing' },
        'step.back': { target: 'application', actions: 'startEditing' },
        'confirm.submit': [
          { guard: and(['applicationComplete', 'verified']), target: 'submitting' },
          { guard: 'applicationComplete', target: 'verification' },
          { actions: 'storeCompleteErrors' },
        ],
      },
    },
    ...submissionStates((context: SinglePageContext) => context.values),
  },
});

export type SinglePageSnapshot = SnapshotFrom<typeof singlePageMachine>;

// ---------------------------------------------------------------------------------------------------------------
// Selectors for the page.

export type SinglePageStep = 'application' | 'confirmation' | 'verification' | 'submitting' | 'completed';

export function singlePageStep(snapshot: SinglePageSnapshot): SinglePageStep {
  return topState(snapshot.value) as SinglePageStep;
}

export type SectionStatus = 'check' | 'idle' | 'debouncing' | 'waitingForApplicant' | 'saving' | 'failed';

/** Where a section's autosave is (null outside the application step). */
export function sectionStatus(snapshot: SinglePageSnapshot, section: SinglePageSection): SectionStatus | null {
  const value = snapshot.value;
  if (typeof value === 'string' || !('application' in value)) return null;
  const sections = (value.application as { sections: Record<string, string> }).sections;
  return (sections[section] as SectionStatus | undefined) ?? null;
}

/** The Submit button shows 'Saving. Wait for a moment...' while any section saves or a submit is scheduled. */
export function isSaving(snapshot: SinglePageSnapshot): boolean {
  return snapshot.context.submitScheduled || SINGLE_PAGE_SECTIONS.some((s) => sectionStatus(snapshot, s) === 'saving');
}
