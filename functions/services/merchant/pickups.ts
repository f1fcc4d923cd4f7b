import * as z from 'zod/mini';
import {
  PICKUP_STATUSES,
  PICKUP_TX_TYPES,
  PICKUP_TYPES,
  PICKUP_WINDOWS,
  pickupStatusAfter,
  type PickupStatus,
  type PickupTxType,
  type PickupType,
} from '../../../machines/domain/merchant.ts';
import { createItem, saveVersioned, type StoredItem } from '../../data/items.ts';
import { merchantKey } from '../../data/merchant.ts';
import { storeRecordTenant } from '../staff/actor.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { applicantNameOf, loadLeaseFor, recordMerchandiseReturned } from '../leases/actions.ts';
import {
  requiredErrors,
  loadForAccess,
  field,
  formTarget,
  parseFor,
  saveButtons,
  section,
  syncRow,
  t,
  text,
  unableToSave,
  type ResourceCtx,
  type ResourceDef,
} from '../staff/resource.ts';
import { choiceFilter, ownerFilter } from '../staff/filters.ts';
import { cents, idText, isoDate, merchantStorage, newId, options } from './common.ts';

// Pick Ups and Pick Up Transactions (seed 001): merchandise returned by the shopper or repossessed, linked to a lease
// (the application uuid), scheduled on a date in a window; its transactions (attempts, the collection, fees, notes)
// move the pick-up's status. A completed pick-up records what it does to the lease (`lease_effect`) and tells the
// lease record (`recordMerchandiseReturned`): goods back before funding end the lease as (C) Changed Mind; after,
// the lease's timeline records it.

export interface Pickup extends StoredItem {
  id: string;
  lease_uuid: string;
  applicant_name: string;
  store_id: string;
  store_name: string;
  retailer_id: string;
  retailer_name: string;
  type: PickupType;
  status: PickupStatus;
  scheduled_date: string;
  window: string;
  address: string;
  merchandise: string;
  notes: string;
  lease_status_at_schedule: string;
  lease_effect: string | null;
  completed_at: string | null;
  fees: number;
  transaction_count: number;
  created_at: string;
  updated_at: string;
}

export interface PickupTx extends StoredItem {
  id: string;
  pickup_id: string;
  lease_uuid: string;
  store_id: string;
  retailer_id: string;
  store_name: string;
  type: PickupTxType;
  amount: number;
  note: string;
  status_after: PickupStatus;
  occurred_at: string;
  by: string;
}

const NOUN = 'merchant.resource.pickup';
const TX_NOUN = 'merchant.resource.pickupTx';

const storeFilter = ownerFilter('store', 'merchant.field.store');

const row = (p: Pickup) => ({
  id: p.id,
  lease_uuid: p.lease_uuid,
  applicant_name: p.applicant_name,
  store_id: p.store_id,
  store_name: p.store_name,
  retailer_id: p.retailer_id,
  type: p.type,
  status: p.status,
  scheduled_date: p.scheduled_date,
  window: p.window,
  merchandise: p.merchandise,
  lease_effect: p.lease_effect,
  fees: p.fees,
  transaction_count: p.transaction_count,
  created_at: p.created_at,
});

const body = z.object({
  lease_uuid: z.optional(
    z.string('merchant.validation.lease').check(z.regex(/^[0-9a-f-]{36}$/, 'merchant.validation.lease')),
  ),
  type: z.optional(z.enum(PICKUP_TYPES, 'staff.validation.inList')),
  scheduled_date: z.optional(isoDate()),
  window: z.optional(z.enum(PICKUP_WINDOWS, 'staff.validation.inList')),
  address: z.optional(text(500, false)),
  merchandise: z.optional(text(1000, false)),
  notes: z.optional(text(2000, false)),
  v: z.optional(z.number()),
});

const today = (c: ResourceCtx) => c.deps.clock().toISOString().slice(0, 10);

