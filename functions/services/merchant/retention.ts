import * as z from 'zod/mini';
import {
  DEFAULT_RETENTION_BASIS_POINTS,
  MAX_RETENTION_BASIS_POINTS,
  RETENTION_ENTRY_KINDS,
  withheldCents,
  type RetentionEntryKind,
} from '../../../machines/domain/merchant.ts';
import { createItem, saveVersioned, type StoredItem } from '../../data/items.ts';
import { getMerchantRecord, merchantKey } from '../../data/merchant.ts';
import { storeRecordTenant } from '../staff/actor.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import {
  requiredErrors,
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
import {
  cents,
  idText,
  isoDate,
  merchantStorage,
  newId,
  options,
  storeFor,
  storeSelect,
  type StoreRef,
} from './common.ts';

// Retention Money (seed 001): a share of each funding paid to a store is withheld (the store's percentage, 5% unless
// set) and paid out to the store later. One account per store (its summary: withheld, paid, balance) and its entries
// (withholdings and payments). Tenancy by store.

export interface RetentionAccount extends StoredItem, StoreRef {
  id: string;
  basis_points: number;
  withheld_total: number;
  paid_total: number;
  entry_count: number;
  last_entry_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RetentionEntry extends StoredItem, StoreRef {
  id: string;
  kind: RetentionEntryKind;
  funded_amount: number;
  basis_points: number;
  amount: number;
  lease_uuid: string;
  reference: string;
  note: string;
  entry_date: string;
  balance_after: number;
  by: string;
  created_at: string;
}

const NOUN = 'merchant.resource.retention';
const ENTRY_NOUN = 'merchant.resource.retentionEntry';

const storeFilter = ownerFilter('store', 'merchant.field.store');

const percentage = () =>
  z
    .number('staff.validation.number')
    .check(z.gte(0, 'staff.validation.range'), z.lte(MAX_RETENTION_BASIS_POINTS / 100, 'staff.validation.range'));
const toBasisPoints = (pct: number) => Math.round(pct * 100);

const row = (a: RetentionAccount) => ({
  id: a.id,
  store_id: a.store_id,
  store_name: a.store_name,
  retailer_id: a.retailer_id,
  retailer_name: a.retailer_name,
  percentage: a.basis_points / 100,
  withheld_total: a.withheld_total,
  paid_total: a.paid_total,
  balance: a.withheld_total - a.paid_total,
  entry_count: a.entry_count,
  last_entry_at: a.last_entry_at,
});

const accountBody = z.object({
  store_id: z.optional(idText()),
  percentage: z.optional(percentage()),
  v: z.optional(z.number()),
});

function newAccount(c: ResourceCtx, store: StoreRef, basisPoints: number) {
  const at = c.deps.clock().toISOString();
  return {
    ...merchantKey('RETENTION', store.store_id),
    entity: 'retention-account',
    id: store.store_id,
    ...store,
    basis_points: basisPoints,
    withheld_total: 0,
    paid_total: 0,
    entry_count: 0,
    last_entry_at: null,
    created_at: at,
    updated_at: at,
  };
}

export const retentionDef: ResourceDef<RetentionAccount> = {
  path: 'retention',
  noun: NOUN,
  entity: 'retention-account',
  sortFields: ['store_name', 'balance'],
  defaultSort: 'store_name',
  filters: [storeFilter],
  ...merchantStorage<RetentionAccount>('RETENTION'),
  row,
  scopes: (a) => ['*', `retailer=${a.retailer_id}`, `store=${a.store_id}`],
  tenant: storeRecordTenant,
  view: (_c, a) => ({ ...row(a), v: a.v }),
  async form(_c, a) {
    return {
      ...formTarget('retention', a, { edit: 'merchant.form.editRetention', new: 'merchant.form.newRetention' }),
      values: a ? { ...row(a), v: a.v } : { store_id: null, percentage: DEFAULT_RETENTION_BASIS_POINTS / 100 },
      buttons: saveButtons,
      children: [
        section('merchant.section.retention', [
          storeSelect({ disabled: !!a }),
          field('number', 'percentage', {
            label: 'merchant.field.percentage',
            min: 0,
            max: MAX_RETENTION_BASIS_POINTS / 100,
            step: 0.01,
            required: true,
            hint: 'merchant.hint.percentage',
          }),
        ]),
      ],
    };
  },
  async create(c, input) {
    const b = parseFor(c, retentionDef, accountBody, input);
    if (!b.store_id) throw unableToSave(c, retentionDef, { store_id: ['staff.validation.required'] });
    const store = await storeFor(c, retentionDef, b.store_id);
    try {
      return await createItem(
        c.deps.db,
        newAccount(c, store, b.percentage === undefined ? DEFAULT_RETENTION_BASIS_POINTS : toBasisPoints(b.percentage)),
      );
    } catch {
      throw unableToSave(c, retentionDef, { store_id: ['merchant.validation.accountExists'] });
    }
  },
  async update(c, a, input) {
    const b = parseFor(c, retentionDef, accountBody, input);
    if (b.store_id !== undefined && b.store_id !== a.store_id)
      throw unableToSave(c, retentionDef, { store_id: ['merchant.validation.storeFixed'] });
    return saveVersioned(c.deps.db, a, {
      ...a,
      basis_points: b.percentage === undefined ? a.basis_points : toBasisPoints(b.percentage),
      updated_at: c.deps.clock().toISOString(),
    });
  },
};

// ---- entries ----
const entryRow = (e: RetentionEntry) => ({
  id: e.id,
  kind: e.kind,
  store_id: e.store_id,
  store_name: e.store_name,
  retailer_id: e.retailer_id,
  funded_amount: e.funded_amount,
  percentage: e.basis_points / 100,
  amount: e.amount,
  lease_uuid: e.lease_uuid,
  reference: e.reference,
  note: e.note,
  entry_date: e.entry_date,
  balance_after: e.balance_after,
  by: e.by,
  created_at: e.created_at,
});

const entryBody = z.object({
  kind: z.optional(z.enum(RETENTION_ENTRY_KINDS, 'staff.validation.inList')),
  store_id: z.optional(idText()),
  funded_amount: z.optional(cents()),
  amount: z.optional(cents()),
  lease_uuid: z.optional(
    z.union([
      z.literal(''),
      z.string('merchant.validation.lease').check(z.regex(/^[0-9a-f-]{36}$/, 'merchant.validation.lease')),
    ]),
  ),
  reference: z.optional(text(255, false)),
  note: z.optional(text(2000, false)),
  entry_date: z.optional(isoDate()),
});

export const retentionEntriesDef: ResourceDef<RetentionEntry> = {
  path: 'retention-entries',
  noun: ENTRY_NOUN,
  entity: 'retention-entry',
  sortFields: ['created_at'],
  defaultSort: 'created_at',
  defaultDesc: true,
  filters: [
    choiceFilter('kind', 'merchant.field.entry_kind', options('merchant.entryKind', RETENTION_ENTRY_KINDS)),
    storeFilter,
  ],
  ...merchantStorage<RetentionEntry>('RETENTIONENTRY'),
  row: entryRow,
  scopes: (e) => ['*', `kind=${e.kind}`, `retailer=${e.retailer_id}`, `store=${e.store_id}`],
  tenant: storeRecordTenant,
  view: (_c, e) => ({ ...entryRow(e), v: e.v }),
  async form(c) {
    return {
      title: 'merchant.form.newRetentionEntry',
      action: '/staff/api/retention-entries',
      values: {
        kind: 'payment',
        store_id: null,
        funded_amount: 0,
        amount: 0,
        lease_uuid: '',
        reference: '',
        note: '',
        entry_date: c.deps.clock().toISOString().slice(0, 10),
      },
      buttons: saveButtons,
      children: [
        section('merchant.section.retentionEntry', [
          field('radio', 'kind', {
            label: 'merchant.field.entry_kind',
            options: options('merchant.entryKind', RETENTION_ENTRY_KINDS),
          }),
          storeSelect(),
          field('money', 'funded_amount', {
            label: 'merchant.field.funded_amount',
            hint: 'merchant.hint.fundedAmount',
            conditions: [{ ref: 'kind', operator: '==', values: ['withholding'] }],
          }),
          field('money', 'amount', {
            label: 'merchant.field.payment_amount',
            conditions: [{ ref: 'kind', operator: '==', values: ['payment'] }],
          }),
          field('date', 'entry_date', { label: 'merchant.field.entry_date', required: true }),
          field('input', 'lease_uuid', { label: 'merchant.field.lease_uuid' }),
          field('input', 'reference', { label: 'merchant.field.reference' }),
          field('textarea', 'note', { label: 'merchant.field.note' }),
        ]),
      ],
    };
  },
  async create(c, input) {
    const b = parseFor(c, retentionEntriesDef, entryBody, input);
    const errors = requiredErrors(b, ['kind', 'store_id']);
    if (b.kind === 'withholding' && !b.funded_amount) errors.funded_amount = ['merchant.validation.amountRequired'];
    if (b.kind === 'payment' && !b.amount) errors.amount = ['merchant.validation.amountRequired'];
    if (Object.keys(errors).length) throw unableToSave(c, retentionEntriesDef, errors);
    const store = await storeFor(c, retentionEntriesDef, b.store_id!);
    return recordRetentionEntry(c, store, {
      kind: b.kind!,
      funded_amount: b.kind === 'withholding' ? b.funded_amount! : 0,
      amount: b.kind === 'payment' ? b.amount! : undefined,
      lease_uuid: b.lease_uuid ?? '',
      reference: b.reference ?? '',
      note: b.note ?? '',
      entry_date: b.entry_date ?? c.deps.clock().toISOString().slice(0, 10),
    });
  },
};

/**
 * Records a withholding (the account's share of a funding) or a payment (at most the balance) and updates the
 * store's account (created at the default percentage when the store has none) with an optimistic write.
 */
export async function recordRetentionEntry(
  c: ResourceCtx,
  store: StoreRef,
  e: {
    kind: RetentionEntryKind;
    funded_amount: number;
    amount?: number;
    lease_uuid: string;
    reference: string;
    note: string;
    entry_date: string;
  },
): Promise<RetentionEntry> {
  for (let attempt = 0; attempt < 4; attempt++) {
    let account = await getMerchantRecord<RetentionAccount>(c.deps.db, 'RETENTION', store.store_id, c.deps.clock());
    if (!account) {
      try {
        account = await createItem(c.deps.db, newAccount(c, store, DEFAULT_RETENTION_BASIS_POINTS));
        await syncRow(c, retentionDef, undefined, account);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 409) continue;
        throw error;
      }
    }
    const balance = account.withheld_total - account.paid_total;
    const amount = e.kind === 'withholding' ? withheldCents(e.funded_amount, account.basis_points) : e.amount!;
    if (e.kind === 'payment' && amount > balance) {
      throw unableToSave(c, retentionEntriesDef, {
        amount: [t(c, 'merchant.validation.overBalance', { balance: (balance / 100).toFixed(2) })],
      });
    }
    const at = c.deps.clock().toISOString();
    const withheld = account.withheld_total + (e.kind === 'withholding' ? amount : 0);
    const paid = account.paid_total + (e.kind === 'payment' ? amount : 0);
    let next: RetentionAccount;
    try {
      next = await saveVersioned(c.deps.db, account, {
        ...account,
        withheld_total: withheld,
        paid_total: paid,
        entry_count: account.entry_count + 1,
        last_entry_at: at,
        updated_at: at,
      });
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409 && attempt < 3) continue;
      throw error;
    }
    await syncRow(c, retentionDef, account, next);
    const id = newId('rte');
    return await createItem(c.deps.db, {
      ...merchantKey('RETENTIONENTRY', id),
      entity: 'retention-entry',
      id,
      ...store,
      kind: e.kind,
      funded_amount: e.funded_amount,
      basis_points: account.basis_points,
      amount,
      lease_uuid: e.lease_uuid,
      reference: e.reference,
      note: e.note,
      entry_date: e.entry_date,
      balance_after: withheld - paid,
      by: c.actor.username,
      created_at: at,
    });
  }
  throw conflict(t(c, 'merchant.retention.busy'));
}
