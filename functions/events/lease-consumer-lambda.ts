import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { Deps } from '../platform/deps.ts';
import { eventFunctionDeps } from './event-function-deps.ts';
import { onLeaseRelevantEvent } from './lease-consumer.ts';
import { consumeBatch } from './platform-events.ts';
import { observed } from '../platform/observability.ts';

// AWS twin of the local bus subscriber `onLeaseRelevantEvent`: keeps the staff lease records, lists and counters in
// line with applications and checkouts. The consumer logs its own failures (the records catch up on the next event
// or read), so only a message that is not a platform event is reported failed.

export function leaseConsumerHandler(deps: () => Promise<Deps>) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const d = await deps();
    return consumeBatch(event, d.log, (platformEvent) => onLeaseRelevantEvent(d, platformEvent));
  };
}

const deps = eventFunctionDeps();
export const handler = Object.assign(observed(leaseConsumerHandler(deps)), { providers: deps.providers });
