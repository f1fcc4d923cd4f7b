import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { apply, lease, openCheckout, waitForStatus } from './support.ts';

const items = (...skus: string[]) => ({
  items: skus.map((sku) => ({ sku, description: `Item ${sku}`, quantity: 1, unit_price: '300.00' })),
});

describe('delivery options through the retail partner', () => {
  it('answers stock per sku', async () => {
    const s = await openCheckout();
    const res = await api('GET', '/api/v1/retail-partner/productavailability?skus=TV-1,TV-2-OOS', {
      headers: s.headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.availability).toEqual([
      { sku: 'TV-1', inStock: true, shippable: true, deliverable: true },
      { sku: 'TV-2-OOS', inStock: false, shippable: true, deliverable: true },
    ]);
  });

  it('removes items out of stock from the contract with an apology notice, and the lease prices what is left', async () => {
    const s = await openCheckout({ cart: items('SOFA-1', 'LAMP-OOS') });
    await apply(s);
    await waitForStatus(s, 3);
    const res = await api('GET', `/api/v1/retail-partner/services?code=${s.fill.location.code}`, {
      headers: s.headers,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.removed).toEqual(['LAMP-OOS']);
    expect(res.body.data.notices).toEqual([
      expect.objectContaining({
        key: 'delivery.notice.outOfStock',
        sku: 'LAMP-OOS',
        message: expect.stringContaining("We're sorry, Item LAMP-OOS (SKU LAMP-OOS) is out of stock"),
      }),
    ]);
    expect(res.body.data.items.map((i: any) => i.sku)).toEqual(['SOFA-1']);

    const pickup = res.body.data.services['SOFA-1'].find((o: any) => o.type === 'store_pickup');
    const line = {
      sku: 'SOFA-1',
      type: 'store_pickup',
      value: pickup.value,
      installations: false,
      date: null,
      window: null,
      required: [],
      pickup_store: null,
      ship_to_store: null,
      shipment: null,
    };
    const noStore = await api('POST', '/api/v1/retail-partner/schedule', {
      body: { checkout_id: s.checkoutId, schedules: [line] },
      headers: s.headers,
    });
    expect(noStore.status).toBe(422);
    expect(noStore.body.errors!.schedules).toEqual(['Please select at lease one store']);
    const haul = await api('POST', '/api/v1/retail-partner/schedule', {
      body: { checkout_id: s.checkoutId, schedules: [{ ...line, type: 'haul_away', value: 'HAUL-STD' }] },
      headers: s.headers,
    });
    expect(haul.status).toBe(422);
    expect(haul.body.errors!.schedules).toContain(
      'Only available once you have selected at least one other delivery type',
    );
    const delivery = res.body.data.services['SOFA-1'].find((o: any) => o.type === 'delivery');
    const noAddress = await api('POST', '/api/v1/retail-partner/schedule', {
      body: {
        checkout_id: s.checkoutId,
        schedules: [{ ...line, type: 'delivery', value: delivery.value, date: null, window: null }],
      },
      headers: s.headers,
    });
    expect(noAddress.body.errors!.schedules).toEqual([
      'Please select at least one delivery type/date and time of delivery',
      'Full address is required for shipping!',
    ]);

    const ok = await api('POST', '/api/v1/retail-partner/schedule', {
      body: { checkout_id: s.checkoutId, schedules: [{ ...line, pickup_store: pickup.stores[0].value }] },
      headers: s.headers,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ scheduled: true, delivery_price: '0.00', removed: ['LAMP-OOS'] });
    const l = await lease(s);
    expect(l.status, JSON.stringify(l.body)).toBe(200);
    expect(l.body.data.lease.items.map((i: any) => i.sku)).toEqual(['SOFA-1']);
    expect(l.body.data.lease.cashPrice).toBe('300.00');
  });

  it('E_MISSING_OPTIONS (406) when an item has no fulfilment option; an unknown ZIP code is a field error', async () => {
    const s = await openCheckout({ cart: items('DESK-1', 'CHAIR-NOOPT') });
    await apply(s);
    const res = await api('GET', `/api/v1/retail-partner/services?code=${s.fill.location.code}`, {
      headers: s.headers,
    });
    expect(res.status).toBe(406);
    expect(res.body.message).toBe('One or more items do not have fulfillment options available.');
    expect(res.body.data.code).toBe('E_MISSING_OPTIONS');
    const zip = await api('GET', '/api/v1/retail-partner/services?code=00000', { headers: s.headers });
    expect(zip.status).toBe(422);
    expect(zip.body.errors!.code).toEqual(['Invalid zip code entered!']);
  });
});
