// The lessee's API (`/customer/api`, issue 22): sign-in by one-time code, the lessee's leases, payments, payoff,
// autopay, returns and moving a payment date. The handlers (functions/http/customer.ts) validate with these very
// schemas and the lessee's account pages (web/customer) build against the same types.
// Conventions: every answer is the envelope of machines/contracts/envelope.ts; money is integer cents; dates are ISO
// (`YYYY-MM-DD` for a calendar day of the lender, full ISO 8601 for instants). Validation messages are catalogue keys
// (machines/i18n/customer-api.ts), answered in the lessee's language (X-Lang / Accept-Language / the body's `lang`).
// Sessions: an HttpOnly, SameSite=Strict cookie; every mutating call after sign-in also carries the CSRF token
// (answered by /auth/verify and /me) in the `X-CSRF-Token` header, and may carry an `Idempotency-Key` header.
import * as z from 'zod/mini';
import type { LeaseAccountState } from '../lease-account/lease-account.machine.ts';
import { PIN_LENGTH } from '../pin/pin-rules.ts';
import type { PaymentProblemNextStep, PaymentProblemReason } from '../payment-attempt/payment-problem.ts';

const required = 'validation.required';
const lang = z.optional(z.enum(['en', 'es']));

/** The header that echoes the CSRF token of the lessee's session on every mutating call. */
export const CUSTOMER_CSRF_HEADER = 'x-csrf-token';

// ---------------------------------------------------------------------------------------------------------------
// Sign-in

/**
 * `POST /customer/api/auth/code`: one of `phone` (US, any punctuation; 10 digits, or 11 starting with 1) or `email`.
 * The answer is the same whether or not a funded lease has that address, so it cannot be used to find lessees.
 * Sets an HttpOnly cookie that ties the pending sign-in to this browser for /auth/verify.
 */
export const authCodeBody = z
  .object({
    phone: z.optional(z.string().check(z.trim(), z.maxLength(40, 'customer.auth.phone.invalid'))),
    email: z.optional(z.string().check(z.trim(), z.maxLength(254, 'customer.auth.email.invalid'))),
    lang,
  })
  .check(
    z.refine((body) => Boolean(body.phone) !== Boolean(body.email), {
      message: 'customer.auth.address.one',
      path: ['phone'],
    }),
  );
export type AuthCodeBody = z.infer<typeof authCodeBody>;

/** `data` of /auth/code (202-like 200: "if a lease has this address, a code is on its way"). */
export interface AuthCodeData {
  channel: 'sms' | 'email';
  /** Seconds the code stays valid (the PIN machine's expiry). */
  expires_in: number;
  /** Seconds before another code may be asked for (0 when one may be asked now). */
  resend_in: number;
}

/** `POST /customer/api/auth/verify`: the code from the message (the pending sign-in is the cookie set by /auth/code). */
export const authVerifyBody = z.object({
  code: z.string().check(z.trim(), z.regex(new RegExp(`^[0-9]{${PIN_LENGTH}}$`), 'customer.auth.code.invalid')),
  lang,
});
export type AuthVerifyBody = z.infer<typeof authVerifyBody>;

/** `data` of a refused /auth/verify (422 wrong code; 429 too many attempts; 410 expired: ask for a new code). */
export interface AuthVerifyErrorData {
  attempts_left?: number;
  expired?: boolean;
  maxed?: boolean;
}

/** `data` of /auth/verify and `GET /customer/api/me`: who is signed in. */
export interface CustomerMe {
  /** The lessee's first name as on the lease (for the greeting); null when unknown. */
  first_name: string | null;
  /** The address the lessee signed in with, masked ('•••• 1234', 'j•••@example.com'). */
  signed_in_with: string;
  lang: 'en' | 'es';
  /** The leases this lessee may see (applicant or co-applicant with that phone or e-mail). */
  lease_ids: string[];
  /** Echo it in `X-CSRF-Token` on every mutating call. */
  csrf_token: string;
  /** When the session ends unless used (ISO). */
  expires_at: string;
}

// `POST /customer/api/auth/logout`: no body; `data` is null; the session cookies are cleared.

// ---------------------------------------------------------------------------------------------------------------
// Leases

/** The account's state (machines/lease-account) as the customer sees it: any but 'reinstated', or a requested return. */
export type CustomerLeaseStatus = Exclude<LeaseAccountState, 'reinstated'> | 'return_requested';

/** One installment's state: paid in full, partly paid, not yet due, due today, late, or not owed any more. */
export const INSTALLMENT_STATUSES = [
  'paid',
  'partially_paid',
  'scheduled',
  'due',
  'past_due',
  'waived',
  'cancelled',
] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

export interface ScheduleEntryView {
  /** 1-based position in the schedule. */
  number: number;
  due_date: string;
  /** What the installment is, in cents (with fees charged on it). */
  amount: number;
  /** What has been allocated to it, in cents. */
  paid: number;
  status: InstallmentStatus;
}

export interface NextPaymentView {
  due_date: string;
  /** Cents due on that date (past due amounts included). */
  amount: number;
  /** Whether autopay will debit it. */
  autopay: boolean;
}

