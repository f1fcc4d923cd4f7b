import { stepRoute } from '../../machines/checkpoint/checkpoint-route.ts';
import type { Decision } from '../../machines/domain/decision.ts';
import { centsToDecimal } from '../../machines/domain/money.ts';
import { getApplication } from '../data/applications.ts';
import { getCheckout } from '../data/checkouts.ts';
import type { OutboxEvent } from '../data/items.ts';
import {
  createDelivery,
  dueDeliveries,
  getDelivery,
  saveDelivery,
  type DeliveryAttempt,
  type WebhookDeliveryItem,
} from '../data/webhook-deliveries.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { SIGNATURE_HEADER, sign } from '../platform/signatures.ts';
import { retailerWebhookSecret } from '../services/webhook-secrets.ts';

// The retailer webhook dispatcher. Every application and checkout status change of an application linked to a
// checkout (outbox events published on the bus) is delivered to the checkout's callback_url as
//   POST <callback_url>   content-type: application/json
//   x-signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>"> (the retailer's secret)   x-event-id: <event id>
//   { "id": <event id>, "type": "checkout.lease_created", "created": <ISO>, "data": { checkout_id, status, ... } }
// The body carries no personal data. A 2xx answer delivers it; anything else (or no answer in 10 s) is retried with
// exponential backoff (30 s doubling, at most 6 h apart, +-20% jitter) until 72 hours after the event, then given up.
// Each attempt is logged on the delivery item; a person can replay a delivery (same event id, so receivers dedupe).
// Locally the dispatcher subscribes to the in-process bus and a poller retries due deliveries; in AWS the same
// `dispatchEvent` runs on the webhook-dispatch SQS queue and `retryDueWebhooks` on a schedule.

export const FIRST_RETRY_SECONDS = 30;
export const MAX_RETRY_SECONDS = 6 * 3600;
export const GIVE_UP_SECONDS = 72 * 3600;
export const ATTEMPT_TIMEOUT_MS = 10_000;
const CLAIM_SECONDS = 30;

const DISPATCHED = new Set(['application.created', 'application.approved', 'application.denied']);

