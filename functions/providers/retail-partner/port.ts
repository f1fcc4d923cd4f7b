// The retail partner: the retailer's fulfilment system that knows stock and the delivery, installation, haul-away,
// store pickup, ship-to-store and shipping services for a sku at a ZIP code, and books the chosen ones. The shapes
// are those of the delivery machine (machines/delivery/delivery-rules.ts), which the checkout service feeds with
// these answers. The real adapter (http.ts) speaks the Retail Partner Fulfilment API v1 described in API.md.
import type {
  AvailabilityStatus,
  DeliveryAddress,
  ScheduleLine,
  ServiceOption,
  SkuAvailability,
} from '../../../machines/delivery/delivery-rules.ts';

export type { AvailabilityStatus, DeliveryAddress, ScheduleLine, ServiceOption, SkuAvailability };

/** Stock of a sku, before any address is known (`GET /api/v1/{retail-partner}/productavailability`). */
export interface ProductAvailability {
  sku: string;
  /** in stock somewhere and orderable */
  inStock: boolean;
  /** can be sent by carrier */
  shippable: boolean;
  /** can be brought home by the partner's crews */
  deliverable: boolean;
}

export interface ServicesInput {
  skus: string[];
  /** 5-digit ZIP code of the delivery address. */
  zip: string;
  address?: Partial<DeliveryAddress>;
}

export interface ScheduleInput {
  /** Our reference (the checkout id); the partner keys its booking on it. */
  reference: string;
  /** The retailer's exchange id when the cart replaces earlier goods. */
  exchangeId?: string | null;
  zip: string;
  address: Partial<DeliveryAddress>;
  schedules: ScheduleLine[];
}

export interface ScheduleConfirmation {
  confirmationId: string;
  lines: { sku: string; type: ScheduleLine['type']; status: 'scheduled' }[];
}

export type RetailPartnerErrorCode =
  | 'invalid_zip' // not a 5-digit ZIP code the partner knows
  | 'slot_unavailable' // a chosen window, date, store or shipment is no longer offered: look up again
  | 'invalid_request' // the partner refused our input
  | 'unauthorized'
  | 'unavailable'; // the partner failed or timed out: retry later

export class RetailPartnerError extends Error {
  constructor(
    readonly code: RetailPartnerErrorCode,
    message: string,
    /** Per sku, when the refusal concerns particular lines. */
    readonly skus: string[] = [],
  ) {
    super(message);
    this.name = 'RetailPartnerError';
  }
}

export interface RetailPartnerPort {
  /** Stock of each sku (unknown skus come back out of stock). */
  productAvailability(skus: string[]): Promise<ProductAvailability[]>;
  /** The services per sku at a ZIP code; items that cannot be fulfilled carry their status and no options. */
  services(input: ServicesInput): Promise<SkuAvailability[]>;
  /** Books the chosen services; idempotent on `reference` (booking again replaces the earlier booking). */
  schedule(input: ScheduleInput): Promise<ScheduleConfirmation>;
}
