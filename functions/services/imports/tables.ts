import { parseScoringSettings } from '../../../machines/domain/scoring-settings.ts';
import type { ImportError, ImportMode, ImportRow, ImportTable } from '../../../machines/contracts/imports.ts';
import { claimUnique, createItem, saveVersioned } from '../../data/items.ts';
import { readListPage } from '../../data/staff/lists.ts';
import {
  createStoreRecord,
  findRetailerBySlug,
  findStoreBySlug,
  getStoreById,
  retailerKey,
  saveStoreRecord,
  storesOfRetailer,
  type RetailerItem,
  type StaffStoreItem,
  type StoreAdmin,
} from '../../data/stores.ts';
import { AppError } from '../../platform/errors.ts';
import { readScoringSettings, replaceScoringSettings } from '../scoring.ts';
import { loadForAccess, syncRow, t, type ResourceCtx } from '../staff/resource.ts';
import { picklistsDef, type PicklistEntry, type PicklistItem } from '../staff/resources/picklists.ts';
import { getRetailerRecord, retailersDef } from '../staff/resources/retailers.ts';
import { storesDef } from '../staff/resources/stores.ts';
import { randomUUID } from 'node:crypto';

// One adapter per importable table. Every write goes through the staff resources' own save functions (or the data
// functions they use), so slug claims, search items and list entries stay right:
// - count:    how many records the table holds now;
// - rows:     the table's records as rows of its import layout (the export, and what a file adds, updates, removes);
// - check:    problems the rows have against what is stored (a store's retailer, a retailer that cannot go);
// - snapshot: the table's content as it is, kept as a version before anything is written;
// - apply:    writes the rows of a file: upsert by key, and in `replace` mode also deletes what the file does not have;
// - restore:  replaces the content by a snapshot (records keep their ids).
export interface TableAdapter {
  count(c: ResourceCtx, scope: string | null): Promise<number>;
  rows(c: ResourceCtx, scope: string | null): Promise<ImportRow[]>;
  check(
    c: ResourceCtx,
    scope: string | null,
    rows: ImportRow[],
    rowNumbers: number[],
    mode: ImportMode,
  ): Promise<ImportError[]>;
  snapshot(c: ResourceCtx, scope: string | null): Promise<unknown[]>;
  apply(c: ResourceCtx, scope: string | null, rows: ImportRow[], mode: ImportMode): Promise<number>;
  restore(c: ResourceCtx, scope: string | null, records: unknown[]): Promise<number>;
}

const lower = (v: unknown) => String(v ?? '').toLowerCase();
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

/** Every id of a staff list (the list entries the resources keep), page by page. */
async function allIds(c: ResourceCtx, entity: string, field: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const result = await readListPage(c.deps.db, { entity, field, scope: '*', page, limit: 100, descending: false });
    ids.push(...result.rows.map((r) => r.id));
    if (result.rows.length < 100) break;
  }
  return [...new Set(ids)];
}

// ---- pick list items (scope: the pick list id) ----
async function picklistOf(c: ResourceCtx, scope: string | null): Promise<PicklistItem> {
  if (!scope) throw new AppError(422, t(c, 'imports.picklistRequired'));
  return loadForAccess(c, picklistsDef, scope);
}

async function saveItems(c: ResourceCtx, list: PicklistItem, items: PicklistEntry[]) {
  const saved = await saveVersioned(c.deps.db, list, { ...list, items });
  await syncRow(c, picklistsDef, list, saved);
  return items.filter((i) => !i.deleted_at).length;
}

