import {
  applyAvailability,
  EMPTY_SELECTION,
  FIXED_PARTS_TYPES,
  HAUL_AWAY_REQUIRES,
  SERVICE_TYPES,
  validateDelivery,
  ZIP_PATTERN,
  type DeliveryAddress,
  type DeliveryItem,
  type ScheduleLine,
  type ServiceOption,
  type SkuSelection,
} from '../../machines/delivery/delivery-rules.ts';
import { centsToDecimal } from '../../machines/domain/money.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import type { CheckoutItem, StoredDelivery } from '../data/checkouts.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, unprocessable } from '../platform/errors.ts';
import { RetailPartnerError } from '../providers/retail-partner/port.ts';
import { applyToCheckout, loadSessionCheckout, updateCheckout } from './checkout.ts';

// Delivery options (seed 000 sections 4, 5, 8) through the retail partner (deps.providers.retailPartner): stock by
// sku; services per sku at a 5-digit ZIP code (items out of stock, not shippable or not deliverable are removed from
// the contract with an apology notice; E_MISSING_OPTIONS when an item is left without any option); then the
// schedule, validated with the delivery rules of machines/delivery, booked at the partner and kept on the checkout
// (its price goes into the lease's cash price).

export const MISSING_OPTIONS = 'One or more items do not have fulfillment options available.';

function partnerFailure(error: unknown, lang: Lang): AppError {
  if (error instanceof RetailPartnerError) {
    if (error.code === 'invalid_zip') return unprocessable({ code: [translate(lang, 'delivery.zip.invalid')] });
    if (error.code === 'slot_unavailable')
      return new AppError(409, error.message, undefined, { code: 'E_SLOT_UNAVAILABLE', skus: error.skus });
    if (error.code === 'invalid_request')
      return new AppError(422, error.message, undefined, { code: 'E_INVALID', skus: error.skus });
  }
  return new AppError(503, translate(lang, 'delivery.error.generic'));
}

export const deliveryItemsOf = (item: CheckoutItem): DeliveryItem[] => item.cart.items.map((i) => ({ ...i }));

export async function productAvailability(deps: Deps, skus: string[], lang: Lang) {
  try {
    return { availability: await deps.providers.retailPartner.productAvailability(skus) };
  } catch (error) {
    throw partnerFailure(error, lang);
  }
}

const optionView = (o: ServiceOption) => ({ ...o, price: centsToDecimal(o.price === 1 ? 0 : (o.price ?? 0)) });

export interface ServicesQuery {
  code: string;
  address?: Partial<DeliveryAddress>;
}

/** GET /api/v1/{retail-partner}/services: the services per sku at a ZIP code for the session's checkout. */
export async function lookupServices(deps: Deps, session: ApplySession, query: ServicesQuery, lang: Lang) {
  if (!ZIP_PATTERN.test(query.code)) throw unprocessable({ code: [translate(lang, 'delivery.zip.invalid')] });
  if (!session.checkoutId) throw new AppError(404, 'Checkout not found', undefined, { not_found: 'checkout' });
  const item = await loadSessionCheckout(deps, session, session.checkoutId);
  const items = deliveryItemsOf(item);
  let availability;
  try {
    availability = await deps.providers.retailPartner.services({
      skus: items.map((i) => i.sku),
      zip: query.code,
      ...(query.address ? { address: query.address } : {}),
    });
  } catch (error) {
    throw partnerFailure(error, lang);
  }
  const outcome = applyAvailability(items, availability);
  const kept = new Set(outcome.items.map((i) => i.sku));
  const now = deps.clock();
  await updateCheckout(deps, item.id, (c) => ({
    delivery: {
      ...(c.delivery ?? emptyDelivery()),
      zip: query.code,
      address: query.address ?? c.delivery?.address ?? null,
      options: outcome.options,
      removed: items.filter((i) => !kept.has(i.sku)).map((i) => i.sku),
      notices: outcome.notices,
      lookedUpAt: now.toISOString(),
    },
  }));
  const answer = {
    code: query.code,
    items: outcome.items.map((i) => ({
      ...i,
      unit_price: centsToDecimal(i.unit_price),
      required_parts: i.required_parts.map((p) => ({ ...p, unit_price: centsToDecimal(p.unit_price) })),
    })),
    services: Object.fromEntries(
      Object.entries(outcome.options).map(([sku, options]) => [sku, options.map(optionView)]),
    ),
    notices: outcome.notices.map((n) => ({ ...n, sku: n.params.sku, message: translate(lang, n.key, n.params) })),
    removed: items.filter((i) => !kept.has(i.sku)).map((i) => i.sku),
    delivery_options: SERVICE_TYPES,
  };
  // The page tells the host (406 with data.code) and offers Return to Retailer.
  if (outcome.missingOptions)
    throw new AppError(406, MISSING_OPTIONS, undefined, { ...answer, zip: query.code, code: 'E_MISSING_OPTIONS' });
  return answer;
}

