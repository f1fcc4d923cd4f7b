import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { getMerchantRecord, merchantKey, type MerchantKind } from '../../data/merchant.ts';
import type { StoredItem } from '../../data/items.ts';
import { getStoreById } from '../../data/stores.ts';
import { requireTenant } from '../staff/actor.ts';
import { getRetailerRecord } from '../staff/resources/retailers.ts';
import { field, unableToSave, type ResourceCtx } from '../staff/resource.ts';

// Helpers shared by the merchant network's resources (POS, pick-ups, retention money).

export const newId = (prefix: string) => `${prefix}-${randomUUID()}`;

/** Integer cents from 0 to $1,000,000. */
export const cents = () =>
  z
    .number('staff.validation.number')
    .check(
      z.int('merchant.validation.cents'),
      z.gte(0, 'staff.validation.range'),
      z.lte(100_000_000, 'staff.validation.range'),
    );
export const idText = () =>
  z
    .string('staff.validation.required')
    .check(z.minLength(1, 'staff.validation.required'), z.maxLength(200, 'staff.validation.tooLong'));
export const isoDate = () =>
  z.string('staff.validation.date').check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'staff.validation.date'),
    z.refine(
      (s: string) =>
        !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      'staff.validation.date',
    ),
  );

export interface StoreRef {
  store_id: string;
  store_name: string;
  retailer_id: string;
  retailer_name: string;
}

/** The store a record is filed under: it must exist (422) and belong to the actor's tenancy (403). */
export async function storeFor(
  c: ResourceCtx,
  def: { noun: string },
  storeId: string,
  field = 'store_id',
): Promise<StoreRef> {
  const s = await getStoreById(c.deps.db, storeId, c.deps.clock());
  if (!s) throw unableToSave(c, def, { [field]: ['merchant.validation.storeNotFound'] });
  await requireTenant(
    c.deps,
    c.actor,
    c.ip,
    { storeIds: [s.view.id], retailerIds: [s.view.retailer.id] },
    `store:${s.view.id}`,
  );
  return {
    store_id: s.view.id,
    store_name: s.view.name,
    retailer_id: s.view.retailer.id,
    retailer_name: s.view.retailer.name,
  };
}

/** The retailer a record is filed under: it must exist (422) and be the actor's (403). */
export async function retailerFor(
  c: ResourceCtx,
  def: { noun: string },
  retailerId: string,
): Promise<{ retailer_id: string; retailer_name: string }> {
  const r = await getRetailerRecord(c.deps, retailerId);
  if (!r) throw unableToSave(c, def, { retailer_id: ['staff.validation.retailerNotFound'] });
  await requireTenant(c.deps, c.actor, c.ip, { retailerIds: [r.id] }, `retailer:${r.id}`);
  return { retailer_id: r.id, retailer_name: r.name };
}

/** A default for a record's store or retailer: the actor's context. */
export const actorStore = (c: ResourceCtx) =>
  c.actor.storeContext ?? (c.actor.guard === 'store' ? c.actor.storeIds[0] : undefined);
export const actorRetailer = (c: ResourceCtx) =>
  c.actor.retailerContext ?? (c.actor.guard === 'retailer' ? c.actor.retailerIds[0] : undefined);

export const options = (prefix: string, values: readonly string[]) =>
  values.map((v) => ({ value: v, text: `${prefix}.${v}` }));

/** A resource's storage hooks for merchant records of one kind (pk <KIND>#id). */
export const merchantStorage = <T extends StoredItem>(kind: MerchantKind) => ({
  rowPk: (id: string) => merchantKey(kind, id).pk,
  load: (c: ResourceCtx, id: string) => getMerchantRecord<T>(c.deps.db, kind, id, c.deps.clock()),
});

/** The required store picker of a merchant form. */
export const storeSelect = (extra: { disabled?: boolean } = {}) =>
  field('select', 'store_id', {
    label: 'merchant.field.store',
    required: true,
    url: '/staff/api/stores',
    valueKey: 'id',
    textKey: 'name',
    ...extra,
  });
