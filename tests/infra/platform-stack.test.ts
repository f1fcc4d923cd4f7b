import * as fs from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/data/table.ts';
import { routes } from '../../functions/http/routes.ts';
import {
  EVENT_FUNCTION_ENTRIES,
  MAX_RECEIVE_COUNT,
  QUEUE_CONSUMERS,
  type EventFunctionName,
} from '../../infra/constructs/events.ts';
import { GIVE_UP_SECONDS } from '../../functions/events/webhook-dispatcher.ts';
import { SANDBOX_CALLBACK_SEED, SECRET_NAMES } from '../../functions/platform/secrets.ts';
import { ESM_REQUIRE_BANNER } from '../../infra/constructs/node-function.ts';
import { groupsForStage, isSandboxRoute, routesForStage, settingsFor } from '../../infra/constructs/settings.ts';
import { apiPathPatternsFor, matchesPathPattern } from '../../infra/constructs/web.ts';
import { PlatformStack, REPO_ROOT } from '../../infra/stacks/platform-stack.ts';
import { assemblyBundles, BUNDLE_METADATA_KEY, bundleBudgetFor, kb, type AssemblyBundle } from '../../infra/bundles.ts';
import { LAZY_PACKAGES } from '../../infra/constructs/side-assets.ts';
import { catalogue } from '../../machines/i18n/catalogue.ts';
import { MESSAGES_FILE } from '../../functions/platform/bundled-messages.ts';

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  Metadata?: Record<string, unknown>;
};

const routeKeys = (list: readonly { method: string; path: string }[]) =>
  new Set(list.map((r) => `${r.method} ${r.path}`));

type TemplateName = 'root' | 'functions' | 'operations' | 'monitoring';
interface Synthesized {
  /** The parent stack's template (keys, table, HTTP API and routes, web). */
  template: Template;
  /** Each template: the parent and the nested stacks (route functions, operations, monitoring). */
  templates: Record<TemplateName, Template>;
  /** Every resource of every template (logical ids are unique across them). */
  resources: Record<string, Resource>;
  /** Follows a value (Ref, Fn::GetAtt) across nested-stack parameters and outputs to the logical id it names. */
  resourceOf: (value: any, where: TemplateName) => string;
}

function synthesized(stack: PlatformStack): Synthesized {
  const templates: Record<TemplateName, Template> = {
    root: Template.fromStack(stack),
    functions: Template.fromStack(stack.apiFunctions),
    operations: Template.fromStack(stack.operations),
    monitoring: Template.fromStack(stack.monitoring),
  };
  const json = Object.fromEntries(Object.entries(templates).map(([k, t]) => [k, t.toJSON()])) as Record<
    TemplateName,
    any
  >;
  const nestedByLogicalId = new Map<string, TemplateName>(
    (['functions', 'operations', 'monitoring'] as const).map((name) => {
      const nested =
        name === 'functions' ? stack.apiFunctions : name === 'operations' ? stack.operations : stack.monitoring;
      return [stack.getLogicalId(nested.nestedStackResource as any), name];
    }),
  );
  const resourceOf = (value: any, where: TemplateName): string => {
    if (value?.Ref) {
      const parameter = where !== 'root' && json[where].Parameters?.[value.Ref];
      if (!parameter) return value.Ref;
      const [stackId] = [...nestedByLogicalId].find(([, name]) => name === where)!;
      return resourceOf(json.root.Resources[stackId].Properties.Parameters[value.Ref], 'root');
    }
    const getAtt = value?.['Fn::GetAtt'];
    if (getAtt) {
      const [id, attribute] = getAtt as [string, string];
      const nested = nestedByLogicalId.get(id);
      if (nested && attribute.startsWith('Outputs.'))
        return resourceOf(json[nested].Outputs[attribute.slice('Outputs.'.length)].Value, nested);
      return id;
    }
    throw new Error(`Not a reference: ${JSON.stringify(value)}`);
  };
  const resources = Object.assign({}, ...Object.values(json).map((t) => t.Resources)) as Record<string, Resource>;
  return { template: templates.root, templates, resources, resourceOf };
}

