import type { Db } from './client.ts';
import { getById, type StoredItem } from './items.ts';

// Merchant network records (issue 12): POS items and orders, pick-ups and their transactions, retention accounts and
// entries. One item each: pk <KIND>#<id>, sk <KIND>. Lists go through the staff list partitions (data/staff/lists.ts).
export type MerchantKind = 'POSITEM' | 'POSORDER' | 'PICKUP' | 'PICKUPTX' | 'RETENTION' | 'RETENTIONENTRY';

export const merchantKey = (kind: MerchantKind, id: string) => ({ pk: `${kind}#${id}`, sk: kind });

export function getMerchantRecord<T extends StoredItem>(db: Db, kind: MerchantKind, id: string, now: Date) {
  return getById<T>(db, id, (recordId) => merchantKey(kind, recordId), now);
}