export const pickupsDef: ResourceDef<Pickup> = {
  path: 'pickups',
  noun: NOUN,
  entity: 'pickup',
  sortFields: ['scheduled_date', 'created_at'],
  defaultSort: 'scheduled_date',
  filters: [
    choiceFilter('status', 'merchant.field.pickup_status', options('merchant.pickupStatus', PICKUP_STATUSES)),
    storeFilter,
  ],
  ...merchantStorage<Pickup>('PICKUP'),
  row,
  scopes: (p) => ['*', `status=${p.status}`, `retailer=${p.retailer_id}`, `store=${p.store_id}`],
  tenant: storeRecordTenant,
  view: (_c, p) => ({
    ...row(p),
    address: p.address,
    notes: p.notes,
    lease_status_at_schedule: p.lease_status_at_schedule,
    completed_at: p.completed_at,
    v: p.v,
  }),
  async form(c, p) {
    const closed = !!p && p.status !== 'scheduled';
    return {
      ...formTarget('pickups', p, { edit: 'merchant.form.editPickup', new: 'merchant.form.newPickup' }),
      values: p
        ? { ...row(p), address: p.address, notes: p.notes, v: p.v }
        : {
            type: 'return',
            scheduled_date: today(c),
            window: PICKUP_WINDOWS[0],
            address: '',
            merchandise: '',
            notes: '',
          },
      buttons: saveButtons,
      children: [
        section('merchant.section.pickup', [
          field('input', 'lease_uuid', {
            label: 'merchant.field.lease_uuid',
            required: true,
            disabled: !!p,
            hint: 'merchant.hint.leaseUuid',
          }),
          field('radio', 'type', {
            label: 'merchant.field.pickup_type',
            options: options('merchant.pickupType', PICKUP_TYPES),
            disabled: closed,
          }),
          field('date', 'scheduled_date', { label: 'merchant.field.scheduled_date', required: true, disabled: closed }),
          field('select', 'window', {
            label: 'merchant.field.window',
            required: true,
            options: PICKUP_WINDOWS.map((w) => ({ value: w, text: w })),
            disabled: closed,
          }),
          field('textarea', 'merchandise', { label: 'merchant.field.merchandise' }),
          field('textarea', 'address', { label: 'merchant.field.pickup_address' }),
          field('textarea', 'notes', { label: 'merchant.field.notes' }),
        ]),
      ],
    };
  },
  async create(c, input) {
    const b = parseFor(c, pickupsDef, body, input);
    const errors: Record<string, string[]> = {};
    if (!b.lease_uuid) errors.lease_uuid = ['staff.validation.required'];
    if (!b.scheduled_date) errors.scheduled_date = ['staff.validation.required'];
    else if (b.scheduled_date < today(c)) errors.scheduled_date = ['merchant.validation.pastDate'];
    if (!b.window) errors.window = ['staff.validation.required'];
    if (Object.keys(errors).length) throw unableToSave(c, pickupsDef, errors);
    // The lease: 404 when unknown, 403 for another tenant's.
    const { app, lease, store } = await loadLeaseFor(c, b.lease_uuid!);
    const id = newId('pku');
    const at = c.deps.clock().toISOString();
    return await createItem(c.deps.db, {
      ...merchantKey('PICKUP', id),
      entity: 'pickup',
      id,
      lease_uuid: lease.uuid,
      applicant_name: applicantNameOf(app),
      store_id: lease.storeId,
      store_name: store?.name ?? lease.storeId,
      retailer_id: lease.retailerId,
      retailer_name: store?.retailer.name ?? lease.retailerId,
      type: b.type ?? 'return',
      status: 'scheduled',
      scheduled_date: b.scheduled_date!,
      window: b.window!,
      address: b.address ?? '',
      merchandise: b.merchandise ?? '',
      notes: b.notes ?? '',
      lease_status_at_schedule: lease.status.code,
      lease_effect: null,
      completed_at: null,
      fees: 0,
      transaction_count: 0,
      created_at: at,
      updated_at: at,
    });
  },
  async update(c, p, input) {
    const b = parseFor(c, pickupsDef, body, input);
    if (b.lease_uuid !== undefined && b.lease_uuid !== p.lease_uuid)
      throw unableToSave(c, pickupsDef, { lease_uuid: ['merchant.validation.leaseFixed'] });
    const rescheduling = b.scheduled_date !== undefined && b.scheduled_date !== p.scheduled_date;
    if (
      p.status !== 'scheduled' &&
      (rescheduling || (b.window !== undefined && b.window !== p.window) || (b.type !== undefined && b.type !== p.type))
    ) {
      throw unableToSave(c, pickupsDef, { scheduled_date: ['merchant.validation.pickupClosed'] });
    }
    if (rescheduling && b.scheduled_date! < today(c))
      throw unableToSave(c, pickupsDef, { scheduled_date: ['merchant.validation.pastDate'] });
    return saveVersioned(c.deps.db, p, {
      ...p,
      type: b.type ?? p.type,
      scheduled_date: b.scheduled_date ?? p.scheduled_date,
      window: b.window ?? p.window,
      address: b.address ?? p.address,
      merchandise: b.merchandise ?? p.merchandise,
      notes: b.notes ?? p.notes,
      updated_at: c.deps.clock().toISOString(),
    });
  },
};

// ---- transactions ----
const txRow = (x: PickupTx) => ({
  id: x.id,
  pickup_id: x.pickup_id,
  lease_uuid: x.lease_uuid,
  store_id: x.store_id,
  store_name: x.store_name,
  type: x.type,
  amount: x.amount,
  note: x.note,
  status_after: x.status_after,
  occurred_at: x.occurred_at,
  by: x.by,
});

const txBody = z.object({
  pickup_id: z.optional(idText()),
  type: z.optional(z.enum(PICKUP_TX_TYPES, 'staff.validation.inList')),
  amount: z.optional(cents()),
  note: z.optional(text(2000, false)),
});

