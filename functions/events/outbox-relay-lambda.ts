import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { recordEventMetric } from '../platform/business-metrics.ts';
import type { Deps } from '../platform/deps.ts';
import type { EventPublisher } from './event-bus.ts';
import { eventBridgeBus } from './eventbridge-bus.ts';
import { eventFunctionDeps } from './event-function-deps.ts';
import { relayItem } from './outbox-relay.ts';
import { observed } from '../platform/observability.ts';

// AWS twin of the local outbox poller (relayOutbox every 250 ms): runs on the table's DynamoDB stream, filtered to
// writes that leave events in an item's outbox (infra/constructs/events.ts). Each record's item is relayed with the
// same code as locally: its current outbox is read, published to EventBridge, then removed. A record that fails is
// reported by its sequence number (ReportBatchItemFailures), so the stream retries from it; after every retry it goes
// to the relay's dead-letter queue and the scheduled outbox sweep (scheduled-jobs-lambda.ts) relays the item later.

export function outboxRelayHandler(
  deps: () => Promise<Pick<Deps, 'db' | 'clock' | 'log' | 'config' | 'metrics'>>,
  bus?: EventPublisher,
) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const d = await deps();
    const target = bus ?? eventBridgeBus({ busName: d.config.eventBusName ?? 'default', region: d.config.region });
    // Each published event that is a business metric (applications, decisions, checkouts) is counted here, once.
    const publisher: EventPublisher = {
      async publish(events) {
        await target.publish(events);
        for (const e of events) recordEventMetric(d.metrics, e.type);
      },
    };
    const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const pk = record.dynamodb?.Keys?.pk?.S;
      const sk = record.dynamodb?.Keys?.sk?.S;
      if (!pk || !sk) continue;
      try {
        await relayItem(d.db, publisher, { pk, sk }, d.clock());
      } catch (error) {
        d.log.error('outbox relay failed', { pk, error: String(error) });
        // Stream partial batch responses are keyed by the record's sequence number; the stream retries from the
        // first failed one, so the rest of the batch after it is not reported as done either.
        if (record.dynamodb?.SequenceNumber) batchItemFailures.push({ itemIdentifier: record.dynamodb.SequenceNumber });
      }
    }
    return { batchItemFailures };
  };
}

// The relay reads the table and publishes; it reaches no third party.
const deps = eventFunctionDeps();
export const handler = Object.assign(observed(outboxRelayHandler(deps)), { providers: deps.providers });
