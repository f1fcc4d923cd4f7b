import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../functions/data/client.ts';
import { entrySortKey } from '../../../functions/data/staff/list-anchors.ts';
import {
  KEY_RANGE_END,
  listEntrySk,
  listPartitionName,
  readKeyRangePage,
  rebuildListIndex,
} from '../../../functions/data/staff/lists.ts';
import { freshDb } from '../../support/dynalite.ts';

// A date range of a staff list (issue 24, point 10: "a month of applications in one page"): its page and its exact
// total come from the partition's rank anchors, so a month or a year costs a few hundred keys read, not the range.

let db: Db;
let stop: () => Promise<void>;
const ROWS = 3_000;
const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const rows = Array.from({ length: ROWS }, (_, i) => ({
  id: `app-${String(i).padStart(5, '0')}`,
  // spread over a year, several a day, not in id order
  created_at: new Date(START + ((i * 7919) % ROWS) * Math.floor((365 * DAY_MS) / ROWS)).toISOString(),
}));
const sorted = [...rows].sort((a, b) => (entrySortKey(a.created_at, a.id) < entrySortKey(b.created_at, b.id) ? -1 : 1));

/** Items read by each request (the DynamoDB client's answers), to show what a page costs. */
let itemsRead = 0;

async function load(entity: string) {
  for (let i = 0; i < rows.length; i += 25) {
    await db.doc.send(
      new BatchWriteCommand({
        RequestItems: {
          [db.tableName]: rows.slice(i, i + 25).map((row) => ({
            PutRequest: {
              Item: {
                pk: `APP#${row.id}`,
                sk: listEntrySk('created_at', '*') + `#${entity}`,
                entity: 'listEntry',
                v: 1,
                gsi2pk: listPartitionName(entity, 'created_at', '*'),
                gsi2sk: entrySortKey(row.created_at, row.id),
                row,
              },
            },
          })),
        },
      }),
    );
  }
}

const day = (offset: number) => new Date(START + offset * DAY_MS).toISOString().slice(0, 10);
const bounds = (from?: string, to?: string) => ({
  lo: from ? entrySortKey(`${from}T00:00:00.000Z`, '').slice(0, -1) : '',
  hi: to ? `${entrySortKey(`${to}T23:59:59.999Z`, '').slice(0, -1)}${KEY_RANGE_END}` : KEY_RANGE_END,
});
const expected = (from?: string, to?: string) =>
  sorted.filter((r) => (!from || r.created_at.slice(0, 10) >= from) && (!to || r.created_at.slice(0, 10) <= to));

beforeAll(async () => {
  ({ db, stop } = await freshDb());
  db.doc.middlewareStack.add(
    (next) => async (args) => {
      const out = await next(args);
      const o = out.output as { Items?: unknown[]; Item?: unknown };
      itemsRead += o.Items?.length ?? (o.Item ? 1 : 0);
      return out;
    },
    { step: 'initialize', name: 'countItemsRead' },
  );
  await load('bench-range');
  await rebuildListIndex(db, 'bench-range', 'created_at', '*');
  await load('fresh-range');
}, 120_000);
afterAll(async () => stop());

describe('a date range of a staff list', () => {
  it('answers the exact total and the right rows for any range, page and direction', async () => {
    const ranges: [string | undefined, string | undefined][] = [
      [day(180), day(209)], // 30 days
      [day(0), day(364)], // the whole year
      [day(100), day(100)], // one day
      [day(200), undefined], // from a day on
      [undefined, day(40)], // up to a day
      [day(400), day(430)], // nothing in it
    ];
    for (const [from, to] of ranges) {
      const want = expected(from, to);
      const pages = Math.max(1, Math.ceil(want.length / 25));
      for (const descending of [true, false]) {
        const order = descending ? [...want].reverse() : want;
        for (const page of [1, Math.ceil(pages / 2), pages, pages + 1]) {
          const offset = (page - 1) * 25;
          const got = await readKeyRangePage(db, {
            entity: 'bench-range',
            field: 'created_at',
            scope: '*',
            ...bounds(from, to),
            offset,
            limit: 25,
            descending,
          });
          const label = `${from}..${to} page ${page} ${descending ? 'desc' : 'asc'}`;
          expect(got.total, label).toBe(want.length);
          expect(
            got.rows.map((r) => r.id),
            label,
          ).toEqual(order.slice(offset, offset + 25).map((r) => r.id));
        }
      }
    }
  });

  it('reads a few hundred keys for a page, whatever the size of the range (not every key of it)', async () => {
    for (const [from, to] of [
      [day(180), day(209)],
      [day(0), day(364)],
    ] as const) {
      itemsRead = 0;
      const got = await readKeyRangePage(db, {
        entity: 'bench-range',
        field: 'created_at',
        scope: '*',
        ...bounds(from, to),
        offset: 0,
        limit: 25,
        descending: true,
      });
      expect(got.total).toBe(expected(from, to).length);
      // two counts from the nearest anchors (at most 200 keys apart here) and one page from its own anchor
      expect(itemsRead).toBeLessThan(700);
    }
    expect(expected(day(0), day(364)).length).toBe(ROWS);
  });

  it('teaches a partition without anchors (built row by row) where its ranks are, so the next range is cheap', async () => {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          pk: 'LISTINDEX#fresh-range#created_at#*',
          sk: 'INDEX',
          entity: 'listIndex',
          v: 1,
          total: ROWS,
          anchors: [],
        },
      }),
    );
    const range = bounds(day(10), day(309));
    const read = () =>
      readKeyRangePage(db, {
        entity: 'fresh-range',
        field: 'created_at',
        scope: '*',
        ...range,
        offset: 25,
        limit: 25,
        descending: true,
      });
    itemsRead = 0;
    const first = await read();
    const firstCost = itemsRead;
    itemsRead = 0;
    const second = await read();
    const want = expected(day(10), day(309));
    expect(first.total).toBe(want.length);
    expect(second).toEqual(first);
    expect(second.rows.map((r) => r.id)).toEqual(
      [...want]
        .reverse()
        .slice(25, 50)
        .map((r) => r.id),
    );
    expect(itemsRead).toBeLessThan(700);
    expect(itemsRead).toBeLessThan(firstCost / 2);
  });
});
