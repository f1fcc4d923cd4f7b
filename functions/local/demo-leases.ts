import { getItem, putItem } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';

// Demo lease records for `npm start`: on a new data directory, shoppers apply through the real HTTP API of the running
// server (the same calls the shopper page makes, the PIN read from the sandbox mailbox), so that the staff portal's
// lease applications, queue, leases, checkouts, payments and dashboard show real records from the first start:
// approvals at two stores, a denial, and a retailer checkout signed and paid (awaiting delivery authorization).
// Runs once per data directory, in the background after the server is ready; DEMO_LEASES=0 turns it off (tests).

const MARKER = { pk: 'SYSTEM#SEED', sk: 'DEMO_LEASES' };

type Json = Record<string, any>;

export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Json> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  const json = text ? (JSON.parse(text) as Json) : {};
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? text.slice(0, 200)}`);
  return json;
}

async function pinFor(base: string, to: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const messages = (await call(base, 'GET', '/sandbox/messages')).data as {
      to: string;
      purpose: string;
      body: string;
    }[];
    const code = /\b(\d{5})\b/.exec(messages.find((m) => m.to === to && m.purpose === 'pin')?.body ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no PIN for ${to}`);
}

/** Fill, save, PIN, confirm: the decided application's uuid and its Fill body. */
async function apply(
  base: string,
  headers: Record<string, string>,
  storeId: string,
  profile: string,
  checkoutId: string | null,
  email?: string,
) {
  const fill = (await call(base, 'GET', `/apply-v2/application/fill?type=${profile}`, undefined, headers)).data as Json;
  // A fixed address lets a demo lessee sign in to the account with it (demo-accounts.ts).
  if (email) fill.applicant.email = email;
  const uuid = (await call(base, 'POST', '/apply-v2/application', fill, headers)).data.uuid as string;
  await call(base, 'POST', '/apply-v2/application/verify/send', { uuid, mode: 'email' }, headers);
  const code = await pinFor(base, fill.applicant.email);
  await call(
    base,
    'POST',
    '/apply-v2/application/verify/confirm',
    { uuid, store_id: storeId, code, checkout_id: checkoutId, retrieval: false, iframe: false },
    headers,
  );
  await call(base, 'POST', '/apply-v2/application/confirm', { uuid, submitted: true, terms_accepted: true }, headers);
  return { uuid, fill };
}

export async function storeApplication(base: string, retailer: string, store: string, profile: string) {
  const clientId = `demo-${Math.random().toString(36).slice(2, 12)}`;
  const init = (
    await call(base, 'POST', `/apply-v2/retailer/${retailer}/store/${store}/initiate`, {}, { 'x-client-id': clientId })
  ).data as Json;
  await apply(base, { 'x-apply-token': init.token, 'x-client-id': clientId }, init.store.id, profile, null);
}

/** A retailer's cart (the checkout's `cart`): the demo's sofa and lamps unless a caller brings its own. */
export interface DemoCart {
  items: { sku: string; description: string; quantity: number; unit_price: string }[];
}

const DEMO_CART: DemoCart = {
  items: [
    { sku: 'SOFA-3S', description: 'Three-seat sofa', quantity: 1, unit_price: '899.00' },
    { sku: 'LAMP-2', description: 'Floor lamp', quantity: 2, unit_price: '59.50' },
  ],
};

/**
 * A retailer checkout through delivery choice, the lease, e-sign at the sandbox vendor and the card payment: the
 * application's uuid (the lease id), the checkout's id and the shopper's e-mail. (Also the browser tests' funded
 * lease, tests/e2e/funded-lease.ts.)
 */
