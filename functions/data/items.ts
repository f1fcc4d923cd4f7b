import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { conflict } from '../platform/errors.ts';
import type { Db } from './client.ts';
import { TTL_ATTRIBUTE } from './table.ts';

export interface Keyed {
  pk: string;
  sk: string;
}

/** Every stored entity: its kind and the version used for optimistic locking. */
export interface StoredItem extends Keyed {
  entity: string;
  v: number;
  expiresAt?: number;
  [attribute: string]: unknown;
}

/** An event waiting on its aggregate for the relay to publish it. */
export interface OutboxEvent {
  id: string;
  type: string;
  occurredAt: string;
  aggregate: { type: string; id: string };
  data: Record<string, unknown>;
}

export const STALE_WRITE_MESSAGE = 'This record was changed by someone else in the meantime. Reload it and try again.';

export function newEvent(
  type: string,
  aggregate: OutboxEvent['aggregate'],
  data: Record<string, unknown>,
  now: Date,
): OutboxEvent {
  return { id: randomUUID(), type, occurredAt: now.toISOString(), aggregate, data };
}

const isExpired = (item: { expiresAt?: unknown }, now: Date) =>
  typeof item.expiresAt === 'number' && item.expiresAt * 1000 <= now.getTime();

export const isConditionFailure = (error: unknown) =>
  error instanceof ConditionalCheckFailedException ||
  (error instanceof Error && error.name === 'ConditionalCheckFailedException');

/** Reads one item; an item past its expiresAt is gone (DynamoDB TTL deletes lazily, dynalite never). */
/** What a read asks for when it names `attributes`: those, the keys given, and `expiresAt` (to drop expired items). */
function projectionOf(keys: readonly string[], attributes: readonly string[] | undefined) {
  if (!attributes) return { names: {}, expression: undefined };
  const projected = [...new Set([...keys, TTL_ATTRIBUTE, ...attributes])];
  return {
    names: Object.fromEntries(projected.map((name, i) => [`#p${i}`, name])),
    expression: projected.map((_, i) => `#p${i}`).join(', '),
  };
}

/** One item (strongly consistent); `attributes` reads only those top-level attributes besides the keys. */
export async function getItem<T extends StoredItem>(
  db: Db,
  key: Keyed,
  now: Date,
  options: { attributes?: readonly string[] } = {},
): Promise<T | undefined> {
  const projection = projectionOf(['pk', 'sk'], options.attributes);
  const out = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: key.pk, sk: key.sk },
      ConsistentRead: true,
      ...(projection.expression
        ? { ProjectionExpression: projection.expression, ExpressionAttributeNames: projection.names }
        : {}),
    }),
  );
  const item = out.Item as T | undefined;
  if (!item || isExpired(item, now)) return undefined;
  return item;
}

/** An id taken from a request that no record can have (empty, or over 200 characters): not found, without a read. */
export const isUnusableId = (id: string) => !id || id.length > 200;

/** The record an id from a request names, keyed by `keyOf`; an unusable id reads as not found. */
export async function getById<T extends StoredItem>(
  db: Db,
  id: string,
  keyOf: (id: string) => Keyed,
  now: Date,
): Promise<T | undefined> {
  return isUnusableId(id) ? undefined : getItem<T>(db, keyOf(id), now);
}

/**
 * Reads up to 100 items in one request (BatchGetItem, strongly consistent), in the order of their keys; a missing or
 * expired item is undefined. Keys DynamoDB leaves unprocessed (throttling) are asked again.
 */
export async function getItems<T extends StoredItem>(
  db: Db,
  keys: readonly Keyed[],
  now: Date,
): Promise<(T | undefined)[]> {
  const found = new Map<string, T>();
  let pending: Keyed[] = keys.map(({ pk, sk }) => ({ pk, sk }));
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt === 5) throw new Error('BatchGetItem: keys still unprocessed after 5 attempts');
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
    const out = await db.doc.send(
      new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: pending, ConsistentRead: true } } }),
    );
    for (const item of (out.Responses?.[db.tableName] ?? []) as T[]) found.set(`${item.pk}\u0000${item.sk}`, item);
    pending = (out.UnprocessedKeys?.[db.tableName]?.Keys ?? []) as Keyed[];
  }
  return keys.map((key) => {
    const item = found.get(`${key.pk}\u0000${key.sk}`);
    return item && !isExpired(item, now) ? item : undefined;
  });
}

