import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition } from 'xstate';
import { createTestModel, getAdjacencyMap, getStateNodes } from 'xstate/graph';
import {
  applyLeaseAction,
  availableLeaseActions,
  isDelivered,
  LEASE_ACTION_TYPES,
  LEASE_ACTIONS,
  LEASE_STATUS_CODES,
  LEASE_STATUS_CONFIRM_TEMPLATE,
  leaseStatusLabel,
  leaseStatusMachine,
  leaseStatusOf,
  leaseStatusSnapshotAt,
  nextLeaseStatus,
  statusChangeConfirmation,
  type LeaseAction,
  type LeaseStatusCode,
} from '../../../machines/lease-status/lease-status.machine.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';

function label(t: AnyTransitionDefinition): string {
  const list = t.source.transitions.get(t.eventType) ?? [];
  return `${t.source.id} --${t.eventType}#${list.indexOf(t)}--> ${t.target ? t.target.map((n) => n.id).join(',') : '(self)'}`;
}
function definedTransitions(machine: AnyStateMachine): Set<string> {
  const out = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) for (const l of node.transitions.values()) for (const t of l) out.add(label(t));
  return out;
}

type Place = LeaseStatusCode | 'Y.delivered';
const PLACES: Place[] = [...LEASE_STATUS_CODES, 'Y.delivered'];
const ctx = { leaseId: 'L-1001', name: 'Jane Doe' };
const at = (p: Place) => (p === 'Y.delivered' ? leaseStatusSnapshotAt('Y', ctx, true) : leaseStatusSnapshotAt(p, ctx));
const placeOf = (s: ReturnType<typeof at>): Place => (isDelivered(s) ? 'Y.delivered' : leaseStatusOf(s));

// The rules restated: place -> action -> place.
const ALLOWED: Record<Place, Partial<Record<LeaseAction, Place>>> = {
  inProgress: { 'lease.submit': 'S', 'lease.approve': 'V', 'lease.decline': 'N', 'lease.changedMind': 'C' },
  S: { 'lease.approve': 'V', 'lease.decline': 'N', 'lease.requestInfo': 'I', 'lease.changedMind': 'C' },
  I: { 'lease.infoReceived': 'S', 'lease.changedMind': 'C' },
  N: { 'lease.rescore': 'S' },
  V: { 'lease.setContractSigned': 'Z', 'lease.discardContract': 'V', 'lease.requestInfo': 'I', 'lease.changedMind': 'C' },
  Z: { 'lease.authorizeDelivery': 'Y', 'lease.discardContract': 'V', 'lease.resetToApproved': 'V', 'lease.changedMind': 'C' },
  Y: { 'lease.cancelDeliveryAuthorization': 'Z', 'lease.markDelivered': 'Y.delivered', 'lease.resetToApproved': 'V', 'lease.changedMind': 'C' },
  'Y.delivered': { 'lease.cancelDelivered': 'Y', 'lease.fund': 'G' },
  G: { 'lease.fundingCompleted': 'L', 'lease.fundingRejected': 'Y.delivered' },
  L: {},
  C: { 'lease.resetToApproved': 'V' },
};