/** The dev stack, bundled for real (esbuild, every route group and every event function). */
let dev: Synthesized & { assemblyDir: string };
/** The prod stack, bundling skipped: only its shape matters here. */
let prod: Synthesized;

beforeAll(() => {
  const devApp = new App();
  const devStack = new PlatformStack(devApp, 'LeaseToOwn-dev', { stage: 'dev' });
  dev = { ...synthesized(devStack), assemblyDir: devApp.synth().directory };

  const prodApp = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  prod = synthesized(new PlatformStack(prodApp, 'LeaseToOwn-prod', { stage: 'prod' }));
}, 600_000);

/** Event function (bundle name) -> logical id, from the bundle metadata each function carries. */
function eventFunctions(resources: Record<string, Resource>): Map<EventFunctionName, string> {
  const names = new Set<string>(Object.keys(EVENT_FUNCTION_ENTRIES));
  const out = new Map<EventFunctionName, string>();
  for (const [id, r] of ofType(resources, 'AWS::Lambda::Function')) {
    const name = r.Metadata?.[BUNDLE_METADATA_KEY];
    if (typeof name === 'string' && names.has(name)) out.set(name as EventFunctionName, id);
  }
  return out;
}

/** Every statement of the IAM policies attached to a role (its own policies and AWS::IAM::Policy resources). */
function statementsOfRole(
  resources: Record<string, Resource>,
  roleId: string,
): { Action: string | string[]; Resource: unknown }[] {
  const attached = ofType(resources, 'AWS::IAM::Policy')
    .map(([, r]) => r.Properties)
    .filter((p) => (p.Roles ?? []).some((role: { Ref: string }) => role.Ref === roleId));
  const inline = (resources[roleId]?.Properties.Policies ?? []) as { PolicyDocument: any }[];
  return [...attached, ...inline].flatMap((p) => p.PolicyDocument.Statement);
}

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

describe('stacks', () => {
  it("keeps every template well under CloudFormation's 500 resources (the routes fill the parent)", () => {
    for (const s of [dev, prod]) {
      for (const [name, template] of Object.entries(s.templates)) {
        const count = Object.keys(template.toJSON().Resources).length;
        // Room for about 50 more routes before the parent needs another split.
        expect(count, name).toBeLessThan(450);
      }
    }
  });
});

