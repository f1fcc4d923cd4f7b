import { BatchGetCommand, DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ApplicationRow, TimelineEntry } from '../../machines/contracts/staff-leases.ts';
import type { PersistedLeaseStatus } from '../../machines/lease-status/lease-status.machine.ts';
import type { Db } from './client.ts';
import { updateDayCounters } from './day-counters.ts';
import { createItem, getItem, queryPages, saveVersioned, type OutboxEvent, type StoredItem } from './items.ts';

// The staff lease record: one per application, beside it in the application's partition (pk APP#<uuid>, sk LEASE),
// so a lease application and its lease are one record with one id. It holds what the lender adds to the shopper's
// application: the lease status (machines/lease-status, persisted), the facts already applied to it (so a shopper or
// retailer fact moves the status once, whatever the order and the repeats of its events), the timeline, the queue
// claim, delivery and funding dates, and the last list row (to keep the staff list entries in line).
// Written with single-item conditional writes on `v`; each status change appends an outbox event in the same write.
//   search items  pk APP#<uuid>, sk SEARCH#<hmac>; gsi1pk APPSEARCH#<hmac>, gsi1sk <createdAt>#<uuid>
//     one per search term (name, e-mail, phone, lease and loan number, SSN last 4): keyed HMACs, never the text.
//   counters      pk STATS#<scope>, sk DAY#<yyyy-mm-dd>: today's applications, approvals, denials, funded (ADD).

export interface LeaseClaim {
  user_id: string;
  name: string;
  at: string;
}

export interface LeaseRecordData {
  uuid: string;
  storeId: string;
  retailerId: string;
  checkoutId: string | null;
  createdAt: string;
  updatedAt: string;
  status: PersistedLeaseStatus;
  stateChangedAt: string;
  /** Facts of the application and its checkout already applied (markers such as `decision:<decidedAt>`). */
  applied: string[];
  timeline: TimelineEntry[];
  claim: LeaseClaim | null;
  deliveryDate: string | null;
  rogDate: string | null;
  fundedAt: string | null;
  fundedCents: number | null;
  /** The funding tranches completed (a delivery's id, or 'whole' for a lease delivered without delivery records). */
  fundedTranches?: { id: string; cents: number; at: string; by: { id: string; name: string } }[];
  infoRequest: { note: string; at: string } | null;
  /** Set when staff set the contract signed without the e-sign (a paper or remote signing). */
  signedByStaffAt: string | null;
  /** The lease revision whose contract staff discarded (a discarded contract cannot be signed). */
  discardedRevision: number | null;
  /** The last list row written, and the search terms' HMACs written. */
  row: ApplicationRow | null;
  searchKeys: string[];
  /** The work-queue list partitions the row was last filed in (the queue configuration may change in between). */
  queueScopes?: string[];
}

export interface LeaseItem extends StoredItem, LeaseRecordData {
  entity: 'lease';
}

export const leaseKey = (uuid: string) => ({ pk: `APP#${uuid}`, sk: 'LEASE' });
export const TIMELINE_LIMIT = 500;

export async function getLease(db: Db, uuid: string, now: Date): Promise<LeaseItem | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(uuid)) return undefined;
  return getItem<LeaseItem>(db, leaseKey(uuid), now);
}

export async function createLease(db: Db, record: LeaseRecordData, events: OutboxEvent[] = []): Promise<LeaseItem> {
  return await createItem(db, { ...leaseKey(record.uuid), entity: 'lease' as const, ...record }, events);
}

/** Saves the next state of a lease read at `previous.v` (409 when someone saved in between). */
export async function saveLease(
  db: Db,
  previous: LeaseItem,
  next: LeaseItem,
  events: OutboxEvent[] = [],
): Promise<LeaseItem> {
  const timeline = next.timeline.length > TIMELINE_LIMIT ? next.timeline.slice(-TIMELINE_LIMIT) : next.timeline;
  return saveVersioned<LeaseItem>(db, previous, { ...next, timeline }, events);
}

