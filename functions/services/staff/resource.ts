import * as z from 'zod/mini';
import type { FieldSchema, FormSchema } from '../../../machines/contracts/form-schema.ts';
import type { PageMeta } from '../../../machines/contracts/envelope.ts';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../../machines/contracts/staff.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { STALE_WRITE_MESSAGE, type StoredItem } from '../../data/items.ts';
import {
  readFilteredPage,
  readListPage,
  syncListEntries,
  type ListRow,
  type ListSnapshot,
} from '../../data/staff/lists.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import type { StaffActor } from '../../platform/staff-types.ts';
import { issuesToFieldErrors } from '../../platform/validate.ts';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { requireTenant, tenantScope, type Tenant } from './actor.ts';

// The generic staff resource layer: a resource is a definition (storage hooks, list row, scopes, tenant, form);
// list paging, forms with values, optimistic locking, tenant checks, list-entry upkeep and the seed's messages
// ('Unable to save :resource', 'Unable to delete :resource', 'Requested :resource was not found') live here once.

/** What a staff resource stores: an item with an id (for handlers that are generic over resources). */
export type ResourceRecord = StoredItem & { id: string };

export interface ResourceCtx {
  deps: Deps;
  actor: StaffActor;
  ip: string;
  lang: Lang;
}

export interface FilterDef {
  name: string;
  field: FieldSchema;
  /** The list partition of a value, or undefined when the value is not allowed (422). */
  scope(value: string): string | undefined;
  matches(row: ListRow, value: string): boolean;
}

export interface ResourceDef<R extends StoredItem & { id: string }> {
  path: string;
  /** Catalogue key of the singular noun, for 'Unable to save :resource'. */
  noun: string;
  entity: string;
  sortFields: readonly string[];
  defaultSort: string;
  defaultDesc?: boolean;
  filters: readonly FilterDef[];
  rowPk(id: string): string;
  load(c: ResourceCtx, id: string): Promise<R | undefined>;
  row(record: R): ListRow;
  scopes(record: R): string[];
  tenant(record: R): Tenant;
  form(c: ResourceCtx, record?: R): Promise<FormSchema>;
  view?(c: ResourceCtx, record: R): unknown; // a value or a promise of one
  create?(c: ResourceCtx, body: Record<string, unknown>): Promise<R>;
  update?(c: ResourceCtx, record: R, body: Record<string, unknown>): Promise<R>;
  /** Deletes; returns the record's new state for a soft delete, undefined when it is gone. */
  remove?(c: ResourceCtx, record: R): Promise<R | undefined>;
}

export const t = (c: Pick<ResourceCtx, 'lang'>, key: string, params?: Record<string, string | number>) =>
  translate(c.lang, key, params);
const noun = (c: ResourceCtx, def: { noun: string }) => t(c, def.noun);

export const notFoundError = (c: ResourceCtx, def: { noun: string }) =>
  new AppError(404, t(c, 'staff.resource.notFound', { resource: noun(c, def) }));
export const unableToSave = (c: ResourceCtx, def: { noun: string }, errors: Record<string, string[]>) =>
  new AppError(422, t(c, 'staff.resource.unableToSave', { resource: noun(c, def) }), errors);
export const unableToDelete = (c: ResourceCtx, def: { noun: string }, reason: string, status = 403) =>
  new AppError(status, t(c, 'staff.resource.unableToDelete', { resource: noun(c, def) }), { _: [reason] }, { reason });

/** Parses a body for a resource: a 422 keyed by field, headed 'Unable to save :resource'. */
export function parseFor<S extends $ZodType>(
  c: ResourceCtx,
  def: { noun: string },
  schema: S,
  input: unknown,
): output<S> {
  const result = safeParse(schema, input);
  if (!result.success) throw unableToSave(c, def, issuesToFieldErrors(result.error.issues));
  return result.data;
}

export const snapshot = <R extends StoredItem & { id: string }>(def: ResourceDef<R>, record: R): ListSnapshot => ({
  row: def.row(record),
  scopes: def.scopes(record),
});

export async function syncRow<R extends StoredItem & { id: string }>(
  c: ResourceCtx,
  def: ResourceDef<R>,
  before: R | undefined,
  after: R | undefined,
) {
  const id = (after ?? before)!.id;
  await syncListEntries(c.deps.db, def, def.rowPk(id), before && snapshot(def, before), after && snapshot(def, after));
}

// ---- paging ----
const pageQuery = z.object({
  page: z.optional(z.string().check(z.regex(/^\d{1,7}$/, 'staff.validation.page'))),
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/, 'staff.validation.limit'))),
  sortBy: z.optional(z.string().check(z.maxLength(64, 'staff.validation.sortBy'))),
  sortDesc: z.optional(z.string().check(z.maxLength(5))),
});

export interface PagedData {
  data: ListRow[];
  meta: PageMeta & { filters: FieldSchema[]; sort_by: string; sort_desc: boolean };
}

