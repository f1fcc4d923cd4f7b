import { expect } from 'vitest';
import { api, baseUrl } from '../../support/api.ts';
import { tokenize } from '../checkout/support.ts';
import { fundedLease } from '../servicing/support.ts';
import { Browser } from './support.ts';

// A lessee of a funded lease on the real server (`npm start`'s entry), signed in to the account with the code from
// the sandbox mailbox, as the customer tests that pay, set autopay and read their leases need one.

export interface Lessee {
  uuid: string;
  email: string;
  phone: string;
  browser: Browser;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The latest sign-in code the sandbox sent to `to` (an e-mail, or a phone's digits), waiting up to 3 s for it. */
export async function signInCodeFor(to: string): Promise<string> {
  for (let i = 0; i < 30; i++) {
    const res = await api('GET', '/sandbox/messages');
    const message = (res.body.data as { to: string; purpose: string; body: string }[]).find(
      (m) => m.to === to && m.purpose === 'customer-sign-in',
    );
    const code = message && /\b(\d{5})\b/.exec(message.body)?.[1];
    if (code) return code;
    await pause(100);
  }
  throw new Error(`no sign-in code for ${to}`);
}

/** The lessee of a lease signed in by the code sent to their e-mail, once the account lists the lease. */
export async function signedIn(lease: { uuid: string; email: string; phone: string }): Promise<Lessee> {
  const browser = new Browser(baseUrl());
  expect((await browser.post('/customer/api/auth/code', { email: lease.email })).status).toBe(200);
  const verified = await browser.post('/customer/api/auth/verify', { code: await signInCodeFor(lease.email) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  expect(verified.body.data.lease_ids).toContain(lease.uuid);
  browser.csrf = verified.body.data.csrf_token;
  // The account opens when the funding event is consumed: the list shows the lease once it has.
  for (let i = 0; i < 100; i++) {
    const list = await browser.get('/customer/api/leases');
    if ((list.body.data as { id: string }[]).some((l) => l.id === lease.uuid)) break;
    await pause(150);
  }
  return { ...lease, browser };
}

/** A new funded lease's lessee, signed in. */
export const fundedLessee = async (): Promise<Lessee> => signedIn(await fundedLease());

/** A card tokenized in the lessee's card session for `purpose`, its vault token. */
export async function cardToken(
  l: Lessee,
  card: { amount?: number; number?: string; purpose?: 'payment' | 'autopay' | 'payoff' } = {},
) {
  const { amount = 0, number = '4242424242424242', purpose = 'payment' } = card;
  const session = await l.browser.post(`/customer/api/leases/${l.uuid}/card-session`, { amount, purpose });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  expect(session.body.data.fields_url).toBeTruthy();
  const tokenized = await tokenize(session.body.data.session_id, number);
  expect(tokenized.status, JSON.stringify(tokenized.body)).toBe(200);
  return tokenized.body.data.token as string;
}

/** Turns autopay on with a new card, accepting the authorisation text of that version. */
export async function turnAutopayOn(l: Lessee, authorisationVersion: unknown, number = '4242424242424242') {
  const token = await cardToken(l, { number, purpose: 'autopay' });
  return l.browser.post(`/customer/api/leases/${l.uuid}/autopay`, {
    enabled: true,
    accept_authorisation: true,
    authorisation_version: authorisationVersion,
    token,
  });
}
