import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, type RunningServer } from '../support/server.ts';
import { summarise } from './stats.ts';

// Sustained load (issue 14): mixed journeys against the real server (`npm start`'s entry, its own data directory,
// outbox relay, webhooks and consumers running), first at full speed for a short while to measure the peak, then
// open-loop at half the peak for the run's length. Every request's status is checked: any unexpected answer or
// exception is an error. The server's memory is sampled by a preloaded probe (tests/bench/memory-probe.mjs): the live
// heap after a full collection at the start of the run and at its end, and the resident set throughout.
//   Journeys: apply (initiate, Fill, save), verify (apply, send PIN, read it, confirm PIN), decide (verify, submit),
//   checkout (the retailer creates a checkout, the shopper exchanges it, applies, verifies, is decided, and loads
//   the checkout; the retailer reads it), staff (an admin reads the applications, leases, checkouts and stores lists).
// Used by `npm run bench` (60 s) and tests/integration/reliability/load.test.ts (a short run).

const PROBE = resolve(import.meta.dirname, 'memory-probe.mjs');
const ADMIN_PASSWORD = 'admin-password-for-tests';
const RETAILER_TOKEN = 'rt_test_token_for_integration_tests';
const MB = 1024 * 1024;

/**
 * The bounds of a run, from the start of the run at half the peak (the heap already grown by the peak) to its end:
 * the live heap after a full collection (the JavaScript's own memory: +12 MB over 60 s at 5.5 journeys/s when this
 * was written; a leak of 100 KB per journey crosses it within a minute) and the resident set, loosely: it also holds
 * the embedded database's native memory (dynalite's LevelDB), which crept up by about 4 MB/s under load while the V8
 * heap's reserved size and the external memory stayed flat (+251 MB over 60 s); in AWS the database is not in the
 * process. The bound catches a runaway, not that creep.
 */
export const HEAP_GROWTH_LIMIT_MB = 24;
export const RSS_GROWTH_LIMIT_MB = 400;

export type JourneyKind = 'apply' | 'verify' | 'decide' | 'checkout' | 'staff';
/** The mix, in order of arrival (repeated): 7 decide, 4 checkout, 3 verify, 3 apply, 3 staff of every 20 journeys. */
const MIX: JourneyKind[] = [
  'decide',
  'checkout',
  'apply',
  'verify',
  'staff',
  'decide',
  'decide',
  'checkout',
  'decide',
  'apply',
  'verify',
  'staff',
  'decide',
  'checkout',
  'decide',
  'apply',
  'verify',
  'staff',
  'decide',
  'checkout',
];
/** Every run has at least one journey of each kind, however slow the machine. */
const MIN_ARRIVALS = 5;
const PROFILES = ['option-a', 'a-max', 'option-b', 'option-c', 'a-and-b', 'denied-no-score', 'denied-with-score'];

