import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { queryDayItems, updateDayCounters } from './day-counters.ts';
import { isConditionFailure } from './items.ts';

// Storage of issue 11 parts 3 and 4: the pre-aggregated report counters and the kept adverse-action notices.
//   lease counters       pk STATS#<scope>, sk DAY#<yyyy-mm-dd>     written by functions/services/leases (read here)
//   underwriting counters pk STATS#<scope>, sk UW#DAY#<yyyy-mm-dd>  written by the reports consumer (ADD):
//                        approved_count, approved_cents (the approval amounts of approvals decided that day),
//                        fpd_due (funded leases whose first scheduled payment falls due that day), fpd_paid (first
//                        payments recorded for those; written by payment servicing's `lease.payment.recorded`)
//   consumed events      pk REPORTEVENT#<event id>, sk REPORTEVENT (a guard so a repeated event adds once)
//   adverse notice       pk APP#<uuid>, sk ADVERSE#<decidedAt>       the notice's inputs, kept with the application
// Scopes as the dashboard's: '*', 'store=<id>', 'retailer=<id>'. A report reads one Query per scope, never the table.

export type UwCounterName = 'approved_count' | 'approved_cents' | 'fpd_due' | 'fpd_paid';
export type LeaseCounterName = 'applications' | 'approvals' | 'denials' | 'funded_count' | 'funded_cents';
export type DayRow = { day: string } & Partial<Record<UwCounterName | LeaseCounterName, number>>;

const UW_PREFIX = 'UW#DAY#';
const LEASE_PREFIX = 'DAY#';

/** Claims an event for the reports consumer: false when it was already counted. */
export async function claimReportEvent(db: Db, eventId: string, at: string): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          pk: `REPORTEVENT#${eventId}`,
          sk: 'REPORTEVENT',
          entity: 'report-event',
          at,
          expiresAt: Math.floor(Date.parse(at) / 1000) + 90 * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Releases a claim whose counting failed (so the relay's retry counts it). */
export async function releaseReportEvent(db: Db, eventId: string): Promise<void> {
  await db.doc.send(
    new DeleteCommand({ TableName: db.tableName, Key: { pk: `REPORTEVENT#${eventId}`, sk: 'REPORTEVENT' } }),
  );
}

export async function addUwCounters(
  db: Db,
  scopes: readonly string[],
  day: string,
  add: Partial<Record<UwCounterName, number>>,
) {
  await Promise.all(
    scopes.map((scope) =>
      updateDayCounters(db, { scope, prefix: UW_PREFIX, day }, add as Record<string, number>, 'ADD'),
    ),
  );
}

const NAMES: (UwCounterName | LeaseCounterName)[] = [
  'applications',
  'approvals',
  'denials',
  'funded_count',
  'funded_cents',
  'approved_count',
  'approved_cents',
  'fpd_due',
  'fpd_paid',
];

/** The days from..to (inclusive) of a scope with every counter (0 when none), lease and underwriting counters joined. */
export async function readDayCounters(db: Db, scope: string, days: readonly string[]): Promise<DayRow[]> {
  if (!days.length) return [];
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const [lease, uw] = await Promise.all([
    queryDayItems(db, scope, LEASE_PREFIX, from, to),
    queryDayItems(db, scope, UW_PREFIX, from, to),
  ]);
  return days.map((day) => {
    const a = lease.get(day) ?? {};
    const b = uw.get(day) ?? {};
    const row: DayRow = { day };
    for (const name of NAMES) {
      const v = a[name] ?? b[name];
      row[name] = typeof v === 'number' ? v : 0;
    }
    return row;
  });
}

// ---------- the kept adverse-action notice ----------

export interface StoredNotice<T = unknown> {
  uuid: string;
  decidedAt: string;
  storeId: string;
  retailerId: string;
  createdAt: string;
  /** The notice's inputs (machines/domain/adverse-action.ts NoticeInput), so it reads the same in every language. */
  input: T;
}

const noticeKey = (uuid: string, decidedAt: string) => ({ pk: `APP#${uuid}`, sk: `ADVERSE#${decidedAt}` });

export async function getNotice<T>(db: Db, uuid: string, decidedAt: string): Promise<StoredNotice<T> | undefined> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: noticeKey(uuid, decidedAt) }));
  return res.Item as StoredNotice<T> | undefined;
}

/** Keeps a notice once (the first write wins; a repeat returns the kept one). */
export async function keepNotice<T>(db: Db, notice: StoredNotice<T>): Promise<StoredNotice<T>> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...noticeKey(notice.uuid, notice.decidedAt), entity: 'adverse-notice', v: 1, ...notice },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return notice;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getNotice<T>(db, notice.uuid, notice.decidedAt)) ?? notice;
  }
}
