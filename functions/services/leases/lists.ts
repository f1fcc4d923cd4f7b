import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CHECKOUT_STATUS_VALUES, checkoutStatusLabelKey } from '../../../machines/checkout/checkout-status.ts';
import type { FieldSchema } from '../../../machines/contracts/form-schema.ts';
import {
  LEASE_QUEUE_IDS,
  LEASE_QUEUES,
  type ApplicationRow,
  type CheckoutRow,
  type DashboardView,
  type LeaseQueueId,
  type PaymentView,
} from '../../../machines/contracts/staff-leases.ts';
import { centsToDecimal } from '../../../machines/domain/money.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { LEASE_STATUS_CODES, leasePlaceLabel } from '../../../machines/lease-status/lease-status.machine.ts';
import { getApplication } from '../../data/applications.ts';
import { getCheckout, type CheckoutItem } from '../../data/checkouts.ts';
import { getItem, putItem, type StoredItem } from '../../data/items.ts';
import { findBySearchTerm, getLeaseRows, readCounters } from '../../data/leases.ts';
import {
  KEY_RANGE_END,
  readFilteredPage,
  readKeyRangePage,
  readListPage,
  syncListEntries,
  type ListRow,
} from '../../data/staff/lists.ts';
import { entrySortKey } from '../../data/staff/list-anchors.ts';
import { getStoreById } from '../../data/stores.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { tenantScope, canAccess, requireTenant } from '../staff/actor.ts';
import { pageMeta, parsePaging, type FilterDef } from '../staff/resource.ts';
import { choiceFilter, ownerSelect, yesNoFilter } from '../staff/filters.ts';
import { isRealDate, type StaffCtx } from './actions.ts';
import { applicantNameOf } from './facts.ts';
import { lastUpdatedLeads, openTasksFor } from '../crm/dashboard.ts';
import { LIST_APPLICATIONS, LIST_LEASES, LIST_QUEUE, searchTermHmac, lenderDay } from './sync.ts';
import { checkoutRow, checkoutView, paymentViews, rowInLang } from './views.ts';

// The staff lists of lease operations, on the list partitions of functions/data/staff/lists.ts (no Scan): a page is a
// Query from the nearest anchor of its partition. A non-system user reads only its store's or retailer's partition.
// `q` goes through the keyed search terms (an HMAC per name, e-mail, phone, number, SSN last 4); the date range reads
// the created_at partition between its bounds.

const t = (c: Pick<StaffCtx, 'lang'>, key: string, params?: Record<string, string | number>) =>
  translate(c.lang, key, params);
const invalid = (errors: Record<string, string[]>) => new AppError(422, 'The given data was invalid.', errors);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Filter = FilterDef;

const statusValue = (row: ListRow) => (row.status === 'Y' && row.delivered ? 'Ydelivered' : String(row.status));
const STATUS_VALUES = [...LEASE_STATUS_CODES, 'Ydelivered'];

function statusFilter(c: StaffCtx): Filter {
  return {
    name: 'status',
    field: {
      type: 'select',
      name: 'status',
      label: 'staff.field.status',
      options: STATUS_VALUES.map((v) => ({
        value: v,
        text: v === 'Ydelivered' ? leasePlaceLabel(c.lang, 'Y', true) : leasePlaceLabel(c.lang, v as never, false),
      })),
    },
    scope: (v) => (STATUS_VALUES.includes(v) ? `status=${v}` : undefined),
    matches: (r, v) => statusValue(r) === v,
  };
}
const storeFilter: Filter = {
  name: 'store',
  field: ownerSelect('store', 'staff.field.store'),
  scope: (v) => (/^[\w-]{1,100}$/.test(v) ? `store=${v}` : undefined),
  matches: (r, v) => r.store_id === v,
};
const retailerFilter: Filter = {
  name: 'retailer',
  field: ownerSelect('retailer', 'staff.field.retailer'),
  scope: (v) => (/^[\w-]{1,100}$/.test(v) ? `retailer=${v}` : undefined),
  matches: (r, v) => r.retailer_id === v,
};
const resultFilter: Filter = {
  name: 'result',
  field: {
    type: 'select',
    name: 'result',
    label: 'staff.field.result',
    options: ['A', 'D', 'G'].map((v) => ({ value: v, text: v })),
  },
  scope: (v) => (['A', 'D', 'G'].includes(v) ? `result=${v}` : undefined),
  matches: (r, v) => r.result_code === v,
};
const acceptanceFilter = yesNoFilter('requires_acceptance', 'staff.field.requires_acceptance');
const dateFields: FieldSchema[] = [
  { type: 'date', name: 'from', label: 'staff.field.from' },
  { type: 'date', name: 'to', label: 'staff.field.to' },
  { type: 'text', name: 'q', label: 'staff.field.q' },
];

