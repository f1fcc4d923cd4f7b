import type { StoreSearchHit, StoreView } from '../../machines/contracts/store.ts';
import type { Db } from './client.ts';
import { RecentValues } from '../platform/recent-values.ts';
import {
  claimUnique,
  createItem,
  deleteItem,
  getItem,
  putItem,
  queryAll,
  queryPartition,
  releaseUnique,
  saveVersioned,
  type StoredItem,
} from './items.ts';

// Retailer: pk RETAILER#id; found by slug through gsi1 (RETAILERSLUG#slug).
// Store:    pk STORE#id;    found by retailer + slug through gsi1 (RETAILER#retailerId / STORE#slug).
// Search:   one small item per word of the store's and retailer's names, pk STORESEARCH#<first letter>,
//           sk <word>#<storeId>, so a prefix search is a Query (no Scan) however many stores there are.

export interface RetailerRecord {
  id: string;
  slug: string;
  name: string;
  active: boolean;
  brand: StoreView['brand'];
  /** Origins allowed to frame the shopper portal for this retailer's stores (functions/services/embed-origins.ts). */
  embed_origins?: string[];
}

export interface RetailerItem extends StoredItem, RetailerRecord {
  entity: 'retailer';
}

export interface StoreItem extends StoredItem {
  entity: 'store';
  active: boolean;
  view: StoreView;
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const isSlug = (value: string) => SLUG.test(value);

export const retailerKey = (id: string) => ({ pk: `RETAILER#${id}`, sk: 'RETAILER' });
export const storeKey = (id: string) => ({ pk: `STORE#${id}`, sk: 'STORE' });

export async function findRetailerBySlug(db: Db, slug: string, now: Date): Promise<RetailerItem | undefined> {
  if (!isSlug(slug)) return undefined;
  const page = await queryPartition<RetailerItem>(db, { index: 'gsi1', pk: `RETAILERSLUG#${slug}`, limit: 1, now });
  return page.items[0];
}

export async function findStoreBySlug(
  db: Db,
  retailerId: string,
  slug: string,
  now: Date,
): Promise<StoreItem | undefined> {
  if (!isSlug(slug)) return undefined;
  const page = await queryPartition<StoreItem>(db, {
    index: 'gsi1',
    pk: `RETAILER#${retailerId}`,
    skPrefix: `STORE#${slug}`,
    now,
  });
  return page.items.find((s) => s.view.slug === slug);
}

export async function getStoreById(db: Db, id: string, now: Date): Promise<StoreItem | undefined> {
  return getItem<StoreItem>(db, storeKey(id), now);
}

// A shopper's requests read their store several times a journey (initiate, save, PIN, decision). A store changes
// rarely (staff edits), so the shopper's paths read it kept per process (functions/platform/recent-values.ts): fresh
// for STORE_CACHE_MS, then refreshed in the background while still answered for as long again, as the scoring
// settings and state rules are: a change reaches every function instance within seconds, and this process at once
// (every store write below empties it). Staff screens read fresh (getStoreById).
export const STORE_CACHE_MS = 3_000;
const recentStores = new WeakMap<Db['doc'], RecentValues<string, StoreItem | undefined>>();
// After each store write completes: what this process kept (or a read under way would keep) may be stale.
const storeWritten = (db: Db) => recentStores.get(db.doc)?.clear();

/** A store as read by this process within seconds (the object is shared: callers must not change it). */
export function getRecentStoreById(db: Db, id: string, now: Date): Promise<StoreItem | undefined> {
  let stores = recentStores.get(db.doc);
  if (!stores)
    recentStores.set(
      db.doc,
      (stores = new RecentValues({ freshMs: STORE_CACHE_MS, staleMs: STORE_CACHE_MS, maxEntries: 1_000 })),
    );
  return stores.get(id, () => getStoreById(db, id, now));
}

export const searchWords = (text: string) => [
  ...new Set(
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  ),
];

/** Writes (or rewrites) a retailer; used by the demo seed and the staff portal. */
export async function putRetailer(db: Db, retailer: RetailerRecord & { v?: number }) {
  await putItem(db, {
    ...retailerKey(retailer.id),
    entity: 'retailer',
    v: retailer.v ?? 1,
    gsi1pk: `RETAILERSLUG#${retailer.slug}`,
    gsi1sk: 'RETAILER',
    ...retailer,
  });
}

export async function putStore(db: Db, store: { view: StoreView; active: boolean; v?: number }) {
  const { view } = store;
  await putItem(db, {
    ...storeKey(view.id),
    entity: 'store',
    v: store.v ?? 1,
    active: store.active,
    gsi1pk: `RETAILER#${view.retailer.id}`,
    gsi1sk: `STORE#${view.slug}`,
    view,
  });
  storeWritten(db);
  await writeSearchItems(db, view, store.active);
}

/** Active stores whose names (or retailer's name) have words starting with every word of the query. */
export async function searchStores(db: Db, query: string, now: Date, limit = 20): Promise<StoreSearchHit[]> {
  const words = searchWords(query);
  if (!words.length) return [];
  const [first, ...rest] = [...words].sort((a, b) => b.length - a.length);
  const page = await queryPartition<StoredItem & { storeId: string; active: boolean; hit: StoreSearchHit }>(db, {
    pk: `STORESEARCH#${first![0]}`,
    skPrefix: first!,
    limit: 200,
    now,
  });
  const byStore = new Map<string, StoreSearchHit>();
  for (const item of page.items) {
    if (!item.active) continue;
    const names = searchWords(`${item.hit.store.name} ${item.hit.store.label} ${item.hit.retailer.name}`);
    if (rest.every((w) => names.some((n) => n.startsWith(w)))) byStore.set(item.storeId, item.hit);
  }
  return [...byStore.values()]
    .sort((a, b) => a.retailer.name.localeCompare(b.retailer.name) || a.store.name.localeCompare(b.store.name))
    .slice(0, limit);
}

// ---- staff portal writes (versioned; keep the slug lookup and the search items consistent) ----

/** Staff-only store settings of seed 001 section 3 that the shopper view does not carry. */
export interface StoreAdmin {
  short_name: string;
  visible: boolean;
  funding_email: string;
  notification_emails: string;
  time_zone: string;
  scoring_version: string;
  inventory_new_percentage: number;
  inventory_used_percentage: number;
  option_b_start_date: string | null;
  option_b_end_date: string | null;
  option_c_start_date: string | null;
  option_c_end_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffStoreItem extends StoreItem {
  /** The store id (view.id), filled on read for items seeded without it. */
  id: string;
  admin?: Partial<StoreAdmin>;
}

const storeSlugClaim = (retailerId: string, slug: string) => `${retailerId}/${slug}`;

const storeAttributes = (view: StoreView, active: boolean, admin: Partial<StoreAdmin>) => ({
  ...storeKey(view.id),
  entity: 'store' as const,
  id: view.id,
  active,
  gsi1pk: `RETAILER#${view.retailer.id}`,
  gsi1sk: `STORE#${view.slug}`,
  view,
  admin,
});

function searchHit(view: StoreView): StoreSearchHit {
  return {
    retailer: { slug: view.retailer.slug, name: view.retailer.name },
    store: {
      slug: view.slug,
      name: view.name,
      label: view.label,
      city: view.shipping_address.city ?? '',
      state: view.shipping_address.state,
    },
  };
}

const storeWords = (view: StoreView) => searchWords(`${view.name} ${view.label} ${view.retailer.name}`);

async function writeSearchItems(db: Db, view: StoreView, active: boolean, previous?: StoreView) {
  const words = storeWords(view);
  if (previous) {
    for (const word of storeWords(previous)) {
      if (!words.includes(word)) await deleteItem(db, { pk: `STORESEARCH#${word[0]}`, sk: `${word}#${view.id}` });
    }
  }
  const hit = searchHit(view);
  for (const word of words) {
    await putItem(db, {
      pk: `STORESEARCH#${word[0]}`,
      sk: `${word}#${view.id}`,
      entity: 'storeSearch',
      v: 1,
      storeId: view.id,
      active,
      hit,
    });
  }
}

/** Creates a store; false when its slug is taken within the retailer. */
export async function createStoreRecord(
  db: Db,
  view: StoreView,
  active: boolean,
  admin: Partial<StoreAdmin>,
): Promise<StaffStoreItem | false> {
  if (!(await claimUnique(db, 'store-slug', storeSlugClaim(view.retailer.id, view.slug), view.id))) return false;
  if (await findStoreBySlug(db, view.retailer.id, view.slug, new Date())) {
    // A seeded store holds the slug without a claim: keep it.
    await releaseUnique(db, 'store-slug', storeSlugClaim(view.retailer.id, view.slug));
    return false;
  }
  const item = await createItem(db, storeAttributes(view, active, admin));
  storeWritten(db);
  await writeSearchItems(db, view, active);
  return item;
}

/** Saves a new state of a store read at `previous.v` (409 when stale); false when the new slug is taken. */
export async function saveStoreRecord(
  db: Db,
  previous: StaffStoreItem,
  view: StoreView,
  active: boolean,
  admin: Partial<StoreAdmin>,
): Promise<StaffStoreItem | false> {
  const before = previous.view;
  const slugChanged = before.slug !== view.slug || before.retailer.id !== view.retailer.id;
  if (slugChanged) {
    if (!(await claimUnique(db, 'store-slug', storeSlugClaim(view.retailer.id, view.slug), view.id))) return false;
    const holder = await findStoreBySlug(db, view.retailer.id, view.slug, new Date());
    if (holder && holder.view.id !== view.id) {
      await releaseUnique(db, 'store-slug', storeSlugClaim(view.retailer.id, view.slug));
      return false;
    }
  }
  let saved: StaffStoreItem;
  try {
    saved = await saveVersioned(db, previous, {
      ...previous,
      ...storeAttributes(view, active, admin),
    });
  } catch (error) {
    if (slugChanged) await releaseUnique(db, 'store-slug', storeSlugClaim(view.retailer.id, view.slug));
    throw error;
  }
  storeWritten(db);
  if (slugChanged) await releaseUnique(db, 'store-slug', storeSlugClaim(before.retailer.id, before.slug));
  await writeSearchItems(db, view, active, before);
  return saved;
}

export async function deleteStoreRecord(db: Db, store: StaffStoreItem) {
  await deleteItem(db, storeKey(store.view.id));
  storeWritten(db);
  for (const word of storeWords(store.view))
    await deleteItem(db, { pk: `STORESEARCH#${word[0]}`, sk: `${word}#${store.view.id}` });
  await releaseUnique(db, 'store-slug', storeSlugClaim(store.view.retailer.id, store.view.slug));
}

/** The stores of a retailer (gsi1 RETAILER#id / STORE#slug). */
export async function storesOfRetailer(db: Db, retailerId: string, now: Date): Promise<StaffStoreItem[]> {
  const stores = await queryAll<StaffStoreItem>(db, {
    index: 'gsi1',
    pk: `RETAILER#${retailerId}`,
    skPrefix: 'STORE#',
    now,
  });
  return stores.map((s) => ({ ...s, id: s.view.id }));
}
