import type { EventObject } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { FORM_STEPS, wizardMachine, type ApplicationFlowInput, type WizardSnapshot } from './machines/application/wizard.machine.ts';
import { HVAC_QUESTIONS } from './machines/domain/hvac-prestep.ts';
import * as f from './tests/unit/machines/application/fixtures.ts';
type AnyEvent = EventObject & Record<string, unknown>;
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
  const events: AnyEvent[] = [
    { type: 'step.back' },
    { type: 'step.skip' },
    ...FORM_STEPS.map((s) => ({ type: 'step.edit', step: s })),
    { type: 'hvac.answer', question: HVAC_QUESTIONS[0], answer: false },
    ...HVAC_QUESTIONS.map((q) => ({ type: 'hvac.answer', question: q, answer: true })),
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
    if (!snapshot.context.editing && !isFilled(snapshot, step)) events.push({ type: 'step.next', data: invalidData[step] });
  } else {
    events.push({ type: 'step.next' });
  }
  for (const type of accepted) if (type.startsWith('xstate.after.')) events.push({ type });
  return own(events);
}

/**
 * States that differ only in message texts or in which wrong value was typed behave alike: the key keeps the state
 * value, the flags, and for each section whether it is empty, the valid fixture or something else.
 */
function serializeState(snapshot: WizardSnapshot): string {
  const c = snapshot.context;
  const d = c.draft;
  const status = (value: unknown, valid: unknown) =>
    value === undefined || value === null
      ? '-'
      : JSON.stringify(value) === JSON.stringify(valid)
        ? 'ok'
        : `x${Array.isArray(value) ? value.length : ''}`;
  const { incomes: coIncomes, ...coFields } = d.co_applicant ?? {};
  return JSON.stringify([
    snapshot.value,
    c.uuid !== null,
    c.verified,
    c.identityCompleted,
    c.coApplicantSaved,
    c.editing,
    c.hvacAnswers,
    c.error !== null,
    Object.keys(c.fieldErrors).length > 0,
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
const name = process.argv[2]!;
const t0 = Date.now();
const adj = getAdjacencyMap(wizardMachine, { input: variants[name], events: eventsFor as never, serializeState: serializeState as never, limit: 3000000 });
console.log(name, 'vertices', Object.keys(adj).length, Date.now() - t0, 'ms');
