import { describe, expect, it } from 'vitest';
import { createTestModel, getAdjacencyMap } from 'xstate/graph';
import {
  ALL_FACTS,
  applyLeaseAction,
  availableLeaseActions,
  availableStaffActions,
  isDelivered,
  isStaffLeaseActionId,
  LEASE_ACTION_TYPES,
  LEASE_ACTIONS,
  LEASE_STATUS_CODES,
  LEASE_STATUS_CONFIRM_TEMPLATE,
  leaseActionPermission,
  leaseEvent,
  leasePlaceLabel,
  leaseStatusLabel,
  leaseStatusMachine,
  leaseStatusOf,
  leaseStatusSnapshotAt,
  nextLeaseStatus,
  persistLeaseStatus,
  restoreLeaseStatus,
  STAFF_LEASE_ACTION_IDS,
  STAFF_LEASE_ACTIONS,
  statusChangeConfirmation,
  type LeaseAction,
  type LeaseFacts,
  type LeaseStatusCode,
  type StaffLeaseActionId,
} from '../../../machines/lease-status/lease-status.machine.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { leases } from '../../../machines/i18n/leases.ts';
import { checkout } from '../../../machines/i18n/checkout.ts';
import { coverage, definedTransitions, stateIds } from '../../support/machine-coverage.ts';

type Place = LeaseStatusCode | 'Y.delivered';
const PLACES: Place[] = [...LEASE_STATUS_CODES, 'Y.delivered'];
const ctx = { leaseId: 'L-1001', name: 'Jane Doe' };
const at = (p: Place) => (p === 'Y.delivered' ? leaseStatusSnapshotAt('Y', ctx, true) : leaseStatusSnapshotAt(p, ctx));
const placeOf = (s: ReturnType<typeof at>): Place => (isDelivered(s) ? 'Y.delivered' : leaseStatusOf(s));

const facts = (f: Partial<LeaseFacts> = {}): LeaseFacts => ({
  hasContract: false,
  esignPending: false,
  signed: false,
  downPaymentDue: false,
  ...f,
});
const NO_FACTS = facts();

// The guards restated: which facts let a guarded action through (unguarded actions pass under any facts).
const GUARD: Partial<Record<LeaseAction, (f: LeaseFacts) => boolean>> = {
  'lease.setContractSigned': (f) => f.hasContract,
  'lease.remoteEsign': (f) => f.hasContract && !f.signed,
  'lease.discardContract': (f) => f.esignPending || f.signed,
  'lease.recalculate': (f) => f.hasContract && !f.esignPending,
  'lease.authorizeDelivery': (f) => f.signed && !f.downPaymentDue,
  // Guarded in Z only (it is the authorization and the delivery at once); in Y it just records the delivery.
  'lease.deliveryConfirmed': (f) => f.signed && !f.downPaymentDue,
};
// Where a guarded action is allowed without its guard.
const UNGUARDED_AT: Partial<Record<Place, LeaseAction[]>> = { Y: ['lease.deliveryConfirmed'] };
const guardPasses = (place: Place, action: LeaseAction, f: LeaseFacts) =>
  UNGUARDED_AT[place]?.includes(action) ? true : (GUARD[action]?.(f) ?? true);

// For each guarded action, facts under which its guard passes (the rest need none).
const PASSING: Partial<Record<LeaseAction, LeaseFacts>> = {
  'lease.setContractSigned': facts({ hasContract: true }),
  'lease.remoteEsign': facts({ hasContract: true }),
  'lease.discardContract': facts({ hasContract: true, esignPending: true }),
  'lease.recalculate': facts({ hasContract: true }),
  'lease.authorizeDelivery': facts({ hasContract: true, signed: true }),
  'lease.deliveryConfirmed': facts({ hasContract: true, signed: true }),
};
const passing = (action: LeaseAction): LeaseFacts => PASSING[action] ?? NO_FACTS;