/** Seconds before attempt n+1 after n failed attempts (n >= 1), with +-20% jitter. */
export function backoffSeconds(failedAttempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export type WebhookDeps = Pick<Deps, 'db' | 'crypto' | 'clock' | 'log'>;

export interface DispatcherOptions {
  fetch?: typeof fetch;
  random?: () => number;
}

/** The checkout an event is about, if any. */
export function checkoutIdOf(event: OutboxEvent): string | null {
  if (event.aggregate.type === 'checkout' && event.type.startsWith('checkout.')) return event.aggregate.id;
  if (event.aggregate.type === 'lease' && event.type.startsWith('lease.')) {
    const id = event.data.checkout_id;
    return typeof id === 'string' && id ? id : null;
  }
  if (event.aggregate.type === 'application' && DISPATCHED.has(event.type)) {
    const id = event.data.checkout_id;
    return typeof id === 'string' && id ? id : null;
  }
  return null;
}

/** The webhook body of an event: ids, statuses, the result code and offers; never personal data. */
export async function webhookBody(deps: WebhookDeps, event: OutboxEvent): Promise<{ body: string; retailerId: string; url: string; checkoutId: string } | null> {
  const checkoutId = checkoutIdOf(event);
  if (!checkoutId) return null;
  const checkout = await getCheckout(deps.db, checkoutId, deps.clock());
  if (!checkout) return null;
  const appId = (event.aggregate.type === 'application' || event.aggregate.type === 'lease' ? event.aggregate.id : (event.data.application_id as string | null)) ?? checkout.application_uuid;
  const app = appId ? await getApplication(deps.db, deps.crypto, appId, deps.clock()) : undefined;
  const decision = app?.decision as Decision | undefined;
  const offers = (event.data.offer_amounts as Record<string, string> | undefined) ?? (decision ? Object.fromEntries(Object.entries(decision.offers).map(([k, v]) => [k, centsToDecimal(v)])) : null);
  const fromCheckout = event.aggregate.type === 'checkout';
  const status = fromCheckout ? (event.data.status as number | null) : checkout.current_step;
  const data = {
    checkout_id: checkoutId,
    status,
    status_name: fromCheckout ? (event.data.status_name as string) : checkout.status_name,
    previous_status: fromCheckout ? (event.data.previous_status ?? null) : null,
    step: stepRoute(status),
    may_continue: fromCheckout ? event.data.may_continue ?? true : checkout.may_continue,
    application: app || appId
      ? {
          id: appId,
          status: app?.status ?? null,
          result_code: (event.data.code as string | undefined) ?? decision?.code ?? null,
          offer_amounts: offers ?? null,
        }
      : null,
    // A lease status change (staff action, or a shopper or retailer fact moving the lender's status).
    ...(event.aggregate.type === 'lease'
      ? {
          lease: {
            id: event.aggregate.id,
            status: event.data.lease_status ?? null,
            delivered: event.data.delivered ?? false,
            previous_status: event.data.previous_lease_status ?? null,
            action: event.data.action ?? null,
          },
        }
      : {}),
  };
  return { body: JSON.stringify({ id: event.id, type: event.type, created: event.occurredAt, data }), retailerId: checkout.retailerId, url: checkout.callback_url, checkoutId };
}

export function webhookDispatcher(deps: WebhookDeps, options: DispatcherOptions = {}) {
  const doFetch = options.fetch ?? fetch;
  const random = options.random ?? Math.random;

  /** One attempt of a due delivery; a delivery held by another attempt, or finished, is left alone. */
  async function attempt(eventId: string, trigger: DeliveryAttempt['trigger']): Promise<WebhookDeliveryItem | undefined> {
    let now = deps.clock();
    let item = await getDelivery(deps.db, eventId, now);
    if (!item || item.status !== 'pending') return item;
    if (item.claimedUntil && Date.parse(item.claimedUntil) > now.getTime()) return item;
    if (trigger === 'retry' && item.nextAttemptAt && Date.parse(item.nextAttemptAt) > now.getTime()) return item;
    const hold = new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString();
    try {
      item = await saveDelivery(deps.db, item, { ...item, claimedUntil: hold, nextAttemptAt: hold });
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) return undefined; // someone else is sending it
      throw error;
    }
    const secret = await retailerWebhookSecret(deps, item.retailerId);
    now = deps.clock();
    const started = performance.now();
    let statusCode: number | null = null;
    let failure: string | null = null;
    try {
      const res = await doFetch(item.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'lease-to-own-webhooks/1',
          [SIGNATURE_HEADER]: sign(secret, item.body, Math.floor(now.getTime() / 1000)),
          'x-event-id': item.eventId,
          'x-event-type': item.type,
        },
        body: item.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      statusCode = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) failure = `answered ${res.status}`;
    } catch (error) {
      failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    const durationMs = Math.round(performance.now() - started);
    const done = deps.clock();
    const failedSoFar = item.attempts.filter((a) => a.error !== null).length + (failure ? 1 : 0);
    const giveUp = failure !== null && done.getTime() + backoffSeconds(failedSoFar, random) * 1000 > Date.parse(item.giveUpAt);
    const nextAttemptAt = failure && !giveUp ? new Date(done.getTime() + backoffSeconds(failedSoFar, random) * 1000).toISOString() : null;
    const entry: DeliveryAttempt = { number: item.attempts.length + 1, at: now.toISOString(), statusCode, durationMs, error: failure, nextAttemptAt, trigger };
    for (let retry = 0; retry < 5; retry++) {
      const current = retry === 0 ? item : await getDelivery(deps.db, eventId, deps.clock());
      if (!current) return undefined;
      try {
        return await saveDelivery(deps.db, current, {
          ...current,
          attempts: [...current.attempts, entry].slice(-50),
          status: failure === null ? 'delivered' : giveUp ? 'failed' : 'pending',
          nextAttemptAt,
          claimedUntil: null,
          ...(failure === null ? { deliveredAt: done.toISOString() } : {}),
        });
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      }
    }
    return undefined;
  }

  return {
    attempt,

    /** Records the delivery of an event (once per event id) and makes the first attempt. */
    async dispatchEvent(event: OutboxEvent, options: { wait?: boolean } = {}): Promise<void> {
      const built = await webhookBody(deps, event);
      if (!built) return;
      const now = deps.clock();
      const created = await createDelivery(
        deps.db,
        {
          eventId: event.id,
          type: event.type,
          retailerId: built.retailerId,
          checkoutId: built.checkoutId,
          url: built.url,
          body: built.body,
          status: 'pending',
          createdAt: now.toISOString(),
          giveUpAt: new Date(Date.parse(event.occurredAt) + GIVE_UP_SECONDS * 1000).toISOString(),
          nextAttemptAt: now.toISOString(),
          attempts: [],
        },
        now,
      );
      if (!created) return; // a duplicate of an event already recorded
      const run = attempt(event.id, 'event').catch((error) => deps.log.warn('webhook attempt failed', { eventId: event.id, error: String(error) }));
      if (options.wait) await run;
    },

    /** Attempts every delivery whose retry is due (the local poller; a schedule in AWS). */
    async retryDue(limit = 25): Promise<number> {
      const due = await dueDeliveries(deps.db, deps.clock(), limit);
      await Promise.all(due.map((d) => attempt(d.eventId, 'retry').catch((error) => deps.log.warn('webhook retry failed', { eventId: d.eventId, error: String(error) }))));
      return due.length;
    },

    /** Sends a delivery again now (a person's replay), whatever its state; the event id stays the same. */
    async replay(eventId: string, retailerId?: string): Promise<WebhookDeliveryItem | undefined> {
      const now = deps.clock();
      const item = await getDelivery(deps.db, eventId, now);
      if (!item || (retailerId && item.retailerId !== retailerId)) return undefined;
      await saveDelivery(deps.db, item, {
        ...item,
        status: 'pending',
        nextAttemptAt: now.toISOString(),
        claimedUntil: null,
        giveUpAt: new Date(Math.max(Date.parse(item.giveUpAt), now.getTime() + 3600 * 1000)).toISOString(),
      });
      return attempt(eventId, 'replay');
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof webhookDispatcher>;

/** A delivery as the retailer and staff see it (the body is theirs; no secret). */
export function deliveryView(d: WebhookDeliveryItem) {
  return {
    event_id: d.eventId,
    type: d.type,
    checkout_id: d.checkoutId,
    url: d.url,
    status: d.status,
    created_at: d.createdAt,
    delivered_at: d.deliveredAt ?? null,
    next_attempt_at: d.status === 'pending' ? d.nextAttemptAt : null,
    give_up_at: d.giveUpAt,
    attempts: d.attempts.map((a) => ({ number: a.number, at: a.at, status_code: a.statusCode, duration_ms: a.durationMs, error: a.error, next_attempt_at: a.nextAttemptAt, trigger: a.trigger })),
    body: JSON.parse(d.body) as unknown,
  };
}
