import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { Deps } from '../platform/deps.ts';
import { onApplicationEvent } from './checkout-consumer.ts';
import { eventFunctionDeps } from './event-function-deps.ts';
import { consumeBatch } from './platform-events.ts';
import { observed } from '../platform/observability.ts';

// AWS twin of the local bus subscriber `onApplicationEvent`: moves a checkout along with its application. It throws
// on failure, so a failed message is retried by the queue (then dead-lettered); a repeat changes nothing.

export function checkoutConsumerHandler(deps: () => Promise<Deps>) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const d = await deps();
    return consumeBatch(event, d.log, (platformEvent) => onApplicationEvent(d, platformEvent));
  };
}

const deps = eventFunctionDeps();
export const handler = Object.assign(observed(checkoutConsumerHandler(deps)), { providers: deps.providers });
