// The life of a funded lease's account (issue 22, ARCHITECTURE.md "Servicing after funding"): current, past due (with
// its days and bucket), paid out (owned), purchased early, returned, charged off, reinstated, settled. The ledger is
// the truth (machines/domain/servicing/ledger.ts); the server derives the account after each ledger change and puts
// the figures the guards need on the event (AccountFacts), then applies the event with the pure `transition` and saves
// the snapshot with a conditional write on the version, like the lease status machine. An event the machine refuses
// is a 409 whose message `whyNot` gives in the lessee's or staff member's language.
import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import { canAccept } from '../checkout/checkout.machine.ts';
import { formatCents, type Cents } from '../domain/money.ts';
import { bucketFor, type DelinquencyBucket, type DerivedAccount } from '../domain/servicing/ledger.ts';
import { translate } from '../i18n/catalogue.ts';
import type { Lang } from '../i18n/types.ts';
import { isOneOf } from '../domain/one-of.ts';

export const machineVersion = 1;
export const LEASE_ACCOUNT_MACHINE_NAME = 'lease-account';

/** Days past due from which an account may be charged off (the FFIEC's 120 days for closed-end retail accounts). */
export const CHARGE_OFF_MIN_DAYS_PAST_DUE = 120;

export const LEASE_ACCOUNT_STATES = [
  'current',
  'past_due',
  'paid_out',
  'purchased_early',
  'returned',
  'charged_off',
  'reinstated',
  'settled',
] as const;
export type LeaseAccountState = (typeof LEASE_ACCOUNT_STATES)[number];
export const isLeaseAccountState = isOneOf<LeaseAccountState>(LEASE_ACCOUNT_STATES);

/** What deriveAccount says after the ledger change the event reports (the guards read only these). */
export interface AccountFacts {
  daysPastDue: number;
  pastDueCents: Cents;
  remainingToOwnershipCents: Cents;
}

export interface LeaseAccountContext extends AccountFacts {
  leaseId: string;
  bucket: DelinquencyBucket | null;
  /** The account was charged off at some point (a reversed settlement goes back there). */
  chargedOff: boolean;
  reinstatements: number;
}

export interface LeaseAccountInput {
  leaseId: string;
  facts?: AccountFacts;
}

export type LeaseAccountEvent =
  | ({ type: 'account.payment_posted' } & AccountFacts)
  | ({ type: 'account.day_closed'; date: string } & AccountFacts)
  | ({ type: 'account.payment_reversed' } & AccountFacts)
  | ({ type: 'account.payoff_paid'; amountCents: Cents; quoteCents: Cents } & AccountFacts)
  | ({ type: 'account.return_accepted' } & AccountFacts)
  | ({ type: 'account.charge_off' } & AccountFacts)
  | ({ type: 'account.reinstate'; reinstatementOpen: boolean } & AccountFacts)
  | ({ type: 'account.settle' } & AccountFacts)
  | ({ type: 'account.refund_issued'; amountCents: Cents; overpaidCents: Cents } & AccountFacts);

export type LeaseAccountEventType = LeaseAccountEvent['type'];
export const LEASE_ACCOUNT_EVENT_TYPES: readonly LeaseAccountEventType[] = [
  'account.payment_posted',
  'account.day_closed',
  'account.payment_reversed',
  'account.payoff_paid',
  'account.return_accepted',
  'account.charge_off',
  'account.reinstate',
  'account.settle',
  'account.refund_issued',
];

/** The facts of a derived account (machines/domain/servicing/ledger.ts deriveAccount), for an event. */
export const accountFactsOf = (account: DerivedAccount): AccountFacts => ({
  daysPastDue: account.daysPastDue,
  pastDueCents: account.pastDueCents,
  remainingToOwnershipCents: account.remainingToOwnershipCents,
});

const factsOf = (e: AccountFacts): AccountFacts => ({
  daysPastDue: e.daysPastDue,
  pastDueCents: e.pastDueCents,
  remainingToOwnershipCents: e.remainingToOwnershipCents,
});

const NO_FACTS: AccountFacts = { daysPastDue: 0, pastDueCents: 0, remainingToOwnershipCents: 0 };

function initialContext(input: LeaseAccountInput): LeaseAccountContext {
  const facts = input.facts ?? NO_FACTS;
  return {
    leaseId: input.leaseId,
    ...factsOf(facts),
    bucket: bucketFor(facts.daysPastDue),
    chargedOff: false,
    reinstatements: 0,
  };
}

