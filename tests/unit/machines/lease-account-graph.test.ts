// The lease account machine's graph against a committed snapshot (as the application machines'): the open states share
// their ledger transitions from one definition, and a change that moves a state, a transition, a guard or an action
// shows here. A deliberate change updates the snapshot (`-u`) and bumps the machine's `machineVersion` when persisted
// accounts no longer fit.
import { describe, expect, it } from 'vitest';
import { initialTransition } from 'xstate';
import { leaseAccountMachine } from '../../../machines/lease-account/lease-account.machine.ts';
import { machineGraph } from './machine-graph.ts';

describe('lease account machine graph', () => {
  it('keeps its states, transitions, guards and actions', async () => {
    const [sample] = initialTransition(leaseAccountMachine, { leaseId: 'lease-graph-sample' });
    await expect(machineGraph(leaseAccountMachine, sample)).toMatchFileSnapshot(
      './__snapshots__/lease-account.graph.snap',
    );
  });
});
