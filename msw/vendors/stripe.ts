// msw 2 handlers of Stripe's API (payment methods, payment intents, idempotency, errors), as documented, with Stripe's
// documented test payment methods (pm_card_visa, pm_card_chargeDeclined, ...). For functions/providers/card-vault/stripe.ts.
import { createHash, randomBytes } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { takeQueuedFailure } from './queued-failure.ts';

interface TestPm {
  brand: string;
  funding: string;
  country: string;
  last4: string;
  outcome?: { code: string; decline_code?: string; message: string };
}

/** Stripe's test PaymentMethods (https://docs.stripe.com/testing). */
export const STRIPE_TEST_PAYMENT_METHODS: Record<string, TestPm> = {
  pm_card_visa: { brand: 'visa', funding: 'credit', country: 'US', last4: '4242' },
  pm_card_visa_debit: { brand: 'visa', funding: 'debit', country: 'US', last4: '5556' },
  pm_card_mastercard: { brand: 'mastercard', funding: 'credit', country: 'US', last4: '4444' },
  pm_card_mastercard_prepaid: { brand: 'mastercard', funding: 'prepaid', country: 'US', last4: '5100' },
  pm_card_br: { brand: 'visa', funding: 'credit', country: 'BR', last4: '0002' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    last4: '0002',
    outcome: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    last4: '9995',
    outcome: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    last4: '0069',
    outcome: { code: 'expired_card', message: 'Your card has expired.' },
  },
  pm_card_chargeDeclinedProcessingError: {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    last4: '0119',
    outcome: {
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
};

const stripeError = (status: number, error: Record<string, unknown>) => HttpResponse.json({ error }, { status });

export function stripeMock(options: { apiBaseUrl: string; secretKey: string }) {
  const state = {
    intents: new Map<string, Record<string, unknown>>(),
    idempotency: new Map<string, { hash: string; status: number; body: unknown }>(),
    requests: [] as { path: string; headers: Headers; form: URLSearchParams }[],
    /** The next request answers this HTTP status with an api_error. */
    failNext: undefined as number | undefined,
  };

  const guard = (request: Request) => {
    if (request.headers.get('authorization') !== `Bearer ${options.secretKey}`) {
      return stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' });
    }
    const failure = takeQueuedFailure(state);
    if (failure) return stripeError(failure, { type: 'api_error', message: 'An unknown error occurred' });
    return undefined;
  };

  const handlers = [
    http.get(`${options.apiBaseUrl}/v1/payment_methods/:id`, ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const pm = STRIPE_TEST_PAYMENT_METHODS[String(params.id)];
      if (!pm)
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'id',
          message: `No such PaymentMethod: '${String(params.id)}'`,
        });
      return HttpResponse.json({
        id: params.id,
        object: 'payment_method',
        type: 'card',
        billing_details: { name: 'Jenny Rosen', address: { country: pm.country } },
        card: {
          brand: pm.brand,
          funding: pm.funding,
          country: pm.country,
          last4: pm.last4,
          exp_month: 12,
          exp_year: 2034,
          checks: { cvc_check: 'pass' },
        },
        livemode: false,
      });
    }),

    http.post(`${options.apiBaseUrl}/v1/payment_intents`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const raw = await request.text();
      const form = new URLSearchParams(raw);
      state.requests.push({ path: '/v1/payment_intents', headers: request.headers, form });
      const key = request.headers.get('idempotency-key');
      const hash = createHash('sha256').update(raw).digest('hex');
      if (key) {
        const seen = state.idempotency.get(key);
        if (seen && seen.hash !== hash) {
          return stripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        }
        if (seen)
          return HttpResponse.json(seen.body as object, {
            status: seen.status,
            headers: { 'idempotent-replayed': 'true' },
          });
      }
      const answer = (status: number, body: unknown) => {
        if (key) state.idempotency.set(key, { hash, status, body });
        return HttpResponse.json(body as object, { status });
      };
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount < 50) {
        return answer(400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_small',
            param: 'amount',
            message: 'Amount must be at least $0.50 usd',
          },
        });
      }
      const pmId = form.get('payment_method') ?? '';
      const pm = STRIPE_TEST_PAYMENT_METHODS[pmId];
      if (!pm) {
        return answer(400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_method',
            message: `No such PaymentMethod: '${pmId}'`,
          },
        });
      }
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent = {
        id,
        object: 'payment_intent',
        amount,
        currency: form.get('currency'),
        payment_method: pmId,
        metadata: { reference: form.get('metadata[reference]') },
        status: pm.outcome ? 'requires_payment_method' : 'succeeded',
        last_payment_error: pm.outcome ? { type: 'card_error', ...pm.outcome } : null,
      };
      state.intents.set(id, intent);
      if (pm.outcome)
        return answer(402, {
          error: {
            type: 'card_error',
            ...pm.outcome,
            charge: `ch_${randomBytes(8).toString('hex')}`,
            payment_intent: intent,
          },
        });
      return answer(200, intent);
    }),
  ];
  return { handlers, state };
}
