import { randomBytes } from 'node:crypto';
import { stepRoute } from '../../machines/checkpoint/checkpoint-route.ts';
import type { CheckoutEvent } from '../../machines/checkout/checkout.machine.ts';
import {
  cancelledShare,
  lineStates,
  takeUndelivered,
  trancheFor,
  undeliveredUnits,
  type LineQuantity,
  type QuantityProblem,
} from '../../machines/domain/partial-delivery.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import {
  getCheckout,
  type AuditActor,
  type CheckoutItem,
  type StoredCancellation,
  type StoredDeliveryRecord,
} from '../data/checkouts.ts';
import { newEvent, type OutboxEvent } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, notFound, unprocessable } from '../platform/errors.ts';
import { accepts, applyToCheckout, CHECKOUT_NOT_FOUND, EventRefused } from './checkout.ts';
import { adjustmentView, cancellationView, contractLines, deliveryRecordView, fulfilmentOf } from './fulfilment.ts';

// Partial delivery (issue 13): the retailer confirms the delivery of some or all contracted units, or cancels units
// it will never deliver. The rules (which units, each delivery's funding tranche, the lease after a cancellation) are
// machines/domain/partial-delivery; the checkout machine decides whether the checkout accepts it (completed, something
// still undelivered). Each delivery or cancellation is one record on the checkout, written with the machine's event,
// its audit entry and its outbox events in one conditional write; a concurrent write makes it start again from the
// fresh copy, so two deliveries at once can never deliver the same unit twice.

const WRITE_RETRIES = 6;

const problemText = (lang: Lang, p: QuantityProblem) =>
  p.code === 'nothingUndelivered'
    ? translate(lang, 'delivery.error.nothingUndelivered')
    : translate(
        lang,
        `delivery.error.${p.code}`,
        p.code === 'tooMany' ? { sku: p.sku, asked: p.asked, undelivered: p.undelivered } : { sku: p.sku },
      );

/** 422 naming each refused line (`items.<n>.sku` / `items.<n>.quantity`); nothing is saved. */
function refuseItems(lang: Lang, problems: QuantityProblem[]): AppError {
  const errors: Record<string, string[]> = {};
  for (const p of problems) {
    const field =
      p.code === 'nothingUndelivered' ? 'items' : `items.${p.index}.${p.code === 'tooMany' ? 'quantity' : 'sku'}`;
    (errors[field] ??= []).push(problemText(lang, p));
  }
  return unprocessable(
    errors,
    translate(lang, 'delivery.error.invalidItems', { problem: problemText(lang, problems[0]!) }),
  );
}

function notAccepted(item: CheckoutItem, event: CheckoutEvent, lang: Lang): AppError {
  const status = item.current_step === null ? 'null' : String(item.current_step);
  const message =
    item.current_step !== 9
      ? translate(lang, 'delivery.error.notCompleted', { status })
      : translate(lang, 'delivery.error.nothingUndelivered');
  return new EventRefused(409, message, undefined, {
    code: 'E_STATUS',
    event: event.type,
    status: item.current_step,
    status_name: item.status_name,
  });
}

/** Thrown inside a write when the copy the rules ran on is no longer the stored one: the caller starts again. */
class StaleCopy extends Error {}

function eventData(item: CheckoutItem, event: string, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    checkout_id: item.id,
    retailer_id: item.retailerId,
    store_id: item.storeId,
    application_id: item.application_uuid,
    status: item.current_step,
    status_name: item.status_name,
    previous_status: item.current_step,
    step: stepRoute(item.current_step),
    may_continue: item.may_continue,
    event,
    ...extra,
  };
}

export interface DeliveryInput {
  items?: LineQuantity[];
  deliveredAt: string;
}

/**
 * Records a delivery: the units asked for (every undelivered unit when none are named), their funding tranche, and the
 * checkout machine's `delivery.confirmed` (partial while units remain). 404 unknown, 409 not completed or nothing
 * left, 422 unknown sku or more than is undelivered; a refusal saves nothing.
 */
