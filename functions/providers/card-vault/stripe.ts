// The real card vault adapter: Stripe (API with form-encoded requests, Idempotency-Key header).
//   Hosted fields: Stripe Elements in deferred-intent mode, mounted by Stripe.js on the payment screen (Stripe's own
//   iframes); it needs no server call, so createSession only returns what the page passes to Elements.
//   GET  /v1/payment_methods/{id}          card facts: card.brand, card.funding, card.country, card.last4, expiry
//   POST /v1/payment_intents (confirm=true) charge the payment method, with Idempotency-Key
//   POST /v1/customers + POST /v1/payment_methods/{id}/attach   save a card for off-session charges (autopay)
//   POST /v1/payment_intents (customer, off_session=true, confirm=true)   charge a saved card off-session
// Card errors come back as HTTP 402 { error: { type: 'card_error', code, decline_code, message, payment_intent } }.
import { randomBytes } from 'node:crypto';
import {
  CardVaultError,
  type CardBrand,
  type CardFunding,
  type CardVaultPort,
  type ChargeInput,
  type ChargeResult,
} from './port.ts';

export interface StripeOptions {
  apiBaseUrl: string;
  secretKey: string;
  publishableKey: string;
  clock?: () => Date;
  timeoutMs?: number;
}

export const STRIPE_API_VERSION = '2024-06-20';

const BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'];
const FUNDING: readonly CardFunding[] = ['credit', 'debit', 'prepaid'];

interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  param?: string;
  payment_intent?: { id?: string };
}

interface PaymentIntent {
  id: string;
  status: string;
  amount: number;
  last_payment_error?: StripeError | null;
}

/** Stripe's form encoding of nested parameters (metadata[reference]=...). */
function form(
  params: Record<string, string | number | boolean | Record<string, string | boolean> | undefined>,
): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (typeof value === 'object') for (const [k, v] of Object.entries(value)) out.append(`${key}[${k}]`, String(v));
    else out.append(key, String(value));
  }
  return out.toString();
}

