import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl } from '../../support/api.ts';
import { uniqueKey } from '../checkout/support.ts';
import { fundedLease } from '../servicing/support.ts';
import { asAdmin, type StaffClient } from '../staff/client.ts';
import { cardToken, signedIn, signInCodeFor, turnAutopayOn, type Lessee } from './lessee.ts';
import { Browser, digits } from './support.ts';

// The lessee's leases through the real server (`npm start`'s entry): a retailer checkout signed and paid, staff fund
// it, the lease account opens, and the lessee signs in with the code from the sandbox mailbox. Each lessee sees only
// their own leases; pay now, autopay (with its Regulation E record and copy), moving a date, a return and the payoff
// work; bad input is a clear 4xx in the lessee's language and changes nothing.

const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));

let admin: StaffClient;
let alice: Lessee;
let bob: Lessee;

const detail = async (l: Lessee, id = l.uuid) => (await l.browser.get(`/customer/api/leases/${id}`)).body.data;

beforeAll(async () => {
  admin = await asAdmin();
  const [a, b] = [await fundedLease(), await fundedLease()];
  alice = await signedIn(a);
  bob = await signedIn(b);
}, 180_000);

describe('reading', () => {
  it('lists the lessee’s lease and shows its schedule, balance, next payment and status', async () => {
    const list = await alice.browser.get('/customer/api/leases');
    expect(list.status).toBe(200);
    expect((list.body.data as { id: string }[]).map((l) => l.id)).toEqual([alice.uuid]);
    const lease = await detail(alice);
    expect(lease.status).toBe('current');
    expect(lease.schedule.length).toBeGreaterThan(1);
    for (const entry of lease.schedule) {
      expect(entry.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isInteger(entry.amount)).toBe(true);
      expect(entry.paid).toBeLessThanOrEqual(entry.amount);
      expect(['paid', 'partially_paid', 'scheduled', 'due', 'past_due']).toContain(entry.status);
    }
    const sum = lease.schedule.reduce((n: number, e: { amount: number }) => n + e.amount, 0);
    expect(sum).toBe(lease.total_of_payments);
    expect(lease.balance).toBe(lease.total_of_payments - lease.total_paid);
    expect(lease.next_payment).toMatchObject({ autopay: false });
    expect(lease.next_payment.amount).toBeGreaterThan(0);
    expect(lease.autopay.authorisation_text).toMatch(/not a condition of my lease/);
    expect(lease.payoff_available).toBe(true);
    const quote = await alice.browser.get(`/customer/api/leases/${alice.uuid}/payoff`);
    expect(quote.status).toBe(200);
    expect(quote.body.data.amount).toBeGreaterThan(0);
    expect(quote.body.data.amount).toBeLessThanOrEqual(lease.balance);
    expect(quote.body.data.valid_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a lessee never sees another’s lease: every route answers 404 for it, and nothing changes on it', async () => {
    const before = await detail(bob);
    const id = bob.uuid;
    const tries = [
      alice.browser.get(`/customer/api/leases/${id}`),
      alice.browser.get(`/customer/api/leases/${id}/payoff`),
      alice.browser.post(`/customer/api/leases/${id}/card-session`, { amount: 1000, purpose: 'payment' }),
      alice.browser.post(`/customer/api/leases/${id}/payments`, {
        amount: 1000,
        token: 'pm_sbx_000000000000000000000000',
      }),
      alice.browser.post(`/customer/api/leases/${id}/payoff`, {
        amount: 1000,
        token: 'pm_sbx_000000000000000000000000',
      }),
      alice.browser.post(`/customer/api/leases/${id}/autopay`, { enabled: false }),
      alice.browser.post(`/customer/api/leases/${id}/return`, {}),
      alice.browser.post(`/customer/api/leases/${id}/due-date`, { due_date: before.next_payment.due_date }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('We could not find this lease in your account.');
      expect(JSON.stringify(res.body)).not.toContain(before.lease_number ?? '~none~');
    }
    const es = await alice.browser.get(`/customer/api/leases/${id}`, { 'x-lang': 'es' });
    expect(es.body.message).toBe('No encontramos este arrendamiento en su cuenta.');
    expect(await detail(bob)).toEqual(before);
    const list = await alice.browser.get('/customer/api/leases');
    expect((list.body.data as { id: string }[]).some((l) => l.id === id)).toBe(false);
  });
});

describe('paying', () => {
  it('pays an installment with a hosted-fields token, once per Idempotency-Key, with a receipt', async () => {
    const before = await detail(alice);
    const amount = before.next_payment.amount as number;
    const token = await cardToken(alice, { amount });
    const key = uniqueKey('lessee-pay');
    const paid = await alice.browser.post(
      `/customer/api/leases/${alice.uuid}/payments`,
      { amount, token },
      { 'idempotency-key': key },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.status).toBe('settled');
    expect(paid.body.data.receipt).toMatchObject({ amount_paid: amount, method: 'card', last4: null });
    expect(paid.body.data.receipt.amount_due).toBeGreaterThanOrEqual(0);
    expect(paid.body.data.receipt.remaining_to_ownership).toBe(before.balance - amount);
    expect(paid.body.data.lease.total_paid).toBe(before.total_paid + amount);
    const again = await alice.browser.post(
      `/customer/api/leases/${alice.uuid}/payments`,
      { amount, token },
      { 'idempotency-key': key },
    );
    expect(again.status).toBe(201);
    expect(again.body.data.payment_id).toBe(paid.body.data.payment_id);
    const after = await detail(alice);
    expect(after.total_paid).toBe(before.total_paid + amount);
    expect(after.receipts[0]).toMatchObject({ id: paid.body.data.payment_id, amount_paid: amount });
  });

  it('refuses a payment above what is owed, a declined card and malformed input, charging nothing', async () => {
    const before = await detail(alice);
    const token = await cardToken(alice, { amount: 1000 });
    const above = await alice.browser.post(
      `/customer/api/leases/${alice.uuid}/payments`,
      { amount: before.balance + 1, token },
      { 'x-lang': 'es' },
    );
    expect(above.status).toBe(422);
    expect(above.body.errors.amount[0]).toBeTruthy();
    const declinedToken = await cardToken(alice, { amount: 1000, number: '4000000000000002' });
    const declined = await alice.browser.post(`/customer/api/leases/${alice.uuid}/payments`, {
      amount: 1000,
      token: declinedToken,
    });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toMatch(/declined/i);
    for (const body of [
      { amount: 10.5, token },
      { amount: -100, token },
      { amount: '1000', token },
      { amount: 1000 },
      { amount: 1000, token: '' },
      { amount: 1000, token: 'x'.repeat(300) },
      { amount: 1000, card_number: '4242424242424242' },
    ]) {
      const res = await alice.browser.post(`/customer/api/leases/${alice.uuid}/payments`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).length, JSON.stringify(res.body)).toBeGreaterThan(0);
    }
    const after = await detail(alice);
    expect({ total_paid: after.total_paid, receipts: after.receipts.length }).toEqual({
      total_paid: before.total_paid,
      receipts: before.receipts.length,
    });
  });

  it('naughty strings in every text field are a 4xx, never a charge or a change', async () => {
    const before = await detail(alice);
    const sample = blns.filter((_, i) => i % 7 === 0);
    for (const s of sample) {
      const pay = await alice.browser.post(`/customer/api/leases/${alice.uuid}/payments`, { amount: 1000, token: s });
      expect(pay.status, s).toBeGreaterThanOrEqual(400);
      expect(pay.status, s).toBeLessThan(500);
      const date = await alice.browser.post(`/customer/api/leases/${alice.uuid}/due-date`, { due_date: s });
      expect(date.status, s).toBeGreaterThanOrEqual(400);
      expect(date.status, s).toBeLessThan(500);
      const code = await new Browser(baseUrl()).post('/customer/api/auth/code', { email: s });
      expect([422, 429], s).toContain(code.status);
      const id = await alice.browser.get(`/customer/api/leases/${encodeURIComponent(s)}`);
      expect(id.status, s).toBe(404);
      // A phone may happen to be a number no lease has: the same 200 as ever; otherwise a 422.
      const phone = await new Browser(baseUrl()).post('/customer/api/auth/code', { phone: s });
      expect([200, 422, 429], s).toContain(phone.status);
      const verify = await new Browser(baseUrl()).post('/customer/api/auth/verify', { code: s });
      expect([410, 422], s).toContain(verify.status);
      const card = await alice.browser.post(`/customer/api/leases/${alice.uuid}/card-session`, {
        amount: 1000,
        purpose: s,
      });
      expect(card.status, s).toBe(422);
    }
    const after = await detail(alice);
    expect(after.total_paid).toBe(before.total_paid);
    expect(after.schedule).toEqual(before.schedule);
  });
});

describe('autopay, payment dates and returns', () => {
  it('turns autopay on only with the authorisation accepted, records it and sends a copy; off at any time', async () => {
    const lease = await detail(bob);
    // No card on file yet: the authorisation names the card given right after agreeing, and a US date.
    expect(lease.autopay.last4).toBeNull();
    expect(lease.autopay.authorisation_text).toContain(
      'to charge the card I enter after agreeing to this authorisation $',
    );
    expect(lease.autopay.authorisation_text).not.toContain('•');
    expect(lease.autopay.authorisation_text).toMatch(/starting \d{2}\/\d{2}\/\d{4},/);
    const refused = await bob.browser.post(`/customer/api/leases/${bob.uuid}/autopay`, { enabled: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.accept_authorisation).toEqual([
      'Read and accept the autopay authorisation to turn autopay on.',
    ]);
    const on = await turnAutopayOn(bob, lease.autopay.authorisation_version);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.autopay).toMatchObject({ enabled: true, last4: '4242' });
    expect(on.body.data.autopay.authorisation_text).toContain('to charge my card ending in 4242 $');
    expect(on.body.data.next_payment.autopay).toBe(true);
    const mail = (await api('GET', '/sandbox/messages')).body.data as { to: string; purpose: string; body: string }[];
    const copy = mail.find((m) => m.to === bob.email && m.purpose === 'autopay-authorisation');
    expect(copy?.body).toContain(on.body.data.autopay.authorisation_text);
    const off = await bob.browser.post(`/customer/api/leases/${bob.uuid}/autopay`, { enabled: false, lang: 'es' });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('El pago automático está desactivado. No se harán más cobros automáticos.');
    expect(off.body.data.autopay.enabled).toBe(false);
    const consents = await admin.get(`/staff/api/applications/${bob.uuid}/consents`);
    const kinds = (consents.body.data.entries as { kind: string }[]).map((e) => e.kind);
    expect(kinds).toContain('autopay_authorised');
    expect(kinds.indexOf('autopay_revoked')).toBeGreaterThan(kinds.indexOf('autopay_authorised'));
    const authorised = (consents.body.data.entries as any[]).find((e) => e.kind === 'autopay_authorised');
    expect(authorised).toMatchObject({ last4: '4242', amount_cents: expect.any(Number), lease_id: bob.uuid });
  });

  it('moves the next payment date within the limits, refuses a date out of range and changes nothing then', async () => {
    const before = await detail(bob);
    const limits = before.due_date_change;
    expect(limits.allowed).toBe(true);
    const out = await bob.browser.post(`/customer/api/leases/${bob.uuid}/due-date`, {
      due_date: '2099-01-01',
      lang: 'es',
    });
    expect(out.status).toBe(422);
    expect(out.body.errors.due_date).toEqual([`Elija una fecha entre el ${limits.earliest} y el ${limits.latest}.`]);
    expect((await detail(bob)).schedule).toEqual(before.schedule);
    const moved = await bob.browser.post(`/customer/api/leases/${bob.uuid}/due-date`, { due_date: limits.latest });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.next_payment.due_date).toBe(limits.latest);
    expect(moved.body.data.due_date_change.changes_left).toBe(limits.changes_left - 1);
    const total = (d: any) => d.schedule.reduce((n: number, e: any) => n + e.amount, 0);
    expect(total(moved.body.data)).toBe(total(before));
  });

  it('turns text reminders on with their consent text recorded, and off again', async () => {
    const before = await detail(bob);
    expect(before.reminders).toMatchObject({ sms: false, email: true });
    expect(before.reminders.sms_consent_text).toMatch(/Reply STOP/);
    const on = await bob.browser.post(`/customer/api/leases/${bob.uuid}/reminders`, { sms: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.reminders).toMatchObject({ sms: true, email: true });
    const off = await bob.browser.post(`/customer/api/leases/${bob.uuid}/reminders`, { sms: false, email: false });
    expect(off.body.data.reminders).toMatchObject({ sms: false, email: false });
    const bad = await bob.browser.post(`/customer/api/leases/${bob.uuid}/reminders`, { sms: 'yes' });
    expect(bad.status).toBe(422);
    const consents = await admin.get(`/staff/api/applications/${bob.uuid}/consents`);
    const sms = (consents.body.data.entries as any[]).find((e) => e.kind === 'reminders' && e.granted === true);
    expect(sms).toMatchObject({ channel: 'sms', text: before.reminders.sms_consent_text });
  });

  it('starts a return once', async () => {
    const started = await bob.browser.post(`/customer/api/leases/${bob.uuid}/return`, { reason: 'Too big 📦' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.status).toBe('return_requested');
    expect(started.body.data.return_request.instructions).toMatch(/pickup/);
    const again = await bob.browser.post(`/customer/api/leases/${bob.uuid}/return`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^A return was already started on \d{4}-\d{2}-\d{2}\.$/);
  });
});

describe('paying off', () => {
  it('pays today’s quote and the lease reads as owned; a second payoff and later payments are refused', async () => {
    const quote = (await alice.browser.get(`/customer/api/leases/${alice.uuid}/payoff`)).body.data;
    const token = await cardToken(alice, { amount: quote.amount, purpose: 'payoff' });
    const wrong = await alice.browser.post(`/customer/api/leases/${alice.uuid}/payoff`, {
      amount: quote.amount + 100,
      token,
    });
    expect(wrong.status).toBe(422);
    const paid = await alice.browser.post(
      `/customer/api/leases/${alice.uuid}/payoff`,
      { amount: quote.amount, token },
      { 'idempotency-key': uniqueKey('payoff') },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.lease.status).toBe('purchased_early');
    expect(paid.body.data.lease.balance).toBe(0);
    expect(paid.body.data.receipt).toMatchObject({
      kind: 'payoff',
      amount_paid: quote.amount,
      remaining_to_ownership: 0,
    });
    const second = await alice.browser.post(`/customer/api/leases/${alice.uuid}/payoff`, {
      amount: quote.amount,
      token: await cardToken(bob, { amount: quote.amount }),
    });
    expect(second.status).toBe(409);
    const pay = await alice.browser.post(`/customer/api/leases/${alice.uuid}/payments`, { amount: 1000, token });
    expect(pay.status).toBe(409);
    expect((await alice.browser.get(`/customer/api/leases/${alice.uuid}/payoff`)).status).toBe(409);
    expect((await detail(alice)).receipts.filter((r: any) => r.kind === 'payoff')).toHaveLength(1);
  });
});

describe('sign-in by phone', () => {
  it('the lessee signs in with the cell phone on the lease too', async () => {
    const browser = new Browser(baseUrl());
    expect((await browser.post('/customer/api/auth/code', { phone: alice.phone })).status).toBe(200);
    const verified = await browser.post('/customer/api/auth/verify', {
      code: await signInCodeFor(digits(alice.phone).slice(-10)),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.lease_ids).toContain(alice.uuid);
  });
});
