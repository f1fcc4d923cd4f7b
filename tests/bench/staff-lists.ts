import { entrySortKey } from '../../functions/data/staff/list-anchors.ts';
import { listEntrySk, listPartitionName, rebuildListIndex } from '../../functions/data/staff/lists.ts';
import { storeKey } from '../../functions/data/stores.ts';
import type { Deps } from '../../functions/platform/deps.ts';
import { batchWriter } from './batch-writer.ts';
import { staffLogin } from './staff-login.ts';
import { measure, type Stats } from './stats.ts';

// Staff lists at 100,000 rows: generates stores' list entries straight into the table (BatchWrite, as a bulk import
// would), recounts the list indexes, then times page fetches through the API as the admin: the first page, a middle
// page, descending, filtered (by retailer, by active) and random deep pages. Each page must answer in under 100 ms.
// Only the list entries are generated (what a list page reads); the store records themselves are not needed for it.
const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
const N = Number(process.env.BENCH_LIST_N ?? 50);
const RETAILERS = 100;
const LIMIT_MS = 100;

const WORDS = [
  'Acme',
  'Blue',
  'Cedar',
  'Delta',
  'Eagle',
  'Falcon',
  'Granite',
  'Harbor',
  'Iron',
  'Juniper',
  'Keystone',
  'Lakeside',
  'Maple',
  'North',
  'Oak',
  'Pine',
  'Quarry',
  'River',
  'Summit',
  'Valley',
];
const KINDS = ['Appliances', 'Furniture', 'Electronics', 'Comfort', 'Outlet', 'Home', 'Audio', 'Mattress'];

function storeRow(i: number) {
  // Deterministic, not in insertion order: names sort differently from ids.
  const a = WORDS[(i * 7919) % WORDS.length]!;
  const b = KINDS[(i * 104729) % KINDS.length]!;
  const retailer = `bench-ret-${i % RETAILERS}`;
  return {
    id: `bench-sto-${i}`,
    name: `${a} ${b} ${(i * 2654435761) % 1_000_003}`,
    slug: `bench-${i}`,
    label: `${a} ${b}`,
    short_name: '',
    active: i % 10 !== 0,
    visible: true,
    rating: 15,
    retailer_id: retailer,
    retailer_name: `Bench retailer ${i % RETAILERS}`,
    identifier: 'MERCHANDISE',
    state: 'OH',
    created_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  };
}

async function generate(deps: Deps, say: (line: string) => void) {
  const started = performance.now();
  const writer = batchWriter(deps);
  for (let i = 0; i < ROWS; i++) {
    const row = storeRow(i);
    const pk = storeKey(row.id).pk;
    const scopes = ['*', `retailer=${row.retailer_id}`, ...(row.active ? [] : ['active=false'])];
    for (const scope of scopes) {
      await writer.put({
        pk,
        sk: listEntrySk('name', scope),
        entity: 'listEntry',
        v: 1,
        gsi2pk: listPartitionName('store', 'name', scope),
        gsi2sk: entrySortKey(row.name, row.id),
        row,
      });
    }
    if (i > 0 && i % 20_000 === 0)
      say(`  staff lists: ${i} rows written (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await writer.done();
  const writeSeconds = (performance.now() - started) / 1000;
  const t = performance.now();
  await rebuildListIndex(deps.db, 'store', 'name', '*');
  const rebuildAllMs = performance.now() - t;
  await rebuildListIndex(deps.db, 'store', 'name', 'active=false');
  for (let r = 0; r < RETAILERS; r++) await rebuildListIndex(deps.db, 'store', 'name', `retailer=bench-ret-${r}`);
  say(
    `  staff lists: ${ROWS} rows in ${writeSeconds.toFixed(0)} s; recounting the ${ROWS}-row index took ${rebuildAllMs.toFixed(0)} ms`,
  );
}

export async function staffListsBench(options: {
  deps: Deps;
  base: string;
  adminPassword: string;
  say?: (line: string) => void;
}): Promise<Record<string, Stats>> {
  const say = options.say ?? ((line: string) => process.stdout.write(line + '\n'));
  await generate(options.deps, say);
  const { cookie, csrf } = await staffLogin(options.base, 'admin', options.adminPassword);
  const page = async (query: string) => {
    const res = await fetch(`${options.base}/staff/api/stores?${query}`, { headers: { cookie } });
    const body = (await res.json()) as { data: unknown[]; meta: { total: number; last_page: number } };
    if (res.status !== 200 || !body.data.length) throw new Error(`GET stores?${query}: ${res.status}`);
    return body.meta;
  };
  const meta = await page('sortBy=name');
  const middle = Math.ceil(meta.last_page / 2);
  const retailerMeta = await page('retailer=bench-ret-7');
  const inactiveMeta = await page('active=false');
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const results: Record<string, Stats> = {};
  results[`staff list: first page (${meta.total} rows)`] = await measure(N, () => page('sortBy=name'), 20);
  results[`staff list: middle page ${middle}`] = await measure(N, () => page(`sortBy=name&page=${middle}`), 20);
  results['staff list: last page'] = await measure(N, () => page(`sortBy=name&page=${meta.last_page}`), 20);
  results['staff list: sorted desc, first page'] = await measure(N, () => page('sortBy=name&sortDesc=true'), 20);
  results[`staff list: sorted desc, page ${middle + 17}`] = await measure(
    N,
    () => page(`sortBy=name&sortDesc=true&page=${middle + 17}`),
    20,
  );
  results['staff list: random pages'] = await measure(
    N,
    () => page(`sortBy=name&page=${1 + Math.floor(random() * meta.last_page)}`),
    20,
  );
  results[`staff list: filtered by retailer, page ${Math.ceil(retailerMeta.last_page / 2)}`] = await measure(
    N,
    () => page(`retailer=bench-ret-7&page=${Math.ceil(retailerMeta.last_page / 2)}`),
    20,
  );
  results[`staff list: filtered active=false, page ${Math.ceil(inactiveMeta.last_page / 2)}`] = await measure(
    N,
    () => page(`active=false&page=${Math.ceil(inactiveMeta.last_page / 2)}`),
    20,
  );
  // Writes keep the counts and anchors: a create (store record, search words, list entries, index updates).
  let k = 0;
  results['staff store create (index upkeep)'] = await measure(
    Math.min(N, 30),
    async () => {
      const res = await fetch(`${options.base}/staff/api/stores`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench created ${k}`,
          slug: `bench-created-${k++}-${Date.now()}`,
          retailer_id: 'ret-demo-electronics',
        }),
      });
      if (res.status !== 200) throw new Error(`create: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    },
    0,
  );
  results[`staff list: middle page ${middle} after creates`] = await measure(
    N,
    () => page(`sortBy=name&page=${middle}`),
    20,
  );
  const slow = Object.entries(results).filter(([name, s]) => name.startsWith('staff list') && s.p99 >= LIMIT_MS);
  say(
    slow.length
      ? `  staff lists: OVER ${LIMIT_MS} ms: ${slow.map(([n, s]) => `${n} p99 ${s.p99.toFixed(1)}`).join('; ')}`
      : `  staff lists: every page fetch under ${LIMIT_MS} ms (p99)`,
  );
  console.table(
    Object.entries(results).map(([scenario, s]) => ({
      scenario,
      n: s.n,
      'median ms': s.median.toFixed(2),
      'p99 ms': s.p99.toFixed(2),
      'ops/s': s.opsPerSecond.toFixed(0),
    })),
  );
  return results;
}
