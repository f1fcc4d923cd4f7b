import type { ApplicationRow, TimelineEntry } from '../../../machines/contracts/staff-leases.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import {
  applyLeaseAction,
  initialLeaseStatus,
  persistLeaseStatus,
  restoreLeaseStatus,
  type LeaseStatusCode,
} from '../../../machines/lease-status/lease-status.machine.ts';
import { getApplication, type ApplicationRecord } from '../../data/applications.ts';
import { getCheckout, type CheckoutItem } from '../../data/checkouts.ts';
import { newEvent, type OutboxEvent } from '../../data/items.ts';
import {
  addToCounters,
  createLease,
  getLease,
  saveLease,
  syncSearchTerms,
  type LeaseItem,
  type LeaseRecordData,
} from '../../data/leases.ts';
import { syncListEntries } from '../../data/staff/lists.ts';
import { getStoreById } from '../../data/stores.ts';
import type { Deps } from '../../platform/deps.ts';
import { loadQueueConfig } from '../staff/rules-settings.ts';
import { AppError } from '../../platform/errors.ts';
import {
  applicantNameOf,
  applicationScopes,
  factsOf,
  leaseFactsOf,
  leaseScopes,
  loanNumberOf,
  paymentNotesOf,
  queueScopes,
  rowOf,
} from './facts.ts';

// The lease record follows its application and checkout: `syncLease` applies, through the lease-status machine, each
// shopper, retailer and decision fact not applied yet (a marker per fact, so repeats and any order move the status
// once), appends the timeline, emits a `lease.<status>` event per status change (webhooks), and keeps the staff list
// entries, the search terms and the daily counters in line. The event consumer runs it on every application and
// checkout event; staff reads run it too, so a record is never behind what the shopper did.

export const LIST_APPLICATIONS = { entity: 'application', sortFields: ['created_at', 'applicant_name'] } as const;
export const LIST_LEASES = { entity: 'lease', sortFields: ['created_at'] } as const;
export const LIST_QUEUE = { entity: 'lease-queue', sortFields: ['state_changed_at'] } as const;

/** The item partition of a record's entries in one list (the application list's are beside the application). */
export const listRowPk = (list: 'application' | 'lease' | 'queue', uuid: string) =>
  list === 'application' ? `APP#${uuid}` : `APP${list.toUpperCase()}#${uuid}`;

/** The event type of a status: `lease.approved`, `lease.funded`, ... */
const STATUS_EVENT_NAMES: Record<LeaseStatusCode, string> = {
  inProgress: 'in_progress',
  S: 'awaiting_review',
  I: 'more_info_required',
  N: 'did_not_qualify',
  V: 'approved',
  Z: 'awaiting_docs_or_payment',
  Y: 'delivery_authorized',
  G: 'funding_in_process',
  L: 'funded',
  C: 'changed_mind',
};
export const leaseEventType = (code: LeaseStatusCode, delivered: boolean) =>
  `lease.${code === 'Y' && delivered ? 'delivered' : STATUS_EVENT_NAMES[code]}`;

export function statusEvent(
  lease: Pick<LeaseRecordData, 'uuid' | 'checkoutId' | 'retailerId' | 'storeId'>,
  from: { code: LeaseStatusCode; delivered: boolean },
  to: { code: LeaseStatusCode; delivered: boolean },
  action: string,
  now: Date,
): OutboxEvent {
  return newEvent(
    leaseEventType(to.code, to.delivered),
    { type: 'lease', id: lease.uuid },
    {
      application_id: lease.uuid,
      checkout_id: lease.checkoutId,
      retailer_id: lease.retailerId,
      store_id: lease.storeId,
      lease_status: to.code,
      delivered: to.delivered,
      previous_lease_status: from.code,
      previous_delivered: from.delivered,
      action,
    },
    now,
  );
}

