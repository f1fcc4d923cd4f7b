import { isReturnCode, returnFeeDecision } from '../../../machines/domain/servicing/nacha.ts';
import type { ServicingStateRule } from '../../../machines/domain/servicing/state-servicing-rules.ts';
import {
  applyAttemptEvent,
  initialPaymentAttempt,
  persistPaymentAttempt,
  restorePaymentAttempt,
  type PaymentAttemptEvent,
  type PaymentAttemptSnapshot,
  type PaymentAttemptState,
  type PersistedPaymentAttempt,
} from '../../../machines/payment-attempt/payment-attempt.machine.ts';
import type { AttemptItem } from '../../data/servicing.ts';

// One collection debit through the payment-attempt machine (machines/payment-attempt): submitted, then settled,
// returned (bank, NACHA code) or declined (card), then a retry scheduled or given up, the machine's retry guard
// deciding (NACHA's R01/R09 at most twice within 180 days, never after an unauthorised return; a card's hard decline
// never). Each stored attempt keeps the machine's snapshot after its decision; the next attempt continues from it.

/** A failed debit is presented again this many days later (when the machine allows a retry). */
export const RETRY_AFTER_DAYS = 3;

export type DebitOutcome =
  { ok: true } | { ok: false; channel: 'card' | 'bank'; code: string; date: string; settlementDate?: string };

export interface AttemptDecision {
  /** What became of this presentment: settled, returned or declined. */
  outcome: PaymentAttemptState;
  /** The machine after the retry decision (retry_scheduled, given_up or settled). */
  persisted: PersistedPaymentAttempt;
  retryOn: string | null;
}

const step = (snapshot: PaymentAttemptSnapshot, event: PaymentAttemptEvent) => {
  const result = applyAttemptEvent(snapshot, event);
  return result.accepted ? result.snapshot : null;
};

/** The machine as this attempt starts: the previous attempt's retry, or a new debit of the installment. */
export function attemptStart(
  previous: Pick<AttemptItem, 'machine'> | undefined,
  input: { leaseId: string; installment: number; channel: 'card' | 'bank'; amountCents: number; date: string },
): PaymentAttemptSnapshot {
  if (previous?.machine && previous.machine.state === 'retry_scheduled') return restorePaymentAttempt(previous.machine);
  return restorePaymentAttempt(
    initialPaymentAttempt({
      leaseId: input.leaseId,
      installment: input.installment,
      rail: input.channel === 'card' ? 'card' : 'ach',
      amountCents: input.amountCents,
      scheduledFor: input.date,
    }),
  );
}

/** Submits, records the vendor's answer and, after a failure, asks the machine for a retry on `retryDate`. */
export function decideAttempt(
  start: PaymentAttemptSnapshot,
  date: string,
  outcome: DebitOutcome,
  retryDate: string,
): AttemptDecision {
  const submitted = step(start, { type: 'attempt.submit', date }) ?? start;
  if (outcome.ok) {
    const settled = step(submitted, { type: 'attempt.settle', date }) ?? submitted;
    return { outcome: 'settled', persisted: persistPaymentAttempt(settled), retryOn: null };
  }
  const failed =
    outcome.channel === 'bank' && isReturnCode(outcome.code)
      ? step(submitted, { type: 'attempt.return', code: outcome.code, date, settlementDate: outcome.settlementDate })
      : outcome.channel === 'card'
        ? step(submitted, { type: 'attempt.decline', code: outcome.code, date })
        : null;
  // A bank answer the machine does not know (no NACHA code it lists) is not retried.
  if (!failed) {
    return {
      outcome: outcome.channel === 'bank' ? 'returned' : 'declined',
      persisted: persistPaymentAttempt(submitted),
      retryOn: null,
    };
  }
  const outcomeState = failed.value;
  const retried = step(failed, { type: 'attempt.schedule_retry', retryDate, newAuthorisation: false });
  if (retried) return { outcome: outcomeState, persisted: persistPaymentAttempt(retried), retryOn: retryDate };
  const givenUp = step(failed, { type: 'attempt.give_up' }) ?? failed;
  return { outcome: outcomeState, persisted: persistPaymentAttempt(givenUp), retryOn: null };
}

/**
 * Whether a returned debit may carry a return fee (NACHA's code, notice given, the state's rule). The autopay
 * authorisation the lessee accepts names no return fee today, so notice is not given and none is charged
 * (docs/decisions.md, issue 22 wiring).
 */
export const RETURN_FEE_NOTICE_GIVEN = false;

export function returnFeeAllowed(
  code: string,
  rule: Pick<ServicingStateRule, 'returnFeeAllowed'>,
  alreadyCharged: boolean,
): boolean {
  if (!isReturnCode(code)) return false;
  return returnFeeDecision({
    code,
    noticeGiven: RETURN_FEE_NOTICE_GIVEN,
    stateAllows: rule.returnFeeAllowed,
    alreadyCharged,
  }).allowed;
}
