import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOperations, createDb, type Db } from '../../../functions/data/client.ts';
import {
  batchWriteItems,
  claimUnique,
  createItem,
  getItem,
  getItems,
  newEvent,
  queryPartition,
  saveVersioned,
  type StoredItem,
} from '../../../functions/data/items.ts';
import { inProcessBus } from '../../../functions/events/event-bus.ts';
import { relayOutbox } from '../../../functions/events/outbox-relay.ts';
import { AppError } from '../../../functions/platform/errors.ts';
import { withIdempotency } from '../../../functions/platform/idempotency.ts';
import { ok } from '../../../functions/platform/response.ts';
import { freshDb } from '../../support/dynalite.ts';

let db: Db;
let endpoint: string;
let stop: () => Promise<void>;
const now = new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  ({ db, endpoint, stop } = await freshDb());
});
afterAll(async () => stop());

describe('optimistic-lock writes', () => {
  it('bumps the version and refuses a stale write with 409, losing nothing', async () => {
    const created = await createItem(db, { pk: 'APP#1', sk: 'APP', entity: 'application', name: 'first' });
    expect(created.v).toBe(1);
    const tabA = (await getItem<StoredItem>(db, { pk: 'APP#1', sk: 'APP' }, now))!;
    const tabB = (await getItem<StoredItem>(db, { pk: 'APP#1', sk: 'APP' }, now))!;
    const saved = await saveVersioned(db, tabA, { ...tabA, name: 'from tab A' });
    expect(saved.v).toBe(2);
    const stale = saveVersioned(db, tabB, { ...tabB, name: 'from tab B' });
    await expect(stale).rejects.toMatchObject({ statusCode: 409 });
    const stored = await getItem<StoredItem>(db, { pk: 'APP#1', sk: 'APP' }, now);
    expect(stored).toMatchObject({ v: 2, name: 'from tab A' });
  });

  it('lets exactly one of many concurrent writers win', async () => {
    await createItem(db, { pk: 'APP#2', sk: 'APP', entity: 'application', counter: 0 });
    const base = (await getItem<StoredItem>(db, { pk: 'APP#2', sk: 'APP' }, now))!;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => saveVersioned(db, base, { ...base, counter: i + 1 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && (r.reason as AppError).statusCode === 409)).toHaveLength(7);
  });

  it('removes attributes the new state no longer has', async () => {
    await createItem(db, { pk: 'APP#3', sk: 'APP', entity: 'application', banking: { routing: 'x' }, keep: 1 });
    const base = (await getItem<StoredItem>(db, { pk: 'APP#3', sk: 'APP' }, now))!;
    const { banking: _dropped, ...rest } = base;
    await saveVersioned(db, base, rest);
    const stored = await getItem<StoredItem>(db, { pk: 'APP#3', sk: 'APP' }, now);
    expect(stored).not.toHaveProperty('banking');
    expect(stored).toMatchObject({ keep: 1, v: 2 });
  });

  it('treats an item past expiresAt as gone', async () => {
    await createItem(db, { pk: 'TMP#1', sk: 'TMP', entity: 'tmp', expiresAt: Math.floor(now.getTime() / 1000) - 1 });
    expect(await getItem(db, { pk: 'TMP#1', sk: 'TMP' }, now)).toBeUndefined();
  });

  it('reads several items in one request, in the order asked, a missing or expired one as undefined', async () => {
    await createItem(db, { pk: 'MANY#1', sk: 'M', entity: 'many', n: 1 });
    await createItem(db, { pk: 'MANY#2', sk: 'M', entity: 'many', n: 2 });
    await createItem(db, {
      pk: 'MANY#3',
      sk: 'M',
      entity: 'many',
      n: 3,
      expiresAt: Math.floor(now.getTime() / 1000) - 1,
    });
    const keys = ['MANY#2', 'MANY#none', 'MANY#1', 'MANY#3'].map((pk) => ({ pk, sk: 'M' }));
    expect((await getItems(db, keys, now)).map((item) => item?.n)).toEqual([2, undefined, 1, undefined]);
  });

  it('guards unique values', async () => {
    expect(await claimUnique(db, 'username', 'Maria', 'USER#1')).toBe(true);
    expect(await claimUnique(db, 'username', 'maria', 'USER#2')).toBe(false);
    expect(await claimUnique(db, 'username', 'maria', 'USER#1')).toBe(true);
  });
});

