// The staff lease status catalogue (seed 001 section 4) as a machine: each status a state, each staff action or
// shopper/retailer fact an event, the allowed transitions explicit. The server applies every change with the pure
// `transition` (functions/services/leases) and answers 409 when the machine refuses; the staff portal uses the same
// machine to decide which buttons to show.
import { setup, transition, type SnapshotFrom } from 'xstate';
import { canAccept } from '../checkout/checkout.machine.ts';
import { translate } from '../i18n/catalogue.ts';
import type { Lang } from '../i18n/types.ts';
import type { FundingFacts } from '../domain/partial-delivery.ts';
import { isOneOf } from '../domain/one-of.ts';

export const machineVersion = 1;
export const LEASE_STATUS_MACHINE_NAME = 'lease-status';

/** Status codes; `inProgress` has no letter in the seed. */
export const LEASE_STATUS_CODES = ['inProgress', 'S', 'I', 'N', 'V', 'Z', 'Y', 'G', 'L', 'C'] as const;
export type LeaseStatusCode = (typeof LEASE_STATUS_CODES)[number];
export const isLeaseStatusCode = isOneOf<LeaseStatusCode>(LEASE_STATUS_CODES);

export interface LeaseStatusContext {
  leaseId: string;
  /** What the confirmation calls the lease (e.g. the applicant's name or the lease number). */
  name: string;
}

export interface LeaseStatusInput {
  leaseId: string;
  name: string;
}

/**
 * What the record says when an action is tried; the server reads it from the application and its checkout and puts
 * it on the event, so the guards stay pure.
 */
export interface LeaseFacts {
  /** A lease (contract terms) has been calculated for the checkout. */
  hasContract: boolean;
  /** An e-sign envelope was sent and is neither signed nor discarded. */
  esignPending: boolean;
  /** The contract is signed (e-sign completed, or set signed by staff). */
  signed: boolean;
  /** Part of the down payment is still owed. */
  downPaymentDue: boolean;
  /**
   * Partial delivery and funding (machines/domain/partial-delivery): a funding tranche is due, units are undelivered.
   * Absent for a lease delivered whole without delivery records (staff marked it delivered): one tranche, the cash
   * price, due until funded.
   */
  funding?: FundingFacts;
}

type WithFacts<T extends string> = { type: T } & LeaseFacts;
/** Funding events carry only the funding facts (absent: a lease delivered whole, one tranche). */
type WithFunding<T extends string> = { type: T; funding?: FundingFacts };

export type LeaseStatusEvent =
  | { type: 'lease.submit' }
  | { type: 'lease.approve' }
  | { type: 'lease.decline' }
  | { type: 'lease.requestInfo' }
  | { type: 'lease.infoReceived' }
  | { type: 'lease.rescore' }
  | { type: 'lease.revoke' }
  | WithFacts<'lease.setContractSigned'>
  | WithFacts<'lease.remoteEsign'>
  | WithFacts<'lease.discardContract'>
  | WithFacts<'lease.recalculate'>
  | { type: 'lease.resetToApproved' }
  | { type: 'lease.switchStore' }
  | { type: 'lease.updateDeliveryDate' }
  | { type: 'lease.cancelDeliveryDate' }
  | WithFacts<'lease.authorizeDelivery'>
  | { type: 'lease.cancelDeliveryAuthorization' }
  | { type: 'lease.markDelivered' }
  | (WithFacts<'lease.deliveryConfirmed'> & { funding?: FundingFacts })
  | { type: 'lease.cancelDelivered' }
  | WithFunding<'lease.fund'>
  | { type: 'lease.fundingRejected' }
  | WithFunding<'lease.fundingCompleted'>
  | WithFunding<'lease.itemsCancelled'>
  | { type: 'lease.merchandiseReturned' }
  | { type: 'lease.changedMind' };

export type LeaseAction = LeaseStatusEvent['type'];