// The rules restated: place -> action -> place (guarded actions under facts that pass their guard).
const ALLOWED: Record<Place, Partial<Record<LeaseAction, Place>>> = {
  inProgress: {
    'lease.submit': 'S',
    'lease.approve': 'V',
    'lease.decline': 'N',
    'lease.switchStore': 'inProgress',
    'lease.changedMind': 'C',
  },
  S: {
    'lease.approve': 'V',
    'lease.decline': 'N',
    'lease.requestInfo': 'I',
    'lease.rescore': 'S',
    'lease.revoke': 'N',
    'lease.switchStore': 'S',
    'lease.changedMind': 'C',
  },
  I: { 'lease.infoReceived': 'S', 'lease.revoke': 'N', 'lease.changedMind': 'C' },
  N: { 'lease.rescore': 'S' },
  V: {
    'lease.setContractSigned': 'Z',
    'lease.remoteEsign': 'V',
    'lease.discardContract': 'V',
    'lease.recalculate': 'V',
    'lease.requestInfo': 'I',
    'lease.rescore': 'S',
    'lease.revoke': 'N',
    'lease.switchStore': 'V',
    'lease.changedMind': 'C',
  },
  Z: {
    'lease.authorizeDelivery': 'Y',
    'lease.deliveryConfirmed': 'Y.delivered',
    'lease.discardContract': 'V',
    'lease.resetToApproved': 'V',
    'lease.updateDeliveryDate': 'Z',
    'lease.cancelDeliveryDate': 'Z',
    'lease.changedMind': 'C',
  },
  Y: {
    'lease.cancelDeliveryAuthorization': 'Z',
    'lease.markDelivered': 'Y.delivered',
    'lease.deliveryConfirmed': 'Y.delivered',
    'lease.updateDeliveryDate': 'Y',
    'lease.cancelDeliveryDate': 'Y',
    'lease.resetToApproved': 'V',
    'lease.changedMind': 'C',
  },
  'Y.delivered': { 'lease.cancelDelivered': 'Y', 'lease.fund': 'G', 'lease.merchandiseReturned': 'C' },
  G: { 'lease.fundingCompleted': 'L', 'lease.fundingRejected': 'Y.delivered', 'lease.merchandiseReturned': 'C' },
  L: {},
  C: { 'lease.resetToApproved': 'V' },
};

