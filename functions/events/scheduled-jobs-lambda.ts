import type { ScheduledEvent } from 'aws-lambda';
import { queryPartition, type OutboxEvent, type StoredItem } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import { sendDuePushNotifications } from '../services/crm/crm.ts';
import type { EventPublisher } from './event-bus.ts';
import { eventBridgeBus } from './eventbridge-bus.ts';
import { eventFunctionDeps } from './event-function-deps.ts';
import { relayItem } from './outbox-relay.ts';
import { observed } from '../platform/observability.ts';

// The jobs that run on a clock in AWS (an EventBridge schedule, every minute):
// - push notifications whose send time has come (staff CRM). Locally they are sent on read only (the staff list and
//   the mobile API call the same `sendDuePushNotifications`); sending is a conditional write, so the schedule and a
//   reader never both send one.
// - the outbox sweep: aggregates whose outbox events are older than SWEEP_AFTER_MS were missed by the stream relay
//   (its records went to the relay's dead-letter queue after every retry); they are relayed now, as the local poller
//   relays everything on the OUTBOX index. Younger ones are left to the stream, so events are not published twice.
// Expiry needs no job: expired items (checkout links, tokens, sessions, sandbox records) carry `expiresAt`, are
// ignored on read everywhere, and DynamoDB's TTL deletes them in AWS.
// Each job runs whatever the other did; a failed job fails the invocation (the function's Errors alarm).

export const SWEEP_AFTER_MS = 5 * 60_000;

export interface JobsRun {
  pushNotificationsSent: number;
  outboxItemsRelayed: number;
}

/** Relays the aggregates whose oldest outbox event is older than `minAgeMs` (the OUTBOX index is oldest first). */
export async function sweepOutbox(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  bus: EventPublisher,
  minAgeMs = SWEEP_AFTER_MS,
): Promise<number> {
  const now = deps.clock();
  const cutoff = new Date(now.getTime() - minAgeMs).toISOString();
  let relayed = 0;
  let cursor: string | undefined;
  do {
    const page = await queryPartition<StoredItem & { outbox?: OutboxEvent[]; outboxSk?: string }>(deps.db, {
      index: 'outbox',
      pk: 'OUTBOX',
      limit: 100,
      cursor,
      now,
    });
    for (const item of page.items) {
      if (!item.outboxSk || item.outboxSk >= cutoff) return relayed;
      try {
        if ((await relayItem(deps.db, bus, { pk: item.pk, sk: item.sk }, now)) > 0) relayed++;
      } catch (error) {
        deps.log.warn('outbox sweep will retry an aggregate', { pk: item.pk, error: String(error) });
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return relayed;
}

export function scheduledJobsHandler(deps: () => Promise<Deps>, bus?: EventPublisher) {
  return async (_event: ScheduledEvent): Promise<JobsRun> => {
    const d = await deps();
    const publisher = bus ?? eventBridgeBus({ busName: d.config.eventBusName ?? 'default', region: d.config.region });
    const [push, sweep] = await Promise.allSettled([sendDuePushNotifications(d), sweepOutbox(d, publisher)]);
    const failed = [push, sweep].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const f of failed) d.log.error('scheduled job failed', { error: String(f.reason) });
    if (failed.length) throw new Error(`${failed.length} scheduled job(s) failed`);
    const run: JobsRun = {
      pushNotificationsSent: push.status === 'fulfilled' ? push.value : 0,
      outboxItemsRelayed: sweep.status === 'fulfilled' ? sweep.value : 0,
    };
    if (run.pushNotificationsSent || run.outboxItemsRelayed) d.log.info('scheduled jobs', { ...run });
    return run;
  };
}

const deps = eventFunctionDeps({ messaging: messagingProvider });
export const handler = Object.assign(observed(scheduledJobsHandler(deps)), { providers: deps.providers });
