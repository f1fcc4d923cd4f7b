import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decided } from '../decision/support.ts';
import { StaffClient, asAdmin, makeUser } from '../staff/client.ts';
import { freshStore, pickup, posItem, posOrder, retentionEntry, tomorrow } from './support.ts';

// The merchant network (issue 12) through the staff API: POS items and orders, pick-ups and their transactions,
// retention money, the Retailer Map; tenancy (a store user of another store gets 403, unknown ids 404), naughty
// strings in text fields, and bad input (422).
const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));
const sample = blns.filter((_, i) => i % 6 === 0);

let admin: StaffClient;
let hvacUser: StaffClient;
let mainUser: StaffClient;
let comfortRetailer: StaffClient;
const STORE_PERMS = ['pos.view', 'pickups.view', 'pickups.manage', 'retention.view', 'leases.view'];

beforeAll(async () => {
  admin = await asAdmin();
  hvacUser = (await makeUser(admin, { guard: 'store', permissions: STORE_PERMS, stores: ['sto-hvac-central'] })).client;
  mainUser = (await makeUser(admin, { guard: 'store', permissions: STORE_PERMS, stores: ['sto-main-street'] })).client;
  comfortRetailer = (
    await makeUser(admin, {
      guard: 'retailer',
      permissions: ['pos.view', 'pos.manage', 'retailer-map.view'],
      retailers: ['ret-demo-comfort'],
    })
  ).client;
}, 60_000);

