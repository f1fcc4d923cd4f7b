import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { getAdjacencyMap, createTestModel } from 'xstate/graph';
import {
  applyCheckoutEvent,
  canAccept,
  checkoutMachine,
  checkoutSnapshotAt,
  checkoutStatusOf,
  initialCheckoutSnapshot,
  machineVersion,
  MAX_PAYMENT_ATTEMPTS,
  persistCheckout,
  restoreCheckout,
  CHECKOUT_EVENT_TYPES,
  type CheckoutEvent,
  type CheckoutEventType,
  type CheckoutSnapshot,
} from '../../../machines/checkout/checkout.machine.ts';
import {
  CHECKOUT_STATUS,
  CHECKOUT_STATUS_NAMES,
  CHECKOUT_STATUS_VALUES,
  checkoutStatusLabelKey,
  isCheckoutStatus,
  toCheckoutStatus,
  type CheckoutStatus,
  type CheckoutStatusName,
} from '../../../machines/checkout/checkout-status.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { coverage, definedTransitions, stateIds } from '../../support/machine-coverage.ts';

// ---- fixtures ----
const EVENTS: Record<CheckoutEventType, CheckoutEvent> = {
  'checkout.start': { type: 'checkout.start' },
  'application.started': { type: 'application.started' },
  'application.completed': { type: 'application.completed' },
  'identity.completed': { type: 'identity.completed' },
  'lease.created': { type: 'lease.created', option: 'A', payment_frequency: 'monthly', down_payment: 4995 },
  'esign.requested': { type: 'esign.requested' },
  'esign.completed': { type: 'esign.completed' },
  'esign.discarded': { type: 'esign.discarded' },
  'payment.started': { type: 'payment.started' },
  'payment.succeeded': { type: 'payment.succeeded' },
  'payment.failed': { type: 'payment.failed', reason: 'declined' },
  'checkout.completed': { type: 'checkout.completed' },
  'checkout.cancelled': { type: 'checkout.cancelled' },
  'checkout.voided': { type: 'checkout.voided' },
  'delivery.scheduled': { type: 'delivery.scheduled' },
  'delivery.confirmed': { type: 'delivery.confirmed', at: '2025-03-01T15:00:00.000Z' },
  // Cancelling every undelivered unit is refused before any delivery (nothing would remain of the lease).
  'items.cancelled': { type: 'items.cancelled', at: '2025-03-02T15:00:00.000Z', remaining: false },
};

type Place = CheckoutStatusName | 'delivered';
const PLACES: Place[] = [...CHECKOUT_STATUS_NAMES, 'delivered'];

/** A checkout resting at a place, with a lease that has a down payment due (so completion needs the payment). */
function at(place: Place): CheckoutSnapshot {
  const status = place === 'delivered' ? 9 : CHECKOUT_STATUS[place];
  return checkoutSnapshotAt(status, {
    checkout_id: 'co_1',
    down_payment: 4995,
    delivered_at: place === 'delivered' ? '2025-03-01T15:00:00.000Z' : null,
  });
}