interface MemorySample {
  t: number;
  tag: 'start' | 'tick' | 'gc';
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export interface LoadReport {
  seconds: number;
  peakJourneysPerSecond: number;
  targetJourneysPerSecond: number;
  achievedJourneysPerSecond: number;
  journeys: number;
  requests: number;
  /** Arrivals that waited for a free slot (the server fell behind the target rate). */
  delayedArrivals: number;
  byKind: Record<string, { n: number; medianMs: number; p99Ms: number }>;
  errors: string[];
  memory: {
    /** Live heap after a full collection, at the start of the run and at its end (MB). */
    heapStartMb: number;
    heapEndMb: number;
    heapGrowthMb: number;
    rssStartMb: number;
    rssEndMb: number;
    rssMaxMb: number;
    rssGrowthMb: number;
    /** Memory outside the JS heap (Buffers, native) and the heap's reserved size, at the start and the end (MB). */
    externalStartMb: number;
    externalEndMb: number;
    heapTotalStartMb: number;
    heapTotalEndMb: number;
    samples: number;
  };
}

class UnexpectedAnswer extends Error {}

interface Session {
  base: string;
  requests: number;
  staff?: { cookie: string };
}

async function request(
  s: Session,
  what: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; expect?: number[] } = {},
) {
  s.requests++;
  const res = await fetch(s.base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (!(options.expect ?? [200]).includes(res.status))
    throw new UnexpectedAnswer(`${what}: ${method} ${path.split('?')[0]} answered ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as { data: any }) : { data: null };
}

async function readPin(s: Session, email: string): Promise<string> {
  // The mailbox lists the newest messages first; the PIN was sent just before, but under load give it a few reads.
  for (let attempt = 0; attempt < 5; attempt++) {
    const box = await request(s, 'read the sandbox mailbox', 'GET', '/sandbox/messages');
    const message = (box.data as { to: string; purpose: string; body: string }[]).find(
      (m) => m.to === email && m.purpose === 'pin',
    );
    const code = message && /\b(\d{5})\b/.exec(message.body)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new UnexpectedAnswer(`no PIN in the sandbox mailbox for ${email}`);
}

async function shopper(s: Session, kind: JourneyKind, i: number) {
  const clientId = `load-${kind}-${i}-${Math.random().toString(36).slice(2, 10)}`;
  let headers: Record<string, string>;
  let storeId: string;
  let checkoutId: string | undefined;
  if (kind === 'checkout') {
    const created = await request(s, 'create a checkout', 'POST', '/retailer/v1/checkouts', {
      headers: { authorization: `Bearer ${RETAILER_TOKEN}`, 'idempotency-key': `load-create-${clientId}` },
      body: {
        store: 'main-street',
        cart: { items: [{ sku: 'SB-200', description: 'Sound bar', quantity: 2, unit_price: '149.00' }] },
        return_url: 'https://retailer.example/checkout/done',
        return_url_failure: 'https://retailer.example/checkout/failed',
        callback_url: `${s.base}/demo/retailer/webhooks`,
      },
      expect: [201],
    });
    checkoutId = created.data.checkout_id as string;
    const token = /#\/checkpoint\/([^/]+)\/[01]$/.exec(created.data.url as string)?.[1];
    if (!token) throw new UnexpectedAnswer(`create a checkout: no checkpoint token in ${created.data.url}`);
    const exchanged = await request(
      s,
      'exchange the checkout token',
      'GET',
      `/apply-v2/checkpoint/exchange?token=${encodeURIComponent(token)}`,
      { headers: { 'x-client-id': clientId } },
    );
    headers = { 'x-apply-token': exchanged.data.token, 'x-client-id': clientId };
    storeId = exchanged.data.store.id;
  } else {
    const store = i % 5 === 4 ? 'express' : 'main-street';
    const init = await request(s, 'initiate', 'POST', `/apply-v2/retailer/demo-electronics/store/${store}/initiate`, {
      headers: { 'x-client-id': clientId },
      body: {},
    });
    headers = { 'x-apply-token': init.data.token, 'x-client-id': clientId };
    storeId = init.data.store.id;
  }
  // A checkout is approved (option-a); the other shoppers go through every sandbox profile.
  const profile = kind === 'checkout' ? 'option-a' : PROFILES[i % PROFILES.length]!;
  const fill = await request(s, 'fill', 'GET', `/apply-v2/application/fill?type=${profile}`, { headers });
  const saved = await request(s, 'save the application', 'POST', '/apply-v2/application', { headers, body: fill.data });
  const uuid = saved.data.uuid as string;
  if (kind === 'apply') return;
  await request(s, 'send the PIN', 'POST', '/apply-v2/application/verify/send', {
    headers,
    body: { uuid, mode: 'email' },
  });
  const code = await readPin(s, fill.data.applicant.email as string);
  await request(s, 'confirm the PIN', 'POST', '/apply-v2/application/verify/confirm', {
    headers,
    body: {
      uuid,
      store_id: storeId,
      code,
      ...(checkoutId ? { checkout_id: checkoutId, retrieval: false, iframe: false } : {}),
    },
  });
  if (kind === 'verify') return;
  const decided = await request(s, 'submit', 'POST', '/apply-v2/application/confirm', {
    headers,
    body: { uuid, submitted: true, terms_accepted: true },
  });
  if (!decided.data?.code)
    throw new UnexpectedAnswer(`submit: no decision code in ${JSON.stringify(decided.data).slice(0, 200)}`);
  if (checkoutId) {
    await request(s, 'load the checkout', 'GET', `/apply-v2/checkout/${checkoutId}`, { headers });
    await request(s, 'retailer reads the checkout', 'GET', `/retailer/v1/checkouts/${checkoutId}`, {
      headers: { authorization: `Bearer ${RETAILER_TOKEN}` },
    });
  }
}

async function staffLogin(s: Session) {
  s.requests++;
  const res = await fetch(`${s.base}/staff/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new UnexpectedAnswer(`staff login: ${res.status} ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
  s.staff = {
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; '),
  };
}

async function staffLists(s: Session) {
  const headers = { cookie: s.staff!.cookie };
  for (const path of ['/staff/api/applications', '/staff/api/leases', '/staff/api/checkouts', '/staff/api/stores']) {
    await request(s, 'staff list', 'GET', `${path}?page=1&per_page=25`, { headers });
  }
}

const runJourney = (s: Session, kind: JourneyKind, i: number) =>
  kind === 'staff' ? staffLists(s) : shopper(s, kind, i);

function readSamples(file: string): MemorySample[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MemorySample);
}

/** Asks the probe for a sample after a full collection and waits for it. */
async function collectedSample(server: RunningServer, file: string): Promise<MemorySample> {
  const before = readSamples(file).filter((m) => m.tag === 'gc').length;
  server.process.kill('SIGUSR2');
  for (let i = 0; i < 200; i++) {
    const gcs = readSamples(file).filter((m) => m.tag === 'gc');
    if (gcs.length > before) return gcs.at(-1)!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the memory probe did not answer (is tests/bench/memory-probe.mjs preloaded?)');
}

export interface LoadOptions {
  /** Length of the run at half the peak. */
  seconds: number;
  /** Length of the full-speed run that measures the peak. */
  peakSeconds: number;
  /** Journeys at once while measuring the peak (and the most in flight at half of it is 4x this). */
  concurrency: number;
  say?: (line: string) => void;
}

/** Starts a server of its own, measures the peak, runs at half of it, stops the server; the figures and every error. */
export async function sustainedLoad(options: LoadOptions): Promise<LoadReport> {
  const say = options.say ?? (() => undefined);
  const began = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'lto-load-'));
  const probeFile = join(dir, 'memory.jsonl');
  const server = await startServer({
    dataDir: join(dir, 'data'),
    env: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import=${PROBE}`.trim(),
      MEMORY_PROBE_FILE: probeFile,
      // The retailer API's rate limit is not what this measures (the checkout journeys share one token).
      RETAILER_RATE_LIMIT_TEST: '1000000',
      RETAILER_RATE_LIMIT_LIVE: '1000000',
    },
  });
  const errors: string[] = [];
  const s: Session = { base: server.baseUrl, requests: 0 };
  const byKind = new Map<JourneyKind, number[]>();
  let serial = 0;
  const attempt = async (kind: JourneyKind, record: boolean) => {
    const i = serial++;
    const t = performance.now();
    try {
      await runJourney(s, kind, i);
      if (record) byKind.set(kind, [...(byKind.get(kind) ?? []), performance.now() - t]);
    } catch (error) {
      errors.push(`${kind} #${i}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  try {
    say(`  sustained load: server up in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    await staffLogin(s);

    // The peak: `concurrency` journeys at once, back to back, for peakSeconds (its first journeys warm the server).
    let done = 0;
    const peakStart = performance.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() - peakStart < options.peakSeconds * 1000) {
          await attempt(MIX[serial % MIX.length]!, false);
          done++;
        }
      }),
    );
    const peak = (done / (performance.now() - peakStart)) * 1000;
    const target = peak / 2;
    say(
      `  sustained load: peak ${peak.toFixed(1)} journeys/s (${options.concurrency} at once), running ${options.seconds} s at ${target.toFixed(1)}/s`,
    );

    // Let the relay and webhooks of the peak settle, then the starting heap.
    await new Promise((r) => setTimeout(r, 1000));
    say(`  sustained load: peak measured after ${((performance.now() - began) / 1000).toFixed(1)} s`);
    const start = await collectedSample(server, probeFile);
    const requestsBefore = s.requests;

    // Open loop at half the peak: a journey arrives every 1/target s whatever the answers take, up to 4x concurrency
    // in flight (an arrival beyond that waits for a slot and is counted as delayed).
    const interval = 1000 / target;
    const maxInFlight = 4 * options.concurrency;
    const inFlight = new Set<Promise<void>>();
    let arrivals = 0;
    let delayed = 0;
    const runStart = performance.now();
    while (performance.now() - runStart < options.seconds * 1000 || arrivals < MIN_ARRIVALS) {
      const due = runStart + arrivals * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (inFlight.size >= maxInFlight) {
        delayed++;
        await Promise.race(inFlight);
      }
      const p = attempt(MIX[arrivals % MIX.length]!, true).finally(() => inFlight.delete(p));
      inFlight.add(p);
      arrivals++;
    }
    await Promise.all(inFlight);
    const runMs = performance.now() - runStart;
    // The events of the last journeys (relay every 250 ms, webhooks) are part of the run's work.
    await new Promise((r) => setTimeout(r, 1500));
    const end = await collectedSample(server, probeFile);

    const during = readSamples(probeFile).filter((m) => m.t >= start.t && m.t <= end.t);
    const rssMax = Math.max(...during.map((m) => m.rss), end.rss);
    const kinds = Object.fromEntries(
      [...byKind.entries()].map(([kind, ms]) => {
        const st = summarise(ms, runMs);
        return [kind, { n: st.n, medianMs: st.median, p99Ms: st.p99 }];
      }),
    );
    return {
      seconds: runMs / 1000,
      peakJourneysPerSecond: peak,
      targetJourneysPerSecond: target,
      achievedJourneysPerSecond: (arrivals / runMs) * 1000,
      journeys: arrivals,
      requests: s.requests - requestsBefore,
      delayedArrivals: delayed,
      byKind: kinds,
      errors,
      memory: {
        heapStartMb: start.heapUsed / MB,
        heapEndMb: end.heapUsed / MB,
        heapGrowthMb: (end.heapUsed - start.heapUsed) / MB,
        rssStartMb: start.rss / MB,
        rssEndMb: end.rss / MB,
        rssMaxMb: rssMax / MB,
        rssGrowthMb: (end.rss - start.rss) / MB,
        externalStartMb: start.external / MB,
        externalEndMb: end.external / MB,
        heapTotalStartMb: start.heapTotal / MB,
        heapTotalEndMb: end.heapTotal / MB,
        samples: during.length,
      },
    };
  } finally {
    await server.stop();
    if (process.env.LOAD_KEEP_SAMPLES) say(`  memory samples kept in ${probeFile}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

export function printLoadReport(
  report: LoadReport,
  say: (line: string) => void = (line) => process.stdout.write(line + '\n'),
) {
  const m = report.memory;
  say(
    `sustained load: ${report.seconds.toFixed(0)} s at ${report.achievedJourneysPerSecond.toFixed(1)} journeys/s (target ${report.targetJourneysPerSecond.toFixed(1)}, half the peak ` +
      `${report.peakJourneysPerSecond.toFixed(1)}): ${report.journeys} journeys, ${report.requests} requests, ${report.errors.length} errors, ${report.delayedArrivals} arrivals delayed`,
  );
  console.table(
    Object.entries(report.byKind).map(([journey, k]) => ({
      journey,
      n: k.n,
      'median ms': k.medianMs.toFixed(0),
      'p99 ms': k.p99Ms.toFixed(0),
    })),
  );
  say(
    `  server memory: live heap after a full GC ${m.heapStartMb.toFixed(1)} -> ${m.heapEndMb.toFixed(1)} MB (${m.heapGrowthMb >= 0 ? '+' : ''}${m.heapGrowthMb.toFixed(1)} MB); ` +
      `RSS ${m.rssStartMb.toFixed(0)} -> ${m.rssEndMb.toFixed(0)} MB (max ${m.rssMaxMb.toFixed(0)}, ${m.rssGrowthMb >= 0 ? '+' : ''}${m.rssGrowthMb.toFixed(0)} MB); ` +
      `heap reserved ${m.heapTotalStartMb.toFixed(0)} -> ${m.heapTotalEndMb.toFixed(0)} MB, external ${m.externalStartMb.toFixed(1)} -> ${m.externalEndMb.toFixed(1)} MB; ${m.samples} samples`,
  );
  for (const error of report.errors.slice(0, 10)) say(`  error: ${error}`);
}