describe('lease status catalogue', () => {
  it('labels every status as seed 001 does', () => {
    const labels = Object.fromEntries(LEASE_STATUS_CODES.map((c) => [c, leaseStatusLabel('en', c)]));
    expect(labels).toEqual({
      inProgress: 'In Progress',
      C: '(C) Changed Mind',
      G: '(G) Funding in Process',
      I: '(I) More Info Required',
      L: '(L) Funded / Closed',
      N: '(N) Did Not Qualify',
      S: '(S) Awaiting Review',
      V: '(V) Approved/Pending Contract',
      Y: '(Y) Delivery/Install Authorized',
      Z: '(Z) Awaiting Docs and/or Payment',
    });
    for (const c of LEASE_STATUS_CODES) expect(leaseStatusLabel('es', c)).not.toBe(leaseStatusLabel('en', c));
  });
  it('labels every action in both languages', () => {
    for (const key of Object.values(LEASE_ACTIONS)) {
      expect(translate('en', key)).not.toBe(key);
      expect(translate('es', key)).not.toBe(key);
    }
    expect(translate('en', LEASE_ACTIONS['lease.resetToApproved'])).toBe('Reset to Approved');
    expect(translate('en', LEASE_ACTIONS['lease.cancelDeliveryAuthorization'])).toBe('Cancel Delivery Authorization');
    expect(translate('en', LEASE_ACTIONS['lease.cancelDelivered'])).toBe('Cancel Delivered');
    expect(translate('en', LEASE_ACTIONS['lease.discardContract'])).toBe('Discard Contract');
    expect(translate('en', LEASE_ACTIONS['lease.setContractSigned'])).toBe('Set Contract Signed');
  });
  it('builds the seed confirmation text', () => {
    const text = statusChangeConfirmation('en', 'Jane Doe', 'V', 'Z');
    const seed = LEASE_STATUS_CONFIRM_TEMPLATE.replace(':name', 'Jane Doe')
      .replace(':old_state', '(V) Approved/Pending Contract')
      .replace(':new_state', '(Z) Awaiting Docs and/or Payment');
    expect(text).toBe(seed);
    expect(text).toBe('You are changing "Jane Doe" from "(V) Approved/Pending Contract" state to "(Z) Awaiting Docs and/or Payment" state.');
    expect(statusChangeConfirmation('es', 'Jane Doe', 'inProgress', 'S')).toBe(
      'Está cambiando "Jane Doe" del estado "En curso" al estado "(S) En espera de revisión".',
    );
  });
});

describe('lease status machine: every action in every status', () => {
  for (const place of PLACES) {
    for (const action of LEASE_ACTION_TYPES) {
      const expected = ALLOWED[place][action];
      it(`${place} ${expected ? `allows ${action} -> ${expected}` : `refuses ${action}`}`, () => {
        const result = applyLeaseAction(at(place), action);
        expect(result.accepted).toBe(expected !== undefined);
        if (result.accepted) {
          expect(placeOf(result.snapshot)).toBe(expected);
          expect(nextLeaseStatus(at(place), action)).toBe(leaseStatusOf(result.snapshot));
        } else {
          expect(nextLeaseStatus(at(place), action)).toBeUndefined();
          expect(translate('en', result.message, result.params)).toMatch(/is not allowed while the lease is in ".+" state\.$/);
        }
      });
    }
  }
  it('lists the available actions for the buttons', () => {
    for (const place of PLACES) expect(availableLeaseActions(at(place)).sort()).toEqual(Object.keys(ALLOWED[place]).sort());
  });
  it('funding needs a delivered lease', () => {
    expect(applyLeaseAction(at('Y'), 'lease.fund').accepted).toBe(false);
    const delivered = applyLeaseAction(at('Y'), 'lease.markDelivered');
    expect(delivered.accepted && delivered.statusChanged).toBe(true);
    expect(delivered.accepted && applyLeaseAction(delivered.snapshot, 'lease.fund').accepted).toBe(true);
  });
});

describe('lease status machine: model-based coverage (xstate/graph)', () => {
  const events = LEASE_ACTION_TYPES.map((type) => ({ type }));
  it('reaches every state and takes every transition', () => {
    const adjacency = getAdjacencyMap(leaseStatusMachine, { input: ctx, events });
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const { state, transitions: edges } of Object.values(adjacency)) {
      const snap = state as AnyMachineSnapshot;
      for (const n of snap._nodes) if (n !== leaseStatusMachine.root) states.add(n.id);
      if (snap.status !== 'active') continue;
      for (const { event } of Object.values(edges) as Array<{ event: { type: string } }>)
        for (const t of leaseStatusMachine.getTransitionData(snap as never, event as never)) transitions.add(label(t));
    }
    expect([...states].sort()).toEqual(getStateNodes(leaseStatusMachine.root).map((n) => n.id).sort());
    expect([...transitions].sort()).toEqual([...definedTransitions(leaseStatusMachine)].sort());
  });
  it('the shortest paths to Funded / Closed go through delivery and funding', async () => {
    const model = createTestModel(leaseStatusMachine, { input: ctx, events });
    const paths = model.getShortestPaths({ toState: (s) => s.matches('L') });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const types = path.steps.map((s) => s.event.type);
      expect(types).toContain('lease.markDelivered');
      expect(types.at(-1)).toBe('lease.fundingCompleted');
      await path.test({});
    }
  });
});