describe('batch writes', () => {
  const item = (i: number): StoredItem => ({ pk: `BATCH#${i}`, sk: 'B', entity: 'probe', v: 1, n: i });

  it('puts and deletes 60 items in three requests, each item as given', async () => {
    await batchWriteItems(
      db,
      Array.from({ length: 60 }, (_, i) => ({ put: item(i) })),
    );
    const ops = countOperations(db);
    const before = ops.snapshot();
    // Half of them deleted, the other half put again with a new value, in one call.
    await batchWriteItems(
      db,
      Array.from({ length: 60 }, (_, i) => (i % 2 ? { delete: item(i) } : { put: { ...item(i), n: 1000 + i } })),
    );
    expect(ops.since(before)).toEqual({ BatchWriteItem: 3 });
    const read = await getItems(
      db,
      Array.from({ length: 60 }, (_, i) => item(i)),
      now,
    );
    expect(read.map((r) => (r ? r.n : 'gone'))).toEqual(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? 'gone' : 1000 + i)),
    );
  });

  it('sends the writes DynamoDB leaves unprocessed again until none is left', async () => {
    // A client whose first two BatchWriteItem requests get through only in part: the request sends its first write,
    // and the rest come back as UnprocessedItems (as DynamoDB answers when a partition is throttled).
    const throttled = createDb({ tableName: db.tableName, endpoint });
    let partial = 2;
    throttled.doc.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { RequestItems: Record<string, unknown[]> };
        if (context.commandName !== 'BatchWriteItemCommand' || partial === 0) return next(args);
        partial--;
        const [table, writes] = Object.entries(input.RequestItems)[0]!;
        const out = await next({ ...args, input: { ...input, RequestItems: { [table]: writes.slice(0, 1) } } });
        (out.output as { UnprocessedItems?: unknown }).UnprocessedItems = { [table]: writes.slice(1) };
        return out;
      },
      { step: 'initialize', name: 'partialBatches' },
    );
    const ops = countOperations(throttled);
    await batchWriteItems(
      throttled,
      Array.from({ length: 5 }, (_, i) => ({ put: item(100 + i) })),
    );
    expect(ops.byOperation).toEqual({ BatchWriteItem: 3 });
    const read = await getItems(
      db,
      Array.from({ length: 5 }, (_, i) => item(100 + i)),
      now,
    );
    expect(read.map((r) => r?.n)).toEqual([100, 101, 102, 103, 104]);
    throttled.doc.destroy();
  });
});

