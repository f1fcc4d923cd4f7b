import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookDataProblems, webhookEventTypes } from '../../../machines/contracts/webhook-events.ts';
import { api } from '../../support/api.ts';
import { asAdmin } from '../staff/client.ts';
import {
  apply,
  checkoutBody,
  exchange,
  lease,
  retailer,
  retailerToken,
  scheduleDelivery,
  signAndPay,
  uniqueKey,
  waitForStatus,
  type Shopper,
} from '../checkout/support.ts';
import { jsonOr, readText } from '../../support/http.ts';

// A retailer's server that knows nothing of this project: it receives our webhooks on 127.0.0.1 and verifies each
// with the published `standardwebhooks` library, `new Webhook(secret).verify(body, headers)`, exactly as its README
// says. Real journeys and the sandbox's "fire an event" deliver every type of the catalogue to it.

interface Received {
  headers: Record<string, string>;
  raw: string;
  body: any;
}

let server: Server;
let hookUrl: string;
const received: Received[] = [];
/** The demo retailer's secret, as the rotate endpoint answered it (the only way a retailer learns it). */
let secret: string;

function plainHeaders(h: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(h).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
}

/** The requests that reached the receiver for an event id (the `webhook-id` header), waiting for `count` of them. */
async function arrivals(eventId: string, count = 1, timeoutMs = 20_000): Promise<Received[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mine = received.filter((r) => r.headers['webhook-id'] === eventId);
    if (mine.length >= count) return mine;
    if (Date.now() > until) throw new Error(`${count} request(s) for ${eventId} expected, ${mine.length} arrived`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What the retailer's server does with one request: the library's verdict, or its error message. */
function verdict(r: Received, withSecret = secret): string {
  try {
    new Webhook(withSecret).verify(r.raw, r.headers);
    return 'verified';
  } catch (error) {
    return error instanceof WebhookVerificationError ? error.message : `threw ${String(error)}`;
  }
}

async function rotate(body: unknown = {}) {
  const res = await retailer('POST', '/retailer/v1/webhooks/secret/rotate', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { secret: string; previous_expires_at: string | null; rotated_at: string };
}

const fire = (checkoutId: string, type: string, token?: string) =>
  retailer('POST', `/retailer/v1/sandbox/checkouts/${checkoutId}/events`, {
    body: { type },
    token,
    key: uniqueKey('fire'),
  });

/** A checkout of the demo retailer (test token) whose webhooks go to our receiver. */
async function createCheckout(token?: string) {
  const res = await retailer('POST', '/retailer/v1/checkouts', {
    body: checkoutBody({ callback_url: hookUrl }),
    key: uniqueKey('create'),
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { checkout_id: string; url: string };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readText(req).then((raw) => {
      // a body that is not JSON is kept as raw only
      received.push({ headers: plainHeaders(req.headers), raw, body: jsonOr(raw, null) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/lease`;
  // the retailer asks for a secret (the previous one, unknown to this test, stays valid for the default window)
  const first = await rotate();
  expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  expect(Date.parse(first.previous_expires_at!) - Date.parse(first.rotated_at)).toBe(24 * 3600 * 1000);
  secret = first.secret;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('Standard Webhooks, as a retailer verifies them with the standardwebhooks library', () => {
  it('every webhook of a real journey verifies, carries a catalogued type, version and data, and is not live', async () => {
    const created = await createCheckout();
    const clientId = `it-${Math.random().toString(36).slice(2, 12)}`;
    const opened = await exchange(created.url, clientId);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const s: Shopper = {
      checkoutId: created.checkout_id,
      headers: { 'x-apply-token': opened.body.data.token, 'x-client-id': clientId },
      storeId: opened.body.data.store.id,
    };
    expect((await apply(s)).code).toBe('A');
    await scheduleDelivery(s);
    expect((await lease(s)).status).toBe(200);
    await signAndPay(s);
    const delivered = await retailer('POST', `/retailer/v1/checkouts/${s.checkoutId}/delivery`, {
      body: {},
      key: uniqueKey('delivered'),
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);

    const expected = [
      'checkout.created',
      'checkout.started',
      'application.created',
      'application.approved',
      'checkout.lease_created',
      'checkout.esign_completed',
      'checkout.completed',
      'checkout.delivered',
    ];
    const until = Date.now() + 45_000;
    let mine: Received[] = [];
    while (Date.now() < until) {
      mine = received.filter((r) => r.body?.data?.checkout_id === s.checkoutId);
      if (expected.every((t) => mine.some((r) => r.body.type === t))) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(mine.map((r) => r.body.type)).toEqual(expect.arrayContaining(expected));
    for (const r of mine) {
      expect(verdict(r), r.body.type).toBe('verified');
      expect(r.headers['webhook-id']).toBe(r.body.id);
      expect(r.headers['x-event-type']).toBe(r.body.type);
      expect(r.headers['x-signature']).toBeUndefined();
      expect(r.body).toMatchObject({ version: '1', livemode: false });
      expect(r.body.simulated).toBeUndefined();
      expect(webhookDataProblems(r.body.type, r.body.data), r.body.type).toEqual([]);
    }
    const completed = mine.find((r) => r.body.type === 'checkout.completed')!;
    expect(completed.body.data).toMatchObject({
      status: 9,
      status_name: 'completed',
      application: { status: 'approved', result_code: 'A' },
    });
    expect(JSON.stringify(mine.map((r) => r.body))).not.toContain(s.fill.applicant.email);

    // a tampered body, and the same genuine request replayed 6 minutes later, are refused by the library
    const tampered = completed.raw.replace('"status":9', '"status":12');
    expect(tampered).not.toBe(completed.raw);
    expect(verdict({ ...completed, raw: tampered })).toBe('No matching signature found');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6 * 60 * 1000);
      expect(verdict(completed)).toBe('Message timestamp too old');
    } finally {
      vi.useRealTimers();
    }

    // every catalogue type, fired from the sandbox for this checkout, arrives signed, simulated and valid
    for (const type of webhookEventTypes()) {
      const res = await fire(s.checkoutId, type);
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.data).toMatchObject({
        type,
        checkout_id: s.checkoutId,
        status: 'delivered',
        body: { type, simulated: true, livemode: false },
      });
      expect(res.body.data.attempts[0]).toMatchObject({ status_code: 200, trigger: 'event' });
      const [arrived] = await arrivals(res.body.data.event_id);
      expect(verdict(arrived!), type).toBe('verified');
      expect(arrived!.body).toEqual(res.body.data.body);
      expect(webhookDataProblems(type, arrived!.body.data), type).toEqual([]);
    }
    const funded = received.find((r) => r.body?.type === 'lease.funded' && r.body.data.checkout_id === s.checkoutId)!;
    expect(funded.body.data).toMatchObject({
      checkout_id: s.checkoutId,
      lease: { id: s.uuid, status: 'L' },
      application: { id: s.uuid, result_code: 'A' },
    });

    // the checkout itself did not move
    const after = await retailer('GET', `/retailer/v1/checkouts/${s.checkoutId}`);
    expect(after.body.data.status).toBe(9);
    expect(after.body.data.audit.map((a: any) => a.event)).not.toContain('sandbox.fire');
  }, 150_000);

  it('the retailer fires a test lease.funded event and receives it signed; replaying it keeps the webhook-id', async () => {
    // a checkout with an application: the shopper applied and was approved
    const created = await createCheckout();
    const clientId = `it-${Math.random().toString(36).slice(2, 12)}`;
    const opened = await exchange(created.url, clientId);
    const s: Shopper = {
      checkoutId: created.checkout_id,
      headers: { 'x-apply-token': opened.body.data.token, 'x-client-id': clientId },
      storeId: opened.body.data.store.id,
    };
    expect((await apply(s)).code).toBe('A');
    await waitForStatus(s, 3); // the application is linked to the checkout

    const fired = await fire(s.checkoutId, 'lease.funded');
    expect(fired.status, JSON.stringify(fired.body)).toBe(201);
    const eventId = fired.body.data.event_id as string;
    const [first] = await arrivals(eventId);
    expect(verdict(first!)).toBe('verified');
    expect(first!.body).toMatchObject({
      id: eventId,
      type: 'lease.funded',
      version: '1',
      livemode: false,
      simulated: true,
      data: { checkout_id: s.checkoutId, lease: { status: 'L' } },
    });

    // it is in the delivery log, and a replay sends the same id and body, freshly signed
    const log = await retailer('GET', '/retailer/v1/webhooks/deliveries?limit=100');
    expect((log.body.data.deliveries as any[]).find((d) => d.event_id === eventId)).toMatchObject({
      type: 'lease.funded',
      status: 'delivered',
    });
    await new Promise((r) => setTimeout(r, 1100)); // a later second: the replay's timestamp differs
    const replayed = await retailer('POST', `/retailer/v1/webhooks/deliveries/${eventId}/replay`, { body: {} });
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200);
    expect(replayed.body.data.attempts.at(-1)).toMatchObject({ trigger: 'replay', status_code: 200 });
    const [, again] = await arrivals(eventId, 2);
    expect(again!.headers['webhook-id']).toBe(eventId);
    expect(again!.raw).toBe(first!.raw);
    expect(Number(again!.headers['webhook-timestamp'])).toBeGreaterThan(Number(first!.headers['webhook-timestamp']));
    expect(verdict(again!)).toBe('verified');
  }, 90_000);

  it('rotation: both secrets verify during the window, only the new one once the previous is ended', async () => {
    const created = await createCheckout();
    const old = secret;
    const next = await rotate({ expire_previous_in_hours: 2 });
    expect(Date.parse(next.previous_expires_at!) - Date.parse(next.rotated_at)).toBe(2 * 3600 * 1000);
    const during = await fire(created.checkout_id, 'checkout.created');
    expect(during.status, JSON.stringify(during.body)).toBe(201);
    const [inWindow] = await arrivals(during.body.data.event_id);
    expect(inWindow!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verdict(inWindow!, old)).toBe('verified');
    expect(verdict(inWindow!, next.secret)).toBe('verified');

    const last = await rotate({ expire_previous_in_hours: 0 });
    expect(last.previous_expires_at).toBeNull();
    const afterwards = await fire(created.checkout_id, 'checkout.started');
    const [ended] = await arrivals(afterwards.body.data.event_id);
    expect(ended!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verdict(ended!, last.secret)).toBe('verified');
    expect(verdict(ended!, next.secret)).toBe('No matching signature found');
    expect(verdict(ended!, old)).toBe('No matching signature found');
    secret = last.secret;

    // the demo retailer's own endpoint follows the rotation too
    const demo = await retailer('POST', '/retailer/v1/checkouts', { body: checkoutBody(), key: uniqueKey('create') });
    expect(demo.status).toBe(201);
    const demoFired = await fire(demo.body.data.checkout_id, 'checkout.completed');
    expect(demoFired.body.data).toMatchObject({ status: 'delivered', attempts: [{ status_code: 200 }] });

    for (const hours of [-1, 169, 'soon']) {
      const bad = await retailer('POST', '/retailer/v1/webhooks/secret/rotate', {
        body: { expire_previous_in_hours: hours },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors?.expire_previous_in_hours?.[0]).toContain('0 to 168');
    }
    const es = await api('POST', '/retailer/v1/webhooks/secret/rotate', {
      body: { expire_previous_in_hours: 500 },
      headers: { authorization: `Bearer ${retailerToken()}`, 'x-lang': 'es' },
    });
    expect(es.status).toBe(422);
    expect(es.body.errors?.expire_previous_in_hours?.[0]).toBe(
      'El expire_previous_in_hours debe ser un número de horas de 0 a 168.',
    );
  }, 60_000);

  it('the sandbox is for test mode: live tokens get 403, live checkouts are not found, bad types and early lease events 422', async () => {
    const admin = await asAdmin();
    const issued = await admin.post('/staff/api/tokens', {
      name: 'Live POS',
      retailer_id: 'ret-demo-electronics',
      mode: 'live',
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const liveToken = issued.body.data.token as string;
    const live = await createCheckout(liveToken);
    const test = await createCheckout();

    const byLive = await fire(live.checkout_id, 'checkout.completed', liveToken);
    expect(byLive.status).toBe(403);
    expect(byLive.body.message).toContain('test API token');
    const liveCheckout = await fire(live.checkout_id, 'checkout.completed');
    expect(liveCheckout.status).toBe(404);

    const unknown = await fire(test.checkout_id, 'checkout.exploded');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.type?.[0]).toContain('webhook event types');
    const early = await fire(test.checkout_id, 'lease.funded');
    expect(early.status).toBe(422);
    expect(early.body.errors?.type?.[0]).toContain('no application yet');
    const missing = await fire('chk_0123456789abcdef01234567', 'checkout.completed');
    expect(missing.status).toBe(404);

    // nothing was sent for the refused ones
    await new Promise((r) => setTimeout(r, 300));
    expect(received.filter((r) => r.body?.data?.checkout_id === live.checkout_id && r.body?.simulated)).toEqual([]);
  }, 60_000);
});
