import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { BUNDLE_METADATA_KEY } from '../bundles.ts';
import { acknowledge } from './nag.ts';
import { LAZY_PACKAGES, stageSideAssets } from './side-assets.ts';

export interface NodeFunctionProps {
  /** The bundle's name in reports and budgets (infra/bundles.ts): the route group, or e.g. `outbox-relay`. */
  bundleName: string;
  stage: string;
  /** The repository root: esbuild's working directory, where package-lock.json and node_modules are. */
  projectRoot: string;
  /** Entry file relative to projectRoot, exporting `handler`. */
  entry: string;
  description: string;
  timeoutSeconds: number;
  memoryMb: number;
  environment: Record<string, string>;
  /**
   * How the function is invoked, for the dead-letter question: `sync` (API Gateway, or an event source mapping whose
   * failures go to its queue's dead-letter queue or its own failure destination) has no asynchronous event to lose;
   * `schedule` (EventBridge rule, asynchronous) is repeated by the next run. Either way no Lambda DLQ is configured.
   */
  invocation?: 'sync' | 'schedule';
}

/** ESM bundles that include CommonJS code need `require`: esbuild's documented workaround. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * The AWS SDK: bundled (tree-shaken to the clients a function uses) or left to the Lambda runtime's copy. Measured
 * with `npm run bench:bundles` (docs/decisions.md): the SDK is bundled.
 */
export const BUNDLE_AWS_SDK = true;

/**
 * Credential sources the SDK's default chain imports dynamically and only tries after the environment: Lambda always
 * sets AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, so the chain stops at fromEnv and these are
 * never loaded. Left out of the bundle (about 90 KB: SSO, profiles, processes, web identity, IMDS and the nested
 * STS/SSO clients). Were the environment ever without credentials, the SDK would fail to find credentials as it
 * would anyway, with a module-not-found error from the next source in its message.
 */
export const UNUSED_CREDENTIAL_SOURCES = [
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/nested-clients',
  '@aws-sdk/token-providers',
  '@smithy/credential-provider-imds',
];

/**
 * esbuild resolves package.json "imports" with this condition in Lambda bundles: `#i18n/areas` becomes the
 * catalogue read from messages.json (functions/platform/bundled-messages.ts). `module` is listed because custom
 * conditions replace esbuild's default, which includes it.
 */
export const LAMBDA_CONDITIONS = ['lambda', 'module'] as const;

/** The newest Lambda Node.js runtime (cdk-nag AwsSolutions-L1 and Serverless-LambdaLatestVersion). */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_24_X;

/**
 * A Lambda function bundled locally by esbuild (never Docker): ESM, node20 syntax (runs on the nodejs24.x runtime
 * and on a developer's Node 20), arm64, minified with source maps, X-Ray active tracing, and a role of its own that
 * may write to its own log group only (no AWS managed policy). The bundle holds what the entry reaches: heavy
 * packages imported on first use and the message catalogue ship beside it (side assets), the AWS SDK per
 * BUNDLE_AWS_SDK. Budgets: infra/bundles.ts.
 */
export function createNodeFunction(scope: Construct, id: string, props: NodeFunctionProps): nodejs.NodejsFunction {
  const prod = props.stage === 'prod';
  const sideAssets = stageSideAssets(props.projectRoot);
  const afterBundling = path.join(props.projectRoot, 'infra', 'bundling', 'after-bundling.mjs');
  const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  // What AWSLambdaBasicExecutionRole grants, narrowed to this function's log group.
  const role = new iam.Role(scope, `${id}Role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: `${props.description}: execution role`,
    inlinePolicies: {
      logs: new iam.PolicyDocument({
        statements: [
          new iam.PolicyStatement({
            actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            resources: [logGroup.logGroupArn],
          }),
        ],
      }),
    },
  });
  const fn = new nodejs.NodejsFunction(scope, id, {
    description: props.description,
    entry: path.join(props.projectRoot, props.entry),
    handler: 'handler',
    projectRoot: props.projectRoot,
    depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
    runtime: LAMBDA_RUNTIME,
    role,
    tracing: lambda.Tracing.ACTIVE,
    architecture: lambda.Architecture.ARM_64,
    memorySize: props.memoryMb,
    timeout: Duration.seconds(props.timeoutSeconds),
    logGroup,
    environment: {
      // The server knows the modes local, dev and prod (functions/platform/config.ts); every non-production
      // stage runs in dev mode. STAGE_NAME carries the stage's own name.
      STAGE: prod ? 'prod' : 'dev',
      STAGE_NAME: props.stage,
      NODE_OPTIONS: '--enable-source-maps',
      ...props.environment,
    },
    bundling: {
      forceDockerBundling: false,
      format: nodejs.OutputFormat.ESM,
      target: 'node20',
      mainFields: ['module', 'main'],
      banner: ESM_REQUIRE_BANNER,
      minify: true,
      sourceMap: true,
      sourceMapMode: nodejs.SourceMapMode.DEFAULT,
      sourcesContent: false,
      bundleAwsSDK: BUNDLE_AWS_SDK,
      externalModules: [
        ...(BUNDLE_AWS_SDK ? UNUSED_CREDENTIAL_SOURCES : ['@aws-sdk/*']),
        ...Object.keys(LAZY_PACKAGES),
      ],
      metafile: true,
      esbuildArgs: { '--conditions': LAMBDA_CONDITIONS.join(',') },
      commandHooks: {
        beforeBundling: () => [],
        beforeInstall: () => [],
        // bundle-stats.json from the metafile; the lazy packages this bundle imports and the message catalogue beside
        // index.mjs (infra/constructs/side-assets.ts).
        afterBundling: (_inputDir, outputDir) => [`node "${afterBundling}" "${sideAssets}" "${outputDir}"`],
      },
      // Keep esbuild's output quiet in `cdk synth --quiet`; errors still fail the synth.
      logLevel: nodejs.LogLevel.WARNING,
    },
  });
  (fn.node.defaultChild as lambda.CfnFunction).addMetadata(BUNDLE_METADATA_KEY, props.bundleName);
  acknowledge(
    role,
    'AwsSolutions-IAM5[Resource::*]',
    'X-Ray PutTraceSegments and PutTelemetryRecords have no resource-level permissions (active tracing)',
  );
  acknowledge(
    fn,
    'Serverless-LambdaDLQ',
    props.invocation === 'schedule'
      ? 'Invoked by a schedule every minute: the next run repeats a failed one, and a failure raises the Errors alarm'
      : 'Invoked synchronously (API Gateway, or an event source mapping whose failed records go to its dead-letter queue): no asynchronous event can be lost',
  );
  return fn;
}
