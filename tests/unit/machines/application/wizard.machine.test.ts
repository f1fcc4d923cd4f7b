// The wizard as a shopper meets it: steps per store, saving with the 30 s retry hint, failures, dialogs, editing.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SaveSectionInput } from '../../../../machines/contracts/application.ts';
import { SUBMIT_FAILED_MESSAGE, type ApplicationFlowInput } from '../../../../machines/application/application-flow.ts';
import {
  SAVE_HINT_DELAY_MS,
  canContinue,
  isSaving,
  openDialog,
  showSaveRetryHint,
  wizardMachine,
  wizardStep,
} from '../../../../machines/application/wizard.machine.ts';
import { visibleSteps } from '../../../../machines/application/wizard-steps.ts';
import * as f from './fixtures.ts';

const UUID = '7d3c8b5e-3f43-4a59-9a36-0f2d7c1b2a10';
const flush = () => new Promise((r) => setTimeout(r, 0));

function start(
  input: Partial<ApplicationFlowInput> = {},
  submit: () => Promise<unknown> = async () => ({ code: 'A' }),
) {
  const clock = new SimulatedClock();
  const saves: { input: SaveSectionInput; resolve: () => void; reject: (e: Error) => void }[] = [];
  const machine = wizardMachine.provide({
    actors: {
      saveSection: fromPromise(
        ({ input: saveInput }: { input: SaveSectionInput }) =>
          new Promise<{ uuid: string }>((resolve, reject) =>
            saves.push({ input: saveInput, resolve: () => resolve({ uuid: UUID }), reject }),
          ),
      ),
      submitApplication: fromPromise(submit),
    },
  });
  const actor = createActor(machine, { input: { store: f.plainStore, today: f.TODAY, ...input }, clock });
  actor.start();
  const next = async (data?: unknown) => {
    actor.send({ type: 'step.next', data });
    saves.at(-1)?.resolve();
    await flush();
  };
  return { actor, clock, saves, next, step: () => wizardStep(actor.getSnapshot()) };
}

describe('wizard steps', () => {
  it('walks a plain store through every step to verification and submits after it', async () => {
    const w = start();
    expect(w.step()).toBe('applicantInfo');
    await w.next(f.applicant);
    expect(w.saves[0]!.input).toMatchObject({
      sections: ['applicant'],
      body: { section: ['applicant'], applicant: f.applicant },
    });
    expect(w.step()).toBe('applicantAddress');
    await w.next(f.location);
    expect(w.saves[1]!.input.body.uuid).toBe(UUID);
    expect(w.step()).toBe('income');
    await w.next(f.incomes);
    expect(w.step()).toBe('banking');
    w.actor.send({ type: 'step.skip' });
    expect(w.step()).toBe('banking');
    await w.next(f.banking);
    expect(w.step()).toBe('coApplicantQuestion');
    w.actor.send({ type: 'coapplicant.answer', value: false });
    await w.next();
    expect(w.step()).toBe('confirmation');
    w.actor.send({ type: 'confirm.submit' });
    expect(w.step()).toBe('verification');
    w.actor.send({ type: 'verification.completed' });
    await flush();
    expect(w.step()).toBe('completed');
    expect(w.actor.getSnapshot().output).toEqual({ result: { code: 'A' } });
  });

  it('shows the HVAC pre-step, product selection, home ownership and identity check at applicant info for such a store', async () => {
    const w = start({ store: f.hvacStore });
    expect(visibleSteps(w.actor.getSnapshot().context)).toEqual([
      'hvacPrestep',
      'productSelection',
      'applicantInfo',
      'identityCheckApplicant',
      'applicantAddress',
      'hvacHomeOwnership',
      'income',
      'banking',
      'coApplicantQuestion',
      'confirmation',
      'verification',
    ]);
    expect(w.step()).toBe('hvacPrestep');
    expect(canContinue(w.actor.getSnapshot())).toBe(false);
    w.actor.send({ type: 'hvac.answer', question: 'owns_home_current_mortgage', answer: false });
    expect(canContinue(w.actor.getSnapshot())).toBe(true);
    w.actor.send({ type: 'step.next' });
    expect(w.actor.getSnapshot().context.error).toBe('You need to be able to answer YES to all questions!');
    for (const q of [
      'owns_home_current_mortgage',
      'employed_or_retired_or_disabled',
      'household_income',
      'checking_account',
    ] as const) {
      w.actor.send({ type: 'hvac.answer', question: q, answer: true });
    }
    w.actor.send({ type: 'step.next' });
    expect(w.step()).toBe('productSelection');
    w.actor.send({ type: 'step.next' });
    expect(w.actor.getSnapshot().context.error).toBe('Please select a product before continuing.');
    w.actor.send({ type: 'product.select', product: 'hvac-system' });
    w.actor.send({ type: 'step.next' });
    await w.next(f.applicant);
    expect(w.saves[0]!.input.body.product_selection_override).toBe('hvac-system');
    expect(w.step()).toBe('identityCheckApplicant');
    w.actor.send({ type: 'identity.completed' });
    await w.next(f.location);
    expect(w.step()).toBe('hvacHomeOwnership');
    await w.next(f.homeOwnership);
    expect(w.step()).toBe('income');
    await w.next([{ gross: '2700', frequency: 'monthly', source: 'retirement' }]);
    expect(w.step()).toBe('income');
    expect(w.actor.getSnapshot().context.fieldErrors).toEqual({
      'incomes.0.gross': ['Income must be over $2750 per month'],
    });
    await w.next(f.incomes);
    w.actor.send({ type: 'step.skip' });
    expect(w.step()).toBe('coApplicantQuestion');
  });
});

