import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSandboxMessages } from '../../../functions/providers/messaging/sandbox.ts';
import {
  Browser,
  codeSentTo,
  digits,
  newPerson,
  seedLease,
  signIn,
  startCustomerServer,
  wrong,
  type CustomerServer,
  type Person,
} from './support.ts';

// The lessee's sign-in (issue 22): a one-time code to the phone or e-mail on a funded lease, under the PIN rules
// (5 digits, 10 minutes, single use, 5 wrong codes, 3 codes per address in 15 minutes, and a limit per IP), answered
// the same way whether or not a lease has the address; then an HttpOnly SameSite=Strict session with a CSRF token.

let server: CustomerServer;
let alice: Person;
let aliceLease: string;
let bob: Person;
let bobLease: string;
let sharedLease: string;
let pending: Person;

beforeAll(async () => {
  server = await startCustomerServer();
  alice = newPerson();
  bob = newPerson({ language: 'es' });
  pending = newPerson();
  aliceLease = await seedLease(server.deps, alice);
  bobLease = await seedLease(server.deps, bob);
  // Bob is the co-applicant of a lease Alice's sister applied for: it is his lease too.
  sharedLease = await seedLease(server.deps, newPerson(), { coApplicant: bob });
  // Approved but not funded: not a lessee yet.
  await seedLease(server.deps, pending, { funded: false });
});

afterAll(async () => {
  await server?.stop();
});

const sentCount = async () => (await listSandboxMessages(server.deps.db, server.deps.clock(), 500)).length;

describe('asking for a code', () => {
  it('answers an address without a funded lease exactly as one with, and sends nothing to it', async () => {
    const before = await sentCount();
    const unknown = await new Browser(server.base).post('/customer/api/auth/code', {
      email: 'nobody.here@example.com',
    });
    const notFunded = await new Browser(server.base).post('/customer/api/auth/code', { email: pending.email });
    const known = await new Browser(server.base).post('/customer/api/auth/code', { email: alice.email });
    for (const res of [unknown, notFunded, known]) {
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(
        'If a lease has this phone number or e-mail address, a code is on its way. It is valid for 10 minutes.',
      );
      expect(res.body.data).toEqual({ channel: 'email', expires_in: 600, resend_in: 0 });
      expect(res.setCookies.some((c) => /^customer_signin=[^;]+;.*HttpOnly/.test(c))).toBe(true);
    }
    expect(await sentCount()).toBe(before + 1);
    expect(await codeSentTo(server.deps, alice.email)).toMatch(/^\d{5}$/);
    expect(await codeSentTo(server.deps, pending.email)).toBeUndefined();
    // The address that has no lease cannot be told apart at verify either: every code is wrong.
    const browser = new Browser(server.base);
    await browser.post('/customer/api/auth/code', { email: 'nobody.else@example.com' });
    const res = await browser.post('/customer/api/auth/verify', { code: '12345' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ attempts_left: 4 });
  });

  it('refuses a malformed address or both at once with a message the lessee can act on, in their language', async () => {
    const browser = new Browser(server.base);
    const both = await browser.post('/customer/api/auth/code', { email: alice.email, phone: alice.cell });
    expect(both.status).toBe(422);
    expect(both.body.errors.phone).toEqual(['Enter either the phone number or the e-mail address on your lease.']);
    const phone = await browser.post('/customer/api/auth/code', { phone: '12345', lang: 'es' });
    expect(phone.status).toBe(422);
    expect(phone.body.errors.phone).toEqual(['Ingrese el número de celular de su arrendamiento (10 dígitos).']);
    const email = await browser.post(
      '/customer/api/auth/code',
      { email: 'not-an-address' },
      { 'accept-language': 'es' },
    );
    expect(email.status).toBe(422);
    expect(email.body.errors.email).toEqual(['Ingrese el correo electrónico de su arrendamiento.']);
    expect(browser.cookies.has('customer_signin')).toBe(false);
  });

  it('sends at most 3 codes to an address in 15 minutes, whatever the IP, and again once the window has passed', async () => {
    const person = newPerson();
    await seedLease(server.deps, person);
    for (let i = 0; i < 3; i++) {
      const res = await new Browser(server.base).post('/customer/api/auth/code', { phone: person.cell });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const fourth = await new Browser(server.base).post('/customer/api/auth/code', { phone: person.cell });
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/^Too many codes were asked for\. Try again in \d+ minutes\.$/);
    // The same refusal for an address without a lease: the limit says nothing about who is a lessee.
    for (let i = 0; i < 3; i++)
      expect((await new Browser(server.base).post('/customer/api/auth/code', { phone: '(312) 555-0101' })).status).toBe(
        200,
      );
    expect((await new Browser(server.base).post('/customer/api/auth/code', { phone: '(312) 555-0101' })).status).toBe(
      429,
    );
    server.advance(15 * 60_000 + 1000);
    expect((await new Browser(server.base).post('/customer/api/auth/code', { phone: person.cell })).status).toBe(200);
  });

  it('sends at most 10 codes from one IP address in 15 minutes, across addresses', async () => {
    const browser = new Browser(server.base);
    for (let i = 0; i < 10; i++) {
      const res = await browser.post('/customer/api/auth/code', { email: `spray.${i}@example.com` });
      expect(res.status).toBe(200);
    }
    const res = await browser.post('/customer/api/auth/code', { email: 'spray.10@example.com', lang: 'es' });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Se pidieron demasiados códigos\./);
  });
});

