// Model-based tests of the wizard: a traversal of every store variant must reach every state node and take every
// transition of the machine's definition.
import { describe, expect, it } from 'vitest';
import type { AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';
import type { ApplicationFlowInput } from '../../../../machines/application/application-flow.ts';
import {
  SAVE_HINT_DELAY_MS,
  wizardMachine,
  type WizardSnapshot,
} from '../../../../machines/application/wizard.machine.ts';
import { FORM_STEPS, type WizardEvent } from '../../../../machines/application/wizard-steps.ts';
import { HVAC_QUESTIONS } from '../../../../machines/domain/hvac-prestep.ts';
import * as f from './fixtures.ts';

const validData: Record<string, unknown> = {
  applicantInfo: f.applicant,
  applicantAddress: f.location,
  hvacHomeOwnership: f.homeOwnership,
  income: f.incomes,
  banking: f.banking,
  coApplicantInfo: f.coApplicant,
  coApplicantIncome: f.coApplicantIncomes,
};
const invalidData: Record<string, unknown> = {
  applicantInfo: { first_name: '' },
  applicantAddress: { code: '123' },
  hvacHomeOwnership: { home_type: 'manufactured-leased-land' },
  income: [{ gross: '10', frequency: 'monthly', source: 'retirement' }],
  banking: { routing_number: '021000022' },
  coApplicantInfo: { ...f.coApplicant, same_location: false },
  coApplicantIncome: [{ gross: '' }],
};

function currentFormStep(snapshot: WizardSnapshot): string | undefined {
  const value = snapshot.value;
  return typeof value === 'object' ? Object.keys(value)[0] : undefined;
}

function isFilled(snapshot: WizardSnapshot, step: string): boolean {
  const d = snapshot.context.draft;
  const value = {
    applicantInfo: d.applicant,
    applicantAddress: d.location,
    hvacHomeOwnership: d.home_ownership,
    income: d.incomes,
    banking: d.banking,
    coApplicantInfo: d.co_applicant?.first_name,
    coApplicantIncome: d.co_applicant?.incomes,
  }[step];
  return value !== undefined && value !== null;
}

/** The events a shopper (and the runtime: save results, timers) can cause in a state. */
type AnyEvent = EventObject & Record<string, unknown>;
function eventsFor(snapshot: WizardSnapshot): AnyEvent[] {
  const step = currentFormStep(snapshot);
  const c = snapshot.context;
  const fresh = c.uuid === null && c.draft.applicant === undefined;
  const events: AnyEvent[] = [
    // Backwards moves while editing from confirmation are the same transitions as on the way forward.
    ...(c.editing ? [] : [{ type: 'step.back' }]),
    { type: 'step.skip' },
    ...FORM_STEPS.map((s) => ({ type: 'step.edit', step: s })),
    // The qualifying answers are explored on the first visit only.
    ...(fresh
      ? [
          { type: 'hvac.answer', question: HVAC_QUESTIONS[0], answer: false },
          ...HVAC_QUESTIONS.map((q) => ({ type: 'hvac.answer', question: q, answer: true })),
        ]
      : []),
    { type: 'product.select', product: 'hvac-system' },
    { type: 'coapplicant.answer', value: true },
    { type: 'coapplicant.answer', value: false },
    { type: 'save.retry' },
    { type: 'income.add' },
    { type: 'income.remove' },
    { type: 'income.remove.confirm' },
    { type: 'income.remove.cancel' },
    { type: 'coapplicant.remove.confirm' },
    { type: 'coapplicant.remove.cancel' },
    { type: 'identity.completed' },
    { type: 'confirm.submit' },
    { type: 'verification.completed' },
    { type: 'xstate.done.actor.saveSection', output: { uuid: '7d3c8b5e-3f43-4a59-9a36-0f2d7c1b2a10' } },
    { type: 'xstate.error.actor.saveSection', error: new Error('Network down') },
    { type: 'xstate.done.actor.submitApplication', output: { code: 'A' } },
    { type: 'xstate.error.actor.submitApplication', error: new Error('Server error') },
  ];
  const accepted = new Set(snapshot._nodes.flatMap((node) => [...node.transitions.keys()]));
  const own = (list: AnyEvent[]) => list.filter((e) => accepted.has(e.type));
  if (step && step in validData) {
    events.push({ type: 'step.next', data: validData[step] });
    // Invalid values only on a step's first visit: enough to cover the refusal without multiplying the drafts.
    if (!snapshot.context.editing && !isFilled(snapshot, step))
      events.push({ type: 'step.next', data: invalidData[step] });
  } else {
    events.push({ type: 'step.next' });
  }
  for (const type of accepted) if (type.startsWith('xstate.after.')) events.push({ type });
  return own(events);
}

/**
 * States that differ only in message texts or in which wrong value was typed behave alike: the key keeps the state
 * value, the flags, the HVAC answers while they matter, and for each section whether it is empty, the valid fixture
 * or something else.
 */
function serializeState(snapshot: WizardSnapshot): string {
  const c = snapshot.context;
  const d = c.draft;
  const status = (value: unknown, valid: unknown) =>
    value === undefined || value === null ? '-' : JSON.stringify(value) === JSON.stringify(valid) ? 'ok' : 'x';
  const { incomes: coIncomes, ...coFields } = d.co_applicant ?? {};
  return JSON.stringify([
    snapshot.value,
    c.uuid !== null,
    c.verified,
    c.identityCompleted,
    c.coApplicantSaved,
    c.editing,
    snapshot.matches('hvacPrestep') ? c.hvacAnswers : null,
    d.has_co_applicant,
    d.product_selection_override ?? null,
    status(d.applicant, validData.applicantInfo),
    status(d.location, validData.applicantAddress),
    status(d.home_ownership, validData.hvacHomeOwnership),
    status(d.incomes, validData.income),
    status(d.banking, validData.banking),
    d.co_applicant ? status(coFields, validData.coApplicantInfo) : '-',
    status(coIncomes, validData.coApplicantIncome),
  ]);
}

const variants: Record<string, ApplicationFlowInput> = {
  plain: { store: f.plainStore, today: f.TODAY },
  hvacWithEverything: { store: f.hvacStore, today: f.TODAY },
  hvacOnly: { store: { ...f.plainStore, isHvac: true }, today: f.TODAY },
  productThenIdentityAtConfirmation: {
    store: { ...f.plainStore, productSelectionEnabled: true, identityCheck: { enabled: true, step: 2 } },
    today: f.TODAY,
  },
  verifiedWithIdentityAtConfirmation: {
    store: { ...f.plainStore, bankingRequired: false, identityCheck: { enabled: true, step: 2 } },
    today: f.TODAY,
    verified: true,
  },
  resumedAndVerified: {
    store: f.plainStore,
    today: f.TODAY,
    uuid: '7d3c8b5e-3f43-4a59-9a36-0f2d7c1b2a10',
    prefill: f.completeDraft,
    verified: true,
    coApplicantSaved: true,
    resumeAtConfirmation: true,
  },
};

const targets = (t: AnyTransitionDefinition) => (t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)';
const transitionKey = (t: AnyTransitionDefinition, index: number) =>
  `${t.source.id} --${t.eventType || '(always)'}[${index}]--> ${targets(t)}`;

/** The key of a transition the machine took: its place in its source node's list for that event. */
function takenKey(t: AnyTransitionDefinition): string {
  const list: AnyTransitionDefinition[] = t.eventType
    ? (t.source.transitions.get(t.eventType) ?? [])
    : (t.source.always ?? []);
  const index = list.findIndex((d) => d === t || (targets(d) === targets(t) && d.guard === t.guard));
  return transitionKey(t, index);
}

/** Every transition of the definition (on, after, invoke done/error and always), keyed. */
function definedTransitions(): string[] {
  const keys: string[] = [];
  for (const node of [wizardMachine.root, ...getStateNodes(wizardMachine.root)]) {
    for (const list of node.transitions.values()) list.forEach((t, i) => keys.push(transitionKey(t, i)));
    node.always?.forEach((t, i) => keys.push(transitionKey(t, i)));
  }
  return keys;
}

function traverse(input: ApplicationFlowInput) {
  const adjacency = getAdjacencyMap(wizardMachine, {
    input,
    events: eventsFor as never,
    serializeState: serializeState,
    limit: 2_000_000,
  });
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const { state, transitions: edges } of Object.values(adjacency)) {
    const snapshot = state as WizardSnapshot;
    for (const node of snapshot._nodes) states.add(node.id);
    for (const { event } of Object.values<{ event: EventObject }>(edges)) {
      for (const t of wizardMachine.getTransitionData(snapshot, event as WizardEvent)) transitions.add(takenKey(t));
    }
  }
  // The eventless start: the state the machine lands in tells which `always` branch was taken.
  const start = wizardMachine.root.states.start!;
  states.add(start.id);
  const initial = Object.values(adjacency)[0]!.state as WizardSnapshot;
  (start.always ?? []).forEach((t, i) => {
    if (t.target?.some((n: AnyStateNode) => initial._nodes.some((a) => a.id === n.id)))
      transitions.add(transitionKey(t, i));
  });
  return { states, transitions, size: Object.keys(adjacency).length };
}

