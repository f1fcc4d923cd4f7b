// The single-page form: per-section autosave 1 s after a valid change, the applicant first, Submit waiting for
// every active section, the scheduled flag expiring after 15 s. Timers run on xstate's SimulatedClock.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SaveSectionInput } from '../../../../machines/contracts/application.ts';
import {
  AUTOSAVE_DEBOUNCE_MS,
  SAVE_SCHEDULED_WINDOW_MS,
  activeSections,
  isSaving,
  numberedSections,
  sectionStatus,
  singlePageMachine,
  singlePageStep,
} from '../../../../machines/application/single-page.machine.ts';
import type { ApplicationFlowInput } from '../../../../machines/application/application-flow.ts';
import * as f from './fixtures.ts';

const UUID = '7d3c8b5e-3f43-4a59-9a36-0f2d7c1b2a10';
const flush = () => new Promise((r) => setTimeout(r, 0));

function start(input: Partial<ApplicationFlowInput> = {}, opts: { failSaves?: boolean } = {}) {
  const clock = new SimulatedClock();
  const saves: { input: SaveSectionInput; resolve: () => void; reject: (e: Error) => void }[] = [];
  const submits: unknown[] = [];
  const machine = singlePageMachine.provide({
    actors: {
      saveSection: fromPromise(
        ({ input: saveInput }: { input: SaveSectionInput }) =>
          new Promise<{ uuid: string }>((resolve, reject) => {
            saves.push({ input: saveInput, resolve: () => resolve({ uuid: UUID }), reject });
            if (opts.failSaves) reject(new Error('Network down'));
          }),
      ),
      submitApplication: fromPromise(async ({ input: body }) => {
        submits.push(body);
        return { code: 'A' };
      }),
    },
  });
  const actor = createActor(machine, { input: { store: f.plainStore, today: f.TODAY, ...input }, clock });
  actor.start();
  return { actor, clock, saves, submits };
}

const change = (section: string, value: unknown) => ({ type: 'section.change', section, value }) as never;

describe('single-page autosave', () => {
  it('saves a valid change 1 s after the last edit, not before', async () => {
    const { actor, clock, saves } = start();
    actor.send(change('applicant', f.applicant));
    expect(sectionStatus(actor.getSnapshot(), 'applicant')).toBe('debouncing');
    clock.increment(AUTOSAVE_DEBOUNCE_MS - 1);
    expect(saves).toHaveLength(0);
    clock.increment(1);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.input.body).toMatchObject({ section: ['applicant'], applicant: f.applicant });
    expect(isSaving(actor.getSnapshot())).toBe(true);
    saves[0]!.resolve();
    await flush();
    expect(actor.getSnapshot().context.uuid).toBe(UUID);
    expect(sectionStatus(actor.getSnapshot(), 'applicant')).toBe('idle');
  });

  it('restarts the 1 s wait on every edit', () => {
    const { actor, clock, saves } = start();
    actor.send(change('applicant', { ...f.applicant, first_name: 'An' }));
    clock.increment(800);
    actor.send(change('applicant', f.applicant));
    clock.increment(800);
    expect(saves).toHaveLength(0);
    clock.increment(200);
    expect(saves).toHaveLength(1);
    expect((saves[0]!.input.body.applicant as { first_name: string }).first_name).toBe('Ann');
  });

  it('does not save an invalid section and keeps its field errors', () => {
    const { actor, clock, saves } = start();
    actor.send(change('applicant', { ...f.applicant, date_of_birth: '2010-01-01' }));
    clock.increment(5_000);
    expect(saves).toHaveLength(0);
    expect(actor.getSnapshot().context.fieldErrors.applicant).toEqual({
      'applicant.date_of_birth': ['Must be older than 18 years.'],
    });
  });

  it('does not save an unchanged value again', async () => {
    const { actor, clock, saves } = start();
    actor.send(change('applicant', f.applicant));
    clock.increment(1_000);
    saves[0]!.resolve();
    await flush();
    actor.send(change('applicant', { ...f.applicant }));
    clock.increment(1_000);
    expect(saves).toHaveLength(1);
  });

  it('saves other sections only after the applicant was created', async () => {
    const { actor, clock, saves } = start();
    actor.send(change('location', f.location));
    clock.increment(1_000);
    expect(saves).toHaveLength(0);
    expect(sectionStatus(actor.getSnapshot(), 'location')).toBe('waitingForApplicant');
    actor.send(change('applicant', f.applicant));
    clock.increment(1_000);
    expect(saves.map((s) => s.input.sections)).toEqual([['applicant']]);
    saves[0]!.resolve();
    await flush();
    expect(saves.map((s) => s.input.sections)).toEqual([['applicant'], ['location']]);
    expect(saves[1]!.input.body.uuid).toBe(UUID);
  });

  it('saves again after a save when the value changed meanwhile', async () => {
    const { actor, clock, saves } = start({ uuid: UUID });
    actor.send(change('location', f.location));
    clock.increment(1_000);
    actor.send(change('location', { ...f.location, line_1: '2 Main St' }));
    saves[0]!.resolve();
    await flush();
    expect(sectionStatus(actor.getSnapshot(), 'location')).toBe('debouncing');
    clock.increment(1_000);
    expect(saves).toHaveLength(2);
    expect((saves[1]!.input.body.location as { line_1: string }).line_1).toBe('2 Main St');
  });

  it('keeps the data after a failed save and retries on request', async () => {
    const { actor, clock, saves } = start({ uuid: UUID });
    actor.send(change('location', f.location));
    clock.increment(1_000);
    saves[0]!.reject(new Error('Network down'));
    await flush();
    const snapshot = actor.getSnapshot();
    expect(sectionStatus(snapshot, 'location')).toBe('failed');
    expect(snapshot.context.saveErrors.location).toBe('Network down');
    expect(snapshot.context.values.location).toEqual(f.location);
    actor.send({ type: 'save.retry', section: 'location' });
    expect(saves).toHaveLength(2);
  });

  it('saves prefilled sections without an edit', () => {
    const { actor, clock, saves } = start({ uuid: UUID, prefill: { location: f.location } });
    expect(sectionStatus(actor.getSnapshot(), 'location')).toBe('debouncing');
    clock.increment(1_000);
    expect(saves.map((s) => s.input.sections)).toEqual([['location']]);
  });
});

