import type { Context, ScheduledEvent } from 'aws-lambda';
import type { Deps } from '../platform/deps.ts';
import { eventFunctionDeps } from './event-function-deps.ts';
import { webhookDispatcher, type DispatcherOptions } from './webhook-dispatcher.ts';
import { observed } from '../platform/observability.ts';

// AWS twin of the local poller that runs `webhooks.retryDue()` every 5 s: an EventBridge schedule invokes this every
// minute. Each pass attempts up to BATCH due deliveries (exponential backoff, given up 72 h after the event:
// functions/events/webhook-dispatcher.ts); full passes repeat while the invocation has time, so a backlog drains
// without waiting a minute per batch. Attempts are claimed, so an overlapping run never sends one twice.

export const BATCH = 25;
/** Enough for one more pass: its attempts time out after 10 s. */
const RESERVE_MS = 20_000;
const MAX_PASSES = 20;

export interface RetryRun {
  attempted: number;
  passes: number;
}

export function webhookRetryHandler(deps: () => Promise<Deps>, options: DispatcherOptions = {}) {
  return async (_event: ScheduledEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<RetryRun> => {
    const d = await deps();
    const webhooks = webhookDispatcher(d, options);
    let attempted = 0;
    let passes = 0;
    for (;;) {
      const due = await webhooks.retryDue(BATCH);
      attempted += due;
      passes++;
      const timeLeft = context ? context.getRemainingTimeInMillis() : Number.POSITIVE_INFINITY;
      if (due < BATCH || passes >= MAX_PASSES || timeLeft < RESERVE_MS) break;
    }
    if (attempted > 0) d.log.info('webhook retries attempted', { attempted, passes });
    return { attempted, passes };
  };
}

const deps = eventFunctionDeps();
export const handler = Object.assign(observed(webhookRetryHandler(deps)), { providers: deps.providers });
