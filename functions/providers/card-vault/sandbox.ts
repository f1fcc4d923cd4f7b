// The sandbox card vault, in the manner of Stripe's test mode: sessions, tokens (payment methods) and charges
// (payment intents) live in the table under SANDBOX#VAULT... keys. The hosted fields page
// (/sandbox/vault/fields/{sessionId}) sends the card to the vault's own tokenize endpoint (/sandbox/vault/tokenize),
// never to our API, and posts the token to the parent page. Outcomes are chosen by the card number (test-cards.ts).
// After a charge the vault calls our webhook `POST /webhooks/card-vault` with a Stripe event
// (payment_intent.succeeded / payment_intent.payment_failed), signed with the card-vault webhook secret.
import { createHash, randomBytes } from 'node:crypto';
import { createItem, getItem, type StoredItem } from '../../data/items.ts';
import { AppError } from '../../platform/errors.ts';
import { SIGNATURE_HEADER, sign } from '../../platform/signatures.ts';
import { sandboxDelivery, sandboxLatency, type CheckoutSandboxOptions } from '../sandbox-callbacks.ts';
import { CARD_MESSAGES, cardRefusal, luhnValid } from './card-rules.ts';
import {
  CardVaultError,
  type CardBrand,
  type CardFacts,
  type CardFlags,
  type CardFunding,
  type CardVaultPort,
  type ChargeInput,
  type ChargeResult,
  type CreateVaultSessionInput,
  type RefundResult,
} from './port.ts';
import { testCardFor, type TestCardOutcome } from './test-cards.ts';

const SESSION_SECONDS = 60 * 60;
const TOKEN_SECONDS = 24 * 3600;
const CHARGE_KEEP_SECONDS = 24 * 3600;
/** Stripe's smallest USD charge is $0.50; its largest $999,999.99. */
export const MIN_CHARGE_CENTS = 50;
export const MAX_CHARGE_CENTS = 99_999_999;

const id = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

export interface VaultSessionItem extends StoredItem {
  entity: 'sandboxVaultSession';
  sessionId: string;
  amountCents: number;
  currency: 'usd';
  reference: string;
  flags: CardFlags;
  parentOrigin: string;
  ancestorOrigins?: string[];
  buttonText: string;
  lang: 'en' | 'es';
  createdAt: string;
}

interface VaultTokenItem extends StoredItem {
  entity: 'sandboxVaultToken';
  token: string;
  sessionId: string;
  brand: CardBrand;
  funding: CardFunding;
  country: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  billingCountry: string;
  /** What charging this card does (chosen by its number when it was tokenized; the number itself is not kept). */
  outcome: TestCardOutcome;
  /** Set on a payment method saved for off-session charges (its reference). */
  savedFor?: string;
}

/** What the vault tells about the card behind `token` (a one-time token, or the payment method saved from it). */
const factsOf = (card: VaultTokenItem, token: string): CardFacts => ({
  token,
  brand: card.brand,
  funding: card.funding,
  country: card.country,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  name: card.name,
});

interface VaultChargeItem extends StoredItem {
  entity: 'sandboxVaultCharge';
  requestHash: string;
  result?: ChargeResult;
  /** Set instead of `result` on a refund's record. */
  refund?: RefundResult;
}

export const sessionKey = (sessionId: string) => ({ pk: `SANDBOX#VAULTSESSION#${sessionId}`, sk: 'SESSION' });
const tokenKey = (token: string) => ({ pk: `SANDBOX#VAULTTOKEN#${token}`, sk: 'TOKEN' });
const chargeKey = (idempotencyKey: string) => ({ pk: `SANDBOX#VAULTCHARGE#${idempotencyKey}`, sk: 'CHARGE' });

/** An exact web origin: scheme://host[:port], nothing else. */
export function isExactOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

export type SandboxCardVaultOptions = CheckoutSandboxOptions;

