import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, type StaffClient } from '../staff/client.ts';
import { act, detail, pollRow, waitForLease } from '../leases/support.ts';
import {
  CART as ONE_SOUND_BAR_CART,
  journey,
  receivedWebhooks,
  retailer,
  uniqueKey,
  waitForStatus,
} from './support.ts';

// Partial delivery and partial funding (issue 13), as a retailer and the lender's staff would live it: the retailer
// confirms the delivery of some units, then the rest (or cancels the rest); each delivery is a funding tranche that
// staff fund one by one from the lease record; the tranches add up to the financed amount to the cent; the lease is
// funded only when everything delivered is funded and nothing is left to deliver. Checkouts go through the real
// shopper and retailer endpoints.

const cents = (amount: string) => Math.round(Number(amount) * 100);
const dollars = (n: number) => (n / 100).toFixed(2);
// Three sound bars (one line) beside the television with its mount: a line can be delivered in part.
const CART = { items: [ONE_SOUND_BAR_CART.items[0]!, { ...ONE_SOUND_BAR_CART.items[1]!, quantity: 3 }] };

/** What the lines' share of the financed amount is, restated: financed x (delivered lines' value / contract value). */
function expectedShare(lease: any, delivered: Record<string, number>) {
  const lines = lease.items as { sku: string; quantity: number; total: string }[];
  const contract = lines.reduce((n, l) => n + cents(l.total), 0);
  const value = lines.reduce((n, l) => n + (cents(l.total) * (delivered[l.sku] ?? 0)) / l.quantity, 0);
  return Math.round((cents(lease.cash_price) * value) / contract);
}

const deliver = (checkoutId: string, body: Record<string, unknown>, key = uniqueKey('dlv')) =>
  retailer('POST', `/retailer/v1/checkouts/${checkoutId}/delivery`, { body, key });
const cancelItems = (checkoutId: string, body: Record<string, unknown>, key = uniqueKey('cnl')) =>
  retailer('POST', `/retailer/v1/checkouts/${checkoutId}/items/cancel`, { body, key });
const read = async (checkoutId: string) => (await retailer('GET', `/retailer/v1/checkouts/${checkoutId}`)).body.data;

let admin: StaffClient;
let two: { checkoutId: string; uuid: string };
let rest: { checkoutId: string; uuid: string };

beforeAll(async () => {
  admin = await asAdmin();
  const [a, b] = await Promise.all([journey('completed', { cart: CART }), journey('completed', { cart: CART })]);
  two = { checkoutId: a.checkoutId, uuid: a.uuid! };
  rest = { checkoutId: b.checkoutId, uuid: b.uuid! };
  await Promise.all([waitForStatus(a, 9), waitForStatus(b, 9)]);
  await Promise.all([waitForLease(admin, two.uuid, 'Z'), waitForLease(admin, rest.uuid, 'Z')]);
}, 90_000);

