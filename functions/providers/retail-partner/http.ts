// The real retail partner adapter: a client of the Retail Partner Fulfilment API v1 (API.md in this folder).
import { parseAmountToCents } from '../../../machines/domain/money.ts';
import type {
  AvailabilityStatus,
  ServiceOption,
  ServiceType,
  SkuAvailability,
} from '../../../machines/delivery/delivery-rules.ts';
import { RetailPartnerError, type ProductAvailability, type RetailPartnerPort } from './port.ts';

export interface RetailPartnerHttpOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

const TYPES: Record<string, ServiceType> = {
  DELIVERY: 'delivery',
  INSTALLATION: 'installation',
  HAUL_AWAY: 'haul_away',
  STORE_PICKUP: 'store_pickup',
  SHIP_TO_STORE: 'ship_to_store',
  SHIPMENT: 'shipment',
};
const TYPE_NAMES = Object.fromEntries(Object.entries(TYPES).map(([k, v]) => [v, k])) as Record<ServiceType, string>;

const STATUSES: Record<string, AvailabilityStatus> = {
  AVAILABLE: 'available',
  OUT_OF_STOCK: 'out_of_stock',
  NOT_SHIPPABLE: 'not_shippable',
  NOT_DELIVERABLE: 'not_deliverable',
};

interface PartnerService {
  type: string;
  serviceId: string;
  name?: string;
  price?: string;
  dates?: string[];
  windows?: { id: string; label: string }[];
  stores?: { storeId: string; name: string }[];
  levelsOfService?: { id: string; name: string }[];
}

export function httpRetailPartner(options: RetailPartnerHttpOptions): RetailPartnerPort {
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new RetailPartnerError('unavailable', `The retail partner could not be reached: ${String(error)}`);
    }
    const data = (await res.json().catch(() => ({}))) as T & {
      error?: { code?: string; message?: string; skus?: string[] };
    };
    if (res.ok) return data;
    const error = data.error ?? {};
    const message = error.message ?? `The retail partner answered ${res.status}`;
    const skus = Array.isArray(error.skus) ? error.skus.filter((s): s is string => typeof s === 'string') : [];
    if (res.status === 401 || res.status === 403) throw new RetailPartnerError('unauthorized', message);
    if (res.status === 409 || error.code === 'SLOT_UNAVAILABLE')
      throw new RetailPartnerError('slot_unavailable', message, skus);
    if (error.code === 'INVALID_POSTAL_CODE') throw new RetailPartnerError('invalid_zip', message);
    if (res.status === 429 || res.status >= 500) throw new RetailPartnerError('unavailable', message);
    throw new RetailPartnerError('invalid_request', message, skus);
  }

  const toOption = (s: PartnerService): ServiceOption | undefined => {
    const type = TYPES[s.type];
    if (!type) return undefined;
    return {
      type,
      value: s.serviceId,
      label: s.name,
      price: parseAmountToCents(s.price) ?? 0,
      ...(s.windows ? { windows: s.windows.map((w) => ({ value: w.id, label: w.label })) } : {}),
      ...(s.dates ? { dates: s.dates } : {}),
      ...(s.stores ? { stores: s.stores.map((st) => ({ value: st.storeId, label: st.name })) } : {}),
      ...(s.levelsOfService ? { shipments: s.levelsOfService.map((l) => ({ value: l.id, label: l.name })) } : {}),
    };
  };

  const address = (a: { line_1?: string; line_2?: string; city?: string; state?: string } | undefined) =>
    a ? { line1: a.line_1 ?? null, line2: a.line_2 ?? null, city: a.city ?? null, state: a.state ?? null } : null;

  return {
    async productAvailability(skus) {
      if (!skus.length) return [];
      const data = await call<{
        products?: { sku: string; orderable?: string; shippable?: boolean; homeDelivery?: boolean }[];
      }>('GET', `/v1/products/availability?skus=${skus.map(encodeURIComponent).join(',')}`);
      const bySku = new Map((data.products ?? []).map((p) => [p.sku, p]));
      return skus.map((sku): ProductAvailability => {
        const p = bySku.get(sku);
        return {
          sku,
          inStock: p?.orderable === 'Available',
          shippable: p?.shippable === true,
          deliverable: p?.homeDelivery === true,
        };
      });
    },

    async services(input) {
      const data = await call<{ items?: { sku: string; status: string; services?: PartnerService[] }[] }>(
        'POST',
        '/v1/fulfillment/options',
        {
          postalCode: input.zip,
          address: address(input.address),
          skus: input.skus,
        },
      );
      const bySku = new Map((data.items ?? []).map((i) => [i.sku, i]));
      return input.skus.map((sku): SkuAvailability => {
        const item = bySku.get(sku);
        // A sku the partner leaves out has nothing to offer (the delivery rules then report E_MISSING_OPTIONS).
        if (!item) return { sku, status: 'available', options: [] };
        const status = STATUSES[item.status] ?? 'not_deliverable';
        const options =
          status === 'available' ? (item.services ?? []).map(toOption).filter((o): o is ServiceOption => !!o) : [];
        return { sku, status, options };
      });
    },

    async schedule(input) {
      const data = await call<{
        scheduleId: string;
        status: string;
        lines?: { sku: string; serviceType: string; status: string }[];
      }>(
        'POST',
        '/v1/fulfillment/schedules',
        {
          orderReference: input.reference,
          exchangeId: input.exchangeId ?? null,
          postalCode: input.zip,
          address: address(input.address),
          lines: input.schedules.map((l) => ({
            sku: l.sku,
            serviceType: TYPE_NAMES[l.type],
            serviceId: l.value,
            date: l.date,
            windowId: l.window,
            storeId: l.pickup_store ?? l.ship_to_store,
            levelOfServiceId: l.shipment,
            withInstallation: l.installations,
            includedParts: l.required,
          })),
        },
        { 'idempotency-key': input.reference },
      );
      return {
        confirmationId: data.scheduleId,
        lines: (data.lines ?? []).map((l) => ({
          sku: l.sku,
          type: TYPES[l.serviceType] ?? 'delivery',
          status: 'scheduled' as const,
        })),
      };
    },
  };
}
