import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { routes } from '../../functions/http/routes.ts';
import { Api } from '../constructs/api.ts';
import { Data } from '../constructs/data.ts';
import { Events } from '../constructs/events.ts';
import { Keys } from '../constructs/keys.ts';
import { routesForStage, type Route } from '../constructs/settings.ts';
import { apiPathPatternsFor, matchesPathPattern, Web } from '../constructs/web.ts';

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
}

/** Everything the platform needs in one account and region: data, API, events and the web front. */
export class PlatformStack extends Stack {
  readonly keys: Keys;
  readonly data: Data;
  readonly events: Events;
  readonly api: Api;
  readonly web: Web;

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
    this.data = new Data(this, 'Data', { stage, encryptionKey: this.keys.tableKey });
    this.events = new Events(this, 'Events', {
      stage,
      projectRoot,
      table: this.data.table,
      keys: this.keys,
    });
    this.api = new Api(this, 'Api', {
      stage,
      projectRoot,
      routes: deployedRoutes,
      table: this.data.table,
      keys: this.keys,
      environment: { EVENT_BUS_NAME: this.events.bus.eventBusName },
    });
    this.web = new Web(this, 'Web', { stage, projectRoot, httpApi: this.api.httpApi });

    // Links the server sends (PIN mails, vendor callbacks) point at the distribution. No cycle: the distribution
    // depends on the API resource only, not on its routes or functions.
    const publicUrl = `https://${this.web.distribution.distributionDomainName}`;
    for (const fn of this.api.functions.values()) fn.addEnvironment('PUBLIC_URL', publicUrl);
    this.events.outboxRelay?.addEnvironment('PUBLIC_URL', publicUrl);

    // Uploaded files (the blob store port's S3 adapter, functions/providers/blobs/s3.ts): a private, encrypted
    // bucket; the route groups that store files get BLOB_BUCKET and read/write on it.
    const files = new s3.Bucket(this, 'Files', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // Kept on stack deletion in every stage (uploaded documents are records); empty it by hand to drop a dev stage.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const [group, fn] of this.api.functions) {
      if (!FILE_GROUPS.includes(group)) continue;
      fn.addEnvironment('BLOB_BUCKET', files.bucketName);
      files.grantReadWrite(fn);
      files.grantDelete(fn);
    }

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'HTTP API default endpoint' });
    new CfnOutput(this, 'DistributionUrl', {
      value: publicUrl,
      description: 'The shopper portal (/), the staff portal (/staff/) and the API, same origin',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'EventBusName', { value: this.events.bus.eventBusName });
    new CfnOutput(this, 'WebhookQueueUrl', { value: this.events.webhookQueue.queueUrl });
  }
}
