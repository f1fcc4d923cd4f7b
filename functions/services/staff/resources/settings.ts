import * as z from 'zod/mini';
import { createItem, deleteItem, saveVersioned } from '../../../data/items.ts';
import { getRecord, recordKey } from '../../../data/staff/records.ts';
import type { StoredItem } from '../../../data/items.ts';
import {
  field,
  parseFor,
  saveButtons,
  section,
  text,
  unableToDelete,
  unableToSave,
  type ResourceCtx,
  type ResourceDef,
} from '../resource.ts';
// A cycle, used at call time only; a static import keeps the bundle tree-shakable (a dynamic import() makes esbuild
// wrap this module and everything it reaches, the whole DynamoDB client included).
import { rolesDef } from './roles.ts';

// Settings: pk SETTING#<key>. Built-in ones (seeded) have a fixed type and cannot be deleted; staff may add others.
export type SettingType = 'number' | 'boolean' | 'string' | 'role';

export interface SettingItem extends StoredItem, SettingSeed {
  created_at: string;
}

const NOUN = 'staff.resource.setting';

export { getSettingValue } from './lookups.ts';

const valueSchema = (type: SettingType) =>
  type === 'number'
    ? z
        .number('staff.validation.number')
        .check(z.gte(0, 'staff.validation.range'), z.lte(1_000_000, 'staff.validation.range'))
    : type === 'boolean'
      ? z.boolean('staff.validation.boolean')
      : text(2000, false);

const createBody = z.object({
  key: z.string('staff.validation.settingKey').check(z.regex(/^[a-z][a-z0-9_]{1,63}$/, 'staff.validation.settingKey')),
  label: text(255),
  type: z.enum(['number', 'boolean', 'string'], 'staff.validation.inList'),
  value: z.unknown(),
  description: z.optional(text(1000, false)),
});

const row = (s: SettingItem) => ({
  id: s.id,
  key: s.key,
  label: s.label,
  type: s.type,
  value: s.value,
  description: s.description,
  builtin: s.builtin,
});

async function checkValue(c: ResourceCtx, type: SettingType, value: unknown) {
  if (type === 'role') {
    if (value === null || value === '') return null;
    if (typeof value !== 'string' || !(await rolesDef.load(c, value)))
      throw unableToSave(c, settingsDef, { value: ['staff.validation.roleNotFound'] });
    return value;
  }
  return parseFor(c, settingsDef, z.object({ value: valueSchema(type) }), { value }).value;
}

export const settingsDef: ResourceDef<SettingItem> = {
  path: 'settings',
  noun: NOUN,
  entity: 'setting',
  sortFields: ['key', 'label'],
  defaultSort: 'key',
  filters: [],
  rowPk: (id) => recordKey('SETTING', id).pk,
  load: (c, id) => getRecord<SettingItem>(c.deps.db, 'SETTING', id, c.deps.clock()),
  row,
  scopes: () => ['*'],
  tenant: () => ({}),
  view: (_c, s) => ({ ...row(s), v: s.v }),
  async form(c, s) {
    const valueField =
      s?.type === 'boolean'
        ? field('switch', 'value', { switch: true })
        : s?.type === 'number'
          ? field('number', 'value', { min: 0 })
          : s?.type === 'role'
            ? field('select', 'value', { url: '/staff/api/roles', valueKey: 'id', textKey: 'name' })
            : field('input', 'value', {});
    return {
      title: s ? 'staff.form.editSetting' : 'staff.form.newSetting',
      action: s ? '/staff/api/settings/{id}' : '/staff/api/settings',
      params: s ? { id: s.id } : undefined,
      values: s ? { ...row(s), v: s.v } : { type: 'string', value: '' },
      buttons: saveButtons,
      children: [
        section('staff.section.setting', [
          field('input', 'key', { required: true, disabled: !!s }),
          field('input', 'label', { required: true, readonly: s?.builtin }),
          ...(s
            ? []
            : [
                field('select', 'type', {
                  options: ['string', 'number', 'boolean'].map((v) => ({ value: v, text: `staff.option.type.${v}` })),
                }),
              ]),
          valueField,
          field('textarea', 'description', {}),
        ]),
      ],
    };
  },
  async create(c, input) {
    const b = parseFor(c, settingsDef, createBody, input);
    const value = await checkValue(c, b.type, b.value);
    try {
      return await createItem(c.deps.db, {
        ...recordKey('SETTING', b.key),
        entity: 'setting',
        id: b.key,
        key: b.key,
        label: b.label,
        type: b.type,
        value,
        description: b.description ?? '',
        builtin: false,
        created_at: c.deps.clock().toISOString(),
      });
    } catch {
      throw unableToSave(c, settingsDef, { key: ['staff.validation.nameTaken'] });
    }
  },
  async update(c, s, input) {
    const b = parseFor(
      c,
      settingsDef,
      z.object({ label: z.optional(text(255)), value: z.unknown(), description: z.optional(text(1000, false)) }),
      input,
    );
    const value = 'value' in input ? await checkValue(c, s.type, b.value) : s.value;
    return saveVersioned(c.deps.db, s, {
      ...s,
      label: s.builtin ? s.label : (b.label ?? s.label),
      value,
      description: b.description ?? s.description,
    });
  },
  async remove(c, s) {
    if (s.builtin) throw unableToDelete(c, settingsDef, 'staff.setting.builtin', 422);
    await deleteItem(c.deps.db, recordKey('SETTING', s.id));
    return undefined;
  },
};

/** The built-in settings (seed 001 sections 6 and 9); values are defaults an admin changes. */
export interface SettingSeed {
  id: string;
  key: string;
  label: string;
  type: SettingType;
  value: unknown;
  description: string;
  builtin: boolean;
}

export const BUILTIN_SETTINGS: SettingSeed[] = [
  {
    id: 'default_role',
    key: 'default_role',
    label: 'Default role for new users',
    type: 'role',
    value: 'role-store-manager',
    description: 'Given to users created without a role (when it belongs to their guard).',
    builtin: true,
  },
  {
    id: 'days_to_search_previous_applications',
    key: 'days_to_search_previous_applications',
    label: 'Days to search for previous applications',
    type: 'number',
    value: 180,
    description: "How far back an applicant's earlier applications are looked up.",
    builtin: true,
  },
  {
    id: 'scored_denials_allowed',
    key: 'scored_denials_allowed',
    label: 'Scored denials allowed',
    type: 'number',
    value: 3,
    description: 'Scored denials an applicant may have before new applications are refused.',
    builtin: true,
  },
  {
    id: 'store_age_days_for_denial_overrides',
    key: 'store_age_days_for_denial_overrides',
    label: 'Store age in days for denial overrides',
    type: 'number',
    value: 90,
    description: 'A store younger than this may not override denials.',
    builtin: true,
  },
  {
    id: 'executed_leases_examined_for_new_stores',
    key: 'executed_leases_examined_for_new_stores',
    label: 'Executed leases examined for new stores',
    type: 'number',
    value: 25,
    description: 'Leases reviewed before a new store leaves probation.',
    builtin: true,
  },
  {
    id: 'contract_pin_required',
    key: 'contract_pin_required',
    label: 'Contract PIN required',
    type: 'boolean',
    value: true,
    description: 'Ask for a PIN before a contract is signed.',
    builtin: true,
  },
];