export const lenderDay = (iso: string) => iso.slice(0, 10);
export const counterScopes = (storeId: string, retailerId: string) => [
  '*',
  `store=${storeId}`,
  `retailer=${retailerId}`,
];

export interface LeaseContext {
  app: ApplicationRecord;
  lease: LeaseItem;
  checkout: CheckoutItem | undefined;
  store: StoreView | undefined;
}

async function searchTermsOf(deps: Deps, app: ApplicationRecord, row: ApplicationRow): Promise<string[]> {
  const a = app.data.applicant;
  const terms: [string, string][] = [];
  const add = (kind: string, value: unknown) => {
    if (typeof value === 'string' && value.trim()) terms.push([kind, value]);
  };
  add('name', a?.first_name);
  add('name', a?.last_name);
  add('name', applicantNameOf(app) === '—' ? undefined : applicantNameOf(app));
  add('name', [a?.first_name, a?.last_name].filter(Boolean).join(' '));
  add('email', a?.email);
  add('phone', typeof a?.cell === 'string' ? a.cell.replace(/\D/g, '') : undefined);
  add(
    'ssn4',
    typeof a?.social_security_number === 'string' ? a.social_security_number.replace(/\D/g, '').slice(-4) : undefined,
  );
  add('number', row.loan_number);
  add('number', app.uuid);
  add('number', row.lease_number ?? undefined);
  add('number', row.checkout_id ?? undefined);
  const co = app.data.co_applicant;
  add('name', co?.last_name);
  // The co-applicant is a lessee too: their e-mail and phone find the lease (staff search, the lessee's sign-in).
  add('email', co?.email);
  add('phone', typeof co?.cell === 'string' ? co.cell.replace(/\D/g, '') : undefined);
  add(
    'ssn4',
    typeof co?.social_security_number === 'string' ? co.social_security_number.replace(/\D/g, '').slice(-4) : undefined,
  );
  const hmacs = await Promise.all(terms.map(([kind, value]) => searchTermHmac(deps, kind, value)));
  return [...new Set(hmacs)];
}

/** The keyed HMAC of a search term (the same normalisation for what is stored and what staff type). */
export const searchTermHmac = (deps: Pick<Deps, 'crypto'>, kind: string, value: string) =>
  deps.crypto.blindIndex(`staff-search:${kind}`, value.replace(/\s+/g, ' '));

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Keeps the three staff lists (applications, leases, queue) in line with a row change. */
export async function syncRowEntries(
  deps: Pick<Deps, 'db'>,
  uuid: string,
  before: ApplicationRow | null,
  after: ApplicationRow,
  queues: { before: readonly string[]; after: readonly string[] },
) {
  // One partition per list: entries of two lists sorted on the same field must not share a key.
  const snap = (row: ApplicationRow | null, scopes: (r: ApplicationRow) => string[]) =>
    row ? { row: row as never, scopes: scopes(row) } : undefined;
  await Promise.all([
    syncListEntries(
      deps.db,
      LIST_APPLICATIONS,
      listRowPk('application', uuid),
      snap(before, applicationScopes),
      snap(after, applicationScopes),
    ),
    syncListEntries(
      deps.db,
      LIST_LEASES,
      listRowPk('lease', uuid),
      snap(before, leaseScopes),
      snap(after, leaseScopes),
    ),
    syncListEntries(
      deps.db,
      LIST_QUEUE,
      listRowPk('queue', uuid),
      before ? { row: before as never, scopes: [...queues.before] } : undefined,
      { row: after as never, scopes: [...queues.after] },
    ),
  ]);
}

/** The queue partitions a row belongs in now (Queue Management's configuration, cached briefly). */
export async function currentQueueScopes(deps: Deps, row: ApplicationRow): Promise<string[]> {
  return queueScopes(row, await loadQueueConfig(deps));
}

/** The queue partitions a record was filed in (records filed before the configuration existed: the defaults). */
export const filedQueueScopes = (lease: Pick<LeaseRecordData, 'row' | 'queueScopes'>) =>
  lease.queueScopes ?? (lease.row ? queueScopes(lease.row) : []);

