import { createHash, randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StoreView } from '../../machines/contracts/store.ts';
import type { ApplySession } from './sessions.ts';
import type { Db } from '../data/client.ts';
import type { Deps } from './deps.ts';
import { createItem, getItem, getItems, isConditionFailure, type Keyed, type StoredItem } from '../data/items.ts';
import { AppError, forbidden } from './errors.ts';
import type { HttpEvent } from './http-types.ts';

// Apply tokens: 256 random bits given to the shopper's page, stored only as their SHA-256, scoped to one store and
// client id, sliding expiry (keep-alive extends it) up to an absolute maximum.
export const TOKEN_MAX_AGE_SECONDS = 24 * 3600;
export const TOKEN_REQUIRED_MESSAGE = 'error.tokenRequired';
const CLIENT_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenKey = (hash: string) => ({ pk: `APPLYTOKEN#${hash}`, sk: 'TOKEN' });

interface ApplyTokenItem extends StoredItem, Omit<ApplySession, 'tokenHash'> {
  issuedAt: number;
}

export function isValidClientId(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_ID.test(value);
}

export async function issueApplyToken(
  db: Db,
  session: Omit<ApplySession, 'tokenHash'>,
  now: Date,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expiresAt = nowSeconds + ttlSeconds;
  await createItem(db, {
    ...tokenKey(hashToken(token)),
    entity: 'applyToken',
    expiresAt,
    issuedAt: nowSeconds,
    ...session,
  });
  return { token, expiresAt };
}

/** An apply token at `store` for the configured time, bound to the client id (and a checkout or an application). */
export function issueStoreApplyToken(
  deps: Pick<Deps, 'db' | 'config'>,
  store: Pick<StoreView, 'id' | 'slug' | 'retailer'>,
  binding: Pick<ApplySession, 'clientId' | 'checkoutId' | 'applicationUuid'>,
  now: Date,
): Promise<{ token: string; expiresAt: number }> {
  const storeBinding = {
    storeId: store.id,
    retailerId: store.retailer.id,
    storeSlug: store.slug,
    retailerSlug: store.retailer.slug,
  };
  return issueApplyToken(deps.db, { ...storeBinding, ...binding }, now, deps.config.applyTokenTtlSeconds);
}

const header = (event: HttpEvent, name: string) => event.headers[name] ?? event.headers[name.toLowerCase()];

/**
 * Checks X-Apply-Token and X-Client-Id; 401 when missing or expired, 403 when used from another client. `companion`:
 * an item the request names (its application), read in the same request as the session (ApplySession.companion).
 */
export async function verifyApplyToken(db: Db, event: HttpEvent, now: Date, companion?: Keyed): Promise<ApplySession> {
  const token = header(event, 'x-apply-token');
  if (!token || token.length > 128) throw new AppError(401, TOKEN_REQUIRED_MESSAGE);
  const hash = hashToken(token);
  const [item, companionItem] = companion
    ? await getItems<StoredItem>(db, [tokenKey(hash), companion], now)
    : [await getItem<ApplyTokenItem>(db, tokenKey(hash), now)];
  return sessionOf(
    event,
    hash,
    item as ApplyTokenItem | undefined,
    now,
    companion && { key: companion, item: companionItem },
  );
}

function sessionOf(
  event: HttpEvent,
  hash: string,
  item: ApplyTokenItem | undefined,
  now: Date,
  companion: ApplySession['companion'],
): ApplySession {
  if (!item || item.issuedAt + TOKEN_MAX_AGE_SECONDS <= Math.floor(now.getTime() / 1000)) {
    throw new AppError(401, TOKEN_REQUIRED_MESSAGE);
  }
  const clientId = header(event, 'x-client-id');
  if (clientId !== item.clientId)
    throw forbidden('This application session belongs to another browser. Please start again from the store page.');
  return {
    tokenHash: hash,
    storeId: item.storeId,
    retailerId: item.retailerId,
    storeSlug: item.storeSlug,
    retailerSlug: item.retailerSlug,
    clientId: item.clientId,
    applicationUuid: item.applicationUuid,
    checkoutId: item.checkoutId,
    ...(companion ? { companion } : {}),
  };
}

/** Slides the expiry forward (keep-alive) and optionally binds the application or checkout to the token. */
export async function touchApplyToken(
  db: Db,
  session: ApplySession,
  now: Date,
  ttlSeconds: number,
  bind: { applicationUuid?: string; checkoutId?: string } = {},
): Promise<number> {
  const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const sets = ['expiresAt = :e'];
  const values: Record<string, unknown> = { ':e': expiresAt, ':now': Math.floor(now.getTime() / 1000) };
  if (bind.applicationUuid) {
    sets.push('applicationUuid = :a');
    values[':a'] = bind.applicationUuid;
  }
  if (bind.checkoutId) {
    sets.push('checkoutId = :c');
    values[':c'] = bind.checkoutId;
  }
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: tokenKey(session.tokenHash),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError(401, TOKEN_REQUIRED_MESSAGE);
    throw error;
  }
  return expiresAt;
}