function filterMeta(
  c: StaffCtx,
  filters: readonly Filter[],
  query: Record<string, string | undefined>,
  extra: FieldSchema[] = [],
) {
  return [...filters.map((f) => f.field), ...extra].map((field) => ({
    ...field,
    label: t(c, field.label ?? field.name ?? ''),
    ...(field.options ? { options: field.options.map((o) => ({ ...o, text: t(c, String(o.text)) })) } : {}),
    value: query[field.name ?? ''] ?? null,
  }));
}

function activeFilters(c: StaffCtx, filters: readonly Filter[], query: Record<string, string | undefined>) {
  const active: { f: Filter; value: string; scope: string }[] = [];
  const errors: Record<string, string[]> = {};
  for (const f of filters) {
    const value = query[f.name];
    if (value === undefined || value === '') continue;
    const scope = value.length <= 100 ? f.scope(value) : undefined;
    if (!scope) errors[f.name] = [t(c, 'staff.validation.inList', { field: t(c, f.field.label ?? f.name) })];
    else active.push({ f, value, scope });
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return active;
}

function dateRange(c: StaffCtx, query: Record<string, string | undefined>) {
  const from = query.from || undefined;
  const to = query.to || undefined;
  const errors: Record<string, string[]> = {};
  if (from && (!DATE.test(from) || !isRealDate(from))) errors.from = [t(c, 'staff.validation.date')];
  if (to && (!DATE.test(to) || !isRealDate(to))) errors.to = [t(c, 'staff.validation.date')];
  if (!errors.from && !errors.to && from && to && from > to) errors.to = [t(c, 'staff.validation.dateRange')];
  if (Object.keys(errors).length) throw invalid(errors);
  return from || to ? { from, to } : undefined;
}

/** A tenant-confined page of a list entity with filters, an optional date range on created_at and an optional q. */
async function pagedRows(
  c: StaffCtx,
  list: { entity: string; sortFields: readonly string[] },
  filters: readonly Filter[],
  query: Record<string, string | undefined>,
  opts: {
    defaultSort: string;
    defaultDesc: boolean;
    search?: boolean;
    range?: boolean;
    fixedScope?: string;
    combined?: boolean;
  },
) {
  const { page, limit, sortBy, sortDesc } = parsePaging(c, query, list.sortFields, opts.defaultSort, opts.defaultDesc);
  const active = activeFilters(c, filters, query);
  const range = opts.range ? dateRange(c, query) : undefined;
  const q = opts.search ? (query.q ?? '').trim() : '';
  if (q.length > 200) throw invalid({ q: [t(c, 'staff.validation.tooLong')] });
  const tenant = tenantScope(c.actor);
  const keepTenant = (row: ListRow) =>
    canAccess(c.actor, { storeIds: [String(row.store_id)], retailerIds: [String(row.retailer_id)] });
  const keepFilters = (row: ListRow, skip?: Filter) => active.every((a) => a.f === skip || a.f.matches(row, a.value));
  const inRange = (row: ListRow) =>
    !range ||
    ((!range.from || String(row.created_at).slice(0, 10) >= range.from) &&
      (!range.to || String(row.created_at).slice(0, 10) <= range.to));

  if (q) {
    // Every kind of term the text could be; the union of their matches, newest first.
    const kinds = [
      'name',
      'email',
      'number',
      ...(/^\d{4}$/.test(q) ? ['ssn4'] : []),
      ...(/^[\d\s().+-]{7,}$/.test(q) ? ['phone'] : []),
    ];
    const hits = await Promise.all(
      kinds.map((k) =>
        searchTermHmac(c.deps, k, k === 'phone' ? q.replace(/\D/g, '').slice(-10) : q).then((h) =>
          findBySearchTerm(c.deps.db, h),
        ),
      ),
    );
    const byId = new Map<string, string>();
    for (const list of hits) for (const h of list) byId.set(h.uuid, h.createdAt);
    const ids = [...byId.entries()].sort((a, b) => (a[1] < b[1] ? 1 : -1)).map(([id]) => id);
    const offsetQ = (page - 1) * limit;
    if (!tenant && !active.length && !range && list.entity === LIST_APPLICATIONS.entity) {
      // Nothing to check on the rows: read only the page's.
      const pageIds = ids.slice(offsetQ, offsetQ + limit);
      const found = await getLeaseRows(c.deps.db, pageIds);
      const rows = pageIds
        .map((id) => found.get(id)?.row as ListRow | undefined)
        .filter((r): r is ListRow => Boolean(r));
      return { rows, total: ids.length, page, limit, sortBy, sortDesc };
    }
    const leases = await getLeaseRows(c.deps.db, ids);
    const rows = ids
      .map((id) => leases.get(id)?.row as ListRow | undefined)
      .filter(
        (r): r is ListRow =>
          Boolean(r) &&
          keepTenant(r!) &&
          keepFilters(r!) &&
          inRange(r!) &&
          (list.entity !== LIST_LEASES.entity || Boolean(r!.lease_number)),
      );
    const offset = (page - 1) * limit;
    return { rows: rows.slice(offset, offset + limit), total: rows.length, page, limit, sortBy, sortDesc };
  }

  let scope = opts.fixedScope ?? tenant ?? '*';
  let rest = active;
  const status = opts.combined ? active.find((a) => a.f.name === 'status') : undefined;
  const place = active.find((a) => a.f.name === 'store') ?? active.find((a) => a.f.name === 'retailer');
  if (opts.fixedScope && tenant) {
    scope = `${opts.fixedScope}&${tenant}`;
  } else if (status && tenant) {
    // status within the tenant's store or retailer: its own partition
    scope = `${status.scope}&${tenant}`;
    rest = active.filter((a) => a !== status);
  } else if (status && place && !tenant) {
    scope = `${status.scope}&${place.scope}`;
    rest = active.filter((a) => a !== status && a !== place);
  } else if (!tenant && !opts.fixedScope && active.length) {
    scope = active[0]!.scope;
    rest = active.slice(1);
  }
  const base = { entity: list.entity, field: sortBy, scope, page, limit, descending: sortDesc };
  if (range) {
    const keep = rest.length ? (row: ListRow) => rest.every((a) => a.f.matches(row, a.value)) : undefined;
    const result = await readRange(c, list.entity, scope, range, sortDesc, keep, (page - 1) * limit, limit);
    return { rows: result.rows, total: result.total, page, limit, sortBy: 'created_at', sortDesc };
  }
  const result = rest.length
    ? await readFilteredPage(c.deps.db, { ...base, keep: (row) => rest.every((a) => a.f.matches(row, a.value)) })
    : await readListPage(c.deps.db, base);
  return { rows: result.rows, total: result.total, page, limit, sortBy, sortDesc };
}

/**
 * A page of a partition's created_at entries between two days. Without other filters the range is counted from the
 * partition's rank anchors (a few hundred keys read, whatever the range's size) and the page alone is read; with
 * filters no partition covers, every row of the range is read.
 */
async function readRange(
  c: StaffCtx,
  entity: string,
  scope: string,
  range: { from?: string; to?: string },
  descending: boolean,
  keep: ((row: ListRow) => boolean) | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: ListRow[]; total: number }> {
  // Bounds that are never an entry's own key (value, separator, id): [lo, hi) holds exactly the range's entries.
  const lo = range.from ? entrySortKey(`${range.from}T00:00:00.000Z`, '').slice(0, -1) : '';
  const hi = range.to ? `${entrySortKey(`${range.to}T23:59:59.999Z`, '').slice(0, -1)}${KEY_RANGE_END}` : KEY_RANGE_END;
  const base = {
    TableName: c.deps.db.tableName,
    IndexName: 'gsi2',
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':pk': `LIST#${entity}#created_at#${scope}`, ':lo': lo, ':hi': hi },
    ScanIndexForward: !descending,
  };
  const read = async () => {
    const items: Record<string, unknown>[] = [];
    let next: Record<string, unknown> | undefined;
    do {
      const out = await c.deps.db.doc.send(
        new QueryCommand({
          ...base,
          ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk': 'gsi2sk' },
          ExclusiveStartKey: next,
        }),
      );
      items.push(...((out.Items ?? []) as Record<string, unknown>[]));
      next = out.LastEvaluatedKey;
    } while (next && items.length < 100_000);
    return items;
  };
  if (!keep)
    return readKeyRangePage(c.deps.db, { entity, field: 'created_at', scope, lo, hi, offset, limit, descending });
  const rows = (await read()).map((e) => e.row as ListRow).filter(keep);
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}

