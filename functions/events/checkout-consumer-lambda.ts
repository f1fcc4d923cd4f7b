import { onApplicationEvent } from './checkout-consumer.ts';
import { eventFunctionDeps } from './event-function-deps.ts';
import { platformEventConsumer } from './platform-events.ts';
import { observed } from '../platform/observability.ts';

// AWS twin of the local bus subscriber `onApplicationEvent`: moves a checkout along with its application. It throws
// on failure, so a failed message is retried by the queue (then dead-lettered); a repeat changes nothing.

export const checkoutConsumerHandler = platformEventConsumer(onApplicationEvent);

const deps = eventFunctionDeps();
export const handler = Object.assign(observed(checkoutConsumerHandler(deps)), { providers: deps.providers });