const picklistItems: TableAdapter = {
  count: async (c, scope) => (await picklistOf(c, scope)).items.filter((i) => !i.deleted_at).length,
  rows: async (c, scope) =>
    (await picklistOf(c, scope)).items
      .filter((i) => !i.deleted_at)
      .map((i) => ({ identifier: i.identifier, label: i.label, order: i.order, active: i.active })),
  check: async () => [],
  snapshot: async (c, scope) => (await picklistOf(c, scope)).items,
  async apply(c, scope, rows, mode) {
    const list = await picklistOf(c, scope);
    const named = new Set(rows.map((row) => lower(row.identifier)));
    // Adding and updating keeps every item the file does not name, where it was.
    const kept = mode === 'upsert' ? list.items.filter((i) => !i.deleted_at && !named.has(lower(i.identifier))) : [];
    const items: PicklistEntry[] = rows.map((row, index) => {
      const existing = list.items.find((i) => lower(i.identifier) === lower(row.identifier));
      return {
        id: existing?.id ?? `pli-${randomUUID()}`,
        identifier: String(row.identifier),
        label: String(row.label),
        // an update leaves what the file leaves empty as it was; a replacement starts the list afresh
        order:
          typeof row.order === 'number'
            ? row.order
            : mode === 'upsert' && existing
              ? existing.order
              : kept.length + index,
        active: typeof row.active === 'boolean' ? row.active : mode === 'upsert' && existing ? existing.active : true,
        deleted_at: null,
      };
    });
    await saveItems(c, list, [...kept, ...items]);
    return rows.length;
  },
  restore: async (c, scope, records) => saveItems(c, await picklistOf(c, scope), records as PicklistEntry[]),
};

// ---- retailers ----
type RetailerSnapshot = Pick<RetailerItem, 'id' | 'slug' | 'name' | 'active' | 'brand'> & { created_at?: string };

async function allRetailers(c: ResourceCtx): Promise<RetailerItem[]> {
  const out: RetailerItem[] = [];
  for (const id of await allIds(c, 'retailer', 'name')) {
    const r = await getRetailerRecord(c.deps, id);
    if (r) out.push(r);
  }
  return out;
}

async function removeRetailer(c: ResourceCtx, r: RetailerItem) {
  await retailersDef.remove!(c, r);
  await syncRow(c, retailersDef, r, undefined);
}

async function upsertRetailer(c: ResourceCtx, existing: RetailerItem | undefined, body: Record<string, unknown>) {
  if (existing) {
    const next = await retailersDef.update!(c, existing, body);
    await syncRow(c, retailersDef, existing, next);
    return next;
  }
  const created = await retailersDef.create!(c, body);
  await syncRow(c, retailersDef, undefined, created);
  return created;
}

const retailers: TableAdapter = {
  count: async (c) => (await allRetailers(c)).length,
  rows: async (c) =>
    (await allRetailers(c)).map((r) => ({ slug: r.slug, name: r.name, active: r.active, brand: r.brand ?? null })),
  async check(c, _scope, rows, _rowNumbers, mode) {
    if (mode === 'upsert') return []; // nothing is removed
    const slugs = new Set(rows.map((r) => lower(r.slug)));
    const errors: ImportError[] = [];
    for (const r of await allRetailers(c)) {
      if (!slugs.has(lower(r.slug)) && (await storesOfRetailer(c.deps.db, r.id, c.deps.clock())).length) {
        errors.push({
          row: null,
          column: 'Slug',
          message: 'imports.error.retailerHasStores',
          params: { slug: r.slug },
        });
      }
    }
    return errors;
  },
  snapshot: async (c) =>
    (await allRetailers(c)).map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      active: r.active,
      brand: r.brand,
      created_at: r.created_at as string | undefined,
    })),
  async apply(c, _scope, rows, mode) {
    if (mode === 'replace') {
      const slugs = new Set(rows.map((r) => lower(r.slug)));
      for (const r of await allRetailers(c)) if (!slugs.has(lower(r.slug))) await removeRetailer(c, r);
    }
    for (const row of rows) {
      const existing = await findRetailerBySlug(c.deps.db, String(row.slug), c.deps.clock());
      const loaded = existing && (await getRetailerRecord(c.deps, existing.id));
      await upsertRetailer(
        c,
        loaded,
        defined({ slug: row.slug, name: row.name, active: row.active, brand: row.brand }),
      );
    }
    return rows.length;
  },
  async restore(c, _scope, records) {
    const snapshot = records as RetailerSnapshot[];
    const ids = new Set(snapshot.map((r) => r.id));
    for (const r of await allRetailers(c)) if (!ids.has(r.id)) await removeRetailer(c, r);
    for (const r of snapshot) {
      const existing = await getRetailerRecord(c.deps, r.id);
      if (existing) {
        await upsertRetailer(c, existing, { slug: r.slug, name: r.name, active: r.active, brand: r.brand });
        continue;
      }
      // Re-created with its own id, so that its stores and tokens find it again.
      if (!(await claimUnique(c.deps.db, 'retailer-slug', r.slug, r.id)))
        throw new AppError(409, t(c, 'imports.failed', { reason: r.slug }));
      const now = c.deps.clock().toISOString();
      const item = (await createItem(c.deps.db, {
        ...retailerKey(r.id),
        entity: 'retailer',
        gsi1pk: `RETAILERSLUG#${r.slug}`,
        gsi1sk: 'RETAILER',
        id: r.id,
        slug: r.slug,
        name: r.name,
        active: r.active,
        brand: r.brand,
        created_at: r.created_at ?? now,
        updated_at: now,
      })) as unknown as RetailerItem;
      await syncRow(c, retailersDef, undefined, item);
    }
    return snapshot.length;
  },
};

