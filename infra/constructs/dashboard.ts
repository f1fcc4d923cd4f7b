import { Duration } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  METRIC,
  METRICS_NAMESPACE,
  OUTCOME_DIMENSION,
  serviceNameFor,
  type BusinessMetricName,
} from '../../functions/platform/business-metrics.ts';

/** A business metric of the stage (functions/platform/business-metrics.ts, written as EMF by the functions). */
export function businessMetric(
  stage: string,
  name: BusinessMetricName,
  options: { outcome?: string; statistic?: string; period?: Duration } = {},
): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: {
      service: serviceNameFor(stage),
      ...(options.outcome ? { [OUTCOME_DIMENSION]: options.outcome } : {}),
    },
    statistic: options.statistic ?? 'Sum',
    period: options.period ?? Duration.minutes(5),
    ...(options.outcome ? { label: `${name} ${options.outcome}` } : {}),
  });
}

export interface DashboardProps {
  stage: string;
  functions: ReadonlyMap<string, lambda.IFunction>;
  consumerQueues: ReadonlyMap<string, sqs.IQueue>;
  deadLetterQueues: ReadonlyMap<string, sqs.IQueue>;
  httpApi: apigwv2.IHttpApi;
  table: dynamodb.ITableV2;
}

/**
 * The stage's one dashboard: the business first (applications, decisions, latency, checkouts, webhooks, payments),
 * then the machinery (API latency percentiles and errors, function errors, queue depths and ages, dead letters,
 * DynamoDB throttles). Built from what the stacks contain, so a function or queue added later is on it.
 */
export class Dashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: DashboardProps) {
    super(scope, id);
    const { stage } = props;
    const metric = (name: BusinessMetricName, options?: Parameters<typeof businessMetric>[2]) =>
      businessMetric(stage, name, options);
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8) =>
      new cloudwatch.GraphWidget({ title, left, width, height: 6 });
    const api = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.httpApi.apiId },
        statistic,
        period: Duration.minutes(5),
        label: `${metricName} ${statistic}`,
      });
    const table = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.table.tableName },
        statistic: 'Sum',
        period: Duration.minutes(5),
      });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `lease-to-own-${stage}`,
      defaultInterval: Duration.hours(24),
    });
    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `# lease-to-own ${stage}\nBusiness metrics (namespace ${METRICS_NAMESPACE}), then the API, functions, queues and table.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      graph('Applications and checkouts completed', [metric(METRIC.applications), metric(METRIC.checkoutsCompleted)]),
      graph('Decisions by outcome', [
        metric(METRIC.decisions, { outcome: 'approved' }),
        metric(METRIC.decisions, { outcome: 'denied' }),
      ]),
      graph(
        'Decision latency (ms)',
        ['p50', 'p90', 'p99'].map((statistic) => metric(METRIC.decisionLatency, { statistic })),
      ),
    );
    this.dashboard.addWidgets(
      graph('Webhooks delivered and failed', [metric(METRIC.webhooksDelivered), metric(METRIC.webhooksFailed)]),
      graph(
        'Payments by outcome',
        ['collected', 'declined', 'returned'].map((outcome) => metric(METRIC.payments, { outcome })),
      ),
      graph('API latency (ms)', [api('Latency', 'p50'), api('Latency', 'p90'), api('Latency', 'p99')]),
    );
    this.dashboard.addWidgets(
      graph('API requests and errors', [api('Count', 'Sum'), api('4xx', 'Sum'), api('5xx', 'Sum')]),
      graph(
        'Function errors',
        [...props.functions].map(([name, fn]) => fn.metricErrors({ period: Duration.minutes(5), label: name })),
      ),
      graph(
        'Function duration p99 (ms)',
        [...props.functions].map(([name, fn]) =>
          fn.metricDuration({ period: Duration.minutes(5), statistic: 'p99', label: name }),
        ),
      ),
    );
    this.dashboard.addWidgets(
      graph(
        'Queue depth',
        [...props.consumerQueues].map(([name, q]) =>
          q.metricApproximateNumberOfMessagesVisible({ label: name, statistic: 'Maximum' }),
        ),
      ),
      graph(
        'Oldest message age (s)',
        [...props.consumerQueues].map(([name, q]) =>
          q.metricApproximateAgeOfOldestMessage({ label: name, statistic: 'Maximum' }),
        ),
      ),
      graph(
        'Dead letters',
        [...props.deadLetterQueues].map(([name, q]) =>
          q.metricApproximateNumberOfMessagesVisible({ label: name, statistic: 'Maximum' }),
        ),
      ),
    );
    this.dashboard.addWidgets(
      graph(
        'DynamoDB throttles',
        [table('ReadThrottleEvents'), table('WriteThrottleEvents'), table('ThrottledRequests')],
        24,
      ),
    );
  }
}
