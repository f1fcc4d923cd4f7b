import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';

// Issue 23: the collections queue as an index, never a Scan. A past-due account carries the sparse keys
//   gsi1: COLLECTIONS            / <first missed date>#<lease id>   (the lender's whole queue)
//   gsi2: COLLECTIONS#STORE#<id> / <first missed date>#<lease id>   (a store's own accounts)
// written in the account's own conditional write, and removed when it is no longer past due. Oldest first is the
// index order; a bucket (1-30, 31-60, 61-90, 90+ days) is a range of first missed dates as of the lender's date.

export const COLLECTIONS_PK = 'COLLECTIONS';
export const collectionsStorePk = (storeId: string) => `COLLECTIONS#STORE#${storeId}`;

type CollectionKeys = { gsi1pk?: string; gsi1sk?: string; gsi2pk?: string; gsi2sk?: string };

/** The queue's index keys of an account (all undefined, so removed, when it is not past due). */
interface QueuedAccount {
  statusName: string;
  leaseId: string;
  storeId: string;
  schedule: readonly { number: number; dueDate: string; amountCents: number }[];
  summary: { paid: readonly number[] };
}

/** The first missed due date: payments go to the oldest installment first, so it is the oldest one not paid in full. */
export function firstMissedDate(account: Pick<QueuedAccount, 'schedule' | 'summary'>): string | null {
  const unpaid = account.schedule.find((i) => (account.summary.paid[i.number - 1] ?? 0) < i.amountCents);
  return unpaid?.dueDate ?? null;
}

export function collectionKeys(account: QueuedAccount) {
  const since = firstMissedDate(account);
  if (account.statusName !== 'pastDue' || !since)
    return { gsi1pk: undefined, gsi1sk: undefined, gsi2pk: undefined, gsi2sk: undefined } satisfies CollectionKeys;
  const sk = `${since}#${account.leaseId}`;
  return { gsi1pk: COLLECTIONS_PK, gsi1sk: sk, gsi2pk: collectionsStorePk(account.storeId), gsi2sk: sk };
}

export interface QueueQuery {
  /** The lender's queue (gsi1) or one store's (gsi2). */
  storeId?: string;
  /** First missed dates from (inclusive) and to (inclusive), ISO dates. */
  from: string;
  to: string;
  limit: number;
  cursor?: Record<string, unknown>;
  count?: boolean;
}

/** One page of past-due accounts, oldest first, between two first missed dates. */
export async function queryCollections<T>(db: Db, q: QueueQuery) {
  const index = q.storeId ? 'gsi2' : 'gsi1';
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: index,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#pk': `${index}pk`, '#sk': `${index}sk` },
      ExpressionAttributeValues: {
        ':pk': q.storeId ? collectionsStorePk(q.storeId) : COLLECTIONS_PK,
        ':from': `${q.from}#`,
        ':to': `${q.to}#\uffff`,
      },
      ScanIndexForward: true,
      ...(q.count ? { Select: 'COUNT' as const } : { Limit: q.limit }),
      ExclusiveStartKey: q.cursor,
    }),
  );
  return {
    items: (out.Items ?? []) as T[],
    count: out.Count ?? 0,
    cursor: out.LastEvaluatedKey as Record<string, unknown> | undefined,
  };
}
