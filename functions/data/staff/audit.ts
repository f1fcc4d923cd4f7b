import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client.ts';
import { putItem, type StoredItem } from '../items.ts';

// Audit log: pk AUDIT, sk <ISO time>#<id> (newest first by a descending Query); by user through gsi1
// (AUDITUSER#<userId> / time). Items expire after 400 days (TTL `expiresAt`; expiry is also enforced on read).
// A counter item (AUDIT / COUNT) gives meta.total; it counts every entry ever written, so once entries start to
// expire it is an upper bound, and `last_page` is then corrected on the page that runs out.
export const AUDIT_TYPES = [
  'login.success',
  'login.failed',
  'login.throttled',
  'logout',
  'password.changed',
  'password.reset',
  'permissions.changed',
  'user.changed',
  'access.denied',
  'lease.action',
  'lease.servicing',
  'collections.work',
  'lease.claim',
  'pii.revealed',
  'webhook.replayed',
  'rules.changed',
  'import.committed',
  'import.restored',
  'scoring.published',
  'scoring.restored',
  'store-application.decided',
  'oauth-client.changed',
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export interface AuditEntry {
  id: string;
  at: string;
  type: AuditType;
  actor_id: string | null;
  actor_name: string | null;
  ip: string | null;
  target: string | null;
  detail: Record<string, unknown>;
}

interface AuditItem extends StoredItem {
  entry: AuditEntry;
}

const AUDIT_PK = 'AUDIT';
const COUNT_KEY = { pk: 'AUDITCOUNT', sk: 'COUNT' };

export async function writeAudit(
  db: Db,
  entry: Omit<AuditEntry, 'id' | 'at'>,
  now: Date,
  keepSeconds: number,
): Promise<AuditEntry> {
  const full: AuditEntry = { ...entry, id: randomUUID(), at: now.toISOString() };
  await putItem(db, {
    pk: AUDIT_PK,
    sk: `${full.at}#${full.id}`,
    entity: 'audit',
    v: 1,
    expiresAt: Math.floor(now.getTime() / 1000) + keepSeconds,
    ...(full.actor_id ? { gsi1pk: `AUDITUSER#${full.actor_id}`, gsi1sk: full.at } : {}),
    entry: full,
  });
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: COUNT_KEY,
      UpdateExpression: 'SET entity = :e, v = :one ADD #n :one',
      ExpressionAttributeNames: { '#n': 'count' },
      ExpressionAttributeValues: { ':e': 'counter', ':one': 1 },
    }),
  );
  return full;
}

export async function listAudit(
  db: Db,
  options: { page: number; limit: number; type?: string; userId?: string; now: Date },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  const offset = (options.page - 1) * options.limit;
  const byUser = options.userId !== undefined;
  const names: Record<string, string> = { '#pk': byUser ? 'gsi1pk' : 'pk', '#x': 'expiresAt' };
  const values: Record<string, unknown> = {
    ':pk': byUser ? `AUDITUSER#${options.userId}` : AUDIT_PK,
    ':now': nowSeconds,
  };
  let filter = '#x > :now';
  if (options.type) {
    names['#entry'] = 'entry';
    names['#type'] = 'type';
    values[':type'] = options.type;
    filter += ' AND #entry.#type = :type';
  }
  const rows: AuditEntry[] = [];
  let start: Record<string, unknown> | undefined;
  let seen = 0;
  let exhausted = false;
  // Newest first; earlier pages are read and skipped (the audit is browsed from its newest end).
  while (rows.length < options.limit) {
    const out = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: byUser ? 'gsi1' : undefined,
        KeyConditionExpression: '#pk = :pk',
        FilterExpression: filter,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        ExclusiveStartKey: start,
        Limit: 500,
      }),
    );
    for (const item of (out.Items ?? []) as AuditItem[]) {
      if (seen++ < offset) continue;
      if (rows.length < options.limit) rows.push(item.entry);
    }
    start = out.LastEvaluatedKey;
    if (!start) {
      exhausted = true;
      break;
    }
  }
  let total: number;
  if (options.type || byUser) total = exhausted ? seen : Math.max(seen, offset + rows.length + 1);
  else {
    const counter = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: COUNT_KEY }));
    total = Number(counter.Item?.count ?? 0);
    if (exhausted) total = seen;
  }
  return { rows, total };
}
