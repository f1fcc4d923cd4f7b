// The card vault (PCI SAQ A): card numbers are typed into the vault's hosted fields, shown in an iframe inside our
// payment screen; the vault tokenizes them and hands the page a token (by postMessage to the parent's exact origin).
// Our API only ever sees tokens: it reads a token's card facts (to apply the store's card flags) and charges it.
// Shapes follow Stripe (payment methods with card brand/funding/country, PaymentIntents, decline codes, events),
// which the real adapter (stripe.ts) speaks.

/** The store's card flags (seed 000 "Card payment"; machines/contracts/store.ts lease program). */
export interface CardFlags {
  is_prepaid_cards_allowed: boolean;
  are_credit_cards_allowed: boolean;
  are_debit_cards_allowed: boolean;
  is_foreign_cards_allowed: boolean;
}

export interface CreateVaultSessionInput {
  /** What will be charged, integer cents (shown nowhere in the fields; bounds the session). */
  amountCents: number;
  currency: 'usd';
  /** Our reference (the checkout id). */
  reference: string;
  flags: CardFlags;
  /** The exact origin of the page that frames the fields (scheme://host[:port]); tokens are posted only there. */
  parentOrigin: string;
  /**
   * Other origins allowed to be ancestors of the fields' frame (CSP frame-ancestors checks every ancestor): the
   * retailer page that frames our portal. Tokens still go only to `parentOrigin`.
   */
  ancestorOrigins?: string[];
  /** Label of the fields' submit button (seed: button_text), default 'Pay'. */
  buttonText?: string;
  lang?: 'en' | 'es';
}

export interface VaultSession {
  sessionId: string;
  /** The hosted fields page to show in an iframe (sandbox); absent when the vendor's script mounts the fields itself. */
  fieldsUrl?: string;
  /** For vendors whose fields are mounted by their script (Stripe Elements): what the page passes to it. */
  elements?: {
    publishableKey: string;
    mode: 'payment';
    amount: number;
    currency: string;
    paymentMethodTypes: string[];
  };
  expiresAt: string;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';
export type CardFunding = 'credit' | 'debit' | 'prepaid' | 'unknown';

/** What the vault tells about a tokenized card (never the number). */
export interface CardFacts {
  token: string;
  brand: CardBrand;
  funding: CardFunding;
  /** ISO 3166-1 alpha-2 country of the issuing bank. */
  country: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Cardholder name as typed. */
  name?: string;
}

export interface ChargeInput {
  token: string;
  amountCents: number;
  currency: 'usd';
  /** The same key returns the same result and never charges twice (Stripe's Idempotency-Key). */
  idempotencyKey: string;
  /** Our reference (the checkout id), kept on the charge and its events. */
  reference: string;
  description?: string;
}

/** Stripe's decline codes that the sandbox produces (others pass through as strings). */
export type DeclineCode =
  | 'generic_decline'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'lost_card'
  | 'stolen_card'
  | (string & {});

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string; amountCents: number }
  /** Accepted but not settled yet (the vendor's 'processing'): the payment webhook tells the outcome. */
  | { status: 'pending'; chargeId: string; amountCents: number }
  | { status: 'declined'; chargeId: string | null; declineCode: DeclineCode; message: string }
  /** The processor failed (e.g. processing_error): nothing was charged, the shopper may try again. */
  | { status: 'error'; chargeId: string | null; code: string; message: string };

/** Refusals of our request (not of the card), mapped from the vendor's errors. */
export type CardVaultErrorCode =
  | 'invalid_token' // unknown or expired token
  | 'invalid_request' // the vendor refused our input (amount, currency)
  | 'idempotency_conflict' // the key was used with other parameters
  | 'unauthorized' // our credentials were refused
  | 'rate_limited'
  | 'unavailable'; // the vendor failed or timed out: retry later with the same idempotency key

export class CardVaultError extends Error {
  constructor(
    readonly code: CardVaultErrorCode,
    message: string,
    readonly vendorCode?: string,
  ) {
    super(message);
    this.name = 'CardVaultError';
  }
}

/** A card saved for later off-session charges (Stripe: a PaymentMethod attached to a Customer). */
export interface SavedCard {
  paymentMethodId: string;
  customerId: string | null;
  facts: CardFacts;
}

/** A charge of a saved card without the cardholder present (autopay, the close of business). */
export interface SavedChargeInput extends Omit<ChargeInput, 'token'> {
  paymentMethodId: string;
  customerId: string | null;
}

/** A refund of (part of) a charge back to the card it came from (Stripe: POST /v1/refunds on the PaymentIntent). */
export interface RefundInput {
  chargeId: string;
  amountCents: number;
  /** The same key returns the same refund and never refunds twice. */
  idempotencyKey: string;
  reference: string;
}

export type RefundResult =
  | { status: 'succeeded' | 'pending'; refundId: string; amountCents: number }
  /** The vendor refused the refund (e.g. more than is left of the charge): nothing was refunded. */
  | { status: 'failed'; refundId: string | null; code: string; message: string };

export interface CardVaultPort {
  /** A hosted-fields session for one payment, carrying the store's card flags. */
  createSession(input: CreateVaultSessionInput): Promise<VaultSession>;
  /** Card facts of a token produced by the hosted fields. */
  cardFacts(token: string): Promise<CardFacts>;
  /** Charges a token. Declines and processor errors are results; CardVaultError means the request itself failed. */
  charge(input: ChargeInput): Promise<ChargeResult>;
  /** Saves a token produced by the hosted fields for off-session charges (the lessee's authorisation is ours). */
  saveForOffSession(input: { token: string; reference: string }): Promise<SavedCard>;
  /** Charges a saved card off-session; same results and idempotency as `charge`. */
  chargeSaved(input: SavedChargeInput): Promise<ChargeResult>;
  /** Refunds a charge (an overpayment given back); refusals are results, CardVaultError a failed request. */
  refund(input: RefundInput): Promise<RefundResult>;
}
