import { describe, expect, it } from 'vitest';
import { asAdmin } from '../staff/client.ts';
import { api, baseUrl } from '../../support/api.ts';
import { checkoutBody, createCheckout, exchange, retailer, retailerToken, uniqueKey } from './support.ts';

describe('the retailer API', () => {
  it('refuses a call without a valid bearer token (401)', async () => {
    const none = await retailer('POST', '/retailer/v1/checkouts', { body: checkoutBody(), token: null });
    expect(none.status).toBe(401);
    expect(none.body.message).toContain('API token');
    const wrong = await retailer('GET', '/retailer/v1/checkouts/chk_0123456789abcdef01234567', {
      token: 'rt_not_a_real_token',
    });
    expect(wrong.status).toBe(401);
  });

  it('creates a checkout and answers its id, the shopper URL (redirect and iframe) and its status', async () => {
    const created = await createCheckout();
    expect(created.checkout_id).toMatch(/^chk_[0-9a-f]{24}$/);
    expect(created.url).toMatch(/\/#\/checkpoint\/[A-Za-z0-9_-]{43}\/0$/);
    expect(created.iframe_url).toMatch(/\/#\/checkpoint\/[A-Za-z0-9_-]{43}\/1$/);
    expect(created.status).toBeNull();
    const read = await retailer('GET', `/retailer/v1/checkouts/${created.checkout_id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      checkout_id: created.checkout_id,
      status: null,
      status_name: 'notStarted',
      application: null,
      lease: null,
    });
    expect(read.body.data.cart.items[0]).toMatchObject({ sku: 'TV-55-4K', unit_price: '499.99' });
    expect(read.body.data.audit).toEqual([
      expect.objectContaining({ event: 'checkout.created', to: null, actor: 'retailer' }),
    ]);
  });

  it('answers 422 with field errors for a bad cart, bad URLs or an unknown store', async () => {
    const bad = await retailer('POST', '/retailer/v1/checkouts', {
      body: checkoutBody({
        cart: { items: [{ sku: '', quantity: 0, description: 'x', unit_price: '-1' }] },
        return_url: 'ftp://x',
        callback_url: 'http://example.com/hook',
      }),
      key: uniqueKey(),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)).toEqual(
      expect.arrayContaining([
        'cart.items.0.sku',
        'cart.items.0.quantity',
        'cart.items.0.unit_price',
        'return_url',
        'callback_url',
      ]),
    );
    expect(bad.body.errors!.callback_url![0]).toContain('https://');
    const empty = await retailer('POST', '/retailer/v1/checkouts', { body: checkoutBody({ cart: { items: [] } }) });
    expect(empty.status).toBe(422);
    expect(empty.body.errors!['cart.items']).toEqual(['No items specified']);
    const store = await retailer('POST', '/retailer/v1/checkouts', { body: checkoutBody({ store: 'hvac-central' }) });
    expect(store.status).toBe(422);
    expect(store.body.errors!.store![0]).toContain('one of your active stores');
    const closed = await retailer('POST', '/retailer/v1/checkouts', { body: checkoutBody({ store: 'closed' }) });
    expect(closed.status).toBe(422);
  });

  it('replays the same answer for the same Idempotency-Key and body, and refuses the key with another body', async () => {
    const key = uniqueKey('idem');
    const first = await retailer('POST', '/retailer/v1/checkouts', { body: checkoutBody(), key });
    const second = await retailer('POST', '/retailer/v1/checkouts', { body: checkoutBody(), key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.checkout_id).toBe(first.body.data.checkout_id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const other = await retailer('POST', '/retailer/v1/checkouts', {
      body: checkoutBody({ return_url: 'https://retailer.example/other' }),
      key,
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toContain('Idempotency-Key');
  });

  it("does not show, cancel or confirm another retailer's checkout (404)", async () => {
    const created = await createCheckout();
    // the other demo retailer's token, issued by staff as in the portal
    const admin = await asAdmin();
    const issued = await admin.post('/staff/api/tokens', { name: 'Comfort POS', retailer_id: 'ret-demo-comfort' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const token = issued.body.data.token as string;
    const read = await retailer('GET', `/retailer/v1/checkouts/${created.checkout_id}`, { token });
    expect(read.status).toBe(404);
    expect(read.body.message).toBe('Checkout not found');
    const cancel = await retailer('POST', `/retailer/v1/checkouts/${created.checkout_id}/cancel`, {
      token,
      body: {},
      key: uniqueKey(),
    });
    expect(cancel.status).toBe(404);
    const deliver = await retailer('POST', `/retailer/v1/checkouts/${created.checkout_id}/delivery`, {
      token,
      body: {},
    });
    expect(deliver.status).toBe(404);
    // it is untouched
    expect((await retailer('GET', `/retailer/v1/checkouts/${created.checkout_id}`)).body.data.status).toBeNull();
  });

  it('lets the shopper link be opened in one browser only; another browser gets 403', async () => {
    const created = await createCheckout();
    const first = await exchange(created.url, 'browser-one-123');
    expect(first.status).toBe(200);
    expect(first.body.data.checkout).toMatchObject({ id: created.checkout_id, current_step: 1 });
    expect(first.body.data.intellicheck_required).toBe(false);
    const reload = await exchange(created.url, 'browser-one-123');
    expect(reload.status).toBe(200);
    const elsewhere = await exchange(created.url, 'browser-two-456');
    expect(elsewhere.status).toBe(403);
    const forged = await api('GET', '/apply-v2/checkpoint/exchange?token=not-a-token', {
      headers: { 'x-client-id': 'browser-one-123' },
    });
    expect(forged.status).toBe(403);
  });

  it('the demo retailer page creates checkouts server side (its token never reaches the browser)', async () => {
    const res = await api('POST', '/demo/retailer/checkouts', { body: { store: 'main-street', lang: 'en' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.checkout_id).toMatch(/^chk_/);
    expect(res.body.data.iframe_url).toContain('/#/checkpoint/');
    const read = await retailer('GET', `/retailer/v1/checkouts/${res.body.data.checkout_id}`);
    expect(read.body.data.cart.items.map((i: any) => i.sku)).toEqual(['TV-55-4K', 'SB-200']);
    const page = await fetch(`${baseUrl()}/demo/retailer`).then((r) => r.text());
    expect(page).toContain('Checkout in a frame');
    expect(page).not.toContain(retailerToken());
  });

  it('the demo retailer page works at 127.0.0.1 as well as at localhost: its checkout links follow the address used', async () => {
    const local = baseUrl();
    const numeric = local.replace('//localhost:', '//127.0.0.1:');
    for (const origin of [numeric, local]) {
      const page = await fetch(`${origin}/demo/retailer`).then((r) => r.text());
      expect(page).toContain(`<script src="${origin}/retailer/v1/lease.js">`);
      const res = await fetch(`${origin}/demo/retailer/checkouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ store: 'main-street', lang: 'en' }),
      });
      const body = (await res.json()) as { data: { url: string; iframe_url: string } };
      expect(res.status, JSON.stringify(body)).toBe(201);
      // lease.js, loaded from `origin`, accepts only checkout URLs on that same origin
      expect(new URL(body.data.url).origin).toBe(origin);
      expect(new URL(body.data.iframe_url).origin).toBe(origin);
    }
  });
});