/** Writes a new item (version 1), failing with 409 when the key exists. */
export async function createItem<T extends Omit<StoredItem, 'v'>>(
  db: Db,
  item: T,
  events: OutboxEvent[] = [],
): Promise<T & { v: number }> {
  const stored = { ...item, v: 1, ...outboxAttributes(item as unknown as { pk: string }, events) } as T & { v: number };
  try {
    await db.doc.send(
      new PutCommand({ TableName: db.tableName, Item: stored, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This record already exists.');
    throw error;
  }
  return stored;
}

/** Puts an item regardless of what is there (seed data, caches, idempotent upserts of immutable records). */
export async function putItem(db: Db, item: StoredItem): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: item }));
}

export async function deleteItem(db: Db, key: Keyed): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: { pk: key.pk, sk: key.sk } }));
}

/** One unconditional write of a batch: an item to put, or the key of one to delete. */
export type BatchWrite = { put: StoredItem } | { delete: Keyed };

/** DynamoDB's limit of writes in one BatchWriteItem. */
const BATCH_WRITE_LIMIT = 25;
const BATCH_WRITE_ATTEMPTS = 8;

/**
 * Unconditional puts and deletes of distinct items, 25 to a request (the requests run together): one round trip
 * where each write alone would be one. The writes DynamoDB leaves unprocessed (throttling) are sent again after a
 * short, growing pause; after 8 attempts the call fails. Not atomic: each item is written on its own.
 */
export async function batchWriteItems(db: Db, writes: readonly BatchWrite[]): Promise<void> {
  const requests = writes.map((w) =>
    'put' in w ? { PutRequest: { Item: w.put } } : { DeleteRequest: { Key: { pk: w.delete.pk, sk: w.delete.sk } } },
  );
  const chunks: (typeof requests)[] = [];
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT) chunks.push(requests.slice(i, i + BATCH_WRITE_LIMIT));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: typeof requests = chunk;
      for (let attempt = 1; pending.length; attempt++) {
        if (attempt > BATCH_WRITE_ATTEMPTS)
          throw new Error(`${pending.length} writes were left unprocessed after ${BATCH_WRITE_ATTEMPTS} attempts`);
        if (attempt > 1) await new Promise((r) => setTimeout(r, 2 ** attempt * (5 + Math.random() * 5)));
        const out = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: pending } }));
        pending = (out.UnprocessedItems?.[db.tableName] ?? []) as typeof requests;
      }
    }),
  );
}

function outboxAttributes(item: { pk: string }, events: OutboxEvent[]) {
  if (!events.length) return {};
  return { outbox: events, outboxPk: 'OUTBOX', outboxSk: `${events[0]!.occurredAt}#${item.pk}` };
}

/**
 * Saves a new state of an aggregate that was read at `previous.v`. The write succeeds only if nobody saved in the
 * meantime (else 409), bumps the version, and appends events to the outbox in the same single-item write.
 * The outbox is appended with list_append rather than rewritten so that the relay's concurrent removals are kept.
 * `append` adds entries to list attributes the same way (never rewriting what the list holds).
 */
export async function saveVersioned<T extends StoredItem>(
  db: Db,
  previous: StoredItem,
  next: T,
  events: OutboxEvent[] = [],
  options: { returnItem?: boolean; append?: Record<string, readonly unknown[]> } = {},
): Promise<T> {
  const names: Record<string, string> = { '#v': 'v' };
  const values: Record<string, unknown> = { ':expected': previous.v, ':next': previous.v + 1 };
  const sets: string[] = ['#v = :next'];
  const removes: string[] = [];
  let i = 0;
  const appended = Object.entries(options.append ?? {}).filter(([, entries]) => entries.length > 0);
  const skip = new Set(['pk', 'sk', 'v', 'outbox', 'outboxPk', 'outboxSk', ...appended.map(([key]) => key)]);
  for (const [key, value] of Object.entries(next)) {
    if (skip.has(key)) continue;
    const n = `#a${i}`;
    names[n] = key;
    if (value === undefined) removes.push(n);
    else {
      values[`:a${i}`] = value;
      sets.push(`${n} = :a${i}`);
    }
    i++;
  }
  for (const key of Object.keys(previous)) {
    if (skip.has(key) || key in next) continue;
    const n = `#a${i++}`;
    names[n] = key;
    removes.push(n);
  }
  appended.forEach(([key, entries], n) => {
    names[`#l${n}`] = key;
    values[`:l${n}`] = entries;
    values[':empty'] = [];
    sets.push(`#l${n} = list_append(if_not_exists(#l${n}, :empty), :l${n})`);
  });
  if (events.length) {
    names['#outbox'] = 'outbox';
    names['#opk'] = 'outboxPk';
    names['#osk'] = 'outboxSk';
    values[':events'] = events;
    values[':empty'] = [];
    values[':opk'] = 'OUTBOX';
    values[':osk'] = `${events[0]!.occurredAt}#${next.pk}`;
    sets.push(
      '#outbox = list_append(if_not_exists(#outbox, :empty), :events)',
      '#opk = :opk',
      '#osk = if_not_exists(#osk, :osk)',
    );
  }
  const expression = `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`;
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: previous.pk, sk: previous.sk },
        UpdateExpression: expression,
        ConditionExpression: '#v = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        // returnItem false: the caller needs only what it wrote, so the item is not sent back (less to serialize).
        ReturnValues: options.returnItem === false ? 'NONE' : 'ALL_NEW',
      }),
    );
    return options.returnItem === false ? { ...next, v: previous.v + 1 } : (out.Attributes as T);
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(STALE_WRITE_MESSAGE);
    throw error;
  }
}

