// The server-authoritative checkout lifecycle (seed 000 sections 3-4). Each checkout status is a state; each thing
// that happens to a checkout is a dot-namespaced event. The server restores the persisted snapshot, asks
// `canAccept` (409 when not), applies the event with the pure `transition` and records the status change.
import {
  setup,
  assign,
  transition,
  initialTransition,
  type AnyStateMachine,
  type AnyMachineSnapshot,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
import { CHECKOUT_STATUS, type CheckoutStatus, type CheckoutStatusName, statusName } from './checkout-status.ts';

/** Bump when a change breaks persisted snapshots, and ship a migration in `restoreCheckout`. */
export const machineVersion = 1;
export const CHECKOUT_MACHINE_NAME = 'checkout';

/** A down payment may be attempted this many times in all (the first try plus retries after a failure). */
export const MAX_PAYMENT_ATTEMPTS = 3;

export interface CheckoutContext {
  checkout_id: string;
  /** The status number of the current state (kept in step with the state on entry). */
  current_step: CheckoutStatus;
  /** false blocks the contract and the completion (seed 000: "may_continue false blocks completion"). */
  may_continue: boolean;
  /** The retailer let the shopper in without PIN verification. */
  skip_verification: boolean;
  /** The store's lease program asks for the mobile identity check before the lease. */
  identity_required: boolean;
  /** The identity check finished (possibly while the application was still being filled). */
  identity_verified: boolean;
  option: string | null;
  payment_frequency: string | null;
  /** Down payment due at signing, integer cents; null until a lease exists. */
  down_payment: number | null;
  payment_attempts: number;
  delivery_scheduled: boolean;
  /** ISO date-time of the retailer's delivery confirmation (comes with the event; machines never read the clock). */
  delivered_at: string | null;
}

export interface CheckoutInput {
  checkout_id: string;
  may_continue?: boolean;
  skip_verification?: boolean;
  identity_required?: boolean;
}

export type CheckoutEvent =
  | { type: 'checkout.start' }
  | { type: 'application.started' }
  | { type: 'application.completed'; may_continue?: boolean }
  | { type: 'identity.completed' }
  | { type: 'lease.created'; option: string; payment_frequency: string; down_payment: number }
  | { type: 'esign.requested' }
  | { type: 'esign.completed' }
  | { type: 'esign.discarded'; then?: 'lease' | 'sign' }
  | { type: 'payment.started' }
  | { type: 'payment.succeeded' }
  | { type: 'payment.failed'; reason?: string }
  | { type: 'checkout.completed' }
  | { type: 'checkout.cancelled'; reason?: string }
  | { type: 'checkout.voided'; reason?: string }
  | { type: 'delivery.scheduled' }
  /** `remaining`: units still undelivered after this delivery (a partial delivery); absent means everything. */
  | { type: 'delivery.confirmed'; at: string; remaining?: boolean }
  /** The retailer cancelled undelivered units; `remaining`: units still to deliver after it. */
  | { type: 'items.cancelled'; at: string; remaining: boolean };

export type CheckoutEventType = CheckoutEvent['type'];

export const CHECKOUT_EVENT_TYPES: readonly CheckoutEventType[] = [
  'checkout.start',
  'application.started',
  'application.completed',
  'identity.completed',
  'lease.created',
  'esign.requested',
  'esign.completed',
  'esign.discarded',
  'payment.started',
  'payment.succeeded',
  'payment.failed',
  'checkout.completed',
  'checkout.cancelled',
  'checkout.voided',
  'delivery.scheduled',
  'delivery.confirmed',
  'items.cancelled',
];

const enter = (status: CheckoutStatus) => ({ type: 'enterStatus' as const, params: { status } });

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  guards: {
    mayContinue: ({ context }) => context.may_continue,
    identitySettled: ({ context }) => !context.identity_required || context.identity_verified,
    noDownPaymentDue: ({ context }) => context.down_payment === 0,
    paymentAttemptsLeft: ({ context }) => context.payment_attempts < MAX_PAYMENT_ATTEMPTS,
    discardThenSign: ({ event }) => event.type === 'esign.discarded' && event.then === 'sign',
    mayContinueAndIdentitySettled: ({ context }) =>
      context.may_continue && (!context.identity_required || context.identity_verified),
    mayContinueAndNoDownPaymentDue: ({ context }) => context.may_continue && context.down_payment === 0,
    // Units are still undelivered after this delivery or cancellation (the server counts them: machines/domain/partial-delivery).
    undeliveredRemain: ({ event }) =>
      (event.type === 'delivery.confirmed' || event.type === 'items.cancelled') && event.remaining === true,
  },
  actions: {
    enterStatus: assign((_, params: { status: CheckoutStatus }) => ({ current_step: params.status })),
    /** The down payment was taken and the checkout ends without a lease: the server refunds it. Default: nothing. */
    refundDownPayment: () => {},
    recordApplicationResult: assign(({ context, event }) =>
      event.type === 'application.completed' && event.may_continue !== undefined
        ? { may_continue: event.may_continue }
        : { may_continue: context.may_continue },
    ),
    recordIdentity: assign({ identity_verified: true }),
    recordLease: assign(({ event, context }) =>
      event.type === 'lease.created'
        ? { option: event.option, payment_frequency: event.payment_frequency, down_payment: event.down_payment }
        : {
            option: context.option,
            payment_frequency: context.payment_frequency,
            down_payment: context.down_payment,
          },
    ),
    countPaymentAttempt: assign(({ context }) => ({ payment_attempts: context.payment_attempts + 1 })),
    recordDeliveryScheduled: assign({ delivery_scheduled: true }),
    recordDelivered: assign(({ event }) => ({
      delivered_at: event.type === 'delivery.confirmed' || event.type === 'items.cancelled' ? event.at : null,
    })),
  },
}).createMachine({
  id: CHECKOUT_MACHINE_NAME,
  initial: 'notStarted',
  context: ({ input }) => ({
    checkout_id: input.checkout_id,
    current_step: null,
    may_continue: input.may_continue ?? true,
    skip_verification: input.skip_verification ?? false,
    identity_required: input.identity_required ?? false,
    identity_verified: false,
    option: null,
    payment_frequency: null,
    down_payment: null,
    payment_attempts: 0,
    delivery_scheduled: false,
    delivered_at: null,
  }),
  states: {
    notStarted: {
      entry: enter(CHECKOUT_STATUS.notStarted),
      on: {
        // The shopper opened the retailer's checkout link: the only way forward from a fresh checkout.
        'checkout.start': { target: 'started' },
        // The retailer (or shopper) may abandon a checkout nobody opened yet.
        'checkout.cancelled': { target: 'cancelled' },
        // Staff may void any checkout that has not completed (fraud, duplicate, retailer request).
        'checkout.voided': { target: 'voided' },
      },
    },
    started: {
      entry: enter(CHECKOUT_STATUS.started),
      on: {
        // The shopper began filling in a new application for this checkout.
        'application.started': { target: 'applicationInProgress' },
        // A retrieved, already approved application completes the application step at once.
        'application.completed': { target: 'applicationComplete', actions: 'recordApplicationResult' },
        'checkout.cancelled': { target: 'cancelled' },
        'checkout.voided': { target: 'voided' },
      },
    },
    applicationInProgress: {
      entry: enter(CHECKOUT_STATUS.applicationInProgress),
      on: {
        // The application was submitted and decided; the decision may say the checkout may not continue.
        'application.completed': { target: 'applicationComplete', actions: 'recordApplicationResult' },
        // The identity check can run inside the application (applicant info step): remembered, status unchanged.
        'identity.completed': { actions: 'recordIdentity' },
        'checkout.cancelled': { target: 'cancelled' },
        'checkout.voided': { target: 'voided' },
      },
    },
    applicationComplete: {
      entry: enter(CHECKOUT_STATUS.applicationComplete),
      on: {
        // The mobile identity check finished after the application.
        'identity.completed': { target: 'identityChecked', actions: 'recordIdentity' },
        // No lease before the identity check when the store requires it, and none when the checkout may not continue.
        'lease.created': { guard: 'mayContinueAndIdentitySettled', target: 'leaseCreated', actions: 'recordLease' },
        // Delivery options are chosen before the lease (their price goes into the contract).
        'delivery.scheduled': { actions: 'recordDeliveryScheduled' },
        'checkout.cancelled': { target: 'cancelled' },
        'checkout.voided': { target: 'voided' },
      },
    },
    identityChecked: {
      entry: enter(CHECKOUT_STATUS.identityChecked),
      on: {
        // The lease is computed once the shopper is identified, unless the checkout may not continue.
        'lease.created': { guard: 'mayContinue', target: 'leaseCreated', actions: 'recordLease' },
        // Delivery options may still be chosen before the lease.
        'delivery.scheduled': { actions: 'recordDeliveryScheduled' },
        'checkout.cancelled': { target: 'cancelled' },
        'checkout.voided': { target: 'voided' },
      },
    },
    leaseCreated: {
      entry: enter(CHECKOUT_STATUS.leaseCreated),
      on: {
        // Recalculating (other option, frequency or delivery) replaces the unsigned lease.
        'lease.created': { guard: 'mayContinue', target: 'leaseCreated', reenter: true, actions: 'recordLease' },
        // Signing starts only from a lease and only when the checkout may continue.
        'esign.requested': { guard: 'mayContinue', target: 'leaseEsign' },
        // A contract that could not be generated is discarded: back to the lease, or a fresh signing request.
        'esign.discarded': [
          { guard: 'discardThenSign', target: 'leaseEsign' },
          { target: 'leaseCreated', reenter: true },
        ],
        // Changing delivery options before signing is fine; the lease is recalculated afterwards.
        'delivery.scheduled': { actions: 'recordDeliveryScheduled' },
        'checkout.cancelled': { target: 'cancelled' },
        'checkout.voided': { target: 'voided' },
      },
    },
    leaseEsign: {
      entry: enter(CHECKOUT_STATUS.leaseEsign),
      on: {
        // The e-sign provider reported the signature.
        'esign.completed': { target: 'esignCompleted' },
        // A new signing link replaces the previous envelope (expired or lost link).
        'esign.requested': { guard: 'mayContinue', target: 'leaseEsign', reenter: true },
        // The unsigned contract is discarded: back to the lease to recalculate, or re-request signing.
        'esign.discarded': [
          { guard: 'discardThenSign', target: 'leaseEsign', reenter: true },
          { target: 'leaseCreated' },
        ],
        'checkout.cancelled': { target: 'cancelled' },
        'checkout.voided': { target: 'voided' },
      },
    },
    esignCompleted: {
      entry: enter(CHECKOUT_STATUS.esignCompleted),
      on: {
        // The down payment is charged only after the contract is signed.
        'payment.started': { target: 'paymentProcessing', actions: 'countPaymentAttempt' },
        // A signed lease with nothing due at signing completes without a payment.
        'checkout.completed': { guard: 'mayContinueAndNoDownPaymentDue', target: 'completed' },
        // A signed but unpaid contract can still be cancelled by the shopper or retailer.
        'checkout.cancelled': { target: 'cancelled' },
        'checkout.voided': { target: 'voided' },
      },
    },
    paymentProcessing: {
      entry: enter(CHECKOUT_STATUS.paymentProcessing),
      on: {
        // The card processor settled the charge.
        'payment.succeeded': { target: 'paymentCompleted' },
        // The card processor refused or errored.
        'payment.failed': { target: 'paymentFailed' },
        // No cancel or void while a charge is in flight: its result arrives within seconds and decides what to undo.
      },
    },
    paymentFailed: {
      entry: enter(CHECKOUT_STATUS.paymentFailed),
      on: {
        // Retry with the same or another card, up to MAX_PAYMENT_ATTEMPTS attempts in all.
        'payment.started': {
          guard: 'paymentAttemptsLeft',
          target: 'paymentProcessing',
          actions: 'countPaymentAttempt',
        },
        'checkout.cancelled': { target: 'cancelled' },
        'checkout.voided': { target: 'voided' },
      },
    },
    paymentCompleted: {
      entry: enter(CHECKOUT_STATUS.paymentCompleted),
      on: {
        // Paid and signed: the checkout completes unless it was flagged as may-not-continue.
        'checkout.completed': { guard: 'mayContinue', target: 'completed' },
        // Cancelling after the down payment refunds it.
        'checkout.cancelled': { target: 'cancelled', actions: 'refundDownPayment' },
        // Voiding after the down payment refunds it.
        'checkout.voided': { target: 'voided', actions: 'refundDownPayment' },
      },
    },
    completed: {
      entry: enter(CHECKOUT_STATUS.completed),
      initial: 'awaitingDelivery',
      states: {
        awaitingDelivery: {
          on: {
            // The retailer may (re)schedule delivery of a completed checkout.
            'delivery.scheduled': { actions: 'recordDeliveryScheduled' },
            // The retailer confirms the goods were delivered (some of them: partially); the lease can then be funded.
            'delivery.confirmed': [
              { guard: 'undeliveredRemain', target: 'partiallyDelivered' },
              { target: 'delivered', actions: 'recordDelivered' },
            ],
            // The retailer cancels some undelivered units before any delivery; something must remain to deliver.
            'items.cancelled': { guard: 'undeliveredRemain' },
            // Staff may void a completed lease before delivery (no cancel after completion); the down payment is refunded.
            'checkout.voided': { target: '#checkout.voided', actions: 'refundDownPayment' },
          },
        },
        // Some units were delivered, others are still to come (issue 13: partial delivery). No void: goods are out.
        partiallyDelivered: {
          on: {
            'delivery.scheduled': { actions: 'recordDeliveryScheduled' },
            // A further delivery; the one that leaves nothing undelivered completes the delivery.
            'delivery.confirmed': [{ guard: 'undeliveredRemain' }, { target: 'delivered', actions: 'recordDelivered' }],
            // Cancelling the undelivered rest (or part of it): what was delivered is all there will be.
            'items.cancelled': [{ guard: 'undeliveredRemain' }, { target: 'delivered', actions: 'recordDelivered' }],
          },
        },
        // Delivered: the lease lives on in the staff lease-status flow; nothing more happens to the checkout.
        delivered: { type: 'final' },
      },
    },
    voided: { entry: enter(CHECKOUT_STATUS.voided), type: 'final' },
    cancelled: { entry: enter(CHECKOUT_STATUS.cancelled), type: 'final' },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
export type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;

/** The top-level state name of a snapshot (`completed` for both of its sub-states). */
export function checkoutStateName(snapshot: CheckoutSnapshot): CheckoutStatusName {
  const value = snapshot.value;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as CheckoutStatusName;
}

/** The status number (`current_step`) of a snapshot. */
export function checkoutStatusOf(snapshot: CheckoutSnapshot): CheckoutStatus {
  return CHECKOUT_STATUS[checkoutStateName(snapshot)];
}

/**
 * Whether `machine` in `snapshot` accepts `event` (a transition is enabled after guards). The server answers 409
 * when this is false. Works for any machine of this code base.
 */
export function canAccept<T extends AnyStateMachine>(
  machine: T,
  snapshot: SnapshotFrom<T>,
  event: EventFromLogic<T>,
): boolean {
  if ((snapshot as AnyMachineSnapshot).status !== 'active') return false;
  return machine.getTransitionData(snapshot, event).length > 0;
}

export function initialCheckoutSnapshot(input: CheckoutInput): CheckoutSnapshot {
  return initialTransition(checkoutMachine, input)[0];
}

/** A snapshot resting in the state of `status` (e.g. to adopt a record created before this machine existed). */
export function checkoutSnapshotAt(
  status: CheckoutStatus,
  context: Partial<CheckoutContext> & { checkout_id: string },
): CheckoutSnapshot {
  const base = initialCheckoutSnapshot({ checkout_id: context.checkout_id });
  const name = statusName(status);
  return checkoutMachine.resolveState({
    value: name === 'completed' ? { completed: context.delivered_at ? 'delivered' : 'awaitingDelivery' } : name,
    context: { ...base.context, ...context, current_step: status },
  });
}

export type ApplyResult =
  | {
      accepted: true;
      snapshot: CheckoutSnapshot;
      actions: ReturnType<typeof transition<CheckoutMachine>>[1];
      from: CheckoutStatus;
      to: CheckoutStatus;
      /** true when the status number changed: the service records it in the audit trail and the outbox. */
      statusChanged: boolean;
    }
  | {
      accepted: false;
      status: CheckoutStatus;
      /** i18n key of the 409 message; params: event, status. */
      message: 'checkout.error.eventNotAllowed';
      params: { event: string; status: string };
    };

/** Applies one event purely; refuses (instead of silently ignoring) an event the current status does not accept. */
export function applyCheckoutEvent(snapshot: CheckoutSnapshot, event: CheckoutEvent): ApplyResult {
  const from = checkoutStatusOf(snapshot);
  if (!canAccept(checkoutMachine, snapshot, event)) {
    return {
      accepted: false,
      status: from,
      message: 'checkout.error.eventNotAllowed',
      params: { event: event.type, status: from === null ? 'null' : String(from) },
    };
  }
  const [next, actions] = transition(checkoutMachine, snapshot, event);
  const to = checkoutStatusOf(next);
  return { accepted: true, snapshot: next, actions, from, to, statusChanged: from !== to };
}

export interface PersistedCheckout {
  machine: typeof CHECKOUT_MACHINE_NAME;
  machineVersion: number;
  snapshot: unknown;
}

export function persistCheckout(snapshot: CheckoutSnapshot): PersistedCheckout {
  return { machine: CHECKOUT_MACHINE_NAME, machineVersion, snapshot: checkoutMachine.getPersistedSnapshot(snapshot) };
}

/** Restores a persisted checkout; throws on another machine or an unknown version (no migrations exist yet). */
export function restoreCheckout(persisted: PersistedCheckout): CheckoutSnapshot {
  if (persisted.machine !== CHECKOUT_MACHINE_NAME)
    throw new Error(`Not a checkout snapshot: ${String(persisted.machine)}`);
  if (persisted.machineVersion !== machineVersion) {
    throw new Error(
      `Unsupported checkout machineVersion ${String(persisted.machineVersion)} (current ${machineVersion})`,
    );
  }
  const raw = persisted.snapshot as { value: CheckoutSnapshot['value']; context: CheckoutContext };
  return checkoutMachine.resolveState({ value: raw.value, context: raw.context });
}