/** The guards, pure and named; each refusal has its reason in `whyNot`. */
export const accountGuards = {
  /** Every rent payment is in: the lessee owns the goods. */
  owned: (e: AccountFacts) => e.remainingToOwnershipCents === 0,
  /** An installment is unpaid after its collection date. */
  late: (e: AccountFacts) => e.daysPastDue > 0,
  /** The payment covers the payoff quote. */
  payoffCovered: (e: { amountCents: Cents; quoteCents: Cents }) => e.amountCents >= e.quoteCents,
  /** Long enough past due to charge off. */
  chargeOffDue: (e: AccountFacts) => e.daysPastDue >= CHARGE_OFF_MIN_DAYS_PAST_DUE,
  /** Within the state's reinstatement window, with everything past due paid. */
  reinstatable: (e: AccountFacts & { reinstatementOpen: boolean }) => e.reinstatementOpen && e.pastDueCents === 0,
  /** A refund gives back only what was paid beyond what is due (never makes the account late). */
  refundCovered: (e: { amountCents: Cents; overpaidCents: Cents }) =>
    e.amountCents > 0 && e.amountCents <= e.overpaidCents,
};

// Where the facts put an open account after a change of the ledger or a closed day (the first guard that holds).
const PLACE_BY_FACTS = [
  { guard: 'owned', target: '#leaseAccount.paid_out', actions: 'record' },
  { guard: 'late', target: '#leaseAccount.past_due', actions: 'record' },
  { target: '#leaseAccount.current', actions: 'record' },
] as const;

// The transitions the open states (current, past due, reinstated) share.
const ON_LEDGER_CHANGE = {
  'account.payment_posted': PLACE_BY_FACTS,
  'account.day_closed': PLACE_BY_FACTS,
  'account.payment_reversed': PLACE_BY_FACTS,
  'account.payoff_paid': { guard: 'payoffCovered', target: '#leaseAccount.purchased_early', actions: 'record' },
  'account.return_accepted': { target: '#leaseAccount.returned', actions: 'record' },
} as const;

// An overpayment (paid ahead of what is due) given back: still nothing late, so current.
const ON_REFUND = {
  'account.refund_issued': { guard: 'refundCovered', target: '#leaseAccount.current', actions: 'record' },
} as const;

