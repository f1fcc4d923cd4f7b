import { centsToDecimal } from '../../../machines/domain/money.ts';
import { addDays, daysBetween } from '../../../machines/domain/payment-frequency.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { firstMissedDate, queryCollections, type QueueView } from '../../data/collections.ts';
import { countOf, dateCounts, hexCounts, type CountFilter } from '../../data/collections-counts.ts';
import { promiseStatus } from '../../../machines/domain/servicing/collections-work.ts';
import { paidTotalCents } from './accounts.ts';
import type { LeaseAccountItem } from '../../data/servicing.ts';
import { getRecentStoreById } from '../../data/stores.ts';
import { unprocessable } from '../../platform/errors.ts';
import type { StaffCtx } from '../leases/actions.ts';
import { lenderToday } from './clock.ts';
import { bucketFor } from '../../../machines/domain/servicing/ledger.ts';
import { refresh } from './account-figures.ts';

// Issue 23: GET /staff/api/collections-queue: past-due accounts oldest first (the index of functions/data/
// collections.ts, never a Scan), filtered by bucket, in seed 001's paged shape. A store user reads its own stores'
// partitions only; the lender's staff read the whole queue.

export const COLLECTION_BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;
const QUEUE_VIEWS: readonly QueueView[] = ['open', 'promised', 'all'];
export const BUCKET_DAYS: Record<(typeof COLLECTION_BUCKETS)[number], [number, number]> = {
  '1-30': [1, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  '90+': [91, 100_000],
};

export async function listCollectionsQueue(c: StaffCtx, query: Record<string, string | undefined>) {
  const bucket = query.bucket ?? query['filter[bucket]'];
  if (bucket !== undefined && !(COLLECTION_BUCKETS as readonly string[]).includes(bucket)) {
    const message = translate(c.lang, 'collections.queue.bucket', { buckets: COLLECTION_BUCKETS.join(', ') });
    throw unprocessable({ bucket: [message] }, message);
  }
  const view = (query.view ?? 'open') as QueueView;
  if (!QUEUE_VIEWS.includes(view)) {
    const message = translate(c.lang, 'collections.queue.view', { views: QUEUE_VIEWS.join(', ') });
    throw unprocessable({ view: [message] }, message);
  }
  // `assigned=me`: the accounts the signed-in collector works.
  const collectorId = query.assigned === 'me' ? c.actor.userId : undefined;
  const perPage = Math.min(100, Math.max(1, Number.parseInt(query.per_page ?? '25', 10) || 25));
  const page = Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1);
  const today = await lenderToday(c.deps);
  const [minDays, maxDays] = bucket ? BUCKET_DAYS[bucket as keyof typeof BUCKET_DAYS] : [1, 100_000];
  // Days past due count from the first missed date: the oldest accounts have the earliest dates.
  const range = { from: addDays(today, -maxDays), to: addDays(today, -minDays) };
  const scopes: (string | undefined)[] =
    c.actor.guard === 'system' ? [undefined] : c.actor.guard === 'store' ? [...c.actor.storeIds] : [];
  // A retailer user reads its stores' accounts through the store partitions of its context (none here yet).
  const filter = { view, today, collectorId };
  const offset = (page - 1) * perPage;
  // One scope (the lender's queue, or a store user's one store): its counts give the total and where the page
  // starts, and the index is read from there. Several stores: their partitions are read and merged (a store's queue
  // is small).
  const { total, slice } =
    scopes.length === 1
      ? await pageOfScope(c, scopes[0], range, filter, offset, perPage)
      : await pageOfScopes(c, scopes, range, filter, offset, perPage);
  // The stores' names for the page (a handful of stores, each read once and kept a few seconds per process).
  const storeNames = new Map<string, string>();
  await Promise.all(
    [...new Set(slice.map((a) => a.storeId))].map(async (id) => {
      const store = await getRecentStoreById(c.deps.db, id, c.deps.clock());
      if (store) storeNames.set(id, store.view.name);
    }),
  );
  return {
    data: slice.map((a) => ({ ...rowOf(a, today), store_name: storeNames.get(a.storeId) ?? a.storeId })),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
      from: slice.length ? (page - 1) * perPage + 1 : null,
      to: slice.length ? (page - 1) * perPage + slice.length : null,
      // Not `filters`: in seed 001's paged shape those are the field schemas of a list's filter form.
      applied: { bucket: bucket ?? null, view, assigned: collectorId ? 'me' : null },
    },
  };
}

export type Bucket = (typeof COLLECTION_BUCKETS)[number];

/**
 * Accounts and past-due cents per bucket as of the lender's date, in one scope: one Query of the queue's counts per
 * first missed date (the aging report and the dashboard), never the accounts.
 */
