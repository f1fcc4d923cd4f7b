import { isReturnCode, RETURN_CODE_RULES } from '../domain/servicing/nacha.ts';
import { HARD_CARD_DECLINES, type PaymentAttemptState } from './payment-attempt.machine.ts';

// A failed autopay debit as the lessee reads it (issue 22): the processor's code (a card decline code or a NACHA return
// code) becomes a plain reason, and the payment-attempt machine's decision becomes what happens next: tried again on a
// date, not tried again (pay it yourself), or not tried again until a new authorisation (a new card, or the bank
// account authorised again). Pure: the server fills the lessee's view with it, the page words it from the catalogue.

export const PAYMENT_PROBLEM_REASONS = [
  'insufficient_funds',
  'card_declined',
  'card_expired',
  'card_unusable',
  'account_closed',
  'account_not_found',
  'not_authorised',
  'payment_stopped',
  'other',
] as const;
export type PaymentProblemReason = (typeof PAYMENT_PROBLEM_REASONS)[number];

export type PaymentProblemNextStep = 'retry' | 'pay_now' | 'new_authorisation';

const CARD_REASONS: Record<string, PaymentProblemReason> = {
  insufficient_funds: 'insufficient_funds',
  generic_decline: 'card_declined',
  card_declined: 'card_declined',
  do_not_honor: 'card_declined',
  expired_card: 'card_expired',
  lost_card: 'card_unusable',
  stolen_card: 'card_unusable',
  pickup_card: 'card_unusable',
  fraudulent: 'card_unusable',
  restricted_card: 'card_unusable',
  card_not_supported: 'card_unusable',
  invalid_account: 'card_unusable',
};

const BANK_REASONS: Record<string, PaymentProblemReason> = {
  R01: 'insufficient_funds',
  R09: 'insufficient_funds',
  R02: 'account_closed',
  R03: 'account_not_found',
  R05: 'not_authorised',
  R07: 'not_authorised',
  R10: 'not_authorised',
  R29: 'not_authorised',
  R51: 'not_authorised',
  R08: 'payment_stopped',
};

/** The plain reason of a card decline code or a bank return code (unknown codes: 'other'). */
export function problemReasonOf(channel: 'card' | 'bank', code: string | null): PaymentProblemReason {
  if (!code) return 'other';
  return (channel === 'card' ? CARD_REASONS[code] : BANK_REASONS[code.toUpperCase()]) ?? 'other';
}

/**
 * Whether the debit can ever be presented again on the same authorisation: not after NACHA's unauthorised,
 * administrative or stop-payment returns, nor after a card's hard decline (both need a new authorisation).
 */
export function needsNewAuthorisation(channel: 'card' | 'bank', code: string | null): boolean {
  if (!code) return false;
  if (channel === 'card') return HARD_CARD_DECLINES.includes(code);
  return isReturnCode(code) && !RETURN_CODE_RULES[code].retriable;
}

export interface NextStepFacts {
  channel: 'card' | 'bank';
  code: string | null;
  /** The payment-attempt machine's state after its decision (retry_scheduled, given_up, ...). */
  machineState: PaymentAttemptState | null;
  retryOn: string | null;
  /** The lender's date today. */
  today: string;
  /** Autopay is on with a payment method (a retry is charged only then). */
  autopayOn: boolean;
}

/** What happens next: a retry on its date, or no retry (a new authorisation needed, or pay it yourself). */
export function nextStepOf(f: NextStepFacts): { step: PaymentProblemNextStep; retryOn: string | null } {
  if (needsNewAuthorisation(f.channel, f.code)) return { step: 'new_authorisation', retryOn: null };
  const retrying =
    f.autopayOn &&
    f.retryOn !== null &&
    f.retryOn >= f.today &&
    (f.machineState ?? 'retry_scheduled') === 'retry_scheduled';
  return retrying ? { step: 'retry', retryOn: f.retryOn } : { step: 'pay_now', retryOn: null };
}
