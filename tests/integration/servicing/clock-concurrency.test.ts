import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../functions/data/client.ts';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import { ensureTable, startDynalite } from '../../../functions/local/dynalite.ts';
import {
  advanceOffset,
  lenderToday,
  markClosedThrough,
  readClock,
} from '../../../functions/services/servicing/clock.ts';

// The sandbox clock is one versioned record that every advance and every close writes. Requests that race on it (two
// test suites, two staff in the sandbox, a close finishing while someone advances) must all count: none may answer
// 409 "changed by someone else" and none may be lost.

const dataDir = mkdtempSync(join(tmpdir(), 'lto-clock-'));
let stop: () => Promise<void>;
let db: Db;
let endpoint: string;
const now = new Date('2031-05-10T15:00:00Z');
const deps = () => ({ db, clock: () => now });

beforeAll(async () => {
  const server = await startDynalite(dataDir);
  stop = server.stop;
  endpoint = server.endpoint;
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

  it("a read of the offset still under way when an advance lands does not hold the lender's date back", async () => {
    // Another request of the same process (the outbox relay's handlers, the close timer) reading the offset, its
    // answer slow to come back: it answers the offset from before the advance.
    const slow = createDb({ tableName: 'clock-race', endpoint, region: 'us-east-1' });
    let answered!: () => void;
    const hasAnswer = new Promise<void>((resolve) => (answered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    slow.doc.middlewareStack.add(
      (next) => async (args) => {
        const out = await next(args);
        answered();
        await released;
        return out;
      },
      { step: 'initialize', name: 'slowAnswer' },
    );
    const before = await lenderToday(deps());
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the offset's cache
    const reading = lenderToday({ db: slow, clock: () => now });
    await hasAnswer; // it has read the offset, and its answer is on its way back
    await advanceOffset(deps(), 3);
    release();
    expect(await reading).toBe(before);
    // The advance's own process asks next (the close that follows it): the date moved by three days.
    expect(await lenderToday(deps())).toBe(addDays(before, 3));
  });
});
