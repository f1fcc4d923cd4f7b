import * as fs from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/data/table.ts';
import { routes } from '../../functions/http/routes.ts';
import { OUTBOX_RELAY_ENTRY } from '../../infra/constructs/events.ts';
import { ESM_REQUIRE_BANNER } from '../../infra/constructs/node-function.ts';
import { groupsForStage, isSandboxRoute, routesForStage, settingsFor } from '../../infra/constructs/settings.ts';
import { apiPathPatternsFor, matchesPathPattern } from '../../infra/constructs/web.ts';
import { PlatformStack, REPO_ROOT } from '../../infra/stacks/platform-stack.ts';
import { assemblyBundles, bundleBudgetFor, kb, type AssemblyBundle } from '../../infra/bundles.ts';
import { LAZY_PACKAGES } from '../../infra/constructs/side-assets.ts';
import { catalogue } from '../../machines/i18n/catalogue.ts';
import { MESSAGES_FILE } from '../../functions/platform/bundled-messages.ts';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

const routeKeys = (list: readonly { method: string; path: string }[]) => new Set(list.map((r) => `${r.method} ${r.path}`));

/** The dev stack, bundled for real (esbuild, every route group and the relay). */
let dev: { template: Template; resources: Record<string, Resource>; assemblyDir: string };
/** The prod stack, bundling skipped: only its shape matters here. */
let prod: { template: Template; resources: Record<string, Resource> };

beforeAll(() => {
  const devApp = new App();
  const devStack = new PlatformStack(devApp, 'LeaseToOwn-dev', { stage: 'dev' });
  const template = Template.fromStack(devStack);
  dev = { template, resources: template.toJSON().Resources, assemblyDir: devApp.synth().directory };

  const prodApp = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const prodTemplate = Template.fromStack(new PlatformStack(prodApp, 'LeaseToOwn-prod', { stage: 'prod' }));
  prod = { template: prodTemplate, resources: prodTemplate.toJSON().Resources };
}, 120_000);

const ofType = (resources: Record<string, Resource>, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

/** Route group -> logical id of its Lambda function (found by the description the stack gives each one). */
function groupFunctions(resources: Record<string, Resource>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, r] of ofType(resources, 'AWS::Lambda::Function')) {
    const match = /HTTP route group '([^']+)'/.exec(String(r.Properties.Description ?? ''));
    if (match) out.set(match[1]!, id);
  }
  return out;
}

describe('table', () => {
  it('is the table of functions/data/table.ts: keys, every GSI (projection ALL), on-demand, TTL, stream', () => {
    const attributes = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
    for (const index of GLOBAL_INDEXES) attributes.add(index.partitionKey).add(index.sortKey);
    dev.template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    dev.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayEquals([...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
      GlobalSecondaryIndexes: Match.arrayEquals(
        GLOBAL_INDEXES.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      ),
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
  });

  it('has point-in-time recovery and SSE with the customer-managed table key', () => {
    const [[, table]] = ofType(dev.resources, 'AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS' });
    const replica = table.Properties.Replicas[0];
    expect(table.Properties.Replicas).toHaveLength(1);
    expect(replica.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    const keyId = replica.SSESpecification.KMSMasterKeyId['Fn::GetAtt'][0];
    expect(dev.resources[keyId]?.Type).toBe('AWS::KMS::Key');
    expect(dev.resources[keyId]?.Properties.EnableKeyRotation).toBe(true);
  });

  it('is deletion-protected and retained in prod only', () => {
    dev.template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Delete',
      Properties: { Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })] },
    });
    prod.template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: { Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] },
    });
  });
});

describe('KMS keys', () => {
  it('has rotating symmetric keys for the table and PII, and an HMAC key for the blind index', () => {
    const keys = ofType(dev.resources, 'AWS::KMS::Key').map(([, r]) => r.Properties);
    const symmetric = keys.filter((k) => (k.KeySpec ?? 'SYMMETRIC_DEFAULT') === 'SYMMETRIC_DEFAULT');
    expect(symmetric).toHaveLength(2);
    for (const key of symmetric) expect(key.EnableKeyRotation).toBe(true);
    expect(keys.filter((k) => k.KeySpec === 'HMAC_256' && k.KeyUsage === 'GENERATE_VERIFY_MAC')).toHaveLength(1);
  });

  it('keeps keys on stack deletion in prod', () => {
    for (const [, key] of ofType(prod.resources, 'AWS::KMS::Key')) expect(key.DeletionPolicy).toBe('Retain');
  });
});

