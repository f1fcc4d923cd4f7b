// Recently accessed records (dashboard): kept per user in this browser, newest first, at most 10.
import { localStore } from '../../lib/safe-storage.ts';

export interface RecentRecord {
  /** The portal route of the record, e.g. /stores/sto-main-street. */
  path: string;
  /** Catalogue key of the kind of record (staff.ui.nav.stores ...). */
  kind: string;
  label: string;
  at: string;
}

const MAX = 10;
const key = (userId: string) => `lto.staff.recent.${userId}`;

export function readRecent(userId: string): RecentRecord[] {
  try {
    const parsed = JSON.parse(localStore().getItem(key(userId)) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? (parsed as RecentRecord[]).filter((r) => typeof r?.path === 'string').slice(0, MAX)
      : [];
  } catch {
    return [];
  }
}

export function rememberRecord(userId: string, record: Omit<RecentRecord, 'at'>, now: Date = new Date()): void {
  const rest = readRecent(userId).filter((r) => r.path !== record.path);
  localStore().setItem(key(userId), JSON.stringify([{ ...record, at: now.toISOString() }, ...rest].slice(0, MAX)));
}
