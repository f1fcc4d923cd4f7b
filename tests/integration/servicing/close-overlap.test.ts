import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPartition, type StoredItem } from '../../../functions/data/items.ts';
import { ensureTable, startDynalite } from '../../../functions/local/dynalite.ts';
import { loadConfig } from '../../../functions/platform/config.ts';
import { createDeps } from '../../../functions/platform/create-deps.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import { closeDaysPassed } from '../../../functions/services/servicing/collection.ts';
import { lenderToday, markClosedThrough, readClock } from '../../../functions/services/servicing/clock.ts';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import { seedAccounts } from '../../support/servicing-seed.ts';

// The local server closes the business day on a timer, and a sandbox clock advance closes the days it passed over at
// once: the two can start side by side. Each close must answer only once the days passed are closed, and none may
// trip over the other (a conflict leaves a day open and its late fees unposted until some later run): they take turns.

const dataDir = mkdtempSync(join(tmpdir(), 'lto-close-overlap-'));
let stop: () => Promise<void>;
let deps: Deps;

beforeAll(async () => {
  const db = await startDynalite(dataDir);
  stop = db.stop;
  const config = loadConfig({
    ...process.env,
    STAGE: 'local',
    DATA_DIR: dataDir,
    DYNAMODB_ENDPOINT: db.endpoint,
    LOG_LEVEL: 'silent',
    SANDBOX_LATENCY: 'off',
  });
  await ensureTable(db.endpoint, config.tableName);
  deps = createDeps(config);
});

afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two closes of business started together', () => {
  it('take turns: each answers with every passed day closed, no errors, each installment charged once', async () => {
    const today = await lenderToday(deps);
    const due = addDays(today, -3);
    await markClosedThrough(deps, addDays(due, -1));
    const ids = await seedAccounts(deps, { prefix: 'c105e0e7', count: 16, date: due });

    const yesterday = addDays(today, -1);
    const closedWhenAnswered: (string | null)[] = [];
    const close = () =>
      closeDaysPassed(deps).then(async (stats) => {
        closedWhenAnswered.push((await readClock(deps)).closedThrough);
        return stats;
      });
    const [a, b] = await Promise.all([close(), close()]);

    expect([...a, ...b].reduce((n, s) => n + s.errors, 0)).toBe(0);
    expect(closedWhenAnswered).toEqual([yesterday, yesterday]);
    // every due installment was charged by one of them, once: one attempt, one payment in the ledger
    for (const leaseId of ids) {
      const items = (await queryPartition<StoredItem>(deps.db, { pk: `LEASE#${leaseId}`, now: new Date(), limit: 100 }))
        .items;
      expect(items.filter((x) => x.sk.startsWith('ATTEMPT#002#')).length, leaseId).toBe(1);
      expect(items.filter((x) => x.sk.startsWith('LEDGER#') && x.kind === 'payment').length, leaseId).toBe(1);
    }
    expect([...a, ...b].reduce((n, s) => n + s.charged, 0)).toBe(ids.length);
  });
});
