import type { OutboxEvent } from '../data/items.ts';

/** Where the relay publishes domain events: EventBridge in AWS, in-process subscribers locally. */
export interface EventPublisher {
  publish(events: OutboxEvent[]): Promise<void>;
}

export type EventHandler = (event: OutboxEvent) => Promise<void>;

/** The local bus: subscribers run in order; one failing subscriber fails the publish so the relay retries. */
export function inProcessBus(): EventPublisher & { subscribe(handler: EventHandler): void } {
  const handlers: EventHandler[] = [];
  return {
    subscribe(handler) {
      handlers.push(handler);
    },
    async publish(events) {
      for (const event of events) for (const handler of handlers) await handler(event);
    },
  };
}
