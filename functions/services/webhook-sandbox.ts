import { CHECKOUT_STATUS, CHECKOUT_STATUS_NAMES } from '../../machines/checkout/checkout-status.ts';
import { checkoutStatusEventType, webhookEvent } from '../../machines/contracts/webhook-events.ts';
import { LEASE_STATUS_CODES } from '../../machines/lease-status/lease-status.machine.ts';
import { centsToDecimal } from '../../machines/domain/money.ts';
import type { CheckoutItem } from '../data/checkouts.ts';
import { newEvent, type OutboxEvent } from '../data/items.ts';
import { getDelivery, type WebhookDeliveryItem } from '../data/webhook-deliveries.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import type { RetailerCaller } from '../platform/sessions.ts';
import { isLiveCheckout, loadRetailerCheckout } from './checkout.ts';
import { leaseEventType } from './leases/sync.ts';

// The retailer sandbox's "fire an event": a test-mode retailer asks for any webhook event type of the catalogue for
// one of its test checkouts, and gets it at the checkout's callback_url exactly as a real one would come (same
// envelope, same signatures, a delivery in its log it can replay), marked `simulated: true`. The event is built from
// the checkout's real ids, application and offers; what the type itself says (the checkout status of checkout.*, the
// lease status of lease.*, the result of application.approved / denied) is set as the type says. Nothing is changed
// on the checkout, the application or the lease.

const SANDBOX_ACTION = 'sandbox.fire';

/** The lease account's events (functions/services/servicing), whose data the dispatcher takes as the account wrote it. */
const SERVICING_EXAMPLE_TYPES = new Set([
  'lease.payment_succeeded',
  'lease.payment_failed',
  'lease.paid_off',
  'lease.purchased_early',
  'lease.returned',
  'lease.charged_off',
]);

/** One unit of the cart's first line, as a partial delivery or cancellation of it would name it. */
function firstUnit(checkout: CheckoutItem) {
  const line = checkout.cart.items[0]!;
  const units = checkout.cart.items.reduce((sum, i) => sum + i.quantity, 0);
  return { items: [{ sku: line.sku, quantity: 1 }], amount: centsToDecimal(line.unit_price), remaining: units - 1 };
}

/** The part of a partial-delivery type that a status does not say: which units (one of the cart's first line). */
function fulfilmentExtras(type: string, checkout: CheckoutItem, now: Date): Record<string, unknown> {
  const unit = firstUnit(checkout);
  const at = now.toISOString();
  if (type === 'checkout.partially_delivered') {
    return {
      delivery: {
        id: 'dlv_simulated',
        items: unit.items,
        amount: unit.amount,
        delivered_at: at,
        recorded_at: at,
        by: 'retailer',
        remaining_units: Math.max(1, unit.remaining),
      },
    };
  }
  if (type === 'checkout.items_cancelled') {
    return {
      cancellation: {
        id: 'cnl_simulated',
        items: unit.items,
        amount: unit.amount,
        at,
        by: 'retailer',
        reason: 'Fired from the sandbox',
      },
      lease_adjustment: null,
    };
  }
  return {};
}

function checkoutEvent(type: string, checkout: CheckoutItem, now: Date): OutboxEvent | null {
  const base = {
    checkout_id: checkout.id,
    retailer_id: checkout.retailerId,
    store_id: checkout.storeId,
    application_id: checkout.application_uuid,
    may_continue: checkout.may_continue,
    event: SANDBOX_ACTION,
  };
  if (type === 'checkout.delivered' || type === 'checkout.partially_delivered' || type === 'checkout.items_cancelled') {
    const current = {
      status: checkout.current_step,
      status_name: checkout.status_name,
      previous_status: checkout.current_step,
    };
    return newEvent(
      type,
      { type: 'checkout', id: checkout.id },
      { ...base, ...current, ...fulfilmentExtras(type, checkout, now) },
      now,
    );
  }
  const name =
    type === 'checkout.created'
      ? 'notStarted'
      : CHECKOUT_STATUS_NAMES.find((n) => n !== 'notStarted' && checkoutStatusEventType(n) === type);
  if (!name) return null;
  const status = CHECKOUT_STATUS[name];
  return newEvent(
    type,
    { type: 'checkout', id: checkout.id },
    { ...base, status, status_name: name, previous_status: status === null ? null : checkout.current_step },
    now,
  );
}