export async function paidCheckout(
  base: string,
  apiToken: string,
  email?: string,
  options: { store?: string; retailerBase?: string; cart?: DemoCart } = {},
): Promise<{ uuid: string; checkoutId: string; email: string }> {
  // The retailer's pages and webhook receiver: the running server's demo retailer page, even when the shopper's calls
  // go to another base (the demo history's server of its own, demo-history.ts).
  const retailerBase = options.retailerBase ?? base;
  const created = (
    await call(
      base,
      'POST',
      '/retailer/v1/checkouts',
      {
        store: options.store ?? 'main-street',
        cart: options.cart ?? DEMO_CART,
        return_url: `${retailerBase}/demo/retailer?done=1`,
        return_url_failure: `${retailerBase}/demo/retailer?failed=1`,
        callback_url: `${retailerBase}/demo/retailer/webhooks`,
      },
      {
        authorization: `Bearer ${apiToken}`,
        // Unique per checkout even when two are made within the same millisecond (the demo history makes many).
        'idempotency-key': `demo-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      },
    )
  ).data as Json;
  const token = /#\/checkpoint\/([^/]+)\/[01]$/.exec(created.url as string)![1]!;
  const clientId = `demo-${Math.random().toString(36).slice(2, 12)}`;
  const exchanged = (
    await call(base, 'GET', `/apply-v2/checkpoint/exchange?token=${encodeURIComponent(token)}`, undefined, {
      'x-client-id': clientId,
    })
  ).data as Json;
  const headers = { 'x-apply-token': exchanged.token as string, 'x-client-id': clientId };
  const checkoutId = created.checkout_id as string;
  const { uuid, fill } = await apply(base, headers, exchanged.store.id, 'option-a', checkoutId, email);
  // Store pickup for every line (always offered by the sandbox retail partner).
  const services = (
    await call(base, 'GET', `/api/v1/retail-partner/services?code=${fill.location.code}`, undefined, headers)
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
  await call(
    base,
    'POST',
    '/api/v1/retail-partner/schedule',
    {
      checkout_id: checkoutId,
      schedules,
      exchange_id: null,
      address: {
        line_1: fill.location.line_1,
        city: fill.location.city,
        state: fill.location.state,
        code: fill.location.code,
      },
    },
    headers,
  );
  await call(
    base,
    'GET',
    `/apply-v2/checkout/${checkoutId}/lease?${new URLSearchParams({ application_id: uuid, option: 'a', iframe: '0' })}`,
    undefined,
    headers,
  );
  const signing = new URL(
    (
      await call(
        base,
        'POST',
        `/apply-v2/checkout/${checkoutId}/esign`,
        { checkout_id: checkoutId, iframe: false },
        headers,
      )
    ).data.url as string,
  );
  await fetch(`${base}/sandbox/esign/${signing.pathname.split('/').pop()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      view: signing.searchParams.get('view')!,
      action: 'sign',
      consent: 'yes',
      signature: `${fill.applicant.first_name} ${fill.applicant.last_name}`,
    }).toString(),
    redirect: 'manual',
  });
  // The card session follows the signature's webhook: up to 12 s on a busy machine.
  let processed: Json = {};
  for (let i = 0; i < 60; i++) {
    processed = (await call(base, 'GET', `/apply-v2/checkout/${checkoutId}/process`, undefined, headers)).data as Json;
    if (processed.config?.session_id) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const card = (
    await call(base, 'POST', '/sandbox/vault/tokenize', {
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
    base,
    'POST',
    '/api/v1/cards/processCard',
    { token: card.token, application_id: uuid, amount: processed.amount, convenienceFee: 0, isDownPayment: true },
    { ...headers, 'idempotency-key': `demo-pay-${checkoutId}` },
  );
  return { uuid, checkoutId, email: fill.applicant.email as string };
}

/** Once per data directory: true when this run created the records (a new data directory). */
export async function seedDemoLeases(
  deps: Deps,
  base: string,
  retailerApiToken: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  if (env.DEMO_LEASES === '0' || deps.config.stage === 'prod') return false;
  if (await getItem(deps.db, MARKER, deps.clock())) return false;
  await storeApplication(base, 'demo-electronics', 'main-street', 'option-a');
  await storeApplication(base, 'demo-electronics', 'express', 'a-and-b');
  await storeApplication(base, 'demo-electronics', 'main-street', 'denied-with-score');
  if (retailerApiToken) await paidCheckout(base, retailerApiToken);
  await putItem(deps.db, { ...MARKER, entity: 'seedMarker', v: 1, at: deps.clock().toISOString() });
  return true;
}