export function pageMeta(total: number, page: number, limit: number, count: number): PageMeta {
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const from = count ? (page - 1) * limit + 1 : null;
  return {
    current_page: page,
    last_page: lastPage,
    per_page: limit,
    from,
    to: from === null ? null : from + count - 1,
    total,
  };
}

export function parsePaging(
  c: ResourceCtx,
  query: Record<string, string | undefined>,
  sortFields: readonly string[],
  defaultSort: string,
  defaultDesc = false,
) {
  const result = safeParse(pageQuery, query);
  if (!result.success) throw new AppError(422, 'The given data was invalid.', issuesToFieldErrors(result.error.issues));
  const q = result.data;
  const page = Math.max(1, Number(q.page ?? 1));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(q.limit ?? PAGE_SIZE)));
  if (q.sortBy !== undefined && q.sortBy !== '' && !sortFields.includes(q.sortBy)) {
    throw new AppError(422, 'The given data was invalid.', { sortBy: [t(c, 'staff.validation.sortBy')] });
  }
  const sortBy = q.sortBy || defaultSort;
  const sortDesc =
    q.sortDesc === undefined || q.sortDesc === '' ? defaultDesc : q.sortDesc === 'true' || q.sortDesc === '1';
  return { page, limit, sortBy, sortDesc };
}

export async function listResource<R extends StoredItem & { id: string }>(
  c: ResourceCtx,
  def: ResourceDef<R>,
  query: Record<string, string | undefined>,
): Promise<PagedData> {
  const { page, limit, sortBy, sortDesc } = parsePaging(c, query, def.sortFields, def.defaultSort, def.defaultDesc);
  const active: { def: FilterDef; value: string; scope: string }[] = [];
  const errors: Record<string, string[]> = {};
  for (const f of def.filters) {
    const value = query[f.name];
    if (value === undefined || value === '') continue;
    const scope = value.length <= 100 ? f.scope(value) : undefined;
    if (!scope) errors[f.name] = [t(c, 'staff.validation.inList', { field: t(c, f.field.label ?? f.name) })];
    else active.push({ def: f, value, scope });
  }
  if (Object.keys(errors).length) throw new AppError(422, 'The given data was invalid.', errors);
  // The partition: the tenant's (non-system users), else the first filter's, else every row. Other filters are
  // applied while reading that partition.
  const tenant = tenantScope(c.actor);
  let scope = tenant ?? '*';
  let rest = active;
  if (!tenant && active.length) {
    scope = active[0]!.scope;
    rest = active.slice(1);
  }
  const base = { entity: def.entity, field: sortBy, scope, page, limit, descending: sortDesc };
  const result = rest.length
    ? await readFilteredPage(c.deps.db, { ...base, keep: (row) => rest.every((f) => f.def.matches(row, f.value)) })
    : await readListPage(c.deps.db, base);
  const filters = def.filters.map((f) => ({
    ...f.field,
    label: t(c, f.field.label ?? f.name),
    ...(f.field.options ? { options: f.field.options.map((o) => ({ ...o, text: t(c, String(o.text)) })) } : {}),
    value: query[f.name] ?? null,
  }));
  return {
    data: result.rows,
    meta: { ...pageMeta(result.total, page, limit, result.rows.length), filters, sort_by: sortBy, sort_desc: sortDesc },
  };
}

export async function loadForAccess<R extends StoredItem & { id: string }>(
  c: ResourceCtx,
  def: ResourceDef<R>,
  id: string,
): Promise<R> {
  const record = id.length <= 200 ? await def.load(c, id) : undefined;
  if (!record) throw notFoundError(c, def);
  await requireTenant(c.deps, c.actor, c.ip, def.tenant(record), `${def.entity}:${id}`);
  return record;
}

export async function showResource<R extends StoredItem & { id: string }>(
  c: ResourceCtx,
  def: ResourceDef<R>,
  id: string,
) {
  const record = await loadForAccess(c, def, id);
  return def.view ? def.view(c, record) : { ...def.row(record), v: record.v };
}

export async function formFor<R extends StoredItem & { id: string }>(
  c: ResourceCtx,
  def: ResourceDef<R>,
  id?: string,
): Promise<FormSchema> {
  const record = id === undefined ? undefined : await loadForAccess(c, def, id);
  return translateSchema(c, await def.form(c, record));
}

export async function createResource<R extends StoredItem & { id: string }>(
  c: ResourceCtx,
  def: ResourceDef<R>,
  body: Record<string, unknown>,
) {
  if (!def.create) throw notFoundError(c, def);
  const record = await def.create(c, body);
  await syncRow(c, def, undefined, record);
  return def.view ? def.view(c, record) : { ...def.row(record), v: record.v };
}

