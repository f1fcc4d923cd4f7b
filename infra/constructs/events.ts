import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Keys } from './keys.ts';
import { acknowledge } from './nag.ts';
import { createNodeFunction } from './node-function.ts';
import type { PlatformSecret } from './secrets.ts';

/**
 * The event and scheduled functions: bundle name -> entry (each exports `handler`, and `handler.providers`, the third
 * parties it may touch). Each is the AWS twin of a moving part of the local runtime (functions/local/main.ts).
 */
export const EVENT_FUNCTION_ENTRIES = {
  /** The outbox poller (relayOutbox every 250 ms) -> the table's stream. */
  'outbox-relay': 'functions/events/outbox-relay-lambda.ts',
  /** Bus subscriber `webhooks.dispatchEvent` -> the webhook-dispatch queue. */
  'webhook-dispatch': 'functions/events/webhook-dispatch-lambda.ts',
  /** Bus subscriber `onApplicationEvent` -> the checkout-consumer queue. */
  'checkout-consumer': 'functions/events/checkout-consumer-lambda.ts',
  /** Bus subscriber `onLeaseRelevantEvent` -> the lease-consumer queue. */
  'lease-consumer': 'functions/events/lease-consumer-lambda.ts',
  /** Bus subscriber `onReportEvent` -> the reports-consumer queue. */
  'reports-consumer': 'functions/events/reports-consumer-lambda.ts',
  /** The poller running `webhooks.retryDue()` every 5 s -> a schedule every minute. */
  'webhook-retry': 'functions/events/webhook-retry-lambda.ts',
  /** Push notifications due (on read locally) and the outbox sweep -> a schedule every minute. */
  'scheduled-jobs': 'functions/events/scheduled-jobs-lambda.ts',
  /** The close-of-business interval (servicing, issue 22) -> a daily schedule -> the collection queue. */
  'collection-consumer': 'functions/events/collection-consumer-lambda.ts',
} as const;

/** The collection queue's consumer: closing a day charges every due installment (minutes at 100,000 leases). */
export const COLLECTION_TIMEOUT_SECONDS = 900;
/** After midnight in the lender's time zone (functions/services/servicing/clock.ts LENDER_TIME_ZONE). */
export const CLOSE_OF_BUSINESS_CRON = { minute: '5', hour: '0' } as const;

export type EventFunctionName = keyof typeof EVENT_FUNCTION_ENTRIES;

/** Kept for the infra test and older callers. */
export const OUTBOX_RELAY_ENTRY = EVENT_FUNCTION_ENTRIES['outbox-relay'];

/** The queue consumers: one queue (and dead-letter queue) each, so one consumer's failures never replay another's. */
export const QUEUE_CONSUMERS = [
  // A batch's attempts run concurrently (10 s timeout each: webhook-dispatch-lambda.ts).
  { name: 'webhook-dispatch', id: 'Webhook', timeoutSeconds: 30 },
  { name: 'checkout-consumer', id: 'CheckoutConsumer', timeoutSeconds: 60 },
  { name: 'lease-consumer', id: 'LeaseConsumer', timeoutSeconds: 60 },
  { name: 'reports-consumer', id: 'ReportsConsumer', timeoutSeconds: 60 },
] as const satisfies readonly { name: EventFunctionName; id: string; timeoutSeconds: number }[];

/** Every minute: EventBridge's finest rate. The first webhook retry is due 30 s after a failure (webhook-dispatcher.ts). */
export const SCHEDULE_RATE = Duration.minutes(1);

export interface EventsProps {
  stage: string;
  projectRoot: string;
  table: dynamodb.ITableV2;
  keys: Keys;
  secret: PlatformSecret;
}

export const DLQ_RETENTION = Duration.days(14);
export const MAX_RECEIVE_COUNT = 5;

/**
 * Outbound events and the jobs on a clock:
 * - the outbox relay (on the table's stream) publishes aggregate events to the platform bus;
 * - one rule sends every event on the bus to each consumer's SQS queue (webhook dispatch, checkout, lease and
 *   reports consumers), each queue with its consumer function (partial batch failures) and a dead-letter queue;
 * - two schedules: webhook retries, and the scheduled jobs (push notifications due, the outbox sweep).
 */