describe('wizard saving', () => {
  it("shows 'Saving' while the step saves and the retry hint after 30 s; the hint's click saves again", () => {
    const w = start();
    w.actor.send({ type: 'step.next', data: f.applicant });
    expect(isSaving(w.actor.getSnapshot())).toBe(true);
    w.clock.increment(SAVE_HINT_DELAY_MS - 1);
    expect(showSaveRetryHint(w.actor.getSnapshot())).toBe(false);
    expect(w.actor.getSnapshot().can({ type: 'save.retry' })).toBe(false);
    w.clock.increment(1);
    expect(showSaveRetryHint(w.actor.getSnapshot())).toBe(true);
    w.actor.send({ type: 'save.retry' });
    expect(w.saves).toHaveLength(2);
    expect(showSaveRetryHint(w.actor.getSnapshot())).toBe(false);
  });

  it('a failed save returns to the step with the error and keeps what was typed', async () => {
    const w = start();
    w.actor.send({ type: 'step.next', data: f.applicant });
    w.saves[0]!.reject(new Error('Network down'));
    await flush();
    const snapshot = w.actor.getSnapshot();
    expect(w.step()).toBe('applicantInfo');
    expect(isSaving(snapshot)).toBe(false);
    expect(snapshot.context.error).toBe('Network down');
    expect(snapshot.context.draft.applicant).toEqual(f.applicant);
  });

  it('refuses invalid values with field errors keyed by path and does not save', () => {
    const w = start();
    w.actor.send({ type: 'step.next', data: { ...f.applicant, first_name: '', date_of_birth: '2007-06-16' } });
    expect(w.saves).toHaveLength(0);
    expect(w.actor.getSnapshot().context.fieldErrors).toEqual({
      'applicant.first_name': ['This field is required!'],
      'applicant.date_of_birth': ['Must be older than 18 years.'],
    });
  });
});