describe('the outbox and its relay', () => {
  it('publishes events written with the aggregate exactly once per pass and empties the outbox index', async () => {
    const bus = inProcessBus();
    const seen: string[] = [];
    bus.subscribe(async (e) => void seen.push(`${e.type}:${e.aggregate.id}`));
    const agg = { type: 'application', id: 'A-1' };
    const created = await createItem(db, { pk: 'APP#O1', sk: 'APP', entity: 'application' }, [
      newEvent('application.created', agg, {}, now),
    ]);
    await saveVersioned(db, created, { ...created, status: 'submitted' }, [
      newEvent('application.submitted', agg, {}, now),
    ]);
    // The index holds the keys only (the relay reads the aggregate by its key): nothing of the item is copied there.
    const pending = await queryPartition(db, { index: 'outbox', pk: 'OUTBOX', now });
    expect(pending.items.map((i) => Object.keys(i).sort())).toEqual([['outboxPk', 'outboxSk', 'pk', 'sk']]);
    expect(await relayOutbox(db, bus, now)).toBe(2);
    expect(seen).toEqual(['application.created:A-1', 'application.submitted:A-1']);
    expect(await relayOutbox(db, bus, now)).toBe(0);
    const index = await queryPartition(db, { index: 'outbox', pk: 'OUTBOX', now });
    expect(index.items).toEqual([]);
    const item = await getItem<StoredItem>(db, { pk: 'APP#O1', sk: 'APP' }, now);
    expect(item).toMatchObject({ status: 'submitted', v: 2 });
    expect(item).not.toHaveProperty('outbox');
  });

  it('loses nothing when events are appended while the relay publishes', async () => {
    const bus = inProcessBus();
    const seen: string[] = [];
    const agg = { type: 'checkout', id: 'C-race' };
    const first = [newEvent('a', agg, {}, now), newEvent('b', agg, {}, now), newEvent('c', agg, {}, now)];
    let item = await createItem(db, { pk: 'CHK#RACE', sk: 'CHK', entity: 'checkout', n: 0 }, first);
    let appended = false;
    bus.subscribe(async (e) => {
      seen.push(e.type);
      if (!appended) {
        appended = true;
        item = await saveVersioned(db, item, { ...item, n: 1 }, [
          newEvent('d', agg, {}, now),
          newEvent('e', agg, {}, now),
        ]);
      }
    });
    await relayOutbox(db, bus, now);
    await relayOutbox(db, bus, now);
    expect(seen.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await getItem<StoredItem>(db, { pk: 'CHK#RACE', sk: 'CHK' }, now)).not.toHaveProperty('outbox.0');
  });

  it('keeps events when a subscriber fails, and delivers them on the next pass', async () => {
    const bus = inProcessBus();
    let fail = true;
    const seen: string[] = [];
    bus.subscribe(async (e) => {
      if (fail) throw new Error('webhook endpoint down');
      seen.push(e.id);
    });
    const event = newEvent('checkout.started', { type: 'checkout', id: 'C-1' }, {}, now);
    await createItem(db, { pk: 'CHK#O2', sk: 'CHK', entity: 'checkout' }, [event]);
    const errors: unknown[] = [];
    await relayOutbox(db, bus, now, (e) => errors.push(e));
    expect(errors).toHaveLength(1);
    fail = false;
    await relayOutbox(db, bus, now);
    expect(seen).toEqual([event.id]);
  });
});

describe('Idempotency-Key', () => {
  it('replays the answer for the same key and body, refuses another body, runs without a key', async () => {
    let runs = 0;
    const run = async () => ok({ run: ++runs });
    const opts = { scope: 'retailer:R1', key: 'key-12345678', body: '{"a":1}', now };
    const first = await withIdempotency(db, opts, run);
    const again = await withIdempotency(db, opts, run);
    expect(JSON.parse(first.body!).data.run).toBe(1);
    expect(JSON.parse(again.body!).data.run).toBe(1);
    expect(again.headers?.['idempotent-replayed']).toBe('true');
    await expect(withIdempotency(db, { ...opts, body: '{"a":2}' }, run)).rejects.toMatchObject({ statusCode: 422 });
    await withIdempotency(db, { ...opts, key: undefined }, run);
    expect(runs).toBe(2);
    await expect(withIdempotency(db, { ...opts, key: 'bad key!' }, run)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('saves nothing for a failed request, so it can be retried with the same key', async () => {
    const opts = { scope: 'retailer:R1', key: 'key-failing-1', body: '{}', now };
    await expect(
      withIdempotency(db, opts, async () => {
        throw new AppError(422, 'bad cart');
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
    const retried = await withIdempotency(db, opts, async () => ok('fine'));
    expect(JSON.parse(retried.body!).data).toBe('fine');
  });
});