export function stripeCardVault(options: StripeOptions): CardVaultPort {
  const clock = options.clock ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 20_000;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    idempotencyKey?: string,
  ): Promise<{ status: number; data: T & { error?: StripeError } }> {
    let res: Response;
    try {
      res = await fetch(`${options.apiBaseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'stripe-version': STRIPE_API_VERSION,
          ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CardVaultError('unavailable', `Stripe could not be reached: ${String(error)}`);
    }
    const data = (await res.json().catch(() => ({}))) as T & { error?: StripeError };
    return { status: res.status, data };
  }

  /** Errors that are about our request, not about the card. */
  function requestError(status: number, error: StripeError | undefined): CardVaultError {
    const message = error?.message ?? `Stripe answered ${status}`;
    if (status === 401 || status === 403) return new CardVaultError('unauthorized', message, error?.type);
    if (status === 429) return new CardVaultError('rate_limited', message, error?.code ?? 'rate_limit');
    if (status >= 500 || error?.type === 'api_error') return new CardVaultError('unavailable', message, error?.type);
    if (error?.type === 'idempotency_error')
      return new CardVaultError('idempotency_conflict', message, 'idempotency_error');
    // the only resources we name are payment methods (GET /v1/payment_methods/{id}, payment_method=...)
    if (error?.code === 'resource_missing') return new CardVaultError('invalid_token', message, error.code);
    return new CardVaultError('invalid_request', message, error?.code);
  }

  function fromIntent(pi: PaymentIntent): ChargeResult {
    if (pi.status === 'succeeded') return { status: 'succeeded', chargeId: pi.id, amountCents: pi.amount };
    if (pi.status === 'processing') return { status: 'pending', chargeId: pi.id, amountCents: pi.amount };
    if (pi.status === 'requires_action') {
      // A card asking for 3-D Secure cannot be completed on this server-confirmed, no-redirect flow.
      return {
        status: 'declined',
        chargeId: pi.id,
        declineCode: 'authentication_required',
        message: 'Your card requires authentication.',
      };
    }
    const error = pi.last_payment_error;
    if (error?.code === 'processing_error')
      return { status: 'error', chargeId: pi.id, code: error.code, message: error.message ?? 'Processing error' };
    return {
      status: 'declined',
      chargeId: pi.id,
      declineCode: error?.decline_code ?? error?.code ?? 'generic_decline',
      message: error?.message ?? 'Your card was declined.',
    };
  }

  function chargeResult(status: number, data: PaymentIntent & { error?: StripeError }): ChargeResult {
    if (status === 200) return fromIntent(data);
    const error = data.error;
    if (status === 402 && error?.type === 'card_error') {
      const chargeId = error.payment_intent?.id ?? null;
      if (error.code === 'processing_error')
        return { status: 'error', chargeId, code: error.code, message: error.message ?? 'Processing error' };
      return {
        status: 'declined',
        chargeId,
        declineCode: error.decline_code ?? error.code ?? 'generic_decline',
        message: error.message ?? 'Your card was declined.',
      };
    }
    throw requestError(status, error);
  }

  /** A PaymentIntent for the amount, confirmed at once; `method` names the card and how its holder is present. */
  async function confirmPaymentIntent(
    input: Omit<ChargeInput, 'token'>,
    method: Record<string, string | boolean | Record<string, string | boolean> | undefined>,
  ): Promise<ChargeResult> {
    const { status, data } = await call<PaymentIntent>(
      'POST',
      '/v1/payment_intents',
      form({
        amount: input.amountCents,
        currency: input.currency,
        ...method,
        description: input.description,
        metadata: { reference: input.reference },
      }),
      input.idempotencyKey,
    );
    return chargeResult(status, data);
  }

  return {
    async createSession(input) {
      return {
        sessionId: `cs_local_${randomBytes(12).toString('hex')}`,
        elements: {
          publishableKey: options.publishableKey,
          mode: 'payment',
          amount: input.amountCents,
          currency: input.currency,
          paymentMethodTypes: ['card'],
        },
        expiresAt: new Date(clock().getTime() + 60 * 60_000).toISOString(),
      };
    },

    async cardFacts(token) {
      const { status, data } = await call<{
        id: string;
        type: string;
        card?: {
          brand?: string;
          funding?: string;
          country?: string | null;
          last4?: string;
          exp_month?: number;
          exp_year?: number;
        };
        billing_details?: { name?: string | null };
      }>('GET', `/v1/payment_methods/${encodeURIComponent(token)}`);
      if (status !== 200) throw requestError(status, data.error);
      if (data.type !== 'card' || !data.card)
        throw new CardVaultError(
          'invalid_token',
          'The payment method is not a card.',
          'payment_method_invalid_parameter',
        );
      const c = data.card;
      return {
        token: data.id,
        brand: BRANDS.includes(c.brand as CardBrand) ? (c.brand as CardBrand) : 'unknown',
        funding: FUNDING.includes(c.funding as CardFunding) ? (c.funding as CardFunding) : 'unknown',
        country: (c.country ?? '').toUpperCase(),
        last4: c.last4 ?? '',
        expMonth: c.exp_month ?? 0,
        expYear: c.exp_year ?? 0,
        name: data.billing_details?.name ?? undefined,
      };
    },

    async charge(input) {
      return confirmPaymentIntent(input, {
        payment_method: input.token,
        confirm: true,
        // server-side confirmation of a card: no redirect-based methods
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      });
    },

    async saveForOffSession(input) {
      const customer = await call<{ id: string }>(
        'POST',
        '/v1/customers',
        form({ metadata: { reference: input.reference } }),
        `cus_${input.reference}_${input.token}`.slice(0, 255),
      );
      if (customer.status !== 200) throw requestError(customer.status, customer.data.error);
      const attached = await call<{ id: string }>(
        'POST',
        `/v1/payment_methods/${encodeURIComponent(input.token)}/attach`,
        form({ customer: customer.data.id }),
      );
      if (attached.status !== 200) throw requestError(attached.status, attached.data.error);
      return {
        paymentMethodId: attached.data.id,
        customerId: customer.data.id,
        facts: await this.cardFacts(input.token),
      };
    },

    async chargeSaved(input) {
      return confirmPaymentIntent(input, {
        payment_method: input.paymentMethodId,
        customer: input.customerId ?? undefined,
        // the cardholder is not present: Stripe applies the saved mandate and never asks for authentication here
        off_session: true,
        confirm: true,
      });
    },

    async refund(input) {
      const { status, data } = await call<{ id: string; amount: number; status: string }>(
        'POST',
        '/v1/refunds',
        form({
          payment_intent: input.chargeId,
          amount: input.amountCents,
          metadata: { reference: input.reference },
        }),
        input.idempotencyKey,
      );
      if (status === 200) {
        if (data.status === 'failed' || data.status === 'canceled')
          return { status: 'failed', refundId: data.id, code: data.status, message: `The refund ${data.status}.` };
        return {
          status: data.status === 'succeeded' ? 'succeeded' : 'pending',
          refundId: data.id,
          amountCents: data.amount,
        };
      }
      // e.g. charge_already_refunded, amount_too_large: the refund is refused, not the request's transport
      if (status === 400 && data.error?.type === 'invalid_request_error' && data.error.code !== 'resource_missing')
        return {
          status: 'failed',
          refundId: null,
          code: data.error.code ?? 'invalid_request',
          message: data.error.message ?? 'The refund was refused.',
        };
      throw requestError(status, data.error);
    },
  };
}
