// Model-based tests of the wizard: a traversal of every store variant must reach every state node and take every
// transition of the machine's definition.
import { describe, expect, it } from 'vitest';
import type { AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { createTestModel, getAdjacencyMap, getStateNodes } from 'xstate/graph';
import {
  FORM_STEPS,
  wizardMachine,
  type ApplicationFlowInput,
  type WizardEvent,
  type WizardSnapshot,
} from '../../../../machines/application/wizard.machine.ts';
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

/** The events a shopper (and the runtime: save results, timers) can cause in a state. */
function eventsFor(snapshot: WizardSnapshot): EventObject[] {
  const step = currentFormStep(snapshot);
  const events: EventObject[] = [
    { type: 'step.back' },
    { type: 'step.skip' },
    ...FORM_STEPS.map((s) => ({ type: 'step.edit', step: s })),
    { type: 'hvac.answer', question: HVAC_QUESTIONS[0], answer: false },
    ...HVAC_QUESTIONS.map((q) => ({ type: 'hvac.answer', question: q, answer: true })),
    { type: 'product.select', product: 'hvac-system' },
    { type: 'coapplicant.answer', value: true },
    { type: 'coapplicant.answer', value: false },
    { type: 'xstate.done.actor.saveSection', output: { uuid: '7d3c8b5e-3f43-4a59-9a36-0f2d7c1b2a10' } },
    { type: 'xstate.error.actor.saveSection', error: new Error('Network down') },
    { type: 'xstate.done.actor.submitApplication', output: { code: 'A' } },
    { type: 'xstate.error.actor.submitApplication', error: new Error('Server error') },
  ];
  if (step && step in validData) {
    events.push({ type: 'step.next', data: validData[step] });
    // Invalid values only on the way forward: enough to cover the refusal without multiplying the drafts.
    if (!snapshot.context.editing) events.push({ type: 'step.next', data: invalidData[step] });
  } else {
    events.push({ type: 'step.next' });
  }
  return events;
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

const transitionKey = (t: AnyTransitionDefinition, index: number) =>
  `${t.source.id} --${t.eventType || '(always)'}[${index}]--> ${(t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)'}`;

/** Every transition of the definition, keyed; the same object identities the machine uses at run time. */
function definedTransitions(): Map<AnyTransitionDefinition, string> {
  const keys = new Map<AnyTransitionDefinition, string>();
  for (const node of [wizardMachine.root, ...getStateNodes(wizardMachine.root)]) {
    for (const list of node.transitions.values()) list.forEach((t, i) => keys.set(t, transitionKey(t, i)));
    node.always?.forEach((t, i) => keys.set(t, transitionKey(t, i)));
  }
  return keys;
}

function traverse(input: ApplicationFlowInput) {
  const adjacency = getAdjacencyMap(wizardMachine, { input, events: eventsFor as never, limit: 200_000 });
  const states = new Set<string>();
  const transitions = new Set<AnyTransitionDefinition>();
  const initial = wizardMachine.getInitialSnapshot(
    { self: undefined, system: undefined } as never,
    input,
  ) as WizardSnapshot;
  for (const { state, transitions: edges } of Object.values(adjacency)) {
    const snapshot = state as WizardSnapshot;
    for (const node of snapshot._nodes) states.add(node.id);
    for (const { event } of Object.values(edges)) {
      for (const t of wizardMachine.getTransitionData(snapshot, event as WizardEvent)) transitions.add(t);
    }
  }
  // The eventless start: the landing state tells which `always` branch was taken.
  states.add(wizardMachine.root.states.start!.id);
  for (const t of wizardMachine.root.states.start!.always ?? []) {
    if (t.target?.some((n: AnyStateNode) => initial._nodes.includes(n))) transitions.add(t);
  }
  return { states, transitions, size: Object.keys(adjacency).length };
}

describe('wizard machine, model-based', () => {
  const results = Object.fromEntries(Object.entries(variants).map(([name, input]) => [name, traverse(input)]));

  it('reaches every state node of the definition across the store variants', () => {
    const reached = new Set(Object.values(results).flatMap((r) => [...r.states]));
    const defined = getStateNodes(wizardMachine.root).map((n) => n.id);
    expect(defined.filter((id) => !reached.has(id))).toEqual([]);
  });

  it('takes every transition of the definition across the store variants', () => {
    const defined = definedTransitions();
    const taken = new Set(Object.values(results).flatMap((r) => [...r.transitions]));
    const missing = [...defined.entries()].filter(([t]) => !taken.has(t)).map(([, key]) => key);
    expect(missing).toEqual([]);
    expect(defined.size).toBeGreaterThan(80);
  });

  it('a plain store never shows the HVAC, product or identity steps', () => {
    const reached = results.plain!.states;
    for (const step of ['hvacPrestep', 'productSelection', 'hvacHomeOwnership', 'identityCheckApplicant', 'identityCheckConfirmation']) {
      expect(reached.has(`wizard.${step}`)).toBe(false);
    }
  });

  it('every shortest path to a state replays on the test model', async () => {
    const model = createTestModel(wizardMachine, {
      input: variants.hvacWithEverything,
      events: eventsFor as never,
      serializeTransition: () => '',
    });
    const paths = model.getShortestPaths({ toState: (s) => s.matches('completed') });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const result = await path.test({});
      expect(result.state.error).toBeNull();
      expect(path.state.matches('completed')).toBe(true);
    }
  });
});
