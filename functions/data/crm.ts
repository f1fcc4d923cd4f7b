import type { Db } from './client.ts';
import { getById, type StoredItem } from './items.ts';

// CRM, marketing, push notification and mobile slide records (issue 12): pk CRM#<KIND>#<id>, sk <KIND>. Lists go
// through the staff list partitions (functions/data/staff/lists.ts), never a Scan.
export type CrmKind = 'LEAD' | 'CONTACT' | 'TASK' | 'CAMPAIGN' | 'MKTREQUEST' | 'GUIDE' | 'RESOURCE' | 'PUSH' | 'SLIDE';

export const crmKey = (kind: CrmKind, id: string) => ({ pk: `CRM#${kind}#${id}`, sk: kind });

export function getCrmRecord<T extends StoredItem>(db: Db, kind: CrmKind, id: string, now: Date) {
  return getById<T>(db, id, (recordId) => crmKey(kind, recordId), now);
}
