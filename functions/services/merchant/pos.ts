import * as z from 'zod/mini';
import {
  isLowStock,
  orderTotalCents,
  POS_ORDER_STATUSES,
  type PosOrderStatus,
} from '../../../machines/domain/merchant.ts';
import {
  claimUnique,
  createItem,
  deleteItem,
  releaseUnique,
  saveVersioned,
  type StoredItem,
} from '../../data/items.ts';
import { getMerchantRecord, merchantKey } from '../../data/merchant.ts';
import { storeRecordTenant } from '../staff/actor.ts';
import {
  field,
  formTarget,
  parseFor,
  saveButtons,
  section,
  text,
  unableToDelete,
  unableToSave,
  intIn,
  type ResourceCtx,
  type ResourceDef,
} from '../staff/resource.ts';
import { choiceFilter, ownerFilter, yesNoFilter } from '../staff/filters.ts';
import {
  actorRetailer,
  actorStore,
  cents,
  idText,
  merchantStorage,
  newId,
  options,
  retailerFor,
  storeFor,
  storeSelect,
} from './common.ts';

// POS Items and POS Orders (seed 001 section 3): a retailer's stock items (SKU unique per retailer) and the orders its
// stores place for them. Items belong to a retailer; orders to a store of that retailer. Low stock = quantity in stock
// at or below the reorder level (a list filter).

export interface PosItem extends StoredItem {
  id: string;
  retailer_id: string;
  retailer_name: string;
  sku: string;
  stock_number: string;
  name: string;
  quantity_in_stock: number;
  reorder_level: number;
  unit_price: number;
  created_at: string;
  updated_at: string;
}

export interface PosOrderLine {
  item_id: string;
  sku: string;
  name: string;
  quantity: number;
  unit_price: number;
}

export interface PosOrder extends StoredItem {
  id: string;
  number: string;
  retailer_id: string;
  retailer_name: string;
  store_id: string;
  store_name: string;
  status: PosOrderStatus;
  items: PosOrderLine[];
  total: number;
  note: string;
  created_at: string;
  updated_at: string;
}

const ITEM_NOUN = 'merchant.resource.posItem';
const ORDER_NOUN = 'merchant.resource.posOrder';
const retailerFilter = ownerFilter('retailer', 'staff.field.retailer_id');

// ---- items ----
const itemRow = (i: PosItem) => ({
  id: i.id,
  retailer_id: i.retailer_id,
  retailer_name: i.retailer_name,
  sku: i.sku,
  stock_number: i.stock_number,
  name: i.name,
  quantity_in_stock: i.quantity_in_stock,
  reorder_level: i.reorder_level,
  unit_price: i.unit_price,
  low_stock: isLowStock(i),
  created_at: i.created_at,
});

const itemBody = z.object({
  retailer_id: z.optional(idText()),
  sku: z.optional(
    z.string('staff.validation.text').check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'merchant.validation.sku')),
  ),
  stock_number: z.optional(text(64, false)),
  name: z.optional(text(255)),
  quantity_in_stock: z.optional(intIn(0, 1_000_000)),
  reorder_level: z.optional(intIn(0, 1_000_000)),
  unit_price: z.optional(cents()),
  v: z.optional(z.number()),
});

const skuClaim = (retailerId: string, sku: string) => `${retailerId}/${sku.toUpperCase()}`;

