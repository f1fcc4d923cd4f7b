import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, Names, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { routes } from '../../functions/http/routes.ts';
import { Api } from '../constructs/api.ts';
import { Data } from '../constructs/data.ts';
import type { Events } from '../constructs/events.ts';
import { Keys } from '../constructs/keys.ts';
import { acknowledge } from '../constructs/nag.ts';
import { routesForStage, type Route } from '../constructs/settings.ts';
import { apiPathPatternsFor, matchesPathPattern, Web } from '../constructs/web.ts';
import { FunctionsStack } from './functions-stack.ts';
import { MonitoringStack } from './monitoring-stack.ts';
import { OperationsStack } from './operations-stack.ts';

/** Route groups that store uploaded files (functions/services/files.ts) and so get the files bucket. */
const FILE_GROUPS: readonly string[] = ['signup', 'staff-network', 'staff-crm'];

/** The repository root (infra/stacks/ is two levels down). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface PlatformStackProps extends StackProps {
  /** 'prod' deploys without the sandbox vendors and retains data on delete; anything else is a non-production stage. */
  stage: string;
  /** Where functions/, package-lock.json and dist/ are. Defaults to the repository root. */
  projectRoot?: string;
  /** The route table; defaults to functions/http/routes.ts. */
  routes?: readonly Route[];
  /** Subscribed to the alarm topic; defaults to the `alarmEmail` context value (`-c alarmEmail=ops@example.com`). */
  alarmEmail?: string;
  /** The stage's domain and its us-east-1 ACM certificate; defaults to the `domainName`/`certificateArn` context. */
  customDomain?: { domainName: string; certificateArn: string };
  /** The CloudFront web ACL made by the edge stack; defaults to the `webAclArn` context (npm run deploy passes it). */
  webAclArn?: string;
}

/** How long S3 and CloudFront access logs are kept. */
export const ACCESS_LOG_RETENTION = Duration.days(365);

/** Everything the platform needs in one account and region: data, API, events and the web front. */
export class PlatformStack extends Stack {
  readonly keys: Keys;
  readonly data: Data;
  /** Nested: the platform secret, events, consumers and schedules. */
  readonly operations: OperationsStack;
  readonly events: Events;
  readonly api: Api;
  /** Nested: the route groups' functions. */
  readonly apiFunctions: FunctionsStack;
  readonly web: Web;
  /** Nested: the alarms. */
  readonly monitoring: MonitoringStack;

