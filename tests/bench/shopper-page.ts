import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureTable, startDynalite } from '../../functions/local/dynalite.ts';
import { seedDemoData } from '../../functions/local/seed.ts';
import { createLocalServer } from '../../functions/local/server.ts';
import { createDeps } from '../../functions/platform/create-deps.ts';
import { loadConfig } from '../../functions/platform/config.ts';

// `npm run bench:shopper`: the shopper page's first screen in a real browser (Debian's Chromium, headless, CPU slowed
// down 4x through CDP). Builds the web app into a temporary folder (with Vite's manifest), serves it with the local
// server on the embedded database, and opens each page in a fresh browser context (cold cache) several times:
//  - the store search (`/`), the page a shopper lands on: LCP, first contentful paint, when the app's JavaScript
//    started, and the JavaScript it fetched (bytes gzipped here, as the CDN sends them; the local server does not
//    compress). Every script it fetches must be one index.html names or in the entry's static import graph (from
//    the manifest): a lazy chunk fetched before anything asks for it fails the run. `JS starts` is when the app's
//    entry module began to run; a first contentful paint before it is the prerendered screen.
//  - the application page (`/#/apply` with a started session, reloaded): LCP, the JavaScript it loads, and when the
//    form itself was ready to type into (`form ready`; until then the page shows the prerendered picture of its first
//    step).
//  - the lessee's account (`/account/`, signed out: the sign-in by one-time code): LCP and the JavaScript it loads.
// Prints medians; exits 1 when any page's median LCP is over 1000 ms, the store search's JavaScript over 90 KB
// gzipped, the account page's over 100 KB gzipped (issue 22), or when the store search fetched a lazy chunk.
//
//   BENCH_RUNS=<n>        page loads per page (default 7)
//   BENCH_DIST=<dir>      measure an existing build with its .vite/manifest.json (default: build into a temp dir)
//   BENCH_CPU_SLOWDOWN=<n>  CPU throttling rate (default 4)
const ROOT = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const LCP_BUDGET_MS = 1000;
const JS_BUDGET_KB = 90;
const ACCOUNT_JS_BUDGET_KB = 100;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Load {
  /** When the HTML had arrived, and when the browser had parsed it (navigation timing). */
  htmlMs: number;
  parsedMs: number;
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  /** performance.now() when the shopper entry module started running (its `shopper:start` mark), if it set one. */
  jsStartMs: number | null;
  /** performance.now() once the page's `ready` check passed, when it reports it (the application form). */
  readyMs: number | null;
  scripts: { file: string; bytes: number; gzipBytes: number }[];
}

function build(): string {
  if (process.env.BENCH_DIST) return resolve(process.env.BENCH_DIST);
  const out = join(mkdtempSync(join(tmpdir(), 'lto-shopper-bench-')), 'dist');
  console.log(`building the web app into ${out} ...`);
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      out,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`vite build failed (${result.status})`);
  return out;
}

/**
 * The files the shopper page may load before anything asks for more: the scripts index.html names (the entry, its
 * modulepreloads, the shell's boot script) and the entry's static imports, transitively.
 */
function firstPageFiles(manifest: Manifest, indexHtml: string): Set<string> {
  const files = staticGraph(manifest);
  for (const [, src] of indexHtml.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+)"/g,
  ))
    files.add(src!);
  return files;
}

