import type { StoreSearchHit, StoreView } from '../../machines/contracts/store.ts';
import { findRetailerBySlug, findStoreBySlug, getStoreById, searchStores } from '../data/stores.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';

export const RETAILER_NOT_FOUND = 'Retailer not found';
export const STORE_NOT_FOUND = 'Store not found';

/** The store a shopper applies at: unknown retailer, unknown store and inactive store are all 404s, told apart in data. */
export async function getShopperStore(deps: Deps, retailerSlug: string, storeSlug: string): Promise<StoreView> {
  const now = deps.clock();
  const retailer = await findRetailerBySlug(deps.db, retailerSlug, now);
  if (!retailer || !retailer.active) throw new AppError(404, RETAILER_NOT_FOUND, undefined, { not_found: 'retailer' });
  const store = await findStoreBySlug(deps.db, retailer.id, storeSlug, now);
  if (!store) throw new AppError(404, STORE_NOT_FOUND, undefined, { not_found: 'store' });
  if (!store.active) throw new AppError(404, STORE_NOT_FOUND, undefined, { not_found: 'store', inactive: true });
  return store.view;
}

export async function findStores(deps: Deps, query: string): Promise<StoreSearchHit[]> {
  return searchStores(deps.db, query, deps.clock());
}

/** A store by id for a session that is scoped to it; undefined when it is gone. */
export async function storeOfSession(
  deps: Deps,
  storeId: string,
): Promise<{ view: StoreView; active: boolean } | undefined> {
  const store = await getStoreById(deps.db, storeId, deps.clock());
  return store ? { view: store.view, active: store.active } : undefined;
}
