import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/http/routes.ts';
import { METRIC, METRICS_NAMESPACE, serviceNameFor } from '../../functions/platform/business-metrics.ts';
import {
  MANAGED_RULE_GROUPS,
  UNAUTHENTICATED_PREFIXES,
  UNAUTHENTICATED_RATE_LIMIT,
} from '../../infra/constructs/edge-protection.ts';
import type { Route } from '../../infra/constructs/settings.ts';
import { EdgeStack } from '../../infra/stacks/edge-stack.ts';
import { PlatformStack } from '../../infra/stacks/platform-stack.ts';

// Operating the platform in AWS (issue 26): the dashboard and the business alarms, AWS WAF at the edge, and a
// redeploy that keeps every stateful resource. The prod stage, bundling skipped: only the templates matter here.

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/lease-to-own-prod-cloudfront/0000';

function synth(options: { routes?: readonly Route[]; alarmEmail?: string; context?: Record<string, string> } = {}) {
  const { context, ...props } = options;
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new PlatformStack(app, 'LeaseToOwn-prod', { stage: 'prod', webAclArn: WEB_ACL_ARN, ...props });
  const edge = new EdgeStack(app, 'LeaseToOwn-prod-edge', { stage: 'prod', env: { region: 'us-east-1' } });
  const templates = {
    root: Template.fromStack(stack).toJSON(),
    functions: Template.fromStack(stack.apiFunctions).toJSON(),
    operations: Template.fromStack(stack.operations).toJSON(),
    monitoring: Template.fromStack(stack.monitoring).toJSON(),
  };
  const resources = Object.assign({}, ...Object.values(templates).map((t) => t.Resources)) as Record<string, Resource>;
  return { stack, templates, resources, edge: Template.fromStack(edge).toJSON() };
}