const NOT_ALLOWED = /is not allowed while the lease is in ".+" state\.$/;
const en = (r: { message: string; params: Record<string, string> }) => translate('en', r.message, r.params);
const refusal = (place: Place, action: LeaseAction, f: LeaseFacts): string => {
  const r = applyLeaseAction(at(place), action, f);
  if (r.accepted) throw new Error(`${place} accepted ${action}`);
  return en(r);
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
  it('labels Y while delivered as Delivered / Awaiting Funding', () => {
    expect(leasePlaceLabel('en', 'Y', true)).toBe('(Y) Delivered / Awaiting Funding');
    expect(leasePlaceLabel('en', 'Y', false)).toBe('(Y) Delivery/Install Authorized');
    expect(leasePlaceLabel('en', 'V', true)).toBe('(V) Approved/Pending Contract');
    expect(leasePlaceLabel('es', 'Y', true)).toBe('(Y) Entregado / En espera de financiamiento');
  });
  it('labels every action in both languages', () => {
    for (const key of Object.values(LEASE_ACTIONS)) {
      const enText = leases.en[key] ?? checkout.en[key];
      const esText = leases.es[key] ?? checkout.es[key];
      expect(enText, `en ${key}`).toBeTruthy();
      expect(esText, `es ${key}`).toBeTruthy();
      expect(translate('en', key)).toBe(enText);
      expect(translate('es', key)).toBe(esText);
    }
    expect(translate('en', LEASE_ACTIONS['lease.resetToApproved'])).toBe('Reset to Approved');
    expect(translate('en', LEASE_ACTIONS['lease.cancelDeliveryAuthorization'])).toBe('Cancel Delivery Authorization');
    expect(translate('en', LEASE_ACTIONS['lease.cancelDelivered'])).toBe('Cancel Delivered');
    expect(translate('en', LEASE_ACTIONS['lease.discardContract'])).toBe('Discard Contract');
    expect(translate('en', LEASE_ACTIONS['lease.setContractSigned'])).toBe('Set Contract Signed');
    expect(translate('en', LEASE_ACTIONS['lease.remoteEsign'])).toBe('Remote E-Sign');
    expect(translate('en', LEASE_ACTIONS['lease.deliveryConfirmed'])).toBe('Delivery Confirmed by Retailer');
  });
  it('has every refusal message in both languages', () => {
    for (const key of [
      'notAllowed',
      'notCalculated',
      'discardFirst',
      'noContractOut',
      'alreadySigned',
      'notSigned',
      'downPaymentDue',
    ]) {
      const k = `leaseStatus.error.${key}`;
      expect(translate('en', k)).not.toBe(k);
      expect(translate('es', k)).not.toBe(k);
      expect(translate('es', k)).not.toBe(translate('en', k));
    }
  });
  it('builds the seed confirmation text', () => {
    const text = statusChangeConfirmation('en', 'Jane Doe', 'V', 'Z');
    const seed = LEASE_STATUS_CONFIRM_TEMPLATE.replace(':name', 'Jane Doe')
      .replace(':old_state', '(V) Approved/Pending Contract')
      .replace(':new_state', '(Z) Awaiting Docs and/or Payment');
    expect(text).toBe(seed);
    expect(text).toBe(
      'You are changing "Jane Doe" from "(V) Approved/Pending Contract" state to "(Z) Awaiting Docs and/or Payment" state.',
    );
    expect(statusChangeConfirmation('es', 'Jane Doe', 'inProgress', 'S')).toBe(
      'Está cambiando "Jane Doe" del estado "En curso" al estado "(S) En espera de revisión".',
    );
    expect(statusChangeConfirmation('en', 'Jane Doe', 'Y', 'G', true)).toBe(
      'You are changing "Jane Doe" from "(Y) Delivered / Awaiting Funding" state to "(G) Funding in Process" state.',
    );
    expect(statusChangeConfirmation('en', 'Jane Doe', 'Z', 'Y', false, true)).toBe(
      'You are changing "Jane Doe" from "(Z) Awaiting Docs and/or Payment" state to "(Y) Delivered / Awaiting Funding" state.',
    );
  });
});

