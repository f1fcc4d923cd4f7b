// One debit of one installment (issue 22): scheduled, submitted, settled, or returned (ACH, with its NACHA code) or
// declined (card, with its decline code), then a retry scheduled or given up. The retry guard is NACHA's rule
// (machines/domain/servicing/nacha.ts) for a bank debit and a short fixed policy for a card. Each submission is one
// attempt with its own idempotency key, lease + installment + attempt number, which the card vault or ACH port
// receives, so a crash or a redelivered message never charges twice. The server applies events with `transition`.
import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import { canAccept } from '../checkout/checkout.machine.ts';
import type { Cents } from '../domain/money.ts';
import { retryDecision, type ReturnCode, type RetryRefusal } from '../domain/servicing/nacha.ts';
import { translate } from '../i18n/catalogue.ts';
import type { Lang } from '../i18n/types.ts';

export const machineVersion = 1;
export const PAYMENT_ATTEMPT_MACHINE_NAME = 'payment-attempt';

export type PaymentRail = 'card' | 'ach';

/** A card declined this many times is not retried again (card networks penalise repeated retries). */
export const MAX_CARD_RETRIES = 2;
/** Card decline codes that mean the card must not be charged again (a new card is needed). */
export const HARD_CARD_DECLINES: readonly string[] = [
  'lost_card',
  'stolen_card',
  'pickup_card',
  'fraudulent',
  'restricted_card',
  'card_not_supported',
  'expired_card',
  'invalid_account',
];

export const PAYMENT_ATTEMPT_STATES = [
  'scheduled',
  'submitted',
  'settled',
  'returned',
  'declined',
  'retry_scheduled',
  'given_up',
  'cancelled',
] as const;
export type PaymentAttemptState = (typeof PAYMENT_ATTEMPT_STATES)[number];

export interface AttemptOutcome {
  attempt: number;
  outcome: 'settled' | 'returned' | 'declined';
  code: string | null;
  date: string;
}

export interface PaymentAttemptContext {
  leaseId: string;
  installment: number;
  /** 1 for the first presentment, +1 for each retry. */
  attempt: number;
  rail: PaymentRail;
  amountCents: Cents;
  /** The date the current attempt is to be (or was) submitted. */
  scheduledFor: string;
  submittedOn: string | null;
  /** The original entry's settlement date (NACHA's 180 days count from it). */
  originalSettlementDate: string | null;
  /** The last return or decline code. */
  code: string | null;
  /** Retries (reinitiations) made so far. */
  retries: number;
  history: AttemptOutcome[];
}

export interface PaymentAttemptInput {
  leaseId: string;
  installment: number;
  rail: PaymentRail;
  amountCents: Cents;
  scheduledFor: string;
}

export type PaymentAttemptEvent =
  | { type: 'attempt.submit'; date: string }
  | { type: 'attempt.settle'; date: string }
  | { type: 'attempt.return'; code: ReturnCode; date: string; settlementDate?: string }
  | { type: 'attempt.decline'; code: string; date: string }
  | { type: 'attempt.schedule_retry'; retryDate: string; newAuthorisation: boolean }
  | { type: 'attempt.give_up' }
  | { type: 'attempt.cancel' };

export type PaymentAttemptEventType = PaymentAttemptEvent['type'];

/** The idempotency key of an attempt: lease + installment + attempt number. */
export const attemptKey = (c: Pick<PaymentAttemptContext, 'leaseId' | 'installment' | 'attempt'>) =>
  `${c.leaseId}:${c.installment}:${c.attempt}`;

/** Why a retry may not be scheduled now (null: it may). Card: hard declines and the retry limit; ACH: NACHA. */
export function retryRefusal(
  context: PaymentAttemptContext,
  event: { retryDate: string; newAuthorisation: boolean },
): RetryRefusal | 'hardDecline' | null {
  if (context.rail === 'card') {
    if (context.code !== null && HARD_CARD_DECLINES.includes(context.code) && !event.newAuthorisation)
      return 'hardDecline';
    return context.retries >= MAX_CARD_RETRIES ? 'tooManyRetries' : null;
  }
  if (context.code === null) return 'notRetriable';
  const decision = retryDecision({
    code: context.code as ReturnCode,
    retriesSoFar: context.retries,
    originalSettlementDate: context.originalSettlementDate ?? context.submittedOn ?? event.retryDate,
    retryDate: event.retryDate,
    newAuthorisation: event.newAuthorisation,
  });
  return decision.allowed ? null : decision.reason;
}