export const emptyDelivery = (): StoredDelivery => ({
  zip: null,
  address: null,
  options: {},
  removed: [],
  notices: [],
  lookedUpAt: null,
  schedules: [],
  confirmationId: null,
  exchangeId: null,
  priceCents: 0,
  scheduledAt: null,
  deliveredAt: null,
});

/** The schedule lines back to the page's selections, so the pure rules validate exactly what the page would. */
export function selectionsOf(lines: ScheduleLine[]): Record<string, SkuSelection> {
  const out: Record<string, SkuSelection> = {};
  for (const line of lines) {
    const s = (out[line.sku] ??= { ...EMPTY_SELECTION, types: [], parts: [] });
    if (!s.types.includes(line.type)) s.types.push(line.type);
    if (line.type === 'delivery') Object.assign(s, { date: line.date, window: line.window });
    if (line.type === 'store_pickup') s.pickup_store = line.pickup_store;
    if (line.type === 'ship_to_store') s.ship_to_store = line.ship_to_store;
    if (line.type === 'shipment') s.shipment = line.shipment;
    for (const part of line.required) if (!s.parts.includes(part)) s.parts.push(part);
  }
  return out;
}

export interface ScheduleBody {
  checkout_id: string;
  schedules: ScheduleLine[];
  exchange_id?: string | null;
  address?: Partial<DeliveryAddress> | null;
}

/** POST /api/v1/{retail-partner}/schedule. */
export async function scheduleDelivery(deps: Deps, session: ApplySession, body: ScheduleBody, lang: Lang) {
  const item = await loadSessionCheckout(deps, session, body.checkout_id);
  const delivery = item.delivery;
  if (!delivery?.zip)
    throw new AppError(409, 'Please look up the delivery options for your ZIP code first.', undefined, {
      code: 'E_NO_LOOKUP',
    });
  const removed = new Set(delivery.removed);
  const items = deliveryItemsOf(item).filter((i) => !removed.has(i.sku));
  const selections = selectionsOf(body.schedules);
  const address = body.address ?? delivery.address ?? null;
  const errors = validateDelivery(items, selections, address);
  for (const line of body.schedules) {
    if (!items.some((i) => i.sku === line.sku)) errors.push(`The item ${line.sku} is not in this checkout.`);
    else if (!(delivery.options[line.sku] ?? []).some((o) => o.type === line.type))
      errors.push(`The service ${line.type} is not offered for ${line.sku}.`);
  }
  for (const [sku, s] of Object.entries(selections)) {
    if (s.types.includes('haul_away') && !s.types.some((t) => HAUL_AWAY_REQUIRES.includes(t)))
      errors.push('delivery.error.haulAwayOnly');
    const item2 = items.find((i) => i.sku === sku);
    // Required parts are fixed for delivery services: the crew brings and fits them.
    if (
      item2 &&
      s.types.some((t) => FIXED_PARTS_TYPES.includes(t)) &&
      item2.required_parts.some((p) => !s.parts.includes(p.sku))
    ) {
      errors.push(`The required parts of ${sku} are included with delivery and installation.`);
    }
  }
  if (errors.length) throw unprocessable({ schedules: [...new Set(errors)].map((e) => translate(lang, e)) });
  const zip = delivery.zip;
  let confirmation;
  try {
    confirmation = await deps.providers.retailPartner.schedule({
      reference: item.id,
      exchangeId: body.exchange_id ?? null,
      zip,
      address: address ?? {},
      schedules: body.schedules,
    });
  } catch (error) {
    throw partnerFailure(error, lang);
  }
  const priceCents = body.schedules.reduce(
    (sum, line) => sum + ((delivery.options[line.sku] ?? []).find((o) => o.type === line.type)?.price ?? 0),
    0,
  );
  const now = deps.clock();
  const next = await applyToCheckout(
    deps,
    item.id,
    { type: 'delivery.scheduled' },
    {
      actor: 'shopper',
      lang,
      mutate: (c) => ({
        delivery: {
          ...(c.delivery ?? emptyDelivery()),
          address,
          schedules: body.schedules,
          confirmationId: confirmation.confirmationId,
          exchangeId: body.exchange_id ?? null,
          priceCents,
          scheduledAt: now.toISOString(),
        },
      }),
    },
  );
  return {
    scheduled: true,
    confirmation_id: confirmation.confirmationId,
    delivery_price: centsToDecimal(priceCents === 1 ? 0 : priceCents),
    status: next.current_step,
    removed: delivery.removed,
  };
}
