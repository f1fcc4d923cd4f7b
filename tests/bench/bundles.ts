import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { assemblyBundles, bundleBudgetFor, kb, type AssemblyBundle } from '../../infra/bundles.ts';

// `npm run bench:bundles`: synthesizes the stack (`npm run synth`), then reports for every function its bundle size
// (index.mjs minified and gzipped, plus side assets read on first use) and the median module-load time of its bundle
// against an empty handler's: cold `node` processes that import the bundle and exit, interleaved over several rounds
// so that a busy machine slows every bundle alike. Exits 1 when a bundle is over its budget (infra/bundles.ts).
//
//   BENCH_SYNTH=0            measure the assembly as it is (no synth)
//   BENCH_ASSEMBLY=<dir>     the assembly to measure (default cdk.out)
//   BENCH_RUNS=<n>           rounds (default 9)
//   BENCH_JSON=<file>        also write the report as JSON
const ROOT = path.resolve(import.meta.dirname, '../..');
const ASSEMBLY = path.resolve(ROOT, process.env.BENCH_ASSEMBLY ?? 'cdk.out');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

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

export interface BundleRow {
  name: string;
  minKb: number;
  gzKb: number;
  sideKb: number;
  budgetKb: number;
  loadMs: number;
  cpuMs: number;
  loadRatio: number;
  maxLoadRatio?: number;
  ok: boolean;
}

async function main() {
  if (process.env.BENCH_SYNTH !== '0') {
    console.log('synthesizing (npm run synth)...');
    const synth = spawnSync('npm', ['run', 'synth'], { cwd: ROOT, stdio: 'inherit' });
    if (synth.status !== 0) throw new Error(`npm run synth failed (${synth.status})`);
  }
  const bundles = assemblyBundles(ASSEMBLY).sort((a, b) => a.name.localeCompare(b.name));
  if (bundles.length === 0) throw new Error(`no function bundles in ${ASSEMBLY}`);

  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lto-empty-handler-'));
  const empty = path.join(emptyDir, 'index.mjs');
  fs.writeFileSync(empty, 'export const handler = async () => ({ statusCode: 200, body: "" });\n');

  const targets = [{ key: '(empty handler)', entry: empty, env: lambdaEnv(undefined) }, ...bundles.map((b) => ({ key: b.name, entry: b.entry, env: lambdaEnv(b) }))];
  const samples = new Map<string, Sample[]>(targets.map((t) => [t.key, []]));
  // One warm-up pass (file cache), then interleaved rounds in a new random order each time.
  for (const t of targets) await loadOnce(t.entry, t.env);
  for (let round = 0; round < RUNS; round++) {
    for (const t of shuffle(targets)) samples.get(t.key)!.push(await loadOnce(t.entry, t.env));
    process.stdout.write(`\rload rounds: ${round + 1}/${RUNS}`);
  }
  process.stdout.write('\n');
  fs.rmSync(emptyDir, { recursive: true, force: true });

  const emptyWall = median(samples.get('(empty handler)')!.map((s) => s.wallMs));
  const emptyCpu = median(samples.get('(empty handler)')!.map((s) => s.cpuMs));
  const rows: BundleRow[] = bundles.map((b) => {
    const budget = bundleBudgetFor(b.name);
    const loadMs = median(samples.get(b.name)!.map((s) => s.wallMs));
    const loadRatio = loadMs / emptyWall;
    const sizeOk = kb(b.bytes) <= budget.maxKb;
    const loadOk = budget.maxLoadRatio === undefined || loadRatio <= budget.maxLoadRatio;
    return {
      name: b.name,
      minKb: kb(b.bytes),
      gzKb: kb(b.gzipBytes),
      sideKb: kb(b.sideBytes),
      budgetKb: budget.maxKb,
      loadMs,
      cpuMs: median(samples.get(b.name)!.map((s) => s.cpuMs)),
      loadRatio,
      ...(budget.maxLoadRatio !== undefined ? { maxLoadRatio: budget.maxLoadRatio } : {}),
      ok: sizeOk && loadOk,
    };
  });

  console.log(`\n${ASSEMBLY}: ${bundles.length} functions, ${RUNS} rounds; empty handler ${emptyWall.toFixed(0)} ms wall, ${emptyCpu.toFixed(0)} ms CPU (median)`);
  console.table(
    rows.map((r) => ({
      function: r.name,
      'min KB': r.minKb.toFixed(1),
      'gz KB': r.gzKb.toFixed(1),
      'side KB (first use)': r.sideKb ? r.sideKb.toFixed(0) : '',
      'budget KB': r.budgetKb,
      'load ms': r.loadMs.toFixed(0),
      'CPU ms': r.cpuMs.toFixed(0),
      'x empty': r.loadRatio.toFixed(2),
      'max x': r.maxLoadRatio ?? '',
      ok: r.ok ? 'yes' : 'NO',
    })),
  );
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ assembly: ASSEMBLY, runs: RUNS, emptyMs: emptyWall, emptyCpuMs: emptyCpu, rows }, null, 2));
  }
  const failed = rows.filter((r) => !r.ok);
  if (failed.length > 0) {
    console.error(`over budget: ${failed.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