describe('wizard co-applicant, incomes and editing', () => {
  // The applicant's own steps answered, then "yes" to a co-applicant.
  async function toCoApplicantInfo() {
    const w = start();
    await w.next(f.applicant);
    await w.next(f.location);
    await w.next(f.incomes);
    await w.next(f.banking);
    w.actor.send({ type: 'coapplicant.answer', value: true });
    await w.next();
    return w;
  }

  it('keeps the co-applicant step with a field error when the co-applicant has the applicant’s own SSN', async () => {
    const w = await toCoApplicantInfo();
    const saves = w.saves.length;
    const own = f.applicant.social_security_number.replace(/\D/g, '');
    // Written with dashes or without, it is the same number.
    await w.next({ ...f.coApplicant, social_security_number: `${own.slice(0, 3)}-${own.slice(3, 5)}-${own.slice(5)}` });
    expect(w.step()).toBe('coApplicantInfo');
    expect(w.actor.getSnapshot().context.fieldErrors).toEqual({
      'co_applicant.social_security_number': [
        'The co-applicant must be another person: their social security number is the same as the applicant\u2019s.',
      ],
    });
    expect(w.saves.length).toBe(saves);
    await w.next(f.coApplicant);
    expect(w.step()).toBe('coApplicantIncome');
  });

  async function toConfirmationWithCoApplicant() {
    const w = await toCoApplicantInfo();
    expect(w.step()).toBe('coApplicantInfo');
    await w.next({ ...f.coApplicant, same_location: false });
    expect(w.actor.getSnapshot().context.fieldErrors).toEqual({
      'co_applicant.same_location': ['co-applicant must live at the same address'],
    });
    await w.next(f.coApplicant);
    expect(w.step()).toBe('coApplicantIncome');
    await w.next(f.coApplicantIncomes);
    expect(w.step()).toBe('confirmation');
    return w;
  }

  it('asks before removing a saved co-applicant and removes it on confirm', async () => {
    const w = await toConfirmationWithCoApplicant();
    w.actor.send({ type: 'step.edit', step: 'coApplicantQuestion' });
    w.actor.send({ type: 'coapplicant.answer', value: false });
    expect(openDialog(w.actor.getSnapshot())).toBe('removeCoApplicant');
    w.actor.send({ type: 'coapplicant.remove.cancel' });
    expect(w.actor.getSnapshot().context.draft.has_co_applicant).toBe(true);
    w.actor.send({ type: 'coapplicant.answer', value: false });
    w.actor.send({ type: 'coapplicant.remove.confirm' });
    expect(w.actor.getSnapshot().context.draft).toMatchObject({ has_co_applicant: false, co_applicant: null });
    await w.next();
    expect(w.saves.at(-1)!.input.body).toMatchObject({ section: ['has_co_applicant'], has_co_applicant: false });
    expect(w.step()).toBe('confirmation');
    expect(w.actor.getSnapshot().context.coApplicantSaved).toBe(false);
  });

  it('editing a step from confirmation returns to confirmation after it', async () => {
    const w = await toConfirmationWithCoApplicant();
    w.actor.send({ type: 'step.edit', step: 'applicantAddress' });
    expect(w.step()).toBe('applicantAddress');
    await w.next({ ...f.location, line_2: 'Apt 4' });
    expect(w.step()).toBe('confirmation');
    expect(w.actor.getSnapshot().context.editing).toBe(false);
  });

  it('adds a second income at most and asks before removing it', async () => {
    const w = start();
    await w.next(f.applicant);
    await w.next(f.location);
    w.actor.send({ type: 'income.add' });
    w.actor.send({ type: 'income.add' });
    expect(w.actor.getSnapshot().context.draft.incomes).toHaveLength(2);
    w.actor.send({ type: 'income.remove' });
    expect(openDialog(w.actor.getSnapshot())).toBe('removeIncome');
    w.actor.send({ type: 'income.remove.confirm' });
    expect(w.actor.getSnapshot().context.draft.incomes).toHaveLength(1);
  });

  it('a failed submit returns to confirmation with the seed message', async () => {
    const w = start(
      { uuid: UUID, prefill: f.completeDraft, resumeAtConfirmation: true, verified: true, coApplicantSaved: true },
      async () => {
        throw new Error('boom');
      },
    );
    expect(w.step()).toBe('confirmation');
    w.actor.send({ type: 'confirm.submit' });
    await flush();
    expect(w.step()).toBe('confirmation');
    expect(w.actor.getSnapshot().context.error).toBe(SUBMIT_FAILED_MESSAGE);
  });

  it('waits for the identity check at confirmation when the store puts it there', async () => {
    const w = start({
      store: { ...f.plainStore, identityCheck: { enabled: true, step: 2 } },
      uuid: UUID,
      prefill: f.completeDraft,
      resumeAtConfirmation: true,
    });
    w.actor.send({ type: 'confirm.submit' });
    expect(w.step()).toBe('identityCheckConfirmation');
    w.actor.send({ type: 'identity.completed' });
    expect(w.step()).toBe('verification');
  });
});