/** The lease effect a completed pick-up records (the lease's own status is not changed: see the header). */
const leaseEffectOf = (type: PickupType) =>
  type === 'repossession' ? 'merchandise_repossessed' : 'merchandise_returned';

export const pickupTxDef: ResourceDef<PickupTx> = {
  path: 'pickup-transactions',
  noun: TX_NOUN,
  entity: 'pickup-tx',
  sortFields: ['occurred_at'],
  defaultSort: 'occurred_at',
  defaultDesc: true,
  filters: [
    {
      name: 'pickup',
      field: { type: 'hidden', name: 'pickup', label: 'merchant.field.pickup' },
      scope: (v) => (/^pku-[0-9a-f-]{36}$/.test(v) ? `pickup=${v}` : undefined),
      matches: (r, v) => r.pickup_id === v,
    },
    choiceFilter('type', 'merchant.field.tx_type', options('merchant.txType', PICKUP_TX_TYPES)),
  ],
  ...merchantStorage<PickupTx>('PICKUPTX'),
  row: txRow,
  scopes: (x) => ['*', `pickup=${x.pickup_id}`, `type=${x.type}`, `retailer=${x.retailer_id}`, `store=${x.store_id}`],
  tenant: storeRecordTenant,
  view: (_c, x) => ({ ...txRow(x), v: x.v }),
  async form(_c) {
    return {
      title: 'merchant.form.newPickupTx',
      action: '/staff/api/pickup-transactions',
      values: { pickup_id: null, type: 'note', amount: 0, note: '' },
      buttons: saveButtons,
      children: [
        section('merchant.section.pickupTx', [
          field('select', 'pickup_id', {
            label: 'merchant.field.pickup',
            required: true,
            url: '/staff/api/pickups',
            valueKey: 'id',
            textKey: 'applicant_name',
          }),
          field('select', 'type', {
            label: 'merchant.field.tx_type',
            required: true,
            options: options('merchant.txType', PICKUP_TX_TYPES),
          }),
          field('money', 'amount', {
            label: 'merchant.field.amount',
            conditions: [{ ref: 'type', operator: '==', values: ['fee'] }],
          }),
          field('textarea', 'note', { label: 'merchant.field.note' }),
        ]),
      ],
    };
  },
  async create(c, input) {
    const b = parseFor(c, pickupTxDef, txBody, input);
    const errors = requiredErrors(b, ['pickup_id', 'type']);
    if (b.type === 'fee' && !b.amount) errors.amount = ['merchant.validation.amountRequired'];
    if (Object.keys(errors).length) throw unableToSave(c, pickupTxDef, errors);
    for (let attempt = 0; attempt < 4; attempt++) {
      const pickup = await loadForAccess(c, pickupsDef, b.pickup_id!);
      const status = pickupStatusAfter(pickup.status, b.type!);
      if (!status)
        throw conflict(
          t(c, 'merchant.pickup.txNotAllowed', {
            type: t(c, `merchant.txType.${b.type}`),
            status: t(c, `merchant.pickupStatus.${pickup.status}`),
          }),
        );
      const at = c.deps.clock().toISOString();
      const completes = pickup.status === 'scheduled' && status === 'completed';
      const amount = b.type === 'fee' ? (b.amount ?? 0) : 0;
      let next: Pickup;
      try {
        next = await saveVersioned(c.deps.db, pickup, {
          ...pickup,
          status,
          fees: pickup.fees + amount,
          transaction_count: pickup.transaction_count + 1,
          completed_at: completes ? at : pickup.completed_at,
          lease_effect: completes ? leaseEffectOf(pickup.type) : pickup.lease_effect,
          updated_at: at,
        });
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 409 && attempt < 3) continue;
        throw error;
      }
      await syncRow(c, pickupsDef, pickup, next);
      if (completes) {
        // The pick-up is done whatever the lease says; a lease that cannot take it keeps it in its timeline only.
        await recordMerchandiseReturned(c, pickup.lease_uuid, {
          pickupId: pickup.id,
          type: pickup.type,
          at,
        }).catch((error) =>
          c.deps.log.warn('the lease did not record the returned merchandise', {
            pickup: pickup.id,
            error: String(error),
          }),
        );
      }
      const id = newId('pkt');
      return await createItem(c.deps.db, {
        ...merchantKey('PICKUPTX', id),
        entity: 'pickup-tx',
        id,
        pickup_id: pickup.id,
        lease_uuid: pickup.lease_uuid,
        store_id: pickup.store_id,
        store_name: pickup.store_name,
        retailer_id: pickup.retailer_id,
        type: b.type!,
        amount,
        note: b.note ?? '',
        status_after: status,
        occurred_at: at,
        by: c.actor.username,
      });
    }
    throw conflict(t(c, 'merchant.pickup.busy'));
  },
};
