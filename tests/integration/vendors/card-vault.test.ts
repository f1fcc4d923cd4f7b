// The sandbox card vault through the real local server: hosted fields page, tokenizing test cards in the vault,
// charging the tokens through our card-vault port, and the payment webhook the vault sends back.
import { describe, expect, it } from 'vitest';
import { api, baseUrl } from '../../support/api.ts';

const PARENT = 'http://localhost:5173';
const ALL = {
  is_prepaid_cards_allowed: true,
  are_credit_cards_allowed: true,
  are_debit_cards_allowed: true,
  is_foreign_cards_allowed: true,
};

async function session(flags = ALL) {
  const res = await api('POST', '/sandbox/checkout-vendors/card-vault/createSession', {
    body: {
      amountCents: 4995,
      currency: 'usd',
      reference: 'chk_it_pay',
      flags,
      parentOrigin: PARENT,
      buttonText: 'Pay $49.95',
    },
  });
  expect(res.status).toBe(200);
  return res.body.data as { sessionId: string; fieldsUrl: string };
}

const tokenize = (sessionId: string, number: string, extra: Record<string, string> = {}) =>
  api('POST', '/sandbox/vault/tokenize', {
    body: {
      sessionId,
      number,
      expiry: '12 / 34',
      cvc: '123',
      first_name: 'Ana',
      last_name: 'Diaz',
      country: 'US',
      ...extra,
    },
  });

let n = 0;
async function payWith(number: string) {
  const s = await session();
  const token = await tokenize(s.sessionId, number);
  expect(token.status).toBe(200);
  const charge = await api('POST', '/sandbox/checkout-vendors/card-vault/charge', {
    body: {
      token: token.body.data.token,
      amountCents: 4995,
      currency: 'usd',
      idempotencyKey: `it-${Date.now()}-${n++}`,
      reference: 'chk_it_pay',
    },
  });
  expect(charge.status).toBe(200);
  return charge.body.data as { status: string; chargeId: string; declineCode?: string; code?: string };
}

describe('hosted card fields', () => {
  it('render an accessible card form that posts only to the parent origin, framable only by it', async () => {
    const s = await session();
    expect(s.fieldsUrl).toBe(`${baseUrl()}/sandbox/vault/fields/${s.sessionId}?origin=${encodeURIComponent(PARENT)}`);
    const res = await fetch(s.fieldsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(`frame-ancestors ${PARENT}`);
    const page = await res.text();
    for (const [id, label] of [
      ['number', 'Card number'],
      ['expiry', 'Expiration date (MM/YY)'],
      ['cvc', 'Security code (CVC)'],
      ['first_name', 'First name'],
      ['last_name', 'Last name'],
      ['country', 'Country'],
    ]) {
      expect(page).toContain(`<label for="${id}">${label}</label>`);
      expect(page).toMatch(new RegExp(`id="${id}"[^>]*aria-describedby="${id}-error"`));
    }
    expect(page).toContain('Pay $49.95');
    expect(page).toContain('4242424242424242');
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts.length).toBe(1);
    expect(scripts[0]).toContain('postMessage(message, parentOrigin)');
    expect(scripts[0]).toContain(`const parentOrigin = ${JSON.stringify(PARENT)}`);
    for (const script of scripts) expect(script).not.toMatch(/postMessage\([^)]*['"`]\*['"`]/);
    expect(page).not.toMatch(/['"`]\*['"`]\s*\)/);
  });

  it('refuse another origin and unknown sessions', async () => {
    const s = await session();
    expect(
      (
        await fetch(
          `${baseUrl()}/sandbox/vault/fields/${s.sessionId}?origin=${encodeURIComponent('https://evil.example')}`,
        )
      ).status,
    ).toBe(400);
    expect((await fetch(`${baseUrl()}/sandbox/vault/fields/${s.sessionId}`)).status).toBe(400);
    expect(
      (
        await fetch(
          `${baseUrl()}/sandbox/vault/fields/vs_sbx_000000000000000000000000?origin=${encodeURIComponent(PARENT)}`,
        )
      ).status,
    ).toBe(404);
  });
});

describe('tokenize and charge test cards', () => {
  it('4242424242424242 succeeds, and the vault reports the charge to our webhook', async () => {
    const result = await payWith('4242424242424242');
    expect(result.status).toBe('succeeded');
    const status = await api('GET', `/sandbox/checkout-vendors/card-vault/status/${result.chargeId}`);
    expect(status.body.data).toMatchObject({
      chargeId: result.chargeId,
      status: 'succeeded',
      amountCents: 4995,
      reference: 'chk_it_pay',
    });
  });

  it('4000000000000002 is declined, 4000000000009995 has insufficient funds, 4000000000000119 is a processing error', async () => {
    const declined = await payWith('4000000000000002');
    expect(declined).toMatchObject({
      status: 'declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(
      (await api('GET', `/sandbox/checkout-vendors/card-vault/status/${declined.chargeId}`)).body.data,
    ).toMatchObject({ status: 'failed', declineCode: 'generic_decline' });
    expect(await payWith('4000000000009995')).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds' });
    expect(await payWith('4000000000000119')).toMatchObject({ status: 'error', code: 'processing_error' });
  });

  it('tells the card facts of a token (never the number)', async () => {
    const s = await session();
    const cases: [string, Record<string, unknown>][] = [
      ['4000056655665556', { brand: 'visa', funding: 'debit', country: 'US', last4: '5556' }],
      ['5555555555554444', { brand: 'mastercard', funding: 'credit', country: 'US' }],
      ['5105105105105100', { brand: 'mastercard', funding: 'prepaid' }],
      ['4000000760000002', { funding: 'credit', country: 'BR' }],
    ];
    for (const [number, facts] of cases) {
      const token = await tokenize(s.sessionId, number);
      expect(JSON.stringify(token.body)).not.toContain(number);
      const res = await api('POST', '/sandbox/checkout-vendors/card-vault/cardFacts', {
        body: { token: token.body.data.token },
      });
      expect(res.body.data, number).toMatchObject({ ...facts, expMonth: 12, expYear: 2034 });
    }
  });

  it("refuses invalid values with the seed message and cards the store's flags refuse", async () => {
    const s = await session({ ...ALL, is_prepaid_cards_allowed: false, is_foreign_cards_allowed: false });
    const bad = await tokenize(s.sessionId, '4242424242424241');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('One or more values you entered are invalid: date, card number or CVV...');
    expect(bad.body.errors?.number).toEqual([
      'One or more values you entered are invalid: date, card number or CVV...',
    ]);
    expect((await tokenize(s.sessionId, '5105105105105100')).body.message).toBe(
      "Prepaid cards can't be used for payment at the moment!",
    );
    expect((await tokenize(s.sessionId, '4000000760000002')).body.message).toBe(
      "Foreign issued cards can't be used for payment at the moment!",
    );
  });

  it('charges once per idempotency key', async () => {
    const s = await session();
    const token = (await tokenize(s.sessionId, '4242424242424242')).body.data.token as string;
    const body = {
      token,
      amountCents: 4995,
      currency: 'usd',
      idempotencyKey: `once-${Date.now()}`,
      reference: 'chk_it_pay',
    };
    const first = await api('POST', '/sandbox/checkout-vendors/card-vault/charge', { body });
    const second = await api('POST', '/sandbox/checkout-vendors/card-vault/charge', { body });
    expect(second.body.data).toEqual(first.body.data);
    const conflict = await api('POST', '/sandbox/checkout-vendors/card-vault/charge', {
      body: { ...body, amountCents: 100 },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.data.code).toBe('idempotency_conflict');
  });
});
