import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { COLLECTIONS_PK } from './collections.ts';

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

async function update(db: Db, scope: string, day: string, values: Record<string, number>, op: 'ADD' | 'SET') {
  const entries = Object.entries(values).filter(([, n]) => op === 'SET' || n);
  if (!entries.length) return;
  const names = Object.fromEntries(entries.map(([k], i) => [`#c${i}`, k]));
  const vals = Object.fromEntries(entries.map(([, n], i) => [`:c${i}`, n]));
  const parts = entries.map((_, i) => (op === 'ADD' ? `#c${i} :c${i}` : `#c${i} = :c${i}`));
  const expression =
    op === 'ADD'
      ? `SET entity = :e, #day = :day ADD ${parts.join(', ')}`
      : `SET entity = :e, #day = :day, ${parts.join(', ')}`;
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: `STATS#${scope}`, sk: `${PREFIX}${day}` },
      UpdateExpression: expression,
      ExpressionAttributeNames: { ...names, '#day': 'day' },
      ExpressionAttributeValues: { ...vals, ':e': 'stats', ':day': day },
    }),
  );
}

/** Adds to the counters of a business date in each scope. */
export async function addServicingCounters(
  db: Db,
  scopes: readonly string[],
  day: string,
  add: Record<string, number>,
): Promise<void> {
  await Promise.all(scopes.map((scope) => update(db, scope, day, add, 'ADD')));
}

/** Sets counters of a business date in one scope (the close of business's snapshot of the book). */
export async function setServicingCounters(db: Db, scope: string, day: string, values: Record<string, number>) {
  await update(db, scope, day, values, 'SET');
}

/** The days of a scope between two dates (inclusive) that have counters, keyed by day. */
export async function readServicingDays(
  db: Db,
  scope: string,
  from: string,
  to: string,
): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        ExpressionAttributeValues: { ':pk': `STATS#${scope}`, ':a': `${PREFIX}${from}`, ':b': `${PREFIX}${to}` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      const counts: Record<string, number> = {};
      for (const [k, v] of Object.entries(item)) if (typeof v === 'number' && k !== 'v') counts[k] = v;
      out.set(String(item.day ?? String(item.sk).slice(PREFIX.length)), counts);
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

export interface QueuedRef {
  since: string;
  storeId: string;
  retailerId: string;
}

/** Every past-due account of the collections index (its first missed date and scopes), one page at a time. */
export async function* pastDueRefs(db: Db): AsyncGenerator<QueuedRef[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': COLLECTIONS_PK },
        ProjectionExpression: 'gsi1sk, storeId, retailerId',
        ExclusiveStartKey: start,
      }),
    );
    yield (res.Items ?? []).map((i) => ({
      since: String(i.gsi1sk).slice(0, 10),
      storeId: String(i.storeId ?? ''),
      retailerId: String(i.retailerId ?? ''),
    }));
    start = res.LastEvaluatedKey;
  } while (start);
}
