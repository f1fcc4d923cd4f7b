// The sandbox retail partner: deterministic stock and services, chosen by the sku and the ZIP code, and bookings
// kept in the table under SANDBOX#RETAIL#SCHEDULE#<reference>.
//
// Skus (suffix, case-insensitive):       ZIP codes (real US ZIP codes from the `zipcodes` dataset):
//   -OOS     out of stock                  Alaska and Hawaii (e.g. 99501, 96813): no home services (delivery,
//   -NOSHIP  not shippable                   installation, haul-away); pickup, ship to store and shipping remain
//   -NODEL   not deliverable               territories and military (e.g. 96799 AS, 96910 GU, 00901 PR, 09xxx AE):
//   -NOOPT   in stock, no fulfilment          every item not deliverable
//            option (E_MISSING_OPTIONS)    unknown ZIP codes (e.g. 00000): invalid_zip
//   -NOINST  no installation
//   anything else: delivery $49.99, installation $129.00, haul-away $25.00, store pickup (3 stores), ship to store,
//   shipment (standard or two-day, free); delivery dates: the next 7 days but Sundays, from 2 days after today.
import { zipCodes } from '../address/zip-codes.ts';
import type { Db } from '../../data/client.ts';
import { putItem } from '../../data/items.ts';
import type { Config } from '../../platform/config.ts';
import type { Choice, ServiceOption, SkuAvailability } from '../../../machines/delivery/delivery-rules.ts';
import { RetailPartnerError, type ProductAvailability, type RetailPartnerPort } from './port.ts';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const SANDBOX_PRICES = {
  delivery: 4999,
  installation: 12900,
  haul_away: 2500,
  store_pickup: 0,
  ship_to_store: 0,
  shipment: 0,
} as const;

export const DELIVERY_WINDOWS: readonly Choice[] = [
  { value: '08:00-12:00', label: '8:00 AM - 12:00 PM' },
  { value: '12:00-16:00', label: '12:00 PM - 4:00 PM' },
  { value: '16:00-20:00', label: '4:00 PM - 8:00 PM' },
];

export const SHIPMENTS: readonly Choice[] = [
  { value: 'standard', label: 'Standard shipping (5-7 business days)' },
  { value: 'two_day', label: 'Two-day shipping' },
];

const NO_HOME_SERVICE_STATES = new Set(['AK', 'HI']);
const OUTSIDE_AREA_STATES = new Set(['AS', 'GU', 'PR', 'VI', 'MP', 'FM', 'MH', 'PW', 'AA', 'AE', 'AP']);

const suffix = (sku: string) => /-([A-Z]+)$/i.exec(sku)?.[1]?.toUpperCase() ?? '';

export function sandboxProductAvailability(sku: string): ProductAvailability {
  const s = suffix(sku);
  return { sku, inStock: s !== 'OOS', shippable: s !== 'NOSHIP', deliverable: s !== 'NODEL' };
}

async function place(zip: string) {
  if (!/^\d{5}$/.test(zip)) return undefined;
  const record = (await zipCodes()).lookup(zip);
  return record && record.country === 'US' ? record : undefined;
}

/** Delivery dates: the next 7 days except Sundays, starting 2 days after today (UTC). */
export function deliveryDates(now: Date): string[] {
  const dates: string[] = [];
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 2));
  while (dates.length < 7) {
    if (day.getUTCDay() !== 0) dates.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return dates;
}

export function storesNear(zip: string, city: string): Choice[] {
  return [1, 2, 3].map((n) => ({ value: `ST-${zip.slice(0, 3)}${n}`, label: `${city} Store #${n} (${zip})` }));
}

