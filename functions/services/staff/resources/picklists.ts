import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  claimUnique,
  createItem,
  deleteItem,
  releaseUnique,
  saveVersioned,
  type StoredItem,
} from '../../../data/items.ts';
import { getRecord, recordKey } from '../../../data/staff/records.ts';
import {
  requiredErrors,
  bool,
  expectVersion,
  field,
  intIn,
  loadForAccess,
  notFoundError,
  parseFor,
  saveButtons,
  section,
  syncRow,
  text,
  unableToSave,
  type ResourceCtx,
  type ResourceDef,
} from '../resource.ts';

// Pick lists (pk PICKLIST#id) hold their items; an item needs a unique identifier and a unique label within its
// list (checked under the list's version, so two concurrent saves cannot both pass). Items are soft deleted and
// can be restored.
export interface PicklistEntry {
  id: string;
  identifier: string;
  label: string;
  order: number;
  active: boolean;
  deleted_at: string | null;
}

export interface PicklistItem extends StoredItem {
  id: string;
  identifier: string;
  name: string;
  description: string;
  items: PicklistEntry[];
  created_at: string;
}

const NOUN = 'staff.resource.picklist';
const ITEM_NOUN = { noun: 'staff.resource.picklistItem' };

const row = (p: PicklistItem) => ({
  id: p.id,
  identifier: p.identifier,
  name: p.name,
  description: p.description,
  items_count: p.items.filter((i) => !i.deleted_at).length,
  created_at: p.created_at,
});

const listBody = z.object({
  identifier: z.optional(
    z.string('staff.validation.identifier').check(z.regex(/^[a-z][a-z0-9_]{1,63}$/, 'staff.validation.identifier')),
  ),
  name: z.optional(text(255)),
  description: z.optional(text(1000, false)),
  v: z.optional(z.number()),
});

const itemBody = z.object({
  identifier: z.optional(
    z.string('staff.validation.identifier').check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'staff.validation.identifier')),
  ),
  label: z.optional(text(255)),
  order: z.optional(intIn(0, 100000)),
  active: z.optional(bool()),
  v: z.optional(z.number()),
});

export const picklistsDef: ResourceDef<PicklistItem> = {
  path: 'picklists',
  noun: NOUN,
  entity: 'picklist',
  sortFields: ['name', 'identifier', 'created_at'],
  defaultSort: 'name',
  filters: [],
  rowPk: (id) => recordKey('PICKLIST', id).pk,
  load: (c, id) => getRecord<PicklistItem>(c.deps.db, 'PICKLIST', id, c.deps.clock()),
  row,
  scopes: () => ['*'],
  tenant: () => ({}),
  view: (_c, p) => ({
    ...row(p),
    items: [...p.items].sort((a, b) => a.order - b.order || a.label.localeCompare(b.label)),
    v: p.v,
  }),
  form: async (_c, p) => ({
    title: p ? 'staff.form.editPicklist' : 'staff.form.newPicklist',
    action: p ? '/staff/api/picklists/{id}' : '/staff/api/picklists',
    params: p ? { id: p.id } : undefined,
    values: p ? { ...row(p), v: p.v } : {},
    buttons: saveButtons,
    children: [
      section('staff.section.picklist', [
        field('input', 'identifier', { required: true, disabled: !!p, hint: 'staff.hint.identifier' }),
        field('input', 'name', { required: true, max: 255 }),
        field('textarea', 'description', { max: 1000 }),
      ]),
    ],
  }),
  async create(c, input) {
    const b = parseFor(c, picklistsDef, listBody, input);
    const errors = requiredErrors(b, ['identifier', 'name']);
    if (Object.keys(errors).length) throw unableToSave(c, picklistsDef, errors);
    const id = `pl-${randomUUID()}`;
    if (!(await claimUnique(c.deps.db, 'picklist', b.identifier!, id)))
      throw unableToSave(c, picklistsDef, { identifier: ['staff.validation.nameTaken'] });
    return await createItem(c.deps.db, {
      ...recordKey('PICKLIST', id),
      entity: 'picklist',
      id,
      identifier: b.identifier!,
      name: b.name!,
      description: b.description ?? '',
      items: [],
      created_at: c.deps.clock().toISOString(),
    });
  },
  async update(c, p, input) {
    const b = parseFor(c, picklistsDef, listBody, input);
    if (b.identifier !== undefined && b.identifier !== p.identifier)
      throw unableToSave(c, picklistsDef, { identifier: ['staff.validation.identifierFixed'] });
    return saveVersioned(c.deps.db, p, { ...p, name: b.name ?? p.name, description: b.description ?? p.description });
  },
  async remove(c, p) {
    await deleteItem(c.deps.db, recordKey('PICKLIST', p.id));
    await releaseUnique(c.deps.db, 'picklist', p.identifier);
    return undefined;
  },
};

