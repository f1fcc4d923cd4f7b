import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { isConditionFailure } from './items.ts';

// Fixed-window request counters shared by every Lambda instance: one item per caller and window
// (pk RATELIMIT#<caller>, sk W#<window start, epoch seconds>), bumped with a conditional ADD that refuses to pass the
// limit, and removed by the table's TTL (expiresAt) shortly after the window ends.

export const rateLimitKey = (caller: string, windowStart: number) => ({
  pk: `RATELIMIT#${caller}`,
  sk: `W#${windowStart}`,
});

/** Counts one request in the window; `undefined` when the window already holds `limit` requests (nothing written). */
export async function countRequest(
  db: Db,
  caller: string,
  windowStart: number,
  limit: number,
  expiresAt: number,
): Promise<number | undefined> {
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: rateLimitKey(caller, windowStart),
        UpdateExpression: 'ADD hits :one SET entity = :entity, expiresAt = :exp',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':entity': 'rateLimit', ':exp': expiresAt, ':limit': limit },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.hits ?? 1);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
