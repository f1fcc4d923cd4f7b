// The application machines' graphs against committed snapshots: a change of their config that changes a state, a
// transition, a guard, an action or an invocation's input shows here. A deliberate change of the graph updates the
// snapshot (`npx vitest run tests/unit/machines/application/machine-graphs.test.ts -u`) and bumps the machine's
// version when persisted snapshots no longer fit (ARCHITECTURE.md, "Flows as machines").
import { describe, expect, it } from 'vitest';
import { initialTransition } from 'xstate';
import type { ApplicationFlowInput } from '../../../../machines/application/application-flow.ts';
import { singlePageMachine } from '../../../../machines/application/single-page.machine.ts';
import { wizardMachine } from '../../../../machines/application/wizard.machine.ts';
import { machineGraph } from '../machine-graph.ts';
import * as f from './fixtures.ts';

const input: ApplicationFlowInput = {
  store: f.hvacStore,
  today: f.TODAY,
  uuid: 'app-graph-sample',
  prefill: { ...f.completeDraft, home_ownership: f.homeOwnership, product_selection_override: 'hvac-system' },
};

describe('application machine graphs', () => {
  it('the wizard keeps its states, transitions and save inputs', async () => {
    const [sample] = initialTransition(wizardMachine, input);
    await expect(machineGraph(wizardMachine, sample)).toMatchFileSnapshot('./__snapshots__/wizard.graph.snap');
  });

  it('the single-page form keeps its states, transitions and save inputs', async () => {
    const [sample] = initialTransition(singlePageMachine, input);
    await expect(machineGraph(singlePageMachine, sample)).toMatchFileSnapshot('./__snapshots__/single-page.graph.snap');
  });
});