/**
 * A receipt (Maryland: amount paid, amount due, remaining to ownership), newest first. A fee charged (`kind` 'fee') or
 * waived ('waiver') is a row of its own, so the lessee sees when and why what they owe went up or down: its
 * `amount_paid` is 0 and `fee_amount` is the fee; `amount_due` and `remaining_to_ownership` are as after it.
 */
export interface ReceiptView {
  id: string;
  /** ISO instant of the payment (or of the fee). */
  paid_at: string;
  kind: 'payment' | 'payoff' | 'fee' | 'waiver' | 'reversal' | 'refund' | 'settlement';
  method: 'card' | 'bank' | 'phone' | 'cash' | 'other';
  /** Last 4 of the card or account, when there is one. */
  last4: string | null;
  amount_paid: number;
  /** What was due when it was paid. */
  amount_due: number;
  /** What was left to pay to own the merchandise after it (total of payments remaining). */
  remaining_to_ownership: number;
  /** A fee or waiver row: which fee ('late', 'return' for a returned payment, 'other'); null on a payment. */
  fee_kind: 'late' | 'return' | 'other' | null;
  /** A fee or waiver row: the fee charged or waived, in cents; 0 on a payment. */
  fee_amount: number;
}

/**
 * The latest automatic payment that did not go through and is still owed (null when there is none): a card declined
 * or a bank debit returned, why in plain words, and what happens next. Never a full card or account number.
 */
export interface PaymentProblemView {
  /** The lender day the debit was presented (`YYYY-MM-DD`). */
  date: string;
  /** Cents the debit was for. */
  amount: number;
  /** The installment it was for (1-based). */
  installment: number;
  /** Which presentment of that installment failed (1 = the first, 2 = the first retry, ...). */
  attempt: number;
  /** 'declined' (card) or 'returned' (bank debit). */
  outcome: 'declined' | 'returned';
  method: 'card' | 'bank';
  /** Last 4 of the card or account debited. */
  last4: string | null;
  /** The plain reason (the page words it from its catalogue: `account.problem.reason.<reason_code>`). */
  reason_code: PaymentProblemReason;
  /** The same reason in the lessee's language. */
  reason: string;
  /** The card network's decline code or NACHA's return code, to quote to customer service. */
  processor_code: string | null;
  /**
   * 'retry': it is presented again on `retry_on`; 'pay_now': it is not tried again, the lessee pays it; and
   * 'new_authorisation': it is not tried again until the lessee gives a new card or authorises the account again.
   */
  next_step: PaymentProblemNextStep;
  retry_on: string | null;
}

export interface AutopayView {
  enabled: boolean;
  /** When the current authorisation (or its revocation) was recorded (ISO), null if never. */
  changed_at: string | null;
  /** The card or account autopay debits, masked. */
  last4: string | null;
  /** The Regulation E authorisation text (amount and timing) the lessee agrees to when turning autopay on. */
  authorisation_text: string;
  /** Its version (recorded with the consent). */
  authorisation_version: string;
}

/** The lender's limits on moving a payment date (data, with a default), and what is left of them for this lease. */
export interface DueDateChangeView {
  allowed: boolean;
  /** Why not, in the lessee's language, when not allowed. */
  reason: string | null;
  /** The range a new date for the next installment may be picked from (inclusive, `YYYY-MM-DD`). */
  earliest: string | null;
  latest: string | null;
  /** Changes left (per lease year); null when unlimited. */
  changes_left: number | null;
}

export interface ReturnView {
  requested_at: string;
  /** What to do next, in the lessee's language. */
  instructions: string;
}

/** A row of `GET /customer/api/leases`. */
export interface CustomerLeaseSummary {
  id: string;
  lease_number: string | null;
  status: CustomerLeaseStatus;
  /** The retailer and store the merchandise came from. */
  retailer_name: string;
  store_name: string;
  /** A short description of the merchandise ('55" TV, soundbar'). */
  description: string;
  /** What is left to pay to own it, in cents (total of payments remaining). */
  balance: number;
  /** Cents past due now (0 when current). */
  past_due: number;
  next_payment: NextPaymentView | null;
  autopay: boolean;
}

/** `data` of `GET /customer/api/leases/{id}`. */
export interface CustomerLeaseDetail extends Omit<CustomerLeaseSummary, 'autopay'> {
  /** Days past due (0 when current) and its bucket. */
  days_past_due: number;
  frequency: string;
  /** Cents: the contract's total of payments, and what has been paid towards it. */
  total_of_payments: number;
  total_paid: number;
  /** Fees charged and not paid yet (late fees, returned-payment fees), in cents; 0 when none. */
  fees_owed: number;
  /** The latest automatic payment that failed and is still owed, or null. */
  payment_problem: PaymentProblemView | null;
  /** The contract's cash price (cents), for the cost of ownership comparison. */
  cash_price: number;
  schedule: ScheduleEntryView[];
  receipts: ReceiptView[];
  autopay: AutopayView;
  due_date_change: DueDateChangeView;
  /** Whether a payoff (early purchase) may be asked for and paid now. */
  payoff_available: boolean;
  /** Whether a return may be started now. */
  return_available: boolean;
  return_request: ReturnView | null;
  /** Payment reminders: the channels on, and the text-message consent text. */
  reminders: RemindersView;
}