export async function confirmDelivery(
  deps: Pick<Deps, 'db' | 'clock'>,
  checkoutId: string,
  input: DeliveryInput,
  actor: AuditActor,
  lang: Lang,
): Promise<{ item: CheckoutItem; delivery: StoredDeliveryRecord }> {
  for (let attempt = 0; attempt <= WRITE_RETRIES; attempt++) {
    const now = deps.clock();
    const item = await getCheckout(deps.db, checkoutId, now);
    if (!item) throw notFound(CHECKOUT_NOT_FOUND);
    const probe: CheckoutEvent = { type: 'delivery.confirmed', at: input.deliveredAt };
    if (!accepts(item, probe)) throw notAccepted(item, probe, lang);
    if (!item.lease) throw new AppError(409, translate(lang, 'delivery.error.noLease'));
    const f = fulfilmentOf(item);
    const taken = takeUndelivered(f.lines, input.items);
    if (!taken.ok) throw refuseItems(lang, taken.problems);
    const after = lineStates(contractLines(item), [...f.deliveries, { items: taken.items }], f.cancellations);
    const remainingUnits = undeliveredUnits(after);
    const delivery: StoredDeliveryRecord = {
      id: `dlv_${randomBytes(10).toString('hex')}`,
      items: taken.items,
      amountCents: trancheFor(f.financedCents, contractLines(item), f.deliveries, taken.items),
      deliveredAt: input.deliveredAt,
      recordedAt: now.toISOString(),
      by: actor,
      remainingUnits,
    };
    const event: CheckoutEvent = { type: 'delivery.confirmed', at: input.deliveredAt, remaining: remainingUnits > 0 };
    try {
      const saved = await applyToCheckout(deps, checkoutId, event, {
        actor,
        lang,
        note: delivery.id,
        mutate: (fresh) => {
          if (fresh.v !== item.v) throw new StaleCopy();
          return {
            fulfilment: { deliveries: [...f.deliveries, delivery], cancellations: f.cancellations },
            // The whole order is out: the delivery's date as before partial deliveries existed.
            ...(remainingUnits === 0 && fresh.delivery
              ? { delivery: { ...fresh.delivery, deliveredAt: input.deliveredAt } }
              : {}),
          };
        },
        // A delivery that leaves units undelivered is its own event; the last one is `checkout.delivered` as always.
        extraEvents: (next): OutboxEvent[] =>
          remainingUnits > 0
            ? [
                newEvent(
                  'checkout.partially_delivered',
                  { type: 'checkout', id: next.id },
                  eventData(next, 'delivery.confirmed', { delivery: deliveryRecordView(delivery) }),
                  now,
                ),
              ]
            : [],
      });
      return { item: saved, delivery };
    } catch (error) {
      if (error instanceof StaleCopy) continue;
      throw error;
    }
  }
  throw new AppError(409, 'The checkout is being changed by another request; please try again.');
}

export interface CancelItemsInput {
  items?: LineQuantity[];
  reason?: string;
}

/**
 * Cancels undelivered units (every undelivered unit when none are named): they will never be delivered nor funded,
 * and the shopper's lease is adjusted to what is delivered (machines/domain/partial-delivery `adjustLease`).
 */
export async function cancelUndelivered(
  deps: Pick<Deps, 'db' | 'clock'>,
  checkoutId: string,
  input: CancelItemsInput,
  actor: AuditActor,
  lang: Lang,
): Promise<{ item: CheckoutItem; cancellation: StoredCancellation }> {
  for (let attempt = 0; attempt <= WRITE_RETRIES; attempt++) {
    const now = deps.clock();
    const at = now.toISOString();
    const item = await getCheckout(deps.db, checkoutId, now);
    if (!item) throw notFound(CHECKOUT_NOT_FOUND);
    const probe: CheckoutEvent = { type: 'items.cancelled', at, remaining: true };
    if (!accepts(item, probe) && !accepts(item, { ...probe, remaining: false })) throw notAccepted(item, probe, lang);
    if (!item.lease) throw new AppError(409, translate(lang, 'delivery.error.noLease'));
    const f = fulfilmentOf(item);
    const taken = takeUndelivered(f.lines, input.items);
    if (!taken.ok) throw refuseItems(lang, taken.problems);
    const lines = contractLines(item);
    const after = lineStates(lines, f.deliveries, [...f.cancellations, { items: taken.items }]);
    const remaining = undeliveredUnits(after) > 0;
    if (!remaining && f.deliveries.length === 0)
      throw new AppError(409, translate(lang, 'delivery.error.cancelEverything'));
    const cancellation: StoredCancellation = {
      id: `cnl_${randomBytes(10).toString('hex')}`,
      items: taken.items,
      amountCents:
        cancelledShare(f.financedCents, lines, [...f.cancellations, { items: taken.items }]) - f.cancelledCents,
      at,
      by: actor,
      reason: input.reason?.trim() || null,
    };
    const event: CheckoutEvent = { type: 'items.cancelled', at, remaining };
    try {
      const saved = await applyToCheckout(deps, checkoutId, event, {
        actor,
        lang,
        note: cancellation.reason ? `${cancellation.id}: ${cancellation.reason}`.slice(0, 200) : cancellation.id,
        mutate: (fresh) => {
          if (fresh.v !== item.v) throw new StaleCopy();
          return { fulfilment: { deliveries: f.deliveries, cancellations: [...f.cancellations, cancellation] } };
        },
        extraEvents: (next): OutboxEvent[] => {
          const state = fulfilmentOf(next);
          return [
            newEvent(
              'checkout.items_cancelled',
              { type: 'checkout', id: next.id },
              eventData(next, 'items.cancelled', {
                cancellation: cancellationView(cancellation),
                lease_adjustment: adjustmentView(state.adjustment),
              }),
              now,
            ),
          ];
        },
      });
      return { item: saved, cancellation };
    } catch (error) {
      if (error instanceof StaleCopy) continue;
      throw error;
    }
  }
  throw new AppError(409, 'The checkout is being changed by another request; please try again.');
}
