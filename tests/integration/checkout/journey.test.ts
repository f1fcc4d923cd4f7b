import { describe, expect, it } from 'vitest';
import { computeLease } from '../../../machines/domain/pricing.ts';
import { api } from '../../support/api.ts';
import { COMPLETED_CHECKOUT_WEBHOOKS } from '../../support/journey-driver.ts';
import {
  apply,
  esign,
  lease,
  load,
  openCheckout,
  process,
  processCard,
  receivedWebhooks,
  retailer,
  scheduleDelivery,
  signAtVendor,
  tokenize,
  uniqueKey,
  waitForStatus,
} from './support.ts';

// The whole server journey of a retailer checkout: create -> exchange -> apply (PIN from the sandbox mailbox) ->
// approved -> delivery -> lease -> e-sign at the sandbox vendor -> pay with a sandbox test card -> completed, with a
// verified webhook at the demo retailer's receiver for every status on the way.

describe('a checkout from cart to completed lease', () => {
  it('goes through every status and tells the retailer each one with a verified webhook', async () => {
    const s = await openCheckout();
    expect((await load(s)).body.data).toMatchObject({ id: s.checkoutId, current_step: 1, delivery_required: true });

    const result = await apply(s);
    expect(result.code).toBe('A');
    await waitForStatus(s, 3);

    // main-street requires delivery options before the lease
    const early = await lease(s);
    expect(early.status).toBe(409);
    expect(early.body.data.code).toBe('E_DELIVERY_REQUIRED');

    // issue 24.1: before delivery is chosen the view has no delivery charge (the result screen prices nothing yet)
    expect((await load(s)).body.data.cash_price).toEqual({ merchandise: '697.99', delivery: null, total: '697.99' });

    const scheduled = await scheduleDelivery(s);
    expect(scheduled.body.data).toMatchObject({ scheduled: true, delivery_price: '49.99' });
    // after it, the view's cash price (what the result screen's calculator prices) is the lease's, delivery included
    expect((await load(s)).body.data.cash_price).toEqual({ merchandise: '697.99', delivery: '49.99', total: '747.98' });

    const l = await lease(s);
    expect(l.status, JSON.stringify(l.body)).toBe(200);
    const data = l.body.data;
    expect(data).toMatchObject({ status: 5, option: 'a', application_id: s.uuid });
    // the lease equals the pricing engine's output for the same input, to the cent
    const settings = (await api('GET', '/sandbox/scoring-settings')).body.data.settings;
    const engine = computeLease(data.inputs, settings);
    expect(engine.ok).toBe(true);
    expect(data.lease_cents).toEqual((engine as { lease: unknown }).lease);
    expect(data.lease.cashPrice).toBe('747.98'); // 499.99 + 49.00 mount + 149.00 + 49.99 delivery
    expect(data.fees).toEqual([
      { key: 'documentProcessingFee', label: 'Document Processing Fee', amount: data.lease.documentProcessingFee },
    ]);
    expect(data.epo.days).toBe(90);
    expect(data.lease.items.map((i: any) => [i.quantity, i.sku, i.unitPrice, i.total])).toEqual([
      [1, 'TV-55-4K', '499.99', '548.99'],
      [1, 'SB-200', '149.00', '149.00'],
    ]);

    const e = await esign(s);
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    expect(e.body.data.step).toBe(13);
    expect((await load(s)).body.data.current_step).toBe(13);

    const signed = await signAtVendor(s, e.body.data.url);
    expect(signed.location).toContain('event=signing_complete');
    expect(signed.location).toContain('#/process?checkout_id=');
    expect((await load(s)).body.data.current_step).toBe(6);

    const p = await process(s);
    expect(p.body.data).toMatchObject({ payment_required: true, step: 6, may_continue: true });
    expect(p.body.data.amount).toBe(data.lease.remainingPaymentNeeded);
    const card = await tokenize(p.body.data.config.session_id, '4242424242424242');
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const verified = await api('POST', '/api/v1/cards/card-vault/verify', {
      body: { token: card.body.data.token },
      headers: s.headers,
    });
    expect(verified.body.data.card).toMatchObject({ funding: 'credit', last4: '4242' });

    const key = uniqueKey('pay');
    const paid = await processCard(s, card.body.data.token, p.body.data.amount, key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 9, step: 9, payment: { status: 'succeeded' } });
    expect(paid.body.data.redirect).toContain('https://retailer.example/checkout/done?checkout_id=');
    expect(paid.body.data.payment.id).toMatch(/^pi_/);

    // the same Idempotency-Key and body: the same answer, no second charge
    const again = await processCard(s, card.body.data.token, p.body.data.amount, key);
    expect(again.status).toBe(200);
    expect(again.body.data.payment.id).toBe(paid.body.data.payment.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const view = await waitForStatus(s, 9);
    expect(view.payment.attempts).toHaveLength(1);
    expect(view.payment.paid).toBe(data.lease.actualDownPayment);
    expect(view.application).toMatchObject({ status: 'approved', result_code: 'A' });
    expect(JSON.stringify(view)).not.toContain(s.fill.applicant.last_name);
    expect(view.audit.map((a: any) => a.to)).toEqual([null, 1, 2, 3, 3, 5, 13, 6, 7, 8, 9]);

    const after = await process(s);
    expect(after.body.data).toMatchObject({ payment_required: false, result: { status: true, step: 9 } });

    // every status on the way reached the retailer, signed and verified
    const hooks = await receivedWebhooks(s.checkoutId, [...COMPLETED_CHECKOUT_WEBHOOKS]);
    expect(hooks.every((h) => h.verified)).toBe(true);
    const completed = hooks.find((h) => h.type === 'checkout.completed');
    expect(completed).toMatchObject({ status: 9, status_name: 'completed' });

    // the retailer's delivery log shows each attempt
    // (the lease's own status webhooks follow the checkout's; wait until every delivery made its first attempt)
    let mine: any[] = [];
    for (let i = 0; i < 60; i++) {
      const log = await retailer('GET', '/retailer/v1/webhooks/deliveries?limit=100');
      mine = (log.body.data.deliveries as any[]).filter((d) => d.checkout_id === s.checkoutId);
      if (mine.length >= 12 && mine.every((d) => d.attempts.length > 0)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(mine.length).toBeGreaterThanOrEqual(12);
    expect(mine.every((d) => d.status === 'delivered' && d.attempts[0].status_code === 200)).toBe(true);
    expect(JSON.stringify(mine.map((d) => d.body))).not.toContain(s.fill.applicant.email);

    // confirm delivery after completion; a second confirmation with the same key changes nothing
    const dkey = uniqueKey('delivered');
    const delivered = await retailer('POST', `/retailer/v1/checkouts/${s.checkoutId}/delivery`, {
      body: {},
      key: dkey,
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body.data.delivery.delivered_at).toBeTruthy();
    const replay = await retailer('POST', `/retailer/v1/checkouts/${s.checkoutId}/delivery`, { body: {}, key: dkey });
    expect(replay.body).toEqual(delivered.body);
    const confirmedTwice = await retailer('POST', `/retailer/v1/checkouts/${s.checkoutId}/delivery`, {
      body: {},
      key: uniqueKey('delivered'),
    });
    expect(confirmedTwice.status).toBe(409);
    await receivedWebhooks(s.checkoutId, ['checkout.delivered']);
  }, 120_000);
});
