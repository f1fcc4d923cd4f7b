import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client.ts';
import { getItem, type StoredItem } from '../items.ts';

// Simple staff records (roles, settings, pick lists, mail templates, API token references): pk <KIND>#<id>, sk <KIND>.
export type RecordKind = 'ROLE' | 'SETTING' | 'PICKLIST' | 'MAILTEMPLATE' | 'APITOKENREF';

export const recordKey = (kind: RecordKind, id: string) => ({ pk: `${kind}#${id}`, sk: kind });

export async function getRecord<T extends StoredItem>(
  db: Db,
  kind: RecordKind,
  id: string,
  now: Date,
): Promise<T | undefined> {
  if (!id || id.length > 200) return undefined;
  return getItem<T>(db, recordKey(kind, id), now);
}

/** Several records by id in one round trip per 100 (order not kept; missing ones left out). */
export async function getRecords<T extends StoredItem>(db: Db, kind: RecordKind, ids: readonly string[]): Promise<T[]> {
  const unique = [...new Set(ids)].filter((id) => id && id.length <= 200);
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
