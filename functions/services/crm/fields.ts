// The validators, form fields and look-ups the CRM and marketing resources share (issue 12).
import * as z from 'zod/mini';
import type { FieldSchema } from '../../../machines/contracts/form-schema.ts';
import { isPhoneNumber } from '../../../machines/domain/phone.ts';
import { getItem } from '../../data/items.ts';
import { getStoreById, retailerKey, type RetailerItem } from '../../data/stores.ts';
import { getUser } from '../../data/users.ts';
import { requireTenant } from '../staff/actor.ts';
import { field, unableToSave, wellFormed, type ResourceCtx } from '../staff/resource.ts';
import { fileInfo } from '../files.ts';
import { parseWall } from './recurrence.ts';

// ---- shared validators ----
export const opt = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const date = () =>
  z
    .string('staff.validation.date')
    .check(z.refine((s: string) => DATE.test(s) && !!parseWall(s), 'staff.validation.date'));
export const dateTime = () =>
  z
    .string('staff.validation.date')
    .check(
      z.refine(
        (s: string) => /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?$/.test(s) && !!parseWall(s),
        'staff.validation.date',
      ),
    );
export const id = () => z.string('staff.validation.inList').check(z.maxLength(200, 'staff.validation.tooLong'));
export const phone = () =>
  z.string('crm.validation.phone').check(z.refine((s: string) => isPhoneNumber(s), 'crm.validation.phone'));
export const httpsUrl = () =>
  z.string('crm.validation.url').check(
    z.maxLength(2000, 'staff.validation.tooLong'),
    z.refine((s: string) => {
      try {
        const u = new URL(s);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'crm.validation.url'),
  );
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, 'staff.validation.inList');
export const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
export const blankToNull = (v: unknown) => (v === '' ? null : v);
/** A file field's value (the uploaded file record, or its id): only the id and the name are kept. */
export const fileValue = () =>
  z.union([
    z.string().check(z.maxLength(200)),
    z.object({
      id: z.union([z.string().check(z.maxLength(200)), z.number()]),
      original_name: z.optional(z.string().check(z.maxLength(255))),
    }),
    z.array(
      z.object({
        id: z.union([z.string().check(z.maxLength(200)), z.number()]),
        original_name: z.optional(z.string().check(z.maxLength(255))),
      }),
    ),
  ]);
export function fileOf(value: unknown): { file_id: string | null; file_name: string | null } {
  const v: unknown = Array.isArray(value) ? value[0] : value;
  if (v === null || v === undefined || v === '') return { file_id: null, file_name: null };
  if (typeof v === 'string') return { file_id: v, file_name: null };
  const f = v as { id: string | number; original_name?: string };
  return { file_id: String(f.id), file_name: f.original_name && wellFormed(f.original_name) ? f.original_name : null };
}
/** The uploads service must know the file (POST /staff/api/files); a made-up id is a 422 on the field. */
export async function checkFile(c: ResourceCtx, noun: string, fieldName: string, f: { file_id: string | null }) {
  if (f.file_id && !(await fileInfo(c.deps, f.file_id)))
    throw unableToSave(c, { noun }, { [fieldName]: ['crm.validation.fileNotFound'] });
}
export const fileFormValue = (r: { file_id?: unknown; file_name?: unknown }) =>
  r.file_id ? { id: r.file_id, original_name: r.file_name ?? String(r.file_id) } : null;

export async function userName(
  c: ResourceCtx,
  field: string,
  userId: unknown,
  required: boolean,
): Promise<string | null> {
  if (userId === null || userId === undefined || userId === '') {
    if (required) throw unableToSave(c, { noun: 'crm.resource.task' }, { [field]: ['staff.validation.required'] });
    return null;
  }
  const user = await getUser(c.deps.db, String(userId), c.deps.clock());
  if (!user || user.deleted_at)
    throw unableToSave(c, { noun: 'crm.resource.task' }, { [field]: ['crm.validation.userNotFound'] });
  return user.display_name || user.username;
}

export async function storeTenant(c: ResourceCtx, storeId: string, noun: string) {
  const store = await getStoreById(c.deps.db, storeId, c.deps.clock());
  if (!store) throw unableToSave(c, { noun }, { store_id: ['staff.validation.storeNotFound'] });
  const retailerId = store.view.retailer.id;
  await requireTenant(
    c.deps,
    c.actor,
    c.ip,
    { storeIds: [store.view.id], retailerIds: [retailerId] },
    `store:${storeId}`,
  );
  return {
    store_id: store.view.id,
    store_name: store.view.name,
    retailer_id: retailerId,
    retailer_name: store.view.retailer.name,
  };
}

export async function retailerOf(c: ResourceCtx, retailerId: string, noun: string) {
  const r = await getItem<RetailerItem>(c.deps.db, retailerKey(retailerId), c.deps.clock());
  if (!r) throw unableToSave(c, { noun }, { retailer_id: ['staff.validation.retailerNotFound'] });
  return { retailer_id: r.id, retailer_name: r.name };
}

/** The current choice of a searchable select, so that the form can show its text before any search. */
export const known = (textKey: string, id: unknown, text: unknown) =>
  typeof id === 'string' && id ? [{ id, [textKey]: String(text ?? id) }] : [];

/** The store or retailer (`<owner>_id`) picked from its list, showing the record's current one before any search. */
export const ownerSelect = (
  owner: 'store' | 'retailer',
  current: [unknown, unknown],
  extra: Partial<FieldSchema> = {},
) =>
  field('select', `${owner}_id`, {
    label: `crm.field.${owner}`,
    url: `/staff/api/${owner}s`,
    valueKey: 'id',
    textKey: 'name',
    options: known('name', current[0], current[1]),
    ...extra,
  });

export const userSelect = (name: string, required = false, current: [unknown, unknown] = [null, null]) =>
  field('select', name, {
    label: `crm.field.${name}`,
    url: '/staff/api/users',
    valueKey: 'id',
    textKey: 'display_name',
    required,
    options: known('display_name', current[0], current[1]),
  });
export const leadSelect = (id: unknown, name: unknown) =>
  field('select', 'lead_id', {
    label: 'crm.field.lead',
    url: '/staff/api/leads',
    valueKey: 'id',
    textKey: 'name',
    options: known('name', id, name),
  });
