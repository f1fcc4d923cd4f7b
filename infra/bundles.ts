import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';

// The budgets of the Lambda bundles and the reader of a synthesized cloud assembly's bundles, shared by the infra
// test (tests/infra/platform-stack.test.ts, "bundle budgets") and the benchmark (`npm run bench:bundles`).

/** Template metadata key naming the bundle of a function: its route group, or `outbox-relay` (infra/constructs/node-function.ts). */
export const BUNDLE_METADATA_KEY = 'lease-to-own:bundle';

/** Written beside index.mjs by infra/bundling/after-bundling.mjs: index.mjs bytes per package. */
export const BUNDLE_STATS_FILE = 'bundle-stats.json';

export interface BundleBudget {
  /** Our code in index.mjs (everything but the AWS SDK), minified, in KB (1,024 bytes). */
  appKb: number;
  /** The AWS SDK clients bundled into index.mjs, minified, in KB. */
  sdkKb: number;
  /** Median module-load time over the benchmark's reference handler, cold `node` processes (tests/bench/bundles.ts). */
  maxLoadRatio?: number;
  /** Why a bundle may be larger than the default. */
  why?: string;
}

/**
 * Our code: 300 KB minified per function, plus 30 KB for Powertools' Logger and Metrics (31 KB minified together,
 * measured; functions/platform/observability.ts), which every function carries. Side assets (node_modules/,
 * messages.json) are loaded on first use and are not counted; they are reported beside the bundle.
 */
export const POWERTOOLS_KB = 30;
export const DEFAULT_APP_KB = 300 + POWERTOOLS_KB;
/**
 * The AWS SDK is bundled (docs/decisions.md: it loads about 2.5x faster than the runtime's copy): the DynamoDB
 * document client with the KMS client (PII) and the Secrets Manager client (the platform secret) is about 308 KB
 * minified, the relay's EventBridge client about 20 KB more.
 * A function that needs another client (S3, ...) gets an exception below.
 */
export const DEFAULT_SDK_KB = 320;

/** The shopper-facing groups whose cold start is on the shopper's first screens. */
export const SHOPPER_GROUPS: readonly string[] = ['apply', 'application', 'decision', 'lookups'];
/**
 * Module load of a shopper group over the reference handler: a handler that holds only the DynamoDB document client
 * (tests/bench/bundles.ts). An empty handler would be the natural reference, but the SDK client alone takes about
 * 1.7x an empty handler's load (docs/decisions.md), so what a group's own code adds is measured over that floor.
 */
export const SHOPPER_LOAD_RATIO = 1.5;

/** Exceptions to the defaults, with the reason. */
export const BUNDLE_BUDGET_EXCEPTIONS: Readonly<
  Record<string, Partial<Pick<BundleBudget, 'appKb' | 'sdkKb'>> & { why: string }>
> = {
  'outbox-relay': {
    sdkKb: 340,
    why: 'publishes to EventBridge: its client on top of the DynamoDB, KMS and Secrets Manager clients every function has',
  },
  'staff-leases': {
    // 375 KB measured after the servicing merge (GET /staff/api/leases/{id}/account opens the account: the schedule,
    // the lease-account machine and the ledger), 5 KB over the previous 370 KB; 381 KB once the account is read through
    // the servicing core (machines/domain/servicing ledger, payoff and schedule), hence 385.
    appKb: 355 + POWERTOOLS_KB,
    why: "every staff lease action, the record with its fulfilment (deliveries, funding tranches, the lease after cancelled items), the lists, the dashboard and the lease's servicing account in one function",
  },
  servicing: {
    // 339 KB measured once settle, refund and the collections queue's work joined the lessee's payments and the
    // sandbox clock (the account and payment attempt machines, the servicing core, the card vault and ACH ports);
    // 345.3 KB once every account save keeps the collections queue's counts (collections-counts.ts), hence 350.
    appKb: 320 + POWERTOOLS_KB,
    why: "the lease's servicing in one function: payments, payoff, autopay, postings, settle and refund, the collections queue's work, each through the account machine and the servicing core",
  },
  'staff-imports': {
    // 339 KB once Mass Import posts payments (a lender's book or a lockbox file) through the servicing payment
    // service, which reaches the card vault and ACH ports and the account machine.
    appKb: 315 + POWERTOOLS_KB,
    why: 'Mass Import of every table and of payments: the payments are posted through the servicing payment service',
  },
  'scheduled-jobs': {
    sdkKb: 340,
    why: 'the outbox sweep publishes to EventBridge: its client on top of the DynamoDB, KMS and Secrets Manager clients',
  },
};

