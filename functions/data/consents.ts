import type { ConsentEntry } from '../../machines/contracts/consents.ts';
import type { Db } from './client.ts';
import { createItem, queryPartition, type StoredItem } from './items.ts';
import { AppError } from '../platform/errors.ts';

// The consent record of an application: its own items in the application's partition (pk APP#<uuid>, sk
// CONSENT#<iso time>#<n>), written once with attribute_not_exists and never updated or deleted: there is no update
// path in this module on purpose (append-only evidence for a regulator or a dispute). Entries recorded at one instant
// by one request (the submit's ESIGN consent and terms) share one item, `entry` and then `together`: one write.

export const CONSENT_SK_PREFIX = 'CONSENT#';
const MAX_SAME_INSTANT = 50;

export interface ConsentItem extends StoredItem {
  entity: 'consent';
  uuid: string;
  entry: ConsentEntry;
  /** Further entries recorded in the same write, in order after `entry`. */
  together?: ConsentEntry[];
}

export const consentSortKey = (at: string, n: number) => `${CONSENT_SK_PREFIX}${at}#${String(n).padStart(3, '0')}`;

/**
 * Appends an entry (or several recorded together, in one write); two writes at the same millisecond get n = 0, 1, ...
 * (the first free one). `from` skips slots the caller knows are taken (its own previous entry at the same instant),
 * saving a write that would fail.
 */
export async function appendConsent(db: Db, uuid: string, entries: ConsentEntry | readonly ConsentEntry[], from = 0): Promise<ConsentItem> {
  const [entry, ...together] = Array.isArray(entries) ? entries : [entries as ConsentEntry];
  if (!entry) throw new Error('appendConsent: no entry');
  for (let n = from; n < MAX_SAME_INSTANT; n += 1) {
    try {
      const item = { pk: `APP#${uuid}`, sk: consentSortKey(entry.at, n), entity: 'consent' as const, uuid, entry, ...(together.length ? { together } : {}) };
      return (await createItem(db, item)) as ConsentItem;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) continue;
      throw error;
    }
  }
  throw new AppError(503, 'The consent record is busy. Please try again.');
}

/** Every entry of an application, oldest first: an item of several entries gives one item per entry, in order. */
export async function readConsents(db: Db, uuid: string, now: Date): Promise<ConsentItem[]> {
  const items: ConsentItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPartition<ConsentItem>(db, { pk: `APP#${uuid}`, skPrefix: CONSENT_SK_PREFIX, cursor, limit: 200, now });
    for (const { together, ...item } of page.items) items.push(item, ...(together ?? []).map((entry) => ({ ...item, entry })));
    cursor = page.cursor;
  } while (cursor && items.length < 10_000);
  return items;
}
