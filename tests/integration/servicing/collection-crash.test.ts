import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../../functions/data/client.ts';
import { queryPartition, type StoredItem } from '../../../functions/data/items.ts';
import type { LeaseAccountItem } from '../../../functions/data/servicing.ts';
import { startDynalite } from '../../../functions/local/dynalite.ts';
import { DEFAULT_TABLE_NAME } from '../../../functions/data/table.ts';
import { seedLeaseId } from '../../support/servicing-seed.ts';

// Kill -9 during the close of business: a process charging due installments is SIGKILLed at chosen points (after
// its n-th database request: right after a charge, between the ledger entry and the account write, ...), then the
// close is run again, twice. Every installment is charged exactly once: one debit at the vendor per installment
// attempt key, one ledger payment entry, the account paid once, whatever the crash point.

const root = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'lto-collect-crash-'));
const DATE = '2031-03-14';
const COUNT = 12;

function run(phase: 'seed' | 'close', crashAfter?: number) {
  const out = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tests/integration/servicing/collection-worker.ts', phase, dataDir, DATE, String(COUNT)],
    { cwd: root, env: { ...process.env, CRASH_AFTER: crashAfter ? String(crashAfter) : '' }, encoding: 'utf8' },
  );
  return out;
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the close of business survives kill -9 without charging twice', () => {
  it(
    'crashes at several points, reruns, and every installment is charged exactly once',
    { timeout: 240_000 },
    async () => {
      expect(run('seed').status).toBe(0);
      // Each crash point lands somewhere else in the per-installment sequence (get, charge, attempt, entry, account).
      for (const crashAfter of [7, 13, 22, 31]) {
        const crashed = run('close', crashAfter);
        expect(crashed.signal, crashed.stderr).toBe('SIGKILL');
      }
      const first = run('close');
      expect(first.status, first.stderr).toBe(0);
      const again = run('close');
      expect(again.status, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout.trim().split('\n').at(-1)!)).toMatchObject({ due: COUNT, charged: 0, errors: 0 });

      const db = await startDynalite(dataDir);
      try {
        const client = createDb({ tableName: DEFAULT_TABLE_NAME, endpoint: db.endpoint, region: 'us-east-1' });
        const now = new Date();
        for (let i = 0; i < COUNT; i++) {
          const leaseId = seedLeaseId('c0ffee00', i);
          const items = (await queryPartition<StoredItem>(client, { pk: `LEASE#${leaseId}`, now, limit: 100 })).items;
          const account = items.find((x) => x.sk === 'ACCOUNT') as LeaseAccountItem;
          const payments = items.filter((x) => x.sk.startsWith('LEDGER#') && x.kind === 'payment');
          const attempts = items.filter((x) => x.sk.startsWith('ATTEMPT#'));
          expect(new Set(payments.map((p) => p.id)).size, leaseId).toBe(1);
          expect(attempts, leaseId).toHaveLength(1);
          expect(account.summary.paid[1]).toBe(5_210);
          expect(account.applied).toEqual([payments[0]!.id]);
          expect(account.attempts).toEqual({ 2: 1 });
          // The vendor saw one debit key for this installment attempt, answered once.
          const key = String(attempts[0]!.idempotencyKey);
          const vendor = await queryPartition<StoredItem>(client, { pk: `SANDBOX#ACH#${key}`, now });
          expect(vendor.items).toHaveLength(1);
        }
      } finally {
        await db.stop();
      }
    },
  );
});