describe('typing the code', () => {
  it('signs in with the right code: HttpOnly SameSite=Strict cookies, the lessee and their leases', async () => {
    const browser = new Browser(server.base);
    await browser.post('/customer/api/auth/code', { email: alice.email.toUpperCase() });
    const code = (await codeSentTo(server.deps, alice.email))!;
    const res = await browser.post('/customer/api/auth/verify', { code: ` ${code} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const session = res.setCookies.find((c) => c.startsWith('customer_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(session).toMatch(/Path=\/customer/);
    expect(res.setCookies.find((c) => c.startsWith('customer_csrf='))).not.toMatch(/HttpOnly/);
    expect(res.body.data).toMatchObject({
      first_name: alice.first_name,
      signed_in_with: `a•••@example.com`.replace('a', alice.email[0]!),
      lang: 'en',
      lease_ids: [aliceLease],
    });
    expect(res.body.data.csrf_token).toBe(browser.cookies.get('customer_csrf'));
    browser.csrf = res.body.data.csrf_token;
    const me = await browser.get('/customer/api/me');
    expect(me.status).toBe(200);
    expect(me.body.data.lease_ids).toEqual([aliceLease]);
    expect(me.body.data.csrf_token).toBe(browser.csrf);
    // The code is single use.
    const again = await new Browser(server.base).post('/customer/api/auth/verify', { code });
    expect(again.status).toBe(410);
  });

  it('finds a co-applicant’s leases by their phone, in their language', async () => {
    const browser = new Browser(server.base);
    const me = await signIn(server, browser, { phone: `+1 ${bob.cell}` });
    expect(new Set(me.lease_ids)).toEqual(new Set([bobLease, sharedLease]));
    expect(me.signed_in_with).toBe(`•••• ${digits(bob.cell).slice(-4)}`);
    const sms = (await listSandboxMessages(server.deps.db, server.deps.clock(), 50)).find(
      (m) => m.to === digits(bob.cell) && m.purpose === 'customer-sign-in',
    );
    expect(sms?.channel).toBe('sms');
    const me2 = await browser.get('/customer/api/me', { 'x-lang': 'es' });
    expect(me2.status).toBe(200);
  });

  it('counts wrong codes: 4 tries left, then 3 ..., and after the fifth the sign-in is over even with the right code', async () => {
    const person = newPerson();
    await seedLease(server.deps, person);
    const browser = new Browser(server.base);
    await browser.post('/customer/api/auth/code', { email: person.email });
    const code = (await codeSentTo(server.deps, person.email))!;
    for (let left = 4; left >= 1; left--) {
      const res = await browser.post('/customer/api/auth/verify', { code: wrong(code), lang: 'es' });
      expect(res.status).toBe(422);
      expect(res.body.data.attempts_left).toBe(left);
      expect(res.body.message).toBe(`Ese código no es correcto. Le quedan ${left} intentos.`);
    }
    const fifth = await browser.post('/customer/api/auth/verify', { code: wrong(code) });
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('Too many wrong codes. Ask for a new code.');
    const right = await browser.post('/customer/api/auth/verify', { code });
    expect(right.status).toBe(429);
    expect(browser.cookies.has('customer_session')).toBe(false);
  });

  it('refuses a code after its 10 minutes, and a code typed without asking for one first', async () => {
    const person = newPerson();
    await seedLease(server.deps, person);
    const browser = new Browser(server.base);
    await browser.post('/customer/api/auth/code', { email: person.email });
    const code = (await codeSentTo(server.deps, person.email))!;
    server.advance(10 * 60_000);
    const late = await browser.post('/customer/api/auth/verify', { code });
    // The cookie itself lapses with the code; a browser that kept it gets the same answer.
    expect(late.status).toBe(410);
    expect(late.body.message).toMatch(/expired|Ask for a code first/);
    const none = await new Browser(server.base).post('/customer/api/auth/verify', { code });
    expect(none.status).toBe(410);
    expect(none.body.message).toBe('Ask for a code first: enter the phone number or e-mail address on your lease.');
  });

  it('refuses a malformed code without counting it', async () => {
    const person = newPerson();
    await seedLease(server.deps, person);
    const browser = new Browser(server.base);
    await browser.post('/customer/api/auth/code', { email: person.email });
    for (const code of ['1234', 'abcde', '123456', '', '١٢٣٤٥']) {
      const res = await browser.post('/customer/api/auth/verify', { code });
      expect(res.status, code).toBe(422);
      expect(res.body.errors.code).toEqual(['Enter the 5-digit code from the message.']);
    }
    const code = (await codeSentTo(server.deps, person.email))!;
    expect((await browser.post('/customer/api/auth/verify', { code })).status).toBe(200);
  });
});

describe('the session', () => {
  it('needs the CSRF token on a mutation, ends at logout, and cannot be used afterwards', async () => {
    const person = newPerson();
    await seedLease(server.deps, person);
    const browser = new Browser(server.base);
    await signIn(server, browser, { email: person.email });
    const csrf = browser.csrf;
    browser.csrf = undefined;
    const forged = await browser.post('/customer/api/auth/logout');
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe('This request could not be verified. Reload the page and try again.');
    browser.csrf = 'x'.repeat(43);
    expect((await browser.post('/customer/api/auth/logout')).status).toBe(403);
    browser.csrf = csrf;
    const out = await browser.post('/customer/api/auth/logout');
    expect(out.status).toBe(200);
    expect(browser.cookies.has('customer_session')).toBe(false);
    const stale = await new Browser(server.base).get('/customer/api/me');
    expect(stale.status).toBe(401);
  });

  it('ends after 15 minutes without a request', async () => {
    const person = newPerson();
    await seedLease(server.deps, person);
    const browser = new Browser(server.base);
    await signIn(server, browser, { email: person.email });
    server.advance(14 * 60_000);
    expect((await browser.get('/customer/api/me')).status).toBe(200);
    server.advance(14 * 60_000);
    expect((await browser.get('/customer/api/me')).status).toBe(200);
    server.advance(15 * 60_000 + 1000);
    const res = await browser.get('/customer/api/me', { 'accept-language': 'es' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Su sesión terminó. Inicie sesión de nuevo.');
  });

  it('answers 401 without a session, and a staff session is not a lessee session', async () => {
    const res = await new Browser(server.base).get('/customer/api/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your session has ended. Please sign in again.');
  });
});

describe('STOP', () => {
  it('a lessee who replied STOP gets no more texts, not even a sign-in code, until START', async () => {
    const person = newPerson();
    await seedLease(server.deps, person);
    const stop = await new Browser(server.base).post('/sandbox/messages/inbound', { from: person.cell, body: 'Stop' });
    expect(stop.status).toBe(200);
    expect(stop.body.data).toEqual({ action: 'stopped' });
    const asked = await new Browser(server.base).post('/customer/api/auth/code', { phone: person.cell });
    expect(asked.status).toBe(200);
    expect(await codeSentTo(server.deps, digits(person.cell))).toBeUndefined();
    const start = await new Browser(server.base).post('/sandbox/messages/inbound', {
      from: person.cell,
      body: 'START',
    });
    expect(start.body.data).toEqual({ action: 'started' });
    await new Browser(server.base).post('/customer/api/auth/code', { phone: person.cell });
    expect(await codeSentTo(server.deps, digits(person.cell))).toMatch(/^\d{5}$/);
  });
});