/** The files the shopper entry loads without any dynamic import: the entry and its static imports, transitively. */
function staticGraph(manifest: Manifest): Set<string> {
  const entryKey = Object.keys(manifest).find(
    (k) => manifest[k]!.isEntry && /(^|\/)index\.html$/.test(k) && !k.includes('staff'),
  );
  if (!entryKey) throw new Error('the shopper entry (index.html) is not in the manifest');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return files;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function loadOnce(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<number | void>,
  session?: Record<string, string>,
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (session) {
      await context.addInitScript((entries: Record<string, string>) => {
        for (const [k, v] of Object.entries(entries)) sessionStorage.setItem(k, v);
      }, session);
    }
    // the largest paint's element as it was painted (the app replaces the prerendered screen right after)
    await context.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          const el = entry.element;
          const where = el?.closest('[data-prerender]')
            ? 'prerendered'
            : el?.closest('.step-picture')
              ? 'app (prerendered step)'
              : 'app';
          (window as unknown as { __lcpElement: string }).__lcpElement = el
            ? `${where} ${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`
            : '?';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const pending: Promise<Load['scripts'][number] | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then(
          (body) => ({
            file: new URL(response.url()).pathname.replace(/^\//, ''),
            bytes: body.length,
            gzipBytes: gzipSync(body).length,
          }),
          () => null,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    const readyMs = (await ready(page)) ?? null;
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(
      () =>
        new Promise<{
          htmlMs: number;
          parsedMs: number;
          lcpMs: number;
          lcpElement: string;
          fcpMs: number;
          jsStartMs: number | null;
        }>((done) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            const last = entries[entries.length - 1]!;
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            const start = performance.getEntriesByName('shopper:start')[0];
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            done({
              htmlMs: nav.responseEnd,
              parsedMs: nav.domInteractive,
              lcpMs: last.startTime,
              lcpElement: (window as unknown as { __lcpElement?: string }).__lcpElement ?? '?',
              fcpMs: fcp?.startTime ?? NaN,
              jsStartMs: start ? start.startTime : null,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    const scripts = (await Promise.all(pending)).filter((s): s is NonNullable<typeof s> => s !== null);
    return { ...timing, readyMs, scripts };
  } finally {
    await context.close();
  }
}

function summarise(name: string, loads: Load[], allowed: Set<string> | null) {
  const kb = (bytes: number) => bytes / 1024;
  const js = loads.map((l) => l.scripts.reduce((sum, s) => sum + s.gzipBytes, 0));
  const raw = loads.map((l) => l.scripts.reduce((sum, s) => sum + s.bytes, 0));
  const files = [...new Set(loads.flatMap((l) => l.scripts.map((s) => s.file)))].sort();
  const early = allowed ? files.filter((f) => !allowed.has(f)) : [];
  const starts = loads.map((l) => l.jsStartMs).filter((v): v is number => v !== null);
  const ready = loads.map((l) => l.readyMs).filter((v): v is number => v !== null);
  return {
    name,
    htmlMs: median(loads.map((l) => l.htmlMs)),
    parsedMs: median(loads.map((l) => l.parsedMs)),
    lcpMs: median(loads.map((l) => l.lcpMs)),
    lcpRange: `${Math.min(...loads.map((l) => l.lcpMs)).toFixed(0)}-${Math.max(...loads.map((l) => l.lcpMs)).toFixed(0)}`,
    lcpElement: loads[loads.length - 1]!.lcpElement,
    fcpMs: median(loads.map((l) => l.fcpMs)),
    jsStartMs: starts.length ? median(starts) : null,
    readyMs: ready.length ? median(ready) : null,
    jsGzipKb: kb(median(js)),
    jsRawKb: kb(median(raw)),
    files,
    early,
  };
}

async function main() {
  const dist = build();
  const manifestFile = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with --manifest`);
  const allowed = firstPageFiles(
    JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest,
    readFileSync(join(dist, 'index.html'), 'utf8'),
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'lto-shopper-bench-data-'));
  const dynalite = await startDynalite(dataDir);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DYNAMODB_ENDPOINT: dynalite.endpoint,
    LOG_LEVEL: 'silent',
    TABLE_NAME: 'bench',
  });
  await ensureTable(dynalite.endpoint, config.tableName);
  const deps = createDeps(config);
  await seedDemoData(deps, { DEMO_ADMIN_PASSWORD: 'bench-password', DEMO_RETAILER_API_TOKEN: 'rt_bench_token_0000' });
  const server = createLocalServer({ deps, distDir: dist });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

  /** A started apply session for the demo store, as the shopper page keeps it in sessionStorage. */
  const startSession = async (): Promise<Record<string, string>> => {
    const response = await fetch(`${base}/apply-v2/retailer/demo-electronics/store/main-street/initiate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': 'bench-shopper-page' },
      body: JSON.stringify({ client_id: 'bench-shopper-page', lang: 'en' }),
    });
    const { data } = (await response.json()) as {
      data: { token: string; expires_at: string | number | null; store: unknown };
    };
    return {
      'lto.clientId': 'bench-shopper-page',
      'lto.apply.current': 'demo-electronics/main-street',
      'lto.apply.token:demo-electronics/main-street': JSON.stringify({
        token: data.token,
        expiresAt: data.expires_at,
        storeData: data.store,
      }),
    };
  };

  const search: Load[] = [];
  const apply: Load[] = [];
  const account: Load[] = [];
  try {
    // one unmeasured load of each warms the server and the disk cache
    await loadOnce(browser, `${base}/`, async () => undefined);
    for (let i = 0; i < RUNS; i++) {
      search.push(
        await loadOnce(browser, `${base}/`, async (page) => {
          await page.getByRole('searchbox').waitFor();
        }),
      );
      apply.push(
        await loadOnce(
          browser,
          `${base}/#/apply`,
          async (page) => {
            // the real form, not the prerendered picture of its first step the page shows while it loads
            await page
              .locator('main form:not(.step-picture form), main [role="form"]:not(.step-picture [role="form"])')
              .first()
              .waitFor({ timeout: 30_000 });
            return page.evaluate(() => performance.now());
          },
          await startSession(),
        ),
      );
      account.push(
        await loadOnce(browser, `${base}/account/`, async (page) => {
          await page.getByRole('button', { name: 'Send code' }).waitFor({ timeout: 30_000 });
          return page.evaluate(() => performance.now());
        }),
      );
    }
  } finally {
    await browser.close();
    server.close();
    server.closeAllConnections();
    await dynalite.stop();
  }

  const rows = [
    summarise('store search (/)', search, allowed),
    summarise('application page (/#/apply)', apply, null),
    summarise("lessee's account (/account/)", account, null),
  ];
  console.log(
    `\nShopper page, ${RUNS} cold loads each, CPU slowed down ${CPU_SLOWDOWN}x (medians; JS gzipped by zlib's default level):`,
  );
  console.table(
    rows.map((r) => ({
      page: r.name,
      'HTML ms': r.htmlMs.toFixed(0),
      'parsed ms': r.parsedMs.toFixed(0),
      'LCP ms': r.lcpMs.toFixed(0),
      'LCP range': r.lcpRange,
      'FCP ms': r.fcpMs.toFixed(0),
      'JS starts ms': r.jsStartMs === null ? '' : r.jsStartMs.toFixed(0),
      'form ready ms': r.readyMs === null ? '' : r.readyMs.toFixed(0),
      'JS KB gz': r.jsGzipKb.toFixed(1),
      'JS KB raw': r.jsRawKb.toFixed(1),
    })),
  );
  for (const r of rows) console.log(`${r.name}: LCP element ${r.lcpElement}; scripts: ${r.files.join(', ')}`);

  const [first, second, third] = rows;
  const problems = [
    ...(first!.lcpMs > LCP_BUDGET_MS ? [`store search LCP ${first!.lcpMs.toFixed(0)} ms > ${LCP_BUDGET_MS} ms`] : []),
    ...(second!.lcpMs > LCP_BUDGET_MS
      ? [`application page LCP ${second!.lcpMs.toFixed(0)} ms > ${LCP_BUDGET_MS} ms`]
      : []),
    ...(third!.lcpMs > LCP_BUDGET_MS ? [`account page LCP ${third!.lcpMs.toFixed(0)} ms > ${LCP_BUDGET_MS} ms`] : []),
    ...(third!.jsGzipKb > ACCOUNT_JS_BUDGET_KB
      ? [`account page JavaScript ${third!.jsGzipKb.toFixed(1)} KB gz > ${ACCOUNT_JS_BUDGET_KB} KB`]
      : []),
    ...(first!.jsGzipKb > JS_BUDGET_KB
      ? [`store search JavaScript ${first!.jsGzipKb.toFixed(1)} KB gz > ${JS_BUDGET_KB} KB`]
      : []),
    ...first!.early.map(
      (f) => `store search fetched ${f}, which is not in the entry's static imports (a lazy chunk before it is needed)`,
    ),
  ];
  if (problems.length) {
    console.error(`\nOver budget:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nWithin budget: LCP <= ${LCP_BUDGET_MS} ms, JavaScript <= ${JS_BUDGET_KB} KB gz (account page <= ${ACCOUNT_JS_BUDGET_KB} KB), no lazy chunk before it is needed.`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
