import { randomUUID } from 'node:crypto';
import type { FieldSchema } from '../../../machines/contracts/form-schema.ts';
import type { $ZodType } from 'zod/v4/core';
import { crmKey, getCrmRecord, type CrmKind } from '../../data/crm.ts';
import { createItem, deleteItem, saveVersioned, type StoredItem } from '../../data/items.ts';
import type { ListRow } from '../../data/staff/lists.ts';
import type { Tenant } from '../staff/actor.ts';
import {
  parseFor,
  saveButtons,
  section,
  unableToSave,
  type FilterDef,
  type ResourceCtx,
  type ResourceDef,
} from '../staff/resource.ts';

// One shape for the CRM, marketing, push and slide resources on top of the generic staff resource layer: a body
// schema whose fields are all optional (required ones are listed), merged over the record's editable values on an
// update, then `build` turns it into stored fields (references checked, derived values computed).

export interface CrmRecord extends StoredItem {
  id: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  [field: string]: unknown;
}

export interface CrmSpec<R extends CrmRecord> {
  kind: CrmKind;
  path: string;
  noun: string;
  entity: string;
  idPrefix: string;
  sortFields: readonly string[];
  defaultSort: string;
  defaultDesc?: boolean;
  filters?: readonly FilterDef[];
  schema: $ZodType;
  required: readonly string[];
  titles: { new: string; edit: string; section: string };
  fields(c: ResourceCtx, record?: R): FieldSchema[] | Promise<FieldSchema[]>;
  defaults?(c: ResourceCtx): Record<string, unknown>;
  /** The record's editable values (the form's values, and the base an update is merged over). */
  values(record: R): Record<string, unknown>;
  build(c: ResourceCtx, input: Record<string, unknown>, previous?: R): Promise<Record<string, unknown>>;
  row(record: R): ListRow;
  scopes?(record: R): string[];
  tenant?(record: R): Tenant;
  view?(c: ResourceCtx, record: R): unknown;
  /** Called after a create or update is stored (e.g. a push notification due now is sent). */
  after?(c: ResourceCtx, record: R): Promise<R>;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function crmResource<R extends CrmRecord>(spec: CrmSpec<R>): ResourceDef<R> {
  const def: ResourceDef<R> = {
    path: spec.path,
    noun: spec.noun,
    entity: spec.entity,
    sortFields: spec.sortFields,
    defaultSort: spec.defaultSort,
    defaultDesc: spec.defaultDesc,
    filters: spec.filters ?? [],
    rowPk: (id) => crmKey(spec.kind, id).pk,
    load: (c, id) => getCrmRecord<R>(c.deps.db, spec.kind, id, c.deps.clock()),
    // eslint-disable-next-line @typescript-eslint/unbound-method -- specs are plain objects whose row never reads `this`
    row: spec.row,
    scopes: (r) => spec.scopes?.(r) ?? ['*'],
    tenant: (r) => spec.tenant?.(r) ?? {},
    view: (c, r) => (spec.view ? spec.view(c, r) : { ...spec.row(r), ...spec.values(r), v: r.v }),
    async form(c, r) {
      return {
        title: r ? spec.titles.edit : spec.titles.new,
        action: r ? `/staff/api/${spec.path}/{id}` : `/staff/api/${spec.path}`,
        params: r ? { id: r.id } : undefined,
        values: r ? { ...spec.values(r), v: r.v } : (spec.defaults?.(c) ?? {}),
        buttons: saveButtons,
        children: [section(spec.titles.section, await spec.fields(c, r))],
      };
    },
    async create(c, input) {
      const body = parseFor(c, def, spec.schema, input) as Record<string, unknown>;
      const built = await checked(c, body);
      const id = `${spec.idPrefix}-${randomUUID()}`;
      const now = c.deps.clock().toISOString();
      const record = (await createItem(c.deps.db, {
        ...crmKey(spec.kind, id),
        entity: spec.entity,
        id,
        ...built,
        created_at: now,
        updated_at: now,
        created_by: c.actor.userId,
      })) as unknown as R;
      return spec.after ? spec.after(c, record) : record;
    },
    async update(c, record, input) {
      const body = parseFor(c, def, spec.schema, input) as Record<string, unknown>;
      const merged: Record<string, unknown> = { ...spec.values(record) };
      for (const [k, v] of Object.entries(body)) if (v !== undefined && k !== 'v') merged[k] = v;
      const built = await checked(c, merged, record);
      const saved = await saveVersioned(c.deps.db, record, {
        ...record,
        ...built,
        updated_at: c.deps.clock().toISOString(),
      });
      return spec.after ? spec.after(c, saved) : saved;
    },
    async remove(c, record) {
      await deleteItem(c.deps.db, crmKey(spec.kind, record.id));
      return undefined;
    },
  };
  async function checked(c: ResourceCtx, body: Record<string, unknown>, previous?: R) {
    const errors: Record<string, string[]> = {};
    for (const name of spec.required) if (blank(body[name])) errors[name] = ['staff.validation.required'];
    if (Object.keys(errors).length) throw unableToSave(c, def, errors);
    return spec.build(c, body, previous);
  }
  return def;
}

/** A filter over one row field with a fixed set of values (a list partition per value). */
export const choiceFilter = (name: string, values: readonly string[], label = `crm.field.${name}`): FilterDef => ({
  name,
  field: { type: 'select', name, label, options: values.map((v) => ({ value: v, text: `crm.option.${name}.${v}` })) },
  scope: (value) => (values.includes(value) ? `${name}=${value}` : undefined),
  matches: (row, value) => row[name] === value,
});

export const options = (name: string, values: readonly string[]) =>
  values.map((v) => ({ value: v, text: `crm.option.${name}.${v}` }));

export { unableToSave };