const paged = (
  c: StaffCtx,
  result: Awaited<ReturnType<typeof pagedRows>>,
  filters: unknown[],
  extra: Record<string, unknown> = {},
) => ({
  data: result.rows.map((r) =>
    'status' in r && 'delivered' in r && typeof r.applicant_name === 'string' && 'loan_number' in r
      ? rowInLang(r as unknown as ApplicationRow, c.lang)
      : r,
  ),
  meta: {
    ...pageMeta(result.total, result.page, result.limit, result.rows.length),
    filters,
    sort_by: result.sortBy,
    sort_desc: result.sortDesc,
    ...extra,
  },
});

export async function listApplications(c: StaffCtx, query: Record<string, string | undefined>) {
  const filters = [statusFilter(c), storeFilter, retailerFilter, resultFilter];
  const result = await pagedRows(c, LIST_APPLICATIONS, filters, query, {
    defaultSort: 'created_at',
    defaultDesc: true,
    search: true,
    range: true,
    combined: true,
  });
  return paged(c, result, filterMeta(c, filters, query, dateFields));
}

export async function listLeases(c: StaffCtx, query: Record<string, string | undefined>) {
  const filters = [statusFilter(c), storeFilter, retailerFilter, acceptanceFilter];
  const result = await pagedRows(c, LIST_LEASES, filters, query, {
    defaultSort: 'created_at',
    defaultDesc: true,
    search: true,
    combined: true,
  });
  return paged(c, result, filterMeta(c, filters, query, [dateFields[2]!]));
}

