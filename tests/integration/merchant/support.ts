import { decided } from '../decision/support.ts';
import type { StaffClient } from '../staff/client.ts';

// Records of another tenant (demo-comfort's store hvac-central) for the merchant routes, for the authorization
// matrix (tests/integration/staff/matrix.test.ts) and the merchant tests.

export const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function created(admin: StaffClient, path: string, body: Record<string, unknown>) {
  const res = await admin.post(path, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; v: number } & Record<string, unknown>;
}

export const posItem = (admin: StaffClient, retailer = 'ret-demo-electronics', extra: Record<string, unknown> = {}) =>
  created(admin, '/staff/api/pos-items', {
    retailer_id: retailer,
    sku: `SKU-${Math.random().toString(36).slice(2, 10)}`,
    name: 'Test item',
    quantity_in_stock: 10,
    reorder_level: 2,
    unit_price: 1999,
    ...extra,
  });

export const posOrder = async (admin: StaffClient, store = 'sto-main-street', retailer = 'ret-demo-electronics') => {
  const item = await posItem(admin, retailer);
  return created(admin, '/staff/api/pos-orders', { store_id: store, items: [{ item_id: item.id, quantity: 2 }] });
};

export const pickup = async (admin: StaffClient, store = 'main-street', retailer = 'demo-electronics', uuid?: string) =>
  created(admin, '/staff/api/pickups', {
    lease_uuid: uuid ?? (await decided('option-a', store, retailer)).shopper.uuid,
    type: 'return',
    scheduled_date: tomorrow(),
    window: '12:00-16:00',
  });

export const pickupTx = async (admin: StaffClient, pickupId: string, type = 'note') =>
  created(admin, '/staff/api/pickup-transactions', { pickup_id: pickupId, type, note: 'Test' });

export const retentionEntry = (admin: StaffClient, store = 'sto-main-street') =>
  created(admin, '/staff/api/retention-entries', { kind: 'withholding', store_id: store, funded_amount: 100_000 });

/** A store for a fresh retention account (one account per store). */
export const freshStore = (admin: StaffClient) =>
  created(admin, '/staff/api/stores', {
    name: 'Retention store',
    slug: `rt-${Math.random().toString(36).slice(2, 10)}`,
    retailer_id: 'ret-demo-electronics',
  });

/** The other tenant's records: one per merchant resource (path segment -> id). */
export async function merchantForeign(admin: StaffClient): Promise<Record<string, string>> {
  const p = await pickup(admin, 'hvac-central', 'demo-comfort');
  return {
    'pos-items': (await posItem(admin, 'ret-demo-comfort')).id,
    'pos-orders': (await posOrder(admin, 'sto-hvac-central', 'ret-demo-comfort')).id,
    pickups: p.id,
    'pickup-lease': String(p.lease_uuid),
    'pickup-transactions': (await pickupTx(admin, p.id)).id,
    retention: 'sto-hvac-central',
    'retention-entries': (await retentionEntry(admin, 'sto-hvac-central')).id,
  };
}