describe('lease status machine: every action in every status', () => {
  it('the chosen facts pass each guard, and the guards are only on the fact-carrying events', () => {
    for (const [action, f] of Object.entries(PASSING) as [LeaseAction, LeaseFacts][])
      expect(GUARD[action]!(f), action).toBe(true);
    for (const action of LEASE_ACTION_TYPES) {
      const event = leaseEvent(action, facts({ hasContract: true, signed: true }));
      expect('hasContract' in event, action).toBe(action in GUARD);
      expect(event.type).toBe(action);
    }
    expect(ALL_FACTS).toHaveLength(16);
    expect(new Set(ALL_FACTS.map((f) => JSON.stringify(f))).size).toBe(16);
  });
  for (const place of PLACES) {
    for (const action of LEASE_ACTION_TYPES) {
      const expected = ALLOWED[place][action];
      it(`${place} ${expected ? `allows ${action} -> ${expected}` : `refuses ${action}`}`, () => {
        const f = passing(action);
        const result = applyLeaseAction(at(place), action, f);
        expect(result.accepted).toBe(expected !== undefined);
        expect(result.from).toBe(leaseStatusOf(at(place)));
        if (result.accepted) {
          expect(placeOf(result.snapshot)).toBe(expected);
          expect(result.to).toBe(leaseStatusOf(result.snapshot));
          expect(result.statusChanged).toBe(place !== expected);
          expect(result.snapshot.context).toEqual(ctx);
          expect(nextLeaseStatus(at(place), action, f)).toBe(leaseStatusOf(result.snapshot));
        } else {
          expect(nextLeaseStatus(at(place), action, f)).toBeUndefined();
          expect(result.message).toBe('leaseStatus.error.notAllowed');
          expect(en(result)).toMatch(NOT_ALLOWED);
          expect(en(result)).toBe(
            `"${translate('en', LEASE_ACTIONS[action])}" is not allowed while the lease is in "${leasePlaceLabel('en', leaseStatusOf(at(place)), place === 'Y.delivered')}" state.`,
          );
        }
      });
    }
  }
  it('under every fact set, accepts exactly what the table and the guards allow', () => {
    for (const place of PLACES)
      for (const f of ALL_FACTS)
        for (const action of LEASE_ACTION_TYPES) {
          const expected = ALLOWED[place][action];
          const ok = expected !== undefined && guardPasses(place, action, f);
          const result = applyLeaseAction(at(place), action, f);
          expect(result.accepted, `${place} ${action} ${JSON.stringify(f)}`).toBe(ok);
          if (result.accepted) expect(placeOf(result.snapshot)).toBe(expected);
          else if (expected === undefined) expect(result.message).toBe('leaseStatus.error.notAllowed');
          else
            expect(result.message, `${place} ${action} ${JSON.stringify(f)}`).not.toBe('leaseStatus.error.notAllowed');
        }
  });
  it('lists the available actions for the buttons', () => {
    for (const place of PLACES)
      for (const f of ALL_FACTS)
        expect(availableLeaseActions(at(place), f).sort(), `${place} ${JSON.stringify(f)}`).toEqual(
          (Object.keys(ALLOWED[place]) as LeaseAction[]).filter((a) => guardPasses(place, a, f)).sort(),
        );
  });
  it('funding needs a delivered lease', () => {
    expect(applyLeaseAction(at('Y'), 'lease.fund', NO_FACTS).accepted).toBe(false);
    const delivered = applyLeaseAction(at('Y'), 'lease.markDelivered', NO_FACTS);
    expect(delivered.accepted && delivered.statusChanged).toBe(true);
    expect(delivered.accepted && applyLeaseAction(delivered.snapshot, 'lease.fund', NO_FACTS).accepted).toBe(true);
  });
  it('the retailer confirming delivery in Z authorizes and delivers at once', () => {
    const r = applyLeaseAction(at('Z'), 'lease.deliveryConfirmed', facts({ hasContract: true, signed: true }));
    expect(r.accepted).toBe(true);
    if (!r.accepted) return;
    expect(placeOf(r.snapshot)).toBe('Y.delivered');
    expect(r.to).toBe('Y');
    expect(r.statusChanged).toBe(true);
  });
  it('self-transitions do not change the status', () => {
    for (const [place, action] of [
      ['inProgress', 'lease.switchStore'],
      ['S', 'lease.rescore'],
      ['V', 'lease.recalculate'],
      ['V', 'lease.remoteEsign'],
      ['Z', 'lease.updateDeliveryDate'],
      ['Y', 'lease.cancelDeliveryDate'],
    ] as [Place, LeaseAction][]) {
      const r = applyLeaseAction(at(place), action, passing(action));
      expect(r.accepted && !r.statusChanged && placeOf(r.snapshot) === place, `${place} ${action}`).toBe(true);
    }
  });
});

