import type { Db } from './client.ts';
import { getItem, type StoredItem } from './items.ts';

// CRM, marketing, push notification and mobile slide records (issue 12): pk CRM#<KIND>#<id>, sk <KIND>. Lists go
// through the staff list partitions (functions/data/staff/lists.ts), never a Scan.
export type CrmKind = 'LEAD' | 'CONTACT' | 'TASK' | 'CAMPAIGN' | 'MKTREQUEST' | 'GUIDE' | 'RESOURCE' | 'PUSH' | 'SLIDE';

export const crmKey = (kind: CrmKind, id: string) => ({ pk: `CRM#${kind}#${id}`, sk: kind });

export async function getCrmRecord<T extends StoredItem>(
  db: Db,
  kind: CrmKind,
  id: string,
  now: Date,
): Promise<T | undefined> {
  if (!id || id.length > 200) return undefined;
  return getItem<T>(db, crmKey(kind, id), now);
}
