import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { collectionKeys } from '../../functions/data/collections.ts';
import {
  queueCountsOf,
  queueEntryOf,
  writeQueueCounts,
  type QueueEntry,
} from '../../functions/data/collections-counts.ts';
import { accountKey } from '../../functions/data/servicing.ts';
import type { Deps } from '../../functions/platform/deps.ts';
import { lenderToday } from '../../functions/services/servicing/clock.ts';
import { addDays } from '../../machines/domain/payment-frequency.ts';
import { seededAccountData } from '../support/servicing-seed.ts';
import { batchWriter } from './batch-writer.ts';
import { staffLogin } from './staff-login.ts';
import { measure, type Stats } from './stats.ts';

// The collections queue and the delinquency aging report over many past-due accounts (issue 23, "Measured"):
// BENCH_QUEUE_ACCOUNTS (100,000) past-due lease accounts written straight into the table (what the account's own
// conditional write leaves: the account item with its collections index keys, and the queue's counts its save adds),
// first missed 1 to 180 days ago across 100 stores, then pages of GET /staff/api/collections-queue (first, a bucket,
// deep pages) and GET /staff/api/reports/delinquency-aging as the admin, each beside a raw GetItem floor timed in the
// same loop. Budget: p95 under 100 ms a page. BENCH_QUEUE=0 skips it.

const ACCOUNTS = Number(process.env.BENCH_QUEUE_ACCOUNTS ?? 100_000);
const N = Number(process.env.BENCH_QUEUE_N ?? 30);
const STORES = 100;
export const QUEUE_PAGE_P95_MS = 100;

// Lease ids are random UUIDs: spread the first hex digit as theirs are (the queue's counts split a day by it).
const benchLeaseId = (i: number) =>
  `${(Math.imul(i + 1, 2654435761) >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${String(i).padStart(12, '0')}`;

function pastDueAccount(i: number, today: string) {
  const leaseId = benchLeaseId(i);
  // first missed 1 to 180 days ago: installment 2 fell due then and was never paid
  const since = addDays(today, -(1 + (i % 180)));
  const account = {
    ...seededAccountData(leaseId, since, { storeId: `bench-store-${i % STORES}` }),
    statusName: 'pastDue',
  };
  return { ...accountKey(leaseId), entity: 'leaseAccount', v: 1, ...account, ...collectionKeys(account) };
}

async function seed(deps: Deps, today: string, say: (line: string) => void) {
  const started = performance.now();
  const writer = batchWriter(deps);
  for (let i = 0; i < ACCOUNTS; i++) {
    await writer.put(pastDueAccount(i, today));
    if (i > 0 && i % 20_000 === 0)
      say(`  collections: ${i} accounts written (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await writer.done();
  // The queue's counts, as each account's save would have added them (functions/data/collections-counts.ts).
  const entries: QueueEntry[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const entry = queueEntryOf(pastDueAccount(i, today));
    if (entry) entries.push(entry);
  }
  await writeQueueCounts(deps.db, queueCountsOf(entries), 'ADD');
  say(`  collections: ${ACCOUNTS} past-due accounts in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

export async function collectionsQueueBench(options: { deps: Deps; base: string; adminPassword: string }) {
  const say = (line: string) => process.stdout.write(line + '\n');
  const today = await lenderToday(options.deps);
  say(`collections queue and aging: seeding ${ACCOUNTS} past-due accounts...`);
  await seed(options.deps, today, say);
  const { cookie } = await staffLogin(options.base, 'admin', options.adminPassword);
  const get = async (path: string) => {
    const res = await fetch(`${options.base}${path}`, { headers: { cookie } });
    const body = (await res.json()) as { data: unknown[]; meta: { total?: number; last_page?: number } };
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
    return body;
  };
  const floorKey = accountKey(benchLeaseId(0));
  const floor = () => options.deps.db.doc.send(new GetCommand({ TableName: options.deps.db.tableName, Key: floorKey }));
  const first = await get('/staff/api/collections-queue?per_page=25');
  const lastPage = first.meta.last_page ?? 1;
  const scenarios: [string, string][] = [
    [`queue: first page (${first.meta.total} accounts)`, '/staff/api/collections-queue?per_page=25'],
    ['queue: bucket 31-60, first page', '/staff/api/collections-queue?bucket=31-60&per_page=25'],
    ['queue: page 40', '/staff/api/collections-queue?per_page=25&page=40'],
    [`queue: last page (${lastPage})`, `/staff/api/collections-queue?per_page=25&page=${lastPage}`],
    ['report: delinquency aging', '/staff/api/reports/delinquency-aging'],
  ];
  const rows: Record<string, string | number>[] = [];
  const results: Record<string, Stats> = {};
  for (const [name, path] of scenarios) {
    const floorStats = await measure(N, () => floor(), 5);
    const n = name.startsWith('queue: last') || name.startsWith('report') ? Math.min(N, 5) : N;
    const stats = await measure(n, () => get(path), 1);
    results[name] = stats;
    rows.push({
      scenario: name,
      n: stats.n,
      'median ms': stats.median.toFixed(1),
      'p95 ms': stats.p95.toFixed(1),
      'floor get median ms': floorStats.median.toFixed(2),
      'p95 / floor get': (stats.p95 / floorStats.median).toFixed(0),
      budget: stats.p95 <= QUEUE_PAGE_P95_MS ? 'within 100 ms' : 'OVER 100 ms',
    });
  }
  console.table(rows);
  return results;
}
