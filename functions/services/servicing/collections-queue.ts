import { centsToDecimal } from '../../../machines/domain/money.ts';
import { addDays, daysBetween } from '../../../machines/domain/payment-frequency.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { firstMissedDate, queryCollections, type QueueView } from '../../data/collections.ts';
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
  let total = 0;
  const filter = { view, today, collectorId };
  for (const storeId of scopes) total += await countScope(c, storeId, { ...range, ...filter });
  const wanted = page * perPage;
  const rows: LeaseAccountItem[] = [];
  for (const storeId of scopes) {
    let cursor: Record<string, unknown> | undefined;
    do {
      const res = await queryCollections<LeaseAccountItem>(c.deps.db, {
        storeId,
        ...range,
        ...filter,
        limit: wanted,
        cursor,
      });
      rows.push(...res.items);
      cursor = res.cursor;
    } while (cursor && rows.length < wanted);
  }
  // Oldest first across the store partitions read.
  const keyOf = (a: LeaseAccountItem) => `${sinceOf(a, today)}#${a.leaseId}`;
  rows.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  const slice = rows.slice((page - 1) * perPage, wanted);
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

async function countScope(
  c: StaffCtx,
  storeId: string | undefined,
  range: { from: string; to: string; view: QueueView; today: string; collectorId?: string },
) {
  let total = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const res = await queryCollections(c.deps.db, { storeId, ...range, limit: 0, cursor, count: true });
    total += res.count;
    cursor = res.cursor;
  } while (cursor);
  return total;
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