export function sandboxCardVault(options: SandboxCardVaultOptions): CardVaultPort & SandboxVaultFields {
  const { db, clock, config, log } = options;
  const latency = sandboxLatency(config);
  const deliver = sandboxDelivery(options, 'card-vault', (body) => ({
    // As the process's card-vault webhook reads it: Stripe's header name where Stripe is configured (a test
    // checkout pays at this sandbox there too), the same signature scheme either way.
    [config.checkoutVendors.cardVault.provider === 'stripe' ? 'stripe-signature' : SIGNATURE_HEADER]: sign(
      config.checkoutVendors.cardVault.webhookSecret,
      body,
      Math.floor(clock().getTime() / 1000),
    ),
  }));

  async function loadToken(token: string): Promise<VaultTokenItem> {
    const item = /^pm_sbx_[0-9a-f]{24}$/.test(token)
      ? await getItem<VaultTokenItem>(db, tokenKey(token), clock())
      : undefined;
    if (!item)
      throw new CardVaultError('invalid_token', `No such PaymentMethod: '${token.slice(0, 40)}'`, 'resource_missing');
    return item;
  }

  async function session(sessionId: string): Promise<VaultSessionItem | undefined> {
    if (!/^vs_sbx_[0-9a-f]{24}$/.test(sessionId)) return undefined;
    return getItem<VaultSessionItem>(db, sessionKey(sessionId), clock());
  }

  async function chargeCard(input: ChargeInput, token: string, callback: boolean): Promise<ChargeResult> {
    await latency(800);
    if (
      !Number.isInteger(input.amountCents) ||
      input.amountCents < MIN_CHARGE_CENTS ||
      input.amountCents > MAX_CHARGE_CENTS
    ) {
      throw new CardVaultError('invalid_request', 'Amount must be at least $0.50 usd', 'amount_too_small');
    }
    if (!/^[A-Za-z0-9_.:-]{8,255}$/.test(input.idempotencyKey)) {
      throw new CardVaultError(
        'invalid_request',
        'The idempotency key must be 8 to 255 letters, digits or _ . : -',
        'parameter_invalid',
      );
    }
    const requestHash = createHash('sha256')
      .update(JSON.stringify([token, input.amountCents, input.currency, input.reference]))
      .digest('hex');
    const existing = await getItem<VaultChargeItem>(db, chargeKey(input.idempotencyKey), clock());
    if (existing) return replay(existing, requestHash);
    const card = await loadToken(token);
    const chargeId = id('pi');
    const result: ChargeResult =
      card.outcome.kind === 'success'
        ? { status: 'succeeded', chargeId, amountCents: input.amountCents }
        : card.outcome.kind === 'decline'
          ? { status: 'declined', chargeId, declineCode: card.outcome.declineCode, message: card.outcome.message }
          : { status: 'error', chargeId, code: card.outcome.code, message: card.outcome.message };
    const now = clock();
    try {
      await createItem<Omit<VaultChargeItem, 'v'>>(db, {
        ...chargeKey(input.idempotencyKey),
        entity: 'sandboxVaultCharge',
        requestHash,
        result,
        expiresAt: Math.floor(now.getTime() / 1000) + CHARGE_KEEP_SECONDS,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      const raced = await getItem<VaultChargeItem>(db, chargeKey(input.idempotencyKey), clock());
      if (raced) return replay(raced, requestHash);
      throw error;
    }
    if (callback) {
      try {
        await deliver(paymentIntentEvent(result, input, card, now));
      } catch (error) {
        log.warn('sandbox card vault callback failed', { chargeId, error: String(error) });
      }
    }
    return result;
  }

  return {
    async createSession(input: CreateVaultSessionInput) {
      await latency(250);
      if (!Number.isInteger(input.amountCents) || input.amountCents < 0 || input.amountCents > MAX_CHARGE_CENTS) {
        throw new CardVaultError(
          'invalid_request',
          'The amount must be a whole number of cents.',
          'parameter_invalid_integer',
        );
      }
      if (!isExactOrigin(input.parentOrigin)) {
        throw new CardVaultError(
          'invalid_request',
          'The parent origin must be an exact origin (scheme://host[:port]).',
          'parameter_invalid',
        );
      }
      const now = clock();
      const sessionId = id('vs');
      const expiresAt = Math.floor(now.getTime() / 1000) + SESSION_SECONDS;
      await createItem<Omit<VaultSessionItem, 'v'>>(db, {
        ...sessionKey(sessionId),
        entity: 'sandboxVaultSession',
        sessionId,
        amountCents: input.amountCents,
        currency: input.currency,
        reference: input.reference,
        flags: input.flags,
        parentOrigin: input.parentOrigin,
        ancestorOrigins: (input.ancestorOrigins ?? []).filter(isExactOrigin).slice(0, 5),
        buttonText: (input.buttonText ?? '').trim().slice(0, 40) || 'Pay',
        lang: input.lang ?? 'en',
        createdAt: now.toISOString(),
        expiresAt,
      });
      const fieldsUrl = `${config.publicUrl}/sandbox/vault/fields/${sessionId}?origin=${encodeURIComponent(input.parentOrigin)}`;
      return { sessionId, fieldsUrl, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },

    async cardFacts(token) {
      await latency(150);
      const t = await loadToken(token);
      return factsOf(t, t.token);
    },

    async charge(input) {
      return chargeCard(input, input.token, true);
    },

    async saveForOffSession(input) {
      await latency(300);
      const t = await loadToken(input.token);
      // The saved payment method outlives the one-time token (Stripe: attached to a Customer, it never expires).
      const saved = id('pm');
      await createItem<Omit<VaultTokenItem, 'v'>>(db, {
        ...t,
        ...tokenKey(saved),
        token: saved,
        expiresAt: undefined,
        savedFor: input.reference,
      });
      return {
        paymentMethodId: saved,
        customerId: `cus_sbx_${createHash('sha256').update(input.reference).digest('hex').slice(0, 24)}`,
        facts: factsOf(t, saved),
      };
    },

    async refund(input) {
      await latency(300);
      if (!input.chargeId.startsWith('pi_'))
        return {
          status: 'failed',
          refundId: null,
          code: 'resource_missing',
          message: `No such payment: ${input.chargeId}`,
        };
      if (!Number.isInteger(input.amountCents) || input.amountCents < 1)
        throw new CardVaultError('invalid_request', 'Amount must be at least $0.01 usd', 'amount_too_small');
      // Idempotent per key, as Stripe's refunds are.
      const requestHash = createHash('sha256')
        .update(JSON.stringify(['refund', input.chargeId, input.amountCents]))
        .digest('hex');
      const existing = await getItem<VaultChargeItem>(db, chargeKey(`refund:${input.idempotencyKey}`), clock());
      if (existing) {
        if (existing.requestHash !== requestHash)
          throw new CardVaultError(
            'idempotency_conflict',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            'idempotency_error',
          );
        return existing.refund!;
      }
      const refund: RefundResult = { status: 'succeeded', refundId: id('re'), amountCents: input.amountCents };
      try {
        await createItem<Omit<VaultChargeItem, 'v'>>(db, {
          ...chargeKey(`refund:${input.idempotencyKey}`),
          entity: 'sandboxVaultCharge',
          requestHash,
          refund,
          expiresAt: Math.floor(clock().getTime() / 1000) + CHARGE_KEEP_SECONDS,
        });
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
        const raced = await getItem<VaultChargeItem>(db, chargeKey(`refund:${input.idempotencyKey}`), clock());
        if (raced?.refund) return raced.refund;
        throw error;
      }
      return refund;
    },

    async chargeSaved(input) {
      // Off-session charges answer synchronously; no payment webhook is sent for them (the close of business and
      // the lessee's payment record the result themselves).
      return chargeCard({ ...input, token: input.paymentMethodId }, input.paymentMethodId, false);
    },

    session,

    async tokenize(input, ip) {
      await latency(300);
      const s = await session(input.sessionId);
      if (!s)
        return {
          ok: false,
          status: 404,
          message: 'This payment form has expired. Reload the page to start again.',
          errors: {},
        };
      const errors: Record<string, string[]> = {};
      const number = String(input.number ?? '').replace(/[\s-]/g, '');
      const cvc = String(input.cvc ?? '').trim();
      const expiry = parseExpiry(String(input.expiry ?? ''), clock());
      const brand = testCardFor(number).brand;
      if (!luhnValid(number) || number.length < 13) errors.number = [CARD_MESSAGES.invalid];
      if (!expiry) errors.expiry = [CARD_MESSAGES.invalid];
      if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) errors.cvc = [CARD_MESSAGES.invalid];
      const first = String(input.first_name ?? '').trim();
      const last = String(input.last_name ?? '').trim();
      const country = String(input.country ?? '')
        .trim()
        .toUpperCase();
      if (!first || first.length > 60) errors.first_name = ['First name is required.'];
      if (!last || last.length > 60) errors.last_name = ['Last name is required.'];
      if (!/^[A-Z]{2}$/.test(country)) errors.country = ['Select the country of your billing address.'];
      if (Object.keys(errors).length) {
        const cardInvalid = errors.number || errors.expiry || errors.cvc;
        return {
          ok: false,
          status: 422,
          message: cardInvalid ? CARD_MESSAGES.invalid : 'Fill in the highlighted fields.',
          errors,
        };
      }
      // Country must be US unless foreign cards are allowed (seed 000 section 5): the billing country and the issuer.
      if (country !== 'US' && !s.flags.is_foreign_cards_allowed) {
        return { ok: false, status: 422, message: CARD_MESSAGES.foreign, errors: { country: [CARD_MESSAGES.foreign] } };
      }
      const card = testCardFor(number);
      const refusal = cardRefusal(card, s.flags);
      if (refusal) return { ok: false, status: 422, message: refusal, errors: { number: [refusal] } };
      const now = clock();
      const token = id('pm');
      await createItem<Omit<VaultTokenItem, 'v'>>(db, {
        ...tokenKey(token),
        entity: 'sandboxVaultToken',
        token,
        sessionId: s.sessionId,
        brand: card.brand,
        funding: card.funding,
        country: card.country,
        last4: number.slice(-4),
        expMonth: expiry!.month,
        expYear: expiry!.year,
        name: `${first} ${last}`,
        billingCountry: country,
        outcome: card.outcome,
        tokenizedFrom: ip,
        expiresAt: Math.floor(now.getTime() / 1000) + TOKEN_SECONDS,
      });
      return {
        ok: true,
        token,
        card: {
          brand: card.brand,
          funding: card.funding,
          country: card.country,
          last4: number.slice(-4),
          exp_month: expiry!.month,
          exp_year: expiry!.year,
        },
      };
    },
  };

  function replay(existing: VaultChargeItem, requestHash: string): ChargeResult {
    if (existing.requestHash !== requestHash) {
      throw new CardVaultError(
        'idempotency_conflict',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        'idempotency_error',
      );
    }
    return existing.result!;
  }
}

/** MM/YY or MM/YYYY, not before the current month, at most 20 years ahead. */
export function parseExpiry(value: string, now: Date): { month: number; year: number } | undefined {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return undefined;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const given = year * 12 + (month - 1);
  if (given < current || given > current + 20 * 12) return undefined;
  return { month, year };
}

/** The Stripe event for a charge (a PaymentIntent created and confirmed with the token). */
export function paymentIntentEvent(
  result: ChargeResult,
  input: { amountCents: number; currency: string; reference: string },
  card: { token: string },
  now: Date,
): string {
  const created = Math.floor(now.getTime() / 1000);
  const failed = result.status !== 'succeeded';
  return JSON.stringify({
    id: id('evt'),
    object: 'event',
    api_version: '2024-06-20',
    created,
    livemode: false,
    type: failed ? 'payment_intent.payment_failed' : 'payment_intent.succeeded',
    data: {
      object: {
        id: result.chargeId,
        object: 'payment_intent',
        amount: input.amountCents,
        amount_received: failed ? 0 : input.amountCents,
        currency: input.currency,
        created,
        status: failed ? 'requires_payment_method' : 'succeeded',
        payment_method: card.token,
        metadata: { reference: input.reference },
        last_payment_error:
          result.status === 'declined'
            ? { type: 'card_error', code: 'card_declined', decline_code: result.declineCode, message: result.message }
            : result.status === 'error'
              ? { type: 'card_error', code: result.code, message: result.message }
              : null,
      },
    },
  });
}

export interface TokenizeInput {
  sessionId: string;
  number?: unknown;
  expiry?: unknown;
  cvc?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  country?: unknown;
}

export type TokenizeResult =
  | {
      ok: true;
      token: string;
      card: {
        brand: CardBrand;
        funding: CardFunding;
        country: string;
        last4: string;
        exp_month: number;
        exp_year: number;
      };
    }
  | { ok: false; status: 404 | 422; message: string; errors: Record<string, string[]> };

/** What the hosted fields page uses (not part of the port: a real vault hosts its own fields). */
export interface SandboxVaultFields {
  session(sessionId: string): Promise<VaultSessionItem | undefined>;
  tokenize(input: TokenizeInput, ip: string): Promise<TokenizeResult>;
}
