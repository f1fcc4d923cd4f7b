import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { Deps } from '../platform/deps.ts';
import { eventFunctionDeps } from './event-function-deps.ts';
import { consumeBatch } from './platform-events.ts';
import { webhookDispatcher, type DispatcherOptions } from './webhook-dispatcher.ts';
import { observed } from '../platform/observability.ts';

// AWS twin of the local bus subscriber `webhooks.dispatchEvent`: consumes the webhook-dispatch SQS queue (every
// platform event, through an EventBridge rule). Each event's delivery is recorded and attempted once, awaited; a
// failed attempt is the retry schedule's (webhook-retry-lambda.ts), not the queue's. A message is reported failed only
// when its delivery could not even be recorded (or it is not a platform event), and only that message is retried.

export function webhookDispatchHandler(deps: () => Promise<Deps>, options: DispatcherOptions = {}) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const d = await deps();
    const webhooks = webhookDispatcher(d, options);
    return consumeBatch(
      event,
      d.log,
      async (platformEvent) => {
        await webhooks.dispatchEvent(platformEvent, { wait: true });
      },
      // One slow retailer (10 s attempt timeout) does not hold back the batch's other deliveries.
      { concurrent: true },
    );
  };
}

const deps = eventFunctionDeps();
export const handler = Object.assign(observed(webhookDispatchHandler(deps)), { providers: deps.providers });