export async function listQueue(c: StaffCtx, query: Record<string, string | undefined>) {
  const queueParam = query.queue || 'review';
  if (!(LEASE_QUEUE_IDS as string[]).includes(queueParam))
    throw invalid({ queue: [t(c, 'staff.validation.inList', { field: 'queue' })] });
  const queue = queueParam as LeaseQueueId;
  const result = await pagedRows(c, LIST_QUEUE, [], query, {
    defaultSort: 'state_changed_at',
    defaultDesc: false,
    fixedScope: `queue=${queue}`,
  });
  const queues = await queueCounts(c);
  return paged(c, result, [], { queue, queues });
}

export async function queueCounts(c: StaffCtx) {
  const tenant = tenantScope(c.actor);
  return Promise.all(
    LEASE_QUEUE_IDS.map(async (id) => {
      const scope = tenant ? `queue=${id}&${tenant}` : `queue=${id}`;
      const page = await readListPage(c.deps.db, {
        entity: LIST_QUEUE.entity,
        field: 'state_changed_at',
        scope,
        page: 1,
        limit: 1,
        descending: false,
      });
      return { id, label: t(c, LEASE_QUEUES[id].label), count: page.total };
    }),
  );
}

// ---------- checkouts and payments ----------

export const LIST_CHECKOUTS = { entity: 'checkout', sortFields: ['created_at', 'updated_at'] } as const;
export const LIST_PAYMENTS = { entity: 'payment', sortFields: ['started_at'] } as const;

interface CheckoutRowsItem extends StoredItem {
  checkout: CheckoutRow | null;
  payments: PaymentView[];
}
const rowsKey = (id: string) => ({ pk: `CHECKOUT#${id}`, sk: 'STAFFROWS' });

const checkoutScopes = (r: CheckoutRow) => [
  '*',
  `store=${r.store_id}`,
  `retailer=${r.retailer_id}`,
  `status=${r.status ?? 'null'}`,
];
const paymentScopes = (p: PaymentView & { store_id: string; retailer_id: string }) => [
  '*',
  `store=${p.store_id}`,
  `retailer=${p.retailer_id}`,
  `status=${p.status}`,
];