describe('functions', () => {
  it('has one function per route group: nodejs22.x, arm64, its sizing, the environment handlers read', () => {
    const functions = groupFunctions(dev.resources);
    const groups = groupsForStage(routes, 'dev');
    expect([...functions.keys()].sort()).toEqual([...groups].sort());
    for (const group of groups) {
      const fn = dev.resources[functions.get(group)!]!.Properties;
      expect(fn.Runtime).toBe('nodejs22.x');
      expect(fn.Architectures).toEqual(['arm64']);
      expect(fn.Handler).toBe('index.handler');
      expect(fn.MemorySize).toBe(settingsFor(group).memoryMb);
      expect(fn.Timeout).toBe(settingsFor(group).timeoutSeconds);
      expect(Object.keys(fn.Environment.Variables)).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'PII_KEY_ARN',
          'BLIND_INDEX_KEY_ARN',
          'EVENT_BUS_NAME',
          'STAGE',
          'PUBLIC_URL',
          'NODE_OPTIONS',
        ]),
      );
      expect(fn.Environment.Variables.STAGE).toBe('dev');
      expect(fn.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
  });

  it('gives vendor-calling groups 30 s and the others 10 s', () => {
    expect(settingsFor('apply').timeoutSeconds).toBe(30);
    expect(settingsFor('system').timeoutSeconds).toBe(10);
    expect(settingsFor('a-group-added-later').timeoutSeconds).toBe(10);
  });

  it('keeps every function log group for one month', () => {
    const logGroups = ofType(dev.resources, 'AWS::Logs::LogGroup').map(([, r]) => r.Properties);
    expect(logGroups.length).toBeGreaterThanOrEqual(groupsForStage(routes, 'dev').length + 1);
    for (const logGroup of logGroups) expect(logGroup.RetentionInDays).toBe(30);
  });

  it('lets each group function use the table, the table key and the PII keys', () => {
    const policies = ofType(dev.resources, 'AWS::IAM::Policy').map(([, r]) => r.Properties);
    for (const [group, fnId] of groupFunctions(dev.resources)) {
      const roleId = dev.resources[fnId]!.Properties.Role['Fn::GetAtt'][0];
      const statements = policies
        .filter((p) => p.Roles.some((role: { Ref: string }) => role.Ref === roleId))
        .flatMap((p) => p.PolicyDocument.Statement);
      const actions = new Set(statements.flatMap((s: { Action: string | string[] }) => [s.Action].flat()));
      for (const action of ['dynamodb:PutItem', 'dynamodb:Query', 'kms:GenerateDataKey', 'kms:Decrypt', 'kms:GenerateMac']) {
        expect(actions, `${group} may ${action}`).toContain(action);
      }
    }
  });

  it('bundles each function with esbuild as an ESM file with the createRequire banner and a source map', () => {
    const functions = ofType(dev.resources, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.Runtime === 'nodejs22.x');
    expect(functions.length).toBeGreaterThan(0);
    for (const [id, fn] of functions) {
      const assetHash = String(fn.Properties.Code.S3Key).replace(/\.zip$/, '');
      const dir = path.join(dev.assemblyDir, `asset.${assetHash}`);
      expect(fs.existsSync(path.join(dir, 'index.mjs')), id).toBe(true);
      expect(fs.existsSync(path.join(dir, 'index.mjs.map')), id).toBe(true);
      expect(fs.readFileSync(path.join(dir, 'index.mjs'), 'utf8').startsWith(ESM_REQUIRE_BANNER), id).toBe(true);
    }
  });
});

describe('HTTP API', () => {
  it('has a route for every entry of the route table, method and path exactly as written', () => {
    const templateKeys = new Set(ofType(dev.resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey));
    expect(templateKeys).toEqual(routeKeys(routes));
    expect(templateKeys.size).toBe(routes.length);
  });

  it('integrates each route with the function of its group', () => {
    const functions = groupFunctions(dev.resources);
    const byKey = new Map(routes.map((r) => [`${r.method} ${r.path}`, r]));
    for (const [, route] of ofType(dev.resources, 'AWS::ApiGatewayV2::Route')) {
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
      const integration = dev.resources[integrationId]!.Properties;
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      expect(integration.PayloadFormatVersion).toBe('2.0');
      const fnId = integration.IntegrationUri['Fn::GetAtt'][0];
      expect(fnId).toBe(functions.get(byKey.get(route.Properties.RouteKey)!.group));
    }
  });

  it('leaves the sandbox routes and the sandbox function out of prod', () => {
    const prodKeys = new Set(ofType(prod.resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey));
    expect(prodKeys).toEqual(routeKeys(routes.filter((r) => !isSandboxRoute(r))));
    expect(prodKeys).toEqual(routeKeys(routesForStage(routes, 'prod')));
    for (const group of groupFunctions(prod.resources).keys()) expect(group).not.toBe('sandbox');
    expect(routes.some(isSandboxRoute)).toBe(true);
  });

  it('has no CORS configuration and logs access on the $default stage', () => {
    dev.template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', CorsConfiguration: Match.absent() });
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
  });
});

