import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../data/client.ts';
import {
  getItem,
  isConditionFailure,
  queryPartition,
  type Keyed,
  type OutboxEvent,
  type StoredItem,
} from '../data/items.ts';
import type { EventPublisher } from './event-bus.ts';

interface WithOutbox extends StoredItem {
  outbox?: OutboxEvent[];
}

/**
 * Publishes the events waiting on one aggregate, then removes exactly those from its outbox. Publishing is
 * at-least-once: a crash between the two steps republishes, and consumers dedupe by event id.
 */
export async function relayItem(db: Db, bus: EventPublisher, key: Keyed, now: Date): Promise<number> {
  const item = await getItem<WithOutbox>(db, key, now);
  const events = item?.outbox ?? [];
  if (!events.length) return 0;
  await bus.publish(events);
  const names = { '#o': 'outbox', '#opk': 'outboxPk', '#osk': 'outboxSk' };
  try {
    // Common case: nothing was appended meanwhile, so the whole outbox goes and the item leaves the index.
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: 'REMOVE #o, #opk, #osk',
        ConditionExpression: 'size(#o) = :n',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':n': events.length },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Events were appended after our read: remove only the published ones (they are at the front). Highest index
    // first: dynalite applies list removals one by one, so removing [0] first would shift the rest and drop an
    // unpublished event; in this order both dynalite and DynamoDB remove exactly these.
    const removes = events
      .map((_, i) => `#o[${i}]`)
      .reverse()
      .join(', ');
    const conditions = events.map((_, i) => `#o[${i}].id = :id${i}`).join(' AND ');
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: `REMOVE ${removes}`,
        ConditionExpression: conditions,
        ExpressionAttributeNames: { '#o': 'outbox' },
        ExpressionAttributeValues: Object.fromEntries(events.map((e, i) => [`:id${i}`, e.id])),
      }),
    );
  }
  return events.length;
}

/** One pass over the sparse OUTBOX index (the local poller and the AWS schedule both run this). */
export async function relayOutbox(
  db: Db,
  bus: EventPublisher,
  now: Date,
  onError?: (error: unknown, key: Keyed) => void,
): Promise<number> {
  let published = 0;
  let cursor: string | undefined;
  do {
    const page = await queryPartition<WithOutbox>(db, { index: 'outbox', pk: 'OUTBOX', limit: 100, cursor, now });
    for (const item of page.items) {
      try {
        published += await relayItem(db, bus, { pk: item.pk, sk: item.sk }, now);
      } catch (error) {
        onError?.(error, { pk: item.pk, sk: item.sk });
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return published;
}