export const leasePathSchema = z.object({
  id: z.string().check(z.trim(), z.minLength(1, required), z.maxLength(80, 'customer.lease.not_found')),
});

/** `data` of `GET /customer/api/leases/{id}/payoff`: the early purchase quote. */
export interface PayoffQuoteView {
  /** Cents to pay to own the merchandise today. */
  amount: number;
  /** The last lender day (`YYYY-MM-DD`) this amount holds. */
  valid_until: string;
  /** 'early_purchase_window' (the contract's early purchase price) or 'formula' (after it). */
  basis: 'early_purchase_window' | 'formula';
  /** What the lessee would pay by keeping to the schedule (cents), for comparison. */
  remaining_scheduled: number;
}

/**
 * `POST /customer/api/leases/{id}/card-session`: a session of the card vault's hosted fields for a payment, the payoff
 * or the card autopay will charge (the page frames `fields_url`; the fields post back a token, never the number).
 */
export const cardSessionBody = z.object({
  amount: z
    .int('customer.payment.amount.invalid')
    .check(z.gte(0, 'customer.payment.amount.invalid'), z.lte(100_000_000, 'customer.payment.amount.invalid')),
  purpose: z.enum(['payment', 'payoff', 'autopay'], 'customer.card.purpose.invalid'),
  lang,
});
export type CardSessionBody = z.infer<typeof cardSessionBody>;

/** `data` of /card-session. */
export interface CardSessionView {
  session_id: string;
  /** The hosted fields page to frame (the sandbox's); null when the vendor's script mounts the fields itself. */
  fields_url: string | null;
  expires_at: string;
}

const cents = (message: string) => z.int(message).check(z.positive(message), z.lte(100_000_000, message));
/** A card token from the vault's hosted fields (never a card number). */
const cardToken = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'customer.payment.token.required'),
    z.maxLength(255, 'customer.payment.token.invalid'),
  );

/** `POST /customer/api/leases/{id}/payments`: pay now. */
export const paymentBody = z.object({
  amount: cents('customer.payment.amount.invalid'),
  token: cardToken,
  lang,
});
export type PaymentBody = z.infer<typeof paymentBody>;

/** `data` of a payment or a payoff (201). */
export interface PaymentResultView {
  payment_id: string;
  status: 'settled' | 'declined';
  amount: number;
  receipt: ReceiptView | null;
  /** The lease after it. */
  lease: CustomerLeaseDetail;
}

/** `POST /customer/api/leases/{id}/payoff`: pay the quote (its `amount` echoed, so a changed quote is refused). */
export const payoffBody = z.object({
  amount: cents('customer.payoff.amount.invalid'),
  token: cardToken,
  lang,
});
export type PayoffBody = z.infer<typeof payoffBody>;

/**
 * `POST /customer/api/leases/{id}/autopay`: turn autopay on (`accept_authorisation` true with the version shown, and
 * a card token unless a card is already on file) or off (revocation, any time).
 */
export const autopayBody = z.object({
  enabled: z.boolean('customer.autopay.enabled.invalid'),
  accept_authorisation: z.optional(z.boolean()),
  authorisation_version: z.optional(z.string().check(z.maxLength(64, 'customer.autopay.version.invalid'))),
  token: z.optional(cardToken),
  lang,
});
export type AutopayBody = z.infer<typeof autopayBody>;

/** `POST /customer/api/leases/{id}/return`: start a return. */
export const returnBody = z.object({
  reason: z.optional(z.string().check(z.maxLength(500, 'customer.return.reason.too_long'))),
  lang,
});
export type ReturnBody = z.infer<typeof returnBody>;

/** `POST /customer/api/leases/{id}/due-date`: move the next installment (and those after it) to a new day. */
export const dueDateBody = z.object({
  due_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'customer.due_date.invalid')),
  lang,
});
export type DueDateBody = z.infer<typeof dueDateBody>;

/**
 * `POST /customer/api/leases/{id}/reminders`: the channels the lessee wants payment reminders on (before each debit,
 * after a failed one). E-mail is on by the consent to electronic notices given at application; text messages only
 * when the lessee turns them on here (the consent text is `reminders.sms_consent_text`); STOP to any text turns them
 * off too.
 */
export const remindersBody = z.object({
  sms: z.optional(z.boolean('customer.reminders.invalid')),
  email: z.optional(z.boolean('customer.reminders.invalid')),
  lang,
});
export type RemindersBody = z.infer<typeof remindersBody>;

export interface RemindersView {
  sms: boolean;
  email: boolean;
  /** What turning text reminders on agrees to (TCPA), in the lessee's language. */
  sms_consent_text: string;
}

// The answers of autopay, reminders, return and due-date are the lease after the change (`CustomerLeaseDetail`).