export async function bucketTotals(c: Pick<StaffCtx, 'deps'>, scope: string, today: string) {
  const totals = Object.fromEntries(COLLECTION_BUCKETS.map((b) => [b, { accounts: 0, dueCents: 0 }])) as Record<
    Bucket,
    { accounts: number; dueCents: number }
  >;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  for (const [date, item] of await dateCounts(
    c.deps.db,
    scope,
    addDays(today, -BUCKET_DAYS['90+'][1]),
    addDays(today, -1),
  )) {
    const days = daysBetween(date, today);
    const bucket = COLLECTION_BUCKETS.find((b) => days >= BUCKET_DAYS[b][0] && days <= BUCKET_DAYS[b][1]);
    if (!bucket) continue;
    totals[bucket].accounts += Math.max(0, num(item.n));
    totals[bucket].dueCents += Math.max(0, num(item.due));
  }
  return totals;
}

type Range = { from: string; to: string };

const scopeKey = (storeId: string | undefined) => (storeId ? `store=${storeId}` : '*');

/** A page of one scope's queue: the total and the page's start from the queue's counts, then one read from there. */
async function pageOfScope(
  c: StaffCtx,
  storeId: string | undefined,
  range: Range,
  filter: CountFilter,
  offset: number,
  perPage: number,
) {
  const db = c.deps.db;
  const dates = await dateCounts(db, scopeKey(storeId), range.from, range.to);
  const perDate = dates.map(([date, item]) => [date, countOf(item, filter)] as const);
  const total = perDate.reduce((sum, [, n]) => sum + n, 0);
  if (offset >= total) return { total, slice: [] as LeaseAccountItem[] };
  // The first missed date the page starts in, then the sixteenth of it (by the lease id's first hex digit).
  let before = 0;
  let from = range.from;
  for (const [date, n] of perDate) {
    if (before + n <= offset) {
      before += n;
      continue;
    }
    from = date;
    // The page starts with the date's first account: no need for its sixteenths.
    if (before === offset) break;
    const atDate = before;
    for (const [hex, item] of await hexCounts(db, scopeKey(storeId), date)) {
      const inHex = countOf(item, filter);
      if (before + inHex > offset) {
        from = `${date}#${hex}`;
        break;
      }
      before += inHex;
    }
    // The sixteenths disagree with their date (a count a process left off): skip from the date's start.
    if (from === date) before = atDate;
    break;
  }
  const slice = await readFrom(c, storeId, { from, to: range.to }, filter, offset - before, perPage);
  return { total, slice };
}

/** Skips `skip` accounts of the index from `from` (a date, or a date and a hex digit) and reads `take`. */
async function readFrom(
  c: StaffCtx,
  storeId: string | undefined,
  range: Range,
  filter: CountFilter,
  skip: number,
  take: number,
) {
  const rows: LeaseAccountItem[] = [];
  let seen = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const res = await queryCollections<LeaseAccountItem>(c.deps.db, {
      storeId,
      ...range,
      ...filter,
      limit: skip + take - seen,
      cursor,
    });
    for (const item of res.items) {
      if (seen >= skip && rows.length < take) rows.push(item);
      seen += 1;
    }
    cursor = res.cursor;
  } while (cursor && rows.length < take);
  return rows;
}

/** A page over several stores' partitions: each read up to the page's end, merged oldest first. */
async function pageOfScopes(
  c: StaffCtx,
  scopes: readonly (string | undefined)[],
  range: Range,
  filter: CountFilter,
  offset: number,
  perPage: number,
) {
  let total = 0;
  const rows: LeaseAccountItem[] = [];
  for (const storeId of scopes) {
    const dates = await dateCounts(c.deps.db, scopeKey(storeId), range.from, range.to);
    total += dates.reduce((sum, [, item]) => sum + countOf(item, filter), 0);
    rows.push(...(await readFrom(c, storeId, range, filter, 0, offset + perPage)));
  }
  const keyOf = (a: LeaseAccountItem) => `${firstMissedDate(a) ?? ''}#${a.leaseId}`;
  rows.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  return { total, slice: rows.slice(offset, offset + perPage) };
}

function rowOf(a: LeaseAccountItem, today: string) {
  const summary = refresh(a.summary, a, today, false);
  const since = sinceOf(a, today);
  const days = daysBetween(since, today);
  return {
    lease_id: a.leaseId,
    store_id: a.storeId,
    retailer_id: a.retailerId,
    state: a.state,
    first_missed_date: since,
    days_past_due: days,
    bucket: bucketFor(days) ?? '0',
    past_due: centsToDecimal(summary.pastDueCents),
    balance: centsToDecimal(summary.balanceCents),
    autopay: a.autopay,
    assignee: a.collection?.assignee?.name ?? null,
    // A promise still on the account: pending until its date, then broken (a kept one is cleared when paid).
    promise: a.collection?.promise
      ? {
          date: a.collection.promise.date,
          amount: centsToDecimal(a.collection.promise.amountCents),
          status: promiseStatus(a.collection.promise, paidTotalCents(a.summary), today),
        }
      : null,
  };
}

const sinceOf = (a: LeaseAccountItem, today: string) => firstMissedDate(a) ?? today;
