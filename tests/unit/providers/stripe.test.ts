import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CardVaultError } from '../../../functions/providers/card-vault/port.ts';
import { stripeCardVault } from '../../../functions/providers/card-vault/stripe.ts';
import { stripeMock } from '../../../msw/vendors/stripe.ts';

const settings = { apiBaseUrl: 'https://api.stripe.test', secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc' };
const mock = stripeMock(settings);
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const vault = stripeCardVault(settings);
let n = 0;
const charge = (token: string, amountCents = 4995) =>
  vault.charge({ token, amountCents, currency: 'usd', idempotencyKey: `key-${Date.now()}-${n++}`, reference: 'chk_9' });

async function rejection(promise: Promise<unknown>): Promise<CardVaultError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CardVaultError);
  return error as CardVaultError;
}

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
    const result = await vault.charge({
      token: 'pm_card_visa',
      amountCents: 4995,
      currency: 'usd',
      idempotencyKey: 'pay-chk_9-1',
      reference: 'chk_9',
      description: 'Down payment',
    });
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
    const again = await vault.charge({
      token: 'pm_card_visa',
      amountCents: 4995,
      currency: 'usd',
      idempotencyKey: 'pay-chk_9-1',
      reference: 'chk_9',
      description: 'Down payment',
    });
    expect(again).toEqual(result);
    // the same key with another amount is refused
    const conflict = await rejection(
      vault.charge({
        token: 'pm_card_visa',
        amountCents: 5000,
        currency: 'usd',
        idempotencyKey: 'pay-chk_9-1',
        reference: 'chk_9',
      }),
    );
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
});