/** Keeps a checkout's staff list rows (the checkout and its payments) in line with it; run on every checkout event. */
export async function syncCheckoutRows(deps: Deps, checkoutId: string): Promise<void> {
  const now = deps.clock();
  const checkout = await getCheckout(deps.db, checkoutId, now);
  if (!checkout) return;
  const [store, app, previous] = await Promise.all([
    getStoreById(deps.db, checkout.storeId, now),
    checkout.application_uuid
      ? getApplication(deps.db, deps.crypto, checkout.application_uuid, now)
      : Promise.resolve(undefined),
    getItem<CheckoutRowsItem>(deps.db, rowsKey(checkoutId), now),
  ]);
  const names = {
    applicant: app ? applicantNameOf(app) : '—',
    store: store?.view.name ?? checkout.storeId,
    retailer: store?.view.retailer.name ?? checkout.retailerId,
  };
  const row = checkoutRow(checkout, names);
  const payments = paymentViews(checkout, names).map((p) => ({
    ...p,
    store_id: checkout.storeId,
    retailer_id: checkout.retailerId,
  }));
  if (
    previous &&
    JSON.stringify(previous.checkout) === JSON.stringify(row) &&
    JSON.stringify(previous.payments) === JSON.stringify(payments)
  )
    return;
  await syncListEntries(
    deps.db,
    LIST_CHECKOUTS,
    `CHECKOUT#${checkoutId}`,
    previous?.checkout ? { row: previous.checkout as never, scopes: checkoutScopes(previous.checkout) } : undefined,
    { row: row as never, scopes: checkoutScopes(row) },
  );
  const prevPayments = new Map((previous?.payments ?? []).map((p) => [p.id, p]));
  await Promise.all(
    payments.map((p) => {
      const before = prevPayments.get(p.id) as (PaymentView & { store_id: string; retailer_id: string }) | undefined;
      return syncListEntries(
        deps.db,
        LIST_PAYMENTS,
        `PAYMENT#${p.id}`,
        before ? { row: before as never, scopes: paymentScopes(before) } : undefined,
        { row: p, scopes: paymentScopes(p) },
      );
    }),
  );
  await putItem(deps.db, {
    ...rowsKey(checkoutId),
    entity: 'checkoutStaffRows',
    v: (previous?.v ?? 0) + 1,
    checkout: row,
    payments,
  });
}

const checkoutStatusFilter = (c: StaffCtx): Filter => ({
  name: 'status',
  field: {
    type: 'select',
    name: 'status',
    label: 'staff.field.checkout_status',
    options: CHECKOUT_STATUS_VALUES.map((s) => ({
      value: String(s ?? 'null'),
      text: translate(c.lang, checkoutStatusLabelKey(s)),
    })),
  },
  scope: (v) => (CHECKOUT_STATUS_VALUES.map((s) => String(s ?? 'null')).includes(v) ? `status=${v}` : undefined),
  matches: (r, v) => String(r.status ?? 'null') === v,
});
const paymentStatusFilter = choiceFilter(
  'status',
  'staff.field.payment_status',
  ['processing', 'succeeded', 'declined', 'error'].map((v) => ({ value: v, text: v })),
);

export async function listCheckouts(c: StaffCtx, query: Record<string, string | undefined>) {
  const filters = [checkoutStatusFilter(c), storeFilter, retailerFilter];
  const result = await pagedRows(c, LIST_CHECKOUTS, filters, query, { defaultSort: 'created_at', defaultDesc: true });
  result.rows = result.rows.map((r) => ({
    ...r,
    status_label: translate(c.lang, checkoutStatusLabelKey((r.status ?? null) as never)),
  }));
  return paged(c, result, filterMeta(c, filters, query));
}

export async function listPayments(c: StaffCtx, query: Record<string, string | undefined>) {
  const filters = [paymentStatusFilter, storeFilter, retailerFilter];
  const result = await pagedRows(c, LIST_PAYMENTS, filters, query, { defaultSort: 'started_at', defaultDesc: true });
  return paged(c, result, filterMeta(c, filters, query));
}

async function loadCheckoutFor(c: StaffCtx, id: string): Promise<CheckoutItem> {
  const checkout = id.length <= 80 ? await getCheckout(c.deps.db, id, c.deps.clock()) : undefined;
  if (!checkout) throw notFound(t(c, 'staff.lease.checkoutNotFound'));
  await requireTenant(
    c.deps,
    c.actor,
    c.ip,
    { storeIds: [checkout.storeId], retailerIds: [checkout.retailerId] },
    `checkout:${id}`,
  );
  return checkout;
}

export async function showCheckout(c: StaffCtx, id: string) {
  const checkout = await loadCheckoutFor(c, id);
  await syncCheckoutRows(c.deps, checkout.id);
  const rows = await getItem<CheckoutRowsItem>(c.deps.db, rowsKey(checkout.id), c.deps.clock());
  return {
    ...checkoutView(checkout, c.lang),
    row: rows?.checkout ?? null,
    payments: rows?.payments ?? [],
    application_uuid: checkout.application_uuid,
  };
}

