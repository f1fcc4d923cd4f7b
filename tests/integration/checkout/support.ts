import { expect, inject } from 'vitest';
import { api, baseUrl, type ApiResponse } from '../../support/api.ts';
import {
  scheduleAddress,
  storePickup,
  type DeliveryService,
  type ScheduledItem,
} from '../../support/journey-driver.ts';

// Helpers of the checkout tests: the retailer API with the demo retailer's token, the shopper reaching an approved
// application through the real endpoints (exchange, fill, save, PIN from the sandbox mailbox, confirm), and each
// later step of the checkout, so that a test can bring a checkout to any status.

export type Headers = Record<string, string>;

export const retailerToken = () => inject('retailerApiToken');
export const uniqueKey = (prefix = 'it') =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function retailer(
  method: string,
  path: string,
  options: { body?: unknown; key?: string; token?: string | null; rawBody?: string } = {},
) {
  const headers: Headers = {};
  if (options.token !== null) headers.authorization = `Bearer ${options.token ?? retailerToken()}`;
  if (options.key) headers['idempotency-key'] = options.key;
  return api(method, path, { body: options.body, rawBody: options.rawBody, headers });
}

export const CART = {
  items: [
    {
      sku: 'TV-55-4K',
      description: '55" 4K television',
      quantity: 1,
      unit_price: '499.99',
      required_parts: [{ sku: 'MOUNT-1', description: 'Wall mount', quantity: 1, unit_price: '49.00' }],
    },
    { sku: 'SB-200', description: 'Sound bar', quantity: 1, unit_price: '149.00' },
  ],
};

export function checkoutBody(overrides: Record<string, unknown> = {}) {
  return {
    store: 'main-street',
    cart: CART,
    return_url: 'https://retailer.example/checkout/done',
    return_url_failure: 'https://retailer.example/checkout/failed',
    callback_url: `${baseUrl()}/demo/retailer/webhooks`,
    ...overrides,
  };
}

