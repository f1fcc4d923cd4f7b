import { createHash } from 'node:crypto';
import type { Db } from './client.ts';
import { getItem, putItem, type StoredItem } from './items.ts';

// Retailer API tokens are stored only as their SHA-256 (pk APITOKEN#hash); the token is shown once at creation.
export interface ApiTokenRecord {
  id: string;
  name: string;
  retailerId: string;
  created_at: string;
  revoked_at?: string;
  last_four: string;
  /** Absent on tokens made before modes existed: those are live. */
  mode?: 'test' | 'live';
}

export interface ApiTokenItem extends StoredItem, ApiTokenRecord {
  entity: 'apiToken';
}

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const apiTokenKey = (hash: string) => ({ pk: `APITOKEN#${hash}`, sk: 'TOKEN' });

export async function findApiToken(db: Db, token: string, now: Date): Promise<ApiTokenItem | undefined> {
  if (!token || token.length > 256) return undefined;
  const item = await getItem<ApiTokenItem>(db, apiTokenKey(hashApiToken(token)), now);
  return item && !item.revoked_at ? item : undefined;
}

export async function putApiToken(db: Db, token: string, record: ApiTokenRecord): Promise<void> {
  await putItem(db, {
    ...apiTokenKey(hashApiToken(token)),
    entity: 'apiToken',
    v: 1,
    gsi1pk: `RETAILERTOKENS#${record.retailerId}`,
    gsi1sk: record.created_at,
    ...record,
  });
}
