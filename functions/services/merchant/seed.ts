import { orderTotalCents, withheldCents } from '../../../machines/domain/merchant.ts';
import { getItem, putItem, claimUnique, type StoredItem } from '../../data/items.ts';
import { merchantKey, type MerchantKind } from '../../data/merchant.ts';
import { readListPage } from '../../data/staff/lists.ts';
import { getStoreById } from '../../data/stores.ts';
import type { Deps } from '../../platform/deps.ts';
import type { ResourceDef } from '../staff/resource.ts';
import { listSeeded } from '../staff/seed.ts';
import { pickupsDef, pickupTxDef, type Pickup, type PickupTx } from './pickups.ts';
import { posItemsDef, posOrdersDef, type PosItem, type PosOrder } from './pos.ts';
import { retentionDef, retentionEntriesDef, type RetentionAccount, type RetentionEntry } from './retention.ts';

// Demo records of the merchant network for `npm start` (idempotent: fixed ids, written once, then staff's): POS items
// (some low on stock) and orders, retention accounts with withholdings and a payment, and, once a demo lease exists
// (functions/local/demo-leases.ts makes them in the background on a new data directory), a pick-up with its
// transactions.

/** Writes a record once (an existing one is kept as staff left it) and keeps its list entries. */
async function seedOnce<R extends StoredItem & { id: string }>(
  deps: Deps,
  def: ResourceDef<R>,
  kind: MerchantKind,
  record: Omit<R, 'pk' | 'sk' | 'v'>,
) {
  const key = merchantKey(kind, String(record.id));
  let item = await getItem<R>(deps.db, key, deps.clock());
  if (!item) {
    item = { ...key, v: 1, ...record } as unknown as R;
    await putItem(deps.db, item);
  }
  await listSeeded(deps, def, item);
  return item;
}

const RETAILERS = {
  'ret-demo-electronics': 'Demo Electronics',
  'ret-demo-comfort': 'Demo Comfort Heating & Air',
} as const;

const ITEMS: [
  id: string,
  retailer: keyof typeof RETAILERS,
  sku: string,
  stock: string,
  name: string,
  qty: number,
  reorder: number,
  price: number,
][] = [
  ['posi-demo-tv55', 'ret-demo-electronics', 'TV-55-4K', 'STK-1001', '55" 4K television', 12, 4, 64_999],
  ['posi-demo-laptop', 'ret-demo-electronics', 'LAP-15-PRO', 'STK-1002', '15" laptop', 3, 5, 119_999],
  ['posi-demo-soundbar', 'ret-demo-electronics', 'SND-BAR-2', 'STK-1003', 'Soundbar', 8, 3, 24_999],
  ['posi-demo-fridge', 'ret-demo-electronics', 'FRG-FD-28', 'STK-1004', 'French-door refrigerator', 2, 2, 189_900],
  ['posi-demo-ac', 'ret-demo-comfort', 'AC-3T-16S', 'HV-2001', '3-ton central air conditioner', 5, 2, 349_000],
  ['posi-demo-furnace', 'ret-demo-comfort', 'FUR-80K-96', 'HV-2002', '80,000 BTU gas furnace', 1, 2, 219_000],
];