export class Events extends Construct {
  readonly bus: events.EventBus;
  readonly webhookQueue: sqs.Queue;
  readonly webhookDeadLetterQueue: sqs.Queue;
  readonly outboxRelay: nodejs.NodejsFunction;
  /** Every function of this construct, by bundle name. */
  readonly functions = new Map<EventFunctionName, nodejs.NodejsFunction>();
  /** Consumer queues (messages waiting) by consumer name. */
  readonly queues = new Map<EventFunctionName, sqs.Queue>();
  /** Every dead-letter queue: anything in one is an event or record that failed every retry. */
  readonly deadLetterQueues: sqs.Queue[] = [];

  constructor(scope: Construct, id: string, props: EventsProps) {
    super(scope, id);
    const { stage, projectRoot } = props;

    // No physical name: CloudFormation names it, so the bus can move between stacks without a name clash.
    this.bus = new events.EventBus(this, 'Bus', { description: `lease-to-own ${stage}: platform events (outbox)` });

    const deadLetterQueue = (queueId: string) => {
      const q = new sqs.Queue(this, queueId, {
        // SSE-SQS: EventBridge can deliver to it without a KMS key policy; events carry no plaintext PII.
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: DLQ_RETENTION,
      });
      this.deadLetterQueues.push(q);
      acknowledge(
        q,
        'Serverless-SQSRedrivePolicy',
        'A dead-letter queue: its messages failed every retry; an operator inspects them and redrives them to the source (alarmed)',
      );
      return q;
    };

    const eventFunction = (
      name: EventFunctionName,
      functionId: string,
      description: string,
      timeoutSeconds: number,
      options: { pii?: boolean; invocation?: 'sync' | 'schedule' } = {},
    ) => {
      const fn = createNodeFunction(this, functionId, {
        bundleName: name,
        stage,
        projectRoot,
        entry: EVENT_FUNCTION_ENTRIES[name],
        description: `lease-to-own ${stage}: ${description}`,
        timeoutSeconds,
        memoryMb: 512,
        invocation: options.invocation ?? 'sync',
        environment: {
          TABLE_NAME: props.table.tableName,
          ...props.keys.environment,
          ...props.secret.environment,
          EVENT_BUS_NAME: this.bus.eventBusName,
        },
      });
      // The same dependencies as a route group: the table, the PII keys (webhook bodies, lease records and reports
      // read sealed records; the relay does not) and the platform secret. Grants name each action.
      props.table.grantReadWriteData(fn);
      if (options.pii !== false) props.keys.grantPiiUse(fn);
      props.secret.grantRead(fn);
      this.functions.set(name, fn);
      return fn;
    };

    // --- The outbox relay on the table stream.
    const relay = eventFunction(
      'outbox-relay',
      'OutboxRelayFunction',
      'publishes aggregate outbox events to EventBridge',
      60,
      { pii: false },
    );
    this.bus.grantPutEventsTo(relay);
    // Stream records that failed every retry (metadata only: shard and sequence numbers). The scheduled outbox sweep
    // relays their items anyway; the alarm on this queue says that it had to.
    const relayDeadLetterQueue = deadLetterQueue('OutboxRelayDeadLetterQueue');
    acknowledge(
      relayDeadLetterQueue,
      'AwsSolutions-SQS3',
      "The stream event source mapping's failure destination (a dead-letter queue itself, not a redrive source)",
    );
    relay.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: 10,
        onFailure: new SqsDlq(relayDeadLetterQueue),
        filters: [
          // Only writes that leave events in the item's `outbox` list (a list of maps, each with an id).
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: { NewImage: { outbox: { L: { M: { id: { S: lambda.FilterRule.exists() } } } } } },
          }),
        ],
      }),
    );
    this.outboxRelay = relay;

    // --- The consumers: bus -> queue -> function, each with its dead-letter queue.
    // Events EventBridge could not deliver to a queue at all (after its own retries).
    const ruleDeadLetterQueue = deadLetterQueue('EventRuleDeadLetterQueue');
    acknowledge(
      ruleDeadLetterQueue,
      'AwsSolutions-SQS3',
      "The EventBridge rule targets' dead-letter queue (a dead-letter queue itself, not a redrive source)",
    );
    const ruleTargets: targets.SqsQueue[] = [];
    const consumerDeadLetterQueues = new Map<EventFunctionName, sqs.Queue>();
    for (const consumer of QUEUE_CONSUMERS) {
      const dlq = deadLetterQueue(`${consumer.id}DeadLetterQueue`);
      const queue = new sqs.Queue(this, `${consumer.id}Queue`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: dlq, maxReceiveCount: MAX_RECEIVE_COUNT },
        // At least 6x the consumer's timeout, as Lambda's SQS event source recommends.
        visibilityTimeout: Duration.seconds(6 * consumer.timeoutSeconds),
      });
      this.queues.set(consumer.name, queue);
      ruleTargets.push(
        new targets.SqsQueue(queue, {
          deadLetterQueue: ruleDeadLetterQueue,
          retryAttempts: 185,
          maxEventAge: Duration.hours(24),
        }),
      );
      const fn = eventFunction(
        consumer.name,
        `${consumer.id}Function`,
        `consumes platform events (${consumer.name})`,
        consumer.timeoutSeconds,
      );
      const source = new SqsEventSource(queue, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(1),
        // Only the failed messages of a batch are retried (the handler returns their ids in batchItemFailures).
        reportBatchItemFailures: true,
      });
      fn.addEventSource(source);
      acknowledge(
        fn,
        'Serverless-LambdaEventSourceMappingDestination',
        "An SQS event source mapping has no failure destination: the queue's redrive policy moves a message that failed every receive to its dead-letter queue",
      );
      consumerDeadLetterQueues.set(consumer.name, dlq);
    }
    this.webhookQueue = this.queues.get('webhook-dispatch')!;
    this.webhookDeadLetterQueue = consumerDeadLetterQueues.get('webhook-dispatch')!;

    new events.Rule(this, 'ConsumersRule', {
      eventBus: this.bus,
      description: 'Every platform event goes to each consumer queue (webhooks, checkout, lease records, reports)',
      // The bus is ours alone: everything our account publishes on it is a platform event.
      eventPattern: { account: [Stack.of(this).account] },
      targets: ruleTargets,
    });

    // --- The schedules (the default bus). A missed minute is caught up by the next run.
    const retry = eventFunction(
      'webhook-retry',
      'WebhookRetryFunction',
      'retries due retailer webhook deliveries (for 72 h after the event)',
      120,
      { invocation: 'schedule' },
    );
    new events.Rule(this, 'WebhookRetrySchedule', {
      description: 'Retries due webhook deliveries every minute; each is given up 72 h after its event',
      schedule: events.Schedule.rate(SCHEDULE_RATE),
      targets: [new targets.LambdaFunction(retry, { retryAttempts: 0, deadLetterQueue: ruleDeadLetterQueue })],
    });
    const jobs = eventFunction(
      'scheduled-jobs',
      'ScheduledJobsFunction',
      'scheduled jobs: push notifications due, outbox sweep',
      120,
      { invocation: 'schedule' },
    );
    this.bus.grantPutEventsTo(jobs);
    new events.Rule(this, 'ScheduledJobsSchedule', {
      description: 'Sends the push notifications that are due and relays outbox events the stream missed, every minute',
      schedule: events.Schedule.rate(SCHEDULE_RATE),
      targets: [new targets.LambdaFunction(jobs, { retryAttempts: 0, deadLetterQueue: ruleDeadLetterQueue })],
    });

    // --- Servicing's close of business: EventBridge Scheduler -> the collection queue -> its consumer, which charges
    // each due installment (idempotent per installment attempt, so a redelivery never charges twice).
    const collectionDeadLetterQueue = deadLetterQueue('CollectionDeadLetterQueue');
    const collectionQueue = new sqs.Queue(this, 'CollectionQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: collectionDeadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
      visibilityTimeout: Duration.seconds(6 * COLLECTION_TIMEOUT_SECONDS),
    });
    this.queues.set('collection-consumer', collectionQueue);
    const collection = eventFunction(
      'collection-consumer',
      'CollectionConsumerFunction',
      'servicing close of business: charges the installments due (card vault, ACH)',
      COLLECTION_TIMEOUT_SECONDS,
    );
    collection.addEventSource(new SqsEventSource(collectionQueue, { batchSize: 1, reportBatchItemFailures: true }));
    acknowledge(
      collection,
      'Serverless-LambdaEventSourceMappingDestination',
      "An SQS event source mapping has no failure destination: the queue's redrive policy moves a message that failed every receive to its dead-letter queue",
    );
    new scheduler.Schedule(this, 'CloseOfBusinessSchedule', {
      description: "Closes the lender's business day: every installment due is charged once (servicing)",
      schedule: scheduler.ScheduleExpression.cron({ ...CLOSE_OF_BUSINESS_CRON, timeZone: TimeZone.AMERICA_NEW_YORK }),
      target: new schedulerTargets.SqsSendMessage(collectionQueue, {
        input: scheduler.ScheduleTargetInput.fromObject({ job: 'close-of-business' }),
        deadLetterQueue: collectionDeadLetterQueue,
        retryAttempts: 10,
        maxEventAge: Duration.hours(6),
      }),
    });
  }
}
