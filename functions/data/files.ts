import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { createItem, deleteItem, getItem, isConditionFailure, type StoredItem } from './items.ts';

// Uploaded files' metadata (pk FILE#id): the bytes are in the blob store under `key`. `owner` says what the file
// belongs to ('signup:<draft hash>', 'store-application:<id>', 'user:<id>'); the tenant lists who may read it.
export interface FileItem extends StoredItem, FileFields {
  entity: 'file';
}

export interface FileFields {
  id: string;
  key: string;
  purpose: string;
  owner: string;
  original_name: string;
  extension: string;
  content_type: string;
  size: number;
  /** SHA-256 of the delete token handed out with the upload (seed 001: file delete sends it back). */
  token_hash: string;
  tenant: { storeIds?: string[]; retailerIds?: string[] };
  created_at: string;
  created_by: string | null;
}

export const fileKey = (id: string) => ({ pk: `FILE#${id}`, sk: 'FILE' });

export async function getFileItem(db: Db, id: string, now: Date): Promise<FileItem | undefined> {
  if (!/^fil-[0-9a-f-]{36}$/.test(id)) return undefined;
  return getItem<FileItem>(db, fileKey(id), now);
}

export async function createFileItem(db: Db, item: FileFields): Promise<FileItem> {
  return await createItem(db, { ...fileKey(item.id), entity: 'file' as const, ...item });
}

export async function deleteFileItem(db: Db, id: string): Promise<void> {
  await deleteItem(db, fileKey(id));
}

/** Moves a file to another owner (a sign-up draft's document becomes the store application's), if it still has `from`. */
export async function reownFile(
  db: Db,
  id: string,
  from: string,
  to: string,
  tenant: FileItem['tenant'],
): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: fileKey(id),
        UpdateExpression: 'SET #o = :to, tenant = :tenant, #v = #v + :one',
        ConditionExpression: 'attribute_exists(pk) AND #o = :from',
        ExpressionAttributeNames: { '#o': 'owner', '#v': 'v' },
        ExpressionAttributeValues: { ':to': to, ':from': from, ':tenant': tenant, ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A fixed-window counter (pk RATE#<bucket>): adds one and answers the count in this window. The item expires with
 * the window (TTL in AWS, read-side elsewhere: a new window is a new key).
 */
export async function countInWindow(db: Db, bucket: string, windowSeconds: number, now: Date): Promise<number> {
  const window = Math.floor(now.getTime() / 1000 / windowSeconds);
  const out = await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: `RATE#${bucket}#${window}`, sk: 'RATE' },
      UpdateExpression: 'ADD #c :one SET expiresAt = :exp, entity = :e',
      ExpressionAttributeNames: { '#c': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':exp': (window + 2) * windowSeconds, ':e': 'rate' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.count ?? 1);
}
