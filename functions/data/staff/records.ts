import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client.ts';
import { getById, isUnusableId, type StoredItem } from '../items.ts';

// Simple staff records (roles, settings, pick lists, mail templates, API token references): pk <KIND>#<id>, sk <KIND>.
export type RecordKind = 'ROLE' | 'SETTING' | 'PICKLIST' | 'MAILTEMPLATE' | 'APITOKENREF';

export const recordKey = (kind: RecordKind, id: string) => ({ pk: `${kind}#${id}`, sk: kind });

export function getRecord<T extends StoredItem>(db: Db, kind: RecordKind, id: string, now: Date) {
  return getById<T>(db, id, (recordId) => recordKey(kind, recordId), now);
}

/** Several records by id in one round trip per 100 (order not kept; missing ones left out). */
export async function getRecords<T extends StoredItem>(db: Db, kind: RecordKind, ids: readonly string[]): Promise<T[]> {
  const unique = [...new Set(ids)].filter((id) => !isUnusableId(id));
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((id) => recordKey(kind, id));
    for (let attempt = 0; keys?.length && attempt < 5; attempt++) {
      const res = await db.doc.send(
        new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: keys, ConsistentRead: true } } }),
      );
      out.push(...((res.Responses?.[db.tableName] ?? []) as T[]));
      keys = res.UnprocessedKeys?.[db.tableName]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
}