/** Every event type and the i18n key of its label. */
export const LEASE_ACTIONS: Record<LeaseAction, string> = {
  'lease.submit': 'leaseStatus.action.submit',
  'lease.approve': 'leaseStatus.action.approve',
  'lease.decline': 'leaseStatus.action.decline',
  'lease.requestInfo': 'leaseStatus.action.requestInfo',
  'lease.infoReceived': 'leaseStatus.action.infoReceived',
  'lease.rescore': 'leaseStatus.action.rescore',
  'lease.revoke': 'leaseStatus.action.revoke',
  'lease.setContractSigned': 'leaseStatus.action.setContractSigned',
  'lease.remoteEsign': 'leaseStatus.action.remoteEsign',
  'lease.discardContract': 'leaseStatus.action.discardContract',
  'lease.recalculate': 'leaseStatus.action.recalculate',
  'lease.resetToApproved': 'leaseStatus.action.resetToApproved',
  'lease.switchStore': 'leaseStatus.action.switchStore',
  'lease.updateDeliveryDate': 'leaseStatus.action.updateDeliveryDate',
  'lease.cancelDeliveryDate': 'leaseStatus.action.cancelDeliveryDate',
  'lease.authorizeDelivery': 'leaseStatus.action.authorizeDelivery',
  'lease.cancelDeliveryAuthorization': 'leaseStatus.action.cancelDeliveryAuthorization',
  'lease.markDelivered': 'leaseStatus.action.markDelivered',
  'lease.deliveryConfirmed': 'leaseStatus.action.deliveryConfirmed',
  'lease.cancelDelivered': 'leaseStatus.action.cancelDelivered',
  'lease.fund': 'leaseStatus.action.fund',
  'lease.fundingRejected': 'leaseStatus.action.fundingRejected',
  'lease.fundingCompleted': 'leaseStatus.action.fundingCompleted',
  'lease.itemsCancelled': 'leaseStatus.action.itemsCancelled',
  'lease.merchandiseReturned': 'leaseStatus.action.merchandiseReturned',
  'lease.changedMind': 'leaseStatus.action.changedMind',
};
export const LEASE_ACTION_TYPES = Object.keys(LEASE_ACTIONS) as LeaseAction[];

/**
 * The staff actions of the API (`POST /staff/api/leases/{uuid}/actions/{id}`): kebab-case id -> event. Each needs its
 * own permission (`lease-actions.<id>`). The other events come from the shopper, the retailer and the decision.
 */
export const STAFF_LEASE_ACTIONS = {
  'reset-to-approved': 'lease.resetToApproved',
  'cancel-delivery-authorization': 'lease.cancelDeliveryAuthorization',
  'cancel-delivered': 'lease.cancelDelivered',
  'discard-contract': 'lease.discardContract',
  'set-contract-signed': 'lease.setContractSigned',
  'remote-esign': 'lease.remoteEsign',
  revoke: 'lease.revoke',
  recalculate: 'lease.recalculate',
  rescore: 'lease.rescore',
  'switch-store': 'lease.switchStore',
  'update-delivery-date': 'lease.updateDeliveryDate',
  'cancel-delivery-date': 'lease.cancelDeliveryDate',
  'authorize-delivery': 'lease.authorizeDelivery',
  'mark-delivered': 'lease.markDelivered',
  fund: 'lease.fund',
  'complete-funding': 'lease.fundingCompleted',
  'reject-funding': 'lease.fundingRejected',
  'changed-mind': 'lease.changedMind',
  'request-info': 'lease.requestInfo',
  'info-received': 'lease.infoReceived',
} as const satisfies Record<string, LeaseAction>;

export type StaffLeaseActionId = keyof typeof STAFF_LEASE_ACTIONS;
export const STAFF_LEASE_ACTION_IDS = Object.keys(STAFF_LEASE_ACTIONS) as StaffLeaseActionId[];
export const isStaffLeaseActionId = (value: unknown): value is StaffLeaseActionId =>
  typeof value === 'string' && Object.hasOwn(STAFF_LEASE_ACTIONS, value);
/** The permission of a staff action. */
export const leaseActionPermission = (id: StaffLeaseActionId) => `lease-actions.${id}` as const;