// ---- stores ----
interface StoreSnapshot {
  view: StaffStoreItem['view'];
  active: boolean;
  admin: Partial<StoreAdmin>;
}

async function allStores(c: ResourceCtx): Promise<StaffStoreItem[]> {
  const out: StaffStoreItem[] = [];
  for (const id of await allIds(c, 'store', 'name')) {
    const s = await storesDef.load(c, id);
    if (s) out.push(s);
  }
  return out;
}

async function removeStore(c: ResourceCtx, s: StaffStoreItem) {
  await storesDef.remove!(c, s);
  await syncRow(c, storesDef, s, undefined);
}

const stores: TableAdapter = {
  count: async (c) => (await allStores(c)).length,
  rows: async (c) =>
    (await allStores(c)).map((s) => ({
      retailer: s.view.retailer.slug,
      slug: s.view.slug,
      name: s.view.name,
      label: s.view.label || null,
      active: s.active,
      identifier: s.view.record.identifier || null,
      rating: s.view.rating,
      phone: s.view.details.phone || null,
    })),
  async check(c, _scope, rows, rowNumbers) {
    const errors: ImportError[] = [];
    for (let i = 0; i < rows.length; i++) {
      if (!(await findRetailerBySlug(c.deps.db, String(rows[i]!.retailer), c.deps.clock()))) {
        errors.push({
          row: rowNumbers[i]!,
          column: 'Retailer',
          message: 'imports.error.retailerNotFound',
          params: { retailer: String(rows[i]!.retailer) },
        });
      }
    }
    return errors;
  },
  snapshot: async (c) =>
    (await allStores(c)).map((s): StoreSnapshot => ({ view: s.view, active: s.active, admin: s.admin ?? {} })),
  async apply(c, _scope, rows, mode) {
    const keep = new Set<string>();
    const targets: { row: ImportRow; retailerId: string; existing?: StaffStoreItem }[] = [];
    for (const row of rows) {
      const retailer = await findRetailerBySlug(c.deps.db, String(row.retailer), c.deps.clock());
      if (!retailer)
        throw new AppError(422, t(c, 'imports.error.retailerNotFound', { retailer: String(row.retailer) }));
      const found = await findStoreBySlug(c.deps.db, retailer.id, String(row.slug), c.deps.clock());
      const existing = found ? await storesDef.load(c, found.view.id) : undefined;
      if (existing) keep.add(existing.id);
      targets.push({ row, retailerId: retailer.id, existing });
    }
    if (mode === 'replace') for (const s of await allStores(c)) if (!keep.has(s.id)) await removeStore(c, s);
    for (const { row, retailerId, existing } of targets) {
      const body = defined({
        retailer_id: retailerId,
        slug: row.slug,
        name: row.name,
        label: row.label,
        active: row.active,
        identifier: row.identifier,
        rating: row.rating,
        phone: row.phone,
      });
      const next = existing ? await storesDef.update!(c, existing, body) : await storesDef.create!(c, body);
      await syncRow(c, storesDef, existing, next);
    }
    return rows.length;
  },
  async restore(c, _scope, records) {
    const snapshot = records as StoreSnapshot[];
    const ids = new Set(snapshot.map((s) => s.view.id));
    for (const s of await allStores(c)) if (!ids.has(s.id)) await removeStore(c, s);
    for (const s of snapshot) {
      const existing = (await getStoreById(c.deps.db, s.view.id, c.deps.clock()))
        ? await storesDef.load(c, s.view.id)
        : undefined;
      const saved = existing
        ? await saveStoreRecord(c.deps.db, existing, s.view, s.active, s.admin)
        : await createStoreRecord(c.deps.db, s.view, s.active, s.admin);
      if (!saved) throw new AppError(409, t(c, 'imports.failed', { reason: s.view.slug }));
      await syncRow(c, storesDef, existing, saved);
    }
    return snapshot.length;
  },
};