describe('web', () => {
  it('keeps the site bucket private, versioned and TLS-only', () => {
    // the site bucket and the uploaded files' bucket (functions/providers/blobs/s3.ts), both private and versioned
    dev.template.resourceCountIs('AWS::S3::Bucket', 2);
    dev.template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    dev.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('serves the bucket through CloudFront with origin access control, index.html at the root', () => {
    dev.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    const [[, distribution]] = ofType(dev.resources, 'AWS::CloudFront::Distribution') as [[string, Resource]];
    const config = distribution.Properties.DistributionConfig;
    expect(config.DefaultRootObject).toBe('index.html');
    const s3Origins = config.Origins.filter((o: any) => o.S3OriginConfig);
    expect(s3Origins).toHaveLength(1);
    expect(s3Origins[0].OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(s3Origins[0].Id);
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
  });

  it('routes the API paths to the HTTP API uncached with all viewer headers but Host, before the staff SPA', () => {
    const [[, distribution]] = ofType(dev.resources, 'AWS::CloudFront::Distribution') as [[string, Resource]];
    const behaviors: any[] = distribution.Properties.DistributionConfig.CacheBehaviors;
    const patterns = behaviors.map((b) => b.PathPattern);
    for (const pattern of apiPathPatternsFor('dev')) {
      const behavior = behaviors.find((b) => b.PathPattern === pattern);
      expect(behavior, pattern).toBeDefined();
      expect(behavior.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId);
      expect(behavior.OriginRequestPolicyId).toBe(
        cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      );
      expect(behavior.AllowedMethods).toHaveLength(7);
      expect(behavior.ResponseHeadersPolicyId).toBeDefined();
    }
    for (const pattern of ['/apply-v2/*', '/api/*', '/system/*', '/staff/api/*', '/retailer/*', '/webhooks/*', '/keep-alive', '/health', '/*/system/*']) {
      expect(patterns).toContain(pattern);
    }
    expect(patterns.indexOf('/staff/api/*')).toBeLessThan(patterns.indexOf('/staff/*'));
    const prodPatterns = (ofType(prod.resources, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig
      .CacheBehaviors as any[]).map((b) => b.PathPattern);
    expect(prodPatterns).not.toContain('/sandbox/*');
  });

  it('reaches every deployed route through one of the API path patterns', () => {
    for (const route of routesForStage(routes, 'dev')) {
      expect(apiPathPatternsFor('dev').some((p) => matchesPathPattern(p, route.path)), route.path).toBe(true);
    }
    expect(matchesPathPattern('/*/system/*', '/second/system/settings')).toBe(true);
    expect(matchesPathPattern('/health', '/healthz')).toBe(false);
  });

  it('deploys dist/ only when it exists at synth time', () => {
    const built = fs.existsSync(path.join(REPO_ROOT, 'dist'));
    dev.template.resourceCountIs('Custom::CDKBucketDeployment', built ? 1 : 0);
  });
});

describe('events', () => {
  it('has the platform event bus and a rule delivering to the webhook queue, with a dead-letter queue', () => {
    dev.template.resourceCountIs('AWS::Events::EventBus', 1);
    dev.template.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: Match.anyValue(),
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('WebhookQueue'), 'Arn'] },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('DeadLetterQueue'), 'Arn'] } },
        }),
      ],
    });
  });

  it('gives the webhook queue a dead-letter queue (5 receives, 14 days), all queues encrypted', () => {
    const queues = ofType(dev.resources, 'AWS::SQS::Queue');
    for (const [, queue] of queues) expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    const withRedrive = queues.filter(([, q]) => q.Properties.RedrivePolicy);
    expect(withRedrive).toHaveLength(1);
    const redrive = withRedrive[0]![1].Properties.RedrivePolicy;
    expect(redrive.maxReceiveCount).toBe(5);
    const dlq = dev.resources[redrive.deadLetterTargetArn['Fn::GetAtt'][0]]!;
    expect(dlq.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
  });

  it('runs the outbox relay on the table stream, filtered to items holding outbox events', () => {
    const relayExists = fs.existsSync(path.join(REPO_ROOT, OUTBOX_RELAY_ENTRY));
    dev.template.resourceCountIs('AWS::Lambda::EventSourceMapping', relayExists ? 1 : 0);
    if (!relayExists) return;
    const [[, mapping]] = ofType(dev.resources, 'AWS::Lambda::EventSourceMapping') as [[string, Resource]];
    expect(mapping.Properties.EventSourceArn['Fn::GetAtt'][1]).toBe('StreamArn');
    expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping.Properties.DestinationConfig.OnFailure.Destination).toBeDefined();
    const pattern = JSON.parse(mapping.Properties.FilterCriteria.Filters[0].Pattern);
    expect(pattern.dynamodb.NewImage.outbox).toBeDefined();
    const relay = dev.resources[mapping.Properties.FunctionName.Ref]!.Properties;
    expect(relay.Runtime).toBe('nodejs22.x');
    expect(relay.Architectures).toEqual(['arm64']);
    expect(relay.Environment.Variables.EVENT_BUS_NAME).toBeDefined();
  });
});