describe('partial delivery and funding per tranche', () => {
  it('deliveries (two at once, then the rest): tranches that add up to the financed amount, funded one by one; the lease is funded after the last', async () => {
    const { checkoutId, uuid } = two;
    const before = await read(checkoutId);
    expect(before.fulfilment.lines).toEqual([
      expect.objectContaining({ sku: 'TV-55-4K', quantity: 1, delivered: 0, undelivered: 1 }),
      expect.objectContaining({ sku: 'SB-200', quantity: 3, delivered: 0, undelivered: 3 }),
    ]);

    // more than is undelivered, an unknown sku: 422 naming the line, and nothing recorded
    const tooMany = await deliver(checkoutId, { items: [{ sku: 'SB-200', quantity: 4 }] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe(
      'Nothing was recorded: Only 3 unit(s) of SB-200 are still undelivered; you asked for 4.',
    );
    expect(tooMany.body.errors).toEqual({
      'items.0.quantity': ['Only 3 unit(s) of SB-200 are still undelivered; you asked for 4.'],
    });
    const unknown = await deliver(checkoutId, {
      items: [
        { sku: 'SB-200', quantity: 1 },
        { sku: 'NOPE-1', quantity: 1 },
      ],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'items.1.sku': ['The checkout has no contracted line with sku NOPE-1.'] });
    const zero = await deliver(checkoutId, { items: [{ sku: 'SB-200', quantity: 0 }] });
    expect(zero.status).toBe(422);
    const unchanged = await read(checkoutId);
    expect(unchanged.fulfilment.deliveries).toEqual([]);
    expect(unchanged.audit).toEqual(before.audit);

    // two deliveries at once, one sound bar each: both are recorded, neither unit twice; the same Idempotency-Key
    // answers the same, once
    const key = uniqueKey('dlv');
    const [first, other] = await Promise.all([
      deliver(checkoutId, { items: [{ sku: 'SB-200', quantity: 1 }], delivered_at: '2026-01-05T10:00:00Z' }, key),
      deliver(checkoutId, { items: [{ sku: 'SB-200', quantity: 1 }], delivered_at: '2026-01-05T11:00:00Z' }),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const again = await deliver(
      checkoutId,
      { items: [{ sku: 'SB-200', quantity: 1 }], delivered_at: '2026-01-05T10:00:00Z' },
      key,
    );
    expect(again.body).toEqual(first.body);
    const f1 = (await read(checkoutId)).fulfilment;
    expect(f1.deliveries).toHaveLength(2);
    expect(new Set(f1.deliveries.map((d: any) => d.id)).size).toBe(2);
    expect(f1.lines[1]).toMatchObject({ sku: 'SB-200', delivered: 2, undelivered: 1 });
    expect(f1.undelivered_units).toBe(2);
    const lease = first.body.data.lease;
    const [tranche1, tranche1b] = f1.deliveries.map((d: any) => cents(d.amount)) as [number, number];
    // each is about a third of the sound bars' share, and together exactly two thirds of it
    expect(tranche1 + tranche1b).toBe(expectedShare(lease, { 'SB-200': 2 }));
    expect(Math.abs(tranche1 - tranche1b)).toBeLessThanOrEqual(1);
    expect(first.body.data.status).toBe(9);
    expect(first.body.data.delivery.delivered_at).toBeNull();

    // the lender's record: delivered (partially), two tranches due, in the funding queue with the amount due
    const due1 = dollars(tranche1 + tranche1b);
    const delivered = await waitForLease(admin, uuid, 'Y', 10_000, true);
    expect(delivered.partially_delivered).toBe(true);
    expect(delivered.fulfilment.tranches).toEqual(
      f1.deliveries.map((d: any) => expect.objectContaining({ id: d.id, amount: d.amount, funded: false })),
    );
    expect(delivered.fulfilment.funding_due).toBe(due1);
    const queued = await pollRow(
      admin,
      '/staff/api/lease-queue?queue=funding&limit=100',
      (r) => r.uuid === uuid && r.funding_due === due1,
    );
    expect(queued.partially_delivered).toBe(true);

    // staff fund one tranche, then every tranche due: funding stays in process, the rest is not delivered yet
    const sent = (await act(admin, uuid, 'fund')).body.data;
    expect(sent.status).toBe('G');
    // the action's confirmation says where funding everything due leads: still in process
    expect(sent.actions.find((a: any) => a.id === 'complete-funding')).toMatchObject({ to: 'G' });
    const unknownTranche = await act(admin, uuid, 'complete-funding', { tranche_id: 'dlv_nope' });
    expect(unknownTranche.status).toBe(422);
    expect(unknownTranche.body.errors?.tranche_id).toEqual(['This lease has no funding tranche dlv_nope.']);
    const one = await act(admin, uuid, 'complete-funding', { tranche_id: f1.deliveries[0].id });
    expect(one.status, JSON.stringify(one.body).slice(0, 300)).toBe(200);
    expect(one.body.data.status).toBe('G');
    expect(one.body.data.fulfilment).toMatchObject({
      funded_amount: dollars(tranche1),
      funding_due: dollars(tranche1b),
    });
    const twice = await act(admin, uuid, 'complete-funding', { tranche_id: f1.deliveries[0].id });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`The tranche ${f1.deliveries[0].id} is already funded.`);
    const funded1 = await act(admin, uuid, 'complete-funding');
    expect(funded1.body.data.status).toBe('G');
    expect(funded1.body.data.fulfilment).toMatchObject({ funded_amount: due1, funding_due: '0.00' });
    expect(funded1.body.data.lease.funded_at).toBeNull();
    const nothing = await act(admin, uuid, 'complete-funding');
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe(
      'Nothing is due for funding: every delivered item is funded; the rest is not delivered yet.',
    );

    // the second delivery (no items: everything still undelivered) completes the delivery; its tranche takes the rest
    const second = await deliver(checkoutId, {});
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const f2 = second.body.data.fulfilment;
    expect(f2.deliveries[2].items).toEqual([
      { sku: 'TV-55-4K', quantity: 1 },
      { sku: 'SB-200', quantity: 1 },
    ]);
    expect(f2.undelivered_units).toBe(0);
    expect(second.body.data.delivery.delivered_at).toBeTruthy();
    const tranche2 = cents(f2.deliveries[2].amount);
    expect(tranche1 + tranche1b + tranche2).toBe(cents(lease.cash_price));
    expect(f2.delivered_amount).toBe(lease.cash_price);
    // nothing is left to deliver
    const over = await deliver(checkoutId, {});
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('Every item of this checkout is already delivered or cancelled.');

    // a new tranche during funding: delivered, awaiting funding again; funding it funds the lease
    const back = await waitForLease(admin, uuid, 'Y', 10_000, true);
    expect(back.partially_delivered).toBe(false);
    expect(back.fulfilment.funding_due).toBe(dollars(tranche2));
    const sentAgain = (await act(admin, uuid, 'fund')).body.data;
    expect(sentAgain.status).toBe('G');
    expect(sentAgain.actions.find((a: any) => a.id === 'complete-funding')).toMatchObject({ to: 'L' });
    const all = await act(admin, uuid, 'complete-funding');
    expect(all.status, JSON.stringify(all.body).slice(0, 300)).toBe(200);
    expect(all.body.data.status).toBe('L');
    expect(all.body.data.lease.funded_amount).toBe(lease.cash_price);
    expect(all.body.data.lease.funded_at).toBeTruthy();
    expect(all.body.data.fulfilment.tranches.every((t: any) => t.funded && t.funded_by)).toBe(true);
    const path = (await detail(admin, uuid)).timeline
      .filter((e: any) => e.kind === 'status')
      .map((e: any) => e.to)
      .reverse();
    expect(path.slice(-5)).toEqual(['Y', 'G', 'Y', 'G', 'L']);

    // the retailer heard of each delivery and of the funding, signed
    const types = [
      'checkout.partially_delivered',
      'checkout.delivered',
      'lease.delivered',
      'lease.tranche_funded',
      'lease.funded',
    ];
    let hooks = await receivedWebhooks(checkoutId, types);
    for (let i = 0; i < 40 && hooks.filter((h) => h.type === 'checkout.partially_delivered').length < 2; i++) {
      await new Promise((r) => setTimeout(r, 250));
      hooks = await receivedWebhooks(checkoutId, types);
    }
    // one per partial delivery, one for the delivery that completed the order
    expect(hooks.filter((h) => h.type === 'checkout.partially_delivered' && !h.duplicate)).toHaveLength(2);
    expect(hooks.filter((h) => h.type === 'checkout.delivered' && !h.duplicate)).toHaveLength(1);
  }, 60_000);

  it('the retailer cancels what it will not deliver: the lease is adjusted, funding follows the delivered share, and the lease is funded', async () => {
    const { checkoutId, uuid } = rest;
    // nothing delivered yet: cancelling everything would leave no lease
    const everything = await cancelItems(checkoutId, {});
    expect(everything.status).toBe(409);
    expect(everything.body.message).toBe(
      'Nothing has been delivered: cancelling every item would leave no lease. Cancel the lease with the lender instead.',
    );
    expect((await read(checkoutId)).fulfilment.cancellations).toEqual([]);

    const delivered = await deliver(checkoutId, {
      items: [
        { sku: 'TV-55-4K', quantity: 1 },
        { sku: 'SB-200', quantity: 1 },
      ],
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const lease = delivered.body.data.lease;
    const tranche = cents(delivered.body.data.fulfilment.deliveries[0].amount);
    expect(tranche).toBe(expectedShare(lease, { 'TV-55-4K': 1, 'SB-200': 1 }));
    await waitForLease(admin, uuid, 'Y', 10_000, true);
    expect((await act(admin, uuid, 'fund')).body.data.status).toBe('G');
    expect((await act(admin, uuid, 'complete-funding')).body.data.status).toBe('G');

    // more than is undelivered is refused; the rest (two sound bars) is cancelled
    const tooMany = await cancelItems(checkoutId, { items: [{ sku: 'SB-200', quantity: 3 }] });
    expect(tooMany.status).toBe(422);
    const cancelled = await cancelItems(checkoutId, {
      items: [{ sku: 'SB-200', quantity: 2 }],
      reason: 'Discontinued',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const f = cancelled.body.data.fulfilment;
    expect(f.lines[1]).toMatchObject({ sku: 'SB-200', delivered: 1, cancelled: 2, undelivered: 0 });
    expect(cents(f.cancellations[0].amount)).toBe(cents(lease.cash_price) - tranche);
    // the shopper pays for what was delivered: lower payments, same number of them
    const adj = f.lease_adjustment;
    expect(cents(adj.cancelled_cash_price)).toBe(cents(lease.cash_price) - tranche);
    expect(cents(adj.payment_after)).toBeLessThan(cents(adj.payment_before));
    expect(cents(adj.total_of_payments_after)).toBe(cents(adj.payment_after) * lease.number_of_payments);
    expect(cents(adj.leased_after)).toBe(cents(adj.leased_before) - cents(adj.cancelled_cash_price));

    // everything delivered is funded and nothing remains: funded
    const funded = await waitForLease(admin, uuid, 'L');
    expect(funded.fulfilment).toMatchObject({
      funded_amount: dollars(tranche),
      funding_due: '0.00',
      undelivered_units: 0,
    });
    expect(funded.fulfilment.adjustment.payment_after).toBe(adj.payment_after);
    expect(funded.lease.funded_at).toBeTruthy();
    await receivedWebhooks(checkoutId, ['checkout.partially_delivered', 'checkout.items_cancelled', 'lease.funded']);
  }, 60_000);
});
