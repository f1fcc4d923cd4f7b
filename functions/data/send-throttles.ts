import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { getItem, isConditionFailure, type StoredItem } from './items.ts';

// Send histories for limits on messages we send on request (the lessee's sign-in codes, per address and per IP):
// one item per key with the epoch-millisecond times of the recent sends. Written conditionally on the version read
// (or on there being no live item), so two requests at once cannot both take the last send; an expired item counts
// as absent, as everywhere (expiry is enforced on read).

interface SendHistoryItem extends StoredItem {
  sends: number[];
}

export interface SendHistory {
  sends: number[];
  /** The version read (0: no live item). */
  v: number;
}

export async function readSendHistory(db: Db, key: { pk: string; sk: string }, now: Date): Promise<SendHistory> {
  const item = await getItem<SendHistoryItem>(db, key, now);
  return item ? { sends: item.sends ?? [], v: item.v } : { sends: [], v: 0 };
}

/** Stores the new history if nobody else did since `read`; false when someone did (the caller reads again). */
export async function writeSendHistory(
  db: Db,
  key: { pk: string; sk: string },
  read: SendHistory,
  sends: number[],
  expiresAt: number,
  now: Date,
): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...key, entity: 'sendThrottle', v: read.v + 1, sends, expiresAt },
        ConditionExpression:
          read.v === 0 ? 'attribute_not_exists(pk) OR expiresAt <= :now' : 'v = :v AND expiresAt > :now',
        ExpressionAttributeValues:
          read.v === 0 ? { ':now': now.getTime() / 1000 } : { ':v': read.v, ':now': now.getTime() / 1000 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