describe('outputs', () => {
  it('exports the API URL, the distribution URL, the table name and the bucket name', () => {
    for (const name of ['ApiUrl', 'DistributionUrl', 'TableName', 'BucketName']) dev.template.hasOutput(name, {});
  });
});

describe('bundles (budgets: infra/bundles.ts; report: npm run bench:bundles)', () => {
  let bundles: AssemblyBundle[];
  beforeAll(() => {
    bundles = assemblyBundles(dev.assemblyDir);
  });
  const code = (b: AssemblyBundle) => fs.readFileSync(b.entry, 'utf8');

  it('has one bundle per deployed route group, and the relay, each with its stats', () => {
    expect(bundles.map((b) => b.name).sort()).toEqual([...groupsForStage(routes, 'dev'), ...(fs.existsSync(path.join(REPO_ROOT, OUTBOX_RELAY_ENTRY)) ? ['outbox-relay'] : [])].sort());
    for (const b of bundles) expect(Object.keys(b.packages), b.name).toContain('app');
  });

  it('keeps every bundle within its budget: our code and the bundled AWS SDK clients', () => {
    const over = bundles.flatMap((b) => {
      const budget = bundleBudgetFor(b.name);
      return [
        ...(kb(b.appBytes) > budget.appKb ? [`${b.name}: code ${kb(b.appBytes).toFixed(0)} KB > ${budget.appKb} KB`] : []),
        ...(kb(b.sdkBytes) > budget.sdkKb ? [`${b.name}: AWS SDK ${kb(b.sdkBytes).toFixed(0)} KB > ${budget.sdkKb} KB`] : []),
      ];
    });
    expect(over).toEqual([]);
  });

  it('imports the heavy packages only on first use, and ships each one it imports beside the bundle', () => {
    for (const b of bundles) {
      const text = code(b);
      for (const name of Object.keys(LAZY_PACKAGES)) {
        const quoted = `["']${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}["']`;
        expect(new RegExp(`\\bfrom\\s*${quoted}`).test(text), `${b.name} imports ${name} statically`).toBe(false);
        const dynamic = new RegExp(`\\bimport\\s*\\(\\s*${quoted}`).test(text);
        expect(fs.existsSync(path.join(b.dir, 'node_modules', name, 'index.mjs')), `${b.name}: node_modules/${name}`).toBe(dynamic);
      }
    }
  });

  it('reads the message catalogue from messages.json beside the bundle, the same messages as the local server', () => {
    const expected = { en: catalogue.en, es: catalogue.es };
    for (const b of bundles) {
      if (!code(b).includes(MESSAGES_FILE)) continue;
      expect(JSON.parse(fs.readFileSync(path.join(b.dir, MESSAGES_FILE), 'utf8')), b.name).toEqual(expected);
    }
    expect(bundles.filter((b) => code(b).includes(MESSAGES_FILE)).length).toBeGreaterThan(0);
  });

  it("touches only the providers its group names (lambdaDeps({ ... }) in functions/http/<group>.ts)", async () => {
    for (const b of bundles) {
      const used = new Set([...code(b).matchAll(/\.providers\.(\w+)/g)].map((m) => m[1]!));
      if (b.name === 'outbox-relay') {
        expect([...used], b.name).toEqual([]);
        continue;
      }
      const { handler } = (await import(`../../functions/http/${b.name}.ts`)) as { handler: { providers: readonly string[] } };
      expect([...used].filter((key) => !handler.providers.includes(key)), b.name).toEqual([]);
    }
  });
});