export function bundleBudgetFor(name: string): BundleBudget {
  const exception = BUNDLE_BUDGET_EXCEPTIONS[name];
  return {
    appKb: exception?.appKb ?? DEFAULT_APP_KB,
    sdkKb: exception?.sdkKb ?? DEFAULT_SDK_KB,
    ...(exception ? { why: exception.why } : {}),
    ...(SHOPPER_GROUPS.includes(name) ? { maxLoadRatio: SHOPPER_LOAD_RATIO } : {}),
  };
}

/** Packages of the AWS SDK and the third-party packages only it uses: what counts against `sdkKb`. */
export const isAwsSdkPackage = (name: string) =>
  /^@(aws-sdk|smithy|aws-crypto|aws)\//.test(name) ||
  ['fast-xml-parser', 'strnum', 'mnemonist', 'obliterator', 'bowser', 'tslib', 'uuid'].includes(name);

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
  /** index.mjs bytes of our code and of the AWS SDK (from bundle-stats.json, written at bundling). */
  appBytes: number;
  sdkBytes: number;
  /** index.mjs bytes per package (`app` for our code). */
  packages: Record<string, number>;
  /** Files beside index.mjs other than index.mjs and its source map: side packages and data read on first use. */
  sideBytes: number;
  sideFiles: string[];
  /** The function's environment as synthesized; values that are references (Ref, GetAtt) are left out. */
  environment: Record<string, string>;
}

const listFiles = (dir: string, prefix = ''): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    );

/** Assemblies synthesized before the metadata existed: the name from the function's description. */
function legacyName(description: unknown): string | undefined {
  const text = typeof description === 'string' ? description : '';
  return /HTTP route group '([^']+)'/.exec(text)?.[1] ?? (text.includes('outbox events') ? 'outbox-relay' : undefined);
}

/** Every bundle of our functions in a synthesized assembly (cdk.out or `app.synth().directory`). */
export function assemblyBundles(assemblyDir: string): AssemblyBundle[] {
  const out: AssemblyBundle[] = [];
  for (const file of fs
    .readdirSync(assemblyDir)
    .filter((f) => f.endsWith('.template.json'))
    .sort()) {
    const template = JSON.parse(fs.readFileSync(path.join(assemblyDir, file), 'utf8')) as {
      Resources?: Record<
        string,
        { Type: string; Metadata?: Record<string, unknown>; Properties?: Record<string, any> }
      >;
    };
    for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const name = resource.Metadata?.[BUNDLE_METADATA_KEY] ?? legacyName(resource.Properties?.Description);
      if (typeof name !== 'string') continue;
      const assetHash = String(resource.Properties?.Code?.S3Key ?? '').replace(/\.zip$/, '');
      const dir = path.join(assemblyDir, `asset.${assetHash}`);
      const entry = path.join(dir, 'index.mjs');
      if (!fs.existsSync(entry))
        throw new Error(`${logicalId} (${name}): no bundle at ${entry} (was bundling skipped?)`);
      const code = fs.readFileSync(entry);
      const sideFiles = listFiles(dir).filter((f) => !['index.mjs', 'index.mjs.map', BUNDLE_STATS_FILE].includes(f));
      const statsFile = path.join(dir, BUNDLE_STATS_FILE);
      const packages = fs.existsSync(statsFile)
        ? (JSON.parse(fs.readFileSync(statsFile, 'utf8')) as { packages: Record<string, number> }).packages
        : {};
      const sdkBytes = Object.entries(packages).reduce((sum, [pkg, n]) => sum + (isAwsSdkPackage(pkg) ? n : 0), 0);
      const variables = (resource.Properties?.Environment?.Variables ?? {}) as Record<string, unknown>;
      out.push({
        name,
        logicalId,
        stack: file.replace(/\.template\.json$/, ''),
        dir,
        entry,
        bytes: code.length,
        gzipBytes: zlib.gzipSync(code).length,
        // Without stats (an assembly from before they existed) everything counts as our code.
        appBytes: code.length - sdkBytes,
        sdkBytes,
        packages,
        sideBytes: sideFiles.reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0),
        sideFiles,
        environment: Object.fromEntries(
          Object.entries(variables).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
      });
    }
  }
  return out;
}

export const kb = (bytes: number) => bytes / 1024;
