import { stepRoute } from '../../machines/checkpoint/checkpoint-route.ts';
import { webhookDataProblems, webhookEvent } from '../../machines/contracts/webhook-events.ts';
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
import { webhookHeaders } from '../platform/standard-webhooks.ts';
import { retailerSigningSecrets } from '../services/webhook-secrets.ts';

// The retailer webhook dispatcher. Every event of the catalogue (machines/contracts/webhook-events.ts: checkout,
// application and lease status changes of a checkout; outbox events published on the bus) is delivered to the
// checkout's callback_url as a Standard Webhooks message (functions/platform/standard-webhooks.ts):
//   POST <callback_url>   content-type: application/json   x-event-type: <type>
//   webhook-id: <event id>   webhook-timestamp: <unix>   webhook-signature: v1,<base64> [v1,<base64> while rotating]
//   { "id": <event id>, "type": "checkout.lease_created", "version": "1", "created": <ISO>, "livemode": true,
//     "data": { checkout_id, status, ... } }
// Each attempt is signed afresh (a new timestamp) with every secret of the retailer valid at that moment. The body
// carries no personal data. A 2xx answer delivers it; anything else (or no answer in 10 s) is retried with
// exponential backoff (30 s doubling, at most 6 h apart, +-20% jitter) until 72 hours after the event, then given up.
// Each attempt is logged on the delivery item; a person can replay a delivery (same event id, so receivers dedupe).
// Locally the dispatcher subscribes to the in-process bus and a poller retries due deliveries; in AWS the same
// `dispatchEvent` runs on the webhook-dispatch SQS queue and `retryDueWebhooks` on a schedule.

export const FIRST_RETRY_SECONDS = 30;
export const MAX_RETRY_SECONDS = 6 * 3600;
export const GIVE_UP_SECONDS = 72 * 3600;
export const ATTEMPT_TIMEOUT_MS = 10_000;
const CLAIM_SECONDS = 30;

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

/** The checkout a webhook event is about; null for events that are not webhooks (not in the catalogue). */
export function checkoutIdOf(event: OutboxEvent): string | null {
  if (!webhookEvent(event.type)) return null;
  if (event.aggregate.type === 'checkout' && event.type.startsWith('checkout.')) return event.aggregate.id;
  if (
    (event.aggregate.type === 'lease' || event.aggregate.type === 'leaseAccount') &&
    event.type.startsWith('lease.')
  ) {
    const id = event.data.checkout_id;
    return typeof id === 'string' && id ? id : null;
  }
  if (event.aggregate.type === 'application' && event.type.startsWith('application.')) {
    const id = event.data.checkout_id;
    return typeof id === 'string' && id ? id : null;
  }
  return null;
}

export interface BuiltWebhook {
  body: string;
  retailerId: string;
  url: string;
  checkoutId: string;
  /** The envelope's data, to check against the catalogue's schema. */
  data: Record<string, unknown>;
}

/** What some types carry beyond the status: the partial delivery, the cancellation, the funding tranche. */
function extrasOf(event: OutboxEvent): Record<string, unknown> {
  const d = event.data;
  switch (event.type) {
    case 'checkout.partially_delivered':
      return { delivery: d.delivery ?? null };
    case 'checkout.items_cancelled':
      return { cancellation: d.cancellation ?? null, lease_adjustment: d.lease_adjustment ?? null };
    case 'lease.payment_succeeded':
    case 'lease.payment_failed':
    case 'lease.paid_off':
    case 'lease.purchased_early':
    case 'lease.returned':
    case 'lease.charged_off':
      return {
        account: d.account ?? null,
        ...(d.payment ? { payment: d.payment } : {}),
        ...(d.payoff ? { payoff: d.payoff } : {}),
      };
    case 'lease.tranche_funded':
      return {
        tranche: { ids: d.tranche_ids ?? [], amount: d.amount ?? null, funded_amount: d.funded_amount ?? null },
      };
    default:
      return {};
  }
}

/** A checkout made with a test API token is not live; checkouts from before modes are (as isLiveCheckout says). */
const livemodeOf = (checkout: { livemode?: boolean }) => checkout.livemode !== false;

/**
 * The webhook body of an event: ids, statuses, the result code and offers; never personal data. `simulated` marks
 * an event a retailer fired from the sandbox (functions/services/webhook-sandbox.ts).
 */