export const posItemsDef: ResourceDef<PosItem> = {
  path: 'pos-items',
  noun: ITEM_NOUN,
  entity: 'pos-item',
  sortFields: ['sku', 'name', 'quantity_in_stock', 'created_at'],
  defaultSort: 'sku',
  filters: [yesNoFilter('low_stock', 'merchant.field.low_stock', 'low'), retailerFilter],
  ...merchantStorage<PosItem>('POSITEM'),
  row: itemRow,
  scopes: (i) => ['*', `low=${isLowStock(i)}`, `retailer=${i.retailer_id}`],
  tenant: (i) => ({ retailerIds: [i.retailer_id] }),
  view: (_c, i) => ({ ...itemRow(i), v: i.v }),
  async form(c, i) {
    return {
      ...formTarget('pos-items', i, { edit: 'merchant.form.editPosItem', new: 'merchant.form.newPosItem' }),
      values: i
        ? { ...itemRow(i), v: i.v }
        : { retailer_id: actorRetailer(c) ?? null, quantity_in_stock: 0, reorder_level: 0, unit_price: 0 },
      buttons: saveButtons,
      children: [
        section('merchant.section.posItem', [
          field('select', 'retailer_id', {
            required: true,
            url: '/staff/api/retailers',
            valueKey: 'id',
            textKey: 'name',
            disabled: !!i || c.actor.guard !== 'system',
          }),
          field('input', 'sku', { label: 'merchant.field.sku', required: true }),
          field('input', 'stock_number', { label: 'merchant.field.stock_number' }),
          field('input', 'name', { label: 'merchant.field.item_name', required: true }),
          field('number', 'quantity_in_stock', { label: 'merchant.field.quantity_in_stock', min: 0, required: true }),
          field('number', 'reorder_level', { label: 'merchant.field.reorder_level', min: 0, required: true }),
          field('money', 'unit_price', { label: 'merchant.field.unit_price', required: true }),
        ]),
      ],
    };
  },
  async create(c, input) {
    const b = parseFor(c, posItemsDef, itemBody, input);
    const errors: Record<string, string[]> = {};
    const retailerId = b.retailer_id ?? actorRetailer(c);
    if (!retailerId) errors.retailer_id = ['staff.validation.required'];
    if (!b.sku) errors.sku = ['staff.validation.required'];
    if (!b.name) errors.name = ['staff.validation.required'];
    if (Object.keys(errors).length) throw unableToSave(c, posItemsDef, errors);
    const retailer = await retailerFor(c, posItemsDef, retailerId!);
    const id = newId('posi');
    if (!(await claimUnique(c.deps.db, 'pos-sku', skuClaim(retailer.retailer_id, b.sku!), id)))
      throw unableToSave(c, posItemsDef, { sku: ['merchant.validation.skuTaken'] });
    const at = c.deps.clock().toISOString();
    return await createItem(c.deps.db, {
      ...merchantKey('POSITEM', id),
      entity: 'pos-item',
      id,
      ...retailer,
      sku: b.sku!,
      stock_number: b.stock_number ?? '',
      name: b.name!,
      quantity_in_stock: b.quantity_in_stock ?? 0,
      reorder_level: b.reorder_level ?? 0,
      unit_price: b.unit_price ?? 0,
      created_at: at,
      updated_at: at,
    });
  },
  async update(c, i, input) {
    const b = parseFor(c, posItemsDef, itemBody, input);
    if (b.retailer_id !== undefined && b.retailer_id !== i.retailer_id)
      throw unableToSave(c, posItemsDef, { retailer_id: ['merchant.validation.retailerFixed'] });
    const sku = b.sku ?? i.sku;
    const skuChanged = skuClaim(i.retailer_id, sku) !== skuClaim(i.retailer_id, i.sku);
    if (skuChanged && !(await claimUnique(c.deps.db, 'pos-sku', skuClaim(i.retailer_id, sku), i.id)))
      throw unableToSave(c, posItemsDef, { sku: ['merchant.validation.skuTaken'] });
    const next = await saveVersioned(c.deps.db, i, {
      ...i,
      sku,
      stock_number: b.stock_number ?? i.stock_number,
      name: b.name ?? i.name,
      quantity_in_stock: b.quantity_in_stock ?? i.quantity_in_stock,
      reorder_level: b.reorder_level ?? i.reorder_level,
      unit_price: b.unit_price ?? i.unit_price,
      updated_at: c.deps.clock().toISOString(),
    });
    if (skuChanged) await releaseUnique(c.deps.db, 'pos-sku', skuClaim(i.retailer_id, i.sku));
    return next;
  },
  async remove(c, i) {
    await deleteItem(c.deps.db, merchantKey('POSITEM', i.id));
    await releaseUnique(c.deps.db, 'pos-sku', skuClaim(i.retailer_id, i.sku));
    return undefined;
  },
};

// ---- orders ----
const orderRow = (o: PosOrder) => ({
  id: o.id,
  number: o.number,
  retailer_id: o.retailer_id,
  retailer_name: o.retailer_name,
  store_id: o.store_id,
  store_name: o.store_name,
  status: o.status,
  item_count: o.items.reduce((n, l) => n + l.quantity, 0),
  total: o.total,
  note: o.note,
  created_at: o.created_at,
});

const lineBody = z.object({ item_id: idText(), quantity: intIn(1, 100_000) });
const orderBody = z.object({
  store_id: z.optional(idText()),
  status: z.optional(z.enum(POS_ORDER_STATUSES, 'staff.validation.inList')),
  note: z.optional(text(2000, false)),
  items: z.optional(z.array(lineBody, 'staff.validation.inList').check(z.maxLength(100, 'staff.validation.tooMany'))),
  v: z.optional(z.number()),
});

/** The order's lines priced from the retailer's items (each item must be the order's retailer's). */
async function priceLines(
  c: ResourceCtx,
  retailerId: string,
  lines: readonly { item_id: string; quantity: number }[],
): Promise<PosOrderLine[]> {
  const out: PosOrderLine[] = [];
  const errors: Record<string, string[]> = {};
  for (const [index, line] of lines.entries()) {
    const item = await getMerchantRecord<PosItem>(c.deps.db, 'POSITEM', line.item_id, c.deps.clock());
    if (!item || item.retailer_id !== retailerId)
      errors[`items.${index}.item_id`] = ['merchant.validation.itemNotFound'];
    else
      out.push({
        item_id: item.id,
        sku: item.sku,
        name: item.name,
        quantity: line.quantity,
        unit_price: item.unit_price,
      });
  }
  if (Object.keys(errors).length) throw unableToSave(c, posOrdersDef, errors);
  return out;
}