/** Every combination of facts (the 'would the status allow it at all' check, and the model-based tests). */
export const ALL_FACTS: readonly LeaseFacts[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map((n) => ({
  hasContract: (n & 1) !== 0,
  esignPending: (n & 2) !== 0,
  signed: (n & 4) !== 0,
  downPaymentDue: (n & 8) !== 0,
}));
const GUARDED = new Set<LeaseAction>([
  'lease.setContractSigned',
  'lease.remoteEsign',
  'lease.discardContract',
  'lease.recalculate',
  'lease.authorizeDelivery',
  'lease.deliveryConfirmed',
]);

const FUNDING_GUARDED = new Set<LeaseAction>(['lease.fund', 'lease.fundingCompleted', 'lease.itemsCancelled']);

/** The event of an action, carrying the facts its guards read. */
export function leaseEvent(type: LeaseAction, facts: LeaseFacts): LeaseStatusEvent {
  if (FUNDING_GUARDED.has(type))
    return (facts.funding ? { type, funding: facts.funding } : { type }) as LeaseStatusEvent;
  return (GUARDED.has(type) ? { type, ...facts } : { type }) as LeaseStatusEvent;
}

const fundingOf = (event: LeaseStatusEvent): FundingFacts | undefined =>
  'funding' in event ? event.funding : undefined;

export const leaseStatusMachine = setup({
  types: {
    context: {} as LeaseStatusContext,
    events: {} as LeaseStatusEvent,
    input: {} as LeaseStatusInput,
  },
  guards: {
    // A contract can be signed (by staff or remotely) only once its terms are calculated.
    contractCalculated: ({ event }) => 'hasContract' in event && event.hasContract,
    // Remote e-sign sends the shopper the signing link of the calculated contract.
    contractCalculatedAndNotSigned: ({ event }) => 'hasContract' in event && event.hasContract && !event.signed,
    // Seed 001: an e-sign contract must be discarded before recalculation.
    calculatedAndNoEsignPending: ({ event }) => 'esignPending' in event && event.hasContract && !event.esignPending,
    // Discarding needs a contract out for signing (or signed).
    contractOut: ({ event }) => 'esignPending' in event && (event.esignPending || event.signed),
    // Delivery is authorized once the contract is signed and the down payment is in.
    signedAndPaid: ({ event }) => 'signed' in event && event.signed && !event.downPaymentDue,
    // Funding starts when a delivered tranche is due (a lease delivered whole: its one tranche).
    fundingOpen: ({ event }) => fundingOf(event)?.fundingDue ?? true,
    // After a funding, a tranche is still due or units are still undelivered: not funded yet.
    fundingOutstanding: ({ event }) => {
      const f = fundingOf(event);
      return f !== undefined && (f.fundingDue || f.undelivered);
    },
    // A further delivery while funding is in process brings a new tranche to fund.
    newTrancheDue: ({ event }) => fundingOf(event)?.fundingDue === true,
    // Every delivered tranche is funded and nothing remains to deliver.
    fullyFunded: ({ event }) => {
      const f = fundingOf(event);
      return f !== undefined && !f.fundingDue && !f.undelivered;
    },
  },
}).createMachine({
  id: 'leaseStatus',
  initial: 'inProgress',
  context: ({ input }) => ({ leaseId: input.leaseId, name: input.name }),
  states: {
    inProgress: {
      on: {
        // The applicant finished the application and it goes to underwriting.
        'lease.submit': { target: 'S' },
        // An automatic decision can approve straight away.
        'lease.approve': { target: 'V' },
        // An automatic decision can decline straight away.
        'lease.decline': { target: 'N' },
        // Staff may move an unfinished application to the store the shopper actually buys at.
        'lease.switchStore': { target: 'inProgress', reenter: true },
        // The applicant may withdraw at any time before delivery.
        'lease.changedMind': { target: 'C' },
      },
    },
    S: {
      on: {
        // Underwriting approves or declines (a decision or a re-score).
        'lease.approve': { target: 'V' },
        'lease.decline': { target: 'N' },
        // Underwriting needs documents (proof of income, ID) before deciding.
        'lease.requestInfo': { target: 'I' },
        // A re-score runs the decision again from review.
        'lease.rescore': { target: 'S', reenter: true },
        // Underwriting withdraws the application (fraud, duplicate).
        'lease.revoke': { target: 'N' },
        'lease.switchStore': { target: 'S', reenter: true },
        'lease.changedMind': { target: 'C' },
      },
    },
    I: {
      on: {
        // The documents arrived: back to review (never straight to approved).
        'lease.infoReceived': { target: 'S' },
        'lease.revoke': { target: 'N' },
        'lease.changedMind': { target: 'C' },
      },
    },
    N: {
      on: {
        // A re-score (new bureau data or a staff override request) sends it back to review; nothing else reopens a denial.
        'lease.rescore': { target: 'S' },
      },
    },
    V: {
      on: {
        // The shopper signed (e-sign callback) or staff confirm a signing done otherwise.
        'lease.setContractSigned': { guard: 'contractCalculated', target: 'Z' },
        // Staff send the shopper the signing link.
        'lease.remoteEsign': { guard: 'contractCalculatedAndNotSigned', target: 'V', reenter: true },
        // An unsigned e-sign contract is discarded before recalculation; the approval stands.
        'lease.discardContract': { guard: 'contractOut', target: 'V', reenter: true },
        'lease.recalculate': { guard: 'calculatedAndNoEsignPending', target: 'V', reenter: true },
        // Staff may still ask for documents after an approval (e.g. income verification before contract).
        'lease.requestInfo': { target: 'I' },
        'lease.rescore': { target: 'S' },
        'lease.revoke': { target: 'N' },
        'lease.switchStore': { target: 'V', reenter: true },
        'lease.changedMind': { target: 'C' },
      },
    },
    Z: {
      on: {
        // Documents and down payment are in: the retailer may deliver or install.
        'lease.authorizeDelivery': { guard: 'signedAndPaid', target: 'Y' },
        // The retailer confirmed delivery of a signed, paid lease: that is the authorization and the delivery.
        'lease.deliveryConfirmed': { guard: 'signedAndPaid', target: '#leaseStatus.Y.delivered' },
        // Discarding the signed contract returns to approved for a new contract.
        'lease.discardContract': { guard: 'contractOut', target: 'V' },
        // Staff reset the lease to approved (terms to be recalculated).
        'lease.resetToApproved': { target: 'V' },
        'lease.updateDeliveryDate': { target: 'Z', reenter: true },
        'lease.cancelDeliveryDate': { target: 'Z', reenter: true },
        'lease.changedMind': { target: 'C' },
      },
    },
    Y: {
      initial: 'authorized',
      states: {
        authorized: {
          on: {
            // Taken back before delivery: docs or payment are again awaited.
            'lease.cancelDeliveryAuthorization': { target: '#leaseStatus.Z' },
            // The goods were delivered or installed: awaiting funding.
            'lease.markDelivered': { target: 'delivered' },
            'lease.deliveryConfirmed': { target: 'delivered' },
            'lease.updateDeliveryDate': { target: 'authorized', reenter: true },
            'lease.cancelDeliveryDate': { target: 'authorized', reenter: true },
            // Staff reset to approved before delivery (new contract terms).
            'lease.resetToApproved': { target: '#leaseStatus.V' },
            // The shopper may still back out before the goods are delivered.
            'lease.changedMind': { target: '#leaseStatus.C' },
          },
        },
        delivered: {
          on: {
            // A delivery recorded by mistake is undone.
            'lease.cancelDelivered': { target: 'authorized' },
            // Delivered leases are sent for funding to the retailer ('Lease was not delivered' otherwise), when a
            // delivered tranche is due (a partial delivery's lease waits here for the next delivery otherwise).
            'lease.fund': { guard: 'fundingOpen', target: '#leaseStatus.G' },
            // The goods came back before funding (a completed pick-up): the shopper did not keep the lease.
            'lease.merchandiseReturned': { target: '#leaseStatus.C' },
          },
        },
      },
    },
    G: {
      on: {
        // Funding went through: the lease is funded and the application closed, unless a delivered tranche is still
        // due or units are still undelivered (partial delivery): then funding stays in process.
        'lease.fundingCompleted': [{ guard: 'fundingOutstanding' }, { target: 'L' }],
        // A further delivery brings a new tranche: delivered, awaiting its funding (the funding queue).
        'lease.deliveryConfirmed': { guard: 'newTrancheDue', target: '#leaseStatus.Y.delivered' },
        // The retailer cancelled the undelivered rest and everything delivered is funded: funded.
        'lease.itemsCancelled': { guard: 'fullyFunded', target: 'L' },
        // Funding was rejected (missing delivery proof, mismatch): back to delivered, awaiting funding.
        'lease.fundingRejected': { target: '#leaseStatus.Y.delivered' },
        // The goods came back while funding was in process: the funding stops.
        'lease.merchandiseReturned': { target: 'C' },
      },
    },
    // Funded / Closed: nothing more changes its status here (servicing takes over).
    L: { type: 'final' },
    C: {
      on: {
        // The shopper changes their mind back while the approval is still valid.
        'lease.resetToApproved': { target: 'V' },
      },
    },
  },
});

export type LeaseStatusMachine = typeof leaseStatusMachine;
export type LeaseStatusSnapshot = SnapshotFrom<LeaseStatusMachine>;

/** What is stored on the lease record: the status and sub-state, enough to restore the snapshot. */
export interface PersistedLeaseStatus {
  machine: typeof LEASE_STATUS_MACHINE_NAME;
  machineVersion: number;
  code: LeaseStatusCode;
  delivered: boolean;
  context: LeaseStatusContext;
}

export function leaseStatusOf(snapshot: LeaseStatusSnapshot): LeaseStatusCode {
  const value = snapshot.value;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as LeaseStatusCode;
}

export function isDelivered(snapshot: LeaseStatusSnapshot): boolean {
  return snapshot.matches({ Y: 'delivered' });
}

/** A snapshot resting in a status (Y: authorized unless `delivered`). */
export function leaseStatusSnapshotAt(
  code: LeaseStatusCode,
  context: LeaseStatusContext,
  delivered = false,
): LeaseStatusSnapshot {
  return leaseStatusMachine.resolveState({
    value: code === 'Y' ? { Y: delivered ? 'delivered' : 'authorized' } : code,
    context,
  });
}

export const persistLeaseStatus = (snapshot: LeaseStatusSnapshot): PersistedLeaseStatus => ({
  machine: LEASE_STATUS_MACHINE_NAME,
  machineVersion,
  code: leaseStatusOf(snapshot),
  delivered: isDelivered(snapshot),
  context: snapshot.context,
});

export const restoreLeaseStatus = (persisted: PersistedLeaseStatus): LeaseStatusSnapshot =>
  leaseStatusSnapshotAt(persisted.code, persisted.context, persisted.delivered);

export function initialLeaseStatus(input: LeaseStatusInput): PersistedLeaseStatus {
  return persistLeaseStatus(leaseStatusSnapshotAt('inProgress', { leaseId: input.leaseId, name: input.name }));
}

export function leaseStatusLabelKey(code: LeaseStatusCode): string {
  return `leaseStatus.${code}`;
}

/** '(C) Changed Mind', or 'In Progress' (which has no code). */
export function leaseStatusLabel(lang: Lang, code: LeaseStatusCode): string {
  const label = translate(lang, leaseStatusLabelKey(code));
  return code === 'inProgress' ? label : translate(lang, 'leaseStatus.coded', { code, label });
}

/** The label of a place: Y while delivered reads 'Delivered / Awaiting Funding'. */
export function leasePlaceLabel(lang: Lang, code: LeaseStatusCode, delivered: boolean): string {
  return code === 'Y' && delivered
    ? translate(lang, 'leaseStatus.coded', { code, label: translate(lang, 'leaseStatus.delivered') })
    : leaseStatusLabel(lang, code);
}

/** The actions (event types) allowed now under these facts. */
export function availableLeaseActions(snapshot: LeaseStatusSnapshot, facts: LeaseFacts): LeaseAction[] {
  return LEASE_ACTION_TYPES.filter((type) => canAccept(leaseStatusMachine, snapshot, leaseEvent(type, facts)));
}

/** The staff action ids allowed now under these facts (the buttons of the staff portal). */
export function availableStaffActions(snapshot: LeaseStatusSnapshot, facts: LeaseFacts): StaffLeaseActionId[] {
  return STAFF_LEASE_ACTION_IDS.filter((id) =>
    canAccept(leaseStatusMachine, snapshot, leaseEvent(STAFF_LEASE_ACTIONS[id], facts)),
  );
}

/** The status an action would lead to, or undefined when it is not allowed. */
export function nextLeaseStatus(
  snapshot: LeaseStatusSnapshot,
  action: LeaseAction,
  facts: LeaseFacts,
): LeaseStatusCode | undefined {
  const event = leaseEvent(action, facts);
  if (!canAccept(leaseStatusMachine, snapshot, event)) return undefined;
  return leaseStatusOf(transition(leaseStatusMachine, snapshot, event)[0]);
}

/** Seed 001's confirmation text, with its `:placeholders`. */
export const LEASE_STATUS_CONFIRM_TEMPLATE = 'You are changing ":name" from ":old_state" state to ":new_state" state.';

/** 'You are changing "Jane Doe" from "(V) Approved/Pending Contract" state to "(Z) Awaiting Docs and/or Payment" state.' */
export function statusChangeConfirmation(
  lang: Lang,
  name: string,
  from: LeaseStatusCode,
  to: LeaseStatusCode,
  fromDelivered = false,
  toDelivered = false,
): string {
  return translate(lang, 'leaseStatus.confirm', {
    name,
    old_state: leasePlaceLabel(lang, from, fromDelivered),
    new_state: leasePlaceLabel(lang, to, toDelivered),
  });
}

/** Why a guarded action is refused although the status would allow it (seed 001's messages where it has one). */
const GUARD_REFUSALS: Partial<Record<LeaseAction, (facts: LeaseFacts) => string>> = {
  'lease.setContractSigned': () => 'leaseStatus.error.notCalculated',
  'lease.remoteEsign': (f) => (f.hasContract ? 'leaseStatus.error.alreadySigned' : 'leaseStatus.error.notCalculated'),
  'lease.recalculate': (f) => (f.hasContract ? 'leaseStatus.error.discardFirst' : 'leaseStatus.error.notCalculated'),
  'lease.discardContract': () => 'leaseStatus.error.noContractOut',
  'lease.authorizeDelivery': (f) => (f.signed ? 'leaseStatus.error.downPaymentDue' : 'leaseStatus.error.notSigned'),
  'lease.deliveryConfirmed': (f) => (f.signed ? 'leaseStatus.error.downPaymentDue' : 'leaseStatus.error.notSigned'),
  'lease.fund': () => 'leaseStatus.error.nothingDue',
};

export type LeaseActionResult =
  | {
      accepted: true;
      snapshot: LeaseStatusSnapshot;
      from: LeaseStatusCode;
      to: LeaseStatusCode;
      statusChanged: boolean;
    }
  | { accepted: false; from: LeaseStatusCode; message: string; params: { action: string; state: string } };

/** Applies an action purely; refuses one the current status or the facts do not allow (the server answers 409). */
export function applyLeaseAction(
  snapshot: LeaseStatusSnapshot,
  action: LeaseAction,
  facts: LeaseFacts,
  lang: Lang = 'en',
): LeaseActionResult {
  const from = leaseStatusOf(snapshot);
  const event = leaseEvent(action, facts);
  if (!canAccept(leaseStatusMachine, snapshot, event)) {
    const params = {
      action: translate(lang, LEASE_ACTIONS[action]),
      state: leasePlaceLabel(lang, from, isDelivered(snapshot)),
    };
    const guardOnly = ALL_FACTS.some((f) => canAccept(leaseStatusMachine, snapshot, leaseEvent(action, f)));
    const message =
      guardOnly && GUARD_REFUSALS[action] ? GUARD_REFUSALS[action](facts) : 'leaseStatus.error.notAllowed';
    return { accepted: false, from, message, params };
  }
  const next = transition(leaseStatusMachine, snapshot, event)[0];
  const to = leaseStatusOf(next);
  return {
    accepted: true,
    snapshot: next,
    from,
    to,
    statusChanged: from !== to || isDelivered(next) !== isDelivered(snapshot),
  };
}