export interface SyncResult extends LeaseContext {
  changed: boolean;
}

export async function loadLeaseContext(
  deps: Deps,
  uuid: string,
): Promise<
  | {
      app: ApplicationRecord;
      lease: LeaseItem | undefined;
      checkout: CheckoutItem | undefined;
      store: StoreView | undefined;
    }
  | undefined
> {
  const now = deps.clock();
  const [app, lease] = await Promise.all([
    getApplication(deps.db, deps.crypto, uuid, now),
    getLease(deps.db, uuid, now),
  ]);
  if (!app) return undefined;
  const [checkout, store] = await Promise.all([
    app.checkoutId ? getCheckout(deps.db, app.checkoutId, now) : Promise.resolve(undefined),
    getStoreById(deps.db, app.storeId, now),
  ]);
  return { app, lease, checkout, store: store?.view };
}

/**
 * Brings the lease record of an application up to date (creating it on first sight). Returns undefined when there is
 * no such application. Safe to run any number of times, concurrently: writes are conditional and retried.
 */
export async function syncLease(deps: Deps, uuid: string): Promise<SyncResult | undefined> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const loaded = await loadLeaseContext(deps, uuid);
    if (!loaded) return undefined;
    const { app, checkout, store } = loaded;
    const now = deps.clock();
    try {
      let lease = loaded.lease;
      let created = false;
      if (!lease) {
        const status = initialLeaseStatus({ leaseId: app.uuid, name: applicantNameOf(app) });
        const data: LeaseRecordData = {
          uuid: app.uuid,
          storeId: app.storeId,
          retailerId: app.retailerId,
          checkoutId: app.checkoutId ?? null,
          createdAt: app.createdAt,
          updatedAt: now.toISOString(),
          status,
          stateChangedAt: app.createdAt,
          applied: [],
          timeline: [
            {
              at: app.createdAt,
              kind: 'event',
              name: 'application.created',
              from: null,
              to: 'inProgress',
              actor: { type: 'shopper', id: null, name: null },
              note: null,
            },
          ],
          claim: null,
          deliveryDate: null,
          rogDate: null,
          fundedAt: null,
          fundedCents: null,
          infoRequest: null,
          signedByStaffAt: null,
          discardedRevision: null,
          row: null,
          searchKeys: [],
        };
        lease = await createLease(deps.db, data);
        created = true;
      }
      const next = advance(app, lease, checkout, store, now);
      const row = rowOf(app, next.record, checkout, store);
      const searchKeys = await searchTermsOf(deps, app, row);
      const queues = await currentQueueScopes(deps, row);
      const changed =
        next.events.length > 0 ||
        next.record.applied.length !== lease.applied.length ||
        !sameJson(row, lease.row) ||
        !sameJson(searchKeys, lease.searchKeys) ||
        !sameJson(queues, filedQueueScopes(lease)) ||
        next.record.storeId !== lease.storeId ||
        next.record.checkoutId !== lease.checkoutId;
      if (!changed) return { app, lease, checkout, store, changed: false };
      const saved = await saveLease(
        deps.db,
        lease,
        { ...lease, ...next.record, row, searchKeys, queueScopes: queues, updatedAt: now.toISOString() },
        next.events,
      );
      await Promise.all([
        syncRowEntries(deps, uuid, lease.row, row, { before: filedQueueScopes(lease), after: queues }),
        syncSearchTerms(deps.db, uuid, app.createdAt, lease.searchKeys, searchKeys),
        countNew(deps, app, created, next.newMarkers),
        // Funded by a fact (the retailer cancelled the rest of a lease whose deliveries are all funded): the lease
        // counts once as funded; its money was counted tranche by tranche when staff funded them.
        lease.status.code !== 'L' && next.record.status.code === 'L'
          ? addToCounters(deps.db, counterScopes(app.storeId, app.retailerId), lenderDay(now.toISOString()), {
              funded_count: 1,
            })
          : Promise.resolve(),
      ]);
      return { app, lease: saved, checkout, store, changed: true };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) continue; // someone else moved it: read again
      throw error;
    }
  }
  throw new AppError(409, 'staff.error.busy');
}

