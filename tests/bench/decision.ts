import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { countOperations, createDb, type Db, type OperationCounter } from '../../functions/data/client.ts';
import { dispatch } from '../../functions/http/dispatch.ts';
import { routeKey } from '../../functions/http/route.ts';
import { routes } from '../../functions/http/routes.ts';
import { groupHandlers } from '../../functions/local/handlers.ts';
import type { Deps } from '../../functions/platform/deps.ts';
import type { HttpEvent } from '../../functions/platform/http-types.ts';
import { listSandboxMessages } from '../../functions/providers/messaging/sandbox.ts';
import { describeOps, storageFloor, type FloorResult } from './floor.ts';
import type { GcPause } from './gc-log.ts';
import { measure, runConcurrently, summarise, type Stats } from './stats.ts';

// Submit-to-decision latency and the apply-to-decision journey, on the embedded database, beside the storage floor
// measured in the same run (issues 4 and 14).
//  - decision (server-side): POST /apply-v2/application/confirm for verified applications prepared beforehand, run
//    in-process through `dispatch` (token auth, load, validation, bureau, previous-customer facts kept from the PIN,
//    settings, the engine, the versioned write with its outbox event, the consent record): the budget is
//    p99 <= 25 ms. Its process CPU time per call is shown too (client, server and dynalite share this process): on a
//    busy machine the wall time includes waiting for a core, the CPU time does not.
//  - decision (HTTP): the same call through the local server, client-observed, with the handler's Server-Timing.
//  - journey: initiate, Fill, save, send PIN, read the PIN from the sandbox mailbox, confirm PIN, confirm (submit).
//    Its database operations are counted on the client (functions/data/client.ts `countOperations`) per request;
//    the bench reads the mailbox on a client of its own, so that only the shopper's requests are counted. The
//    journey's efficiency is journeys/s x operations per journey / the storage floor's operations per second (the
//    same operation mix sent raw at the same concurrency, tests/bench/floor.ts): the budget is >= 50% at 8 concurrent.
//  - decision (API process): the budget's figure, in BENCH_DECISION_ROUNDS (5) rounds of BENCH_DECISION_N each, every
//    round beside a raw put floor of BENCH_DECISION_FLOOR_N (200) puts measured just before it: the median over rounds
//    of the round's p99 must be <= 25 ms and <= 8x the round's put median (issue 24 point 5), with each request's CPU
//    time in the API process, so that a slow request that only waited is told from one that worked, and the garbage
//    collectors' pauses inside it, the API process's and the database process's (each logs its own,
//    tests/bench/gc-log.ts). Beside each round, the decision's two round trips
//    sent raw with nothing between them (a BatchGet of two items, a Put of the application's size): their p99 is the
//    database's own tail for a request of two trips, the part of the decision's p99 no code can remove.
//   BENCH_DECISION_N (300 decisions of each kind, after BENCH_DECISION_WARMUP (50) reported on their own row),
//   BENCH_JOURNEYS (100 per concurrency), BENCH_JOURNEY_CONCURRENCY (8),
//   BENCH_JOURNEY_ROUNDS (4).
const N = Number(process.env.BENCH_DECISION_N ?? 300);
const WARMUP = Number(process.env.BENCH_DECISION_WARMUP ?? 50);
const JOURNEYS = Number(process.env.BENCH_JOURNEYS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_JOURNEY_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_JOURNEY_ROUNDS ?? 4);
const DECISION_ROUNDS = Number(process.env.BENCH_DECISION_ROUNDS ?? 5);
const FLOOR_N = Number(process.env.BENCH_DECISION_FLOOR_N ?? 200);
export const DECISION_P99_LIMIT_MS = 25;
/** Issue 24 point 5: the decision's server-side p99 at most 8 times a raw put of the same round. */
export const DECISION_P99_PUT_RATIO_LIMIT = 8;
export const JOURNEY_FLOOR_SHARE_TARGET = 0.5;
const PROFILES = ['option-a', 'a-max', 'option-b', 'option-c', 'a-and-b', 'denied-no-score', 'denied-with-score'];

