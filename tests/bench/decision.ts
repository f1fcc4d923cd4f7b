import { randomUUID } from 'node:crypto';
import { dispatch } from '../../functions/http/dispatch.ts';
import type { RouteDef } from '../../functions/http/route.ts';
import { routeKey } from '../../functions/http/route.ts';
import { routes } from '../../functions/http/routes.ts';
import { groupHandlers } from '../../functions/local/handlers.ts';
import type { Deps } from '../../functions/platform/deps.ts';
import type { HttpEvent } from '../../functions/platform/http-types.ts';
import { listSandboxMessages } from '../../functions/providers/messaging/sandbox.ts';
import { measure, summarise, type Stats } from './stats.ts';

// Issue 4's benchmark: submit-to-decision latency and the apply-to-decision journey, on the embedded database,
// reported beside the raw dynalite put/get floor measured in the same run.
//  - decision (server-side): POST /apply-v2/application/confirm for verified applications prepared beforehand, run
//    in-process through `dispatch` (token auth, load, validation, bureau, previous-customer lookups, settings, the
//    engine, the versioned write with its outbox event): the acceptance limit is p99 <= 50 ms.
//  - decision (HTTP): the same call through the local server, client-observed, with the handler's Server-Timing.
//  - journey: initiate, Fill, save, send PIN, read the PIN from the sandbox mailbox, confirm PIN, confirm (submit).
const N = Number(process.env.BENCH_DECISION_N ?? 300);
const JOURNEYS = Number(process.env.BENCH_JOURNEYS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_JOURNEY_CONCURRENCY ?? 8);
const P99_LIMIT_MS = 50;
const PROFILES = ['option-a', 'a-max', 'option-b', 'option-c', 'a-and-b', 'denied-no-score', 'denied-with-score'];

interface Prepared {
  headers: Record<string, string>;
  uuid: string;
}

async function call(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: any };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { json, res };
}

/** One shopper up to a verified application (not yet submitted). */
async function verifiedApplication(deps: Deps, base: string, i: number): Promise<Prepared> {
  const clientId = `bench-decision-${i}-${randomUUID().slice(0, 8)}`;
  const store = i % 5 === 4 ? 'express' : 'main-street';
  const init = await call(base, 'POST', `/apply-v2/retailer/demo-electronics/store/${store}/initiate`, { 'x-client-id': clientId }, {});
  const headers = { 'x-apply-token': init.json.data.token as string, 'x-client-id': clientId };
  const profile = PROFILES[i % PROFILES.length]!;
  const fill = await call(base, 'GET', `/apply-v2/application/fill?type=${profile}`, headers);
  const saved = await call(base, 'POST', '/apply-v2/application', headers, fill.json.data);
  const uuid = saved.json.data.uuid as string;
  await call(base, 'POST', '/apply-v2/application/verify/send', headers, { uuid, mode: 'email' });
  const email = fill.json.data.applicant.email as string;
  const message = (await listSandboxMessages(deps.db, deps.clock(), 20)).find((m) => m.to === email && m.purpose === 'pin');
  const code = /\b(\d{5})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no PIN found for ${email}`);
  await call(base, 'POST', '/apply-v2/application/verify/confirm', headers, { uuid, store_id: init.json.data.store.id, code });
  return { headers, uuid };
}

const confirmRoute = routes.find((r) => r.name === 'confirm' && r.group === 'decision') as RouteDef;

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
      http: { method: 'POST', path: confirmRoute.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
    },
  };
}

export async function decisionBench(options: { deps: Deps; base: string; floorGetMs: number; floorPutMs: number }) {
  const { deps, base, floorGetMs, floorPutMs } = options;
  const results: Record<string, Stats> = {};

  process.stdout.write(`decision bench: preparing ${2 * N} verified applications...\n`);
  const inProcess: Prepared[] = [];
  const overHttp: Prepared[] = [];
  for (let i = 0; i < N; i++) inProcess.push(await verifiedApplication(deps, base, i));
  for (let i = 0; i < N; i++) overHttp.push(await verifiedApplication(deps, base, N + i));

  results['decision: confirm in-process (server-side)'] = await measure(
    N,
    async (i) => {
      const p = i >= 0 ? inProcess[i]! : await verifiedApplication(deps, base, 10_000 - i);
      const out = await dispatch(confirmEvent(p), deps, groupHandlers.decision);
      if (out.statusCode !== 200) throw new Error(`confirm ${out.statusCode} ${out.body}`);
    },
    10,
  );

  const handlerMs: number[] = [];
  results['decision: confirm over HTTP (client)'] = await measure(
    N,
    async (i) => {
      const p = i >= 0 ? overHttp[i]! : await verifiedApplication(deps, base, 20_000 - i);
      const { res } = await call(base, 'POST', '/apply-v2/application/confirm', p.headers, { uuid: p.uuid, submitted: true, terms_accepted: true });
      const dur = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
      if (i >= 0 && dur) handlerMs.push(Number(dur));
    },
    10,
  );
  results['decision: handler time (Server-Timing)'] = summarise(handlerMs, handlerMs.reduce((a, b) => a + b, 0));

  // Journey throughput: sequential, then CONCURRENCY shoppers at once.
  const journey = async (i: number) => {
    const p = await verifiedApplication(deps, base, 50_000 + i);
    await call(base, 'POST', '/apply-v2/application/confirm', p.headers, { uuid: p.uuid, submitted: true, terms_accepted: true });
  };
  results['journey: apply to decision (sequential)'] = await measure(JOURNEYS, (i) => journey(i + 1_000), 5);
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < JOURNEYS) {
        const i = next++;
        const t = performance.now();
        await journey(100_000 + i);
        samples.push(performance.now() - t);
      }
    }),
  );
  results[`journey: apply to decision (${CONCURRENCY} concurrent)`] = summarise(samples, performance.now() - started);

  console.table(
    Object.entries(results).map(([scenario, s]) => ({
      scenario,
      n: s.n,
      'median ms': s.median.toFixed(2),
      'p99 ms': s.p99.toFixed(2),
      'ops/s': s.opsPerSecond.toFixed(1),
      'median / floor get': (s.median / floorGetMs).toFixed(2),
      'median / floor put': (s.median / floorPutMs).toFixed(2),
      'p99 / floor put': (s.p99 / floorPutMs).toFixed(2),
    })),
  );
  const p99 = results['decision: confirm in-process (server-side)']!.p99;
  const verdict = p99 <= P99_LIMIT_MS ? 'within' : 'OVER';
  process.stdout.write(`decision p99 server-side: ${p99.toFixed(2)} ms (${verdict} the ${P99_LIMIT_MS} ms limit); floor put ${floorPutMs.toFixed(2)} ms, get ${floorGetMs.toFixed(2)} ms\n`);
  if (p99 > P99_LIMIT_MS) process.exitCode = 1;
  return results;
}
