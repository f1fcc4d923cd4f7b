import { createHash } from 'node:crypto';
import type { Db } from '../data/client.ts';
import { getItem, putItem, deleteItem, type StoredItem } from '../data/items.ts';
import type { StaffSecurityConfig } from './staff-config.ts';

// Failed sign-ins are counted per user name and per client IP in a sliding window (the failure times are kept on
// one item per key, pk THROTTLE#login#<kind>#<sha256>). At the limit, sign-in is refused with 429 until the oldest
// failure leaves the window; a success clears the user name's count (not the IP's).
interface ThrottleItem extends StoredItem {
  failures: number[];
}

const keyOf = (kind: 'user' | 'ip', value: string) => ({
  pk: `THROTTLE#login#${kind}#${createHash('sha256').update(value.trim().toLowerCase()).digest('hex')}`,
  sk: 'THROTTLE',
});

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

async function recent(db: Db, key: { pk: string; sk: string }, now: Date, window: number): Promise<number[]> {
  const item = await getItem<ThrottleItem>(db, key, now);
  const from = seconds(now) - window;
  return (item?.failures ?? []).filter((t) => t > from);
}

/** Seconds until a new attempt is allowed, or 0 when it is allowed now. */
export async function loginRetryAfter(
  db: Db,
  login: string,
  ip: string,
  now: Date,
  config: StaffSecurityConfig,
): Promise<number> {
  const t = seconds(now);
  let wait = 0;
  for (const [kind, value, limit] of [
    ['user', login, config.loginUserLimit],
    ['ip', ip, config.loginIpLimit],
  ] as const) {
    const failures = await recent(db, keyOf(kind, value), now, config.loginWindowSeconds);
    if (failures.length >= limit) {
      const sorted = [...failures].sort((a, b) => a - b);
      // Allowed again when enough failures have left the window to fall under the limit.
      const release = sorted[failures.length - limit]! + config.loginWindowSeconds;
      wait = Math.max(wait, release - t);
    }
  }
  return Math.max(0, wait);
}

export async function recordLoginFailure(db: Db, login: string, ip: string, now: Date, config: StaffSecurityConfig) {
  const t = seconds(now);
  for (const [kind, value, limit] of [
    ['user', login, config.loginUserLimit],
    ['ip', ip, config.loginIpLimit],
  ] as const) {
    const key = keyOf(kind, value);
    const failures = [...(await recent(db, key, now, config.loginWindowSeconds)), t].slice(-Math.max(limit, 1) * 2);
    await putItem(db, { ...key, entity: 'throttle', v: 1, failures, expiresAt: t + config.loginWindowSeconds });
  }
}

export async function clearLoginFailures(db: Db, login: string) {
  await deleteItem(db, keyOf('user', login));
}