  constructor(scope: Construct, id: string, props: PlatformStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const projectRoot = path.resolve(props.projectRoot ?? REPO_ROOT);
    const deployedRoutes = routesForStage(props.routes ?? routes, stage);

    // Every deployed route must be reachable through CloudFront.
    const patterns = apiPathPatternsFor(stage);
    const unreachable = deployedRoutes.filter((route) => !patterns.some((p) => matchesPathPattern(p, route.path)));
    if (unreachable.length > 0) {
      throw new Error(
        `Routes not served through CloudFront (add their prefix to API_PATH_PATTERNS in infra/constructs/web.ts): ${unreachable
          .map((r) => `${r.method} ${r.path}`)
          .join(', ')}`,
      );
    }

    this.keys = new Keys(this, 'Keys', { stage });
    const restoredTableName = this.node.tryGetContext('restoredTableName') as string | undefined;
    const restoredTableStreamArn = this.node.tryGetContext('restoredTableStreamArn') as string | undefined;
    if (Boolean(restoredTableName) !== Boolean(restoredTableStreamArn))
      throw new Error('A restored table needs both -c restoredTableName=... and -c restoredTableStreamArn=...');
    this.data = new Data(this, 'Data', {
      stage,
      encryptionKey: this.keys.tableKey,
      ...(restoredTableName && restoredTableStreamArn
        ? { restoredTable: { tableName: restoredTableName, streamArn: restoredTableStreamArn } }
        : {}),
    });
    this.operations = new OperationsStack(this, 'Operations', {
      stage,
      projectRoot,
      table: this.data.table,
      keys: this.keys,
    });
    this.events = this.operations.events;
    const secret = this.operations.secret;
    this.apiFunctions = new FunctionsStack(this, 'Functions', { stage });
    this.api = new Api(this, 'Api', {
      functionScope: this.apiFunctions,
      stage,
      projectRoot,
      routes: deployedRoutes,
      table: this.data.table,
      keys: this.keys,
      environment: { EVENT_BUS_NAME: this.events.bus.eventBusName, ...secret.environment },
    });
    for (const fn of this.api.functions.values()) secret.grantRead(fn);
    // S3 server access logs and CloudFront standard logs. CloudFront writes with an ACL, hence BUCKET_OWNER_PREFERRED.
    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: ACCESS_LOG_RETENTION }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      accessLogs,
      'AwsSolutions-S1',
      'The access-log bucket itself: logging its own access would log the logging',
    );
    const context = (key: string) => this.node.tryGetContext(key) as string | undefined;
    const domainName = context('domainName');
    const certificateArn = context('certificateArn');
    this.web = new Web(this, 'Web', {
      stage,
      projectRoot,
      httpApi: this.api.httpApi,
      accessLogsBucket: accessLogs,
      customDomain: props.customDomain ?? (domainName && certificateArn ? { domainName, certificateArn } : undefined),
      webAclArn: props.webAclArn ?? context('webAclArn'),
    });

    // Links the server sends (PIN mails, vendor callbacks) point at the distribution. No cycle: the distribution
    // depends on the API resource only, not on its routes or functions.
    const publicUrl = `https://${this.web.distribution.distributionDomainName}`;
    for (const fn of this.api.functions.values()) fn.addEnvironment('PUBLIC_URL', publicUrl);
    for (const fn of this.events.functions.values()) fn.addEnvironment('PUBLIC_URL', publicUrl);

    // Uploaded files (the blob store port's S3 adapter, functions/providers/blobs/s3.ts): a private, encrypted
    // bucket; the route groups that store files get BLOB_BUCKET and read/write on it.
    const files = new s3.Bucket(this, 'Files', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // Kept on stack deletion in every stage (uploaded documents are records); empty it by hand to drop a dev stage.
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 's3/files/',
    });
    // The parameter the functions' nested stack receives the bucket's ARN by (CDK's `reference-to-` naming).
    const filesArnParameter = `referenceto${Names.nodeUniqueId(files.node.defaultChild!.node)}Arn`;
    for (const [group, fn] of this.api.functions) {
      if (!FILE_GROUPS.includes(group)) continue;
      fn.addEnvironment('BLOB_BUCKET', files.bucketName);
      // Exactly what the S3 adapter calls (put, get, delete), no action families; ListBucket makes a missing key a
      // NoSuchKey (undefined) instead of AccessDenied.
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
          resources: [files.arnForObjects('*')],
        }),
      );
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [files.bucketArn] }));
      acknowledge(
        fn.role!,
        `AwsSolutions-IAM5[Resource::<${filesArnParameter}>/*]`,
        "The files bucket's objects: each upload's key is generated per file, so the grant names the bucket, not a key",
      );
    }

    const deadLetterQueues = new Map(
      this.events.deadLetterQueues.map((q) => [q.node.id.replace(/DeadLetterQueue$/, ''), q] as const),
    );
    this.monitoring = new MonitoringStack(this, 'Monitoring', {
      stage,
      functions: new Map([...this.api.functions, ...this.events.functions]),
      deadLetterQueues,
      consumerQueues: this.events.queues,
      streamConsumer: this.events.outboxRelay,
      httpApi: this.api.httpApi,
      table: this.data.table,
      alarmEmail: props.alarmEmail ?? (this.node.tryGetContext('alarmEmail') as string | undefined),
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'HTTP API default endpoint' });
    new CfnOutput(this, 'DistributionUrl', {
      value: publicUrl,
      description: 'The shopper portal (/), the staff portal (/staff/) and the API, same origin',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'EventBusName', { value: this.events.bus.eventBusName });
    new CfnOutput(this, 'WebhookQueueUrl', { value: this.events.webhookQueue.queueUrl });
    new CfnOutput(this, 'PlatformSecretName', {
      value: secret.secret.secretName,
      description: 'Vendor keys and callback secrets: a JSON object by variable name (infra/README.md)',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.monitoring.alarms.topic.topicArn,
      description: 'Subscribe to receive the alarms',
    });
  }
}
