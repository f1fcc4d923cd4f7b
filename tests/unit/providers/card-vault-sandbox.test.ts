import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardRefusal, luhnValid } from '../../../functions/providers/card-vault/card-rules.ts';
import { CardVaultError, type CardFlags } from '../../../functions/providers/card-vault/port.ts';
import { sandboxCardVault } from '../../../functions/providers/card-vault/sandbox.ts';
import { TEST_CARDS } from '../../../functions/providers/card-vault/test-cards.ts';
import { MalformedWebhook, parseCardVaultEvent } from '../../../functions/providers/card-vault/webhook.ts';
import { getChargeVendorStatus, receiveCardVaultWebhook } from '../../../functions/services/card-vault-callbacks.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import type { HttpEvent } from '../../../functions/platform/http-types.ts';
import { createLogger } from '../../../functions/platform/logger.ts';
import { sign } from '../../../functions/platform/signatures.ts';
import { expectRefusal, sandboxVendorForFile, webhookPost } from '../../support/webhook-intake.ts';
import { rejectionOf } from '../../support/rejection.ts';

const ALL: CardFlags = {
  is_prepaid_cards_allowed: true,
  are_credit_cards_allowed: true,
  are_debit_cards_allowed: true,
  is_foreign_cards_allowed: true,
};
const now = new Date('2030-03-15T12:00:00Z');
const clock = () => now;
const sandbox = sandboxVendorForFile(sandboxCardVault, clock);
const { config, delivered } = sandbox;
const vault = () => sandbox.vendor;

async function session(flags: CardFlags = ALL) {
  return vault().createSession({
    amountCents: 4995,
    currency: 'usd',
    reference: 'chk_42',
    flags,
    parentOrigin: 'http://portal.test',
  });
}
const card = (number: string, extra: Record<string, string> = {}) => ({
  number,
  expiry: '12/34',
  cvc: number.startsWith('37') ? '1234' : '123',
  first_name: 'Jenny',
  last_name: 'Rosen',
  country: 'US',
  ...extra,
});
let k = 0;
const key = () => `key-${k++}-abcdefgh`;

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, CardVaultError);

describe('sandbox card vault: test cards', () => {
  it('ships Luhn-valid test numbers only', () => {
    for (const c of TEST_CARDS) expect(luhnValid(c.number), c.number).toBe(true);
  });

  for (const c of TEST_CARDS) {
    it(`${c.number} (${c.purpose}): tokenizes as ${c.brand} ${c.funding} ${c.country} and charges as ${c.outcome.kind}`, async () => {
      const s = await session();
      const t = await vault().tokenize({ sessionId: s.sessionId, ...card(c.number) }, '127.0.0.1');
      if (!t.ok) throw new Error(t.message);
      expect(t.card).toEqual({
        brand: c.brand,
        funding: c.funding,
        country: c.country,
        last4: c.number.slice(-4),
        exp_month: 12,
        exp_year: 2034,
      });
      expect(await vault().cardFacts(t.token)).toMatchObject({
        brand: c.brand,
        funding: c.funding,
        country: c.country,
        last4: c.number.slice(-4),
        name: 'Jenny Rosen',
      });
      const before = delivered.length;
      const result = await vault().charge({
        token: t.token,
        amountCents: 4995,
        currency: 'usd',
        idempotencyKey: key(),
        reference: 'chk_42',
      });
      if (c.outcome.kind === 'success') expect(result).toMatchObject({ status: 'succeeded', amountCents: 4995 });
      if (c.outcome.kind === 'decline')
        expect(result).toMatchObject({
          status: 'declined',
          declineCode: c.outcome.declineCode,
          message: c.outcome.message,
        });
      if (c.outcome.kind === 'error') expect(result).toMatchObject({ status: 'error', code: c.outcome.code });
      // and the vault calls back with the Stripe event of the charge
      expect(delivered.length).toBe(before + 1);
      const event = parseCardVaultEvent(delivered.at(-1)!)!;
      expect(event).toMatchObject({
        chargeId: result.chargeId,
        status: result.status === 'succeeded' ? 'succeeded' : 'failed',
        amountCents: 4995,
        reference: 'chk_42',
      });
    });
  }

  it('treats any other Luhn-valid number as a successful US credit card of its brand', async () => {
    const s = await session();
    const t = await vault().tokenize({ sessionId: s.sessionId, ...card('6011111111111117') }, '127.0.0.1');
    expect(t).toMatchObject({ ok: true, card: { brand: 'discover', funding: 'credit', country: 'US' } });
  });
});

