import { expect } from 'vitest';
import { api, applySession } from '../../support/api.ts';

// Helpers of the decision tests: a shopper at a demo store with a complete Fill applicant, and the PIN read from
// the sandbox mailbox (GET /sandbox/messages) as a tester would.

export type Headers = Record<string, string>;

export interface Shopper {
  headers: Headers;
  store: { id: string; name: string; slug: string; brand: string };
  uuid: string;
  body: any;
}

export async function shopperSession(store = 'main-street', retailer = 'demo-electronics') {
  const s = await applySession(retailer, store);
  return {
    headers: { 'x-apply-token': s['x-apply-token'], 'x-client-id': s['x-client-id'] } as Headers,
    store: s.store,
  };
}

/** A new shopper with a complete, saved application of the Fill profile. */
export async function applicant(
  profile: string,
  store = 'main-street',
  retailer = 'demo-electronics',
): Promise<Shopper> {
  const { headers, store: storeView } = await shopperSession(store, retailer);
  const fill = await api('GET', `/apply-v2/application/fill?type=${profile}`, { headers });
  expect(fill.status).toBe(200);
  const saved = await api('POST', '/apply-v2/application', { body: fill.body.data, headers });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { headers, store: storeView, uuid: saved.body.data.uuid, body: fill.body.data };
}

/** The newest PIN sent to `to` (a cell number or an e-mail address). */
export async function readPin(to: string): Promise<string> {
  const res = await api('GET', '/sandbox/messages');
  expect(res.status).toBe(200);
  const message = (res.body.data as { to: string; purpose: string; body: string }[]).find(
    (m) => m.to === to && m.purpose === 'pin',
  );
  expect(message, `no PIN message to ${to}`).toBeDefined();
  const code = /\b(\d{5})\b/.exec(message!.body)?.[1];
  expect(code).toBeDefined();
  return code!;
}

export async function sendPin(shopper: Pick<Shopper, 'headers' | 'uuid'>, mode: 'sms' | 'email' = 'email') {
  return api('POST', '/apply-v2/application/verify/send', {
    body: { uuid: shopper.uuid, mode },
    headers: shopper.headers,
  });
}

export async function confirmPin(
  shopper: Pick<Shopper, 'headers' | 'uuid' | 'store'>,
  code: string,
  extra: Record<string, unknown> = {},
) {
  return api('POST', '/apply-v2/application/verify/confirm', {
    body: {
      uuid: shopper.uuid,
      store_id: shopper.store.id,
      code,
      checkout_id: null,
      retrieval: false,
      iframe: false,
      ...extra,
    },
    headers: shopper.headers,
  });
}

/** Sends a PIN by e-mail, reads it from the sandbox mailbox and confirms it. */
export async function verify(shopper: Shopper): Promise<void> {
  const sent = await sendPin(shopper, 'email');
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await readPin(shopper.body.applicant.email);
  const confirmed = await confirmPin(shopper, code);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.data.verified).toBe(true);
}

export async function submit(shopper: Pick<Shopper, 'headers' | 'uuid'>, lang?: 'en' | 'es') {
  return api('POST', '/apply-v2/application/confirm', {
    body: { uuid: shopper.uuid, submitted: true, terms_accepted: true },
    headers: { ...shopper.headers, ...(lang ? { 'x-lang': lang } : {}) },
  });
}

/** Apply, verify and submit: the result. */
export async function decided(profile: string, store = 'main-street', retailer = 'demo-electronics') {
  const shopper = await applicant(profile, store, retailer);
  await verify(shopper);
  const res = await submit(shopper);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { shopper, result: res.body.data };
}

/** A code that is not `code` (for wrong attempts). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');
