// The merchant network's pure rules (issue 12): POS stock, pick-ups and retention money. Money in integer cents.

/** A POS item is low on stock when its quantity in stock is at or below its reorder level. */
export const isLowStock = (item: { quantity_in_stock: number; reorder_level: number }) =>
  item.quantity_in_stock <= item.reorder_level;

export const POS_ORDER_STATUSES = ['open', 'submitted', 'fulfilled', 'cancelled'] as const;
export type PosOrderStatus = (typeof POS_ORDER_STATUSES)[number];

/** The total of an order's lines (quantity x unit price). */
export const orderTotalCents = (items: readonly { quantity: number; unit_price: number }[]) =>
  items.reduce((sum, line) => sum + line.quantity * line.unit_price, 0);

// ---- pick-ups ----
export const PICKUP_TYPES = ['return', 'repossession'] as const;
export type PickupType = (typeof PICKUP_TYPES)[number];
/** The windows a pick-up is scheduled in (local time of the store). */
export const PICKUP_WINDOWS = ['08:00-12:00', '12:00-16:00', '16:00-20:00'] as const;
export type PickupWindow = (typeof PICKUP_WINDOWS)[number];
export const PICKUP_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];
/**
 * A pick-up's transactions: `attempt` (nobody home, rescheduling needed), `collected` (the merchandise was picked up:
 * the pick-up is completed), `cancelled`, `fee` (a charge such as a trip fee, with an amount) and `note`.
 */
export const PICKUP_TX_TYPES = ['attempt', 'collected', 'cancelled', 'fee', 'note'] as const;
export type PickupTxType = (typeof PICKUP_TX_TYPES)[number];

/**
 * The pick-up status after a transaction, or undefined when the transaction is not allowed in that status (a closed
 * pick-up takes notes only).
 */
export function pickupStatusAfter(status: PickupStatus, tx: PickupTxType): PickupStatus | undefined {
  if (status !== 'scheduled') return tx === 'note' ? status : undefined;
  if (tx === 'collected') return 'completed';
  if (tx === 'cancelled') return 'cancelled';
  return 'scheduled';
}

// ---- retention money ----
/** The share withheld from a store's funding when its account names none: 5% (in basis points). */
export const DEFAULT_RETENTION_BASIS_POINTS = 500;
export const MAX_RETENTION_BASIS_POINTS = 5000;

/** The amount withheld from a funding (rounded to the nearest cent). */
export const withheldCents = (fundedCents: number, basisPoints: number) =>
  Math.round((fundedCents * basisPoints) / 10_000);

export const RETENTION_ENTRY_KINDS = ['withholding', 'payment'] as const;
export type RetentionEntryKind = (typeof RETENTION_ENTRY_KINDS)[number];

/** A store on the Retailer Map (GET /staff/api/retailer-map): placed by its shipping ZIP's coordinates. */
export interface MapMarker {
  id: string;
  name: string;
  retailer_id: string;
  retailer_name: string;
  active: boolean;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lon: number;
}
