import { eventFunctionDeps } from './event-function-deps.ts';
import { onLeaseRelevantEvent } from './lease-consumer.ts';
import { platformEventConsumer } from './platform-events.ts';
import { observed } from '../platform/observability.ts';

// AWS twin of the local bus subscriber `onLeaseRelevantEvent`: keeps the staff lease records, lists and counters in
// line with applications and checkouts. The consumer logs its own failures (the records catch up on the next event
// or read), so only a message that is not a platform event is reported failed.

export const leaseConsumerHandler = platformEventConsumer(onLeaseRelevantEvent);

const deps = eventFunctionDeps();
export const handler = Object.assign(observed(leaseConsumerHandler(deps)), { providers: deps.providers });
