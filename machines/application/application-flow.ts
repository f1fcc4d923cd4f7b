// What the wizard and the single-page form share: their input, the save and submit bodies, the complete-application
// check, the verification-to-completed end of the flow, and the default (throwing) effects each page supplies with
// `.provide()`.
import { fromPromise, type StateValue } from 'xstate';
import {
  buildSaveBody,
  validateCompleteApplication,
  withConcealedStandIns,
  type ApplicationDraft,
  type ApplicationRequestBody,
  type ApplicationSection,
  type SaveSectionInput,
  type SaveSectionOutput,
} from '../contracts/application.ts';
import { rulesFor, type ApplicationStoreFlags } from '../domain/application-schema.ts';

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

/** The `types` of a flow machine's setup: its own context and events; the shared input and output. */
export const flowMachineTypes = <Context, Event>() => ({
  context: {} as Context,
  events: {} as Event,
  input: {} as ApplicationFlowInput,
  output: {} as { result: unknown },
});

export interface SubmitApplicationInput {
  uuid: string | null;
  body: ApplicationRequestBody;
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

/** The body that saves `sections` of the draft (the product choice goes with every save). */
export function sectionSaveBody(
  sections: readonly ApplicationSection[],
  draft: ApplicationDraft,
  uuid: string | null,
): ApplicationRequestBody {
  return buildSaveBody(sections, draft, {
    uuid: uuid ?? undefined,
    product_selection_override: draft.product_selection_override ?? null,
  });
}

/** Confirmation's check of the whole application; concealed values loaded back from the server count as valid. */
export function checkCompleteApplication(
  context: { store: ApplicationStoreFlags; today: string },
  draft: ApplicationDraft,
): ReturnType<typeof validateCompleteApplication> {
  return validateCompleteApplication(
    draftAsApplication(withConcealedStandIns(draft)),
    rulesFor(context.store, context.today),
  );
}

/** The top-level state of a snapshot's value (the step a page shows). */
export const topState = (value: StateValue): string | undefined =>
  typeof value === 'string' ? value : Object.keys(value)[0];

/** Both machines end alike: the PIN verification, the submit with the `submitApplication` actor, then completed.
 *  `invokeId` keeps the wizard's named invocation (the single-page form's is unnamed). */
export function submissionStates<C extends { uuid: string | null }>(
  draftOf: (context: C) => ApplicationDraft,
  invokeId?: 'submitApplication',
) {
  return {
    verification: {
      on: {
        'verification.completed': { target: 'submitting', actions: 'markVerified' },
        'step.back': 'confirmation',
      },
    },
    submitting: {
      invoke: {
        ...(invokeId ? { id: invokeId } : {}),
        src: 'submitApplication',
        input: ({ context }: { context: C }): SubmitApplicationInput => ({
          uuid: context.uuid,
          body: draftAsApplication(draftOf(context)),
        }),
        onDone: { target: 'completed', actions: 'storeResult' },
        onError: { target: 'confirmation', actions: 'submitFailed' },
      },
    },
    completed: { type: 'final' },
  } as const;
}

/** The effects of both machines; the page supplies them with `.provide()`, so the defaults only say what is missing. */
export const applicationActors = {
  saveSection: fromPromise<SaveSectionOutput, SaveSectionInput>(async () => {
    throw new Error('saveSection is not provided');
  }),
  submitApplication: fromPromise<unknown, SubmitApplicationInput>(async () => {
    throw new Error('submitApplication is not provided');
  }),
};