describe("sandbox card vault: the store's card flags", () => {
  const tokenize = async (flags: CardFlags, number: string, extra: Record<string, string> = {}) =>
    vault().tokenize({ sessionId: (await session(flags)).sessionId, ...card(number, extra) }, '127.0.0.1');

  it('refuses prepaid, credit, debit and foreign cards as the flags say, with the seed messages', async () => {
    expect(await tokenize({ ...ALL, is_prepaid_cards_allowed: false }, '5105105105105100')).toMatchObject({
      ok: false,
      status: 422,
      message: CARD_MESSAGES.prepaid,
    });
    expect(await tokenize({ ...ALL, are_credit_cards_allowed: false }, '4242424242424242')).toMatchObject({
      ok: false,
      message: CARD_MESSAGES.creditOnlyDebit,
    });
    expect(await tokenize({ ...ALL, are_debit_cards_allowed: false }, '4000056655665556')).toMatchObject({
      ok: false,
      message: CARD_MESSAGES.debitOnlyCredit,
    });
    expect(
      await tokenize({ ...ALL, are_credit_cards_allowed: false, are_debit_cards_allowed: false }, '4000056655665556'),
    ).toMatchObject({ ok: false, message: CARD_MESSAGES.none });
    expect(await tokenize({ ...ALL, is_foreign_cards_allowed: false }, '4000000760000002')).toMatchObject({
      ok: false,
      message: CARD_MESSAGES.foreign,
    });
    expect(
      await tokenize({ ...ALL, is_foreign_cards_allowed: false }, '4242424242424242', { country: 'CA' }),
    ).toMatchObject({ ok: false, message: CARD_MESSAGES.foreign });
    // allowed: debit when credit is not, foreign when allowed
    expect(await tokenize({ ...ALL, are_credit_cards_allowed: false }, '4000056655665556')).toMatchObject({ ok: true });
    expect(await tokenize(ALL, '4000000760000002', { country: 'BR' })).toMatchObject({ ok: true });
  });

  it('applies the same rule to any vault token (cardRefusal)', () => {
    expect(cardRefusal({ funding: 'prepaid', country: 'US' }, ALL)).toBeNull();
    expect(cardRefusal({ funding: 'credit', country: 'BR' }, { ...ALL, is_foreign_cards_allowed: false })).toBe(
      CARD_MESSAGES.foreign,
    );
  });
});