describe('wizard machine, model-based', () => {
  const results = Object.fromEntries(Object.entries(variants).map(([name, input]) => [name, traverse(input)]));

  it('explores a bounded model', () => {
    for (const r of Object.values(results)) expect(r.size).toBeLessThan(20_000);
  });

  it('reaches every state node of the definition across the store variants', () => {
    const reached = new Set(Object.values(results).flatMap((r) => [...r.states]));
    const defined = getStateNodes(wizardMachine.root).map((n) => n.id);
    expect(defined.filter((id) => !reached.has(id))).toEqual([]);
  });

  it('takes every transition of the definition across the store variants', () => {
    const defined = definedTransitions();
    const taken = new Set(Object.values(results).flatMap((r) => [...r.transitions]));
    expect(defined.filter((key) => !taken.has(key))).toEqual([]);
    expect(new Set(defined).size).toBe(defined.length);
    expect(defined.length).toBeGreaterThan(80);
  });

  it('a plain store never shows the HVAC, product or identity steps', () => {
    const reached = results.plain!.states;
    for (const step of [
      'hvacPrestep',
      'productSelection',
      'hvacHomeOwnership',
      'identityCheckApplicant',
      'identityCheckConfirmation',
    ]) {
      expect(reached.has(`wizard.${step}`)).toBe(false);
    }
  });

  it.each(['plain', 'hvacWithEverything', 'verifiedWithIdentityAtConfirmation'])(
    'the shortest paths to every state of the %s variant replay on a running actor',
    async (name) => {
      const input = variants[name]!;
      const paths = getShortestPaths(wizardMachine, {
        input,
        events: eventsFor as never,
        serializeState: serializeState,
      });
      expect(paths.length).toBeGreaterThan(100);
      // A sample across the model keeps the run short: every 25th path plus the ones that end the flow.
      const sample = paths.filter((p, i) => i % 25 === 0 || p.state.matches('completed'));
      for (const path of sample) {
        const replayed = await replay(
          input,
          path.steps.map((step) => step.event as AnyEvent),
        );
        expect(replayed.value).toEqual(path.state.value);
      }
    },
    30_000,
  );
});

/** Runs a path's events on a real actor: save and submit results settle the pending promise, timers advance. */
async function replay(input: ApplicationFlowInput, events: AnyEvent[]) {
  const clock = new SimulatedClock();
  let pending: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null = null;
  const controlled = fromPromise<never, unknown>(
    () => new Promise((resolve, reject) => (pending = { resolve: resolve as (v: unknown) => void, reject })),
  );
  const actor = createActor(
    wizardMachine.provide({ actors: { saveSection: controlled, submitApplication: controlled } as never }),
    {
      input,
      clock,
    },
  );
  actor.start();
  for (const event of events) {
    if (event.type === 'xstate.init') continue;
    if (event.type.startsWith('xstate.done.actor.')) {
      (pending as { resolve: (v: unknown) => void } | null)?.resolve(event.output);
    } else if (event.type.startsWith('xstate.error.actor.')) {
      (pending as { reject: (e: unknown) => void } | null)?.reject(event.error);
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment(SAVE_HINT_DELAY_MS);
      continue;
    } else {
      actor.send(event as WizardEvent);
      continue;
    }
    pending = null;
    await new Promise((r) => setTimeout(r, 0));
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}
