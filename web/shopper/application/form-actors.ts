// The effects the wizard and the single-page form supply to their machines with `.provide()`: the same two.
import { fromPromise } from 'xstate';
import type { SubmitApplicationInput } from '../../../machines/application/application-flow.ts';
import type { SaveSectionInput, SaveSectionOutput } from '../../../machines/contracts/application.ts';
import type { Saver } from './client.ts';

export function formActors(saver: Saver) {
  return {
    saveSection: fromPromise<SaveSectionOutput, SaveSectionInput>(({ input }) => saver.save(input)),
    // Hand-off (issue 4): the verification route (web/shopper/verification) verifies and submits; the form only
    // leads there, so its own submit step waits for the route change.
    submitApplication: fromPromise<unknown, SubmitApplicationInput>(() => new Promise<unknown>(() => undefined)),
  };
}
