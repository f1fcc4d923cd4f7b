import type { Db } from './client.ts';
import { queryDayItems, updateDayCounters } from './day-counters.ts';
import { collectionsIndexPages } from './collections.ts';

// Issue 23: the daily servicing counters of the reports and the dashboard, beside the other report counters
// (functions/data/reports.ts), keyed by the lender's business date:
//   pk STATS#<scope>, sk SVC#DAY#<yyyy-mm-dd>    scopes '*', 'store=<id>', 'retailer=<id>'
// Counted from servicing's events (ADD, each event claimed once by the reports consumer): collected_cents_<channel>,
// collected_count_<channel>, failed_count, ach_debits, ach_returns, ach_returns_unauthorised,
// ach_returns_administrative, cured, charged_off. Set by the close of business from the collections index (SET, so a
// rerun of the close writes the same): stock_<bucket> and entered_<bucket> (see machines/domain/servicing-reports.ts).
// A report reads one Query per scope over the range, never the table.

const PREFIX = 'SVC#DAY#';

export type SvcDay = { day: string } & Record<string, number>;

/** Adds to the counters of a business date in each scope. */
export async function addServicingCounters(
  db: Db,
  scopes: readonly string[],
  day: string,
  add: Record<string, number>,
): Promise<void> {
  await Promise.all(scopes.map((scope) => updateDayCounters(db, { scope, prefix: PREFIX, day }, add, 'ADD')));
}

/** Sets counters of a business date in one scope (the close of business's snapshot of the book). */
export async function setServicingCounters(db: Db, scope: string, day: string, values: Record<string, number>) {
  await updateDayCounters(db, { scope, prefix: PREFIX, day }, values, 'SET');
}

/** The days of a scope between two dates (inclusive) that have counters, keyed by day. */
export async function readServicingDays(
  db: Db,
  scope: string,
  from: string,
  to: string,
): Promise<Map<string, Record<string, number>>> {
  const items = await queryDayItems(db, scope, PREFIX, from, to);
  const out = new Map<string, Record<string, number>>();
  for (const [day, item] of items) {
    const counts: Record<string, number> = {};
    for (const [k, v] of Object.entries(item)) if (typeof v === 'number' && k !== 'v') counts[k] = v;
    out.set(day, counts);
  }
  return out;
}

export interface QueuedRef {
  since: string;
  storeId: string;
  retailerId: string;
}

/** Every past-due account of the collections index (its first missed date and scopes), one page at a time. */
export async function* pastDueRefs(db: Db): AsyncGenerator<QueuedRef[]> {
  for await (const items of collectionsIndexPages(db, 'gsi1sk, storeId, retailerId'))
    yield items.map((i) => ({
      since: String(i.gsi1sk).slice(0, 10),
      storeId: String(i.storeId ?? ''),
      retailerId: String(i.retailerId ?? ''),
    }));
}