describe('table', () => {
  it('is the table of functions/data/table.ts: keys, every GSI with its projection (the outbox keys only), on-demand, TTL, stream', () => {
    const attributes = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
    for (const index of GLOBAL_INDEXES) attributes.add(index.partitionKey).add(index.sortKey);
    dev.template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    dev.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayEquals(
        [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
      GlobalSecondaryIndexes: Match.arrayEquals(
        GLOBAL_INDEXES.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: index.projection },
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
  it('has one function per route group: nodejs24.x, arm64, its sizing, the environment handlers read', () => {
    const functions = groupFunctions(dev.resources);
    const groups = groupsForStage(routes, 'dev');
    expect([...functions.keys()].sort()).toEqual([...groups].sort());
    for (const group of groups) {
      const fn = dev.resources[functions.get(group)!]!.Properties;
      expect(fn.Runtime).toBe('nodejs24.x');
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
          'PLATFORM_SECRET_ARN',
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
    expect(logGroups.length).toBeGreaterThanOrEqual(
      groupsForStage(routes, 'dev').length + Object.keys(EVENT_FUNCTION_ENTRIES).length,
    );
    for (const logGroup of logGroups) expect(logGroup.RetentionInDays).toBe(30);
  });

  it('lets each group function use the table, the table key and the PII keys', () => {
    for (const [group, fnId] of groupFunctions(dev.resources)) {
      const roleId = dev.resources[fnId]!.Properties.Role['Fn::GetAtt'][0];
      const statements = statementsOfRole(dev.resources, roleId);
      const actions = new Set(statements.flatMap((s: { Action: string | string[] }) => [s.Action].flat()));
      for (const action of [
        'dynamodb:PutItem',
        'dynamodb:Query',
        'kms:GenerateDataKey',
        'kms:Decrypt',
        'kms:GenerateMac',
        'secretsmanager:GetSecretValue',
      ]) {
        expect(actions, `${group} may ${action}`).toContain(action);
      }
    }
  });

  it('bundles each function with esbuild as an ESM file with the createRequire banner and a source map', () => {
    // Ours (with their bundle name), not CDK's own custom resource handlers on the same runtime.
    const functions = ofType(dev.resources, 'AWS::Lambda::Function').filter(
      ([, r]) => r.Properties.Runtime === 'nodejs24.x' && r.Metadata?.[BUNDLE_METADATA_KEY] !== undefined,
    );
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
    const templateKeys = new Set(
      ofType(dev.resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey),
    );
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
      // The functions are in the nested functions stack: the URI is that stack's output of the function's ARN.
      expect(dev.resourceOf(integration.IntegrationUri, 'root')).toBe(
        functions.get(byKey.get(route.Properties.RouteKey)!.group),
      );
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
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.absent(),
    });
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
  });
});

describe('web', () => {
  it('keeps the site bucket private, versioned and TLS-only', () => {
    // the site bucket and the uploaded files' bucket (functions/providers/blobs/s3.ts), both private and versioned,
    // and the access-log bucket (S3 server access logs, CloudFront standard logs)
    dev.template.resourceCountIs('AWS::S3::Bucket', 3);
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
    for (const pattern of [
      '/apply-v2/*',
      '/api/*',
      '/system/*',
      '/staff/api/*',
      '/retailer/*',
      '/webhooks/*',
      '/keep-alive',
      '/health',
      '/*/system/*',
    ]) {
      expect(patterns).toContain(pattern);
    }
    expect(patterns.indexOf('/staff/api/*')).toBeLessThan(patterns.indexOf('/staff/*'));
    const prodPatterns = (
      ofType(prod.resources, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig
        .CacheBehaviors as any[]
    ).map((b) => b.PathPattern);
    expect(prodPatterns).not.toContain('/sandbox/*');
  });

  it('reaches every deployed route through one of the API path patterns', () => {
    for (const route of routesForStage(routes, 'dev')) {
      expect(
        apiPathPatternsFor('dev').some((p) => matchesPathPattern(p, route.path)),
        route.path,
      ).toBe(true);
    }
    expect(matchesPathPattern('/*/system/*', '/second/system/settings')).toBe(true);
    expect(matchesPathPattern('/health', '/healthz')).toBe(false);
  });

  it('deploys dist/ only when it exists at synth time', () => {
    const built = fs.existsSync(path.join(REPO_ROOT, 'dist'));
    dev.template.resourceCountIs('Custom::CDKBucketDeployment', built ? 1 : 0);
  });
});

describe('events (the AWS twins of functions/local/main.ts)', () => {
  const ops = () => dev.templates.operations;
  const mappings = () => ofType(dev.resources, 'AWS::Lambda::EventSourceMapping').map(([, r]) => r.Properties);
  const bundleOf = (fnRef: any) => dev.resources[dev.resourceOf(fnRef, 'operations')]!.Metadata?.[BUNDLE_METADATA_KEY];

  it('has one function per local moving part, each from its entry, with the environment and logs of a route group', () => {
    const functions = eventFunctions(dev.resources);
    expect([...functions.keys()].sort()).toEqual(Object.keys(EVENT_FUNCTION_ENTRIES).sort());
    for (const [name, id] of functions) {
      expect(EVENT_FUNCTION_ENTRIES[name]).toBe(`functions/events/${name}-lambda.ts`);
      expect(fs.existsSync(path.join(REPO_ROOT, EVENT_FUNCTION_ENTRIES[name])), EVENT_FUNCTION_ENTRIES[name]).toBe(
        true,
      );
      const fn = dev.resources[id]!.Properties;
      expect(fn.Runtime, name).toBe('nodejs24.x');
      expect(fn.Architectures, name).toEqual(['arm64']);
      expect(Object.keys(fn.Environment.Variables), name).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'EVENT_BUS_NAME', 'PLATFORM_SECRET_ARN', 'PUBLIC_URL', 'STAGE']),
      );
      const logGroup = dev.resources[dev.resourceOf(fn.LoggingConfig.LogGroup, 'operations')]!;
      expect(logGroup.Properties.RetentionInDays, name).toBe(30);
    }
  });

  it('runs the outbox relay on the table stream, filtered to items holding outbox events, with partial batch failures', () => {
    const streamMappings = mappings().filter((m) => m.StartingPosition);
    expect(streamMappings).toHaveLength(1);
    const mapping = streamMappings[0]!;
    const [[tableId]] = ofType(dev.resources, 'AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    expect(dev.resourceOf(mapping.EventSourceArn, 'operations')).toBe(tableId);
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping.DestinationConfig.OnFailure.Destination).toBeDefined();
    const pattern = JSON.parse(mapping.FilterCriteria.Filters[0].Pattern);
    expect(pattern.dynamodb.NewImage.outbox).toBeDefined();
    expect(bundleOf(mapping.FunctionName)).toBe('outbox-relay');
  });

  it('sends every platform event to each consumer queue through one rule, with a dead-letter queue for undeliverable ones', () => {
    ops().resourceCountIs('AWS::Events::EventBus', 1);
    const busRules = ofType(dev.resources, 'AWS::Events::Rule').filter(([, r]) => r.Properties.EventBusName);
    expect(busRules).toHaveLength(1);
    const targets: any[] = busRules[0]![1].Properties.Targets;
    expect(targets).toHaveLength(QUEUE_CONSUMERS.length);
    for (const target of targets) {
      expect(dev.resources[target.Arn['Fn::GetAtt'][0]]!.Type).toBe('AWS::SQS::Queue');
      expect(target.DeadLetterConfig.Arn).toBeDefined();
    }
  });

  it('consumes each queue with its consumer function, reporting partial batch failures; each queue has a dead-letter queue', () => {
    // The collection queue is fed by the close-of-business schedule, not by the bus (its own test below).
    const sqsMappings = mappings().filter(
      (m) => !m.StartingPosition && bundleOf(m.FunctionName) !== 'collection-consumer',
    );
    expect(sqsMappings.map((m) => bundleOf(m.FunctionName)).sort()).toEqual(QUEUE_CONSUMERS.map((c) => c.name).sort());
    for (const mapping of sqsMappings) {
      expect(mapping.FunctionResponseTypes, String(bundleOf(mapping.FunctionName))).toEqual([
        'ReportBatchItemFailures',
      ]);
      expect(mapping.BatchSize).toBe(10);
      const queue = dev.resources[mapping.EventSourceArn['Fn::GetAtt'][0]]!.Properties;
      expect(queue.RedrivePolicy.maxReceiveCount).toBe(MAX_RECEIVE_COUNT);
      const dlq = dev.resources[queue.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]]!;
      expect(dlq.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
      const fn = dev.resources[dev.resourceOf(mapping.FunctionName, 'operations')]!.Properties;
      // Lambda's SQS event source wants the visibility timeout at least 6x the function's timeout.
      expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(6 * fn.Timeout);
    }
    for (const [, queue] of ofType(dev.resources, 'AWS::SQS::Queue'))
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
  });

  it("runs the close of business from an EventBridge Scheduler schedule after midnight in the lender's zone, through a queue with its consumer and dead-letter queue", () => {
    const schedules = ofType(dev.resources, 'AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(1);
    const schedule = schedules[0]![1] as any;
    expect(schedule.Properties.ScheduleExpression).toBe('cron(5 0 * * ? *)');
    expect(schedule.Properties.ScheduleExpressionTimezone).toBe('America/New_York');
    const target = schedule.Properties.Target;
    const queueId = target.Arn['Fn::GetAtt'][0];
    const queue = dev.resources[queueId]!;
    expect(queue.Type).toBe('AWS::SQS::Queue');
    expect(target.DeadLetterConfig.Arn['Fn::GetAtt'][0]).toBe(
      queue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0],
    );
    expect(queue.Properties.RedrivePolicy.maxReceiveCount).toBe(MAX_RECEIVE_COUNT);
    const mapping = mappings().find((m) => m.EventSourceArn?.['Fn::GetAtt']?.[0] === queueId)!;
    expect(bundleOf(mapping.FunctionName)).toBe('collection-consumer');
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping.BatchSize).toBe(1);
    const fn = dev.resources[dev.resourceOf(mapping.FunctionName, 'operations')]!.Properties;
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * fn.Timeout);
    // Its dead-letter queue is alarmed like every other. The alarms live in the monitoring stack, where the queue is
    // a parameter (a cross-stack reference): resolve it to the queue's logical id before comparing.
    const watched = ofType(dev.resources, 'AWS::CloudWatch::Alarm')
      .map(([, a]) => a.Properties)
      .filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible')
      .map((a) => dev.resourceOf(a.Dimensions.find((d: any) => d.Name === 'QueueName').Value, 'monitoring'));
    expect(watched).toContain(queue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]);
  });

  it('retries webhooks on a schedule every minute (each delivery given up 72 h after its event), and runs the scheduled jobs', () => {
    const schedules = ofType(dev.resources, 'AWS::Events::Rule').filter(([, r]) => r.Properties.ScheduleExpression);
    const byBundle = new Map(
      schedules.map(([, r]) => [
        bundleOf({ 'Fn::GetAtt': [r.Properties.Targets[0].Arn['Fn::GetAtt'][0], 'Arn'] }),
        r.Properties,
      ]),
    );
    expect([...byBundle.keys()].sort()).toEqual(['scheduled-jobs', 'webhook-retry']);
    for (const rule of byBundle.values()) {
      expect(rule.ScheduleExpression).toBe('rate(1 minute)');
      expect(rule.State).toBe('ENABLED');
    }
    expect(GIVE_UP_SECONDS).toBe(72 * 3600);
  });

  it('serves the vendor callbacks (/webhooks/*) from the webhooks route group', () => {
    const callbacks = routes.filter((r) => r.path.startsWith('/webhooks/'));
    expect(callbacks.length).toBeGreaterThan(0);
    const keys = new Set(ofType(dev.resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey));
    for (const route of callbacks) expect(keys, route.path).toContain(`${route.method} ${route.path}`);
    expect(apiPathPatternsFor('prod')).toContain('/webhooks/*');
  });
});

