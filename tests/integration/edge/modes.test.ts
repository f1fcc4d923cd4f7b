import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, checkoutBody, startEdgeServer, TOKENS, type EdgeServer } from './support.ts';

// Test mode and live mode: a test token makes sandbox-marked checkouts (livemode false) and sees only those; a live
// token sees only live ones. The other mode's checkout is as unknown as a missing one (404).

let edge: EdgeServer;
let testCheckout: string;
let liveCheckout: string;
beforeAll(async () => {
  edge = await startEdgeServer();
}, 60_000);
afterAll(async () => edge?.stop());

const create = (token: string, key: string) =>
  call(edge.base, 'POST', '/retailer/v1/checkouts', {
    token,
    body: checkoutBody(),
    headers: { 'idempotency-key': key },
  });

describe('test and live checkouts', () => {
  it("marks a test token's checkout as a sandbox record and a live token's as live", async () => {
    const test = await create(TOKENS.testC, 'mode-create-1');
    expect(test.status).toBe(201);
    expect(test.body.data.livemode).toBe(false);
    // The frame link goes through the store's embed page (framed by the retailer's registered origins).
    expect(test.body.data.iframe_url).toMatch(/\/embed\/demo-electronics\/main-street\/#\/checkpoint\/[^/]+\/1$/);
    testCheckout = test.body.data.checkout_id;
    const live = await create(TOKENS.live, 'mode-create-1');
    expect(live.status).toBe(201);
    expect(live.body.data.livemode).toBe(true);
    // The same Idempotency-Key in the other mode is another request, not a replay of the test one.
    liveCheckout = live.body.data.checkout_id;
    expect(liveCheckout).not.toBe(testCheckout);

    const view = await call(edge.base, 'GET', `/retailer/v1/checkouts/${testCheckout}`, { token: TOKENS.testC });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ checkout_id: testCheckout, livemode: false });
  });

  it("hides each mode's checkouts from the other mode's tokens", async () => {
    const liveReadsTest = await call(edge.base, 'GET', `/retailer/v1/checkouts/${testCheckout}`, {
      token: TOKENS.live,
    });
    expect(liveReadsTest.status).toBe(404);
    expect(liveReadsTest.body).toMatchObject({ status: false, code: 404 });
    const testReadsLive = await call(edge.base, 'GET', `/retailer/v1/checkouts/${liveCheckout}`, {
      token: TOKENS.testC,
    });
    expect(testReadsLive.status).toBe(404);
    const testCancelsLive = await call(edge.base, 'POST', `/retailer/v1/checkouts/${liveCheckout}/cancel`, {
      token: TOKENS.testC,
      body: {},
      headers: { 'idempotency-key': 'mode-cancel-1' },
    });
    expect(testCancelsLive.status).toBe(404);
    // Nothing happened to the live checkout.
    const live = await call(edge.base, 'GET', `/retailer/v1/checkouts/${liveCheckout}`, { token: TOKENS.live });
    expect(live.status).toBe(200);
    expect(live.body.data).toMatchObject({ livemode: true, cancelled_at: null });
  });

  it('puts livemode in the status event the webhooks are made from', async () => {
    const { getCheckout } = await import('../../../functions/data/checkouts.ts');
    const item = await getCheckout(edge.deps.db, testCheckout, edge.deps.clock());
    expect(item?.livemode).toBe(false);
    const outbox = (item as unknown as { outbox?: { type: string; data: Record<string, unknown> }[] }).outbox ?? [];
    const created = outbox.find((e) => e.type === 'checkout.created');
    expect(created?.data.livemode).toBe(false);
  });
});
