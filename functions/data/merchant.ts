import type { Db } from './client.ts';
import { getItem, type StoredItem } from './items.ts';

// Merchant network records (issue 12): POS items and orders, pick-ups and their transactions, retention accounts and
// entries. One item each: pk <KIND>#<id>, sk <KIND>. Lists go through the staff list partitions (data/staff/lists.ts).
export type MerchantKind = 'POSITEM' | 'POSORDER' | 'PICKUP' | 'PICKUPTX' | 'RETENTION' | 'RETENTIONENTRY';

export const merchantKey = (kind: MerchantKind, id: string) => ({ pk: `${kind}#${id}`, sk: kind });

export async function getMerchantRecord<T extends StoredItem>(
  db: Db,
  kind: MerchantKind,
  id: string,
  now: Date,
): Promise<T | undefined> {
  if (!id || id.length > 200) return undefined;
  return getItem<T>(db, merchantKey(kind, id), now);
}