// The open states (current, past due, reinstated) share their transitions on the ledger's changes: the facts decide
// where the account rests (owned, past due or current).
export const leaseAccountMachine = setup({
  types: {
    context: {} as LeaseAccountContext,
    events: {} as LeaseAccountEvent,
    input: {} as LeaseAccountInput,
  },
  guards: {
    owned: ({ event }) => accountGuards.owned(event),
    late: ({ event }) => accountGuards.late(event),
    payoffCovered: ({ event }) => event.type === 'account.payoff_paid' && accountGuards.payoffCovered(event),
    chargeOffDue: ({ event }) => accountGuards.chargeOffDue(event),
    reinstatable: ({ event }) => event.type === 'account.reinstate' && accountGuards.reinstatable(event),
    wasChargedOff: ({ context }) => context.chargedOff,
    refundCovered: ({ event }) => event.type === 'account.refund_issued' && accountGuards.refundCovered(event),
  },
  actions: {
    record: assign(({ event }) => ({ ...factsOf(event), bucket: bucketFor(event.daysPastDue) })),
    markChargedOff: assign({ chargedOff: true }),
    countReinstatement: assign({ reinstatements: ({ context }) => context.reinstatements + 1 }),
  },
}).createMachine({
  id: 'leaseAccount',
  initial: 'current',
  context: ({ input }) => initialContext(input),
  states: {
    // Every installment collected on time so far.
    current: {
      on: {
        ...ON_REFUND,
        ...ON_LEDGER_CHANGE,
      },
    },
    // An installment is unpaid after its collection date: days and bucket in the context.
    past_due: {
      on: {
        ...ON_LEDGER_CHANGE,
        // Long delinquent: written off (collection may continue; a full payment still makes the lessee the owner).
        'account.charge_off': { guard: 'chargeOffDue', target: 'charged_off', actions: ['record', 'markChargedOff'] },
        // The lender accepts less than is owed to close a delinquent account.
        'account.settle': { target: 'settled', actions: 'record' },
      },
    },
    // Every rent payment made: the lessee owns the goods. A payment returned afterwards reopens the account.
    paid_out: {
      on: {
        'account.payment_reversed': PLACE_BY_FACTS,
        'account.day_closed': { actions: 'record' },
      },
    },
    // The early purchase price was paid. Its payment returned reopens the account.
    purchased_early: {
      on: {
        'account.payment_reversed': PLACE_BY_FACTS,
        'account.day_closed': { actions: 'record' },
      },
    },
    // The goods came back: no further rent. What was past due stays owed; the state may allow reinstatement.
    returned: {
      on: {
        'account.payment_posted': { actions: 'record' },
        'account.payment_reversed': { actions: 'record' },
        'account.day_closed': { actions: 'record' },
        'account.reinstate': { guard: 'reinstatable', target: 'reinstated', actions: ['record', 'countReinstatement'] },
      },
    },
    // Written off. Payments still post (recoveries); paying everything makes the lessee the owner.
    charged_off: {
      on: {
        'account.payment_posted': [{ guard: 'owned', target: 'paid_out', actions: 'record' }, { actions: 'record' }],
        'account.payment_reversed': { actions: 'record' },
        'account.day_closed': { actions: 'record' },
        'account.payoff_paid': { guard: 'payoffCovered', target: 'purchased_early', actions: 'record' },
        'account.settle': { target: 'settled', actions: 'record' },
        'account.reinstate': { guard: 'reinstatable', target: 'reinstated', actions: ['record', 'countReinstatement'] },
      },
    },
    // The lease runs again after a return or a charge-off; the next ledger change or close of day places it.
    reinstated: {
      on: {
        ...ON_REFUND,
        ...ON_LEDGER_CHANGE,
      },
    },
    // Closed by a settlement. Its payment returned puts the account back where it was.
    settled: {
      on: {
        'account.payment_reversed': [
          { guard: 'wasChargedOff', target: 'charged_off', actions: 'record' },
          { guard: 'owned', target: 'paid_out', actions: 'record' },
          { guard: 'late', target: 'past_due', actions: 'record' },
          { target: 'current', actions: 'record' },
        ],
        'account.day_closed': { actions: 'record' },
      },
    },
  },
});

export type LeaseAccountMachine = typeof leaseAccountMachine;
export type LeaseAccountSnapshot = SnapshotFrom<LeaseAccountMachine>;

export interface PersistedLeaseAccount {
  machine: typeof LEASE_ACCOUNT_MACHINE_NAME;
  machineVersion: number;
  state: LeaseAccountState;
  context: LeaseAccountContext;
}

export const leaseAccountStateOf = (snapshot: LeaseAccountSnapshot): LeaseAccountState => snapshot.value;

export function leaseAccountSnapshotAt(state: LeaseAccountState, context: LeaseAccountContext): LeaseAccountSnapshot {
  return leaseAccountMachine.resolveState({ value: state, context });
}

export function initialLeaseAccount(input: LeaseAccountInput): PersistedLeaseAccount {
  const facts = input.facts;
  const context = initialContext(input);
  // Without facts (no ledger yet) a new account is current, as the machine's initial state.
  const state: LeaseAccountState = !facts
    ? 'current'
    : accountGuards.owned(facts)
      ? 'paid_out'
      : accountGuards.late(facts)
        ? 'past_due'
        : 'current';
  return { machine: LEASE_ACCOUNT_MACHINE_NAME, machineVersion, state, context };
}

export const persistLeaseAccount = (snapshot: LeaseAccountSnapshot): PersistedLeaseAccount => ({
  machine: LEASE_ACCOUNT_MACHINE_NAME,
  machineVersion,
  state: leaseAccountStateOf(snapshot),
  context: snapshot.context,
});

export const restoreLeaseAccount = (persisted: PersistedLeaseAccount): LeaseAccountSnapshot =>
  leaseAccountSnapshotAt(persisted.state, persisted.context);

export interface Refusal {
  /** i18n key (machines/i18n/servicing.ts). */
  key: string;
  params: Record<string, string | number>;
  /** The text in the language asked for. */
  message: string;
}

const CLOSED_KEYS: Partial<Record<LeaseAccountState, string>> = {
  paid_out: 'servicing.account.error.owned',
  purchased_early: 'servicing.account.error.purchased',
  settled: 'servicing.account.error.settled',
};