describe('single-page active sections', () => {
  it('includes co-applicant sections only with a co-applicant, home ownership only with HVAC mortgage questions, banking when required or given', () => {
    const base = { store: f.plainStore, values: {}, saved: {} };
    expect(activeSections(base)).toEqual(['applicant', 'location', 'incomes', 'banking', 'has_co_applicant']);
    expect(activeSections({ ...base, values: { has_co_applicant: true } })).toContain('co_applicant_incomes');
    expect(activeSections({ ...base, store: f.hvacStore })).toEqual([
      'applicant',
      'location',
      'home_ownership',
      'incomes',
      'has_co_applicant',
    ]);
    expect(activeSections({ ...base, store: f.hvacStore, values: { banking: { routing_number: '0210' } } })).toContain(
      'banking',
    );
    expect(numberedSections({ ...base, store: f.hvacStore }).map((s) => `${s.number}.${s.section}`)).toEqual([
      '1.applicant',
      '2.location',
      '3.home_ownership',
      '4.incomes',
      '5.banking',
      '6.has_co_applicant',
    ]);
  });

  it('ignores changes of an inactive section for saving', () => {
    const { actor, clock, saves } = start({ uuid: UUID });
    actor.send(change('co_applicant', f.coApplicant));
    clock.increment(2_000);
    expect(saves).toHaveLength(0);
  });
});

describe('single-page submit', () => {
  async function fillAll(h: ReturnType<typeof start>) {
    const { actor, clock, saves } = h;
    actor.send(change('applicant', f.applicant));
    clock.increment(1_000);
    saves[0]!.resolve();
    await flush();
    for (const [section, value] of [
      ['location', f.location],
      ['incomes', f.incomes],
      ['banking', f.banking],
      ['has_co_applicant', false],
    ] as const) {
      actor.send(change(section, value));
    }
  }

  it('saves every pending section at once and moves to confirmation when all are saved', async () => {
    const h = start();
    await fillAll(h);
    h.actor.send({ type: 'form.submit' });
    expect(h.actor.getSnapshot().context.submitScheduled).toBe(true);
    expect(h.saves.slice(1).map((s) => s.input.sections.join())).toEqual([
      'location',
      'incomes',
      'banking',
      'has_co_applicant',
    ]);
    for (const s of h.saves.slice(1)) s.resolve();
    await flush();
    expect(singlePageStep(h.actor.getSnapshot())).toBe('confirmation');
    h.actor.send({ type: 'confirm.submit' });
    expect(singlePageStep(h.actor.getSnapshot())).toBe('verification');
    h.actor.send({ type: 'verification.completed' });
    await flush();
    expect(singlePageStep(h.actor.getSnapshot())).toBe('completed');
    expect(h.submits).toHaveLength(1);
  });

  it('lets the scheduled flag expire after 15 s when a section cannot be saved', async () => {
    const h = start();
    await fillAll(h);
    h.actor.send(change('incomes', [{ gross: '100', frequency: 'monthly', source: 'retirement' }]));
    h.actor.send({ type: 'form.submit' });
    for (const s of h.saves.slice(1)) s.resolve();
    await flush();
    expect(singlePageStep(h.actor.getSnapshot())).toBe('application');
    expect(h.actor.getSnapshot().context.fieldErrors.incomes).toEqual({
      'incomes.0.gross': ['Income must be over $1200 per month'],
    });
    h.clock.increment(SAVE_SCHEDULED_WINDOW_MS - 1);
    expect(h.actor.getSnapshot().context.submitScheduled).toBe(true);
    h.clock.increment(1);
    expect(h.actor.getSnapshot().context.submitScheduled).toBe(false);
  });

  it('returns to the application step to edit and saves valid changes there', async () => {
    const h = start();
    await fillAll(h);
    h.actor.send({ type: 'form.submit' });
    for (const s of h.saves.slice(1)) s.resolve();
    await flush();
    h.actor.send({ type: 'step.edit' });
    expect(singlePageStep(h.actor.getSnapshot())).toBe('application');
    expect(h.actor.getSnapshot().context.editing).toBe(true);
    h.actor.send(change('location', { ...f.location }));
    h.clock.increment(1_000);
    expect(h.saves.at(-1)!.input.sections).toEqual(['location']);
  });
});