describe('secrets', () => {
  const secretsOf = (s: Synthesized) => ofType(s.resources, 'AWS::SecretsManager::Secret');

  it('keeps vendor keys and callback secrets in one Secrets Manager secret; dev generates the sandbox callback seed', () => {
    const [[, secret]] = secretsOf(dev) as [[string, Resource]];
    expect(secretsOf(dev)).toHaveLength(1);
    expect(secret.Properties.Name).toBe('lease-to-own/dev/platform');
    expect(secret.Properties.GenerateSecretString).toMatchObject({
      SecretStringTemplate: '{}',
      GenerateStringKey: SANDBOX_CALLBACK_SEED,
    });
    const [[, prodSecret]] = secretsOf(prod) as [[string, Resource]];
    expect(prodSecret.Properties.SecretString).toBe('{}');
    expect(prodSecret.DeletionPolicy).toBe('Retain');
  });

  it('gives every function the secret by ARN and read access to it, and no secret in its environment', () => {
    const [[secretId]] = secretsOf(dev) as [[string, Resource]];
    const groupIds = new Set(groupFunctions(dev.resources).values());
    const functions = [...groupIds, ...eventFunctions(dev.resources).values()];
    expect(functions.length).toBe(groupsForStage(routes, 'dev').length + Object.keys(EVENT_FUNCTION_ENTRIES).length);
    for (const id of functions) {
      const fn = dev.resources[id]!.Properties;
      const where: TemplateName = groupIds.has(id) ? 'functions' : 'operations';
      expect(dev.resourceOf(fn.Environment.Variables.PLATFORM_SECRET_ARN, where), id).toBe(secretId);
      for (const name of SECRET_NAMES) expect(fn.Environment.Variables[name], `${id} ${name}`).toBeUndefined();
      const statements = statementsOfRole(dev.resources, fn.Role['Fn::GetAtt'][0]);
      const reads = statements.filter((st) => [st.Action].flat().includes('secretsmanager:GetSecretValue'));
      expect(
        reads.map((st) => dev.resourceOf(st.Resource, where)),
        id,
      ).toEqual([secretId]);
    }
  });
});

