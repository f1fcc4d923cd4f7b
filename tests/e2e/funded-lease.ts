// A funded lease for browser tests, made through the API as a retailer, a shopper and staff would (checkout, e-sign,
// down payment, delivery, funding): shared by the lessee account and collections journeys.
import type { APIRequestContext } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';

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
  const api = await playwrightRequest.newContext({ baseURL });
  const retailer = { authorization: 'Bearer e2e-retailer-api-token-1' };
  const created = (
    await call(
      api,
      'POST',
      '/retailer/v1/checkouts',
      {
        store: 'main-street',
        cart: { items: [{ sku: 'TV-55', description: '55-inch TV', quantity: 1, unit_price: '899.00' }] },
        return_url: `${baseURL}/demo/retailer?done=1`,
        return_url_failure: `${baseURL}/demo/retailer?failed=1`,
        callback_url: `${baseURL}/demo/retailer/webhooks`,
      },
      { ...retailer, 'idempotency-key': `e2e-account-${Date.now()}` },
    )
  ).data as Json;
  const checkoutId = created.checkout_id as string;
  const token = /#\/checkpoint\/([^/]+)\/[01]$/.exec(created.url as string)![1]!;
  const clientId = `e2e-${Math.random().toString(36).slice(2, 12)}`;
  const exchanged = (
    await call(api, 'GET', `/apply-v2/checkpoint/exchange?token=${encodeURIComponent(token)}`, undefined, {
      'x-client-id': clientId,
    })
  ).data as Json;
  const headers = { 'x-apply-token': exchanged.token as string, 'x-client-id': clientId };
  const fill = (await call(api, 'GET', '/apply-v2/application/fill?type=option-a', undefined, headers)).data as Json;
  const email = fill.applicant.email as string;
  const uuid = (await call(api, 'POST', '/apply-v2/application', fill, headers)).data.uuid as string;
  const before = await messagesTo(api, email);
  await call(api, 'POST', '/apply-v2/application/verify/send', { uuid, mode: 'email' }, headers);
  const pin = await newestCode(api, email, before);
  await call(
    api,
    'POST',
    '/apply-v2/application/verify/confirm',
    { uuid, store_id: exchanged.store.id, code: pin, checkout_id: checkoutId, retrieval: false, iframe: false },
    headers,
  );
  await call(api, 'POST', '/apply-v2/application/confirm', { uuid, submitted: true, terms_accepted: true }, headers);
  const services = (
    await call(api, 'GET', `/api/v1/retail-partner/services?code=${fill.location.code}`, undefined, headers)
  ).data as Json;
  const schedules = (services.items as Json[]).map((item) => {
    const pickup = (services.services[item.sku] as Json[]).find((o) => o.type === 'store_pickup')!;
    return {
      sku: item.sku,
      type: 'store_pickup',
      value: pickup.value,
      installations: false,
      date: null,
      window: null,
      required: (item.required_parts ?? []).map((p: Json) => p.sku),
      pickup_store: pickup.stores[0].value,
      ship_to_store: null,
      shipment: null,
    };
  });
  const { line_1, city, state, code } = fill.location;
  await call(
    api,
    'POST',
    '/api/v1/retail-partner/schedule',
    { checkout_id: checkoutId, schedules, exchange_id: null, address: { line_1, city, state, code } },
    headers,
  );
  const lease = new URLSearchParams({ application_id: uuid, option: 'a', iframe: '0' });
  await call(api, 'GET', `/apply-v2/checkout/${checkoutId}/lease?${lease}`, undefined, headers);
  const signing = new URL(
    (
      await call(
        api,
        'POST',
        `/apply-v2/checkout/${checkoutId}/esign`,
        { checkout_id: checkoutId, iframe: false },
        headers,
      )
    ).data.url as string,
  );
  await api.post(`/sandbox/esign/${signing.pathname.split('/').pop()}`, {
    form: {
      view: signing.searchParams.get('view')!,
      action: 'sign',
      consent: 'yes',
      signature: `${fill.applicant.first_name} ${fill.applicant.last_name}`,
    },
    maxRedirects: 0,
  });
  let processed: Json = {};
  for (let i = 0; i < 60 && !processed.config?.session_id; i++) {
    processed = (await call(api, 'GET', `/apply-v2/checkout/${checkoutId}/process`, undefined, headers)).data as Json;
    if (!processed.config?.session_id) await new Promise((r) => setTimeout(r, 200));
  }
  const card = (
    await call(api, 'POST', '/sandbox/vault/tokenize', {
      sessionId: processed.config.session_id,
      number: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
      first_name: fill.applicant.first_name,
      last_name: fill.applicant.last_name,
      country: 'US',
    })
  ).data as Json;
  await call(
    api,
    'POST',
    '/api/v1/cards/processCard',
    { token: card.token, application_id: uuid, amount: processed.amount, convenienceFee: 0, isDownPayment: true },
    { ...headers, 'idempotency-key': `e2e-pay-${checkoutId}` },
  );

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
