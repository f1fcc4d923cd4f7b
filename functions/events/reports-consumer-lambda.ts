import { eventFunctionDeps } from './event-function-deps.ts';
import { platformEventConsumer } from './platform-events.ts';
import { onReportEvent } from './reports-consumer.ts';
import { observed } from '../platform/observability.ts';

// AWS twin of the local bus subscriber `onReportEvent`: report counters (approval amounts, first payments due) and
// the kept adverse-action notices. Counted events are claimed by id, so the queue's redeliveries count once.

export const reportsConsumerHandler = platformEventConsumer(onReportEvent);

const deps = eventFunctionDeps();
export const handler = Object.assign(observed(reportsConsumerHandler(deps)), { providers: deps.providers });
