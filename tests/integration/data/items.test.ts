import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../functions/data/client.ts';
import {
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
let stop: () => Promise<void>;
const now = new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  ({ db, stop } = await freshDb());
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