export interface Page<T> {
  items: T[];
  cursor?: string;
}

export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The partition and sort key attributes of the table and of each index. */
const KEY_NAMES = {
  table: ['pk', 'sk'],
  gsi1: ['gsi1pk', 'gsi1sk'],
  gsi2: ['gsi2pk', 'gsi2sk'],
  outbox: ['outboxPk', 'outboxSk'],
} as const;

/** Queries one partition (of the table or an index), optionally by sort-key prefix, dropping expired items. */
export async function queryPartition<T extends StoredItem>(
  db: Db,
  options: {
    index?: 'gsi1' | 'gsi2' | 'outbox';
    pk: string;
    skPrefix?: string;
    limit?: number;
    descending?: boolean;
    cursor?: string;
    /** Only these top-level attributes are read (less sent and decoded), besides the keys and `expiresAt`. */
    attributes?: readonly string[];
    now: Date;
  },
): Promise<Page<T>> {
  const [pkName, skName] = KEY_NAMES[options.index ?? 'table'];
  const projection = projectionOf(['pk', 'sk', pkName, skName], options.attributes);
  const names: Record<string, string> = {
    ...(options.skPrefix ? { '#pk': pkName, '#sk': skName } : { '#pk': pkName }),
    ...projection.names,
  };
  const input: QueryCommandInput = {
    TableName: db.tableName,
    IndexName: options.index,
    KeyConditionExpression: options.skPrefix ? '#pk = :pk AND begins_with(#sk, :sk)' : '#pk = :pk',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: options.skPrefix
      ? { ':pk': options.pk, ':sk': options.skPrefix }
      : { ':pk': options.pk },
    ...(projection.expression ? { ProjectionExpression: projection.expression } : {}),
    ScanIndexForward: !options.descending,
    Limit: options.limit,
    ExclusiveStartKey: decodeCursor(options.cursor),
  };
  const out = await db.doc.send(new QueryCommand(input));
  const items = ((out.Items ?? []) as T[]).filter((item) => !isExpired(item, options.now));
  return { items, cursor: encodeCursor(out.LastEvaluatedKey) };
}

/** Every item of a partition (or of its sort-key prefix), page after page: for partitions bounded by design. */
export async function queryAll<T extends StoredItem>(
  db: Db,
  options: Omit<Parameters<typeof queryPartition>[1], 'cursor'>,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPartition<T>(db, { ...options, cursor });
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

/**
 * Every page of one Query, following its LastEvaluatedKey: for walks over a whole partition or index range. With
 * `max`, pages stop once that many items are read (each page asks for at most what is left, 1,000 at the most).
 */
export async function* queryPages(
  db: Db,
  input: QueryCommandInput,
  max = Infinity,
): AsyncGenerator<Record<string, unknown>[]> {
  let start = input.ExclusiveStartKey;
  let read = 0;
  do {
    const limit = Number.isFinite(max) ? Math.min(1000, max - read) : input.Limit;
    const res = await db.doc.send(new QueryCommand({ ...input, ExclusiveStartKey: start, Limit: limit }));
    const items = res.Items ?? [];
    read += items.length;
    yield items;
    start = res.LastEvaluatedKey;
  } while (start && read < max);
}

/** Claims a unique value (a slug, a user name) with a guard item; false when someone holds it already. */
export async function claimUnique(db: Db, kind: string, value: string, owner: string): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { pk: `UNIQUE#${kind}#${value.toLowerCase()}`, sk: 'UNIQUE', entity: 'unique', v: 1, owner },
        ConditionExpression: 'attribute_not_exists(pk) OR #owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function releaseUnique(db: Db, kind: string, value: string): Promise<void> {
  await deleteItem(db, { pk: `UNIQUE#${kind}#${value.toLowerCase()}`, sk: 'UNIQUE' });
}
