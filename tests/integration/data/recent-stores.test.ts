import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../functions/data/client.ts';
import { getRecentStoreById, putStore } from '../../../functions/data/stores.ts';
import { DEMO_STORES } from '../../../functions/local/demo-data.ts';
import { freshDb } from '../../support/dynalite.ts';

// The shopper's store is kept per process for seconds (functions/data/stores.ts), but a store written through this
// process is read afresh at once.

let db: Db;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ db, stop } = await freshDb());
});
afterAll(async () => stop());

describe('the store kept per process', () => {
  it('answers the kept store within seconds, and the new one at once after a store write here', async () => {
    const { view } = DEMO_STORES[0]!;
    await putStore(db, { view, active: true });
    const now = new Date();
    expect((await getRecentStoreById(db, view.id, now))?.view.name).toBe(view.name);
    // Written behind the module's back (another function instance): this process keeps its copy for now.
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          pk: `STORE#${view.id}`,
          sk: 'STORE',
          entity: 'store',
          v: 2,
          active: true,
          view: { ...view, name: 'Elsewhere' },
        },
      }),
    );
    expect((await getRecentStoreById(db, view.id, now))?.view.name).toBe(view.name);
    // Written through this process: the next read is fresh.
    await putStore(db, { view: { ...view, name: 'Renamed Here' }, active: true });
    expect((await getRecentStoreById(db, view.id, now))?.view.name).toBe('Renamed Here');
  });
});