/** Many leases' rows at once (BatchGet, 100 a call), in the order asked. */
export async function getLeaseRows(
  db: Db,
  uuids: readonly string[],
): Promise<Map<string, Pick<LeaseItem, 'uuid' | 'row'>>> {
  // Only the row is read (a record's timeline can be long), 100 keys a call, the calls in parallel.
  const out = new Map<string, Pick<LeaseItem, 'uuid' | 'row'>>();
  const batches: string[][] = [];
  for (let i = 0; i < uuids.length; i += 100) batches.push(uuids.slice(i, i + 100));
  await Promise.all(
    batches.map(async (batch) => {
      let keys: Record<string, unknown>[] | undefined = batch.map(leaseKey);
      for (let round = 0; keys?.length && round < 5; round++) {
        const res = await db.doc.send(
          new BatchGetCommand({
            RequestItems: {
              [db.tableName]: {
                Keys: keys,
                ProjectionExpression: '#u, #r',
                ExpressionAttributeNames: { '#u': 'uuid', '#r': 'row' },
              },
            },
          }),
        );
        for (const item of (res.Responses?.[db.tableName] ?? []) as Pick<LeaseItem, 'uuid' | 'row'>[])
          out.set(item.uuid, item);
        keys = res.UnprocessedKeys?.[db.tableName]?.Keys as Record<string, unknown>[] | undefined;
      }
    }),
  );
  return out;
}

// ---------- search terms ----------

const searchSk = (hmac: string) => `SEARCH#${hmac}`;

/** Writes the search items of the added terms and deletes those of the removed ones. */
export async function syncSearchTerms(
  db: Db,
  uuid: string,
  createdAt: string,
  before: readonly string[],
  after: readonly string[],
) {
  const removed = before.filter((k) => !after.includes(k));
  const added = after.filter((k) => !before.includes(k));
  await Promise.all([
    ...removed.map((k) =>
      db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: { pk: `APP#${uuid}`, sk: searchSk(k) } })),
    ),
    ...added.map((k) =>
      db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: {
            pk: `APP#${uuid}`,
            sk: searchSk(k),
            entity: 'leaseSearch',
            v: 1,
            gsi1pk: `APPSEARCH#${k}`,
            gsi1sk: `${createdAt}#${uuid}`,
          },
        }),
      ),
    ),
  ]);
}

/** The applications matching one search term (newest first, at most `max`). */
export async function findBySearchTerm(
  db: Db,
  hmac: string,
  max = 500,
): Promise<{ uuid: string; createdAt: string }[]> {
  const out: { uuid: string; createdAt: string }[] = [];
  const pages = queryPages(
    db,
    {
      TableName: db.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk' },
      ExpressionAttributeValues: { ':pk': `APPSEARCH#${hmac}` },
      ProjectionExpression: '#sk',
      ScanIndexForward: false,
    },
    max,
  );
  for await (const items of pages)
    for (const item of items) {
      const sk = String(item.gsi1sk);
      const cut = sk.lastIndexOf('#');
      out.push({ createdAt: sk.slice(0, cut), uuid: sk.slice(cut + 1) });
    }
  return out;
}

// ---------- daily counters (the dashboard reads these, never the table) ----------

export type CounterName = 'applications' | 'approvals' | 'denials' | 'funded_count' | 'funded_cents';

const counterKey = (scope: string, day: string) => ({ pk: `STATS#${scope}`, sk: `DAY#${day}` });

/** Adds to a day's counters in every scope given ('*', 'store=<id>', 'retailer=<id>'). */
export async function addToCounters(
  db: Db,
  scopes: readonly string[],
  day: string,
  add: Partial<Record<CounterName, number>>,
) {
  await Promise.all(
    scopes.map((scope) => updateDayCounters(db, { scope, prefix: 'DAY#', day }, add as Record<string, number>, 'ADD')),
  );
}

export type DayCounters = Record<CounterName, number> & { day: string };

export async function readCounters(db: Db, scope: string, days: readonly string[]): Promise<DayCounters[]> {
  const res = await db.doc.send(
    new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: days.map((d) => counterKey(scope, d)) } } }),
  );
  const found = new Map(
    ((res.Responses?.[db.tableName] ?? []) as Record<string, unknown>[]).map((i) => [String(i.day), i]),
  );
  return days.map((day) => {
    const i = found.get(day) ?? {};
    const n = (k: string) => (typeof i[k] === 'number' ? i[k] : 0);
    return {
      day,
      applications: n('applications'),
      approvals: n('approvals'),
      denials: n('denials'),
      funded_count: n('funded_count'),
      funded_cents: n('funded_cents'),
    };
  });
}