describe('alarms', () => {
  const alarms = () => ofType(dev.resources, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties);
  const metricOf = (name: string) => alarms().filter((a) => a.MetricName === name);

  it('alarms on errors of every function (route groups and event functions)', () => {
    const errors = metricOf('Errors');
    const alarmed = new Set(
      errors.map((a) => dev.resourceOf(a.Dimensions.find((d: any) => d.Name === 'FunctionName').Value, 'monitoring')),
    );
    const functions = [...groupFunctions(dev.resources).values(), ...eventFunctions(dev.resources).values()];
    expect(alarmed).toEqual(new Set(functions));
    for (const alarm of errors) {
      expect(alarm.Namespace).toBe('AWS/Lambda');
      expect(alarm.Threshold).toBe(1);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
  });

  it('alarms when any dead-letter queue holds a message, when a consumer queue lags and when the relay lags', () => {
    const deadLetterQueues = new Set(
      ofType(dev.resources, 'AWS::SQS::Queue')
        .filter(([, q]) => !q.Properties.RedrivePolicy)
        .map(([id]) => id),
    );
    // One per consumer queue, the relay's and the event rules', and the collection queue's (servicing).
    expect(deadLetterQueues.size).toBe(QUEUE_CONSUMERS.length + 3);
    const depth = metricOf('ApproximateNumberOfMessagesVisible');
    const watched = new Set(
      depth.map((a) => dev.resourceOf(a.Dimensions.find((d: any) => d.Name === 'QueueName').Value, 'monitoring')),
    );
    expect(watched).toEqual(deadLetterQueues);
    for (const alarm of depth) {
      expect(alarm.Threshold).toBe(1);
      expect(alarm.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    }
    // The bus consumers' queues and the collection queue.
    expect(metricOf('ApproximateAgeOfOldestMessage')).toHaveLength(QUEUE_CONSUMERS.length + 1);
    expect(metricOf('IteratorAge')).toHaveLength(1);
  });

  it('sends every alarm to the alarm topic', () => {
    const [[topicId]] = ofType(dev.resources, 'AWS::SNS::Topic') as [[string, Resource]];
    for (const alarm of alarms())
      expect(alarm.AlarmActions.map((a: any) => dev.resourceOf(a, 'monitoring'))).toEqual([topicId]);
    // CloudWatch may publish to it (the enforceSSL topic policy replaces SNS's default policy).
    const [[, policy]] = ofType(dev.resources, 'AWS::SNS::TopicPolicy') as [[string, Resource]];
    expect(policy.Properties.PolicyDocument.Statement).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Allow',
          Action: 'sns:Publish',
          Principal: { Service: 'cloudwatch.amazonaws.com' },
        }),
      ]),
    );
  });
});

