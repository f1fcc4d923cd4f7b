import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { CardVaultError } from '../../../functions/providers/card-vault/port.ts';
import { stripeCardVault } from '../../../functions/providers/card-vault/stripe.ts';
import { stripeMock } from '../../../msw/vendors/stripe.ts';
import { serveDuringTests } from '../../support/msw-server.ts';
import { rejectionOf } from '../../support/rejection.ts';

const settings = { apiBaseUrl: 'https://api.stripe.test', secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc' };
const mock = stripeMock(settings);
const server = setupServer(...mock.handlers);
serveDuringTests(server);

const vault = stripeCardVault(settings);
let n = 0;
const charge = (token: string, amountCents = 4995) =>
  vault.charge({ token, amountCents, currency: 'usd', idempotencyKey: `key-${Date.now()}-${n++}`, reference: 'chk_9' });

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, CardVaultError);

describe('Stripe adapter', () => {
  it('returns the Elements settings for the payment screen (the fields are Stripe-hosted iframes)', async () => {
    const session = await vault.createSession({
      amountCents: 4995,
      currency: 'usd',
      reference: 'chk_9',
      parentOrigin: 'https://portal.example',
      flags: {
        is_prepaid_cards_allowed: true,
        are_credit_cards_allowed: true,
        are_debit_cards_allowed: true,
        is_foreign_cards_allowed: false,
      },
    });
    expect(session.elements).toEqual({
      publishableKey: 'pk_test_abc',
      mode: 'payment',
      amount: 4995,
      currency: 'usd',
      paymentMethodTypes: ['card'],
    });
    expect(session.fieldsUrl).toBeUndefined();
  });

  it('reads brand, funding, issuing country, last4 and expiry of a payment method', async () => {
    expect(await vault.cardFacts('pm_card_visa')).toMatchObject({
      brand: 'visa',
      funding: 'credit',
      country: 'US',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(await vault.cardFacts('pm_card_visa_debit')).toMatchObject({ funding: 'debit' });
    expect(await vault.cardFacts('pm_card_mastercard_prepaid')).toMatchObject({
      brand: 'mastercard',
      funding: 'prepaid',
    });
    expect(await vault.cardFacts('pm_card_br')).toMatchObject({ country: 'BR' });
    expect((await rejection(vault.cardFacts('pm_nope'))).code).toBe('invalid_token');
  });

  it('charges with a confirmed PaymentIntent carrying our reference and the idempotency key', async () => {
    const downPayment = {
      token: 'pm_card_visa',
      amountCents: 4995,
      currency: 'usd' as const,
      idempotencyKey: 'pay-chk_9-1',
      reference: 'chk_9',
      description: 'Down payment',
    };
    const result = await vault.charge(downPayment);
    expect(result).toMatchObject({ status: 'succeeded', amountCents: 4995 });
    const sent = mock.state.requests.at(-1)!;
    expect(sent.headers.get('idempotency-key')).toBe('pay-chk_9-1');
    expect(Object.fromEntries(sent.form)).toMatchObject({
      amount: '4995',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'metadata[reference]': 'chk_9',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
    // the same key and body replays the same charge
    const again = await vault.charge(downPayment);
    expect(again).toEqual(result);
    // the same key with another amount is refused
    const conflict = await rejection(vault.charge({ ...downPayment, amountCents: 5000 }));
    expect(conflict.code).toBe('idempotency_conflict');
  });

  it('turns card errors into declines with their decline code, and processing errors into errors', async () => {
    expect(await charge('pm_card_chargeDeclined')).toMatchObject({
      status: 'declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    const insufficient = await charge('pm_card_chargeDeclinedInsufficientFunds');
    expect(insufficient).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds' });
    expect(insufficient.chargeId).toMatch(/^pi_/);
    expect(await charge('pm_card_chargeDeclinedExpiredCard')).toMatchObject({
      status: 'declined',
      declineCode: 'expired_card',
    });
    expect(await charge('pm_card_chargeDeclinedProcessingError')).toMatchObject({
      status: 'error',
      code: 'processing_error',
    });
  });

  it('maps request errors: bad amount, unknown token, bad key, rate limits and outages', async () => {
    expect((await rejection(charge('pm_card_visa', 10))).code).toBe('invalid_request');
    expect((await rejection(charge('pm_missing'))).code).toBe('invalid_token');
    mock.state.failNext = 500;
    expect((await rejection(charge('pm_card_visa'))).code).toBe('unavailable');
    mock.state.failNext = 429;
    expect((await rejection(charge('pm_card_visa'))).code).toBe('rate_limited');
    const badKey = stripeCardVault({ ...settings, secretKey: 'sk_test_wrong' });
    expect((await rejection(badKey.cardFacts('pm_card_visa'))).code).toBe('unauthorized');
  });

  it('saves a card for autopay (a Customer and the attach call) and charges it off-session with its idempotency key', async () => {
    const seen: { path: string; form: URLSearchParams; key: string | null }[] = [];
    const record = async (request: Request) => {
      seen.push({
        path: new URL(request.url).pathname,
        form: new URLSearchParams(await request.text()),
        key: request.headers.get('idempotency-key'),
      });
    };
    server.use(
      http.post(`${settings.apiBaseUrl}/v1/customers`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ id: 'cus_123', object: 'customer' });
      }),
      http.post(`${settings.apiBaseUrl}/v1/payment_methods/:id/attach`, async ({ request, params }) => {
        await record(request);
        return HttpResponse.json({ id: params.id, object: 'payment_method', customer: 'cus_123' });
      }),
      http.post(`${settings.apiBaseUrl}/v1/payment_intents`, async ({ request }) => {
        await record(request);
        const form = seen.at(-1)!.form;
        if (form.get('payment_method') === 'pm_card_chargeDeclined')
          return HttpResponse.json(
            {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: 'Your card was declined.',
                payment_intent: { id: 'pi_declined' },
              },
            },
            { status: 402 },
          );
        return HttpResponse.json({ id: 'pi_ok', status: 'succeeded', amount: Number(form.get('amount')) });
      }),
    );
    const saved = await vault.saveForOffSession({ token: 'pm_card_visa', reference: 'lease-1' });
    expect(saved).toMatchObject({ paymentMethodId: 'pm_card_visa', customerId: 'cus_123' });
    expect(saved.facts.last4).toMatch(/^\d{4}$/);
    expect(seen.find((x) => x.path.endsWith('/attach'))!.form.get('customer')).toBe('cus_123');

    const ok = await vault.chargeSaved({
      paymentMethodId: 'pm_card_visa',
      customerId: 'cus_123',
      amountCents: 5210,
      currency: 'usd',
      idempotencyKey: 'col_lease-1_002_01',
      reference: 'lease-1',
    });
    expect(ok).toEqual({ status: 'succeeded', chargeId: 'pi_ok', amountCents: 5210 });
    const intent = seen.filter((x) => x.path === '/v1/payment_intents').at(-1)!;
    expect(intent.key).toBe('col_lease-1_002_01');
    expect(intent.form.get('off_session')).toBe('true');
    expect(intent.form.get('confirm')).toBe('true');
    expect(intent.form.get('customer')).toBe('cus_123');

    const declined = await vault.chargeSaved({
      paymentMethodId: 'pm_card_chargeDeclined',
      customerId: 'cus_123',
      amountCents: 5210,
      currency: 'usd',
      idempotencyKey: 'col_lease-1_002_02',
      reference: 'lease-1',
    });
    expect(declined).toMatchObject({ status: 'declined', declineCode: 'generic_decline' });
  });

  it('refunds part of a charge with our key; a refusal (more than is left) is a result, not an error', async () => {
    const sent: { form: URLSearchParams; key: string | null }[] = [];
    server.use(
      http.post(`${settings.apiBaseUrl}/v1/refunds`, async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        sent.push({ form, key: request.headers.get('idempotency-key') });
        if (Number(form.get('amount')) > 5000)
          return HttpResponse.json(
            {
              error: {
                type: 'invalid_request_error',
                code: 'amount_too_large',
                message: 'Refund amount ($60.00) is greater than unrefunded amount on charge ($50.00)',
              },
            },
            { status: 400 },
          );
        return HttpResponse.json({ id: 're_1', amount: Number(form.get('amount')), status: 'succeeded' });
      }),
    );
    const ok = await vault.refund({
      chargeId: 'pi_ok',
      amountCents: 2500,
      idempotencyKey: 'refund_l1_k1',
      reference: 'l1',
    });
    expect(ok).toEqual({ status: 'succeeded', refundId: 're_1', amountCents: 2500 });
    expect(sent[0]!.form.get('payment_intent')).toBe('pi_ok');
    expect(sent[0]!.key).toBe('refund_l1_k1');
    const refused = await vault.refund({
      chargeId: 'pi_ok',
      amountCents: 6000,
      idempotencyKey: 'refund_l1_k2',
      reference: 'l1',
    });
    expect(refused).toMatchObject({ status: 'failed', code: 'amount_too_large' });
  });
});
