import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { assemblyBundles, bundleBudgetFor, kb, type AssemblyBundle } from '../../infra/bundles.ts';
import {
  ESM_REQUIRE_BANNER,
  LAMBDA_CONDITIONS,
  UNUSED_CREDENTIAL_SOURCES,
} from '../../infra/constructs/node-function.ts';

// `npm run bench:bundles`: synthesizes the stack (`npm run synth`), then reports for every function its bundle size
// (index.mjs minified and gzipped, split into our code and the bundled AWS SDK, plus side assets read on first use)
// and the median module-load time of its bundle: cold `node` processes that import the bundle and exit (with the
// function's NODE_OPTIONS), interleaved over several rounds so that a busy machine slows every bundle alike, against
//  - an empty handler (bundled the same way), and
//  - the SDK floor: a handler that imports only the DynamoDB document client (functions/data/client.ts), bundled as
//    the functions are; every function that reads the table pays at least this.
// Wall and CPU time are both reported; the shopper groups' budget is on CPU time over the SDK floor's.
// Exits 1 when a bundle is over its budget (infra/bundles.ts).
//
//   BENCH_SYNTH=0            measure the assembly as it is (no synth)
//   BENCH_ASSEMBLY=<dir>     the assembly to measure (default cdk.out)
//   BENCH_RUNS=<n>           rounds (default 15)
//   BENCH_JSON=<file>        also write the report as JSON
const ROOT = path.resolve(import.meta.dirname, '../..');
const ASSEMBLY = path.resolve(ROOT, process.env.BENCH_ASSEMBLY ?? 'cdk.out');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

interface Sample {
  wallMs: number;
  cpuMs: number;
}

/** The Lambda environment a bundle sees at load: its synthesized variables, references replaced by placeholders. */
function lambdaEnv(bundle: AssemblyBundle | undefined): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    TABLE_NAME: 'bench',
    PII_KEY_ARN: 'arn:aws:kms:us-east-1:000000000000:key/bench-pii',
    BLIND_INDEX_KEY_ARN: 'arn:aws:kms:us-east-1:000000000000:key/bench-mac',
    EVENT_BUS_NAME: 'bench',
    PUBLIC_URL: 'https://bench.example',
    NODE_OPTIONS: '--enable-source-maps',
    ...(bundle?.environment ?? {}),
  };
}

/** One cold process: start node, import the bundle, exit. Wall time seen from here; CPU time reported by the child. */
function loadOnce(entry: string, env: NodeJS.ProcessEnv): Promise<Sample> {
  const script =
    'await import(process.env.BENCH_ENTRY);' +
    'const u = process.cpuUsage(); process.stdout.write(JSON.stringify({ cpuMs: (u.user + u.system) / 1000 }));';
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.dirname(entry),
      env: { ...env, BENCH_ENTRY: pathToFileURL(entry).href },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`loading ${entry} failed (${code}): ${stderr.slice(0, 2000)}`));
      resolve({ wallMs, cpuMs: (JSON.parse(stdout) as { cpuMs: number }).cpuMs });
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const EMPTY = '(empty handler)';
const FLOOR = '(SDK floor)';

export interface BundleRow {
  name: string;
  minKb: number;
  appKb: number;
  sdkKb: number;
  gzKb: number;
  sideKb: number;
  appBudgetKb: number;
  sdkBudgetKb: number;
  loadMs: number;
  cpuMs: number;
  emptyRatio: number;
  emptyCpuRatio: number;
  floorRatio: number;
  maxLoadRatio?: number;
  problems: string[];
}

