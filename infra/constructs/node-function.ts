import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export interface NodeFunctionProps {
  stage: string;
  /** The repository root: esbuild's working directory, where package-lock.json and node_modules are. */
  projectRoot: string;
  /** Entry file relative to projectRoot, exporting `handler`. */
  entry: string;
  description: string;
  timeoutSeconds: number;
  memoryMb: number;
  environment: Record<string, string>;
}

/** ESM bundles that include the AWS SDK (CommonJS inside) need `require`: esbuild's documented workaround. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * A Lambda function bundled locally by esbuild (never Docker): ESM, node20 syntax (runs on the nodejs22.x runtime
 * and on a developer's Node 20), arm64, minified with source maps, AWS SDK bundled so that the deployed code runs
 * the SDK version pinned in package-lock.json rather than whatever the runtime ships.
 */
export function createNodeFunction(scope: Construct, id: string, props: NodeFunctionProps): nodejs.NodejsFunction {
  const prod = props.stage === 'prod';
  const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  return new nodejs.NodejsFunction(scope, id, {
    description: props.description,
    entry: path.join(props.projectRoot, props.entry),
    handler: 'handler',
    projectRoot: props.projectRoot,
    depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
    runtime: lambda.Runtime.NODEJS_22_X,
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
      bundleAwsSDK: true,
      // Keep esbuild's output quiet in `cdk synth --quiet`; errors still fail the synth.
      logLevel: nodejs.LogLevel.WARNING,
    },
  });
}
