// The staff lease status catalogue (seed 001 section 4) as a machine: each status a state, each staff action an
// event, the allowed transitions explicit. The server applies actions with the pure `transition` (409 when refused).
import { setup, transition, type SnapshotFrom } from 'xstate';
import { canAccept } from '../checkout/checkout.machine.ts';
import { translate } from '../i18n/catalogue.ts';
import type { Lang } from '../i18n/types.ts';

export const machineVersion = 1;
export const LEASE_STATUS_MACHINE_NAME = 'lease-status';

/** Status codes; `inProgress` has no letter in the seed. */
export const LEASE_STATUS_CODES = ['inProgress', 'S', 'I', 'N', 'V', 'Z', 'Y', 'G', 'L', 'C'] as const;
export type LeaseStatusCode = (typeof LEASE_STATUS_CODES)[number];

export interface LeaseStatusContext {
  leaseId: string;
  /** What the confirmation calls the lease (e.g. the applicant's name or the lease number). */
  name: string;
}

export interface LeaseStatusInput {
  leaseId: string;
  name: string;
}

export type LeaseStatusEvent =
  | { type: 'lease.submit' }
  | { type: 'lease.approve' }
  | { type: 'lease.decline' }
  | { type: 'lease.requestInfo' }
  | { type: 'lease.infoReceived' }
  | { type: 'lease.rescore' }
  | { type: 'lease.setContractSigned' }
  | { type: 'lease.discardContract' }
  | { type: 'lease.resetToApproved' }
  | { type: 'lease.authorizeDelivery' }
  | { type: 'lease.cancelDeliveryAuthorization' }
  | { type: 'lease.markDelivered' }
  | { type: 'lease.cancelDelivered' }
  | { type: 'lease.fund' }
  | { type: 'lease.fundingRejected' }
  | { type: 'lease.fundingCompleted' }
  | { type: 'lease.changedMind' };

export type LeaseAction = LeaseStatusEvent['type'];

/** Every staff action (event type) and the i18n key of its button label. */
export const LEASE_ACTIONS: Record<LeaseAction, string> = {
  'lease.submit': 'leaseStatus.action.submit',
  'lease.approve': 'leaseStatus.action.approve',
  'lease.decline': 'leaseStatus.action.decline',
  'lease.requestInfo': 'leaseStatus.action.requestInfo',
  'lease.infoReceived': 'leaseStatus.action.infoReceived',
  'lease.rescore': 'leaseStatus.action.rescore',
  'lease.setContractSigned': 'leaseStatus.action.setContractSigned',
  'lease.discardContract': 'leaseStatus.action.discardContract',
  'lease.resetToApproved': 'leaseStatus.action.resetToApproved',
  'lease.authorizeDelivery': 'leaseStatus.action.authorizeDelivery',
  'lease.cancelDeliveryAuthorization': 'leaseStatus.action.cancelDeliveryAuthorization',
  'lease.markDelivered': 'leaseStatus.action.markDelivered',
  'lease.cancelDelivered': 'leaseStatus.action.cancelDelivered',
  'lease.fund': 'leaseStatus.action.fund',
  'lease.fundingRejected': 'leaseStatus.action.fundingRejected',
  'lease.fundingCompleted': 'leaseStatus.action.fundingCompleted',
  'lease.changedMind': 'leaseStatus.action.changedMind',
};
export const LEASE_ACTION_TYPES = Object.keys(LEASE_ACTIONS) as LeaseAction[];