describe('sandbox card vault: validation, sessions, charges', () => {
  it("answers invalid number, expiry or CVC with 'One or more values you entered are invalid: date, card number or CVV...'", async () => {
    const s = await session();
    for (const bad of [
      card('4242424242424241'),
      card('4242424242424242', { expiry: '02/30' }),
      card('4242424242424242', { expiry: '13/34' }),
      card('4242424242424242', { cvc: '12' }),
      card('378282246310005', { cvc: '123' }),
    ]) {
      const t = await vault().tokenize({ sessionId: s.sessionId, ...bad }, '127.0.0.1');
      expect(t).toMatchObject({ ok: false, status: 422, message: CARD_MESSAGES.invalid });
    }
    const names = await vault().tokenize(
      { sessionId: s.sessionId, ...card('4242424242424242', { first_name: ' ', last_name: '' }) },
      '127.0.0.1',
    );
    expect(names).toMatchObject({
      ok: false,
      errors: { first_name: ['First name is required.'], last_name: ['Last name is required.'] },
    });
    expect(
      await vault().tokenize(
        { sessionId: 'vs_sbx_000000000000000000000000', ...card('4242424242424242') },
        '127.0.0.1',
      ),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it('only creates sessions for an exact parent origin and links the hosted fields with it', async () => {
    expect(
      (
        await rejection(
          vault().createSession({ amountCents: 100, currency: 'usd', reference: 'r', flags: ALL, parentOrigin: '*' }),
        )
      ).code,
    ).toBe('invalid_request');
    expect(
      (
        await rejection(
          vault().createSession({
            amountCents: 100,
            currency: 'usd',
            reference: 'r',
            flags: ALL,
            parentOrigin: 'https://shop.example/path',
          }),
        )
      ).code,
    ).toBe('invalid_request');
    const s = await session();
    expect(s.fieldsUrl).toBe(
      `http://portal.test/sandbox/vault/fields/${s.sessionId}?origin=${encodeURIComponent('http://portal.test')}`,
    );
  });

  it('charges once per idempotency key, refuses the key with other parameters, small amounts and unknown tokens', async () => {
    const s = await session();
    const t = await vault().tokenize({ sessionId: s.sessionId, ...card('4242424242424242') }, '127.0.0.1');
    if (!t.ok) throw new Error(t.message);
    const before = delivered.length;
    const first = await vault().charge({
      token: t.token,
      amountCents: 4995,
      currency: 'usd',
      idempotencyKey: 'same-key-123',
      reference: 'chk_42',
    });
    const again = await vault().charge({
      token: t.token,
      amountCents: 4995,
      currency: 'usd',
      idempotencyKey: 'same-key-123',
      reference: 'chk_42',
    });
    expect(again).toEqual(first);
    expect(delivered.length).toBe(before + 1);
    expect(
      (
        await rejection(
          vault().charge({
            token: t.token,
            amountCents: 5000,
            currency: 'usd',
            idempotencyKey: 'same-key-123',
            reference: 'chk_42',
          }),
        )
      ).code,
    ).toBe('idempotency_conflict');
    expect(
      (
        await rejection(
          vault().charge({
            token: t.token,
            amountCents: 49,
            currency: 'usd',
            idempotencyKey: key(),
            reference: 'chk_42',
          }),
        )
      ).code,
    ).toBe('invalid_request');
    expect(
      (
        await rejection(
          vault().charge({
            token: 'pm_sbx_000000000000000000000000',
            amountCents: 4995,
            currency: 'usd',
            idempotencyKey: key(),
            reference: 'x',
          }),
        )
      ).code,
    ).toBe('invalid_token');
  });
});

describe('our card-vault webhook intake', () => {
  const lines: string[] = [];
  const captured = createLogger('warn', (line) => lines.push(line));
  const deps = () => ({ config, db: sandbox.db, clock, log: captured }) as unknown as Deps;
  const event = (body: string, headers: Record<string, string>) => webhookPost('/webhooks/card-vault', body, headers);
  const t = Math.floor(now.getTime() / 1000);
  const secret = config.checkoutVendors.cardVault.webhookSecret;

  it('records a signed event once and refuses forged, stale and malformed ones', async () => {
    const s = await session();
    const tok = await vault().tokenize({ sessionId: s.sessionId, ...card('4000000000009995') }, '127.0.0.1');
    if (!tok.ok) throw new Error(tok.message);
    const result = await vault().charge({
      token: tok.token,
      amountCents: 4995,
      currency: 'usd',
      idempotencyKey: key(),
      reference: 'chk_77',
    });
    const body = delivered.at(-1)!;
    expect(await receiveCardVaultWebhook(deps(), event(body, { 'x-signature': sign(secret, body, t) }))).toEqual({
      received: true,
      duplicate: false,
      ignored: false,
    });
    const status = await getChargeVendorStatus(sandbox.db, result.chargeId!, now);
    expect(status).toMatchObject({
      status: 'failed',
      declineCode: 'insufficient_funds',
      reference: 'chk_77',
      amountCents: 4995,
    });
    expect(
      await receiveCardVaultWebhook(deps(), event(body, { 'x-signature': sign(secret, body, t + 1) })),
    ).toMatchObject({ duplicate: true });

    const refuse = (e: HttpEvent, status: number) => expectRefusal(receiveCardVaultWebhook(deps(), e), status);
    await refuse(event(body, { 'x-signature': sign('whsec_forged', body, t) }), 401);
    await refuse(event(body, { 'x-signature': sign(secret, body, t - 301) }), 401);
    await refuse(event(body, {}), 401);
    // each refusal leaves one log line saying why (and nothing of the body)
    const refusals = lines
      .map((l) => JSON.parse(l) as { message: string; reason: string })
      .filter((l) => l.message === 'webhook refused');
    expect(refusals.map((l) => l.reason)).toEqual(['mismatch', 'stale', 'missing']);
    expect(lines.join('\n')).not.toContain('insufficient_funds');
    await refuse(event('{"id":"evt_1"', { 'x-signature': sign(secret, '{"id":"evt_1"', t) }), 400);
    const ignored = JSON.stringify({
      id: 'evt_ignored',
      object: 'event',
      type: 'customer.created',
      created: t,
      data: { object: {} },
    });
    expect(
      await receiveCardVaultWebhook(deps(), event(ignored, { 'x-signature': sign(secret, ignored, t) })),
    ).toMatchObject({ ignored: true });
  });

  it('parses refunds, and throws MalformedWebhook on bodies that are not Stripe events', () => {
    const refund = JSON.stringify({
      id: 'evt_r',
      object: 'event',
      type: 'charge.refunded',
      created: 1,
      data: { object: { object: 'charge', payment_intent: 'pi_1', amount_refunded: 500 } },
    });
    expect(parseCardVaultEvent(refund)).toMatchObject({ chargeId: 'pi_1', status: 'refunded', amountCents: 500 });
    for (const bad of [
      'null',
      '[]',
      '{"object":"event"}',
      JSON.stringify({
        id: 'evt_x',
        object: 'event',
        type: 'payment_intent.succeeded',
        created: 1,
        data: { object: { object: 'charge' } },
      }),
    ]) {
      expect(() => parseCardVaultEvent(bad), bad).toThrow(MalformedWebhook);
    }
  });
});
