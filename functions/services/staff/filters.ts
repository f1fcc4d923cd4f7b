import type { FieldOption, FieldSchema } from '../../../machines/contracts/form-schema.ts';
import { GUARDS } from '../../../machines/domain/permissions.ts';
import type { FilterDef } from './resource.ts';

// List filters that several staff resources share: the same select, the same partition and the same row test.

const YES_NO: FieldOption[] = [
  { value: 'true', text: 'staff.option.yes' },
  { value: 'false', text: 'staff.option.no' },
];

/** Yes or no over a boolean row field `name`; its list partition is `<partition>=true|false`. */
export const yesNoFilter = (name: string, label: string, partition = name): FilterDef => ({
  name,
  field: { type: 'select', name, label, options: YES_NO },
  scope: (v) => (v === 'true' || v === 'false' ? `${partition}=${v}` : undefined),
  matches: (row, v) => String(row[name]) === v,
});

/** One of a fixed set of values of the row field `name` (a list partition per value). */
export const choiceFilter = (name: string, label: string, options: readonly FieldOption[]): FilterDef => {
  const values = options.map((o) => String(o.value));
  return {
    name,
    field: { type: 'select', name, label, options: [...options] },
    scope: (v) => (values.includes(v) ? `${name}=${v}` : undefined),
    matches: (row, v) => row[name] === v,
  };
};

/** The select of a list filter that picks a store or a retailer from that resource's list. */
export const ownerSelect = (owner: 'store' | 'retailer', label: string): FieldSchema => ({
  type: 'select',
  name: owner,
  label,
  url: `/staff/api/${owner}s`,
  valueKey: 'id',
  textKey: 'name',
});

/** The store or the retailer a row is filed under (`store_id`, `retailer_id`), picked from that resource's list. */
export const ownerFilter = (owner: 'store' | 'retailer', label: string): FilterDef => ({
  name: owner,
  field: ownerSelect(owner, label),
  scope: (v) => `${owner}=${v}`,
  matches: (row, v) => row[`${owner}_id`] === v,
});

/** The guard of a user or a role. */
export const guardFilter = (): FilterDef =>
  choiceFilter(
    'guard',
    'staff.field.guard',
    GUARDS.map((g) => ({ value: g, text: `staff.guard.${g}` })),
  );