function leaseEvent(type: string, checkout: CheckoutItem, applicationId: string, now: Date): OutboxEvent | null {
  const base = {
    application_id: applicationId,
    checkout_id: checkout.id,
    retailer_id: checkout.retailerId,
    store_id: checkout.storeId,
    previous_lease_status: null,
    previous_delivered: false,
    action: SANDBOX_ACTION,
  };
  if (type === 'lease.tranche_funded') {
    const unit = firstUnit(checkout);
    return newEvent(
      type,
      { type: 'lease', id: applicationId },
      {
        ...base,
        lease_status: 'G',
        delivered: false,
        tranche_ids: ['dlv_simulated'],
        amount: unit.amount,
        funded_amount: unit.amount,
      },
      now,
    );
  }
  // Servicing events (issue 22) are about the lease account, not a status of the lease record: the account, payment
  // and payoff are the catalogue's example ones (a test checkout has no account to read), named by this lease's id.
  const servicing = SERVICING_EXAMPLE_TYPES.has(type) ? webhookEvent(type)?.example.data : undefined;
  if (servicing && typeof servicing === 'object') {
    const example = servicing as Record<string, unknown>;
    return newEvent(
      type,
      { type: 'leaseAccount', id: applicationId },
      {
        application_id: applicationId,
        lease_id: applicationId,
        checkout_id: checkout.id,
        store_id: checkout.storeId,
        retailer_id: checkout.retailerId,
        action: SANDBOX_ACTION,
        account: { ...(example.account as Record<string, unknown>), id: applicationId },
        ...(example.payment ? { payment: example.payment } : {}),
        ...(example.payoff ? { payoff: example.payoff } : {}),
      },
      now,
    );
  }
  for (const code of LEASE_STATUS_CODES) {
    for (const delivered of [false, true]) {
      if (leaseEventType(code, delivered) !== type) continue;
      return newEvent(type, { type: 'lease', id: applicationId }, { ...base, lease_status: code, delivered }, now);
    }
  }
  return null;
}

function applicationEvent(type: string, checkout: CheckoutItem, applicationId: string, now: Date): OutboxEvent | null {
  const outcome: Record<string, Record<string, unknown>> = {
    'application.created': { status: 'draft' },
    'application.approved': { code: 'A', application_status: 'approved' },
    'application.denied': { code: 'D', application_status: 'denied' },
  };
  const data = outcome[type];
  if (!data) return null;
  return newEvent(
    type,
    { type: 'application', id: applicationId },
    { uuid: applicationId, store_id: checkout.storeId, checkout_id: checkout.id, ...data },
    now,
  );
}

/**
 * The event to fire for a test checkout of the caller's: 403 for a live token or a live checkout, 404 for a checkout
 * that is not theirs, 422 for a type outside the catalogue or an application / lease event before the shopper applied.
 */
export async function simulatedWebhookEvent(
  deps: Deps,
  caller: RetailerCaller,
  checkoutId: string,
  type: string,
): Promise<OutboxEvent> {
  if (caller.mode !== 'test') throw new AppError(403, 'retailerSandbox.error.liveToken');
  // a test token sees only test checkouts (404 for a live one); the check below is the sandbox's own word on it
  const checkout = await loadRetailerCheckout(deps, caller, checkoutId);
  if (isLiveCheckout(checkout)) throw new AppError(403, 'retailerSandbox.error.liveCheckout');
  if (!webhookEvent(type))
    throw new AppError(422, 'retailerSandbox.error.type', { type: ['retailerSandbox.error.type'] });
  const now = deps.clock();
  let event: OutboxEvent | null;
  if (type.startsWith('checkout.')) {
    event = checkoutEvent(type, checkout, now);
  } else {
    const applicationId = checkout.application_uuid;
    if (!applicationId)
      throw new AppError(422, 'retailerSandbox.error.noApplication', { type: ['retailerSandbox.error.noApplication'] });
    event = type.startsWith('lease.')
      ? leaseEvent(type, checkout, applicationId, now)
      : applicationEvent(type, checkout, applicationId, now);
  }
  // A type in the catalogue that none of the builders knows is a bug here, not the retailer's.
  if (!event) throw new Error(`The sandbox cannot build ${type}`);
  return event;
}

/** The delivery recorded for an event (a simulated one the dispatcher did not answer itself), if any. */
export function recordedDelivery(deps: Deps, eventId: string): Promise<WebhookDeliveryItem | undefined> {
  return getDelivery(deps.db, eventId, deps.clock());
}
