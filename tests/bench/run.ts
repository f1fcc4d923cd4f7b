import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { startDynalite } from '../../functions/local/dynalite.ts';
import { BENCH_ADMIN_PASSWORD, startDemoServer } from './demo-server.ts';
import { startDynaliteProcess } from './dynalite-process.ts';
import { startApiProcess } from './api-process.ts';
import type { GcPause } from './gc-log.ts';
import { measure, type Stats } from './stats.ts';
import { staffApplicationsBench } from './staff-applications.ts';
import { staffListsBench } from './staff-lists.ts';
import { decisionBench } from './decision.ts';
import { closeOfBusinessBench } from './close-of-business.ts';
import { collectionsQueueBench } from './collections-queue.ts';
import { HEAP_GROWTH_LIMIT_MB, printLoadReport, RSS_GROWTH_LIMIT_MB, sustainedLoad } from './load.ts';

// `npm run bench`: latencies of the API on the embedded database, reported as ratios against the raw dynalite
// put/get floor measured in the same run (absolute numbers vary by machine; ratios travel). The database runs in its
// own process (BENCH_DYNALITE=inprocess: in the bench's).
// BENCH_DATA_DIR=<dir> keeps the embedded database in <dir> (created if missing) instead of a fresh temporary one, so
// that a later run reuses it: the application list benchmark then skips its bulk load (handy when iterating on the
// read path; use a fresh directory after a change to what the list entries hold).
// Then the sustained load (tests/bench/load.ts) on a server process of its own: BENCH_LOAD=0 skips it,
// BENCH_LOAD_SECONDS (60) sets its length, BENCH_LOAD_PEAK_SECONDS (15) the peak measurement's.
// The close of business over 100,000 lease accounts (tests/bench/close-of-business.ts): BENCH_CLOSE=0 skips it,
// BENCH_CLOSE_LEASES and BENCH_CLOSE_DUE_EVERY size it.
// The collections queue and aging report over 100,000 past-due accounts (tests/bench/collections-queue.ts):
// BENCH_QUEUE=0 skips it, BENCH_QUEUE_ACCOUNTS sizes it.
const N = Number(process.env.BENCH_N ?? 400);

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR
    ? (mkdirSync(process.env.BENCH_DATA_DIR, { recursive: true }), process.env.BENCH_DATA_DIR)
    : mkdtempSync(join(tmpdir(), 'lto-bench-'));
  // The database runs in a process of its own, as DynamoDB is remote in AWS (tests/bench/dynalite-process.ts).
  const dynalite =
    process.env.BENCH_DYNALITE === 'inprocess'
      ? { ...(await startDynalite(dataDir)), gcPauses: (): GcPause[] => [] }
      : await startDynaliteProcess(dataDir);
  const { config, deps, server, base } = await startDemoServer({
    endpoint: dynalite.endpoint,
    dataDir,
    distDir: join(dataDir, 'no-dist'),
  });

  const results: Record<string, Stats> = {};
  const payload = { entity: 'bench', v: 1, data: 'x'.repeat(400) };
  results['floor: dynalite PutItem'] = await measure(N, (i) =>
    deps.db.doc.send(new PutCommand({ TableName: deps.db.tableName, Item: { pk: `BENCH#${i}`, sk: 'B', ...payload } })),
  );
  results['floor: dynalite GetItem'] = await measure(N, (i) =>
    deps.db.doc.send(new GetCommand({ TableName: deps.db.tableName, Key: { pk: `BENCH#${Math.max(0, i)}`, sk: 'B' } })),
  );
  results['GET /health'] = await measure(N, () => fetch(`${base}/health`).then((r) => r.arrayBuffer()));
  results['GET store'] = await measure(N, () =>
    fetch(`${base}/apply-v2/retailer/demo-electronics/store/main-street`).then((r) => r.arrayBuffer()),
  );
  results['GET store search'] = await measure(N, () =>
    fetch(`${base}/apply-v2/stores?q=demo`).then((r) => r.arrayBuffer()),
  );
  results['POST initiate (token write)'] = await measure(N, () =>
    fetch(`${base}/apply-v2/retailer/demo-electronics/store/main-street/initiate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': 'bench-client-1' },
      body: '{}',
    }).then((r) => r.arrayBuffer()),
  );

  const floorGet = results['floor: dynalite GetItem'].median;
  const floorPut = results['floor: dynalite PutItem'].median;
  const rows = Object.entries(results).map(([name, s]) => ({
    scenario: name,
    n: s.n,
    'median ms': s.median.toFixed(2),
    'p99 ms': s.p99.toFixed(2),
    'ops/s': s.opsPerSecond.toFixed(0),
    'median / floor get': (s.median / floorGet).toFixed(2),
    'median / floor put': (s.median / floorPut).toFixed(2),
  }));
  console.table(rows);
  let decision: Awaited<ReturnType<typeof decisionBench>> | undefined;
  if (process.env.BENCH_DECISION !== '0') {
    const api = await startApiProcess({ endpoint: dynalite.endpoint, dataDir, tableName: config.tableName });
    try {
      decision = await decisionBench({
        deps,
        base,
        apiBase: api.base,
        apiGcPauses: api.gcPauses,
        dbGcPauses: dynalite.gcPauses,
        floorGetMs: floorGet,
        floorPutMs: floorPut,
      });
    } finally {
      await api.stop();
    }
  }
  if (process.env.BENCH_STAFF_LISTS !== '0') await staffListsBench({ deps, base, adminPassword: BENCH_ADMIN_PASSWORD });
  if (process.env.BENCH_APP_LISTS !== '0')
    await staffApplicationsBench({
      deps,
      base,
      adminPassword: BENCH_ADMIN_PASSWORD,
      floorGetMs: floorGet,
      floorPutMs: floorPut,
    });
  if (process.env.BENCH_QUEUE !== '0') await collectionsQueueBench({ deps, base, adminPassword: BENCH_ADMIN_PASSWORD });
  if (process.env.BENCH_CLOSE !== '0') await closeOfBusinessBench({ deps, floorPutMs: floorPut });
  server.close();
  server.closeAllConnections();
  await dynalite.stop();

  if (process.env.BENCH_LOAD !== '0') {
    const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
    process.stdout.write(`sustained load: starting a server of its own for ${seconds} s of mixed journeys...\n`);
    const load = await sustainedLoad({
      seconds,
      peakSeconds: Number(process.env.BENCH_LOAD_PEAK_SECONDS ?? 15),
      concurrency: 8,
      say: (line) => process.stdout.write(line + '\n'),
    });
    printLoadReport(load);
    const ok =
      load.errors.length === 0 &&
      load.memory.heapGrowthMb < HEAP_GROWTH_LIMIT_MB &&
      load.memory.rssGrowthMb < RSS_GROWTH_LIMIT_MB;
    process.stdout.write(
      `  ${ok ? 'PASS' : 'FAIL'}: ${load.errors.length} errors (0 allowed), heap growth < ${HEAP_GROWTH_LIMIT_MB} MB, RSS growth < ${RSS_GROWTH_LIMIT_MB} MB\n`,
    );
    if (!ok) process.exitCode = 1;
  }

  if (decision) {
    process.stdout.write(
      `summary: decision p99 server-side ${decision.decisionP99Ms.toFixed(1)} ms = ${decision.decisionP99PutRatio.toFixed(1)}x a raw put (budget 8x; the raw two trips alone ${decision.decisionRawTripsP99PutRatio.toFixed(1)}x; ` +
        `median ${decision.decisionMedianMs.toFixed(1)}, CPU ${decision.decisionCpuMedianMs.toFixed(1)} ms, slowest 1% CPU ${decision.decisionSlowCpuMs.toFixed(1)} ms, ` +
        `${decision.opsPerDecision.toFixed(1)} DB operations); journey ${decision.opsPerJourney.toFixed(1)} DB operations, ` +
        `${decision.journeysPerSecondSequential.toFixed(1)} journeys/s sequential (${(100 * decision.floorShareSequential).toFixed(0)}% of its storage floor), ` +
        `${decision.journeysPerSecondConcurrent.toFixed(1)}/s at 8 concurrent (${(100 * decision.floorShareConcurrent).toFixed(0)}%)\n`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