describe('lease status machine: guard refusals', () => {
  it('recalculation needs a calculated contract and no e-sign pending', () => {
    expect(refusal('V', 'lease.recalculate', facts({ hasContract: true, esignPending: true }))).toBe(
      'An e-sign contract must be discarded before recalculation.',
    );
    expect(refusal('V', 'lease.recalculate', NO_FACTS)).toBe('Lease contract not yet calculated');
    expect(
      nextLeaseStatus(at('V'), 'lease.recalculate', facts({ hasContract: true, esignPending: true })),
    ).toBeUndefined();
    // Discarding the e-sign contract first, then recalculating, is allowed.
    const discarded = applyLeaseAction(
      at('V'),
      'lease.discardContract',
      facts({ hasContract: true, esignPending: true }),
    );
    expect(discarded.accepted).toBe(true);
    if (discarded.accepted)
      expect(applyLeaseAction(discarded.snapshot, 'lease.recalculate', facts({ hasContract: true })).accepted).toBe(
        true,
      );
  });
  it('setting the contract signed needs a contract', () => {
    expect(refusal('V', 'lease.setContractSigned', NO_FACTS)).toBe('Lease contract not yet calculated');
    expect(refusal('V', 'lease.setContractSigned', facts({ signed: true, esignPending: true }))).toBe(
      'Lease contract not yet calculated',
    );
    const r = applyLeaseAction(at('V'), 'lease.setContractSigned', NO_FACTS, 'es');
    expect(!r.accepted && translate('es', r.message, r.params)).toBe(
      'El contrato de arrendamiento aún no se ha calculado',
    );
  });
  it('remote e-sign needs a contract not yet signed', () => {
    expect(refusal('V', 'lease.remoteEsign', NO_FACTS)).toBe('Lease contract not yet calculated');
    expect(refusal('V', 'lease.remoteEsign', facts({ hasContract: true, signed: true }))).toBe(
      'The contract is already signed.',
    );
  });
  it('discarding needs a contract out for signing or signed', () => {
    expect(refusal('V', 'lease.discardContract', facts({ hasContract: true }))).toBe(
      'There is no contract out for signing to discard.',
    );
    expect(refusal('Z', 'lease.discardContract', facts({ hasContract: true }))).toBe(
      'There is no contract out for signing to discard.',
    );
    const back = applyLeaseAction(at('Z'), 'lease.discardContract', facts({ hasContract: true, signed: true }));
    expect(back.accepted && back.to).toBe('V');
  });
  it('in Z delivery is authorized only once signed and paid', () => {
    expect(refusal('Z', 'lease.authorizeDelivery', facts({ hasContract: true }))).toBe(
      leases.en['leaseStatus.error.notSigned'],
    );
    expect(refusal('Z', 'lease.authorizeDelivery', facts({ hasContract: true }))).toBe(
      'The contract is not signed yet: delivery cannot be authorized.',
    );
    expect(refusal('Z', 'lease.authorizeDelivery', facts({ hasContract: true, downPaymentDue: true }))).toBe(
      leases.en['leaseStatus.error.notSigned'],
    );
    expect(
      refusal('Z', 'lease.authorizeDelivery', facts({ hasContract: true, signed: true, downPaymentDue: true })),
    ).toBe(leases.en['leaseStatus.error.downPaymentDue']);
    expect(
      refusal('Z', 'lease.authorizeDelivery', facts({ hasContract: true, signed: true, downPaymentDue: true })),
    ).toBe('The down payment has not been paid: delivery cannot be authorized.');
    const es = applyLeaseAction(
      at('Z'),
      'lease.authorizeDelivery',
      facts({ signed: true, downPaymentDue: true }),
      'es',
    );
    expect(!es.accepted && translate('es', es.message, es.params)).toBe(leases.es['leaseStatus.error.downPaymentDue']);
    const ok = applyLeaseAction(at('Z'), 'lease.authorizeDelivery', facts({ hasContract: true, signed: true }));
    expect(ok.accepted && placeOf(ok.snapshot)).toBe('Y');
  });
  it('in Z a delivery confirmation is accepted only once signed and paid; in Y under any facts', () => {
    const unsigned = facts({ hasContract: true });
    const unpaid = facts({ hasContract: true, signed: true, downPaymentDue: true });
    expect(refusal('Z', 'lease.deliveryConfirmed', unsigned)).toBe(leases.en['leaseStatus.error.notSigned']);
    expect(refusal('Z', 'lease.deliveryConfirmed', unsigned)).toBe(
      'The contract is not signed yet: delivery cannot be authorized.',
    );
    expect(refusal('Z', 'lease.deliveryConfirmed', facts({ hasContract: true, downPaymentDue: true }))).toBe(
      leases.en['leaseStatus.error.notSigned'],
    );
    expect(refusal('Z', 'lease.deliveryConfirmed', unpaid)).toBe(leases.en['leaseStatus.error.downPaymentDue']);
    expect(refusal('Z', 'lease.deliveryConfirmed', unpaid)).toBe(
      'The down payment has not been paid: delivery cannot be authorized.',
    );
    // The same messages as authorizing delivery.
    for (const f of [unsigned, unpaid])
      expect(refusal('Z', 'lease.deliveryConfirmed', f)).toBe(refusal('Z', 'lease.authorizeDelivery', f));
    expect(nextLeaseStatus(at('Z'), 'lease.deliveryConfirmed', unsigned)).toBeUndefined();
    expect(nextLeaseStatus(at('Z'), 'lease.deliveryConfirmed', unpaid)).toBeUndefined();
    const es = applyLeaseAction(at('Z'), 'lease.deliveryConfirmed', unpaid, 'es');
    expect(!es.accepted && translate('es', es.message, es.params)).toBe(leases.es['leaseStatus.error.downPaymentDue']);
    const ok = applyLeaseAction(at('Z'), 'lease.deliveryConfirmed', facts({ hasContract: true, signed: true }));
    expect(ok.accepted && placeOf(ok.snapshot)).toBe('Y.delivered');
    expect(ok.accepted && ok.to).toBe('Y');
    // Once delivery is authorized (Y), the retailer's confirmation is not guarded.
    for (const f of ALL_FACTS) {
      const r = applyLeaseAction(at('Y'), 'lease.deliveryConfirmed', f);
      expect(r.accepted && placeOf(r.snapshot), JSON.stringify(f)).toBe('Y.delivered');
    }
  });
  it('a status that never allows the action refuses it with the status message, whatever the facts', () => {
    for (const f of ALL_FACTS) {
      expect(refusal('V', 'lease.authorizeDelivery', f)).toMatch(NOT_ALLOWED);
      expect(refusal('Z', 'lease.recalculate', f)).toMatch(NOT_ALLOWED);
      expect(refusal('Y', 'lease.discardContract', f)).toMatch(NOT_ALLOWED);
      expect(refusal('inProgress', 'lease.setContractSigned', f)).toMatch(NOT_ALLOWED);
    }
  });
});

