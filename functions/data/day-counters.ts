import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { queryPages } from './items.ts';

// The daily counter items the reports read (functions/data/reports.ts, servicing-counters.ts): pk STATS#<scope>,
// sk <prefix><yyyy-mm-dd>, one number attribute per counter. Written with ADD (events counted once by their consumer)
// or SET (a snapshot a rerun writes the same); read one Query per scope over a range of days, never the table.

/** Adds to (ADD) or sets (SET) counters of one day of one scope; zeros are skipped when adding. */
export async function updateDayCounters(
  db: Db,
  key: { scope: string; prefix: string; day: string },
  values: Record<string, number>,
  op: 'ADD' | 'SET',
): Promise<void> {
  const entries = Object.entries(values).filter(([, n]) => op === 'SET' || n);
  if (!entries.length) return;
  const parts = entries.map((_, i) => (op === 'ADD' ? `#c${i} :c${i}` : `#c${i} = :c${i}`));
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: `STATS#${key.scope}`, sk: `${key.prefix}${key.day}` },
      UpdateExpression:
        op === 'ADD'
          ? `SET entity = :e, #day = :day ADD ${parts.join(', ')}`
          : `SET entity = :e, #day = :day, ${parts.join(', ')}`,
      ExpressionAttributeNames: { ...Object.fromEntries(entries.map(([k], i) => [`#c${i}`, k])), '#day': 'day' },
      ExpressionAttributeValues: {
        ...Object.fromEntries(entries.map(([, n], i) => [`:c${i}`, n])),
        ':e': 'stats',
        ':day': key.day,
      },
    }),
  );
}

/** The counter items of a scope's days from..to (inclusive), keyed by day. */
export async function queryDayItems(
  db: Db,
  scope: string,
  prefix: string,
  from: string,
  to: string,
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  const pages = queryPages(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':pk': `STATS#${scope}`, ':a': `${prefix}${from}`, ':b': `${prefix}${to}` },
  });
  for await (const items of pages)
    for (const item of items) out.set(String(item.day ?? String(item.sk).slice(prefix.length)), item);
  return out;
}
