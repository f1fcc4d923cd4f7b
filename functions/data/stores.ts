import type { StoreSearchHit, StoreView } from '../../machines/contracts/store.ts';
import type { Db } from './client.ts';
import { getItem, putItem, queryPartition, type StoredItem } from './items.ts';

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

export async function findStoreBySlug(db: Db, retailerId: string, slug: string, now: Date): Promise<StoreItem | undefined> {
  if (!isSlug(slug)) return undefined;
  const page = await queryPartition<StoreItem>(db, { index: 'gsi1', pk: `RETAILER#${retailerId}`, skPrefix: `STORE#${slug}`, now });
  return page.items.find((s) => s.view.slug === slug);
}

export async function getStoreById(db: Db, id: string, now: Date): Promise<StoreItem | undefined> {
  return getItem<StoreItem>(db, storeKey(id), now);
}

export const searchWords = (text: string) =>
  [...new Set(text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter(Boolean))];

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
  const hit: StoreSearchHit = {
    retailer: { slug: view.retailer.slug, name: view.retailer.name },
    store: { slug: view.slug, name: view.name, label: view.label, city: view.shipping_address.city ?? '', state: view.shipping_address.state },
  };
  for (const word of searchWords(`${view.name} ${view.label} ${view.retailer.name}`)) {
    await putItem(db, {
      pk: `STORESEARCH#${word[0]}`,
      sk: `${word}#${view.id}`,
      entity: 'storeSearch',
      v: 1,
      storeId: view.id,
      active: store.active,
      hit,
    });
  }
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