const ofType = (resources: Record<string, Resource>, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

let first: ReturnType<typeof synth>;
beforeAll(() => {
  first = synth();
}, 300_000);

describe('dashboard', () => {
  it('has one dashboard per stage with the business metrics, every function, every queue and the table throttles', () => {
    const dashboards = ofType(first.resources, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const [, dashboard] = dashboards[0]!;
    expect(dashboard.Properties.DashboardName).toBe('lease-to-own-prod');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const name of Object.values(METRIC)) expect(body, name).toContain(`\\"${name}\\"`);
    expect(body).toContain(METRICS_NAMESPACE);
    expect(body).toContain(serviceNameFor('prod'));
    for (const statistic of ['p50', 'p90', 'p99']) expect(body).toContain(statistic);
    for (const metric of ['ApproximateAgeOfOldestMessage', 'ApproximateNumberOfMessagesVisible', 'WriteThrottleEvents'])
      expect(body).toContain(metric);
    // Every function of the stacks is on the errors graph (a function added later is too).
    for (const name of [...first.stack.api.functions.keys(), ...first.stack.events.functions.keys()])
      expect(body, name).toContain(`\\"label\\":\\"${name}\\"`);
  });
});

describe('business alarms', () => {
  const alarmNamed = (fragment: string) => {
    const found = ofType(first.resources, 'AWS::CloudWatch::Alarm').find(([id]) => id.includes(fragment));
    if (!found) throw new Error(`no alarm ${fragment}`);
    return found[1].Properties;
  };
  const topicId = () => ofType(first.resources, 'AWS::SNS::Topic')[0]![0];

  it('alarms when applications came in for an hour and none was approved', () => {
    const alarm = alarmNamed('NoApprovals');
    const expression = alarm.Metrics.find((m: any) => m.Expression).Expression as string;
    expect(expression).toMatch(/IF\(FILL\(apps, 0\) >= \d+ AND FILL\(approved, 0\) == 0, 1, 0\)/);
    const approved = alarm.Metrics.find((m: any) => m.Id === 'approved').MetricStat;
    expect(approved.Metric.MetricName).toBe(METRIC.decisions);
    expect(approved.Metric.Namespace).toBe(METRICS_NAMESPACE);
    expect(approved.Metric.Dimensions).toEqual(
      expect.arrayContaining([
        { Name: 'Outcome', Value: 'approved' },
        { Name: 'service', Value: 'lease-to-own-prod' },
      ]),
    );
    expect(approved.Period).toBe(3600);
    expect(alarm.AlarmActions).toEqual([{ Ref: topicId() }]);
  });

  it('alarms when the share of failed webhook attempts is above the rate', () => {
    const alarm = alarmNamed('WebhookFailureRate');
    const ids = alarm.Metrics.filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat.Metric.MetricName);
    expect(ids.sort()).toEqual([METRIC.webhooksDelivered, METRIC.webhooksFailed].sort());
    expect(alarm.Threshold).toBe(20);
    expect(alarm.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    expect(alarm.AlarmActions).toEqual([{ Ref: topicId() }]);
  });
});

describe('AWS WAF at the edge', () => {
  const webAcl = () => ofType(first.edge.Resources, 'AWS::WAFv2::WebACL')[0]![1].Properties;

  it('has a CloudFront web ACL in us-east-1 with the AWS managed rule groups', () => {
    expect(first.edge.Resources).toBeDefined();
    expect(webAcl().Scope).toBe('CLOUDFRONT');
    const managed = webAcl()
      .Rules.filter((r: any) => r.Statement.ManagedRuleGroupStatement)
      .map((r: any) => r.Statement.ManagedRuleGroupStatement.Name);
    expect(managed).toEqual([...MANAGED_RULE_GROUPS]);
  });

  it('rate-limits each IP on the unauthenticated routes: sign-in, PIN, sign-up, lessee sign-in', () => {
    const rule = webAcl().Rules.find((r: any) => r.Statement.RateBasedStatement);
    expect(rule.Action).toEqual({ Block: {} });
    const rate = rule.Statement.RateBasedStatement;
    expect(rate.Limit).toBe(UNAUTHENTICATED_RATE_LIMIT);
    expect(rate.AggregateKeyType).toBe('IP');
    const prefixes = rate.ScopeDownStatement.OrStatement.Statements.map((s: any) => s.ByteMatchStatement.SearchString);
    expect(prefixes).toEqual([...UNAUTHENTICATED_PREFIXES]);
    for (const path of [
      '/staff/api/auth/login',
      '/customer/api/auth/code',
      '/apply-v2/application/verify/confirm',
      '/public/signup',
    ])
      expect(
        prefixes.some((p: string) => path.startsWith(p)),
        path,
      ).toBe(true);
    // Authenticated routes are left to the stage throttle and the retailer rate limit.
    expect(prefixes.some((p: string) => '/retailer/v1/checkouts'.startsWith(p))).toBe(false);
  });

  it('puts the web ACL on the distribution, which serves the HTTP API too', () => {
    const [, distribution] = ofType(first.resources, 'AWS::CloudFront::Distribution')[0]!;
    expect(distribution.Properties.DistributionConfig.WebACLId).toBe(WEB_ACL_ARN);
  });
});

describe('a redeploy keeps every stateful resource', () => {
  const STATEFUL = [
    'AWS::DynamoDB::GlobalTable',
    'AWS::Events::EventBus',
    'AWS::SQS::Queue',
    'AWS::S3::Bucket',
    'AWS::KMS::Key',
    'AWS::SecretsManager::Secret',
  ];
  /** The properties whose change makes CloudFormation replace the resource. */
  const REPLACING: Record<string, string[]> = {
    'AWS::DynamoDB::GlobalTable': ['TableName', 'KeySchema'],
    'AWS::Events::EventBus': ['Name'],
    'AWS::SQS::Queue': ['QueueName', 'FifoQueue'],
    'AWS::S3::Bucket': ['BucketName'],
    'AWS::KMS::Key': ['KeySpec', 'KeyUsage'],
    'AWS::SecretsManager::Secret': ['Name'],
  };
  const stateful = (resources: Record<string, Resource>) =>
    new Map(Object.entries(resources).filter(([, r]) => STATEFUL.includes(r.Type)));

  it('has the same stateful resources under the same logical ids after a change, none with a replacing property changed', () => {
    // The change: a route added (a new route and integration in the parent) and an alarm subscriber.
    const extraRoute = { method: 'GET', path: '/api/v1/probe', group: 'system', name: 'probe', auth: 'public' };
    const second = synth({ routes: [...routes, extraRoute as unknown as Route], alarmEmail: 'ops@example.com' });
    const before = stateful(first.resources);
    const after = stateful(second.resources);
    expect(before.size).toBeGreaterThan(10);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [id, resource] of before) {
      const next = after.get(id)!;
      expect(next.Type, id).toBe(resource.Type);
      for (const property of REPLACING[resource.Type]!)
        expect(JSON.stringify(next.Properties[property]), `${id}.${property}`).toBe(
          JSON.stringify(resource.Properties[property]),
        );
    }
    // The nested stacks themselves keep their logical ids (a new id would delete the old stack with its resources).
    const nested = (r: Record<string, Resource>) =>
      Object.entries(r)
        .filter(([, x]) => x.Type === 'AWS::CloudFormation::Stack')
        .map(([id]) => id)
        .sort();
    expect(nested(second.templates.root.Resources)).toEqual(nested(first.templates.root.Resources));
  });

  it('retains the data on stack deletion in prod: table, keys, buckets, secret', () => {
    for (const type of [
      'AWS::DynamoDB::GlobalTable',
      'AWS::KMS::Key',
      'AWS::S3::Bucket',
      'AWS::SecretsManager::Secret',
    ])
      for (const [id, r] of ofType(first.resources, type)) expect(r.DeletionPolicy, id).toBe('Retain');
  });
});

describe('restore (docs/runbooks/restore-table.md)', () => {
  it('points the stage at a restored table with two stage settings, its stream feeding the outbox relay', () => {
    const streamArn =
      'arn:aws:dynamodb:us-east-1:123456789012:table/lease-to-own-prod-restored/stream/2026-11-28T09:00:00.000';
    const restored = synth({
      context: { restoredTableName: 'lease-to-own-prod-restored', restoredTableStreamArn: streamArn },
    });
    expect(ofType(restored.resources, 'AWS::DynamoDB::GlobalTable')).toEqual([]);
    const functions = ofType(restored.resources, 'AWS::Lambda::Function').filter(
      ([, r]) => r.Properties.Environment?.Variables?.TABLE_NAME !== undefined,
    );
    expect(functions.length).toBeGreaterThan(10);
    const names = new Set(functions.map(([, r]) => JSON.stringify(r.Properties.Environment.Variables.TABLE_NAME)));
    // The nested stacks receive it as a parameter: every value is the restored name or a reference to it.
    const parameterValues = JSON.stringify(restored.templates.root);
    expect(parameterValues).toContain('lease-to-own-prod-restored');
    expect(names.size).toBeGreaterThan(0);
    const [, mapping] = ofType(restored.resources, 'AWS::Lambda::EventSourceMapping').find(([, r]) =>
      JSON.stringify(r.Properties.EventSourceArn).includes('stream'),
    )!;
    expect(mapping.Properties.EventSourceArn).toBe(streamArn);
  });

  it('refuses half a setting', () => {
    expect(() => synth({ context: { restoredTableName: 'lease-to-own-prod-restored' } })).toThrow(
      /restoredTableStreamArn/,
    );
  });
});