export async function showPayment(c: StaffCtx, id: string) {
  const m = /^(chk_[A-Za-z0-9]{8,64})-(\d{1,3})$/.exec(id);
  if (!m) throw notFound(t(c, 'staff.lease.paymentNotFound'));
  const checkout = await loadCheckoutFor(c, m[1]!).catch((error) => {
    if (error instanceof AppError && error.statusCode === 404) throw notFound(t(c, 'staff.lease.paymentNotFound'));
    throw error;
  });
  await syncCheckoutRows(c.deps, checkout.id);
  const rows = await getItem<CheckoutRowsItem>(c.deps.db, rowsKey(checkout.id), c.deps.clock());
  const payment = rows?.payments.find((p) => p.id === id);
  if (!payment) throw notFound(t(c, 'staff.lease.paymentNotFound'));
  return { ...payment, checkout: checkoutView(checkout, c.lang) };
}

// ---------- dashboard ----------

export async function dashboard(c: StaffCtx): Promise<DashboardView> {
  const now = c.deps.clock();
  const today = lenderDay(now.toISOString());
  const days = Array.from({ length: 14 }, (_, i) =>
    lenderDay(new Date(now.getTime() - (13 - i) * 86_400_000).toISOString()),
  );
  const tenant = tenantScope(c.actor) ?? '*';
  const canQueue = c.actor.permissions.has('lease-queue.view');
  const canApps = c.actor.permissions.has('applications.view');
  const [counters, queues, recent, stores, openTasks, leads] = await Promise.all([
    readCounters(c.deps.db, tenant, days),
    canQueue ? queueCounts(c) : Promise.resolve([]),
    canApps
      ? readListPage(c.deps.db, {
          entity: LIST_APPLICATIONS.entity,
          field: 'created_at',
          scope: tenant,
          page: 1,
          limit: 10,
          descending: true,
        })
      : Promise.resolve({ rows: [], total: 0 }),
    c.actor.permissions.has('stores.view')
      ? readListPage(c.deps.db, {
          entity: 'store',
          field: 'created_at',
          scope: tenant === '*' ? '*' : tenant,
          page: 1,
          limit: 5,
          descending: true,
        }).catch(() => ({ rows: [], total: 0 }))
      : Promise.resolve({ rows: [], total: 0 }),
    openTasksFor(c.deps, c.actor, 5),
    lastUpdatedLeads(c.deps, c.actor, 5),
  ]);
  const todayCounts = counters[counters.length - 1]!;
  const decided = todayCounts.approvals + todayCounts.denials;
  // Open tasks: what this user claimed, from the queues (each queue's first page is small).
  const myClaims: ApplicationRow[] = [];
  if (canQueue) {
    for (const id of LEASE_QUEUE_IDS) {
      const scope = tenantScope(c.actor) ? `queue=${id}&${tenantScope(c.actor)}` : `queue=${id}`;
      const page = await readListPage(c.deps.db, {
        entity: LIST_QUEUE.entity,
        field: 'state_changed_at',
        scope,
        page: 1,
        limit: 100,
        descending: false,
      });
      for (const r of page.rows)
        if ((r as unknown as ApplicationRow).claimed_by?.user_id === c.actor.userId)
          myClaims.push(rowInLang(r as unknown as ApplicationRow, c.lang));
    }
  }
  return {
    today: {
      date: today,
      applications: todayCounts.applications,
      approvals: todayCounts.approvals,
      denials: todayCounts.denials,
      approval_rate: decided ? Math.round((todayCounts.approvals / decided) * 1000) / 10 : 0,
      funded_count: todayCounts.funded_count,
      funded_amount: centsToDecimal(todayCounts.funded_cents),
    },
    days: counters.map((d) => ({
      date: d.day,
      applications: d.applications,
      approvals: d.approvals,
      funded_amount: centsToDecimal(d.funded_cents),
    })),
    queues,
    my_claims: myClaims,
    recent_applications: recent.rows.map((r) => rowInLang(r as unknown as ApplicationRow, c.lang)),
    last_updated_stores: stores.rows.map((s) => ({
      id: String(s.id),
      name: String(s.name),
      retailer_name: String(s.retailer_name ?? ''),
      updated_at: String(s.created_at ?? ''),
    })),
    open_tasks: openTasks.map((task) => ({
      id: task.id,
      title: task.title,
      due_at: task.due_at,
      overdue: task.overdue,
      repeats: task.repeats,
      assignee_name: task.assignee_name,
    })),
    last_updated_leads: leads.map((lead) => ({ id: lead.id, name: lead.name, updated_at: lead.updated_at })),
  };
}
