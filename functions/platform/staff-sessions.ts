import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../data/client.ts';
import { createItem, deleteItem, getItem, isConditionFailure, type Keyed, type StoredItem } from '../data/items.ts';
import type { StaffSecurityConfig } from './staff-config.ts';

// Staff sessions: a random 256-bit id in an HttpOnly cookie, stored only as its SHA-256 (pk STAFFSESSION#<hash>).
// Idle expiry slides with use (30 minutes by default) up to an absolute limit (12 hours). The CSRF token of the
// session is stored hashed too: a mutating request must send it in X-CSRF-Token, equal to the csrf_token cookie.
export interface StaffSessionItem extends StoredItem {
  entity: 'staffSession';
  userId: string;
  csrfHash: string;
  issuedAt: number;
  /** Issue time in milliseconds: compared with the user's sessions_valid_after. */
  issuedMs: number;
  lastSeenAt: number;
  storeContext?: string;
  retailerContext?: string;
  ip: string;
  userAgent: string;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const sessionKey = (hash: string) => ({ pk: `STAFFSESSION#${hash}`, sk: 'SESSION' });
// Fractional seconds: whole seconds would let two uses 1.1 s apart straddle a 2-second idle limit.
const seconds = (d: Date) => d.getTime() / 1000;

export function sessionExpiry(issuedAt: number, lastSeenAt: number, config: StaffSecurityConfig): number {
  return Math.min(lastSeenAt + config.idleSeconds, issuedAt + config.absoluteSeconds);
}

export async function createStaffSession(
  db: Db,
  input: { userId: string; ip: string; userAgent: string },
  now: Date,
  config: StaffSecurityConfig,
): Promise<{ sessionId: string; csrfToken: string; maxAge: number }> {
  const sessionId = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const t = seconds(now);
  await createItem(db, {
    ...sessionKey(sha256(sessionId)),
    entity: 'staffSession',
    userId: input.userId,
    csrfHash: sha256(csrfToken),
    issuedAt: t,
    issuedMs: now.getTime(),
    lastSeenAt: t,
    expiresAt: Math.ceil(sessionExpiry(t, t, config)),
    ip: input.ip.slice(0, 64),
    userAgent: input.userAgent.slice(0, 256),
  });
  return { sessionId, csrfToken, maxAge: config.absoluteSeconds };
}

/** The live session of a cookie value, or undefined (unknown, idle too long, past its absolute limit). */
export async function findStaffSession(db: Db, sessionId: string | undefined, now: Date, config: StaffSecurityConfig) {
  if (!sessionId || sessionId.length > 128) return undefined;
  const hash = sha256(sessionId);
  const item = await getItem<StaffSessionItem>(db, sessionKey(hash), now);
  if (!item) return undefined;
  // Expiry is recomputed from the configuration, so lowering the limits applies to existing sessions as well.
  if (sessionExpiry(item.issuedAt, item.lastSeenAt, config) <= seconds(now)) return undefined;
  return { hash, item };
}

/** Slides the idle expiry; written at most every minute (or every quarter of the idle time) to spare writes. */
export async function touchStaffSession(
  db: Db,
  hash: string,
  item: StaffSessionItem,
  now: Date,
  config: StaffSecurityConfig,
) {
  const t = seconds(now);
  if (t - item.lastSeenAt < Math.min(60, Math.floor(config.idleSeconds / 4))) return;
  await slideSessionExpiry(db, sessionKey(hash), t, Math.ceil(sessionExpiry(item.issuedAt, t, config)));
}

/** Writes a session's last-seen time and its new expiry (both in seconds), unless it was signed out meanwhile. */
export async function slideSessionExpiry(db: Db, key: Keyed, lastSeenAt: number, expiresAt: number) {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: 'SET lastSeenAt = :t, expiresAt = :e',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': lastSeenAt, ':e': expiresAt },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function setSessionStoreContext(db: Db, hash: string, storeId: string, retailerId: string) {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: sessionKey(hash),
      UpdateExpression: 'SET storeContext = :s, retailerContext = :r',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': storeId, ':r': retailerId },
    }),
  );
}

export async function deleteStaffSession(db: Db, hash: string) {
  await deleteItem(db, sessionKey(hash));
}

/** Constant-time comparison of the CSRF header with the cookie and the session's token. */
export function csrfMatches(header: string | undefined, cookie: string | undefined, csrfHash: string): boolean {
  if (!header || !cookie || header.length > 128 || header !== cookie) return false;
  const a = Buffer.from(sha256(header), 'hex');
  const b = Buffer.from(csrfHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

// ---- password reset tokens: single use, 1 hour, stored hashed ----
interface ResetItem extends StoredItem {
  userId: string;
}
const resetKey = (hash: string) => ({ pk: `PWRESET#${hash}`, sk: 'TOKEN' });

export async function issueResetToken(db: Db, userId: string, now: Date, config: StaffSecurityConfig): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await createItem(db, {
    ...resetKey(sha256(token)),
    entity: 'passwordReset',
    userId,
    expiresAt: seconds(now) + config.resetTokenSeconds,
  });
  return token;
}

/** Uses up a reset token: the conditional delete makes it single-use even under concurrent requests. */
export async function consumeResetToken(db: Db, token: string, now: Date): Promise<string | undefined> {
  if (!token || token.length > 128) return undefined;
  const key = resetKey(sha256(token));
  const item = await getItem<ResetItem>(db, key, now);
  if (!item) return undefined;
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: 'SET usedAt = :t, expiresAt = :t',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt)',
        ExpressionAttributeValues: { ':t': seconds(now) },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
  return item.userId;
}