async function main() {
  if (process.env.BENCH_SYNTH !== '0') {
    console.log('synthesizing (npm run synth)...');
    const synth = spawnSync('npm', ['run', 'synth'], { cwd: ROOT, stdio: 'inherit' });
    if (synth.status !== 0) throw new Error(`npm run synth failed (${synth.status})`);
  }
  const bundles = assemblyBundles(ASSEMBLY).sort((a, b) => a.name.localeCompare(b.name));
  if (bundles.length === 0) throw new Error(`no function bundles in ${ASSEMBLY}`);

  const refDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lto-reference-handlers-'));
  // Both reference handlers are bundled the way the functions are (same esbuild options and banner), so that the
  // comparison is of what the bundles load, not of how they were built.
  const reference = (name: string, contents: string) => {
    const outfile = path.join(refDir, name, 'index.mjs');
    buildSync({
      stdin: { contents, resolveDir: ROOT, loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      mainFields: ['module', 'main'],
      conditions: [...LAMBDA_CONDITIONS],
      external: UNUSED_CREDENTIAL_SOURCES,
      banner: { js: ESM_REQUIRE_BANNER },
      minify: true,
      sourcemap: true,
      sourcesContent: false,
      outfile,
      logLevel: 'warning',
    });
    return outfile;
  };
  const empty = reference('empty', 'export const handler = async () => ({ statusCode: 200, body: "" });\n');
  const floor = reference(
    'sdk-floor',
    `import { createDb } from ${JSON.stringify(path.join(ROOT, 'functions/data/client.ts'))};
export const handler = async () => ({ statusCode: 200, body: createDb({ tableName: process.env.TABLE_NAME ?? 'bench' }).tableName });`,
  );

  const targets = [
    { key: EMPTY, entry: empty, env: lambdaEnv(undefined) },
    { key: FLOOR, entry: floor, env: lambdaEnv(undefined) },
    ...bundles.map((b) => ({ key: b.name, entry: b.entry, env: lambdaEnv(b) })),
  ];
  const samples = new Map<string, Sample[]>(targets.map((t) => [t.key, []]));
  // One warm-up pass (file cache), then interleaved rounds in a new random order each time.
  for (const t of targets) await loadOnce(t.entry, t.env);
  for (let round = 0; round < RUNS; round++) {
    for (const t of shuffle(targets)) samples.get(t.key)!.push(await loadOnce(t.entry, t.env));
    process.stdout.write(`\rload rounds: ${round + 1}/${RUNS}`);
  }
  process.stdout.write('\n');
  const floorKb = kb(fs.statSync(floor).size);
  fs.rmSync(refDir, { recursive: true, force: true });

  const wall = (key: string) => median(samples.get(key)!.map((s) => s.wallMs));
  const cpu = (key: string) => median(samples.get(key)!.map((s) => s.cpuMs));
  const [emptyWall, floorWall] = [wall(EMPTY), wall(FLOOR)];
  const rows: BundleRow[] = bundles.map((b) => {
    const budget = bundleBudgetFor(b.name);
    const loadMs = wall(b.name);
    const cpuMs = cpu(b.name);
    // The budget is on CPU time: wall time on a shared machine swings with other jobs, while the CPU time of the
    // loading process is what Lambda's fractional vCPU turns into init time. The ratio is the median over rounds of
    // each round's own ratio (the bundle and the floor measured in the same round), which drifts less than a ratio
    // of medians.
    const floorSamples = samples.get(FLOOR)!;
    const floorRatio = median(samples.get(b.name)!.map((s, round) => s.cpuMs / floorSamples[round]!.cpuMs));
    const problems = [
      ...(kb(b.appBytes) > budget.appKb ? [`code ${kb(b.appBytes).toFixed(0)} KB > ${budget.appKb}`] : []),
      ...(kb(b.sdkBytes) > budget.sdkKb ? [`SDK ${kb(b.sdkBytes).toFixed(0)} KB > ${budget.sdkKb}`] : []),
      ...(budget.maxLoadRatio !== undefined && floorRatio > budget.maxLoadRatio
        ? [`load ${floorRatio.toFixed(2)}x floor CPU > ${budget.maxLoadRatio}`]
        : []),
    ];
    return {
      name: b.name,
      minKb: kb(b.bytes),
      appKb: kb(b.appBytes),
      sdkKb: kb(b.sdkBytes),
      gzKb: kb(b.gzipBytes),
      sideKb: kb(b.sideBytes),
      appBudgetKb: budget.appKb,
      sdkBudgetKb: budget.sdkKb,
      loadMs,
      cpuMs,
      emptyRatio: loadMs / emptyWall,
      emptyCpuRatio: cpuMs / cpu(EMPTY),
      floorRatio,
      ...(budget.maxLoadRatio !== undefined ? { maxLoadRatio: budget.maxLoadRatio } : {}),
      problems,
    };
  });

  console.log(
    `\n${ASSEMBLY}: ${bundles.length} functions, ${RUNS} rounds (medians, NODE_OPTIONS as deployed)\n` +
      `  empty handler: ${emptyWall.toFixed(0)} ms wall, ${cpu(EMPTY).toFixed(0)} ms CPU\n` +
      `  SDK floor (DynamoDB document client only, ${floorKb.toFixed(0)} KB): ${floorWall.toFixed(0)} ms wall (${(floorWall / emptyWall).toFixed(2)}x empty), ` +
      `${cpu(FLOOR).toFixed(0)} ms CPU (${(cpu(FLOOR) / cpu(EMPTY)).toFixed(2)}x empty)`,
  );
  console.table(
    rows.map((r) => ({
      function: r.name,
      'min KB': r.minKb.toFixed(0),
      'code KB': `${r.appKb.toFixed(0)}/${r.appBudgetKb}`,
      'SDK KB': `${r.sdkKb.toFixed(0)}/${r.sdkBudgetKb}`,
      'gz KB': r.gzKb.toFixed(0),
      'side KB': r.sideKb ? r.sideKb.toFixed(0) : '',
      'load ms': r.loadMs.toFixed(0),
      'CPU ms': r.cpuMs.toFixed(0),
      'x empty': r.emptyRatio.toFixed(2),
      'x empty CPU': r.emptyCpuRatio.toFixed(2),
      'x floor CPU': `${r.floorRatio.toFixed(2)}${r.maxLoadRatio !== undefined ? ` (max ${r.maxLoadRatio})` : ''}`,
      ok: r.problems.length ? r.problems.join('; ') : 'yes',
    })),
  );
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify(
        {
          assembly: ASSEMBLY,
          runs: RUNS,
          emptyMs: emptyWall,
          emptyCpuMs: cpu(EMPTY),
          floorMs: floorWall,
          floorCpuMs: cpu(FLOOR),
          rows,
        },
        null,
        2,
      ),
    );
  }
  const failed = rows.filter((r) => r.problems.length > 0);
  if (failed.length > 0) {
    console.error(`over budget: ${failed.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
