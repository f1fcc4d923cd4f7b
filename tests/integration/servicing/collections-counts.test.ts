import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateCounts, queueCountsBuilt, rebuildQueueCounts } from '../../../functions/data/collections-counts.ts';
import { createAccount, getAccount, saveAccount, type LeaseAccountItem } from '../../../functions/data/servicing.ts';
import { loadConfig } from '../../../functions/platform/config.ts';
import { createDeps } from '../../../functions/platform/create-deps.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import { createLogger } from '../../../functions/platform/logger.ts';
import { lenderToday } from '../../../functions/services/servicing/clock.ts';
import { listCollectionsQueue } from '../../../functions/services/servicing/collections-queue.ts';
import type { StaffActor } from '../../../functions/platform/staff-types.ts';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import { EMPTY_WORK, type PromiseToPay } from '../../../machines/domain/servicing/collections-work.ts';
import { freshDb } from '../../support/dynalite.ts';
import { seededAccountData } from '../../support/servicing-seed.ts';

// Issue 23 ("Measured"): the collections queue's totals, deep pages and the aging report come from counts kept beside
// the accounts (functions/data/collections-counts.ts), not from reading every account. These checks hold the counts
// to what the index itself says: every page of a small page size, laid end to end, is the queue read in one page;
// a cure, a promise and an assignment move the counts; two racing saves of one account count once; a rebuild from
// the index finds the counts the saves kept.