describe('lease status machine: staff actions', () => {
  it('maps kebab-case ids to events, each with its own permission', () => {
    for (const id of STAFF_LEASE_ACTION_IDS) {
      expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(isStaffLeaseActionId(id)).toBe(true);
      expect(LEASE_ACTION_TYPES).toContain(STAFF_LEASE_ACTIONS[id]);
      expect(leaseActionPermission(id)).toBe(`lease-actions.${id}`);
    }
    expect(new Set(Object.values(STAFF_LEASE_ACTIONS)).size).toBe(STAFF_LEASE_ACTION_IDS.length);
    expect(isStaffLeaseActionId('lease.fund')).toBe(false);
    expect(isStaffLeaseActionId('toString')).toBe(false);
    expect(isStaffLeaseActionId(undefined)).toBe(false);
  });
  it('offers the expected buttons', () => {
    const cases: [Place, LeaseFacts, StaffLeaseActionId[]][] = [
      ['inProgress', NO_FACTS, ['switch-store', 'changed-mind']],
      ['S', NO_FACTS, ['revoke', 'rescore', 'switch-store', 'changed-mind', 'request-info']],
      ['I', NO_FACTS, ['revoke', 'changed-mind', 'info-received']],
      ['N', NO_FACTS, ['rescore']],
      ['V', NO_FACTS, ['revoke', 'rescore', 'switch-store', 'changed-mind', 'request-info']],
      [
        'V',
        facts({ hasContract: true }),
        [
          'set-contract-signed',
          'remote-esign',
          'revoke',
          'recalculate',
          'rescore',
          'switch-store',
          'changed-mind',
          'request-info',
        ],
      ],
      [
        'V',
        facts({ hasContract: true, esignPending: true }),
        [
          'discard-contract',
          'set-contract-signed',
          'remote-esign',
          'revoke',
          'rescore',
          'switch-store',
          'changed-mind',
          'request-info',
        ],
      ],
      [
        'Z',
        facts({ hasContract: true, signed: true, downPaymentDue: true }),
        ['reset-to-approved', 'discard-contract', 'update-delivery-date', 'cancel-delivery-date', 'changed-mind'],
      ],
      [
        'Z',
        facts({ hasContract: true, signed: true }),
        [
          'reset-to-approved',
          'discard-contract',
          'update-delivery-date',
          'cancel-delivery-date',
          'authorize-delivery',
          'changed-mind',
        ],
      ],
      [
        'Y',
        NO_FACTS,
        [
          'reset-to-approved',
          'cancel-delivery-authorization',
          'update-delivery-date',
          'cancel-delivery-date',
          'mark-delivered',
          'changed-mind',
        ],
      ],
      ['Y.delivered', NO_FACTS, ['cancel-delivered', 'fund']],
      ['G', NO_FACTS, ['complete-funding', 'reject-funding']],
      ['L', facts({ hasContract: true, signed: true }), []],
      ['C', NO_FACTS, ['reset-to-approved']],
    ];
    for (const [place, f, ids] of cases)
      expect(availableStaffActions(at(place), f), `${place} ${JSON.stringify(f)}`).toEqual(ids);
  });
  it('offers exactly the staff actions among the available ones', () => {
    for (const place of PLACES)
      for (const f of ALL_FACTS) {
        const available = availableLeaseActions(at(place), f);
        expect(availableStaffActions(at(place), f)).toEqual(
          STAFF_LEASE_ACTION_IDS.filter((id) => available.includes(STAFF_LEASE_ACTIONS[id])),
        );
      }
  });
});