// ---- the Score Decile Matrix of the scoring settings in force (saved as a new settings version) ----
type DecileRange = { decile: number; minScore: number; maxScore: number };
const toMatrix = (rows: ImportRow[]): DecileRange[] =>
  rows.map((r) => ({ decile: Number(r.decile), minScore: Number(r.min_score), maxScore: Number(r.max_score) }));

async function replaceMatrix(c: ResourceCtx, matrix: DecileRange[]) {
  const current = await readScoringSettings(c.deps);
  await replaceScoringSettings(
    c.deps,
    { ...current.settings, decileMatrix: matrix },
    c.actor.username,
    current.v || undefined,
  );
  return matrix.length;
}

/** The matrix a file makes: its rows alone (replace), or the rows in force with the file's deciles changed (upsert). */
function mergedMatrix(current: readonly DecileRange[], rows: ImportRow[], mode: ImportMode): DecileRange[] {
  const incoming = toMatrix(rows);
  if (mode === 'replace') return incoming;
  const named = new Set(incoming.map((r) => r.decile));
  return [...current.filter((r) => !named.has(r.decile)), ...incoming].sort((a, b) => a.decile - b.decile);
}

const scoreDecileMatrix: TableAdapter = {
  count: async (c) => (await readScoringSettings(c.deps)).settings.decileMatrix.length,
  rows: async (c) =>
    (await readScoringSettings(c.deps)).settings.decileMatrix.map((r) => ({
      decile: r.decile,
      min_score: r.minScore,
      max_score: r.maxScore,
    })),
  async check(c, _scope, rows, _rowNumbers, mode) {
    const current = await readScoringSettings(c.deps);
    try {
      parseScoringSettings({
        ...current.settings,
        decileMatrix: mergedMatrix(current.settings.decileMatrix, rows, mode),
      });
      return [];
    } catch (error) {
      const issues = (error as { issues?: { message: string }[] }).issues;
      const reason = issues?.map((i) => i.message).join('; ') ?? String(error);
      return [{ row: null, column: null, message: 'imports.error.settings', params: { reason } }];
    }
  },
  snapshot: async (c) => (await readScoringSettings(c.deps)).settings.decileMatrix,
  async apply(c, _scope, rows, mode) {
    await replaceMatrix(c, mergedMatrix((await readScoringSettings(c.deps)).settings.decileMatrix, rows, mode));
    return rows.length;
  },
  restore: (c, _scope, records) => replaceMatrix(c, records as DecileRange[]),
};

export const TABLE_ADAPTERS: Partial<Record<ImportTable, TableAdapter>> = {
  'picklist-items': picklistItems,
  retailers,
  stores,
  'score-decile-matrix': scoreDecileMatrix,
};
