import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../functions/data/client.ts';
import { getItem, type StoredItem } from '../../functions/data/items.ts';
import { DEFAULT_TABLE_NAME } from '../../functions/data/table.ts';
import { getAccount, listAttempts, listLedger } from '../../functions/data/servicing.ts';
import type { Behaviour } from '../../functions/local/demo-history.ts';
import { planHistory } from '../../functions/local/demo-history.ts';
import { startDynalite } from '../../functions/local/dynalite.ts';
import { startServer, type RunningServer } from '../support/server.ts';

// Issue 23 item 7: `npm start` on a new data directory seeds a year of history through the real API and services (a
// private server whose clock runs from a year ago). A small book (one lease per behaviour) on a server of its own;
// once it says the history is ready the server stops and the test reads its data directory.

const LEASES = 7;
const DAY_MS = 86_400_000;

describe('demo book with a year of history', () => {
  let server: RunningServer;
  let db: Db;
  let stopDb: (() => Promise<void>) | undefined;
  let leases: { leaseId: string; behaviour: Behaviour }[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { DEMO_LEASES: '1', DEMO_HISTORY_LEASES: String(LEASES) } });
    const deadline = Date.now() + 1_500_000;
    while (!server.output().includes('Demo history ready') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 2_000));
    expect(server.output()).toMatch(/Demo history ready: \d+ leases/);
    await server.stop();
    const dynalite = await startDynalite(server.dataDir);
    db = createDb({ tableName: DEFAULT_TABLE_NAME, endpoint: dynalite.endpoint });
    stopDb = async () => {
      db.doc.destroy();
      await dynalite.stop();
    };
    const marker = await getItem<StoredItem & { done: boolean; leases: typeof leases }>(
      db,
      { pk: 'SYSTEM#SEED', sk: 'DEMO_HISTORY' },
      new Date(),
    );
    expect(marker?.done).toBe(true);
    leases = marker!.leases;
  }, 1_600_000);

  afterAll(async () => {
    await stopDb?.();
    await server?.stop();
  });

  const accountsOf = async (behaviour: Behaviour) =>
    Promise.all(
      leases.filter((l) => l.behaviour === behaviour).map(async (l) => (await getAccount(db, l.leaseId, new Date()))!),
    );

  it('the plan is the same every time and has every behaviour', () => {
    expect(planHistory(LEASES)).toEqual(planHistory(LEASES));
    expect(new Set(planHistory(LEASES).leases.map((l) => l.behaviour)).size).toBe(LEASES);
    expect(new Set(leases.map((l) => l.behaviour)).size).toBe(LEASES);
  });

  it('leases were opened months ago, with ledgers dated in the past', async () => {
    for (const { leaseId } of leases) {
      const account = await getAccount(db, leaseId, new Date());
      expect(account, leaseId).toBeDefined();
      const ledger = await listLedger(db, leaseId, new Date());
      expect(ledger.length).toBeGreaterThan(0);
    }
    const opened = await Promise.all(leases.map(async (l) => (await getAccount(db, l.leaseId, new Date()))!.openedAt));
    const oldest = Math.min(...opened.map((at) => Date.parse(at)));
    expect(Date.now() - oldest).toBeGreaterThan(120 * DAY_MS);
  });

  it('leaves accounts in each state a lender book shows', async () => {
    const [chargedOff] = await accountsOf('chargedOff');
    expect(chargedOff!.statusName).toBe('chargedOff');
    const [purchased] = await accountsOf('purchasedEarly');
    expect(purchased!.statusName).toBe('purchasedEarly');
    const [returned] = await accountsOf('returnedGoods');
    expect(returned!.statusName).toBe('returned');
    const [delinquent] = await accountsOf('delinquentNow');
    expect(delinquent!.statusName).toBe('pastDue');
    const [late] = await accountsOf('paysLate');
    const lateLedger = await listLedger(db, late!.leaseId, new Date());
    expect(lateLedger.some((e) => e.kind === 'fee' && e.feeKind === 'late')).toBe(true);
    expect(lateLedger.filter((e) => e.kind === 'payment' && e.channel === 'phone').length).toBeGreaterThan(1);
    const [autopay] = await accountsOf('autopayCard');
    expect(['current', 'paidOut']).toContain(autopay!.statusName);
    const autopayLedger = await listLedger(db, autopay!.leaseId, new Date());
    expect(autopayLedger.filter((e) => e.kind === 'payment' && e.channel === 'card').length).toBeGreaterThan(0);
  });

  it('returned debits: the bank on file returns R01 and the retry settles', async () => {
    const [bank] = await accountsOf('autopayBankReturns');
    const attempts = await listAttempts(db, bank!.leaseId, new Date());
    expect(attempts.some((a) => a.code === 'R01')).toBe(true);
    expect(attempts.some((a) => a.status === 'settled')).toBe(true);
  });
});
