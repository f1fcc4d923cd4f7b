import {
  adjustLease,
  cancelledShare,
  deliveredShare,
  lineStates,
  undeliveredUnits,
  type DeliveryLine,
  type LeaseAdjustment,
  type LineQuantity,
  type LineState,
} from '../../machines/domain/partial-delivery.ts';
import { centsToDecimal } from '../../machines/domain/money.ts';
import type { CheckoutItem, StoredCancellation, StoredDeliveryRecord } from '../data/checkouts.ts';

// What was delivered and cancelled of a checkout, read from its record (machines/domain/partial-delivery does the
// arithmetic): the state of each contracted line, the delivered share of the financed amount, the lease adjustment
// after a cancellation, and their API views. Read-only, so the checkout's and the staff's views can use it.

/** The contracted lines: the lease's items (what the shopper leased, after the lookup removed undeliverable ones). */
export function contractLines(checkout: Pick<CheckoutItem, 'lease' | 'cart'>): DeliveryLine[] {
  const items = checkout.lease?.computation.items ?? [];
  return items.map((i) => ({ sku: i.sku, description: i.description, quantity: i.quantity, totalCents: i.totalCents }));
}

/** The financed amount the tranches add up to: the cash price (what funding a whole delivery pays the retailer). */
export const financedCents = (checkout: Pick<CheckoutItem, 'lease'>) => checkout.lease?.computation.cashPrice ?? 0;

export interface FulfilmentState {
  lines: LineState[];
  deliveries: StoredDeliveryRecord[];
  cancellations: StoredCancellation[];
  undelivered: number;
  financedCents: number;
  deliveredCents: number;
  cancelledCents: number;
  adjustment: LeaseAdjustment | null;
}

/** When the checkout machine recorded a delivery confirmation (the whole order, before delivery records existed). */
const confirmedAt = (checkout: Pick<CheckoutItem, 'machine'>): string | null =>
  (checkout.machine?.snapshot as { context?: { delivered_at?: string | null } } | undefined)?.context?.delivered_at ??
  null;

export function fulfilmentOf(
  checkout: Pick<CheckoutItem, 'lease' | 'cart' | 'fulfilment' | 'machine'>,
): FulfilmentState {
  const lines = contractLines(checkout);
  const legacyAt = checkout.fulfilment ? null : confirmedAt(checkout);
  // A delivery confirmed before partial deliveries existed delivered the whole order: one delivery of every unit.
  const legacy: StoredDeliveryRecord[] = legacyAt
    ? [
        {
          id: 'whole',
          items: lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
          amountCents: financedCents(checkout),
          deliveredAt: legacyAt,
          recordedAt: legacyAt,
          by: 'retailer',
          remainingUnits: 0,
        },
      ]
    : [];
  const deliveries = checkout.fulfilment?.deliveries ?? legacy;
  const cancellations = checkout.fulfilment?.cancellations ?? [];
  const states = lineStates(lines, deliveries, cancellations);
  const financed = financedCents(checkout);
  const cancelled = cancelledShare(financed, lines, cancellations);
  const c = checkout.lease?.computation;
  return {
    lines: states,
    deliveries,
    cancellations,
    undelivered: undeliveredUnits(states),
    financedCents: financed,
    deliveredCents: deliveredShare(financed, lines, deliveries),
    cancelledCents: cancelled,
    adjustment: c && cancellations.length ? adjustLease(c, cancelled) : null,
  };
}

const itemsView = (items: readonly LineQuantity[]) => items.map((i) => ({ sku: i.sku, quantity: i.quantity }));

export const deliveryRecordView = (d: StoredDeliveryRecord) => ({
  id: d.id,
  items: itemsView(d.items),
  amount: centsToDecimal(d.amountCents),
  delivered_at: d.deliveredAt,
  recorded_at: d.recordedAt,
  by: d.by,
  remaining_units: d.remainingUnits,
});

export const cancellationView = (c: StoredCancellation) => ({
  id: c.id,
  items: itemsView(c.items),
  amount: centsToDecimal(c.amountCents),
  at: c.at,
  by: c.by,
  reason: c.reason,
});

export function adjustmentView(a: LeaseAdjustment | null) {
  if (!a) return null;
  return {
    cancelled_cash_price: centsToDecimal(a.cancelledCashPrice),
    leased_before: centsToDecimal(a.leasedBefore),
    leased_after: centsToDecimal(a.leasedAfter),
    payment_before: centsToDecimal(a.paymentBefore),
    payment_after: centsToDecimal(a.paymentAfter),
    total_of_payments_before: centsToDecimal(a.totalBefore),
    total_of_payments_after: centsToDecimal(a.totalAfter),
    prepaid_credit: centsToDecimal(a.prepaidCredit),
    refund_due: centsToDecimal(a.refundCents),
  };
}

/** What the retailer sees of the deliveries (GET and the delivery answers): lines, deliveries, cancellations, lease change. */
export function retailerFulfilmentView(checkout: CheckoutItem) {
  const f = fulfilmentOf(checkout);
  return {
    lines: f.lines.map((l) => ({
      sku: l.sku,
      description: l.description,
      quantity: l.quantity,
      delivered: l.delivered,
      cancelled: l.cancelled,
      undelivered: l.undelivered,
    })),
    deliveries: f.deliveries.map(deliveryRecordView),
    cancellations: f.cancellations.map(cancellationView),
    undelivered_units: f.undelivered,
    financed_amount: centsToDecimal(f.financedCents),
    delivered_amount: centsToDecimal(f.deliveredCents),
    lease_adjustment: adjustmentView(f.adjustment),
  };
}
