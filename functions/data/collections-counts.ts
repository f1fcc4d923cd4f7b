import type { Db } from './client.ts';
import { collectionsIndexPages, firstMissedDate } from './collections.ts';
import { queryDayItems, updateDayCounters } from './day-counters.ts';

// Issue 23 ("Measured"): the collections queue's counts, so that a page's total, a deep page's start and the aging
// report never read the accounts themselves (a Select COUNT over the index reads every item: 600 ms at 2,000
// accounts). Beside the daily counters (day-counters.ts), per scope ('*' the lender's, 'store=<id>' a store's):
//   STATS#<scope> / QUEUE#D#<first missed date>        one item per first missed date
//   STATS#<scope> / QUEUE#H#<first missed date>#<hex>  the same split by the lease id's first hex digit, so that a
//                                                      deep page starts within a sixteenth of a day's accounts
// Each holds `n` (accounts), `due` (their past-due cents as last saved), `p_<date>` (accounts with a promise to pay
// until that date), `c_<collector>` and `cp_<collector>_<date>` (the same per collector), mirroring the attributes
// the queue's Query filters on. Kept by saveAccount (servicing.ts): after the account's conditional write, the
// difference between the entry it replaced and the new one is added (ADD), so concurrent saves, serialised by the
// account's version, each add exactly their own change. A process that dies between the two writes leaves a count
// off by one until `rebuildQueueCounts` runs (once per table, and on request).

export const QUEUE_DATE_PREFIX = 'QUEUE#D#';
export const QUEUE_HEX_PREFIX = 'QUEUE#H#';
const BUILT_KEY = { scope: 'queue', prefix: 'QUEUE#BUILT#', day: 'v1' };

/** What of an account the queue counts; null when it is not in the queue. */
export interface QueueEntry {
  since: string;
  hex: string;
  storeId: string;
  pastDueCents: number;
  promisedUntil?: string;
  collectorId?: string;
}

interface CountableAccount {
  statusName: string;
  leaseId: string;
  storeId: string;
  schedule: readonly { number: number; dueDate: string; amountCents: number }[];
  summary: { paid: readonly number[]; pastDueCents: number };
  collection?: { promise?: { date: string } | null; assignee?: { id: string } | null };
}

export function queueEntryOf(account: CountableAccount): QueueEntry | null {
  const since = firstMissedDate(account);
  if (account.statusName !== 'pastDue' || !since) return null;
  return {
    since,
    hex: account.leaseId.charAt(0).toLowerCase(),
    storeId: account.storeId,
    pastDueCents: account.summary.pastDueCents,
    promisedUntil: account.collection?.promise?.date ?? undefined,
    collectorId: account.collection?.assignee?.id ?? undefined,
  };
}

type Counts = Map<string, Record<string, number>>;

/** Adds (sign 1) or takes away (sign -1) an entry's part of every count item it belongs to. */
function addEntry(into: Counts, entry: QueueEntry, sign: 1 | -1) {
  const values: Record<string, number> = { n: sign, due: sign * entry.pastDueCents };
  if (entry.promisedUntil) values[`p_${entry.promisedUntil}`] = sign;
  if (entry.collectorId) {
    values[`c_${entry.collectorId}`] = sign;
    if (entry.promisedUntil) values[`cp_${entry.collectorId}_${entry.promisedUntil}`] = sign;
  }
  for (const scope of ['*', `store=${entry.storeId}`])
    for (const key of [
      `${scope}|${QUEUE_DATE_PREFIX}|${entry.since}`,
      `${scope}|${QUEUE_HEX_PREFIX}|${entry.since}#${entry.hex}`,
    ]) {
      const item = into.get(key) ?? {};
      for (const [k, v] of Object.entries(values)) item[k] = (item[k] ?? 0) + v;
      into.set(key, item);
    }
}

/** The count changes of one account's save: nothing when its queue entry is the same. */
export function queueCountChanges(previous: QueueEntry | null, next: QueueEntry | null): Counts {
  const changes: Counts = new Map();
  if (previous) addEntry(changes, previous, -1);
  if (next) addEntry(changes, next, 1);
  for (const [key, values] of changes) {
    for (const [k, v] of Object.entries(values)) if (v === 0) delete values[k];
    if (!Object.keys(values).length) changes.delete(key);
  }
  return changes;
}

/** The counts of many entries at once (a rebuild, or a bench's seed). */
export function queueCountsOf(entries: Iterable<QueueEntry>): Counts {
  const counts: Counts = new Map();
  for (const entry of entries) addEntry(counts, entry, 1);
  return counts;
}

/** Writes count changes (ADD) or whole counts (SET). */
export async function writeQueueCounts(db: Db, counts: Counts, op: 'ADD' | 'SET'): Promise<void> {
  await Promise.all(
    [...counts].map(([key, values]) => {
      const [scope, prefix, day] = key.split('|') as [string, string, string];
      return updateDayCounters(db, { scope, prefix, day }, values, op);
    }),
  );
}