/** The sandbox's answer for one sku at a place, pure. */
export function sandboxServices(sku: string, zip: string, city: string, state: string, now: Date): SkuAvailability {
  const s = suffix(sku);
  if (s === 'OOS') return { sku, status: 'out_of_stock', options: [] };
  if (s === 'NOSHIP') return { sku, status: 'not_shippable', options: [] };
  if (s === 'NODEL' || OUTSIDE_AREA_STATES.has(state)) return { sku, status: 'not_deliverable', options: [] };
  if (s === 'NOOPT') return { sku, status: 'available', options: [] };
  const stores = storesNear(zip, city);
  const options: ServiceOption[] = [];
  if (!NO_HOME_SERVICE_STATES.has(state)) {
    options.push({
      type: 'delivery',
      value: 'DEL-STD',
      label: 'Home delivery',
      price: SANDBOX_PRICES.delivery,
      windows: [...DELIVERY_WINDOWS],
      dates: deliveryDates(now),
    });
    if (s !== 'NOINST')
      options.push({
        type: 'installation',
        value: 'INST-STD',
        label: 'Installation',
        price: SANDBOX_PRICES.installation,
      });
    options.push({
      type: 'haul_away',
      value: 'HAUL-STD',
      label: 'Haul-away of your old item',
      price: SANDBOX_PRICES.haul_away,
    });
  }
  options.push(
    { type: 'store_pickup', value: 'PICKUP', label: 'Pick up in store', price: SANDBOX_PRICES.store_pickup, stores },
    { type: 'ship_to_store', value: 'STS', label: 'Ship to store', price: SANDBOX_PRICES.ship_to_store, stores },
    {
      type: 'shipment',
      value: 'SHIP',
      label: 'Ship to your address',
      price: SANDBOX_PRICES.shipment,
      shipments: [...SHIPMENTS],
    },
  );
  return { sku, status: 'available', options };
}

export function sandboxRetailPartner(options: {
  db: Db;
  clock: () => Date;
  config: Pick<Config, 'checkoutVendors'>;
}): RetailPartnerPort {
  const { db, clock, config } = options;
  const latency = (ms: number) => (config.checkoutVendors.sandboxLatency ? sleep(ms) : Promise.resolve());

  async function servicesAt(skus: string[], zip: string): Promise<SkuAvailability[]> {
    const p = await place(zip);
    if (!p) throw new RetailPartnerError('invalid_zip', `The ZIP code ${zip.slice(0, 10)} is not one we serve.`);
    const now = clock();
    return skus.map((sku) => sandboxServices(sku, zip, p.city, p.state, now));
  }

  return {
    async productAvailability(skus) {
      await latency(200);
      return skus.map(sandboxProductAvailability);
    },

    async services(input) {
      await latency(300);
      return servicesAt(input.skus, input.zip);
    },

    async schedule(input) {
      await latency(400);
      const offered = new Map(
        (await servicesAt([...new Set(input.schedules.map((l) => l.sku))], input.zip)).map((a) => [a.sku, a]),
      );
      const refused: string[] = [];
      for (const line of input.schedules) {
        const a = offered.get(line.sku);
        const option = a?.options.find((o) => o.type === line.type);
        const fits =
          a?.status === 'available' &&
          option !== undefined &&
          option.value === line.value &&
          (line.type !== 'delivery' ||
            (!!line.date &&
              option.dates!.includes(line.date) &&
              option.windows!.some((w) => w.value === line.window))) &&
          (line.type !== 'store_pickup' || option.stores!.some((st) => st.value === line.pickup_store)) &&
          (line.type !== 'ship_to_store' || option.stores!.some((st) => st.value === line.ship_to_store)) &&
          (line.type !== 'shipment' || option.shipments!.some((sh) => sh.value === line.shipment));
        if (!fits) refused.push(line.sku);
      }
      if (!input.schedules.length) throw new RetailPartnerError('invalid_request', 'There is nothing to schedule.');
      if (refused.length) {
        throw new RetailPartnerError(
          'slot_unavailable',
          'One or more chosen services are no longer available. Please choose again.',
          [...new Set(refused)],
        );
      }
      const now = clock();
      const confirmationId = `SBX-${input.reference
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 24)
        .toUpperCase()}`;
      await putItem(db, {
        pk: `SANDBOX#RETAIL#SCHEDULE#${input.reference}`,
        sk: 'SCHEDULE',
        entity: 'sandboxRetailSchedule',
        v: 1,
        confirmationId,
        exchangeId: input.exchangeId ?? null,
        zip: input.zip,
        schedules: input.schedules,
        scheduledAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + 90 * 24 * 3600,
      });
      return {
        confirmationId,
        lines: input.schedules.map((l) => ({ sku: l.sku, type: l.type, status: 'scheduled' as const })),
      };
    },
  };
}