const outcome = (context: PaymentAttemptContext, o: Omit<AttemptOutcome, 'attempt'>): AttemptOutcome[] => [
  ...context.history,
  { attempt: context.attempt, ...o },
];

/** The debit's first attempt, scheduled for its collection date. */
const firstAttemptContext = (input: PaymentAttemptInput): PaymentAttemptContext => ({
  leaseId: input.leaseId,
  installment: input.installment,
  attempt: 1,
  rail: input.rail,
  amountCents: input.amountCents,
  scheduledFor: input.scheduledFor,
  submittedOn: null,
  originalSettlementDate: null,
  code: null,
  retries: 0,
  history: [],
});

/** A returned or declined debit is tried again (while NACHA and the card rules allow) or given up. */
const retryOrGiveUp = {
  'attempt.schedule_retry': { guard: 'retryAllowed', target: 'retry_scheduled', actions: 'nextAttempt' },
  'attempt.give_up': { target: 'given_up' },
} as const;

export const paymentAttemptMachine = setup({
  types: {
    context: {} as PaymentAttemptContext,
    events: {} as PaymentAttemptEvent,
    input: {} as PaymentAttemptInput,
  },
  guards: {
    // Only a bank debit comes back with a NACHA return code.
    isAch: ({ context }) => context.rail === 'ach',
    // Only a card is declined at authorisation.
    isCard: ({ context }) => context.rail === 'card',
    // NACHA (bank) or the card policy allows another presentment.
    retryAllowed: ({ context, event }) =>
      event.type === 'attempt.schedule_retry' && retryRefusal(context, event) === null,
  },
  actions: {
    markSubmitted: assign({
      submittedOn: ({ event }) => (event.type === 'attempt.submit' ? event.date : null),
    }),
    markSettled: assign(({ context, event }) => {
      if (event.type !== 'attempt.settle') return {};
      return {
        originalSettlementDate: context.originalSettlementDate ?? event.date,
        history: outcome(context, { outcome: 'settled', code: null, date: event.date }),
      };
    }),
    markReturned: assign(({ context, event }) => {
      if (event.type !== 'attempt.return') return {};
      return {
        code: event.code,
        originalSettlementDate:
          context.originalSettlementDate ?? event.settlementDate ?? context.submittedOn ?? event.date,
        history: outcome(context, { outcome: 'returned', code: event.code, date: event.date }),
      };
    }),
    markDeclined: assign(({ context, event }) => {
      if (event.type !== 'attempt.decline') return {};
      return {
        code: event.code,
        history: outcome(context, { outcome: 'declined', code: event.code, date: event.date }),
      };
    }),
    nextAttempt: assign(({ context, event }) => {
      if (event.type !== 'attempt.schedule_retry') return {};
      return {
        attempt: context.attempt + 1,
        retries: context.retries + 1,
        scheduledFor: event.retryDate,
        submittedOn: null,
      };
    }),
  },
}).createMachine({
  id: 'paymentAttempt',
  initial: 'scheduled',
  context: ({ input }) => firstAttemptContext(input),
  states: {
    // Waiting for its collection date.
    scheduled: {
      on: {
        // The close of business sent it to the card vault or the ACH port (with its idempotency key).
        'attempt.submit': { target: 'submitted', actions: 'markSubmitted' },
        // Paid another way, or autopay revoked, before it went out.
        'attempt.cancel': { target: 'cancelled' },
      },
    },
    // Sent; the outcome is awaited.
    submitted: {
      on: {
        'attempt.settle': { target: 'settled', actions: 'markSettled' },
        'attempt.return': { guard: 'isAch', target: 'returned', actions: 'markReturned' },
        'attempt.decline': { guard: 'isCard', target: 'declined', actions: 'markDeclined' },
      },
    },
    // The money arrived. A bank debit can still come back (R01 within two banking days, unauthorised up to 60 days).
    settled: {
      on: {
        'attempt.return': { guard: 'isAch', target: 'returned', actions: 'markReturned' },
      },
    },
    // The bank returned it with a NACHA code.
    returned: { on: retryOrGiveUp },
    // The card was declined.
    declined: { on: retryOrGiveUp },
    // The next attempt (a new idempotency key) waits for its date.
    retry_scheduled: {
      on: {
        'attempt.submit': { target: 'submitted', actions: 'markSubmitted' },
        'attempt.give_up': { target: 'given_up' },
        'attempt.cancel': { target: 'cancelled' },
      },
    },
    // No more attempts for this debit: the installment stays owed (the lease account shows it past due).
    given_up: { type: 'final' },
    // Not sent at all.
    cancelled: { type: 'final' },
  },
});