// The expected rules, restated independently of the machine: place -> event -> place it leads to.
const ALLOWED: Record<Place, Partial<Record<CheckoutEventType, Place>>> = {
  notStarted: { 'checkout.start': 'started', 'checkout.cancelled': 'cancelled', 'checkout.voided': 'voided' },
  started: {
    'application.started': 'applicationInProgress',
    'application.completed': 'applicationComplete',
    'checkout.cancelled': 'cancelled',
    'checkout.voided': 'voided',
  },
  applicationInProgress: {
    'application.completed': 'applicationComplete',
    'identity.completed': 'applicationInProgress',
    'checkout.cancelled': 'cancelled',
    'checkout.voided': 'voided',
  },
  applicationComplete: {
    'identity.completed': 'identityChecked',
    'lease.created': 'leaseCreated',
    'delivery.scheduled': 'applicationComplete',
    'checkout.cancelled': 'cancelled',
    'checkout.voided': 'voided',
  },
  identityChecked: {
    'lease.created': 'leaseCreated',
    'delivery.scheduled': 'identityChecked',
    'checkout.cancelled': 'cancelled',
    'checkout.voided': 'voided',
  },
  leaseCreated: {
    'lease.created': 'leaseCreated',
    'esign.requested': 'leaseEsign',
    'esign.discarded': 'leaseCreated',
    'delivery.scheduled': 'leaseCreated',
    'checkout.cancelled': 'cancelled',
    'checkout.voided': 'voided',
  },
  leaseEsign: {
    'esign.completed': 'esignCompleted',
    'esign.requested': 'leaseEsign',
    'esign.discarded': 'leaseCreated',
    'checkout.cancelled': 'cancelled',
    'checkout.voided': 'voided',
  },
  esignCompleted: {
    'payment.started': 'paymentProcessing',
    'checkout.cancelled': 'cancelled',
    'checkout.voided': 'voided',
  },
  paymentProcessing: { 'payment.succeeded': 'paymentCompleted', 'payment.failed': 'paymentFailed' },
  paymentFailed: {
    'payment.started': 'paymentProcessing',
    'checkout.cancelled': 'cancelled',
    'checkout.voided': 'voided',
  },
  paymentCompleted: {
    'checkout.completed': 'completed',
    'checkout.cancelled': 'cancelled',
    'checkout.voided': 'voided',
  },
  completed: { 'delivery.scheduled': 'completed', 'delivery.confirmed': 'delivered', 'checkout.voided': 'voided' },
  delivered: {},
  voided: {},
  cancelled: {},
};

function placeOf(s: CheckoutSnapshot): Place {
  return s.matches({ completed: 'delivered' })
    ? 'delivered'
    : checkoutStatusOf(s) === null
      ? 'notStarted'
      : (CHECKOUT_STATUS_NAMES.find((n) => CHECKOUT_STATUS[n] === checkoutStatusOf(s)) as Place);
}