export const posOrdersDef: ResourceDef<PosOrder> = {
  path: 'pos-orders',
  noun: ORDER_NOUN,
  entity: 'pos-order',
  sortFields: ['created_at', 'number', 'total'],
  defaultSort: 'created_at',
  defaultDesc: true,
  filters: [
    choiceFilter('status', 'merchant.field.order_status', options('merchant.orderStatus', POS_ORDER_STATUSES)),
    retailerFilter,
  ],
  ...merchantStorage<PosOrder>('POSORDER'),
  row: orderRow,
  scopes: (o) => ['*', `status=${o.status}`, `retailer=${o.retailer_id}`, `store=${o.store_id}`],
  tenant: storeRecordTenant,
  view: (_c, o) => ({ ...orderRow(o), items: o.items, v: o.v }),
  async form(c, o) {
    return {
      ...formTarget('pos-orders', o, { edit: 'merchant.form.editPosOrder', new: 'merchant.form.newPosOrder' }),
      values: o
        ? { ...orderRow(o), items: o.items.map((l) => ({ item_id: l.item_id, quantity: l.quantity })), v: o.v }
        : { store_id: actorStore(c) ?? null, status: 'open', note: '', items: [] },
      buttons: saveButtons,
      children: [
        section('merchant.section.posOrder', [
          storeSelect({ disabled: !!o }),
          field('select', 'status', {
            label: 'merchant.field.order_status',
            options: options('merchant.orderStatus', POS_ORDER_STATUSES),
          }),
          {
            type: 'collection',
            name: 'items',
            label: 'merchant.field.order_items',
            item_label: 'merchant.field.order_line',
            no_content_text: 'merchant.empty.orderItems',
            min: 0,
            max: 100,
            children: [
              field('select', 'item_id', {
                label: 'merchant.field.pos_item',
                required: true,
                url: '/staff/api/pos-items',
                valueKey: 'id',
                textKey: 'name',
              }),
              field('number', 'quantity', { label: 'merchant.field.quantity', min: 1, required: true }),
            ],
          },
          field('textarea', 'note', { label: 'merchant.field.note' }),
        ]),
      ],
    };
  },
  async create(c, input) {
    const b = parseFor(c, posOrdersDef, orderBody, input);
    const storeId = b.store_id ?? actorStore(c);
    if (!storeId) throw unableToSave(c, posOrdersDef, { store_id: ['staff.validation.required'] });
    const store = await storeFor(c, posOrdersDef, storeId);
    const items = await priceLines(c, store.retailer_id, b.items ?? []);
    const id = newId('poso');
    const at = c.deps.clock();
    return await createItem(c.deps.db, {
      ...merchantKey('POSORDER', id),
      entity: 'pos-order',
      id,
      number: `PO-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${id.slice(5, 11).toUpperCase()}`,
      ...store,
      status: b.status ?? 'open',
      items,
      total: orderTotalCents(items),
      note: b.note ?? '',
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    });
  },
  async update(c, o, input) {
    const b = parseFor(c, posOrdersDef, orderBody, input);
    if (b.store_id !== undefined && b.store_id !== o.store_id)
      throw unableToSave(c, posOrdersDef, { store_id: ['merchant.validation.storeFixed'] });
    const sameLines = (lines: readonly { item_id: string; quantity: number }[]) =>
      JSON.stringify(lines.map((l) => [l.item_id, l.quantity])) ===
      JSON.stringify(o.items.map((l) => [l.item_id, l.quantity]));
    // The form sends the lines back with every save: only a change to them is refused on a closed order.
    if ((o.status === 'fulfilled' || o.status === 'cancelled') && b.items !== undefined && !sameLines(b.items))
      throw unableToSave(c, posOrdersDef, { items: ['merchant.validation.orderClosed'] });
    const items = b.items && !sameLines(b.items) ? await priceLines(c, o.retailer_id, b.items) : o.items;
    return saveVersioned(c.deps.db, o, {
      ...o,
      status: b.status ?? o.status,
      note: b.note ?? o.note,
      items,
      total: orderTotalCents(items),
      updated_at: c.deps.clock().toISOString(),
    });
  },
  async remove(c, o) {
    if (o.status !== 'open') throw unableToDelete(c, posOrdersDef, 'merchant.validation.orderNotOpen', 422);
    await deleteItem(c.deps.db, merchantKey('POSORDER', o.id));
    return undefined;
  },
};