function refusalKey(
  state: LeaseAccountState,
  event: LeaseAccountEvent,
): { key: string; params: Record<string, string | number> } {
  const closed = CLOSED_KEYS[state];
  switch (event.type) {
    case 'account.payoff_paid':
      if (closed) return { key: closed, params: {} };
      if (state === 'returned') return { key: 'servicing.account.error.returned', params: {} };
      return { key: 'servicing.account.error.payoffShort', params: { quote: formatCents(event.quoteCents) } };
    case 'account.charge_off':
      if (closed) return { key: closed, params: {} };
      if (state === 'returned') return { key: 'servicing.account.error.returned', params: {} };
      if (state === 'charged_off') return { key: 'servicing.account.error.alreadyChargedOff', params: {} };
      return {
        key: 'servicing.account.error.notLongPastDue',
        params: { days: CHARGE_OFF_MIN_DAYS_PAST_DUE, current: event.daysPastDue },
      };
    case 'account.settle':
      if (closed) return { key: closed, params: {} };
      if (state === 'returned') return { key: 'servicing.account.error.returned', params: {} };
      return { key: 'servicing.account.error.settleNotDelinquent', params: {} };
    case 'account.reinstate':
      if (state !== 'returned' && state !== 'charged_off')
        return { key: closed ?? 'servicing.account.error.notEnded', params: {} };
      if (!event.reinstatementOpen) return { key: 'servicing.account.error.reinstateWindowClosed', params: {} };
      return { key: 'servicing.account.error.reinstatePastDue', params: { amount: formatCents(event.pastDueCents) } };
    case 'account.return_accepted':
      if (state === 'returned') return { key: 'servicing.account.error.alreadyReturned', params: {} };
      if (state === 'charged_off') return { key: 'servicing.account.error.chargedOff', params: {} };
      return { key: closed ?? 'servicing.account.error.notAllowed', params: {} };
    case 'account.payment_posted':
      return { key: closed ?? 'servicing.account.error.notAllowed', params: {} };
    case 'account.refund_issued':
      if (closed) return { key: closed, params: {} };
      // Past due: money paid goes to the arrears first; an ended account has nothing paid ahead.
      if (state !== 'current' && state !== 'reinstated')
        return { key: 'servicing.account.error.notAllowed', params: {} };
      return {
        key: 'servicing.account.error.refundAboveOverpaid',
        params: { amount: formatCents(event.amountCents), overpaid: formatCents(event.overpaidCents) },
      };
    default:
      return { key: closed ?? 'servicing.account.error.notAllowed', params: {} };
  }
}

/**
 * Why the account refuses an event (null when it accepts it): the 409's message, in `lang`, with the state's own
 * reason (closed, not long enough past due, payoff short, reinstatement window closed, past due to pay first).
 */
export function whyNot(snapshot: LeaseAccountSnapshot, event: LeaseAccountEvent, lang: Lang = 'en'): Refusal | null {
  if (canAccept(leaseAccountMachine, snapshot, event)) return null;
  const { key, params } = refusalKey(leaseAccountStateOf(snapshot), event);
  const filled = { ...params, state: translate(lang, `servicing.account.state.${leaseAccountStateOf(snapshot)}`) };
  return { key, params: filled, message: translate(lang, key, filled) };
}

export type LeaseAccountResult =
  | { accepted: true; snapshot: LeaseAccountSnapshot; from: LeaseAccountState; to: LeaseAccountState }
  | { accepted: false; from: LeaseAccountState; refusal: Refusal };

/** Applies an event purely; a refusal carries its readable reason (the server answers 409 with it). */
export function applyAccountEvent(
  snapshot: LeaseAccountSnapshot,
  event: LeaseAccountEvent,
  lang: Lang = 'en',
): LeaseAccountResult {
  const from = leaseAccountStateOf(snapshot);
  const refusal = whyNot(snapshot, event, lang);
  if (refusal) return { accepted: false, from, refusal };
  const next = transition(leaseAccountMachine, snapshot, event)[0];
  return { accepted: true, snapshot: next, from, to: leaseAccountStateOf(next) };
}

/** The label of a state ('Past due', 'Owned' ...) in a language. */
export const leaseAccountStateLabel = (lang: Lang, state: LeaseAccountState) =>
  translate(lang, `servicing.account.state.${state}`);