export async function seedMerchantDemo(deps: Deps, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const at = deps.clock().toISOString();
  const items = new Map<string, PosItem>();
  for (const [id, retailer, sku, stock, name, qty, reorder, price] of ITEMS) {
    const item = await seedOnce<PosItem>(deps, posItemsDef, 'POSITEM', {
      entity: 'pos-item',
      id,
      retailer_id: retailer,
      retailer_name: RETAILERS[retailer],
      sku,
      stock_number: stock,
      name,
      quantity_in_stock: qty,
      reorder_level: reorder,
      unit_price: price,
      created_at: at,
      updated_at: at,
    });
    await claimUnique(deps.db, 'pos-sku', `${retailer}/${sku.toUpperCase()}`, id);
    items.set(id, item);
  }

  const orders: [id: string, number: string, store: string, status: PosOrder['status'], lines: [string, number][]][] = [
    [
      'poso-demo-1',
      'PO-DEMO-0001',
      'sto-main-street',
      'submitted',
      [
        ['posi-demo-laptop', 4],
        ['posi-demo-soundbar', 2],
      ],
    ],
    ['poso-demo-2', 'PO-DEMO-0002', 'sto-express', 'open', [['posi-demo-tv55', 2]]],
    ['poso-demo-3', 'PO-DEMO-0003', 'sto-hvac-central', 'fulfilled', [['posi-demo-furnace', 2]]],
  ];
  for (const [id, number, storeId, status, lines] of orders) {
    const store = await getStoreById(deps.db, storeId, deps.clock());
    if (!store) continue;
    const orderLines = lines.map(([itemId, quantity]) => {
      const i = items.get(itemId)!;
      return { item_id: i.id, sku: i.sku, name: i.name, quantity, unit_price: i.unit_price };
    });
    await seedOnce<PosOrder>(deps, posOrdersDef, 'POSORDER', {
      entity: 'pos-order',
      id,
      number,
      store_id: store.view.id,
      store_name: store.view.name,
      retailer_id: store.view.retailer.id,
      retailer_name: store.view.retailer.name,
      status,
      items: orderLines,
      total: orderTotalCents(orderLines),
      note: '',
      created_at: at,
      updated_at: at,
    });
  }

  // Retention: per store, withholdings from fundings and a payment out of them.
  const retention: [store: string, basisPoints: number, fundings: number[], payments: number[]][] = [
    ['sto-main-street', 500, [129_900, 248_750, 89_999], [10_000]],
    ['sto-express', 750, [64_999], []],
    ['sto-hvac-central', 500, [689_000, 412_500], [25_000]],
  ];
  for (const [storeId, bp, fundings, payments] of retention) {
    const store = await getStoreById(deps.db, storeId, deps.clock());
    if (!store) continue;
    const ref = {
      store_id: store.view.id,
      store_name: store.view.name,
      retailer_id: store.view.retailer.id,
      retailer_name: store.view.retailer.name,
    };
    let withheld = 0;
    let paid = 0;
    let n = 0;
    const entries: Omit<RetentionEntry, 'pk' | 'sk' | 'v'>[] = [];
    const entry = (kind: 'withholding' | 'payment', funded: number, amount: number) => {
      n += 1;
      if (kind === 'withholding') withheld += amount;
      else paid += amount;
      entries.push({
        entity: 'retention-entry',
        id: `rte-demo-${storeId}-${n}`,
        ...ref,
        kind,
        funded_amount: funded,
        basis_points: bp,
        amount,
        lease_uuid: '',
        reference: kind === 'payment' ? `PAY-DEMO-${n}` : `FUND-DEMO-${n}`,
        note: '',
        entry_date: at.slice(0, 10),
        balance_after: withheld - paid,
        by: 'admin',
        created_at: at,
      });
    };
    for (const f of fundings) entry('withholding', f, withheldCents(f, bp));
    for (const p of payments) entry('payment', 0, p);
    await seedOnce<RetentionAccount>(deps, retentionDef, 'RETENTION', {
      entity: 'retention-account',
      id: store.view.id,
      ...ref,
      basis_points: bp,
      withheld_total: withheld,
      paid_total: paid,
      entry_count: n,
      last_entry_at: at,
      created_at: at,
      updated_at: at,
    });
    for (const e of entries) await seedOnce<RetentionEntry>(deps, retentionEntriesDef, 'RETENTIONENTRY', e);
  }

  if (!(await seedDemoPickup(deps)) && env.DEMO_LEASES !== '0') {
    // The demo leases are made in the background after the server starts: look again for a while.
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      void seedDemoPickup(deps)
        .then((done) => {
          if (done || tries >= 36) clearInterval(timer);
        })
        .catch(() => clearInterval(timer));
    }, 5000);
    timer.unref?.();
  }
}

const DEMO_PICKUP_ID = 'pku-00000000-0000-4000-8000-000000000001';

/** A pick-up of the newest demo lease or application (scheduled, one attempt recorded); false while there is none. */
export async function seedDemoPickup(deps: Deps): Promise<boolean> {
  const now = deps.clock();
  if (await getItem(deps.db, merchantKey('PICKUP', DEMO_PICKUP_ID), now)) return true;
  // the newest lease (a signed contract), else the newest application
  const newest = async (entity: string) =>
    (await readListPage(deps.db, { entity, field: 'created_at', scope: '*', page: 1, limit: 1, descending: true }))
      .rows[0];
  const lease = (await newest('lease')) ?? (await newest('application'));
  if (!lease) return false;
  const at = now.toISOString();
  const date = new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  const pickup = await seedOnce<Pickup>(deps, pickupsDef, 'PICKUP', {
    entity: 'pickup',
    id: DEMO_PICKUP_ID,
    lease_uuid: String(lease.uuid ?? lease.id),
    applicant_name: String(lease.applicant_name ?? ''),
    store_id: String(lease.store_id),
    store_name: String(lease.store_name ?? ''),
    retailer_id: String(lease.retailer_id),
    retailer_name: String(lease.retailer_name ?? ''),
    type: 'return',
    status: 'scheduled',
    scheduled_date: date,
    window: '08:00-12:00',
    address: '',
    merchandise: 'Returned by the customer within the return period.',
    notes: '',
    lease_status_at_schedule: String(lease.status ?? ''),
    lease_effect: null,
    completed_at: null,
    fees: 0,
    transaction_count: 1,
    created_at: at,
    updated_at: at,
  });
  await seedOnce<PickupTx>(deps, pickupTxDef, 'PICKUPTX', {
    entity: 'pickup-tx',
    id: 'pkt-demo-1',
    pickup_id: pickup.id,
    lease_uuid: pickup.lease_uuid,
    store_id: pickup.store_id,
    store_name: pickup.store_name,
    retailer_id: pickup.retailer_id,
    type: 'attempt',
    amount: 0,
    note: 'Nobody at home; rescheduled.',
    status_after: 'scheduled',
    occurred_at: at,
    by: 'admin',
  });
  return true;
}
