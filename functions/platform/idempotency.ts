import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../data/client.ts';
import { createItem, deleteItem, getItem, isConditionFailure, type StoredItem } from '../data/items.ts';
import { AppError, conflict } from './errors.ts';
import type { HttpResult } from './http-types.ts';

// Idempotency-Key: the first request with a key runs and its answer is kept for 24 hours; the same key with the
// same body gets that answer again; the same key with another body is refused; a request still running is a 409.
const KEEP_SECONDS = 24 * 3600;
const KEY_FORMAT = /^[A-Za-z0-9_.:-]{8,128}$/;

interface IdempotencyItem extends StoredItem {
  requestHash: string;
  state: 'running' | 'done';
  response?: HttpResult;
}

export function fingerprint(body: string | undefined): string {
  return createHash('sha256')
    .update(body ?? '')
    .digest('hex');
}

export async function withIdempotency(
  db: Db,
  options: { scope: string; key: string | undefined; body: string | undefined; now: Date },
  run: () => Promise<HttpResult>,
): Promise<HttpResult> {
  if (options.key === undefined) return run();
  if (!KEY_FORMAT.test(options.key)) {
    throw new AppError(400, 'The Idempotency-Key header must be 8 to 128 letters, digits or _ . : -');
  }
  const key = { pk: `IDEMPOTENCY#${options.scope}#${options.key}`, sk: 'IDEMPOTENCY' };
  const requestHash = fingerprint(options.body);
  const expiresAt = Math.floor(options.now.getTime() / 1000) + KEEP_SECONDS;
  try {
    await createItem(db, { ...key, entity: 'idempotency', requestHash, state: 'running', expiresAt });
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    const existing = await getItem<IdempotencyItem>(db, key, options.now);
    if (!existing) return withIdempotency(db, options, run);
    if (existing.requestHash !== requestHash) {
      throw new AppError(
        422,
        'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
      );
    }
    if (existing.state === 'done' && existing.response) {
      return { ...existing.response, headers: { ...existing.response.headers, 'idempotent-replayed': 'true' } };
    }
    throw conflict('A request with this Idempotency-Key is still being processed. Retry in a moment.');
  }
  let response: HttpResult;
  try {
    response = await run();
  } catch (error) {
    // Like Stripe: a request that failed (validation or otherwise) saves no answer, so it can be retried as fixed.
    await deleteItem(db, key);
    throw error;
  }
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: 'SET #s = :done, #r = :response',
        ExpressionAttributeNames: { '#s': 'state', '#r': 'response' },
        ExpressionAttributeValues: { ':done': 'done', ':response': response },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return response;
}