/** Optimistic locking: the body carries the `v` it was read at; another save in between is a 409. */
export function expectVersion(
  c: ResourceCtx,
  def: { noun: string },
  record: { v: number },
  body: Record<string, unknown>,
) {
  const v = body.v;
  if (typeof v !== 'number' || !Number.isInteger(v))
    throw unableToSave(c, def, { v: [t(c, 'staff.validation.version')] });
  if (v !== record.v) throw conflict(STALE_WRITE_MESSAGE, { current_v: record.v });
}

export async function updateResource<R extends StoredItem & { id: string }>(
  c: ResourceCtx,
  def: ResourceDef<R>,
  id: string,
  body: Record<string, unknown>,
) {
  if (!def.update) throw notFoundError(c, def);
  const record = await loadForAccess(c, def, id);
  expectVersion(c, def, record, body);
  const next = await def.update(c, record, body);
  await syncRow(c, def, record, next);
  return def.view ? def.view(c, next) : { ...def.row(next), v: next.v };
}

export async function deleteResource<R extends StoredItem & { id: string }>(
  c: ResourceCtx,
  def: ResourceDef<R>,
  id: string,
) {
  if (!def.remove) throw notFoundError(c, def);
  const record = await loadForAccess(c, def, id);
  const after = await def.remove(c, record);
  await syncRow(c, def, record, after);
}

// ---- forms ----
const TRANSLATED = [
  'label',
  'placeholder',
  'hint',
  'help',
  'tooltip',
  'title',
  'item_label',
  'no_content_text',
  'content',
] as const;

/** Labels and texts of a schema are catalogue keys; they are filled in the caller's language here. */
export function translateSchema<T extends FormSchema | FieldSchema>(c: Pick<ResourceCtx, 'lang'>, schema: T): T {
  const out: Record<string, unknown> = { ...schema };
  for (const key of TRANSLATED) if (typeof out[key] === 'string') out[key] = t(c, out[key]);
  if (Array.isArray(out.options))
    out.options = (out.options as Record<string, unknown>[]).map((o) =>
      typeof o.text === 'string' ? { ...o, text: t(c, o.text) } : o,
    );
  if (Array.isArray(out.buttons))
    out.buttons = (out.buttons as Record<string, unknown>[]).map((b) =>
      typeof b.label === 'string' ? { ...b, label: t(c, b.label) } : b,
    );
  if (Array.isArray(out.children)) out.children = (out.children as FieldSchema[]).map((f) => translateSchema(c, f));
  return out as T;
}

/** A form field: `label` is a catalogue key (staff.field.<name> unless given). */
/** The 422 errors of the named fields a body leaves empty, in the order named (callers may add more). */
export function requiredErrors<B extends object>(
  body: B,
  names: readonly (keyof B & string)[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const name of names) if (!body[name]) errors[name] = ['staff.validation.required'];
  return errors;
}

/** A form's title, action and params: the record's edit form when there is one, else the new-record form. */
export const formTarget = (path: string, record: { id: string } | undefined, titles: { edit: string; new: string }) =>
  record
    ? { title: titles.edit, action: `/staff/api/${path}/{id}`, params: { id: record.id } }
    : { title: titles.new, action: `/staff/api/${path}`, params: undefined };

export const field = (type: string, name: string, extra: Partial<FieldSchema> = {}): FieldSchema => ({
  type,
  name,
  label: `staff.field.${name}`,
  ...extra,
});

export const section = (title: string, children: FieldSchema[]): FieldSchema => ({
  type: 'section',
  label: title,
  children,
});

export const saveButtons = [
  { type: 'submit', label: 'staff.form.save' },
  { type: 'cancel', label: 'staff.form.cancel' },
];

// ---- shared validators ----
/** No lone surrogate (it cannot be stored as UTF-8 and would not come back unchanged). */
export const wellFormed = (s: string) => !/\p{Cs}/u.test(s);

export const text = (max: number, required = true) =>
  z
    .string('staff.validation.text')
    .check(
      z.maxLength(max, 'staff.validation.tooLong'),
      z.refine<string>(wellFormed, 'staff.validation.notWellFormed'),
      ...(required ? [z.refine<string>((s) => s.trim().length > 0, 'staff.validation.required')] : []),
    );

export const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const email = () =>
  z
    .string('staff.validation.email')
    .check(z.maxLength(254, 'staff.validation.tooLong'), z.regex(EMAIL, 'staff.validation.email'));
export const slug = () =>
  z.string('staff.validation.slug').check(z.regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'staff.validation.slug'));
export const bool = () => z.boolean('staff.validation.boolean');
export const intIn = (min: number, max: number) =>
  z
    .number('staff.validation.number')
    .check(
      z.int('staff.validation.number'),
      z.gte(min, 'staff.validation.range'),
      z.lte(max, 'staff.validation.range'),
    );

/** Translates 422 field errors made of catalogue keys. */
export function translateErrors(c: Pick<ResourceCtx, 'lang'>, errors: Record<string, string[]>) {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((m) => t(c, m))]));
}

export const bodyOf = (input: unknown): Record<string, unknown> =>
  input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