/** One round of decisions on the API process, with the raw put floor measured just before it. */
interface ApiRound {
  app: Stats;
  floorPutMs: number;
  ratio: number;
  /**
   * The decision's two round trips sent raw, the least any decision needs: read the session and the application (a
   * BatchGet), write the result (a Put of the application's size). p99.
   */
  rawDecisionP99Ms: number;
  /** One raw put's own p99 (the floor's tail). */
  floorPutP99Ms: number;
  /** Each request's time as the API process timed it (Server-Timing app) and its CPU time (X-Bench-Cpu-Ms). */
  samples: ApiSample[];
}

/**
 * One decision on the API process: its time, its CPU time, when it began (epoch ms), and the pauses of the API
 * process's garbage collectors (`gcMs`) and of the database process's (`dbGcMs`) inside it.
 */
interface ApiSample {
  appMs: number;
  cpuMs: number;
  startMs: number;
  gcMs: number;
  dbGcMs: number;
}

/** The pause time of `pauses` (a process's garbage collections, logged by it) inside each request's window. */
function pausedWithin(samples: ApiSample[], pauses: GcPause[], into: 'gcMs' | 'dbGcMs') {
  const sorted = [...pauses].sort((a, b) => a.startMs - b.startMs);
  for (const s of samples) {
    const end = s.startMs + s.appMs;
    s[into] = 0;
    for (const p of sorted) {
      if (p.startMs >= end) break;
      const overlap = Math.min(end, p.startMs + p.ms) - Math.max(s.startMs, p.startMs);
      if (overlap > 0) s[into] += overlap;
    }
  }
}

