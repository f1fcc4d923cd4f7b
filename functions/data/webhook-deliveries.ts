import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { createItem, getItem, putItem, queryPartition, saveVersioned, type StoredItem } from './items.ts';

// Outgoing retailer webhooks: one delivery item per (event, callback) (pk WEBHOOKOUT#<eventId>, sk DELIVERY) with
// the exact body sent on every attempt and a log of each attempt.
//   gsi1: RETAILERWEBHOOKS#<retailerId> / <createdAt>#<eventId>   a retailer's deliveries (their log, staff)
//   gsi2: WEBHOOKDUE / <nextAttemptAt>#<eventId>                   sparse: deliveries waiting for an attempt
// (The retailer's signing secrets: functions/data/webhook-secrets.ts.)

export const KEEP_DELIVERY_SECONDS = 30 * 24 * 3600;

export interface DeliveryAttempt {
  number: number;
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  nextAttemptAt: string | null;
  /** 'scheduled' retry, 'replay' by a person. */
  trigger: 'event' | 'retry' | 'replay';
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryRecord {
  eventId: string;
  type: string;
  retailerId: string;
  checkoutId: string;
  url: string;
  /** The JSON body, byte for byte the same on every attempt (the signature covers timestamp.body). */
  body: string;
  status: DeliveryStatus;
  createdAt: string;
  /** Retries stop after this (72 hours after the first attempt). */
  giveUpAt: string;
  nextAttemptAt: string | null;
  attempts: DeliveryAttempt[];
  /** An attempt in flight holds the delivery until then. */
  claimedUntil?: string | null;
  deliveredAt?: string | null;
  /** Fired by the retailer from the sandbox (a test event, not something that happened). */
  simulated?: boolean;
}

export interface WebhookDeliveryItem extends StoredItem, WebhookDeliveryRecord {
  entity: 'webhookDelivery';
}

export const deliveryKey = (eventId: string) => ({ pk: `WEBHOOKOUT#${eventId}`, sk: 'DELIVERY' });

export const dueIndex = (record: Pick<WebhookDeliveryRecord, 'status' | 'nextAttemptAt' | 'eventId'>) =>
  record.status === 'pending' && record.nextAttemptAt
    ? { gsi2pk: 'WEBHOOKDUE', gsi2sk: `${record.nextAttemptAt}#${record.eventId}` }
    : { gsi2pk: undefined, gsi2sk: undefined };

/** Records a new delivery; false when this event was already recorded (events arrive at least once). */
export async function createDelivery(db: Db, record: WebhookDeliveryRecord, now: Date): Promise<boolean> {
  try {
    await createItem(db, {
      ...deliveryKey(record.eventId),
      entity: 'webhookDelivery',
      gsi1pk: `RETAILERWEBHOOKS#${record.retailerId}`,
      gsi1sk: `${record.createdAt}#${record.eventId}`,
      ...dueIndex(record),
      ...record,
      expiresAt: Math.floor(now.getTime() / 1000) + KEEP_DELIVERY_SECONDS,
    });
    // A pointer in the checkout's partition: the staff portal lists a checkout's deliveries without reading the
    // retailer's whole log.
    await putItem(db, {
      pk: `CHECKOUT#${record.checkoutId}`,
      sk: `WEBHOOK#${record.createdAt}#${record.eventId}`,
      entity: 'webhookPointer',
      v: 1,
      eventId: record.eventId,
      expiresAt: Math.floor(now.getTime() / 1000) + KEEP_DELIVERY_SECONDS,
    });
    return true;
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && (error as { statusCode: number }).statusCode === 409)
      return false;
    throw error;
  }
}

/** The deliveries of a checkout's events, newest first (through the pointers in its partition). */
export async function listCheckoutDeliveries(
  db: Db,
  checkoutId: string,
  now: Date,
  limit = 100,
): Promise<WebhookDeliveryItem[]> {
  const pointers = await queryPartition<StoredItem & { eventId: string }>(db, {
    pk: `CHECKOUT#${checkoutId}`,
    skPrefix: 'WEBHOOK#',
    descending: true,
    limit,
    now,
  });
  const items = await Promise.all(pointers.items.map((p) => getDelivery(db, p.eventId, now)));
  return items.filter((i): i is WebhookDeliveryItem => Boolean(i));
}

export async function getDelivery(db: Db, eventId: string, now: Date): Promise<WebhookDeliveryItem | undefined> {
  return getItem<WebhookDeliveryItem>(db, deliveryKey(eventId), now);
}

export async function saveDelivery(
  db: Db,
  previous: WebhookDeliveryItem,
  next: WebhookDeliveryItem,
): Promise<WebhookDeliveryItem> {
  const index = dueIndex(next);
  return saveVersioned<WebhookDeliveryItem>(db, previous, { ...next, ...index });
}

/** Deliveries whose next attempt is due at `now`, oldest first. */
export async function dueDeliveries(db: Db, now: Date, limit = 25): Promise<WebhookDeliveryItem[]> {
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':pk': 'WEBHOOKDUE', ':now': `${now.toISOString()}#~` },
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as WebhookDeliveryItem[];
}

export async function listRetailerDeliveries(
  db: Db,
  retailerId: string,
  now: Date,
  options: { limit?: number; cursor?: string } = {},
): Promise<{ items: WebhookDeliveryItem[]; cursor?: string }> {
  return queryPartition<WebhookDeliveryItem>(db, {
    index: 'gsi1',
    pk: `RETAILERWEBHOOKS#${retailerId}`,
    descending: true,
    limit: options.limit ?? 50,
    cursor: options.cursor,
    now,
  });
}
