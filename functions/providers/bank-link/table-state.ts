import type { Db } from '../../data/client.ts';
import { deleteItem, getItem, putItem, type StoredItem } from '../../data/items.ts';
import type { VendorStateStore } from './vendor-kit.ts';

/** Adapter state in the table, one item per key under `VENDORSTATE#<vendor>#<key>`. */
export function tableStateStore(db: Db, clock: () => Date, vendor: string): VendorStateStore {
  const keyOf = (key: string) => ({ pk: `VENDORSTATE#${vendor}#${key}`, sk: 'STATE' });
  return {
    async get<T extends Record<string, unknown>>(key: string) {
      const item = await getItem<StoredItem & { value: T }>(db, keyOf(key), clock());
      return item?.value;
    },
    async put(key, value, ttlSeconds) {
      await putItem(db, {
        ...keyOf(key),
        entity: 'vendorState',
        v: 1,
        value,
        ...(ttlSeconds ? { expiresAt: Math.floor(clock().getTime() / 1000) + ttlSeconds } : {}),
      });
    },
    async delete(key) {
      await deleteItem(db, keyOf(key));
    },
  };
}