describe('POS items and orders', () => {
  it('creates, lists with the low-stock filter, updates with the version and deletes an item', async () => {
    const item = await posItem(admin, 'ret-demo-electronics', {
      quantity_in_stock: 1,
      reorder_level: 3,
      name: 'Low item',
    });
    expect(item).toMatchObject({ low_stock: true, unit_price: 1999, retailer_name: 'Demo Electronics' });
    const low = await admin.get('/staff/api/pos-items?low_stock=true&limit=100');
    expect(low.status).toBe(200);
    expect((low.body.data as { id: string; low_stock: boolean }[]).every((r) => r.low_stock)).toBe(true);
    expect((low.body.data as { id: string }[]).map((r) => r.id)).toEqual(
      expect.arrayContaining([item.id, 'posi-demo-laptop']),
    );
    const updated = await admin.put(`/staff/api/pos-items/${item.id}`, { quantity_in_stock: 50, v: item.v });
    expect(updated.status).toBe(200);
    expect(updated.body.data.low_stock).toBe(false);
    expect((await admin.put(`/staff/api/pos-items/${item.id}`, { quantity_in_stock: 5, v: item.v })).status).toBe(409);
    const notLow = await admin.get('/staff/api/pos-items?low_stock=true&limit=100');
    expect((notLow.body.data as { id: string }[]).some((r) => r.id === item.id)).toBe(false);
    expect((await admin.del(`/staff/api/pos-items/${item.id}`)).status).toBe(200);
    expect((await admin.get(`/staff/api/pos-items/${item.id}`)).status).toBe(404);
  });

  it('refuses a duplicate SKU and bad input with 422', async () => {
    const item = await posItem(admin);
    const dup = await admin.post('/staff/api/pos-items', {
      retailer_id: 'ret-demo-electronics',
      sku: item.sku,
      name: 'Again',
      quantity_in_stock: 1,
      reorder_level: 1,
      unit_price: 1,
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors?.sku).toBeDefined();
    const bad = await admin.post('/staff/api/pos-items', {
      retailer_id: 'ret-demo-electronics',
      sku: 'bad sku!',
      name: '',
      quantity_in_stock: -1,
      reorder_level: 'x',
      unit_price: 1.5,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(
      expect.arrayContaining(['sku', 'name', 'quantity_in_stock', 'reorder_level', 'unit_price']),
    );
  });

  it('prices an order from the items and keeps a retailer to its own', async () => {
    const order = await posOrder(admin);
    expect(order).toMatchObject({ total: 3998, item_count: 2, store_id: 'sto-main-street', status: 'open' });
    const comfortItem = await posItem(admin, 'ret-demo-comfort');
    const mixed = await admin.post('/staff/api/pos-orders', {
      store_id: 'sto-main-street',
      items: [{ item_id: comfortItem.id, quantity: 1 }],
    });
    expect(mixed.status).toBe(422);
    // a retailer user manages its own retailer's items, and no one else's
    expect((await comfortRetailer.get(`/staff/api/pos-items/${comfortItem.id}`)).status).toBe(200);
    expect((await comfortRetailer.get(`/staff/api/pos-orders/${order.id}`)).status).toBe(403);
    expect(
      (
        await comfortRetailer.post('/staff/api/pos-items', {
          retailer_id: 'ret-demo-electronics',
          sku: 'X-1',
          name: 'Elsewhere',
        })
      ).status,
    ).toBe(403);
    const own = await comfortRetailer.post('/staff/api/pos-items', {
      sku: `C-${Date.now()}`,
      name: 'Own item',
      quantity_in_stock: 1,
      reorder_level: 0,
      unit_price: 100,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.retailer_id).toBe('ret-demo-comfort');
    const list = await comfortRetailer.get('/staff/api/pos-items?limit=100');
    expect((list.body.data as { retailer_id: string }[]).every((r) => r.retailer_id === 'ret-demo-comfort')).toBe(true);
  });

  it("a store user cannot read another store's POS order (403) and sees only its own in the list", async () => {
    const order = await posOrder(admin);
    expect((await hvacUser.get(`/staff/api/pos-orders/${order.id}`)).status).toBe(403);
    expect((await mainUser.get(`/staff/api/pos-orders/${order.id}`)).status).toBe(200);
    expect((await hvacUser.get('/staff/api/pos-orders/poso-unknown')).status).toBe(404);
    const list = await hvacUser.get('/staff/api/pos-orders?limit=100');
    expect(list.status).toBe(200);
    expect((list.body.data as { store_id: string }[]).every((r) => r.store_id === 'sto-hvac-central')).toBe(true);
  });
});

describe('pick-ups and their transactions', () => {
  it('schedules a pick-up on a lease, records transactions and completes it', async () => {
    const { shopper } = await decided('option-a');
    const p = await pickup(admin, 'main-street', 'demo-electronics', shopper.uuid);
    expect(p).toMatchObject({
      status: 'scheduled',
      window: '12:00-16:00',
      scheduled_date: tomorrow(),
      store_id: 'sto-main-street',
      lease_effect: null,
    });
    const attempt = await admin.post('/staff/api/pickup-transactions', {
      pickup_id: p.id,
      type: 'attempt',
      note: 'Nobody home',
    });
    expect(attempt.status).toBe(200);
    const fee = await admin.post('/staff/api/pickup-transactions', { pickup_id: p.id, type: 'fee', amount: 2500 });
    expect(fee.status).toBe(200);
    const collected = await admin.post('/staff/api/pickup-transactions', { pickup_id: p.id, type: 'collected' });
    expect(collected.body.data.status_after).toBe('completed');
    const done = (await admin.get(`/staff/api/pickups/${p.id}`)).body.data;
    expect(done).toMatchObject({
      status: 'completed',
      fees: 2500,
      transaction_count: 3,
      lease_effect: 'merchandise_returned',
    });
    expect(done.completed_at).toBeTruthy();
    // a closed pick-up takes notes only, and cannot be rescheduled
    expect((await admin.post('/staff/api/pickup-transactions', { pickup_id: p.id, type: 'collected' })).status).toBe(
      409,
    );
    expect(
      (
        await admin.post('/staff/api/pickup-transactions', {
          pickup_id: p.id,
          type: 'note',
          note: 'Stored in the warehouse',
        })
      ).status,
    ).toBe(200);
    const v = (await admin.get(`/staff/api/pickups/${p.id}`)).body.data.v;
    expect(
      (
        await admin.put(`/staff/api/pickups/${p.id}`, {
          scheduled_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
          v,
        })
      ).status,
    ).toBe(422);
    const txs = await admin.get(`/staff/api/pickup-transactions?pickup=${p.id}`);
    expect(txs.body.meta.total).toBe(4);
  });

  it("a store user cannot read another store's pick-up or its transactions; unknown ones are 404", async () => {
    const p = await pickup(admin);
    const tx = await admin.post('/staff/api/pickup-transactions', { pickup_id: p.id, type: 'note', note: 'x' });
    expect((await hvacUser.get(`/staff/api/pickups/${p.id}`)).status).toBe(403);
    expect((await hvacUser.get(`/staff/api/pickup-transactions/${tx.body.data.id}`)).status).toBe(403);
    expect((await hvacUser.post('/staff/api/pickup-transactions', { pickup_id: p.id, type: 'note' })).status).toBe(403);
    expect((await mainUser.get(`/staff/api/pickups/${p.id}`)).status).toBe(200);
    expect((await hvacUser.get('/staff/api/pickups/pku-unknown')).status).toBe(404);
    // scheduling a pick-up on another store's lease
    expect(
      (
        await hvacUser.post('/staff/api/pickups', {
          lease_uuid: p.lease_uuid,
          scheduled_date: tomorrow(),
          window: '08:00-12:00',
        })
      ).status,
    ).toBe(403);
    const list = await hvacUser.get('/staff/api/pickups?limit=100');
    expect((list.body.data as { id: string }[]).some((r) => r.id === p.id)).toBe(false);
  });

  it('refuses bad input with 422 and an unknown lease with 404', async () => {
    const bad = await admin.post('/staff/api/pickups', {
      lease_uuid: 'nope',
      type: 'gift',
      scheduled_date: '2024-02-30',
      window: 'noon',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(
      expect.arrayContaining(['lease_uuid', 'type', 'scheduled_date', 'window']),
    );
    const past = await admin.post('/staff/api/pickups', {
      lease_uuid: '00000000-0000-4000-8000-000000000000',
      scheduled_date: '2020-01-01',
      window: '08:00-12:00',
    });
    expect(past.status).toBe(422);
    const unknown = await admin.post('/staff/api/pickups', {
      lease_uuid: '00000000-0000-4000-8000-000000000000',
      scheduled_date: tomorrow(),
      window: '08:00-12:00',
    });
    expect(unknown.status).toBe(404);
    expect((await admin.post('/staff/api/pickup-transactions', { pickup_id: 'pku-x', type: 'teleport' })).status).toBe(
      422,
    );
    expect((await admin.post('/staff/api/pickup-transactions', { pickup_id: 'pku-x', type: 'note' })).status).toBe(404);
  });
});

describe('retention money', () => {
  it('withholds the store percentage of a funding and pays out at most the balance', async () => {
    const store = await freshStore(admin);
    const account = await admin.post('/staff/api/retention', { store_id: store.id, percentage: 7.5 });
    expect(account.status).toBe(200);
    expect(account.body.data).toMatchObject({ percentage: 7.5, balance: 0 });
    const w = await admin.post('/staff/api/retention-entries', {
      kind: 'withholding',
      store_id: store.id,
      funded_amount: 200_000,
      reference: 'F-1',
    });
    expect(w.body.data).toMatchObject({ amount: 15_000, balance_after: 15_000 });
    const over = await admin.post('/staff/api/retention-entries', {
      kind: 'payment',
      store_id: store.id,
      amount: 15_001,
    });
    expect(over.status).toBe(422);
    const pay = await admin.post('/staff/api/retention-entries', { kind: 'payment', store_id: store.id, amount: 5000 });
    expect(pay.body.data.balance_after).toBe(10_000);
    const summary = (await admin.get(`/staff/api/retention/${store.id}`)).body.data;
    expect(summary).toMatchObject({ withheld_total: 15_000, paid_total: 5000, balance: 10_000, entry_count: 2 });
    expect((await admin.post('/staff/api/retention', { store_id: store.id })).status).toBe(422);
    const seeded = await admin.get('/staff/api/retention?limit=100');
    expect((seeded.body.data as { id: string }[]).map((r) => r.id)).toEqual(
      expect.arrayContaining(['sto-main-street', 'sto-hvac-central', store.id]),
    );
  });

  it("a store user cannot read another store's retention money", async () => {
    const entry = await retentionEntry(admin, 'sto-main-street');
    expect((await hvacUser.get('/staff/api/retention/sto-main-street')).status).toBe(403);
    expect((await hvacUser.get(`/staff/api/retention-entries/${entry.id}`)).status).toBe(403);
    expect((await mainUser.get('/staff/api/retention/sto-main-street')).status).toBe(200);
    expect((await hvacUser.get('/staff/api/retention/sto-unknown')).status).toBe(404);
    const list = await hvacUser.get('/staff/api/retention-entries?limit=100');
    expect((list.body.data as { store_id: string }[]).every((r) => r.store_id === 'sto-hvac-central')).toBe(true);
    // managing retention money is the lender's (a system permission)
    expect(
      (await mainUser.post('/staff/api/retention-entries', { kind: 'payment', store_id: 'sto-main-street', amount: 1 }))
        .status,
    ).toBe(403);
  });

  it('refuses bad input with 422', async () => {
    const bad = await admin.post('/staff/api/retention-entries', {
      kind: 'gift',
      store_id: 'sto-main-street',
      amount: -5,
      entry_date: 'tomorrow',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['kind', 'amount', 'entry_date']));
    expect((await admin.post('/staff/api/retention', { store_id: 'sto-main-street', percentage: 90 })).status).toBe(
      422,
    );
    expect(
      (await admin.post('/staff/api/retention-entries', { kind: 'payment', store_id: 'sto-nowhere', amount: 1 }))
        .status,
    ).toBe(422);
  });
});

describe('Retailer Map', () => {
  it('places every store by its ZIP and filters by retailer and active state', async () => {
    const all = await admin.get('/staff/api/retailer-map');
    expect(all.status).toBe(200);
    const main = (all.body.data as { id: string; lat: number; lon: number; state: string }[]).find(
      (m) => m.id === 'sto-main-street',
    )!;
    expect(main.state).toBe('OH');
    expect(main.lat).toBeCloseTo(39.96, 0);
    expect(main.lon).toBeCloseTo(-83.0, 0);
    expect((all.body.meta.states as { code: string }[]).length).toBeGreaterThanOrEqual(50);
    const comfort = await admin.get('/staff/api/retailer-map?retailer=ret-demo-comfort');
    expect((comfort.body.data as { retailer_id: string }[]).every((m) => m.retailer_id === 'ret-demo-comfort')).toBe(
      true,
    );
    expect((comfort.body.data as { id: string }[]).map((m) => m.id)).toContain('sto-hvac-central');
    const inactive = await admin.get('/staff/api/retailer-map?active=false');
    expect((inactive.body.data as { id: string; active: boolean }[]).map((m) => m.id)).toContain('sto-closed');
    expect((inactive.body.data as { active: boolean }[]).every((m) => !m.active)).toBe(true);
    expect((await admin.get('/staff/api/retailer-map?active=maybe')).status).toBe(422);
    // a retailer user sees its own stores only
    const own = await comfortRetailer.get('/staff/api/retailer-map');
    expect((own.body.data as { retailer_id: string }[]).every((m) => m.retailer_id === 'ret-demo-comfort')).toBe(true);
  });
});

describe('naughty strings in merchant text fields', () => {
  it('POS item names, pick-up notes and retention references: never a 5xx, stored values come back unchanged', async () => {
    const failures: string[] = [];
    const item = await posItem(admin);
    const p = await pickup(admin);
    let itemV = item.v;
    let pickupV = p.v;
    for (const s of sample) {
      const a = await admin.put(`/staff/api/pos-items/${item.id}`, { name: s, stock_number: s.slice(0, 64), v: itemV });
      if (a.status >= 500) failures.push(`item ${a.status} ${JSON.stringify(s)}`);
      else if (a.status === 200) {
        itemV = a.body.data.v;
        if (a.body.data.name !== s) failures.push(`item changed ${JSON.stringify(s)}`);
      } else if (a.status !== 422) failures.push(`item unexpected ${a.status}`);
      const b = await admin.put(`/staff/api/pickups/${p.id}`, { notes: s, merchandise: s, v: pickupV });
      if (b.status >= 500) failures.push(`pickup ${b.status} ${JSON.stringify(s)}`);
      else if (b.status === 200) {
        pickupV = b.body.data.v;
        if (b.body.data.notes !== s || b.body.data.merchandise !== s)
          failures.push(`pickup changed ${JSON.stringify(s)}`);
      } else if (b.status !== 422) failures.push(`pickup unexpected ${b.status}`);
    }
    for (const s of sample.slice(0, 40)) {
      const c = await admin.post('/staff/api/retention-entries', {
        kind: 'withholding',
        store_id: 'sto-express',
        funded_amount: 100,
        reference: s,
        note: s,
      });
      if (c.status >= 500) failures.push(`retention ${c.status} ${JSON.stringify(s)}`);
      else if (c.status === 200 && (c.body.data.reference !== s || c.body.data.note !== s))
        failures.push(`retention changed ${JSON.stringify(s)}`);
    }
    const back = await admin.get(`/staff/api/pos-items/${item.id}`);
    expect(back.status).toBe(200);
    expect((await admin.get('/staff/api/pos-items?sortBy=name&limit=5')).status).toBe(200);
    expect(failures).toEqual([]);
  }, 120_000);
});