describe('lease status machine: persistence', () => {
  it('round-trips every place', () => {
    for (const place of PLACES) {
      const persisted = persistLeaseStatus(at(place));
      expect(persisted).toEqual({
        machine: 'lease-status',
        machineVersion: 1,
        code: place === 'Y.delivered' ? 'Y' : place,
        delivered: place === 'Y.delivered',
        context: ctx,
      });
      const restored = restoreLeaseStatus(JSON.parse(JSON.stringify(persisted)));
      expect(placeOf(restored)).toBe(place);
      expect(restored.context).toEqual(ctx);
      expect(restored.value).toEqual(at(place).value);
      expect(persistLeaseStatus(restored)).toEqual(persisted);
      expect(availableLeaseActions(restored, passing('lease.authorizeDelivery')).sort()).toEqual(
        availableLeaseActions(at(place), passing('lease.authorizeDelivery')).sort(),
      );
    }
  });
  it('round-trips the snapshot an action leads to', () => {
    const r = applyLeaseAction(at('Z'), 'lease.deliveryConfirmed', facts({ hasContract: true, signed: true }));
    expect(r.accepted).toBe(true);
    if (!r.accepted) return;
    const restored = restoreLeaseStatus(persistLeaseStatus(r.snapshot));
    expect(placeOf(restored)).toBe('Y.delivered');
    expect(applyLeaseAction(restored, 'lease.fund', NO_FACTS).accepted).toBe(true);
  });
});

