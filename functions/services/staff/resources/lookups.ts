import { getById, type StoredItem } from '../../../data/items.ts';
import { getRecord } from '../../../data/staff/records.ts';
import { retailerKey, type RetailerItem } from '../../../data/stores.ts';
import type { Deps } from '../../../platform/deps.ts';

// Reads other staff resources need (a store its retailer, a role a setting): here rather than in those resources'
// modules, so the resources do not import each other in a circle.

export function getRetailerRecord(deps: Deps, id: string): Promise<RetailerItem | undefined> {
  return getById<RetailerItem>(deps.db, id, retailerKey, deps.clock());
}

/** A stored setting's value (settings are records of kind SETTING keyed by their key). */
export async function getSettingValue(deps: Deps, key: string): Promise<unknown> {
  const item = await getRecord<StoredItem & { value?: unknown }>(deps.db, 'SETTING', key, deps.clock());
  return item?.value;
}