async function countNew(deps: Deps, app: ApplicationRecord, created: boolean, markers: string[]) {
  const scopes = counterScopes(app.storeId, app.retailerId);
  const work: Promise<void>[] = [];
  if (created) work.push(addToCounters(deps.db, scopes, lenderDay(app.createdAt), { applications: 1 }));
  for (const marker of markers) {
    if (!marker.startsWith('decision:')) continue;
    const day = lenderDay(marker.slice('decision:'.length));
    work.push(addToCounters(deps.db, scopes, day, app.status === 'approved' ? { approvals: 1 } : { denials: 1 }));
  }
  await Promise.all(work);
}

/** Applies the facts not applied yet to a lease record (pure). */
export function advance(
  app: ApplicationRecord,
  lease: LeaseItem,
  checkout: CheckoutItem | undefined,
  store: StoreView | undefined,
  now: Date,
) {
  let snapshot = restoreLeaseStatus(lease.status);
  const applied = new Set(lease.applied);
  const timeline: TimelineEntry[] = [...lease.timeline];
  const events: OutboxEvent[] = [];
  const newMarkers: string[] = [];
  let stateChangedAt = lease.stateChangedAt;
  let fundedAt = lease.fundedAt;
  const base = {
    ...lease,
    storeId: app.storeId,
    retailerId: app.retailerId,
    checkoutId: app.checkoutId ?? lease.checkoutId ?? null,
  };
  for (const fact of factsOf(app, checkout)) {
    if (applied.has(fact.marker)) continue;
    applied.add(fact.marker);
    newMarkers.push(fact.marker);
    const facts = leaseFactsOf(checkout, lease);
    const result = applyLeaseAction(snapshot, fact.type, { ...facts, ...fact.override });
    const actor = { type: fact.actor, id: null, name: null } as TimelineEntry['actor'];
    if (!result.accepted) {
      // The status had moved on (e.g. staff recorded the delivery first): kept in the timeline, no change.
      timeline.push({
        at: fact.at,
        kind: 'event',
        name: fact.name,
        from: result.from,
        to: null,
        actor,
        note: fact.note,
      });
      continue;
    }
    const from = { code: result.from, delivered: snapshot.matches({ Y: 'delivered' }) };
    snapshot = result.snapshot;
    const to = { code: result.to, delivered: snapshot.matches({ Y: 'delivered' }) };
    timeline.push({
      at: fact.at,
      kind: result.statusChanged ? 'status' : 'event',
      name: fact.name,
      from: from.code,
      to: to.code,
      actor,
      note: fact.note,
    });
    if (result.statusChanged) {
      stateChangedAt = now.toISOString();
      events.push(statusEvent(base, from, to, fact.name, now));
    }
    // The retailer cancelled the undelivered rest of a lease whose deliveries are all funded: funded now.
    if (to.code === 'L' && !fundedAt) fundedAt = now.toISOString();
  }
  for (const p of paymentNotesOf(checkout)) {
    if (applied.has(p.marker)) continue;
    applied.add(p.marker);
    newMarkers.push(p.marker);
    timeline.push({
      at: p.at,
      kind: 'event',
      name: p.name,
      from: null,
      to: null,
      actor: { type: 'shopper', id: null, name: null },
      note: p.note,
    });
  }
  const record: LeaseRecordData = {
    ...base,
    status: persistLeaseStatus(snapshot),
    stateChangedAt,
    fundedAt,
    applied: [...applied],
    timeline,
  };
  void store;
  return { record, events, newMarkers };
}

export { loanNumberOf };