describe('lease status machine: partial delivery and funding per tranche', () => {
  const funding = (fundingDue: boolean, undelivered: boolean) =>
    facts({ hasContract: true, signed: true, funding: { fundingDue, undelivered } });
  it('funding starts only when a delivered tranche is due', () => {
    expect(applyLeaseAction(at('Y.delivered'), 'lease.fund', funding(true, true)).accepted).toBe(true);
    expect(refusal('Y.delivered', 'lease.fund', funding(false, true))).toBe(leases.en['leaseStatus.error.nothingDue']);
  });
  it('a funded tranche closes the lease only when everything delivered is funded and nothing is undelivered', () => {
    const stays = applyLeaseAction(at('G'), 'lease.fundingCompleted', funding(true, false));
    expect(stays.accepted && !stays.statusChanged && placeOf(stays.snapshot)).toBe('G');
    const waits = applyLeaseAction(at('G'), 'lease.fundingCompleted', funding(false, true));
    expect(waits.accepted && placeOf(waits.snapshot)).toBe('G');
    const closes = applyLeaseAction(at('G'), 'lease.fundingCompleted', funding(false, false));
    expect(closes.accepted && closes.to).toBe('L');
  });
  it('a further delivery during funding is delivered, awaiting its funding; cancelling the rest of a funded lease closes it', () => {
    const back = applyLeaseAction(at('G'), 'lease.deliveryConfirmed', funding(true, true));
    expect(back.accepted && placeOf(back.snapshot)).toBe('Y.delivered');
    expect(applyLeaseAction(at('G'), 'lease.deliveryConfirmed', funding(false, true)).accepted).toBe(false);
    const closed = applyLeaseAction(at('G'), 'lease.itemsCancelled', funding(false, false));
    expect(closed.accepted && closed.to).toBe('L');
    expect(applyLeaseAction(at('G'), 'lease.itemsCancelled', funding(true, false)).accepted).toBe(false);
    expect(applyLeaseAction(at('Y.delivered'), 'lease.itemsCancelled', funding(false, false)).accepted).toBe(false);
  });
});

describe('lease status machine: model-based coverage (xstate/graph)', () => {
  // Every event type under every fact set (unguarded events carry no facts, so deduplicate).
  const events = [
    ...new Map(
      LEASE_ACTION_TYPES.flatMap((type) => ALL_FACTS.map((f) => leaseEvent(type, f))).map((e) => [
        JSON.stringify(e),
        e,
      ]),
    ).values(),
  ];
  it('tries every event type under every fact set', () => {
    expect(events).toHaveLength(
      LEASE_ACTION_TYPES.length - Object.keys(GUARD).length + Object.keys(GUARD).length * ALL_FACTS.length,
    );
  });
  // Partial delivery: the funding events under each funding fact (a tranche due, units undelivered).
  const fundingEvents = (
    ['lease.fund', 'lease.fundingCompleted', 'lease.itemsCancelled', 'lease.deliveryConfirmed'] as const
  ).flatMap((type) =>
    [false, true].flatMap((fundingDue) =>
      [false, true].map((undelivered) => leaseEvent(type, { ...passing(type), funding: { fundingDue, undelivered } })),
    ),
  );
  it('reaches every state and takes every transition', () => {
    const adjacency = getAdjacencyMap(leaseStatusMachine, { input: ctx, events: [...events, ...fundingEvents] });
    const { states, transitions } = coverage(leaseStatusMachine, adjacency);
    expect([...states].sort()).toEqual(stateIds(leaseStatusMachine));
    expect([...transitions].sort()).toEqual([...definedTransitions(leaseStatusMachine)].sort());
  });
  it('the shortest paths to Funded / Closed go through a signed contract, delivery and funding', async () => {
    const model = createTestModel(leaseStatusMachine, { input: ctx, events });
    const paths = model.getShortestPaths({ toState: (s) => s.matches('L') });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const types = path.steps.map((s) => s.event.type);
      expect(types).toContain('lease.setContractSigned');
      expect(types.some((t) => t === 'lease.markDelivered' || t === 'lease.deliveryConfirmed')).toBe(true);
      expect(types).toContain('lease.fund');
      expect(types.at(-1)).toBe('lease.fundingCompleted');
      await path.test({});
    }
  });
});