export type PaymentAttemptMachine = typeof paymentAttemptMachine;
export type PaymentAttemptSnapshot = SnapshotFrom<PaymentAttemptMachine>;

export interface PersistedPaymentAttempt {
  machine: typeof PAYMENT_ATTEMPT_MACHINE_NAME;
  machineVersion: number;
  state: PaymentAttemptState;
  context: PaymentAttemptContext;
}

export const paymentAttemptStateOf = (snapshot: PaymentAttemptSnapshot): PaymentAttemptState => snapshot.value;

export function paymentAttemptSnapshotAt(
  state: PaymentAttemptState,
  context: PaymentAttemptContext,
): PaymentAttemptSnapshot {
  return paymentAttemptMachine.resolveState({ value: state, context });
}

export function initialPaymentAttempt(input: PaymentAttemptInput): PersistedPaymentAttempt {
  const snapshot = paymentAttemptSnapshotAt('scheduled', firstAttemptContext(input));
  return persistPaymentAttempt(snapshot);
}

export const persistPaymentAttempt = (snapshot: PaymentAttemptSnapshot): PersistedPaymentAttempt => ({
  machine: PAYMENT_ATTEMPT_MACHINE_NAME,
  machineVersion,
  state: paymentAttemptStateOf(snapshot),
  context: snapshot.context,
});

export const restorePaymentAttempt = (p: PersistedPaymentAttempt): PaymentAttemptSnapshot =>
  paymentAttemptSnapshotAt(p.state, p.context);

export interface AttemptRefusal {
  key: string;
  params: Record<string, string | number>;
  message: string;
}

/** Why an attempt refuses an event (null when it accepts it), in `lang`. */
export function attemptWhyNot(
  snapshot: PaymentAttemptSnapshot,
  event: PaymentAttemptEvent,
  lang: Lang = 'en',
): AttemptRefusal | null {
  if (canAccept(paymentAttemptMachine, snapshot, event)) return null;
  const state = paymentAttemptStateOf(snapshot);
  const c = snapshot.context;
  let key = 'servicing.attempt.error.notAllowed';
  if (event.type === 'attempt.schedule_retry' && (state === 'returned' || state === 'declined')) {
    key = `servicing.attempt.retry.${retryRefusal(c, event) ?? 'notRetriable'}`;
  } else if (event.type === 'attempt.return' && c.rail === 'card') key = 'servicing.attempt.error.cardNotReturned';
  else if (event.type === 'attempt.decline' && c.rail === 'ach') key = 'servicing.attempt.error.achNotDeclined';
  const params = {
    state: translate(lang, `servicing.attempt.state.${state}`),
    code: c.code ?? '',
    retries: c.retries,
  };
  return { key, params, message: translate(lang, key, params) };
}

export type PaymentAttemptResult =
  | { accepted: true; snapshot: PaymentAttemptSnapshot; from: PaymentAttemptState; to: PaymentAttemptState }
  | { accepted: false; from: PaymentAttemptState; refusal: AttemptRefusal };

export function applyAttemptEvent(
  snapshot: PaymentAttemptSnapshot,
  event: PaymentAttemptEvent,
  lang: Lang = 'en',
): PaymentAttemptResult {
  const from = paymentAttemptStateOf(snapshot);
  const refusal = attemptWhyNot(snapshot, event, lang);
  if (refusal) return { accepted: false, from, refusal };
  const next = transition(paymentAttemptMachine, snapshot, event)[0];
  return { accepted: true, snapshot: next, from, to: paymentAttemptStateOf(next) };
}