export async function webhookBody(
  deps: WebhookDeps,
  event: OutboxEvent,
  options: { simulated?: boolean } = {},
): Promise<BuiltWebhook | null> {
  const definition = webhookEvent(event.type);
  const checkoutId = checkoutIdOf(event);
  if (!checkoutId) return null;
  const checkout = await getCheckout(deps.db, checkoutId, deps.clock());
  if (!checkout) return null;
  const appId =
    (event.aggregate.type === 'application' ||
    event.aggregate.type === 'lease' ||
    event.aggregate.type === 'leaseAccount'
      ? event.aggregate.id
      : (event.data.application_id as string | null)) ?? checkout.application_uuid;
  const app = appId ? await getApplication(deps.db, deps.crypto, appId, deps.clock()) : undefined;
  const decision = app?.decision as Decision | undefined;
  const offers =
    (event.data.offer_amounts as Record<string, string> | undefined) ??
    (decision ? Object.fromEntries(Object.entries(decision.offers).map(([k, v]) => [k, centsToDecimal(v)])) : null);
  const fromCheckout = event.aggregate.type === 'checkout';
  const status = fromCheckout ? (event.data.status as number | null) : checkout.current_step;
  const data = {
    checkout_id: checkoutId,
    status,
    status_name: fromCheckout ? (event.data.status_name as string) : checkout.status_name,
    previous_status: fromCheckout ? (event.data.previous_status ?? null) : null,
    step: stepRoute(status),
    may_continue: fromCheckout ? (event.data.may_continue ?? true) : checkout.may_continue,
    application:
      app || appId
        ? {
            id: appId,
            status: (event.data.application_status as string | undefined) ?? app?.status ?? null,
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
    ...extrasOf(event),
  };
  const envelope = {
    id: event.id,
    type: event.type,
    version: definition!.version,
    created: event.occurredAt,
    livemode: livemodeOf(checkout),
    ...(options.simulated ? { simulated: true } : {}),
    data,
  };
  return {
    body: JSON.stringify(envelope),
    retailerId: checkout.retailerId,
    url: checkout.callback_url,
    checkoutId,
    data,
  };
}

export function webhookDispatcher(deps: WebhookDeps, options: DispatcherOptions = {}) {
  const doFetch = options.fetch ?? fetch;
  const random = options.random ?? Math.random;

  /** One attempt of a due delivery; a delivery held by another attempt, or finished, is left alone. */
  async function attempt(
    eventId: string,
    trigger: DeliveryAttempt['trigger'],
  ): Promise<WebhookDeliveryItem | undefined> {
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
    const secrets = await retailerSigningSecrets(deps, item.retailerId);
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
          ...webhookHeaders(secrets, item.eventId, Math.floor(now.getTime() / 1000), item.body),
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
    const giveUp =
      failure !== null && done.getTime() + backoffSeconds(failedSoFar, random) * 1000 > Date.parse(item.giveUpAt);
    const nextAttemptAt =
      failure && !giveUp ? new Date(done.getTime() + backoffSeconds(failedSoFar, random) * 1000).toISOString() : null;
    const entry: DeliveryAttempt = {
      number: item.attempts.length + 1,
      at: now.toISOString(),
      statusCode,
      durationMs,
      error: failure,
      nextAttemptAt,
      trigger,
    };
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

  /**
   * Records the delivery of an event (once per event id) and makes the first attempt. A body that does not match
   * its type's schema is still sent (the retailer gets what happened) and logged, so the catalogue gets fixed.
   */
  async function send(
    event: OutboxEvent,
    options: { wait?: boolean; simulated?: boolean },
  ): Promise<WebhookDeliveryItem | undefined> {
    const built = await webhookBody(deps, event, { simulated: options.simulated });
    if (!built) return undefined;
    const problems = webhookDataProblems(event.type, built.data);
    if (problems.length)
      deps.log.warn('webhook body does not match its catalogue schema', {
        eventId: event.id,
        type: event.type,
        problems: problems.join('; ').slice(0, 500),
      });
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
        // The first attempt is this call's; the retry poller takes over only if it never finishes (no race for it).
        nextAttemptAt: new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString(),
        attempts: [],
        ...(options.simulated ? { simulated: true } : {}),
      },
      now,
    );
    if (!created) return undefined; // a duplicate of an event already recorded
    const run = attempt(event.id, 'event').catch((error) => {
      deps.log.warn('webhook attempt failed', { eventId: event.id, error: String(error) });
      return undefined;
    });
    return options.wait ? run : undefined;
  }

  return {
    attempt,

    /** Records the delivery of an event (once per event id) and makes the first attempt. */
    async dispatchEvent(event: OutboxEvent, options: { wait?: boolean } = {}): Promise<void> {
      await send(event, options);
    },

    /** A retailer's sandbox event (`simulated: true` in the body and on the delivery): recorded, then sent now. */
    async dispatchSimulated(event: OutboxEvent): Promise<WebhookDeliveryItem | undefined> {
      return send(event, { wait: true, simulated: true });
    },

    /** Attempts every delivery whose retry is due (the local poller; a schedule in AWS). */
    async retryDue(limit = 25): Promise<number> {
      const due = await dueDeliveries(deps.db, deps.clock(), limit);
      await Promise.all(
        due.map((d) =>
          attempt(d.eventId, 'retry').catch((error) =>
            deps.log.warn('webhook retry failed', { eventId: d.eventId, error: String(error) }),
          ),
        ),
      );
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
        // this call makes the attempt; the poller only if it never finishes
        nextAttemptAt: new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString(),
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
    attempts: d.attempts.map((a) => ({
      number: a.number,
      at: a.at,
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      error: a.error,
      next_attempt_at: a.nextAttemptAt,
      trigger: a.trigger,
    })),
    body: JSON.parse(d.body) as unknown,
  };
}