let deps: Deps;
let stop: () => Promise<void>;
let today: string;
const STORE = `sto-counts-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  const fresh = await freshDb();
  stop = fresh.stop;
  deps = createDeps(loadConfig({ STAGE: 'local', DATA_DIR: mkdtempSync(join(tmpdir(), 'lto-counts-')) }), {
    db: fresh.db,
    log: createLogger('error', () => undefined),
  });
  today = await lenderToday(deps);
});
afterAll(async () => stop?.());

const storeUser: StaffActor = {
  userId: 'usr-collector',
  username: 'collector',
  displayName: 'Collector',
  email: 'collector@example.com',
  guard: 'store',
  superAdmin: false,
  roleIds: [],
  roleNames: [],
  permissions: new Set(['collections.view']),
  storeIds: [STORE],
  retailerIds: [],
};
const PROMISE: PromiseToPay = {
  date: '',
  amountCents: 5_210,
  paidBaselineCents: 0,
  madeAt: new Date(0).toISOString(),
  by: { id: 'usr-collector', name: 'Collector' },
};
/** Accounts and past-due cents of a scope's counts, every first missed date up to today. */
async function queueTotals(scope: string) {
  let accounts = 0;
  let dueCents = 0;
  for (const [, item] of await dateCounts(deps.db, scope, '0000-01-01', today)) {
    accounts += Number(item.n ?? 0);
    dueCents += Number(item.due ?? 0);
  }
  return { accounts, dueCents };
}
const ctx = (actor: StaffActor = storeUser) => ({ deps, actor, ip: '127.0.0.1', lang: 'en' as const });
const queue = (query: Record<string, string>) => listCollectionsQueue(ctx(), query);

/** A past-due account of the store, its installment 2 missed `daysLate` days ago, saved as servicing saves it. */
async function pastDue(daysLate: number, change: (a: LeaseAccountItem) => LeaseAccountItem = (a) => a) {
  const data = seededAccountData(randomUUID(), addDays(today, -daysLate), { storeId: STORE });
  await createAccount(deps.db, data);
  const opened = (await getAccount(deps.db, data.leaseId, deps.clock()))!;
  const pastDueCents = 5_210 * (1 + Math.floor(daysLate / 30));
  await saveAccount(
    deps.db,
    opened,
    change({ ...opened, statusName: 'pastDue', summary: { ...opened.summary, pastDueCents } }),
  );
  return (await getAccount(deps.db, data.leaseId, deps.clock()))!;
}

async function everyPage(query: Record<string, string>, perPage: number) {
  const first = await queue({ ...query, per_page: String(perPage) });
  const ids = first.data.map((r) => r.lease_id);
  for (let page = 2; page <= first.meta.last_page; page++)
    ids.push(...(await queue({ ...query, per_page: String(perPage), page: String(page) })).data.map((r) => r.lease_id));
  return { total: first.meta.total, ids };
}

describe('the collections queue counts', () => {
  it('pages laid end to end are the whole queue, and the totals follow cures, promises and assignments', async () => {
    const accounts: LeaseAccountItem[] = [];
    // 60 accounts over a handful of first missed dates, several sharing a date (the page splits a date by its ids)
    for (let i = 0; i < 60; i++) accounts.push(await pastDue([3, 3, 3, 12, 40, 75, 120][i % 7]!));

    const whole = await queue({ view: 'all', per_page: '100' });
    expect(whole.meta.total).toBe(60);
    expect(whole.data).toHaveLength(60);
    const order = whole.data.map((r) => r.lease_id);
    for (const perPage of [1, 7, 25]) {
      const laid = await everyPage({ view: 'all' }, perPage);
      expect(laid.total).toBe(60);
      expect(laid.ids).toEqual(order);
    }
    // past the end: no rows, the same total
    const beyond = await queue({ view: 'all', per_page: '25', page: '9' });
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(60);

    // a bucket's total is the accounts of its dates
    expect((await queue({ view: 'all', bucket: '1-30' })).meta.total).toBe(36); // 3, 12 days late: i % 7 of 0 to 3

    // a cure takes one out; a promise moves one to the promised view; an assignment to the collector's own view
    const [cured, promised, assigned] = [accounts[0]!, accounts[1]!, accounts[2]!];
    await saveAccount(deps.db, cured, {
      ...cured,
      statusName: 'current',
      summary: { ...cured.summary, pastDueCents: 0 },
    });
    const promiseDate = addDays(today, 5);
    await saveAccount(deps.db, promised, {
      ...promised,
      collection: { ...EMPTY_WORK, promise: { ...PROMISE, date: promiseDate } },
    });
    await saveAccount(deps.db, assigned, {
      ...assigned,
      collection: { ...EMPTY_WORK, assignee: { id: storeUser.userId, name: 'Collector' } },
    });
    const open = await everyPage({ view: 'open' }, 9);
    expect(open.total).toBe(58);
    expect(open.ids).toHaveLength(58);
    expect(open.ids).not.toContain(cured.leaseId);
    expect(open.ids).not.toContain(promised.leaseId);
    expect((await queue({ view: 'promised' })).meta.total).toBe(1);
    expect((await queue({ view: 'promised' })).data[0]?.lease_id).toBe(promised.leaseId);
    const mine = await queue({ view: 'all', assigned: 'me' });
    expect(mine.meta.total).toBe(1);
    expect(mine.data[0]?.lease_id).toBe(assigned.leaseId);
  });

  it('two saves of one account racing on its version change the counts once', async () => {
    const before = await queueTotals(`store=${STORE}`);
    const account = await pastDue(20);
    const racing = await Promise.allSettled([
      saveAccount(deps.db, account, { ...account, statusName: 'current' }),
      saveAccount(deps.db, account, { ...account, statusName: 'current' }),
    ]);
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const after = await queueTotals(`store=${STORE}`);
    expect(after.accounts).toBe(before.accounts);
    expect(after.dueCents).toBe(before.dueCents);
  });

  it('a rebuild from the index finds the counts the saves kept', async () => {
    const scope = `store=${STORE}`;
    const kept = await dateCounts(deps.db, scope, '0000-01-01', today);
    const keptAging = await queueTotals('*');
    // (the queue's first read built them from the index, a table's first time)
    expect(await queueCountsBuilt(deps.db)).toBe(true);
    await rebuildQueueCounts(deps.db);
    expect(await queueCountsBuilt(deps.db)).toBe(true);
    const rebuilt = await dateCounts(deps.db, scope, '0000-01-01', today);
    const numbers = (items: typeof kept) =>
      items.map(([day, item]) => [
        day,
        Object.fromEntries(Object.entries(item).filter(([k, v]) => /^(n|due|p_|c_|cp_)/.test(k) && v !== 0)),
      ]);
    expect(numbers(rebuilt)).toEqual(numbers(kept));
    expect(await queueTotals('*')).toEqual(keptAging);
  });
});