describe('checkout status catalogue', () => {
  it('numbers every status as seed 000 section 3 does', () => {
    expect(CHECKOUT_STATUS_VALUES).toEqual([null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(CHECKOUT_STATUS).toMatchObject({
      leaseEsign: 13,
      esignCompleted: 6,
      paymentFailed: 10,
      voided: 11,
      cancelled: 12,
    });
  });
  it('labels each status in English and Spanish', () => {
    const expected: Record<string, string> = {
      notStarted: 'Not started',
      started: 'Started',
      applicationInProgress: 'Application in progress',
      applicationComplete: 'Application complete',
      identityChecked: 'Identity check completed',
      leaseCreated: 'Lease created',
      esignCompleted: 'E-sign completed',
      paymentProcessing: 'Down payment processing',
      paymentCompleted: 'Down payment completed',
      completed: 'Completed',
      paymentFailed: 'Down payment failed',
      voided: 'Voided',
      cancelled: 'Cancelled',
      leaseEsign: 'Lease e-sign',
    };
    for (const status of CHECKOUT_STATUS_VALUES) {
      const key = checkoutStatusLabelKey(status);
      expect(translate('en', key)).toBe(expected[key.replace('checkout.status.', '')]);
      expect(translate('es', key)).not.toBe(key);
      expect(translate('es', key)).not.toBe(translate('en', key));
    }
  });
  it('reads statuses from the shapes the API uses', () => {
    expect(toCheckoutStatus('13')).toBe(13);
    expect(toCheckoutStatus(undefined)).toBe(null);
    expect(toCheckoutStatus(14)).toBeUndefined();
    expect(toCheckoutStatus('x')).toBeUndefined();
    expect(isCheckoutStatus(0)).toBe(false);
  });
});

describe('checkout machine: every event in every status', () => {
  for (const place of PLACES) {
    for (const type of CHECKOUT_EVENT_TYPES) {
      const expected = ALLOWED[place][type];
      it(`${place} ${expected ? 'accepts' : 'refuses'} ${type}${expected ? ` -> ${expected}` : ''}`, () => {
        const snap = at(place);
        const event = EVENTS[type];
        expect(canAccept(checkoutMachine, snap, event)).toBe(expected !== undefined);
        const result = applyCheckoutEvent(snap, event);
        if (expected === undefined) {
          expect(result.accepted).toBe(false);
          if (!result.accepted) {
            expect(result.message).toBe('checkout.error.eventNotAllowed');
            expect(translate('en', result.message, result.params)).toContain(type);
          }
        } else {
          expect(result.accepted).toBe(true);
          if (result.accepted) {
            expect(placeOf(result.snapshot)).toBe(expected);
            expect(result.snapshot.context.current_step).toBe(checkoutStatusOf(result.snapshot));
            expect(result.statusChanged).toBe(result.from !== result.to);
          }
        }
      });
    }
  }
});

describe('checkout machine: guarded decisions', () => {
  const ctx = { checkout_id: 'co_1' };
  it('refuses a lease before the required identity check, accepts it once verified during the application', () => {
    const s3 = checkoutSnapshotAt(3, { ...ctx, identity_required: true });
    expect(canAccept(checkoutMachine, s3, EVENTS['lease.created'])).toBe(false);
    let s = checkoutSnapshotAt(2, { ...ctx, identity_required: true });
    s = transition(checkoutMachine, s, { type: 'identity.completed' })[0];
    expect(checkoutStatusOf(s)).toBe(2);
    s = transition(checkoutMachine, s, { type: 'application.completed' })[0];
    expect(canAccept(checkoutMachine, s, EVENTS['lease.created'])).toBe(true);
  });
  it('may_continue false blocks the lease, the signing and the completion but not cancelling', () => {
    const blocked = { ...ctx, may_continue: false, down_payment: 0 };
    expect(canAccept(checkoutMachine, checkoutSnapshotAt(3, blocked), EVENTS['lease.created'])).toBe(false);
    expect(canAccept(checkoutMachine, checkoutSnapshotAt(4, blocked), EVENTS['lease.created'])).toBe(false);
    expect(canAccept(checkoutMachine, checkoutSnapshotAt(5, blocked), EVENTS['esign.requested'])).toBe(false);
    expect(canAccept(checkoutMachine, checkoutSnapshotAt(6, blocked), EVENTS['checkout.completed'])).toBe(false);
    expect(canAccept(checkoutMachine, checkoutSnapshotAt(8, blocked), EVENTS['checkout.completed'])).toBe(false);
    expect(canAccept(checkoutMachine, checkoutSnapshotAt(8, blocked), EVENTS['checkout.cancelled'])).toBe(true);
  });
  it('the application decision can set may_continue false', () => {
    const s = transition(checkoutMachine, checkoutSnapshotAt(2, ctx), {
      type: 'application.completed',
      may_continue: false,
    })[0];
    expect(s.context.may_continue).toBe(false);
    expect(canAccept(checkoutMachine, s, EVENTS['lease.created'])).toBe(false);
  });
  it('a signed lease with nothing due completes without a payment', () => {
    expect(
      canAccept(checkoutMachine, checkoutSnapshotAt(6, { ...ctx, down_payment: 0 }), EVENTS['checkout.completed']),
    ).toBe(true);
    expect(
      canAccept(checkoutMachine, checkoutSnapshotAt(6, { ...ctx, down_payment: 1 }), EVENTS['checkout.completed']),
    ).toBe(false);
  });
  it('discarding re-requests signing when asked to', () => {
    for (const from of [5, 13] as const) {
      const r = applyCheckoutEvent(checkoutSnapshotAt(from, ctx), { type: 'esign.discarded', then: 'sign' });
      expect(r.accepted && r.to).toBe(13);
    }
  });
  it(`allows ${MAX_PAYMENT_ATTEMPTS} payment attempts in all`, () => {
    let s = checkoutSnapshotAt(6, { ...ctx, down_payment: 4995 });
    for (let i = 1; i <= MAX_PAYMENT_ATTEMPTS; i++) {
      s = transition(checkoutMachine, s, { type: 'payment.started' })[0];
      expect(s.context.payment_attempts).toBe(i);
      s = transition(checkoutMachine, s, { type: 'payment.failed' })[0];
      expect(checkoutStatusOf(s)).toBe(10);
    }
    expect(canAccept(checkoutMachine, s, { type: 'payment.started' })).toBe(false);
    expect(canAccept(checkoutMachine, s, { type: 'checkout.cancelled' })).toBe(true);
  });
  it('asks for a refund when a paid checkout is cancelled or voided', () => {
    for (const type of ['checkout.cancelled', 'checkout.voided'] as const) {
      const r = applyCheckoutEvent(checkoutSnapshotAt(8, ctx), { type });
      expect(r.accepted && r.actions.map((a) => a.type)).toContain('refundDownPayment');
    }
    const r = applyCheckoutEvent(checkoutSnapshotAt(6, ctx), { type: 'checkout.cancelled' });
    expect(r.accepted && r.actions.map((a) => a.type)).not.toContain('refundDownPayment');
  });
  it('records the lease terms and the delivery confirmation', () => {
    const r = applyCheckoutEvent(checkoutSnapshotAt(4, ctx), EVENTS['lease.created']);
    expect(r.accepted && r.snapshot.context).toMatchObject({
      option: 'A',
      payment_frequency: 'monthly',
      down_payment: 4995,
    });
    const d = applyCheckoutEvent(checkoutSnapshotAt(9, ctx), EVENTS['delivery.confirmed']);
    expect(d.accepted && d.snapshot.context.delivered_at).toBe('2025-03-01T15:00:00.000Z');
    expect(d.accepted && d.statusChanged).toBe(false);
  });
});

describe('checkout machine: a whole checkout', () => {
  it('walks from not started to delivered, with a failed payment retried', () => {
    let s = initialCheckoutSnapshot({ checkout_id: 'co_9', identity_required: true });
    const trail: CheckoutStatus[] = [checkoutStatusOf(s)];
    const steps: CheckoutEvent[] = [
      { type: 'checkout.start' },
      { type: 'application.started' },
      { type: 'application.completed' },
      { type: 'identity.completed' },
      { type: 'delivery.scheduled' },
      EVENTS['lease.created'],
      { type: 'esign.requested' },
      { type: 'esign.completed' },
      { type: 'payment.started' },
      { type: 'payment.failed' },
      { type: 'payment.started' },
      { type: 'payment.succeeded' },
      { type: 'checkout.completed' },
      EVENTS['delivery.confirmed'],
    ];
    for (const e of steps) {
      const r = applyCheckoutEvent(s, e);
      expect(r.accepted, e.type).toBe(true);
      if (r.accepted) {
        s = r.snapshot;
        if (r.statusChanged) trail.push(r.to);
      }
    }
    expect(trail).toEqual([null, 1, 2, 3, 4, 5, 13, 6, 7, 10, 7, 8, 9]);
    expect(s.matches({ completed: 'delivered' })).toBe(true);
  });
});

describe('checkout machine: partial delivery', () => {
  const ctx = { checkout_id: 'co_p', down_payment: 4995 };
  const partly: CheckoutEvent = { type: 'delivery.confirmed', at: '2025-03-01T15:00:00.000Z', remaining: true };
  it('a delivery that leaves units undelivered is partial; the one that leaves none completes the delivery', () => {
    const first = applyCheckoutEvent(checkoutSnapshotAt(9, ctx), partly);
    expect(first.accepted && first.snapshot.matches({ completed: 'partiallyDelivered' })).toBe(true);
    expect(first.accepted && first.snapshot.context.delivered_at).toBeNull();
    if (!first.accepted) return;
    const again = applyCheckoutEvent(first.snapshot, { ...partly, at: '2025-03-02T15:00:00.000Z' });
    expect(again.accepted && again.snapshot.matches({ completed: 'partiallyDelivered' })).toBe(true);
    const last = applyCheckoutEvent(first.snapshot, {
      type: 'delivery.confirmed',
      at: '2025-03-03T15:00:00.000Z',
      remaining: false,
    });
    expect(last.accepted && last.snapshot.matches({ completed: 'delivered' })).toBe(true);
    expect(last.accepted && last.snapshot.context.delivered_at).toBe('2025-03-03T15:00:00.000Z');
    expect(last.accepted && last.statusChanged).toBe(false);
  });
  it('cancelling the undelivered rest ends the delivery; a partly delivered checkout can no longer be voided', () => {
    const first = applyCheckoutEvent(checkoutSnapshotAt(9, ctx), partly);
    if (!first.accepted) throw new Error('not accepted');
    expect(applyCheckoutEvent(first.snapshot, { type: 'checkout.voided' }).accepted).toBe(false);
    const cancelItems = (remaining: boolean) =>
      applyCheckoutEvent(first.snapshot, { type: 'items.cancelled', at: '2025-03-04T00:00:00.000Z', remaining });
    const some = cancelItems(true);
    expect(some.accepted && some.snapshot.matches({ completed: 'partiallyDelivered' })).toBe(true);
    const rest = cancelItems(false);
    expect(rest.accepted && rest.snapshot.matches({ completed: 'delivered' })).toBe(true);
    // before any delivery, part of the order may be cancelled, never all of it
    expect(
      applyCheckoutEvent(checkoutSnapshotAt(9, ctx), {
        type: 'items.cancelled',
        at: '2025-03-04T00:00:00.000Z',
        remaining: true,
      }).accepted,
    ).toBe(true);
    expect(
      applyCheckoutEvent(checkoutSnapshotAt(9, ctx), {
        type: 'items.cancelled',
        at: '2025-03-04T00:00:00.000Z',
        remaining: false,
      }).accepted,
    ).toBe(false);
  });
});

describe('checkout machine: persisted snapshots', () => {
  it('round-trips through JSON with the machine name and version', () => {
    const s = applyCheckoutEvent(checkoutSnapshotAt(5, { checkout_id: 'co_2', option: 'B' }), {
      type: 'esign.requested',
    });
    if (!s.accepted) throw new Error('not accepted');
    const stored = JSON.parse(JSON.stringify(persistCheckout(s.snapshot)));
    expect(stored).toMatchObject({ machine: 'checkout', machineVersion });
    const back = restoreCheckout(stored);
    expect(checkoutStatusOf(back)).toBe(13);
    expect(back.context.option).toBe('B');
    expect(canAccept(checkoutMachine, back, { type: 'esign.completed' })).toBe(true);
  });
  it('refuses an unknown version or another machine', () => {
    const stored = persistCheckout(initialCheckoutSnapshot({ checkout_id: 'x' }));
    expect(() => restoreCheckout({ ...stored, machineVersion: machineVersion + 1 })).toThrow(/machineVersion/);
    expect(() => restoreCheckout({ ...stored, machine: 'pin' as 'checkout' })).toThrow(/Not a checkout/);
  });
});

describe('checkout machine: model-based coverage (xstate/graph)', () => {
  const variants: CheckoutEvent[] = [
    ...Object.values(EVENTS),
    { type: 'lease.created', option: 'B', payment_frequency: '14-day', down_payment: 0 },
    { type: 'esign.discarded', then: 'sign' },
    { type: 'application.completed', may_continue: false },
    // Partial delivery: some units delivered or cancelled, others still to deliver.
    { type: 'delivery.confirmed', at: '2025-02-27T15:00:00.000Z', remaining: true },
    { type: 'items.cancelled', at: '2025-02-28T15:00:00.000Z', remaining: true },
  ];
  const serializeState = (s: CheckoutSnapshot) =>
    JSON.stringify([
      s.value,
      s.context.may_continue,
      s.context.identity_verified,
      s.context.down_payment === 0,
      s.context.payment_attempts,
    ]);
  const options = {
    input: { checkout_id: 'co_model', identity_required: true },
    events: variants,
    serializeState: serializeState as never,
  };

  it('reaches every state and takes every transition of the definition', () => {
    const adjacency = getAdjacencyMap(checkoutMachine, options);
    const covered = coverage(checkoutMachine, adjacency);
    expect([...covered.states].sort()).toEqual(stateIds(checkoutMachine));
    expect([...covered.transitions].sort()).toEqual([...definedTransitions(checkoutMachine)].sort());
  });

  it('every shortest path replays through applyCheckoutEvent with the status the machine reports', async () => {
    const model = createTestModel(checkoutMachine, options);
    const paths = model.getShortestPaths();
    const reached = new Set<string>([JSON.stringify(initialCheckoutSnapshot(options.input).value)]);
    for (const path of paths) {
      await path.test({
        states: {},
        events: {},
      });
      let s = initialCheckoutSnapshot(options.input);
      for (const step of path.steps) {
        if ((step.event.type as string) === 'xstate.init') continue;
        const r = applyCheckoutEvent(s, step.event);
        expect(r.accepted, `${path.description}: ${step.event.type}`).toBe(true);
        if (r.accepted) s = r.snapshot;
        expect(s.context.current_step).toBe(checkoutStatusOf(s));
        expect(s.value).toEqual(step.state.value);
        reached.add(JSON.stringify(s.value));
      }
    }
    // every status, and completed's three stages (awaiting delivery, partially delivered, delivered)
    expect(reached.size).toBe(CHECKOUT_STATUS_NAMES.length + 2);
  });
});
