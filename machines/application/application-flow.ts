// What the wizard and the single-page form share: their input, the submit call and the body it sends, and the
// default (throwing) effects each page supplies with `.provide()`.
import { fromPromise } from 'xstate';
import type {
  ApplicationDraft,
  ApplicationRequestBody,
  ApplicationSection,
  SaveSectionInput,
  SaveSectionOutput,
} from '../contracts/application.ts';
import type { ApplicationStoreFlags } from '../domain/application-schema.ts';

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

/** The effects of both machines; the page supplies them with `.provide()`, so the defaults only say what is missing. */
export const applicationActors = {
  saveSection: fromPromise<SaveSectionOutput, SaveSectionInput>(async () => {
    throw new Error('saveSection is not provided');
  }),
  submitApplication: fromPromise<unknown, SubmitApplicationInput>(async () => {
    throw new Error('submitApplication is not provided');
  }),
};