export async function createCheckout(overrides: Record<string, unknown> = {}) {
  const res = await retailer('POST', '/retailer/v1/checkouts', {
    body: checkoutBody(overrides),
    key: uniqueKey('create'),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { checkout_id: string; url: string; iframe_url: string; status: number | null };
}

export const tokenOf = (url: string) => /#\/checkpoint\/([^/]+)\/[01]$/.exec(url)![1]!;

export interface Shopper {
  checkoutId: string;
  headers: Headers;
  storeId: string;
  uuid?: string;
  fill?: any;
}

export async function exchange(url: string, clientId = `it-${Math.random().toString(36).slice(2, 12)}`) {
  return api('GET', `/apply-v2/checkpoint/exchange?token=${encodeURIComponent(tokenOf(url))}`, {
    headers: { 'x-client-id': clientId },
  });
}

export async function openCheckout(overrides: Record<string, unknown> = {}): Promise<Shopper> {
  const created = await createCheckout(overrides);
  const clientId = `it-${Math.random().toString(36).slice(2, 12)}`;
  const res = await exchange(created.url, clientId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    checkoutId: created.checkout_id,
    headers: { 'x-apply-token': res.body.data.token, 'x-client-id': clientId },
    storeId: res.body.data.store.id,
  };
}

export async function readPin(to: string): Promise<string> {
  const res = await api('GET', '/sandbox/messages');
  const message = (res.body.data as { to: string; purpose: string; body: string }[]).find(
    (m) => m.to === to && m.purpose === 'pin',
  );
  expect(message, `no PIN message to ${to}`).toBeDefined();
  return /\b(\d{5})\b/.exec(message!.body)![1]!;
}

/** Fill, save (status 2 follows through the application.created event), PIN, confirm: an approved application. */
export async function apply(shopper: Shopper, profile = 'option-a'): Promise<any> {
  const fill = await api('GET', `/apply-v2/application/fill?type=${profile}`, { headers: shopper.headers });
  expect(fill.status).toBe(200);
  const saved = await api('POST', '/apply-v2/application', { body: fill.body.data, headers: shopper.headers });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  shopper.uuid = saved.body.data.uuid;
  shopper.fill = fill.body.data;
  const sent = await api('POST', '/apply-v2/application/verify/send', {
    body: { uuid: shopper.uuid, mode: 'email' },
    headers: shopper.headers,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await readPin(fill.body.data.applicant.email);
  const confirmed = await api('POST', '/apply-v2/application/verify/confirm', {
    body: {
      uuid: shopper.uuid,
      store_id: shopper.storeId,
      code,
      checkout_id: shopper.checkoutId,
      retrieval: false,
      iframe: false,
    },
    headers: shopper.headers,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const result = await api('POST', '/apply-v2/application/confirm', {
    body: { uuid: shopper.uuid, submitted: true, terms_accepted: true },
    headers: shopper.headers,
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

export const load = (s: Shopper) => api('GET', `/apply-v2/checkout/${s.checkoutId}`, { headers: s.headers });

/** Looks up services at the applicant's ZIP and schedules: home delivery for the TV, store pickup for the rest. */
export async function scheduleDelivery(s: Shopper) {
  const zip = s.fill.location.code as string;
  const services = await api('GET', `/api/v1/retail-partner/services?code=${zip}`, { headers: s.headers });
  expect(services.status, JSON.stringify(services.body)).toBe(200);
  const schedules = (services.body.data.items as ScheduledItem[]).map((item) => {
    const options = services.body.data.services[item.sku] as DeliveryService[];
    const delivery = options.find((o) => o.type === 'delivery');
    if (item.sku === 'TV-55-4K' && delivery) {
      return {
        sku: item.sku,
        type: 'delivery',
        value: delivery.value,
        installations: false,
        date: delivery.dates![0],
        window: delivery.windows![0]!.value,
        required: item.required_parts.map((p) => p.sku),
        pickup_store: null,
        ship_to_store: null,
        shipment: null,
      };
    }
    return storePickup(
      item,
      options.find((o) => o.type === 'store_pickup')!,
    );
  });
  const address = scheduleAddress(s.fill.location);
  const res = await api('POST', '/api/v1/retail-partner/schedule', {
    body: { checkout_id: s.checkoutId, schedules, exchange_id: null, address },
    headers: s.headers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

export function lease(s: Shopper, query: Record<string, string> = {}) {
  const q = new URLSearchParams({ application_id: s.uuid!, option: 'a', iframe: '0', ...query });
  return api('GET', `/apply-v2/checkout/${s.checkoutId}/lease?${q}`, { headers: s.headers });
}

export const esign = (s: Shopper) =>
  api('POST', `/apply-v2/checkout/${s.checkoutId}/esign`, {
    body: { checkout_id: s.checkoutId, iframe: false },
    headers: s.headers,
  });

/** Signs at the sandbox e-sign page as the shopper would (consent, typed name): the vendor then calls /webhooks/esign. */
export async function signAtVendor(s: Shopper, signingUrl: string) {
  const url = new URL(signingUrl);
  const envelopeId = url.pathname.split('/').pop()!;
  const signer = `${s.fill.applicant.first_name} ${s.fill.applicant.last_name}`;
  const res = await fetch(`${baseUrl()}/sandbox/esign/${envelopeId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      view: url.searchParams.get('view')!,
      action: 'sign',
      consent: 'yes',
      signature: signer,
    }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return { envelopeId, location: res.headers.get('location') };
}

export const process = (s: Shopper) => api('GET', `/apply-v2/checkout/${s.checkoutId}/process`, { headers: s.headers });

/** Tokenizes a card at the vault's own endpoint (the hosted fields' call), with the session the process answer gave. */
export async function tokenize(sessionId: string, number: string) {
  return api('POST', '/sandbox/vault/tokenize', {
    body: {
      sessionId,
      number,
      expiry: '12/39',
      cvc: number.startsWith('37') ? '1234' : '123',
      first_name: 'Test',
      last_name: 'Shopper',
      country: 'US',
    },
  });
}

export function processCard(s: Shopper, token: string, amount: string, key = uniqueKey('pay')): Promise<ApiResponse> {
  return api('POST', '/api/v1/cards/processCard', {
    body: { token, application_id: s.uuid, amount, convenienceFee: 0, isDownPayment: true },
    headers: { ...s.headers, 'idempotency-key': key },
  });
}

/** Opens the payment step and pays the amount it asks with the card `number`, tokenized at the vault first. */
export async function payWithCard(s: Shopper, number: string): Promise<ApiResponse> {
  const p = await process(s);
  const card = await tokenize(p.body.data.config.session_id, number);
  expect(card.status, JSON.stringify(card.body)).toBe(200);
  return processCard(s, card.body.data.token, p.body.data.amount);
}

/** E-signs and signs at the vendor, then pays with a good card: how a journey completes. */
export async function signAndPay(s: Shopper): Promise<void> {
  const e = await esign(s);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  await signAtVendor(s, e.body.data.url);
  const p = await process(s);
  const card = await tokenize(p.body.data.config.session_id, '4242424242424242');
  expect((await processCard(s, card.body.data.token, p.body.data.amount)).status).toBe(200);
}

export type Stage =
  'created' | 'started' | 'inProgress' | 'approved' | 'lease' | 'esign' | 'signed' | 'failed' | 'completed';

/** Brings a new checkout to a stage through the real endpoints. */
export async function journey(
  stage: Stage,
  overrides: Record<string, unknown> = {},
): Promise<Shopper & { created?: any; leaseData?: any; signing?: string }> {
  if (stage === 'created') {
    const created = await createCheckout(overrides);
    return { checkoutId: created.checkout_id, headers: {}, storeId: '', created };
  }
  const s: Shopper & { leaseData?: any; signing?: string } = await openCheckout(overrides);
  if (stage === 'started') return s;
  if (stage === 'inProgress') {
    const fill = await api('GET', '/apply-v2/application/fill?type=option-a', { headers: s.headers });
    const saved = await api('POST', '/apply-v2/application', { body: fill.body.data, headers: s.headers });
    expect(saved.status).toBe(200);
    s.uuid = saved.body.data.uuid;
    await waitForStatus(s, 2);
    return s;
  }
  const result = await apply(s);
  expect(result.code).toBe('A');
  if (stage === 'approved') return s;
  await scheduleDelivery(s);
  const l = await lease(s);
  expect(l.status, JSON.stringify(l.body)).toBe(200);
  s.leaseData = l.body.data;
  if (stage === 'lease') return s;
  const e = await esign(s);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  s.signing = e.body.data.url;
  if (stage === 'esign') return s;
  await signAtVendor(s, s.signing!);
  expect((await load(s)).body.data.current_step).toBe(6);
  if (stage === 'signed') return s;
  const paid = await payWithCard(s, stage === 'failed' ? '4000000000000002' : '4242424242424242');
  expect(paid.status).toBe(stage === 'failed' ? 402 : 200);
  return s;
}

export async function waitForStatus(s: Pick<Shopper, 'checkoutId'>, status: number | null, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < until) {
    last = await retailer('GET', `/retailer/v1/checkouts/${s.checkoutId}`);
    if (last.body.data?.status === status) return last.body.data;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`checkout ${s.checkoutId} did not reach ${status}: ${JSON.stringify(last?.body?.data?.status)}`);
}

/** The webhooks the demo receiver got for a checkout, waiting until `types` have all arrived. */
export async function receivedWebhooks(checkoutId: string, types: string[], timeoutMs = 45_000) {
  const until = Date.now() + timeoutMs;
  let mine: any[] = [];
  while (Date.now() < until) {
    const res = await api('GET', '/demo/retailer/webhooks');
    mine = (res.body.data.webhooks as any[]).filter((w) => w.checkout_id === checkoutId);
    if (types.every((t) => mine.some((w) => w.type === t && w.verified))) return mine;
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = await retailer('GET', '/retailer/v1/webhooks/deliveries?limit=100');
  const deliveries = (log.body.data.deliveries as any[])
    .filter((d) => d.checkout_id === checkoutId)
    .map((d) => ({ type: d.type, status: d.status, attempts: d.attempts }));
  const audit = (await retailer('GET', `/retailer/v1/checkouts/${checkoutId}`)).body.data?.audit;
  throw new Error(
    `webhooks for ${checkoutId} missing: ${types.filter((t) => !mine.some((w) => w.type === t && w.verified)).join(', ')}; got ${mine.map((w) => w.type).join(', ')}; deliveries ${JSON.stringify(deliveries)}; audit ${JSON.stringify(audit)}`,
  );
}
