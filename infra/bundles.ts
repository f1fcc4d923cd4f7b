import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';

// The budgets of the Lambda bundles and the reader of a synthesized cloud assembly's bundles, shared by the infra
// test (tests/infra/platform-stack.test.ts, "bundle budgets") and the benchmark (`npm run bench:bundles`).

/** Template metadata key naming the bundle of a function: its route group, or `outbox-relay` (infra/constructs/node-function.ts). */
export const BUNDLE_METADATA_KEY = 'lease-to-own:bundle';

export interface BundleBudget {
  /** index.mjs, minified, in KB (1,024 bytes). Side assets loaded on first use (node_modules/, messages.json) are not counted. */
  maxKb: number;
  /** Median module-load time over an empty handler's, measured by the benchmark (cold `node` processes). */
  maxLoadRatio?: number;
  /** Why a bundle may be larger than the default. */
  why?: string;
}

export const DEFAULT_BUNDLE_KB = 300;

/** The shopper-facing groups whose cold start is on the shopper's first screens. */
export const SHOPPER_GROUPS: readonly string[] = ['apply', 'application', 'decision', 'lookups'];
export const SHOPPER_LOAD_RATIO = 1.5;

/**
 * Exceptions to the default budget, with the reason. None today: the contract PDF (pdf-lib and its fonts) and the
 * ZIP dataset are side packages under the function's node_modules/, imported on first use, and the message catalogue
 * is messages.json beside the bundle, read on the first translation (infra/constructs/node-function.ts).
 */
export const BUNDLE_BUDGET_EXCEPTIONS: Readonly<Record<string, Required<Pick<BundleBudget, 'maxKb' | 'why'>>>> = {};

export function bundleBudgetFor(name: string): BundleBudget {
  const exception = BUNDLE_BUDGET_EXCEPTIONS[name];
  return {
    maxKb: exception?.maxKb ?? DEFAULT_BUNDLE_KB,
    ...(exception ? { why: exception.why } : {}),
    ...(SHOPPER_GROUPS.includes(name) ? { maxLoadRatio: SHOPPER_LOAD_RATIO } : {}),
  };
}

export interface AssemblyBundle {
  /** Route group, or `outbox-relay`. */
  name: string;
  logicalId: string;
  stack: string;
  /** The asset directory (what Lambda unpacks to /var/task). */
  dir: string;
  /** index.mjs */
  entry: string;
  bytes: number;
  gzipBytes: number;
  /** Files beside index.mjs other than index.mjs and its source map: side packages and data read on first use. */
  sideBytes: number;
  sideFiles: string[];
  /** The function's environment as synthesized; values that are references (Ref, GetAtt) are left out. */
  environment: Record<string, string>;
}

const listFiles = (dir: string, prefix = ''): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );

/** Assemblies synthesized before the metadata existed: the name from the function's description. */
function legacyName(description: unknown): string | undefined {
  const text = typeof description === 'string' ? description : '';
  return /HTTP route group '([^']+)'/.exec(text)?.[1] ?? (/outbox events/.test(text) ? 'outbox-relay' : undefined);
}

/** Every bundle of our functions in a synthesized assembly (cdk.out or `app.synth().directory`). */
export function assemblyBundles(assemblyDir: string): AssemblyBundle[] {
  const out: AssemblyBundle[] = [];
  for (const file of fs.readdirSync(assemblyDir).filter((f) => f.endsWith('.template.json')).sort()) {
    const template = JSON.parse(fs.readFileSync(path.join(assemblyDir, file), 'utf8')) as {
      Resources?: Record<string, { Type: string; Metadata?: Record<string, unknown>; Properties?: Record<string, any> }>;
    };
    for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const name = resource.Metadata?.[BUNDLE_METADATA_KEY] ?? legacyName(resource.Properties?.Description);
      if (typeof name !== 'string') continue;
      const assetHash = String(resource.Properties?.Code?.S3Key ?? '').replace(/\.zip$/, '');
      const dir = path.join(assemblyDir, `asset.${assetHash}`);
      const entry = path.join(dir, 'index.mjs');
      if (!fs.existsSync(entry)) throw new Error(`${logicalId} (${name}): no bundle at ${entry} (was bundling skipped?)`);
      const code = fs.readFileSync(entry);
      const sideFiles = listFiles(dir).filter((f) => f !== 'index.mjs' && f !== 'index.mjs.map');
      const variables = (resource.Properties?.Environment?.Variables ?? {}) as Record<string, unknown>;
      out.push({
        name,
        logicalId,
        stack: file.replace(/\.template\.json$/, ''),
        dir,
        entry,
        bytes: code.length,
        gzipBytes: zlib.gzipSync(code).length,
        sideBytes: sideFiles.reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0),
        sideFiles,
        environment: Object.fromEntries(Object.entries(variables).filter((e): e is [string, string] => typeof e[1] === 'string')),
      });
    }
  }
  return out;
}

export const kb = (bytes: number) => bytes / 1024;
