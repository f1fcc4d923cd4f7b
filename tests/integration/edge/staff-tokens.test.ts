import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { asAdmin } from '../staff/client.ts';

// Staff choose a token's mode (test by default; rt_test_ / rt_live_), the list shows it, and the token's checkouts
// carry it. Retailers register the origins allowed to frame the shopper portal.

const body = (store = 'main-street') => ({
  store,
  cart: { items: [{ sku: 'TV-1', description: 'Television', quantity: 1, unit_price: '499.00' }] },
  return_url: 'https://retailer.example/done',
  return_url_failure: 'https://retailer.example/failed',
  callback_url: 'https://retailer.example/hooks',
});

describe('API token modes (staff portal)', () => {
  it('offers the mode on the form, makes test tokens by default and live ones on request', async () => {
    const admin = await asAdmin();
    const form = await admin.get('/staff/api/tokens?_form=true');
    expect(JSON.stringify(form.body.data)).toContain('"name":"mode"');

    const test = await admin.post('/staff/api/tokens', {
      name: 'Sandbox register',
      retailer_id: 'ret-demo-electronics',
    });
    expect(test.status).toBe(200);
    expect(test.body.data.token).toMatch(/^rt_test_/);
    expect(test.body.data.mode).toBe('test');
    const live = await admin.post('/staff/api/tokens', {
      name: 'Live register',
      retailer_id: 'ret-demo-electronics',
      mode: 'live',
    });
    expect(live.body.data.token).toMatch(/^rt_live_/);
    const list = await admin.get('/staff/api/tokens?limit=100');
    const rows = JSON.stringify(list.body.data);
    expect(rows).toContain(`"id":"${live.body.data.id}"`);
    // The demo retailer's token, made by the seed, is listed as staff would have made it.
    expect(rows).toContain('"id":"tok-demo-retailer"');
    const liveRow =
      (list.body.data as Record<string, unknown>[]).find((r) => r.id === live.body.data.id) ??
      (list.body.data as { items?: Record<string, unknown>[] }).items?.find((r) => r.id === live.body.data.id);
    expect(liveRow?.mode).toBe('live');

    const wrong = await admin.post('/staff/api/tokens', {
      name: 'x',
      retailer_id: 'ret-demo-electronics',
      mode: 'staging',
    });
    expect(wrong.status).toBe(422);

    const auth = (token: string) => ({
      authorization: `Bearer ${token}`,
      'idempotency-key': `edge-${Math.random().toString(36).slice(2)}`,
    });
    const liveCheckout = await api('POST', '/retailer/v1/checkouts', {
      body: body(),
      headers: auth(live.body.data.token),
    });
    expect(liveCheckout.status).toBe(201);
    expect(liveCheckout.body.data.livemode).toBe(true);
    const testCheckout = await api('POST', '/retailer/v1/checkouts', {
      body: body(),
      headers: auth(test.body.data.token),
    });
    expect(testCheckout.body.data.livemode).toBe(false);
    const crossed = await api('GET', `/retailer/v1/checkouts/${liveCheckout.body.data.checkout_id}`, {
      headers: auth(test.body.data.token),
    });
    expect(crossed.status).toBe(404);
  });

  it('keeps the demo token used by the tests a test token', async () => {
    const res = await api('POST', '/retailer/v1/checkouts', {
      body: body(),
      headers: {
        authorization: 'Bearer rt_test_token_for_integration_tests',
        'idempotency-key': `edge-demo-${Date.now()}`,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.livemode).toBe(false);
    expect(res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
  });
});

describe('embedding origins (staff portal, Retailers)', () => {
  it('saves bare origins and refuses anything else with a message on the field', async () => {
    const admin = await asAdmin();
    const v = (await admin.get('/staff/api/retailers/ret-demo-comfort')).body.data.v as number;
    const refused = await admin.put('/staff/api/retailers/ret-demo-comfort', {
      embed_origins: 'https://shop.example.com/checkout\njavascript:alert(1)',
      v,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.embed_origins?.[0]).toMatch(/https:\/\/shop\.example\.com/);
    const saved = await admin.put('/staff/api/retailers/ret-demo-comfort', {
      embed_origins: 'https://Comfort.example\nhttp://localhost:5173/\nhttps://comfort.example',
      v,
    });
    expect(saved.status).toBe(200);
    const shown = await admin.get('/staff/api/retailers/ret-demo-comfort');
    expect(shown.body.data.embed_origins).toEqual(['https://comfort.example', 'http://localhost:5173']);
    const form = await admin.get('/staff/api/retailers/ret-demo-comfort?_form=true');
    expect(JSON.stringify(form.body.data)).toContain('embed_origins');
  });
});
