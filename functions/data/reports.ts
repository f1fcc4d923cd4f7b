import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
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
  const entries = Object.entries(add).filter(([, n]) => n);
  if (!entries.length) return;
  await Promise.all(
    scopes.map((scope) =>
      db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: { pk: `STATS#${scope}`, sk: `${UW_PREFIX}${day}` },
          UpdateExpression: `SET entity = :e, #day = :day ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
          ExpressionAttributeNames: { ...Object.fromEntries(entries.map(([k], i) => [`#c${i}`, k])), '#day': 'day' },
          ExpressionAttributeValues: {
            ...Object.fromEntries(entries.map(([, n], i) => [`:c${i}`, n])),
            ':e': 'stats',
            ':day': day,
          },
        }),
      ),
    ),
  );
}

async function queryDays(
  db: Db,
  scope: string,
  prefix: string,
  from: string,
  to: string,
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        ExpressionAttributeValues: { ':pk': `STATS#${scope}`, ':a': `${prefix}${from}`, ':b': `${prefix}${to}` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) out.set(String(item.day ?? String(item.sk).slice(prefix.length)), item);
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
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
    queryDays(db, scope, LEASE_PREFIX, from, to),
    queryDays(db, scope, UW_PREFIX, from, to),
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
