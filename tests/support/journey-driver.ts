// A retailer checkout driven through the real endpoints of a server at any base URL (the reliability suites start
// their own servers), one resumable step at a time: each step reads what the server already has before acting, so
// a journey interrupted by a crash continues from wherever the server's acknowledged state left it.

import { jsonOr } from './http.ts';

export interface Reply {
  status: number;
  body: any;
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<Reply> {
  const res = await fetch(base + path, {
    method,
    headers: {
      'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...(options.headers ?? {}),
    },
    body: options.form
      ? new URLSearchParams(options.form).toString()
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, body: jsonOr(text, text) };
}

export const RETAILER_TOKEN = 'rt_test_token_for_integration_tests';
const retailerHeaders = (key?: string, token = RETAILER_TOKEN) => ({
  authorization: `Bearer ${token}`,
  ...(key ? { 'idempotency-key': key } : {}),
});

/** The applicant's own values, overriding the sandbox fill (the PII suite uses distinctive ones). */
export interface ApplicantOverrides {
  applicant?: Record<string, unknown>;
  banking?: Record<string, unknown>;
  co_applicant?: Record<string, unknown>;
}

export interface Journey {
  name: string;
  callbackUrl: string;
  overrides?: ApplicantOverrides;
  createKey: string;
  payKey: string;
  checkoutId?: string;
  checkoutUrl?: string;
  headers?: Record<string, string>;
  /** The retailer's API token (a test-mode token against a deployed stage); the integration server's by default. */
  retailerToken?: string;
  /** The shopper's browser (kept across retries, as sessionStorage keeps it: the checkout link is bound to it). */
  clientId?: string;
  uuid?: string;
  fill?: any;
  /** What the server acknowledged (a 2xx), in order: the crash suite checks each survives. */
  acked: { step: string; at: number; detail?: string }[];
}

export function newJourney(name: string, callbackUrl: string, overrides?: ApplicantOverrides): Journey {
  const tag = `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return { name, callbackUrl, overrides, createKey: `create-${tag}`, payKey: `pay-${tag}`, acked: [] };
}

const fail = (what: string, r: Reply) => new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 400)}`);
const ack = (j: Journey, step: string, detail?: string) => j.acked.push({ step, at: Date.now(), detail });

/** An item of the delivery services' answer, and one of the ways it can be delivered. */
export interface ScheduledItem {
  sku: string;
  required_parts: { sku: string }[];
}
export interface DeliveryService {
  type: string;
  value: string;
  dates?: string[];
  windows?: { value: string }[];
  stores?: { value: string }[];
}

/** The schedule of an item (and its required parts) for pickup at the first store the service offers. */
export const storePickup = (item: ScheduledItem, pickup: DeliveryService) => ({
  sku: item.sku,
  type: 'store_pickup',
  value: pickup.value,
  installations: false,
  date: null,
  window: null,
  required: item.required_parts.map((p) => p.sku),
  pickup_store: pickup.stores![0]!.value,
  ship_to_store: null,
  shipment: null,
});

/** The applicant's address (the Fill profile's location) as the schedule request takes it. */
export const scheduleAddress = (location: { line_1: string; city: string; state: string; code: string }) => ({
  line_1: location.line_1,
  city: location.city,
  state: location.state,
  code: location.code,
});

export async function checkoutView(base: string, j: Journey) {
  const r = await call(base, 'GET', `/retailer/v1/checkouts/${j.checkoutId}`, {
    headers: retailerHeaders(undefined, j.retailerToken),
  });
  if (r.status !== 200) throw fail('checkout view', r);
  return r.body.data;
}

async function readPin(base: string, to: string): Promise<string | undefined> {
  const r = await call(base, 'GET', '/sandbox/messages');
  // Newest first: the PIN just sent.
  const latest = (r.body.data as { to: string; purpose: string; body: string }[]).find(
    (m) => m.to === to && m.purpose === 'pin',
  );
  return latest ? /\b(\d{5})\b/.exec(latest.body)?.[1] : undefined;
}

/** One step forward from where the server says the journey is; returns true once the checkout is completed. */
export async function advance(base: string, j: Journey): Promise<boolean> {
  if (!j.checkoutId) {
    const r = await call(base, 'POST', '/retailer/v1/checkouts', {
      headers: retailerHeaders(j.createKey, j.retailerToken),
      body: {
        store: 'main-street',
        cart: { items: [{ sku: 'SB-200', description: 'Sound bar', quantity: 3, unit_price: '149.00' }] },
        return_url: 'https://retailer.example/checkout/done',
        return_url_failure: 'https://retailer.example/checkout/failed',
        callback_url: j.callbackUrl,
      },
    });
    if (r.status !== 201 && r.status !== 200) throw fail('create checkout', r);
    j.checkoutId = r.body.data.checkout_id;
    j.checkoutUrl = r.body.data.url;
    ack(j, 'checkout', j.checkoutId);
    return false;
  }
  if (!j.headers) {
    const token = /#\/checkpoint\/([^/]+)\/[01]$/.exec(j.checkoutUrl!)![1]!;
    // The same browser opens the link again when the first answer was lost to the crash.
    const clientId = (j.clientId ??= `rel-${Math.random().toString(36).slice(2, 12)}`);
    const r = await call(base, 'GET', `/apply-v2/checkpoint/exchange?token=${encodeURIComponent(token)}`, {
      headers: { 'x-client-id': clientId },
    });
    if (r.status !== 200) throw fail('exchange', r);
    j.headers = { 'x-apply-token': r.body.data.token, 'x-client-id': clientId };
    ack(j, 'exchange');
    return false;
  }
  const h = j.headers;
  if (!j.fill) {
    const fill = await call(base, 'GET', '/apply-v2/application/fill?type=option-a', { headers: h });
    if (fill.status !== 200) throw fail('fill', fill);
    const o = j.overrides ?? {};
    j.fill = {
      ...fill.body.data,
      applicant: { ...fill.body.data.applicant, ...o.applicant },
      banking: { ...fill.body.data.banking, ...o.banking },
      ...(o.co_applicant ? { has_co_applicant: true, co_applicant: o.co_applicant } : {}),
    };
  }
  if (!j.uuid) {
    // The session remembers its application: a save the crash cut off may have landed.
    const existing = await call(base, 'GET', '/apply-v2/application', { headers: h });
    if (existing.status === 200 && existing.body.data?.uuid) j.uuid = existing.body.data.uuid;
    else {
      const saved = await call(base, 'POST', '/apply-v2/application', { body: j.fill, headers: h });
      if (saved.status !== 200) throw fail('save application', saved);
      j.uuid = saved.body.data.uuid;
    }
    ack(j, 'application', j.uuid);
    return false;
  }
  const own = await call(base, 'GET', '/apply-v2/application', { headers: h });
  if (own.status !== 200) throw fail('read application', own);
  const appStatus: string = own.body.data.status;
  if (appStatus !== 'approved') {
    if (appStatus === 'denied') throw new Error(`${j.name}: denied`);
    const sent = await call(base, 'POST', '/apply-v2/application/verify/send', {
      body: { uuid: j.uuid, mode: 'email' },
      headers: h,
    });
    if (sent.status !== 200) throw fail('verify send', sent);
    const code = await readPin(base, j.fill.applicant.email);
    if (!code) throw new Error(`${j.name}: no PIN message`);
    const confirmed = await call(base, 'POST', '/apply-v2/application/verify/confirm', {
      body: {
        uuid: j.uuid,
        store_id: own.body.data.store_id,
        code,
        checkout_id: j.checkoutId,
        retrieval: false,
        iframe: false,
      },
      headers: h,
    });
    if (confirmed.status !== 200) throw fail('verify confirm', confirmed);
    const decided = await call(base, 'POST', '/apply-v2/application/confirm', {
      body: { uuid: j.uuid, submitted: true, terms_accepted: true },
      headers: h,
    });
    if (decided.status !== 200) throw fail('decision', decided);
    ack(j, 'decision', decided.body.data.code);
    return false;
  }
  const view = await checkoutView(base, j);
  const status: number | null = view.status;
  if (status === null || status < 3) return false; // the checkout follows its application through the outbox
  if (status === 3 && !view.delivery?.scheduled) {
    // main-street needs delivery options first: store pickup for every item.
    const zip = j.fill.location.code as string;
    const services = await call(base, 'GET', `/api/v1/retail-partner/services?code=${zip}`, { headers: h });
    if (services.status !== 200) throw fail('delivery services', services);
    const schedules = (services.body.data.items as ScheduledItem[]).map((item) =>
      storePickup(
        item,
        (services.body.data.services[item.sku] as DeliveryService[]).find((o) => o.type === 'store_pickup')!,
      ),
    );
    const address = scheduleAddress(j.fill.location);
    const r = await call(base, 'POST', '/api/v1/retail-partner/schedule', {
      body: { checkout_id: j.checkoutId, schedules, exchange_id: null, address },
      headers: h,
    });
    if (r.status !== 200) throw fail('schedule delivery', r);
    ack(j, 'delivery');
    return false;
  }
  if (status === 3) {
    const q = new URLSearchParams({ application_id: j.uuid, option: 'a', iframe: '0' });
    const l = await call(base, 'GET', `/apply-v2/checkout/${j.checkoutId}/lease?${q}`, { headers: h });
    if (l.status !== 200) throw fail('lease', l);
    ack(j, 'lease');
    return false;
  }
  if (status === 5 || status === 13) {
    const e = await call(base, 'POST', `/apply-v2/checkout/${j.checkoutId}/esign`, {
      body: { checkout_id: j.checkoutId, iframe: false },
      headers: h,
    });
    if (e.status !== 200) throw fail('esign', e);
    const url = new URL(e.body.data.url);
    const signer = `${j.fill.applicant.first_name} ${j.fill.applicant.last_name}`;
    const signed = await call(base, 'POST', url.pathname, {
      form: { view: url.searchParams.get('view')!, action: 'sign', consent: 'yes', signature: signer },
    });
    if (signed.status !== 303) throw fail('sign at vendor', signed);
    ack(j, 'signed');
    return false;
  }
  if (status === 6 || status === 7) {
    const p = await call(base, 'GET', `/apply-v2/checkout/${j.checkoutId}/process`, { headers: h });
    if (p.status !== 200) throw fail('process', p);
    if (!p.body.data.payment_required) return false;
    const card = await call(base, 'POST', '/sandbox/vault/tokenize', {
      body: {
        sessionId: p.body.data.config.session_id,
        number: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
        first_name: 'Test',
        last_name: 'Shopper',
        country: 'US',
      },
    });
    if (card.status !== 200) throw fail('tokenize', card);
    const paid = await call(base, 'POST', '/api/v1/cards/processCard', {
      body: {
        token: card.body.data.token,
        application_id: j.uuid,
        amount: p.body.data.amount,
        convenienceFee: 0,
        isDownPayment: true,
      },
      headers: { ...h, 'idempotency-key': j.payKey },
    });
    if (paid.status !== 200) throw fail('pay', paid);
    ack(j, 'paid');
    return false;
  }
  return status === 9;
}

/** Drives a journey to its completed checkout (status 9), waiting between steps the server is still taking. */
export async function runToCompletion(base: string, j: Journey, deadline = Date.now() + 90_000): Promise<void> {
  while (Date.now() < deadline) {
    if (await advance(base, j)) return;
    // A step that only waits on the outbox (the checkout following its application) polls gently.
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${j.name} did not complete: ${JSON.stringify(j.acked.map((a) => a.step))}`);
}

// The types every completed checkout tells its retailer (lease.* status webhooks may come too).
export const COMPLETED_CHECKOUT_WEBHOOKS = [
  'checkout.created',
  'checkout.started',
  'application.created',
  'checkout.application_in_progress',
  'application.approved',
  'checkout.application_complete',
  'checkout.lease_created',
  'checkout.lease_esign',
  'checkout.esign_completed',
  'checkout.payment_processing',
  'checkout.payment_completed',
  'checkout.completed',
];
