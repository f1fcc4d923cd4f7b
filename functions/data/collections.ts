import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type {
  CollectionWork,
  ContactChannel,
  ContactOutcome,
} from '../../machines/domain/servicing/collections-work.ts';
import type { Db } from './client.ts';
import { createItem, queryPages, queryPartition, type StoredItem } from './items.ts';

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

/**
 * The queue work's own attributes, kept top-level so that the queue's Query can filter on them: the date of a pending
 * promise (the account waits in the promised view until the day after it) and the collector working it.
 */
export function collectionWorkKeys(account: { collection?: CollectionWork }) {
  return {
    promisedUntil: account.collection?.promise?.date,
    collectorId: account.collection?.assignee?.id,
  };
}

/** Every account of the lender's queue (gsi1), oldest first, one page at a time, reading only `fields`. */
export function collectionsIndexPages(db: Db, fields: string) {
  return queryPages(db, {
    TableName: db.tableName,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': COLLECTIONS_PK },
    ProjectionExpression: fields,
  });
}

/** Which accounts of the queue: to work (no promise pending), with a promise pending, or all of them. */
export type QueueView = 'open' | 'promised' | 'all';

export interface QueueQuery {
  /** The lender's queue (gsi1) or one store's (gsi2). */
  storeId?: string;
  /** First missed dates from (inclusive) and to (inclusive), ISO dates. */
  from: string;
  to: string;
  limit: number;
  cursor?: Record<string, unknown>;
  count?: boolean;
  /** With `today`: an open account has no promise dated today or later. */
  view?: QueueView;
  today?: string;
  /** Only the accounts this collector works. */
  collectorId?: string;
}

/** One page of past-due accounts, oldest first, between two first missed dates. */
export async function queryCollections<T>(db: Db, q: QueueQuery) {
  const index = q.storeId ? 'gsi2' : 'gsi1';
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (q.view && q.view !== 'all' && q.today) {
    names['#promised'] = 'promisedUntil';
    values[':today'] = q.today;
    filters.push(
      q.view === 'open'
        ? '(attribute_not_exists(#promised) OR #promised < :today)'
        : '(attribute_exists(#promised) AND #promised >= :today)',
    );
  }
  if (q.collectorId) {
    names['#collector'] = 'collectorId';
    values[':collector'] = q.collectorId;
    filters.push('#collector = :collector');
  }
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: index,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#pk': `${index}pk`, '#sk': `${index}sk`, ...names },
      ExpressionAttributeValues: {
        ':pk': q.storeId ? collectionsStorePk(q.storeId) : COLLECTIONS_PK,
        ':from': `${q.from}#`,
        ':to': `${q.to}#\uffff`,
        ...values,
      },
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
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

// ---------- contact attempts ----------
// Append-only under the lease: `LEASE#<id>` / `CONTACT#<time>#<id>`, newest read first.

export interface ContactAttempt {
  id: string;
  leaseId: string;
  at: string;
  channel: ContactChannel;
  outcome: ContactOutcome;
  note: string | null;
  by: { id: string; name: string };
}

export interface ContactItem extends StoredItem, ContactAttempt {
  entity: 'collectionContact';
}

export async function putContact(db: Db, contact: ContactAttempt): Promise<void> {
  await createItem(db, {
    pk: `LEASE#${contact.leaseId}`,
    sk: `CONTACT#${contact.at}#${contact.id}`,
    entity: 'collectionContact' as const,
    ...contact,
  });
}

export async function listContacts(db: Db, leaseId: string, now: Date, limit = 50): Promise<ContactAttempt[]> {
  const page = await queryPartition<ContactItem>(db, {
    pk: `LEASE#${leaseId}`,
    skPrefix: 'CONTACT#',
    descending: true,
    limit,
    now,
  });
  return page.items.map(({ id, leaseId: lease, at, channel, outcome, note, by }) => ({
    id,
    leaseId: lease,
    at,
    channel,
    outcome,
    note,
    by,
  }));
}