interface JourneyRound {
  journeysPerSecond: number;
  cpuMsPerJourney: number;
  floor: FloorResult;
  share: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Prepared {
  headers: Record<string, string>;
  uuid: string;
}

interface BenchContext {
  deps: Deps;
  base: string;
  counter: OperationCounter;
  /** A client of the bench's own (not counted): reading the PIN from the sandbox mailbox is not the shopper's request. */
  mailbox: Db;
}

/** Operations of each request kind of the journey, summed over the journeys recorded. */
type StepOps = Map<string, { requests: number; ops: Record<string, number> }>;

async function call(
  ctx: BenchContext,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  step?: { name: string; into?: StepOps },
) {
  const before = step?.into ? ctx.counter.snapshot() : undefined;
  const res = await fetch(ctx.base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: any };
  if (before && step?.into) {
    const entry = step.into.get(step.name) ?? { requests: 0, ops: {} };
    entry.requests++;
    for (const [kind, n] of Object.entries(ctx.counter.since(before))) entry.ops[kind] = (entry.ops[kind] ?? 0) + n;
    step.into.set(step.name, entry);
  }
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { json, res };
}

/** One shopper up to a verified application (not yet submitted). `steps` records each request's operations. */
async function verifiedApplication(ctx: BenchContext, i: number, steps?: StepOps): Promise<Prepared> {
  const clientId = `bench-decision-${i}-${randomUUID().slice(0, 8)}`;
  const store = i % 5 === 4 ? 'express' : 'main-street';
  const init = await call(
    ctx,
    'POST',
    `/apply-v2/retailer/demo-electronics/store/${store}/initiate`,
    { 'x-client-id': clientId },
    {},
    { name: 'initiate', into: steps },
  );
  const headers = { 'x-apply-token': init.json.data.token as string, 'x-client-id': clientId };
  const profile = PROFILES[i % PROFILES.length]!;
  const fill = await call(ctx, 'GET', `/apply-v2/application/fill?type=${profile}`, headers, undefined, {
    name: 'fill (sandbox form data)',
    into: steps,
  });
  const saved = await call(ctx, 'POST', '/apply-v2/application', headers, fill.json.data, {
    name: 'save application',
    into: steps,
  });
  const uuid = saved.json.data.uuid as string;
  await call(
    ctx,
    'POST',
    '/apply-v2/application/verify/send',
    headers,
    { uuid, mode: 'email' },
    { name: 'send PIN', into: steps },
  );
  const email = fill.json.data.applicant.email as string;
  const message = (await listSandboxMessages(ctx.mailbox, ctx.deps.clock(), 50)).find(
    (m) => m.to === email && m.purpose === 'pin',
  );
  const code = /\b(\d{5})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no PIN found for ${email}`);
  await call(
    ctx,
    'POST',
    '/apply-v2/application/verify/confirm',
    headers,
    { uuid, store_id: init.json.data.store.id, code },
    { name: 'confirm PIN', into: steps },
  );
  return { headers, uuid };
}

const confirmRoute = routes.find((r) => r.name === 'confirm' && r.group === 'decision')!;

function confirmEvent(p: Prepared): HttpEvent {
  return {
    version: '2.0',
    routeKey: routeKey(confirmRoute),
    rawPath: confirmRoute.path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...p.headers },
    body: JSON.stringify({ uuid: p.uuid, submitted: true, terms_accepted: true }),
    isBase64Encoded: false,
    requestContext: {
      requestId: randomUUID(),
      timeEpoch: Date.now(),
      http: {
        method: 'POST',
        path: confirmRoute.path,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'bench',
      },
    },
  };
}

/**
 * Times `op` over the items, keeping the wall time and the process CPU time of each call; the first `warmup` calls
 * (op(-1), op(-2), ...) are timed apart: the process's first decisions run while V8 still compiles the decision
 * path (their CPU time is half as much again), and the budget is about a warm function.
 */
async function timed(
  n: number,
  op: (i: number) => Promise<unknown>,
  warmup: number,
): Promise<{ wall: Stats; cpu: Stats; warmup: Stats }> {
  const sample = async (from: number, count: number, index: (k: number) => number) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    const started = performance.now();
    for (let k = from; k < from + count; k++) {
      const t = performance.now();
      const c = process.cpuUsage();
      await op(index(k));
      const used = process.cpuUsage(c);
      wall.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
    }
    const wallMs = performance.now() - started;
    return { wall: summarise(wall, wallMs), cpu: summarise(cpu, wallMs) };
  };
  const first = await sample(0, warmup, (k) => -1 - k);
  const steady = await sample(0, n, (k) => k);
  return { ...steady, warmup: first.wall };
}

export interface DecisionBenchResult {
  /** The median over rounds of each round's p99 (API process, Server-Timing app). */
  decisionP99Ms: number;
  /** The median over rounds of each round's p99 / the raw put median measured just before it. */
  decisionP99PutRatio: number;
  /** The decision's two round trips sent raw (no code): the median over rounds of their p99 / the round's put median. */
  decisionRawTripsP99PutRatio: number;
  /** The API process's CPU time (median) of the slowest 1% of decisions. */
  decisionSlowCpuMs: number;
  decisionMedianMs: number;
  decisionCpuMedianMs: number;
  decisionCpuP99Ms: number;
  opsPerDecision: number;
  opsPerJourney: number;
  journeysPerSecondSequential: number;
  journeysPerSecondConcurrent: number;
  floorShareSequential: number;
  floorShareConcurrent: number;
  /** Peak journeys/s seen (the 8-concurrent run): the sustained-load bench runs at half of it. */
  peakJourneysPerSecond: number;
}

const API_ROW = 'decision: server-side, API process (Server-Timing app)';

export async function decisionBench(options: {
  deps: Deps;
  base: string;
  apiBase: string;
  /** The API process's GC pauses so far (tests/bench/api-process.ts). */
  apiGcPauses: () => GcPause[];
  /** The database process's GC pauses so far (tests/bench/dynalite-process.ts; none when it runs in this process). */
  dbGcPauses: () => GcPause[];
  floorGetMs: number;
  floorPutMs: number;
}): Promise<DecisionBenchResult> {
  const { deps, base, floorGetMs, floorPutMs } = options;
  const counter = countOperations(deps.db);
  const mailbox = createDb({
    tableName: deps.db.tableName,
    endpoint: deps.config.dynamoEndpoint,
    region: deps.config.region,
  });
  const ctx: BenchContext = { deps, base, counter, mailbox };
  const results: Record<string, Stats> = {};
  const cpuMedian: Record<string, number> = {};

  process.stdout.write(`decision bench: preparing ${2 * (N + WARMUP)} verified applications...\n`);
  const inProcess: Prepared[] = [];
  const overHttp: Prepared[] = [];
  const warmupApps: Prepared[] = [];
  for (let i = 0; i < N; i++) inProcess.push(await verifiedApplication(ctx, i));
  for (let i = 0; i < N; i++) overHttp.push(await verifiedApplication(ctx, N + i));
  for (let i = 0; i < 2 * WARMUP; i++) warmupApps.push(await verifiedApplication(ctx, 2 * N + i));

  const decisionOps: Record<string, number> = {};
  const inProc = await timed(
    N,
    async (i) => {
      const p = i >= 0 ? inProcess[i]! : warmupApps[-1 - i]!;
      const before = counter.snapshot();
      const out = await dispatch(confirmEvent(p), deps, groupHandlers.decision);
      if (out.statusCode !== 200) throw new Error(`confirm ${out.statusCode} ${out.body}`);
      if (i >= 0)
        for (const [kind, n] of Object.entries(counter.since(before))) decisionOps[kind] = (decisionOps[kind] ?? 0) + n;
    },
    WARMUP,
  );
  results[`decision: the process's first ${WARMUP} (warm-up, in-process)`] = inProc.warmup;
  results['decision: confirm in-process (server-side)'] = inProc.wall;
  cpuMedian['decision: confirm in-process (server-side)'] = inProc.cpu.median;

  const handlerMs: number[] = [];
  const overHttpTimes = await timed(
    N,
    async (i) => {
      const p = i >= 0 ? overHttp[i]! : warmupApps[WARMUP - 1 - i]!;
      const { res } = await call(ctx, 'POST', '/apply-v2/application/confirm', p.headers, {
        uuid: p.uuid,
        submitted: true,
        terms_accepted: true,
      });
      const dur = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
      if (i >= 0 && dur) handlerMs.push(Number(dur));
    },
    WARMUP,
  );
  results['decision: confirm over HTTP (client)'] = overHttpTimes.wall;
  cpuMedian['decision: confirm over HTTP (client)'] = overHttpTimes.cpu.median;
  results['decision: handler time (Server-Timing)'] = summarise(
    handlerMs,
    handlerMs.reduce((a, b) => a + b, 0),
  );

  // The budget's figure: the API in a process of its own (as a Lambda serves one request at a time, apart from any
  // client), the whole request as that process timed it (Server-Timing `app`: authentication, the session's reads,
  // the handler), after the same warm-up. Issue 24 point 5: in DECISION_ROUNDS rounds of N decisions, each beside a
  // raw put floor measured just before it (so both see the same machine load); the figure is the median over rounds
  // of each round's p99 and of its p99 / floor put, and the budget is on that ratio (<= 8) as well as the p99 itself.
  const api: BenchContext = { ...ctx, base: options.apiBase };
  process.stdout.write(
    `decision bench: preparing ${DECISION_ROUNDS * N + WARMUP} applications for the API process...\n`,
  );
  const apiApps: Prepared[] = [];
  for (let i = 0; i < DECISION_ROUNDS * N + WARMUP; i++) apiApps.push(await verifiedApplication(api, 30_000 + i));
  const confirmOnApi = async (p: Prepared) => {
    const { res } = await call(api, 'POST', '/apply-v2/application/confirm', p.headers, {
      uuid: p.uuid,
      submitted: true,
      terms_accepted: true,
    });
    const app = Number(/\bapp;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
    return {
      appMs: app,
      cpuMs: Number(res.headers.get('x-bench-cpu-ms') ?? NaN),
      startMs: Number(res.headers.get('x-bench-start') ?? NaN),
      gcMs: 0,
      dbGcMs: 0,
    };
  };
  for (let i = 0; i < WARMUP; i++) await confirmOnApi(apiApps[DECISION_ROUNDS * N + i]!);
  const apiRounds: ApiRound[] = [];
  const payload = { entity: 'bench', v: 1, data: 'x'.repeat(400) };
  for (let round = 0; round < DECISION_ROUNDS; round++) {
    const floor = await measure(FLOOR_N, (i) =>
      deps.db.doc.send(
        new PutCommand({ TableName: deps.db.tableName, Item: { pk: `BENCHR#${round}#${i}`, sk: 'B', ...payload } }),
      ),
    );
    // The decision's database round trips with nothing between them: a BatchGet of two items (the session and the
    // application), a Put of an item of the application's size. Its p99 is what the database's own tail gives a
    // request of two round trips on this machine.
    const appItem = (
      await deps.db.doc.send(
        new GetCommand({ TableName: deps.db.tableName, Key: { pk: `APP#${apiApps[round * N]!.uuid}`, sk: 'APP' } }),
      )
    ).Item!;
    const rawDecision = await measure(FLOOR_N, async (i) => {
      const uuid = apiApps[round * N + (((i % N) + N) % N)]!.uuid;
      const keys = [
        { pk: `APP#${uuid}`, sk: 'APP' },
        { pk: `BENCHR#${round}#${i}`, sk: 'B' },
      ];
      await deps.db.doc.send(new BatchGetCommand({ RequestItems: { [deps.db.tableName]: { Keys: keys } } }));
      await deps.db.doc.send(
        new PutCommand({ TableName: deps.db.tableName, Item: { ...appItem, pk: `BENCHD#${round}#${i}`, sk: 'B' } }),
      );
    });
    const samples: ApiSample[] = [];
    for (let i = 0; i < N; i++) samples.push(await confirmOnApi(apiApps[round * N + i]!));
    const app = summarise(
      samples.map((x) => x.appMs).filter(Number.isFinite),
      samples.reduce((a, x) => a + x.appMs, 0),
    );
    apiRounds.push({
      app,
      floorPutMs: floor.median,
      ratio: app.p99 / floor.median,
      rawDecisionP99Ms: rawDecision.p99,
      floorPutP99Ms: floor.p99,
      samples,
    });
    process.stdout.write(`\r  decision on the API process: round ${round + 1}/${DECISION_ROUNDS}`);
  }
  process.stdout.write('\n');
  const allApi = apiRounds.flatMap((r) => r.samples);
  pausedWithin(allApi, options.apiGcPauses(), 'gcMs');
  pausedWithin(allApi, options.dbGcPauses(), 'dbGcMs');
  results[API_ROW] = summarise(
    allApi.map((x) => x.appMs),
    allApi.reduce((a, x) => a + x.appMs, 0),
  );
  cpuMedian[API_ROW] = median(allApi.map((x) => x.cpuMs).filter(Number.isFinite));

  // Journeys against the storage floor, in ROUNDS rounds per concurrency: a batch of journeys, then the same number
  // of raw journeys of the same operation mix (the floor), so that both see the same machine load; the share is the
  // median over rounds of each round's own share. The sequential rounds also record each request's operations.
  const steps: StepOps = new Map();
  let serial = 0;
  const journey = async (into?: StepOps) => {
    const p = await verifiedApplication(ctx, 50_000 + serial++, into);
    await call(
      ctx,
      'POST',
      '/apply-v2/application/confirm',
      p.headers,
      { uuid: p.uuid, submitted: true, terms_accepted: true },
      { name: 'submit (decision)', into },
    );
  };
  for (let i = 0; i < 5; i++) await journey(); // warm-up
  const journeyMix: Record<string, number> = {};
  let recorded = 0;
  const rounds: Record<number, JourneyRound[]> = {};
  const latencies: Record<number, number[]> = {};
  const opsPerJourneyAt: Record<number, number> = {};
  const perRound = Math.max(1, Math.round(JOURNEYS / ROUNDS));
  for (const concurrency of [1, CONCURRENCY]) {
    let ops = 0;
    let journeys = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const record = concurrency === 1 ? steps : undefined;
      const opsBefore = counter.total();
      const { samples, wallMs, cpu: used } = await runConcurrently(concurrency, perRound, () => journey(record));
      ops += counter.total() - opsBefore;
      journeys += perRound;
      if (record) {
        recorded += perRound;
        for (const kind of Object.keys(journeyMix)) delete journeyMix[kind];
        for (const { ops: byKind } of steps.values())
          for (const [kind, n] of Object.entries(byKind)) journeyMix[kind] = (journeyMix[kind] ?? 0) + n / recorded;
      }
      (latencies[concurrency] ??= []).push(...samples);
      const opsPerJourney = Object.values(journeyMix).reduce((a, b) => a + b, 0);
      const floor = await storageFloor(deps.db, journeyMix, {
        concurrency,
        journeys: Math.max(perRound, 2 * concurrency),
      });
      const journeysPerSecond = (perRound / wallMs) * 1000;
      (rounds[concurrency] ??= []).push({
        journeysPerSecond,
        cpuMsPerJourney: (used.user + used.system) / 1000 / perRound,
        floor,
        share: (journeysPerSecond * opsPerJourney) / floor.opsPerSecond,
      });
      process.stdout.write(`\r  journeys x${concurrency}: round ${round + 1}/${ROUNDS}`);
    }
    opsPerJourneyAt[concurrency] = ops / journeys;
    process.stdout.write('\n');
  }
  const opsPerJourney = Object.values(journeyMix).reduce((a, b) => a + b, 0);
  const concurrentLabel = `journey: apply to decision (${CONCURRENCY} concurrent)`;
  const journeyStats = (concurrency: number) => {
    const list = rounds[concurrency]!;
    const s = summarise(latencies[concurrency]!, 1000);
    return { ...s, opsPerSecond: median(list.map((r) => r.journeysPerSecond)) };
  };
  results['journey: apply to decision (sequential)'] = journeyStats(1);
  cpuMedian['journey: apply to decision (sequential)'] = median(rounds[1]!.map((r) => r.cpuMsPerJourney));
  results[concurrentLabel] = journeyStats(CONCURRENCY);
  cpuMedian[concurrentLabel] = median(rounds[CONCURRENCY]!.map((r) => r.cpuMsPerJourney));

  console.table(
    Object.entries(results).map(([scenario, s]) => ({
      scenario,
      n: s.n,
      'median ms': s.median.toFixed(2),
      'p95 ms': s.p95.toFixed(2),
      'p99 ms': s.p99.toFixed(2),
      'CPU ms (median)': cpuMedian[scenario]?.toFixed(2) ?? '',
      'ops/s': s.opsPerSecond.toFixed(1),
      'median / floor get': (s.median / floorGetMs).toFixed(2),
      'median / floor put': (s.median / floorPutMs).toFixed(2),
      'p99 / floor put': (s.p99 / floorPutMs).toFixed(2),
    })),
  );

  process.stdout.write(
    `database operations per request of the journey (counted on the client over the ${recorded} sequential journeys):\n`,
  );
  console.table(
    [...steps.entries()].map(([step, { requests, ops }]) => ({
      request: step,
      'per journey': requests / recorded,
      'operations per request': describeOps(ops, requests),
    })),
  );
  process.stdout.write(
    `  per journey: ${describeOps(journeyMix)}; ${CONCURRENCY} concurrent: ${opsPerJourneyAt[CONCURRENCY]!.toFixed(1)}; the decision alone: ${describeOps(decisionOps, N)}\n`,
  );

  const shares = [1, CONCURRENCY].map((concurrency) => {
    const list = rounds[concurrency]!;
    const journeysPerSecond = median(list.map((r) => r.journeysPerSecond));
    return {
      label: concurrency === 1 ? 'journey: apply to decision (sequential)' : concurrentLabel,
      journeysPerSecond,
      dbOpsPerSecond: journeysPerSecond * opsPerJourney,
      floorOpsPerSecond: median(list.map((r) => r.floor.opsPerSecond)),
      floorJourneyMs: median(list.map((r) => r.floor.journeyMedianMs)),
      cpuShare: median(list.map((r) => r.floor.cpuMsPerJourney / r.cpuMsPerJourney)),
      share: median(list.map((r) => r.share)),
      rounds: list.map((r) => `${(100 * r.share).toFixed(0)}%`).join(' '),
    };
  });
  process.stdout.write(
    `journeys against the storage floor (the same operation mix sent raw on the client at the same concurrency; medians of ${ROUNDS} interleaved rounds):\n`,
  );
  console.table(
    shares.map((s) => ({
      scenario: s.label,
      'journeys/s': s.journeysPerSecond.toFixed(1),
      'ops/journey': opsPerJourney.toFixed(1),
      'DB ops/s in journeys': s.dbOpsPerSecond.toFixed(0),
      'floor ops/s': s.floorOpsPerSecond.toFixed(0),
      'floor journey ms': s.floorJourneyMs.toFixed(1),
      'share of floor': `${(100 * s.share).toFixed(0)}%`,
      'by round': s.rounds,
      'CPU share': `${(100 * s.cpuShare).toFixed(0)}%`,
    })),
  );

  const inProcRow = results['decision: confirm in-process (server-side)'];
  const p99 = median(apiRounds.map((r) => r.app.p99));
  const ratio = median(apiRounds.map((r) => r.ratio));
  const apiMedian = median(apiRounds.map((r) => r.app.median));
  const concurrentShare = shares[1]!.share;
  // The slow requests' CPU time beside the others': equal CPU and a longer wall time is waiting (a core, the
  // database's process), not the decision's own work.
  const sortedByTime = [...allApi].sort((a, b) => a.appMs - b.appMs);
  const slow = sortedByTime.slice(Math.floor(sortedByTime.length * 0.99));
  const usual = sortedByTime.slice(0, Math.floor(sortedByTime.length * 0.5));
  const cpuOf = (list: typeof allApi) => median(list.map((x) => x.cpuMs).filter(Number.isFinite));
  const timeOf = (list: typeof allApi) => median(list.map((x) => x.appMs));
  const gcOf = (list: typeof allApi) => median(list.map((x) => x.gcMs));
  const dbGcOf = (list: typeof allApi) => median(list.map((x) => x.dbGcMs));
  const pausedIn = (list: typeof allApi) => list.filter((x) => x.gcMs > 0).length;
  const dbPausedIn = (list: typeof allApi) => list.filter((x) => x.dbGcMs > 0).length;
  const unpausedOf = (list: typeof allApi) => list.filter((x) => x.gcMs === 0 && x.dbGcMs === 0);
  // What the tail would be if no collection (the API's or the database's) had paused a request: the share of the p99
  // that is the collectors'.
  const unpaused = apiRounds.map((r) => unpausedOf(r.samples).map((x) => x.appMs));
  const unpausedP99 = median(unpaused.map((times) => summarise(times, 0).p99));
  process.stdout.write(
    `decision on the API process, ${DECISION_ROUNDS} rounds of ${N} (each beside its own raw put floor):\n`,
  );
  console.table(
    apiRounds.map((r, i) => ({
      round: i + 1,
      'median ms': r.app.median.toFixed(2),
      'p99 ms': r.app.p99.toFixed(2),
      'floor put ms': r.floorPutMs.toFixed(2),
      'p99 / floor put': r.ratio.toFixed(1),
      'raw 2 trips p99 ms': r.rawDecisionP99Ms.toFixed(2),
      'raw p99 / floor put': (r.rawDecisionP99Ms / r.floorPutMs).toFixed(1),
      'put p99 / floor put': (r.floorPutP99Ms / r.floorPutMs).toFixed(1),
      'CPU ms (median)': cpuOf(r.samples).toFixed(2),
      'paused by API GC': pausedIn(r.samples),
      'paused by database GC': dbPausedIn(r.samples),
      'p99 of the others ms': summarise(
        unpausedOf(r.samples).map((x) => x.appMs),
        0,
      ).p99.toFixed(2),
    })),
  );
  const ratioOk = ratio <= DECISION_P99_PUT_RATIO_LIMIT;
  const p99Ok = p99 <= DECISION_P99_LIMIT_MS;
  // The database's own tail for the decision's two round trips, sent raw with no code between them: when it alone
  // is over the budget, no change to the decision's code can meet the budget on this machine (the bench still fails).
  const rawTripsRatio = median(apiRounds.map((r) => r.rawDecisionP99Ms / r.floorPutMs));
  const attainable = rawTripsRatio <= DECISION_P99_PUT_RATIO_LIMIT;
  process.stdout.write(
    `decision p99 server-side (API process, median of ${DECISION_ROUNDS} rounds): ${p99.toFixed(2)} ms = ${ratio.toFixed(1)}x a raw put ` +
      `(${ratioOk ? 'within' : 'OVER'} ${DECISION_P99_PUT_RATIO_LIMIT}x; ${p99Ok ? 'within' : 'OVER'} the ${DECISION_P99_LIMIT_MS} ms budget), ` +
      `median ${apiMedian.toFixed(2)} ms; all ${allApi.length}: p99 ${results[API_ROW].p99.toFixed(2)} ms, p95 ${results[API_ROW].p95.toFixed(2)} ms; ` +
      `floor put ${median(apiRounds.map((r) => r.floorPutMs)).toFixed(2)} ms (rounds), ${floorPutMs.toFixed(2)} ms (start), get ${floorGetMs.toFixed(2)} ms\n` +
      `  the slowest 1% (${slow.length}): ${timeOf(slow).toFixed(2)} ms, CPU ${cpuOf(slow).toFixed(2)} ms, API GC pause ${gcOf(slow).toFixed(2)} ms (${pausedIn(slow)} of ${slow.length} paused), ` +
      `database GC pause ${dbGcOf(slow).toFixed(2)} ms (${dbPausedIn(slow)} of ${slow.length} paused); ` +
      `the fastest half: ${timeOf(usual).toFixed(2)} ms, CPU ${cpuOf(usual).toFixed(2)} ms, API GC pause ${gcOf(usual).toFixed(2)} ms (${pausedIn(usual)} of ${usual.length} paused), ` +
      `database GC pause ${dbGcOf(usual).toFixed(2)} ms (${dbPausedIn(usual)} of ${usual.length} paused)` +
      ` (the API process's CPU time, and the garbage collectors' pauses of each process, during the request)\n` +
      `  the decision's two round trips sent raw, nothing between them (read the session and application, write the result): ` +
      `p99 ${median(apiRounds.map((r) => r.rawDecisionP99Ms)).toFixed(2)} ms = ${rawTripsRatio.toFixed(1)}x a raw put (median of rounds): ` +
      `the database's own tail for a request of two trips; one raw put's own p99 = ${median(apiRounds.map((r) => r.floorPutP99Ms / r.floorPutMs)).toFixed(1)}x its median\n` +
      (attainable
        ? `  the ${DECISION_P99_PUT_RATIO_LIMIT}x budget is attainable on this machine: the raw two trips leave ${(DECISION_P99_PUT_RATIO_LIMIT - rawTripsRatio).toFixed(1)}x of a raw put for the decision's own work\n`
        : `  the ${DECISION_P99_PUT_RATIO_LIMIT}x budget is NOT attainable on this machine: the raw two trips alone, with no code between them, are ${rawTripsRatio.toFixed(1)}x a raw put at p99\n`) +
      `  the requests no collection paused, the API's or the database's (${unpausedOf(allApi).length} of ${allApi.length}): p99 ${unpausedP99.toFixed(2)} ms (median of rounds) = ${(unpausedP99 / median(apiRounds.map((r) => r.floorPutMs))).toFixed(1)}x a raw put (shown, not the budget's figure)\n` +
      `decision in the benchmark's own process (client, server and prepared data in one heap): median ${inProcRow.median.toFixed(2)} ms, p99 ${inProcRow.p99.toFixed(2)} ms; ` +
      `process CPU median ${inProc.cpu.median.toFixed(2)} ms, p99 ${inProc.cpu.p99.toFixed(2)} ms\n` +
      `journey at ${CONCURRENCY} concurrent: ${(100 * concurrentShare).toFixed(0)}% of the storage floor (${concurrentShare >= JOURNEY_FLOOR_SHARE_TARGET ? 'meets' : 'UNDER'} the ${100 * JOURNEY_FLOOR_SHARE_TARGET}% target), ` +
      `${opsPerJourney.toFixed(1)} operations per journey\n`,
  );
  if (!p99Ok || !ratioOk || concurrentShare < JOURNEY_FLOOR_SHARE_TARGET) process.exitCode = 1;
  mailbox.doc.destroy();
  return {
    decisionP99Ms: p99,
    decisionP99PutRatio: ratio,
    decisionRawTripsP99PutRatio: rawTripsRatio,
    decisionSlowCpuMs: cpuOf(slow),
    decisionMedianMs: apiMedian,
    decisionCpuMedianMs: inProc.cpu.median,
    decisionCpuP99Ms: inProc.cpu.p99,
    opsPerDecision: Object.values(decisionOps).reduce((a, b) => a + b, 0) / N,
    opsPerJourney,
    journeysPerSecondSequential: shares[0]!.journeysPerSecond,
    journeysPerSecondConcurrent: shares[1]!.journeysPerSecond,
    floorShareSequential: shares[0]!.share,
    floorShareConcurrent: concurrentShare,
    peakJourneysPerSecond: Math.max(shares[0]!.journeysPerSecond, shares[1]!.journeysPerSecond),
  };
}