const norm = (s: string) => s.trim().toLowerCase();

function uniqueness(items: PicklistEntry[], candidate: Pick<PicklistEntry, 'id' | 'identifier' | 'label'>) {
  const errors: Record<string, string[]> = {};
  const others = items.filter((i) => i.id !== candidate.id && !i.deleted_at);
  if (others.some((i) => norm(i.identifier) === norm(candidate.identifier)))
    errors.identifier = ['staff.validation.picklistIdentifierTaken'];
  if (others.some((i) => norm(i.label) === norm(candidate.label)))
    errors.label = ['staff.validation.picklistLabelTaken'];
  return errors;
}

/** Adds, changes, deletes or restores an item of a pick list; the list's `v` in the body guards concurrent edits. */
export async function changePicklistItem(
  c: ResourceCtx,
  listId: string,
  action: 'create' | 'update' | 'delete' | 'restore',
  itemId: string | undefined,
  input: Record<string, unknown>,
) {
  const p = await loadForAccess(c, picklistsDef, listId);
  if (action !== 'create' && input.v === undefined) input = { ...input, v: p.v };
  expectVersion(c, picklistsDef, p, input);
  const b = parseFor(c, picklistsDef, itemBody, input);
  const items = [...p.items];
  const index = itemId === undefined ? -1 : items.findIndex((i) => i.id === itemId);
  if (action !== 'create' && index < 0) throw notFoundError(c, ITEM_NOUN);
  if (action === 'create') {
    const errors = requiredErrors(b, ['identifier', 'label']);
    if (Object.keys(errors).length) throw unableToSave(c, ITEM_NOUN, errors);
    const entry: PicklistEntry = {
      id: `pli-${randomUUID()}`,
      identifier: b.identifier!,
      label: b.label!,
      order: b.order ?? items.length,
      active: b.active ?? true,
      deleted_at: null,
    };
    const dup = uniqueness(items, entry);
    if (Object.keys(dup).length) throw unableToSave(c, ITEM_NOUN, dup);
    items.push(entry);
  } else if (action === 'update') {
    const entry = {
      ...items[index]!,
      ...(b.identifier !== undefined ? { identifier: b.identifier } : {}),
      ...(b.label !== undefined ? { label: b.label } : {}),
      ...(b.order !== undefined ? { order: b.order } : {}),
      ...(b.active !== undefined ? { active: b.active } : {}),
    };
    const dup = uniqueness(items, entry);
    if (Object.keys(dup).length) throw unableToSave(c, ITEM_NOUN, dup);
    items[index] = entry;
  } else if (action === 'delete') {
    items[index] = { ...items[index]!, deleted_at: c.deps.clock().toISOString() };
  } else {
    const entry = { ...items[index]!, deleted_at: null };
    const dup = uniqueness(items, entry);
    if (Object.keys(dup).length) throw unableToSave(c, ITEM_NOUN, dup);
    items[index] = entry;
  }
  const saved = await saveVersioned(c.deps.db, p, { ...p, items });
  await syncRow(c, picklistsDef, p, saved);
  return picklistsDef.view!(c, saved);
}

/** Default pick lists (seed 001 section 3). */
export const DEFAULT_PICKLISTS: { identifier: string; name: string; items: [string, string][] }[] = [
  {
    identifier: 'income_types',
    name: 'Income types',
    items: [
      ['regular_employment', 'Regular Employment'],
      ['self_employed', 'Self Employed'],
      ['independent_contractor', 'Independent Contractor'],
      ['military', 'Military'],
      ['pension', 'Pension'],
      ['retirement', 'Retirement'],
      ['social_security', 'Social Security'],
      ['disability', 'Disability'],
    ],
  },
  {
    identifier: 'payment_frequencies',
    name: 'Payment frequencies',
    items: [
      ['weekly', 'Weekly'],
      ['bi-weekly', 'Bi-Weekly (every 2 weeks)'],
      ['semi-monthly', 'Semi-Monthly'],
      ['every-4-weeks', 'Every 4 weeks'],
      ['monthly', 'Monthly'],
    ],
  },
  {
    identifier: 'identity_documents',
    name: 'Identity documents',
    items: [
      ['us_passport', 'US Passport'],
      ['green_card', 'Green Card'],
      ['consular_id', 'Consular ID'],
    ],
  },
  {
    identifier: 'home_types',
    name: 'Home types',
    items: [
      ['condo', 'Condo'],
      ['single_family', 'Single family'],
      ['multi_family', 'Multi-family'],
      ['manufactured_own_land', 'Manufactured on own land'],
      ['manufactured_leased_land', 'Manufactured on leased land'],
    ],
  },
  {
    identifier: 'ownership_types',
    name: 'Ownership types',
    items: [
      ['own_with_loan', 'Own with loan'],
      ['own_without_loan', 'Own without loan'],
      ['rent', 'Rent'],
    ],
  },
];
