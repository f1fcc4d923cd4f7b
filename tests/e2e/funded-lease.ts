// A funded lease for browser tests, made through the API as a retailer, a shopper and staff would (checkout, e-sign,
// down payment, delivery, funding): shared by the lessee account and collections journeys.
import type { APIRequestContext } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { paidCheckout } from '../../functions/local/demo-leases.ts';

export type Json = Record<string, any>;

export async function call(api: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown, headers = {}) {
  const res = await api.fetch(path, { method, data: body, headers, maxRedirects: 0 });
  const text = await res.text();
  const json = (text ? JSON.parse(text) : {}) as Json;
  if (res.status() >= 400) throw new Error(`${method} ${path}: ${res.status()} ${json.message ?? text.slice(0, 200)}`);
  return json;
}

export async function newestCode(api: APIRequestContext, to: string, after: Set<string>): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const messages = (await call(api, 'GET', '/sandbox/messages')).data as { id?: string; to: string; body: string }[];
    for (const m of messages) {
      const key = m.id ?? m.body;
      if (m.to !== to || after.has(key)) continue;
      const code = /\b(\d{5})\b/.exec(m.body)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${to}`);
}

export async function messagesTo(api: APIRequestContext, to: string): Promise<Set<string>> {
  const messages = (await call(api, 'GET', '/sandbox/messages')).data as { id?: string; to: string; body: string }[];
  return new Set(messages.filter((m) => m.to === to).map((m) => m.id ?? m.body));
}

/** A funded lease: the demo retailer's checkout applied, signed and paid, then delivered and funded by staff. */
export async function fundedLease(baseURL: string): Promise<{ email: string; uuid: string; checkoutId: string }> {
  // The shopper's part is the demo's own (functions/local/demo-leases.ts), with the one TV these journeys expect.
  const { uuid, checkoutId, email } = await paidCheckout(baseURL, 'e2e-retailer-api-token-1', undefined, {
    cart: { items: [{ sku: 'TV-55', description: '55-inch TV', quantity: 1, unit_price: '899.00' }] },
  });
  const api = await playwrightRequest.newContext({ baseURL });

  // staff: delivery authorized, delivered, funded
  await call(api, 'POST', '/staff/api/auth/login', { username: 'admin', password: 'e2e-admin-password-1' });
  const csrf = (await api.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
  for (let i = 0; i < 60; i++) {
    const res = await api.get(`/staff/api/leases/${uuid}`);
    if (res.ok() && ((await res.json()) as Json).data?.status === 'Z') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  for (const action of ['authorize-delivery', 'mark-delivered', 'fund', 'complete-funding']) {
    await call(api, 'POST', `/staff/api/leases/${uuid}/actions/${action}`, {}, { 'x-csrf-token': csrf });
  }
  await api.dispose();
  return { email, uuid, checkoutId };
}

/** The lease's servicing account as staff read it (state, frequency, schedule, attempts, ledger). */
export async function staffAccount(baseURL: string, uuid: string): Promise<Json> {
  const api = await playwrightRequest.newContext({ baseURL });
  await call(api, 'POST', '/staff/api/auth/login', { username: 'admin', password: 'e2e-admin-password-1' });
  const account = (await call(api, 'GET', `/staff/api/leases/${uuid}/account`)).data as Json;
  await api.dispose();
  return account;
}

/** What the demo retailer's webhook endpoint received (newest first): each delivery's type, checkout and signature check. */
export async function retailerWebhooks(api: APIRequestContext): Promise<Json[]> {
  return (await call(api, 'GET', '/demo/retailer/webhooks')).data.webhooks as Json[];
}
