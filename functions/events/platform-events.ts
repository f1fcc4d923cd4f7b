import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import type { OutboxEvent } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import type { Logger } from '../platform/logger.ts';

// Platform events as AWS delivers them to a queue consumer. The relay puts each outbox event on the bus with the
// event as `detail` (functions/events/eventbridge-bus.ts); a rule sends it to a consumer's SQS queue, whose message
// body is the whole EventBridge event: { version, id, "detail-type", source, account, time, region, resources, detail }.

const text = z.string().check(z.minLength(1));

const outboxEventSchema = z.object({
  id: text,
  type: text,
  occurredAt: text,
  aggregate: z.object({ type: text, id: text }),
  data: z.record(z.string(), z.unknown()),
});

const envelopeSchema = z.object({ 'detail-type': z.string(), source: z.string(), detail: outboxEventSchema });

/** The platform event an SQS message carries; throws (so the message is retried, then dead-lettered) on anything else. */
export function outboxEventOf(record: Pick<SQSRecord, 'body' | 'messageId'>): OutboxEvent {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    throw new Error(`Message ${record.messageId} is not JSON`);
  }
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success)
    throw new Error(
      `Message ${record.messageId} is not a platform event: ${parsed.error.issues.map((i) => i.path.join('.') || i.message).join(', ')}`,
    );
  return parsed.data.detail;
}

/**
 * Consumes an SQS batch (one message at a time, or all at once with `concurrent`) and reports the messages that failed (`ReportBatchItemFailures` on
 * the event source mapping): only those become visible again and are retried, then go to the dead-letter queue.
 */
export async function consumeBatch(
  event: SQSEvent,
  log: Logger,
  consume: (event: OutboxEvent) => Promise<void>,
  options: { concurrent?: boolean } = {},
): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchItemFailure[] = [];
  const one = async (record: SQSRecord) => {
    try {
      await consume(outboxEventOf(record));
    } catch (error) {
      log.error('event not consumed; it will be retried', {
        messageId: record.messageId,
        receiveCount: record.attributes?.ApproximateReceiveCount,
        error: String(error),
      });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  };
  if (options.concurrent) await Promise.all(event.Records.map(one));
  else for (const record of event.Records) await one(record);
  // In the batch's order, whatever order concurrent work finished in.
  const order = new Map(event.Records.map((r, i) => [r.messageId, i]));
  batchItemFailures.sort((a, b) => order.get(a.itemIdentifier)! - order.get(b.itemIdentifier)!);
  return { batchItemFailures };
}

/** An SQS consumer of platform events that hands each one, with the function's dependencies, to `consume`. */
export function platformEventConsumer(consume: (deps: Deps, event: OutboxEvent) => Promise<void>) {
  return (deps: () => Promise<Deps>) =>
    async (event: SQSEvent): Promise<SQSBatchResponse> => {
      const d = await deps();
      return consumeBatch(event, d.log, (platformEvent) => consume(d, platformEvent));
    };
}