export const leaseStatusMachine = setup({
  types: {
    context: {} as LeaseStatusContext,
    events: {} as LeaseStatusEvent,
    input: {} as LeaseStatusInput,
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
        // The applicant may withdraw at any time before delivery.
        'lease.changedMind': { target: 'C' },
      },
    },
    S: {
      on: {
        // Underwriting approves: the contract can be prepared.
        'lease.approve': { target: 'V' },
        // Underwriting declines.
        'lease.decline': { target: 'N' },
        // Underwriting needs documents (proof of income, ID) before deciding.
        'lease.requestInfo': { target: 'I' },
        'lease.changedMind': { target: 'C' },
      },
    },
    I: {
      on: {
        // The documents arrived: back to review (never straight to approved).
        'lease.infoReceived': { target: 'S' },
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
        // The shopper signed (e-sign callback or remote signing confirmed by staff).
        'lease.setContractSigned': { target: 'Z' },
        // An unsigned e-sign contract is discarded before recalculation; the approval stands.
        'lease.discardContract': { target: 'V', reenter: true },
        // Staff may still ask for documents after an approval (e.g. income verification before contract).
        'lease.requestInfo': { target: 'I' },
        'lease.changedMind': { target: 'C' },
      },
    },
    Z: {
      on: {
        // Documents and down payment are in: the retailer may deliver or install.
        'lease.authorizeDelivery': { target: 'Y' },
        // Discarding the signed contract returns to approved for a new contract.
        'lease.discardContract': { target: 'V' },
        // Staff reset the lease to approved (terms to be recalculated).
        'lease.resetToApproved': { target: 'V' },
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
            // The retailer delivered or installed the goods: awaiting funding.
            'lease.markDelivered': { target: 'delivered' },
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
            // Delivered leases are sent for funding to the retailer ('Lease was not delivered' otherwise).
            'lease.fund': { target: '#leaseStatus.G' },
          },
        },
      },
    },
    G: {
      on: {
        // Funding went through: the lease is funded and the application closed.
        'lease.fundingCompleted': { target: 'L' },
        // Funding was rejected (missing delivery proof, mismatch): back to delivered, awaiting funding.
        'lease.fundingRejected': { target: '#leaseStatus.Y.delivered' },
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

export function leaseStatusOf(snapshot: LeaseStatusSnapshot): LeaseStatusCode {
  const value = snapshot.value;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as LeaseStatusCode;
}

export function isDelivered(snapshot: LeaseStatusSnapshot): boolean {
  return snapshot.matches({ Y: 'delivered' });
}

/** A snapshot resting in a status (Y: authorized unless `delivered`). */
export function leaseStatusSnapshotAt(code: LeaseStatusCode, context: LeaseStatusContext, delivered = false): LeaseStatusSnapshot {
  return leaseStatusMachine.resolveState({ value: code === 'Y' ? { Y: delivered ? 'delivered' : 'authorized' } : code, context });
}

export function leaseStatusLabelKey(code: LeaseStatusCode): string {
  return `leaseStatus.${code}`;
}

/** '(C) Changed Mind', or 'In Progress' (which has no code). */
export function leaseStatusLabel(lang: Lang, code: LeaseStatusCode): string {
  const label = translate(lang, leaseStatusLabelKey(code));
  return code === 'inProgress' ? label : translate(lang, 'leaseStatus.coded', { code, label });
}

/** The actions staff may take now (buttons to show). */
export function availableLeaseActions(snapshot: LeaseStatusSnapshot): LeaseAction[] {
  return LEASE_ACTION_TYPES.filter((type) => canAccept(leaseStatusMachine, snapshot, { type }));
}

/** The status an action would lead to, or undefined when it is not allowed. */
export function nextLeaseStatus(snapshot: LeaseStatusSnapshot, action: LeaseAction): LeaseStatusCode | undefined {
  if (!canAccept(leaseStatusMachine, snapshot, { type: action })) return undefined;
  return leaseStatusOf(transition(leaseStatusMachine, snapshot, { type: action })[0]);
}

/** Seed 001's confirmation text, with its `:placeholders`. */
export const LEASE_STATUS_CONFIRM_TEMPLATE = 'You are changing ":name" from ":old_state" state to ":new_state" state.';

/** 'You are changing "Jane Doe" from "(V) Approved/Pending Contract" state to "(Z) Awaiting Docs and/or Payment" state.' */
export function statusChangeConfirmation(lang: Lang, name: string, from: LeaseStatusCode, to: LeaseStatusCode): string {
  return translate(lang, 'leaseStatus.confirm', {
    name,
    old_state: leaseStatusLabel(lang, from),
    new_state: leaseStatusLabel(lang, to),
  });
}

export type LeaseActionResult =
  | { accepted: true; snapshot: LeaseStatusSnapshot; from: LeaseStatusCode; to: LeaseStatusCode; statusChanged: boolean }
  | { accepted: false; from: LeaseStatusCode; message: 'leaseStatus.error.notAllowed'; params: { action: string; state: string } };

/** Applies a staff action purely; refuses one the current status does not allow (the server answers 409). */
export function applyLeaseAction(snapshot: LeaseStatusSnapshot, action: LeaseAction, lang: Lang = 'en'): LeaseActionResult {
  const from = leaseStatusOf(snapshot);
  if (!canAccept(leaseStatusMachine, snapshot, { type: action })) {
    return {
      accepted: false,
      from,
      message: 'leaseStatus.error.notAllowed',
      params: { action: translate(lang, LEASE_ACTIONS[action]), state: leaseStatusLabel(lang, from) },
    };
  }
  const next = transition(leaseStatusMachine, snapshot, { type: action })[0];
  const to = leaseStatusOf(next);
  return { accepted: true, snapshot: next, from, to, statusChanged: from !== to || isDelivered(next) !== isDelivered(snapshot) };
}
