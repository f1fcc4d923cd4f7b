import { processOnce } from '../../data/webhook-inbox.ts';
import { randomUUID } from 'node:crypto';
import { badRequest, unauthorized } from '../../platform/errors.ts';
import type { Deps } from '../../platform/deps.ts';
import { getItem, putItem, queryPartition, type StoredItem } from '../../data/items.ts';
import type { CallbackReader, CallbackRequest, VendorEvent, VendorKind } from './vendor-kit.ts';

// Inbound vendor callbacks (ARCHITECTURE.md, Events: "Signatures are checked on the raw body; duplicates are ignored
// by event id; the callback becomes an event on the flow's machine"). One pipeline for the three verification vendors:
//   1. the port reads the callback in its vendor's scheme (signature on the raw body, then the body);
//      refused -> 401 and an audit line; a signed body we cannot read -> 400 (and an audit line);
//   2. the dedupe item WEBHOOKIN#<vendor>#<eventId> is created with attribute_not_exists: if it exists -> 200
//      'duplicate ignored';
//   3. the event is recorded (VENDOREVENT#<vendor>#<objectId>, sorted by time) and handed to the vendor's consumer;
//      if the consumer fails the dedupe item is removed again so that the vendor's retry is processed.

const KEEP_SECONDS = 90 * 24 * 3600;

export type VendorConsumer = (deps: Deps, event: VendorEvent) => Promise<unknown>;

export interface InboundOutcome {
  outcome: 'processed' | 'duplicate' | 'ignored';
  eventId: string;
}

const epoch = (now: Date, plus = 0) => Math.floor(now.getTime() / 1000) + plus;

async function audit(
  deps: Deps,
  vendor: VendorKind,
  reason: string,
  request: { sourceIp?: string; requestId?: string },
) {
  const now = deps.clock();
  deps.log.warn('vendor callback refused', {
    vendor,
    reason,
    sourceIp: request.sourceIp,
    requestId: request.requestId,
  });
  await putItem(deps.db, {
    pk: `WEBHOOKAUDIT#${vendor}`,
    sk: `${now.toISOString()}#${randomUUID()}`,
    entity: 'webhookAudit',
    v: 1,
    expiresAt: epoch(now, KEEP_SECONDS),
    vendor,
    reason,
    sourceIp: request.sourceIp ?? null,
    requestId: request.requestId ?? null,
    at: now.toISOString(),
  });
}

export async function receiveVendorCallback(
  deps: Deps,
  vendor: VendorKind,
  reader: CallbackReader,
  consumer: VendorConsumer,
  request: Omit<CallbackRequest, 'nowSeconds'> & { sourceIp?: string; requestId?: string },
): Promise<InboundOutcome> {
  const now = deps.clock();
  const check = await reader.readCallback({
    rawBody: request.rawBody,
    headers: request.headers,
    nowSeconds: epoch(now),
  });
  if (!check.ok) {
    await audit(deps, vendor, check.reason, request);
    if (check.reason === 'invalid-body') throw badRequest('The callback body is not a valid event.');
    throw unauthorized('The callback signature is not valid.');
  }
  if ('ignored' in check) return { outcome: 'ignored', eventId: check.eventId };
  const { event } = check;
  const outcome = await processOnce(
    deps.db,
    { vendor, eventId: event.id, now, keepSeconds: KEEP_SECONDS },
    async () => {
      await putItem(deps.db, {
        pk: `VENDOREVENT#${vendor}#${event.objectId}`,
        sk: `${event.occurredAt}#${event.id}`,
        entity: 'vendorEvent',
        v: 1,
        expiresAt: epoch(now, KEEP_SECONDS),
        vendor,
        event,
        receivedAt: now.toISOString(),
      });
      await consumer(deps, event);
    },
  );
  return { outcome, eventId: event.id };
}

// ---- vendor-side status, as the consumers record it ------------------------------------------------------------

export interface VendorStatus extends StoredItem {
  entity: 'vendorStatus';
  vendor: VendorKind;
  objectId: string;
  status: string;
  lastEventId: string;
  lastEventType: string;
  occurredAt: string;
  data: Record<string, unknown>;
}

const statusKey = (vendor: VendorKind, objectId: string) => ({
  pk: `VENDORSTATUS#${vendor}#${objectId}`,
  sk: 'STATUS',
});

/** Keeps the newest status of a vendor object; an older event delivered late does not overwrite a newer one. */
export async function recordVendorStatus(
  deps: Deps,
  vendor: VendorKind,
  event: VendorEvent,
  status: string,
  data: Record<string, unknown>,
): Promise<VendorStatus> {
  const now = deps.clock();
  const current = await getItem<VendorStatus>(deps.db, statusKey(vendor, event.objectId), now);
  if (current && current.occurredAt > event.occurredAt) return current;
  const next: VendorStatus = {
    ...statusKey(vendor, event.objectId),
    entity: 'vendorStatus',
    v: (current?.v ?? 0) + 1,
    expiresAt: epoch(now, KEEP_SECONDS),
    vendor,
    objectId: event.objectId,
    status,
    lastEventId: event.id,
    lastEventType: event.type,
    occurredAt: event.occurredAt,
    data,
  };
  await putItem(deps.db, next);
  return next;
}

export async function getVendorStatus(
  deps: Pick<Deps, 'db' | 'clock'>,
  vendor: VendorKind,
  objectId: string,
): Promise<VendorStatus | undefined> {
  return getItem<VendorStatus>(deps.db, statusKey(vendor, objectId), deps.clock());
}

/** For the sandbox console and support: the recorded events of one vendor object, oldest first. */
export async function listVendorEvents(
  deps: Pick<Deps, 'db' | 'clock'>,
  vendor: VendorKind,
  objectId: string,
): Promise<VendorEvent[]> {
  const page = await queryPartition<StoredItem & { event: VendorEvent }>(deps.db, {
    pk: `VENDOREVENT#${vendor}#${objectId}`,
    now: deps.clock(),
    limit: 100,
  });
  return page.items.map((i) => i.event);
}

/** For the sandbox console: the latest refused callbacks of a vendor, newest first. */
export async function listRefusedCallbacks(deps: Pick<Deps, 'db' | 'clock'>, vendor: VendorKind, limit = 20) {
  const page = await queryPartition<StoredItem & { reason: string; at: string }>(deps.db, {
    pk: `WEBHOOKAUDIT#${vendor}`,
    now: deps.clock(),
    limit,
    descending: true,
  });
  return page.items.map((i) => ({ reason: i.reason, at: i.at }));
}
