import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC } from '../../functions/platform/business-metrics.ts';
import { businessMetric } from './dashboard.ts';
import { COLLECTION_TIMEOUT_SECONDS } from './events.ts';

export interface AlarmsProps {
  stage: string;
  /** Every function, by its bundle name (route group or event function). */
  functions: ReadonlyMap<string, lambda.IFunction>;
  /** Dead-letter queues by a readable name: any message in one is a failure that exhausted its retries. */
  deadLetterQueues: ReadonlyMap<string, sqs.IQueue>;
  /** Consumer queues by consumer name: an old message means the consumer is not keeping up (or keeps failing). */
  consumerQueues: ReadonlyMap<string, sqs.IQueue>;
  /** The stream consumer: its iterator age says how far behind the table's writes it is. */
  streamConsumer: lambda.IFunction;
  /** An e-mail address subscribed to the alarm topic (`-c alarmEmail=...`); without it, subscribe to the topic. */
  alarmEmail?: string;
}

export const ALARM_PERIOD = Duration.minutes(5);
/** No approval in this long while applications kept coming is an outage of the decision path (bureau, rules, code). */
export const NO_APPROVALS_WINDOW = Duration.hours(1);
/** Applications in that hour below which no approval is unremarkable (a quiet night, a dev stage). */
export const NO_APPROVALS_MIN_APPLICATIONS = 5;
/** Webhook attempts failing above this share (percent) over the window, once there are enough attempts to judge. */
export const WEBHOOK_FAILURE_PERCENT = 20;
export const WEBHOOK_FAILURE_WINDOW = Duration.minutes(15);
export const WEBHOOK_FAILURE_MIN_ATTEMPTS = 10;
/** A consumer queue whose oldest message waits this long is behind (or its consumer keeps failing). */
export const QUEUE_AGE_ALARM = Duration.minutes(15);
/**
 * A queue whose consumer may rightly hold a message longer than QUEUE_AGE_ALARM: its oldest message is late only
 * once it is older than the consumer's longest run plus that margin. The close of business may run its whole
 * timeout (900 s) over a large book, so its message is 15 minutes old on a good night.
 */
export const QUEUE_AGE_ALARM_BY_CONSUMER: Readonly<Record<string, Duration>> = {
  'collection-consumer': Duration.seconds(COLLECTION_TIMEOUT_SECONDS).plus(QUEUE_AGE_ALARM),
};
/** The relay is this far behind the table's writes. */
export const STREAM_AGE_ALARM = Duration.minutes(5);

const idOf = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/**
 * Alarms, all sent to one SNS topic: any function error (a crash, a timeout, a failed scheduled job; handlers turn
 * their expected failures into answers, so an error is always worth a look), any message in a dead-letter queue,
 * a consumer queue falling behind, and the stream relay falling behind.
 */
export class Alarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', { displayName: `lease-to-own ${props.stage} alarms`, enforceSSL: true });
    // The topic policy CDK writes for enforceSSL replaces SNS's default one: CloudWatch needs its own allow to publish.
    const stack = Stack.of(this);
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*` },
          StringEquals: { 'aws:SourceAccount': stack.account },
        },
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const action = new actions.SnsAction(this.topic);
    const alarm = (alarmId: string, description: string, metric: cloudwatch.IMetric, threshold: number) => {
      const a = new cloudwatch.Alarm(this, alarmId, {
        alarmDescription: `lease-to-own ${props.stage}: ${description}`,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      this.alarms.push(a);
      return a;
    };

    for (const [name, fn] of props.functions) {
      alarm(
        `${idOf(name)}Errors`,
        `function '${name}' failed (errors in ${ALARM_PERIOD.toMinutes()} minutes)`,
        fn.metricErrors({ period: ALARM_PERIOD, statistic: 'Sum' }),
        1,
      );
    }
    for (const [name, queue] of props.deadLetterQueues) {
      alarm(
        `${idOf(name)}DeadLetters`,
        `dead-letter queue '${name}' holds messages that failed every retry (inspect, fix, then redrive)`,
        queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
        1,
      );
    }
    for (const [name, queue] of props.consumerQueues) {
      const age = QUEUE_AGE_ALARM_BY_CONSUMER[name] ?? QUEUE_AGE_ALARM;
      alarm(
        `${idOf(name)}QueueAge`,
        `queue '${name}' has a message older than ${age.toMinutes()} minutes`,
        queue.metricApproximateAgeOfOldestMessage({ period: ALARM_PERIOD, statistic: 'Maximum' }),
        age.toSeconds(),
      );
    }
    // Business alarms on the functions' EMF metrics (functions/platform/business-metrics.ts).
    const noApprovals = new cloudwatch.MathExpression({
      label: 'applications without any approval',
      expression: `IF(FILL(apps, 0) >= ${NO_APPROVALS_MIN_APPLICATIONS} AND FILL(approved, 0) == 0, 1, 0)`,
      usingMetrics: {
        apps: businessMetric(props.stage, METRIC.applications, { period: NO_APPROVALS_WINDOW }),
        approved: businessMetric(props.stage, METRIC.decisions, { outcome: 'approved', period: NO_APPROVALS_WINDOW }),
      },
      period: NO_APPROVALS_WINDOW,
    });
    alarm(
      'NoApprovals',
      `no application approved in the last ${NO_APPROVALS_WINDOW.toHours()} hour while at least ${NO_APPROVALS_MIN_APPLICATIONS} came in (check the bureau, the scoring settings, the decision function's errors)`,
      noApprovals,
      1,
    );
    const webhookFailures = new cloudwatch.MathExpression({
      label: 'webhook attempts failed (%)',
      expression: `IF(FILL(failed, 0) + FILL(delivered, 0) >= ${WEBHOOK_FAILURE_MIN_ATTEMPTS}, 100 * FILL(failed, 0) / (FILL(failed, 0) + FILL(delivered, 0)), 0)`,
      usingMetrics: {
        failed: businessMetric(props.stage, METRIC.webhooksFailed, { period: WEBHOOK_FAILURE_WINDOW }),
        delivered: businessMetric(props.stage, METRIC.webhooksDelivered, { period: WEBHOOK_FAILURE_WINDOW }),
      },
      period: WEBHOOK_FAILURE_WINDOW,
    });
    alarm(
      'WebhookFailureRate',
      `more than ${WEBHOOK_FAILURE_PERCENT}% of retailer webhook attempts failed in ${WEBHOOK_FAILURE_WINDOW.toMinutes()} minutes (a retailer's endpoint down, or our signing or network)`,
      webhookFailures,
      WEBHOOK_FAILURE_PERCENT,
    );
    alarm(
      'OutboxRelayIteratorAge',
      `the outbox relay is more than ${STREAM_AGE_ALARM.toMinutes()} minutes behind the table's stream`,
      props.streamConsumer.metric('IteratorAge', { period: ALARM_PERIOD, statistic: 'Maximum' }),
      STREAM_AGE_ALARM.toMilliseconds(),
    );
  }
}