describe('IAM', () => {
  const statements = (s: Synthesized): { id: string; actions: string[]; resource: unknown }[] =>
    Object.entries(s.resources).flatMap(([id, r]) => {
      const docs =
        r.Type === 'AWS::IAM::Policy'
          ? [r.Properties.PolicyDocument]
          : r.Type === 'AWS::IAM::Role'
            ? (r.Properties.Policies ?? []).map((p: any) => p.PolicyDocument)
            : [];
      return docs.flatMap((d: any) =>
        d.Statement.map((st: any) => ({
          id,
          actions: [st.Action].flat() as string[],
          resource: st.Resource as unknown,
        })),
      );
    });
  /** CDK's BucketDeployment (web.ts: the public site assets, no data) grants S3 action families; it is not ours to narrow. */
  const isSiteDeployment = (id: string) => id.startsWith('CustomCDKBucketDeployment');

  it('has no wildcard action: none on data (dynamodb, s3, kms, secretsmanager, sqs) and no service-wide one anywhere', () => {
    for (const s of [dev, prod]) {
      const all = statements(s);
      expect(all.length).toBeGreaterThan(0);
      const serviceWide = all.flatMap((st) =>
        st.actions.filter((a) => a === '*' || /^[a-z0-9-]+:\*$/.test(a)).map((a) => `${st.id}: ${a}`),
      );
      expect(serviceWide).toEqual([]);
      const onData = all
        .filter((st) => !isSiteDeployment(st.id))
        .flatMap((st) =>
          st.actions
            .filter((a) => /^(dynamodb|s3|kms|secretsmanager|sqs):/.test(a) && a.includes('*'))
            .map((a) => `${st.id}: ${a}`),
        );
      expect(onData).toEqual([]);
    }
  });

  it('never grants a data action on every resource', () => {
    const open = statements(dev).filter(
      (st) => st.resource === '*' && st.actions.some((a) => /^(dynamodb|s3|kms|secretsmanager|sqs):/.test(a)),
    );
    expect(open.map((st) => `${st.id}: ${st.actions.join(',')}`)).toEqual([]);
  });
});