/** The account's save changed its place in the queue: its counts follow. */
export async function moveQueueCounts(db: Db, previous: QueueEntry | null, next: QueueEntry | null): Promise<void> {
  const changes = queueCountChanges(previous, next);
  if (changes.size) await writeQueueCounts(db, changes, 'ADD');
}

/** Which accounts a count is of: the queue's view and collector filter as of the lender's date. */
export interface CountFilter {
  view: 'open' | 'promised' | 'all';
  today: string;
  collectorId?: string;
}

/** How many accounts of a count item pass the filter. */
export function countOf(item: Record<string, unknown>, f: CountFilter): number {
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const all = num(f.collectorId ? item[`c_${f.collectorId}`] : item.n);
  if (f.view === 'all') return Math.max(0, all);
  const prefix = f.collectorId ? `cp_${f.collectorId}_` : 'p_';
  let promised = 0;
  for (const [k, v] of Object.entries(item))
    if (k.startsWith(prefix) && k.length === prefix.length + 10 && k.slice(-10) >= f.today) promised += num(v);
  return Math.max(0, f.view === 'promised' ? promised : all - promised);
}

/** The count items of a scope's first missed dates from..to (inclusive), oldest first. */
export async function dateCounts(db: Db, scope: string, from: string, to: string) {
  await ensureQueueCounts(db);
  const items = await queryDayItems(db, scope, QUEUE_DATE_PREFIX, from, to);
  return [...items].sort(([a], [b]) => (a < b ? -1 : 1));
}

/** The count items of one first missed date by the lease id's first hex digit, in index order. */
export async function hexCounts(db: Db, scope: string, date: string) {
  const items = await queryDayItems(db, scope, QUEUE_HEX_PREFIX, `${date}#`, `${date}#\uffff`);
  return [...items].map(([key, item]) => [key.slice(-1), item] as const).sort(([a], [b]) => (a < b ? -1 : 1));
}

/** Whether the counts were built for this table (an older table had accounts in the queue before they existed). */
export async function queueCountsBuilt(db: Db): Promise<boolean> {
  const items = await queryDayItems(db, BUILT_KEY.scope, BUILT_KEY.prefix, BUILT_KEY.day, BUILT_KEY.day);
  return items.size > 0;
}

/**
 * Builds every count from the collections index, one pass (the close of business's kind of work): the counts of
 * the scopes it finds are set, those of first missed dates no account has any more are zeroed. For a table whose
 * accounts predate the counts, and to repair a count a process left off by one.
 */
export async function rebuildQueueCounts(db: Db): Promise<number> {
  const entries: QueueEntry[] = [];
  const fields = 'gsi1sk, leaseId, storeId, summary.pastDueCents, promisedUntil, collectorId';
  for await (const items of collectionsIndexPages(db, fields))
    for (const i of items) {
      const summary = (i.summary ?? {}) as { pastDueCents?: number };
      entries.push({
        since: String(i.gsi1sk).slice(0, 10),
        hex: String(i.leaseId ?? '').charAt(0),
        storeId: String(i.storeId ?? ''),
        pastDueCents: summary.pastDueCents ?? 0,
        promisedUntil: typeof i.promisedUntil === 'string' ? i.promisedUntil : undefined,
        collectorId: typeof i.collectorId === 'string' ? i.collectorId : undefined,
      });
    }
  const counts = queueCountsOf(entries);
  // What the scopes hold today but the index no longer has (a date emptied, a promise gone): zeroed, so that a
  // rebuild also repairs.
  const isCount = (k: string) => k === 'n' || k === 'due' || /^(p|c|cp)_/.test(k);
  const scopes = new Set(['*', ...entries.map((e) => `store=${e.storeId}`)]);
  for (const scope of scopes)
    for (const prefix of [QUEUE_DATE_PREFIX, QUEUE_HEX_PREFIX])
      for (const [day, item] of await queryDayItems(db, scope, prefix, '0000', '9999')) {
        const key = `${scope}|${prefix}|${day}`;
        const target = counts.get(key) ?? {};
        for (const k of Object.keys(item)) if (isCount(k) && !(k in target)) target[k] = 0;
        counts.set(key, target);
      }
  await writeQueueCounts(db, counts, 'SET');
  await updateDayCounters(db, BUILT_KEY, { entries: entries.length }, 'SET');
  return entries.length;
}

/** Tables whose counts this process has seen built (they stay built: every save keeps them). */
const builtTables = new WeakSet<Db>();

/**
 * Builds the counts once per table: at start-up, before a close of business, and on the first read of the queue's
 * counts in a process (a table upgraded in AWS gets them on its first queue page, not at its next close).
 */
export async function ensureQueueCounts(db: Db): Promise<void> {
  if (builtTables.has(db)) return;
  if (!(await queueCountsBuilt(db))) await rebuildQueueCounts(db);
  builtTables.add(db);
}
