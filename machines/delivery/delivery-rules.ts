// Delivery options (seed 000 sections 4, 5, 8; seed 001 section 5): pure rules for picking a service per sku,
// the haul-away rule, required parts, item removal after the availability lookup, validation and the schedule body.
import type { Cents } from '../domain/money.ts';

export const SERVICE_TYPES = [
  'delivery',
  'installation',
  'haul_away',
  'store_pickup',
  'ship_to_store',
  'shipment',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Services carried out at the shopper's home: they need the full address. */
export const HOME_SERVICE_TYPES: readonly ServiceType[] = ['delivery', 'installation', 'haul_away'];
/** Haul-away rides along with one of these ('Only available once you have selected at least one other delivery type'). */
export const HAUL_AWAY_REQUIRES: readonly ServiceType[] = ['delivery', 'installation'];
/** With one of these the item's required parts are fixed (the crew brings and fits them). */
export const FIXED_PARTS_TYPES: readonly ServiceType[] = ['delivery', 'installation'];

export const ZIP_PATTERN = /^\d{5}$/;

export interface DeliveryPart {
  sku: string;
  quantity: number;
  description: string;
  unit_price: Cents;
}

export interface DeliveryItem {
  sku: string;
  quantity: number;
  description: string;
  unit_price: Cents;
  required_parts: DeliveryPart[];
}

export interface Choice {
  value: string;
  label: string;
}

/** One fulfilment service the retail partner offers for a sku at the looked-up zip. */
export interface ServiceOption {
  type: ServiceType;
  value: string;
  label?: string;
  price?: Cents;
  /** delivery: time windows and dates */
  windows?: Choice[];
  dates?: string[];
  /** store pickup / ship to store: stores */
  stores?: Choice[];
  /** shipment: shipment types */
  shipments?: Choice[];
}

export type AvailabilityStatus = 'available' | 'out_of_stock' | 'not_shippable' | 'not_deliverable';

export interface SkuAvailability {
  sku: string;
  status: AvailabilityStatus;
  options: ServiceOption[];
}

export interface SkuSelection {
  types: ServiceType[];
  date: string | null;
  window: string | null;
  pickup_store: string | null;
  ship_to_store: string | null;
  shipment: string | null;
  /** Optional parts the shopper kept (required parts of home deliveries are always included). */
  parts: string[];
}

export interface DeliveryAddress {
  line_1: string;
  line_2?: string;
  city: string;
  state: string;
  code: string;
}

export interface Notice {
  key: string;
  params: Record<string, string>;
}

export const EMPTY_SELECTION: SkuSelection = {
  types: [],
  date: null,
  window: null,
  pickup_store: null,
  ship_to_store: null,
  shipment: null,
  parts: [],
};

const REMOVAL_NOTICE: Record<Exclude<AvailabilityStatus, 'available'>, string> = {
  out_of_stock: 'delivery.notice.outOfStock',
  not_shippable: 'delivery.notice.notShippable',
  not_deliverable: 'delivery.notice.notDeliverable',
};

export interface AvailabilityOutcome {
  items: DeliveryItem[];
  notices: Notice[];
  options: Record<string, ServiceOption[]>;
  /** E_MISSING_OPTIONS: an item that remains has no fulfilment option, or no item remains. */
  missingOptions: boolean;
}

/**
 * Removes items that are out of stock, not shippable or not deliverable (an apology notice each) and checks that
 * every remaining item has at least one fulfilment option. A sku the lookup does not mention has no options.
 */
export function applyAvailability(items: DeliveryItem[], availability: SkuAvailability[]): AvailabilityOutcome {
  const bySku = new Map(availability.map((a) => [a.sku, a]));
  const kept: DeliveryItem[] = [];
  const notices: Notice[] = [];
  const options: Record<string, ServiceOption[]> = {};
  for (const item of items) {
    const a = bySku.get(item.sku);
    if (a && a.status !== 'available') {
      notices.push({ key: REMOVAL_NOTICE[a.status], params: { description: item.description, sku: item.sku } });
      continue;
    }
    kept.push(item);
    options[item.sku] = a?.options ?? [];
  }
  const missingOptions = kept.length === 0 || kept.some((i) => (options[i.sku] ?? []).length === 0);
  return { items: kept, notices, options, missingOptions };
}

export function offers(options: ServiceOption[] | undefined, type: ServiceType): boolean {
  return (options ?? []).some((o) => o.type === type);
}

/** Whether the shopper may add `type` to this sku's selection now. */
export function canSelect(selection: SkuSelection, type: ServiceType, options: ServiceOption[] | undefined): boolean {
  if (!offers(options, type)) return false;
  if (type === 'haul_away') return selection.types.some((t) => HAUL_AWAY_REQUIRES.includes(t));
  return true;
}

/** Adds or removes a service; removing the last delivery/installation also removes haul-away, and its settings go. */
export function toggleService(selection: SkuSelection, type: ServiceType): SkuSelection {
  if (!selection.types.includes(type)) return { ...selection, types: [...selection.types, type] };
  let types = selection.types.filter((t) => t !== type);
  if (!types.some((t) => HAUL_AWAY_REQUIRES.includes(t))) types = types.filter((t) => t !== 'haul_away');
  const next: SkuSelection = { ...selection, types };
  if (!types.includes('delivery')) Object.assign(next, { date: null, window: null });
  if (!types.includes('store_pickup')) next.pickup_store = null;
  if (!types.includes('ship_to_store')) next.ship_to_store = null;
  if (!types.includes('shipment')) next.shipment = null;
  return next;
}

export function partsFixed(selection: SkuSelection): boolean {
  return selection.types.some((t) => FIXED_PARTS_TYPES.includes(t));
}

/** The parts of an item as shown: fixed (always included) for delivery services, optional otherwise. */
export function partsOf(
  item: DeliveryItem,
  selection: SkuSelection,
): (DeliveryPart & { fixed: boolean; included: boolean })[] {
  const fixed = partsFixed(selection);
  return item.required_parts.map((p) => ({ ...p, fixed, included: fixed || selection.parts.includes(p.sku) }));
}

export function addressComplete(address: Partial<DeliveryAddress> | null | undefined): boolean {
  return (
    !!address && [address.line_1, address.city, address.state].every((v) => typeof v === 'string' && v.trim() !== '')
  );
}

/** The validation messages (i18n keys, seed texts in English), in the order the page shows them; empty when valid. */
export function validateDelivery(
  items: DeliveryItem[],
  selections: Record<string, SkuSelection>,
  address: Partial<DeliveryAddress> | null,
): string[] {
  const chosen = items.map((i) => selections[i.sku] ?? EMPTY_SELECTION);
  if (chosen.every((s) => s.types.length === 0)) return ['delivery.error.service'];
  const errors = new Set<string>();
  if (chosen.some((s) => s.types.length === 0)) errors.add('delivery.error.servicePerItem');
  for (const s of chosen) {
    if (s.types.includes('store_pickup') && !s.pickup_store) errors.add('delivery.error.store');
    if (s.types.includes('ship_to_store') && !s.ship_to_store) errors.add('delivery.error.store');
    if (s.types.includes('delivery') && (!s.date || !s.window)) errors.add('delivery.error.deliveryDate');
    if (s.types.includes('shipment') && !s.shipment) errors.add('delivery.error.shipment');
    if (s.types.some((t) => t === 'shipment' || HOME_SERVICE_TYPES.includes(t)) && !addressComplete(address)) {
      errors.add('delivery.error.address');
    }
  }
  return VALIDATION_ORDER.filter((key) => errors.has(key));
}

const VALIDATION_ORDER = [
  'delivery.error.servicePerItem',
  'delivery.error.store',
  'delivery.error.deliveryDate',
  'delivery.error.shipment',
  'delivery.error.address',
];

/** One schedule line per sku and service: the body of `POST /api/v1/{retail-partner}/schedule` (`schedules`). */
export interface ScheduleLine {
  sku: string;
  type: ServiceType;
  value: string;
  /** The sku also gets installation. */
  installations: boolean;
  window: string | null;
  date: string | null;
  /** Part skus included with the item. */
  required: string[];
  pickup_store: string | null;
  ship_to_store: string | null;
  shipment: string | null;
}

export function buildSchedule(
  items: DeliveryItem[],
  selections: Record<string, SkuSelection>,
  options: Record<string, ServiceOption[]>,
): ScheduleLine[] {
  return items.flatMap((item) => {
    const s = selections[item.sku] ?? EMPTY_SELECTION;
    const required = partsOf(item, s)
      .filter((p) => p.included)
      .map((p) => p.sku);
    return s.types.map((type) => ({
      sku: item.sku,
      type,
      value: (options[item.sku] ?? []).find((o) => o.type === type)?.value ?? type,
      installations: s.types.includes('installation'),
      window: type === 'delivery' ? s.window : null,
      date: type === 'delivery' ? s.date : null,
      required,
      pickup_store: type === 'store_pickup' ? s.pickup_store : null,
      ship_to_store: type === 'ship_to_store' ? s.ship_to_store : null,
      shipment: type === 'shipment' ? s.shipment : null,
    }));
  });
}
