import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../functions/data/client.ts';
import { ensureTable, startDynalite } from '../../../functions/local/dynalite.ts';
import { advanceOffset, markClosedThrough, readClock } from '../../../functions/services/servicing/clock.ts';

// The sandbox clock is one versioned record that every advance and every close writes. Requests that race on it (two
// test suites, two staff in the sandbox, a close finishing while someone advances) must all count: none may answer
// 409 "changed by someone else" and none may be lost.

const dataDir = mkdtempSync(join(tmpdir(), 'lto-clock-'));
let stop: () => Promise<void>;
let db: Db;
const now = new Date('2031-05-10T15:00:00Z');
const deps = () => ({ db, clock: () => now });

beforeAll(async () => {
  const server = await startDynalite(dataDir);
  stop = server.stop;
  await ensureTable(server.endpoint, 'clock-race');
  db = createDb({ tableName: 'clock-race', endpoint: server.endpoint, region: 'us-east-1' });
});

afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the sandbox clock under concurrent writes', () => {
  it('counts every one of six concurrent advances and keeps the latest close mark', async () => {
    const days = [1, 2, 3, 4, 5, 6];
    await Promise.all(days.map((n) => advanceOffset(deps(), n)));
    expect((await readClock(deps())).offsetDays).toBe(21);

    const marks = ['2031-05-20', '2031-05-25', '2031-05-22', '2031-05-30', '2031-05-21'];
    await Promise.all([...marks.map((date) => markClosedThrough(deps(), date)), advanceOffset(deps(), 1)]);
    const clock = await readClock(deps());
    expect(clock.closedThrough).toBe('2031-05-30');
    expect(clock.offsetDays).toBe(22);
    expect(clock.today).toBe('2031-06-01');
  });
});
