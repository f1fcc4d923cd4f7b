import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Keys } from './keys.ts';
import { createNodeFunction } from './node-function.ts';

export const OUTBOX_RELAY_ENTRY = 'functions/events/outbox-relay-lambda.ts';

export interface EventsProps {
  stage: string;
  projectRoot: string;
  table: dynamodb.ITableV2;
  keys: Keys;
}

const DLQ_RETENTION = Duration.days(14);
const MAX_RECEIVE_COUNT = 5;

/**
 * Outbound events: the outbox relay (on the table's stream) publishes aggregate events to the platform bus; a rule
 * delivers every event on the bus to the webhook-dispatch queue, where the retailer webhook dispatcher picks them up.
 */
export class Events extends Construct {
  readonly bus: events.EventBus;
  readonly webhookQueue: sqs.Queue;
  readonly webhookDeadLetterQueue: sqs.Queue;
  /** Undefined while functions/events/outbox-relay-lambda.ts does not exist. */
  readonly outboxRelay?: nodejs.NodejsFunction;

  constructor(scope: Construct, id: string, props: EventsProps) {
    super(scope, id);

    this.bus = new events.EventBus(this, 'Bus', { eventBusName: `lease-to-own-${props.stage}` });

    const queue = (queueId: string, deadLetterQueue?: sqs.IQueue, visibilityTimeout?: Duration) =>
      new sqs.Queue(this, queueId, {
        // SSE-SQS: EventBridge can deliver to it without a KMS key policy; events carry no plaintext PII.
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        ...(deadLetterQueue
          ? { deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT }, visibilityTimeout }
          : { retentionPeriod: DLQ_RETENTION }),
      });

    this.webhookDeadLetterQueue = queue('WebhookDeadLetterQueue');
    // Visibility at least 6x a 30 s consumer timeout, as Lambda's SQS event source recommends.
    this.webhookQueue = queue('WebhookQueue', this.webhookDeadLetterQueue, Duration.minutes(3));
    // Events EventBridge could not deliver to the queue at all (after its own retries).
    const ruleDeadLetterQueue = queue('WebhookRuleDeadLetterQueue');

    new events.Rule(this, 'WebhookDispatchRule', {
      eventBus: this.bus,
      description: 'Every platform event goes to the retailer webhook dispatch queue',
      // The bus is ours alone: everything our account publishes on it is a platform event.
      eventPattern: { account: [Stack.of(this).account] },
      targets: [
        new targets.SqsQueue(this.webhookQueue, {
          deadLetterQueue: ruleDeadLetterQueue,
          retryAttempts: 185,
          maxEventAge: Duration.hours(24),
        }),
      ],
    });

    const relayEntry = path.join(props.projectRoot, OUTBOX_RELAY_ENTRY);
    if (fs.existsSync(relayEntry)) {
      const relay = createNodeFunction(this, 'OutboxRelayFunction', {
        bundleName: 'outbox-relay',
        stage: props.stage,
        projectRoot: props.projectRoot,
        entry: OUTBOX_RELAY_ENTRY,
        description: `lease-to-own ${props.stage}: publishes aggregate outbox events to EventBridge`,
        timeoutSeconds: 60,
        memoryMb: 512,
        environment: {
          TABLE_NAME: props.table.tableName,
          // The relay builds the same dependencies as a handler (it does not decrypt PII: no key grants).
          ...props.keys.environment,
          EVENT_BUS_NAME: this.bus.eventBusName,
        },
      });
      props.table.grantReadWriteData(relay);
      this.bus.grantPutEventsTo(relay);
      // Stream records that failed every retry (metadata only: shard and sequence numbers to replay from).
      const relayDeadLetterQueue = queue('OutboxRelayDeadLetterQueue');
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
    }
  }
}
