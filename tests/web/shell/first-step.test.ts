import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StoreView } from '../../../machines/contracts/store.ts';
import { wizardMachine, wizardStep } from '../../../machines/application/wizard.machine.ts';
import { visibleSteps } from '../../../machines/application/wizard-steps.ts';
import { DEFAULT_STORE_FLAGS } from '../../../machines/domain/application-schema.ts';
import { isSinglePage, storeFlags } from '../../../web/shopper/application/store-flags.ts';
import { opensOnApplicantStep } from '../../../web/shopper/shell/first-step.ts';

// boot.ts runs before the application's code loads, so it cannot ask the wizard machine which step the form opens on:
// first-step.ts restates that rule in a few dependency-free lines. This pins the two together: for every store shape
// that matters, the restated rule says "the prerendered applicant step" exactly when the real form (the wizard
// machine with the store's flags, as the page reads them) opens on the applicant's information with the steps the
// picture's progress line shows (the default store's).

const flags = [
  'apply_form_version',
  'enable_product_selection',
  'identity_check_enabled',
  'identity_check_step',
  'mortgage_questions_enabled',
  'banking_required',
] as const;
const values: Record<(typeof flags)[number], unknown[]> = {
  apply_form_version: [undefined, 2, 3],
  enable_product_selection: [undefined, false, true],
  identity_check_enabled: [undefined, false, true],
  identity_check_step: [undefined, 1, 2],
  mortgage_questions_enabled: [undefined, true],
  banking_required: [undefined, false],
};

function stores(): StoreView[] {
  let programs: Record<string, unknown>[] = [{}];
  for (const flag of flags)
    programs = programs.flatMap((p) => values[flag].map((v) => (v === undefined ? p : { ...p, [flag]: v })));
  const identifiers = [null, 'HVAC', 'HOME_IMPROVEMENT', 'RETAIL'];
  return identifiers.flatMap((identifier) => [
    { record: { identifier }, lease_program: null } as unknown as StoreView,
    ...programs.map((lease_program) => ({ record: { identifier }, lease_program }) as unknown as StoreView),
  ]);
}

const defaultSteps = visibleSteps({ store: DEFAULT_STORE_FLAGS, draft: {} });

function formOpensOnPicture(store: StoreView): boolean {
  if (isSinglePage(store)) return false;
  const actor = createActor(wizardMachine, { input: { store: storeFlags(store), today: '2026-11-26' } });
  actor.start();
  const step = wizardStep(actor.getSnapshot());
  actor.stop();
  const steps = visibleSteps({ store: storeFlags(store), draft: {} });
  return step === 'applicantInfo' && JSON.stringify(steps) === JSON.stringify(defaultSteps);
}

describe('opensOnApplicantStep (boot.ts) and the wizard machine', () => {
  it('agree on every combination of the store flags that shape the form', () => {
    const all = stores();
    expect(all.length).toBeGreaterThan(400);
    const opens = (store: StoreView) => opensOnApplicantStep(store);
    const disagreements = all.filter((store) => opens(store) !== formOpensOnPicture(store));
    expect(disagreements.map((s) => JSON.stringify(s))).toEqual([]);
    // Both answers occur: the check is not vacuous.
    expect(all.some((s) => opens(s))).toBe(true);
    expect(all.some((s) => !opens(s))).toBe(true);
  });

  it('no store: the page shows the frame, not a step', () => {
    expect(opensOnApplicantStep(null)).toBe(false);
    expect(opensOnApplicantStep(undefined)).toBe(false);
  });
});
