import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { EventPublisher } from './event-bus.ts';

export function eventBridgeBus(options: { busName: string; region: string }): EventPublisher {
  const client = new EventBridgeClient({ region: options.region });
  return {
    async publish(events) {
      for (let i = 0; i < events.length; i += 10) {
        const batch = events.slice(i, i + 10);
        const out = await client.send(
          new PutEventsCommand({
            Entries: batch.map((e) => ({
              EventBusName: options.busName,
              Source: 'lease-to-own',
              DetailType: e.type,
              Detail: JSON.stringify(e),
              Time: new Date(e.occurredAt),
            })),
          }),
        );
        if (out.FailedEntryCount) throw new Error(`EventBridge refused ${out.FailedEntryCount} events`);
      }
    },
  };
}