describe('outputs', () => {
  it('exports the API URL, the distribution URL, the table name, the bucket name, the secret and the alarm topic', () => {
    for (const name of [
      'ApiUrl',
      'DistributionUrl',
      'TableName',
      'BucketName',
      'EventBusName',
      'WebhookQueueUrl',
      'PlatformSecretName',
      'AlarmTopicArn',
    ])
      dev.template.hasOutput(name, {});
  });
});

describe('bundles (budgets: infra/bundles.ts; report: npm run bench:bundles)', () => {
  let bundles: AssemblyBundle[];
  beforeAll(() => {
    bundles = assemblyBundles(dev.assemblyDir);
  });
  const code = (b: AssemblyBundle) => fs.readFileSync(b.entry, 'utf8');

  it('has one bundle per deployed route group and per event function, each with its stats', () => {
    expect(bundles.map((b) => b.name).sort()).toEqual(
      [...groupsForStage(routes, 'dev'), ...Object.keys(EVENT_FUNCTION_ENTRIES)].sort(),
    );
    for (const b of bundles) expect(Object.keys(b.packages), b.name).toContain('app');
  });

  it('keeps every bundle within its budget: our code and the bundled AWS SDK clients', () => {
    const over = bundles.flatMap((b) => {
      const budget = bundleBudgetFor(b.name);
      return [
        ...(kb(b.appBytes) > budget.appKb
          ? [`${b.name}: code ${kb(b.appBytes).toFixed(0)} KB > ${budget.appKb} KB`]
          : []),
        ...(kb(b.sdkBytes) > budget.sdkKb
          ? [`${b.name}: AWS SDK ${kb(b.sdkBytes).toFixed(0)} KB > ${budget.sdkKb} KB`]
          : []),
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
        expect(
          fs.existsSync(path.join(b.dir, 'node_modules', name, 'index.mjs')),
          `${b.name}: node_modules/${name}`,
        ).toBe(dynamic);
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

  it('touches only the providers its entry names (lambdaDeps({ ... }) in functions/http/<group>.ts, eventFunctionDeps({ ... }) in functions/events)', async () => {
    // Every offender at once, not only the first bundle's.
    const unnamed: string[] = [];
    for (const b of bundles) {
      const used = new Set([...code(b).matchAll(/\.providers\.(\w+)/g)].map((m) => m[1]!));
      // Event entries are functions/events/<name>-lambda.ts (checked in 'events'); vite resolves one variable level.
      const { handler } = (
        b.name in EVENT_FUNCTION_ENTRIES
          ? await import(`../../functions/events/${b.name}-lambda.ts`)
          : await import(`../../functions/http/${b.name}.ts`)
      ) as { handler: { providers: readonly string[] } };
      unnamed.push(...[...used].filter((key) => !handler.providers.includes(key)).map((key) => `${b.name}: ${key}`));
    }
    expect(unnamed).toEqual([]);
  });
});
