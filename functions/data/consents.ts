import type { ConsentEntry } from '../../machines/contracts/consents.ts';
import type { Db } from './client.ts';
import { applicationKey } from './application-key.ts';
import { createItem, getItem, queryPartition, type StoredItem } from './items.ts';
import { AppError } from '../platform/errors.ts';

// The consent record of an application: its own items in the application's partition (pk APP#<uuid>, sk
// CONSENT#<iso time>#<n>), written once with attribute_not_exists and never updated or deleted: there is no update
// path in this module on purpose (append-only evidence for a regulator or a dispute).
// The submit's entries (ESIGN consent and terms) are the exception: they are appended (list_append, never rewritten)
// to the application item's `consents` list in the very conditional write that stores the decision
// (functions/data/applications.ts), so a decision is never stored without the consent it was made on, nor a consent
// left behind by a submit that lost; readers see one record either way.

/** The application item's list of entries recorded with a state of the application (the submit's). */
export const CONSENTS_WITH_APPLICATION = 'consents';

export const CONSENT_SK_PREFIX = 'CONSENT#';
const MAX_SAME_INSTANT = 50;

export interface ConsentItem extends StoredItem {
  entity: 'consent';
  uuid: string;
  entry: ConsentEntry;
  /** Further entries recorded in the same write, in order after `entry` (the submit's, before they moved onto the
   * application item: kept readable). */
  together?: ConsentEntry[];
}

export const consentSortKey = (at: string, n: number) => `${CONSENT_SK_PREFIX}${at}#${String(n).padStart(3, '0')}`;

/**
 * Appends an entry; two writes at the same millisecond get n = 0, 1, ... (the first free one). `from` skips slots the
 * caller knows are taken (its own previous entry at the same instant), saving a write that would fail.
 */
export async function appendConsent(db: Db, uuid: string, entry: ConsentEntry, from = 0): Promise<ConsentItem> {
  for (let n = from; n < MAX_SAME_INSTANT; n += 1) {
    try {
      const item = { pk: `APP#${uuid}`, sk: consentSortKey(entry.at, n), entity: 'consent' as const, uuid, entry };
      return await createItem(db, item);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) continue;
      throw error;
    }
  }
  throw new AppError(503, 'The consent record is busy. Please try again.');
}

/** Every entry of an application, oldest first: an item of several entries gives one entry each, in order. */
export async function readConsents(db: Db, uuid: string, now: Date): Promise<ConsentEntry[]> {
  const read = async () => {
    const entries: ConsentEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryPartition<ConsentItem>(db, {
        pk: `APP#${uuid}`,
        skPrefix: CONSENT_SK_PREFIX,
        cursor,
        limit: 200,
        now,
      });
      for (const { entry, together } of page.items) entries.push(entry, ...(together ?? []));
      cursor = page.cursor;
    } while (cursor && entries.length < 10_000);
    return entries;
  };
  // The application item's list alone (not its PII).
  const withApplicationOf = async () =>
    (
      await getItem<StoredItem & { [CONSENTS_WITH_APPLICATION]?: ConsentEntry[] }>(db, applicationKey(uuid), now, {
        attributes: [CONSENTS_WITH_APPLICATION],
      })
    )?.[CONSENTS_WITH_APPLICATION] ?? [];
  const [own, withApplication] = await Promise.all([read(), withApplicationOf()]);
  if (withApplication.length === 0) return own;
  // Both lists are oldest first; merged by time (a stable sort keeps each list's own order at one instant).
  return [...own, ...withApplication].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
