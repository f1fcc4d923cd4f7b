// The Delivery Options step (seed 000 section 4): enter a zip -> availability lookup (items that cannot be
// fulfilled are removed with an apology) -> pick and configure a service per sku -> submit schedules -> fetch the
// lease -> done (the checkout flow moves on to the lease). Cancel ends the machine; the checkout flow posts it.
import { setup, assign, fromPromise } from 'xstate';
import {
  applyAvailability,
  buildSchedule,
  canSelect,
  EMPTY_SELECTION,
  partsFixed,
  toggleService,
  validateDelivery,
  ZIP_PATTERN,
  type DeliveryAddress,
  type DeliveryItem,
  type Notice,
  type ScheduleLine,
  type ServiceOption,
  type ServiceType,
  type SkuAvailability,
  type SkuSelection,
} from './delivery-rules.ts';

export interface DeliveryInput {
  checkoutId: string;
  items: DeliveryItem[];
  address?: Partial<DeliveryAddress> | null;
  exchangeId?: string | null;
}

export interface DeliveryContext {
  checkoutId: string;
  exchangeId: string | null;
  /** The cart as the retailer sent it. */
  cart: DeliveryItem[];
  /** The items still in the contract after the lookup. */
  items: DeliveryItem[];
  notices: Notice[];
  options: Record<string, ServiceOption[]>;
  selections: Record<string, SkuSelection>;
  zip: string;
  address: Partial<DeliveryAddress>;
  /** Validation messages (i18n keys). */
  errors: string[];
  /** A blocking error: E_MISSING_OPTIONS or a failed call (i18n key or server message). */
  error: string | null;
  errorCode: string | null;
  lease: unknown;
}

export interface DeliveryOutput {
  lease: unknown;
  schedules: ScheduleLine[];
  items: DeliveryItem[];
}

export type DeliveryEvent =
  | { type: 'delivery.zip'; zip: string }
  | { type: 'delivery.address'; address: Partial<DeliveryAddress> }
  | { type: 'service.toggle'; sku: string; service: ServiceType }
  | {
      type: 'service.configure';
      sku: string;
      date?: string | null;
      window?: string | null;
      pickup_store?: string | null;
      ship_to_store?: string | null;
      shipment?: string | null;
    }
  | { type: 'part.toggle'; sku: string; part: string }
  | { type: 'delivery.submit' }
  | { type: 'delivery.retry' }
  | { type: 'delivery.cancel' };

export interface LookupInput {
  skus: string[];
  zip: string;
  address: Partial<DeliveryAddress>;
}

export interface ScheduleInput {
  checkoutId: string;
  exchangeId: string | null;
  schedules: ScheduleLine[];
  address: Partial<DeliveryAddress>;
}

export const E_MISSING_OPTIONS = 'E_MISSING_OPTIONS';

function outputOf<T>(event: { type: string }): T {
  return (event as unknown as { output: T }).output;
}

function failure(event: { type: string }): string {
  const error = (event as { error?: unknown }).error;
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' && !message.startsWith('delivery:')
    ? message
    : 'delivery.error.generic';
}

const selectionOf = (context: DeliveryContext, sku: string): SkuSelection => context.selections[sku] ?? EMPTY_SELECTION;

export const deliveryMachine = setup({
  types: {
    context: {} as DeliveryContext,
    events: {} as DeliveryEvent,
    input: {} as DeliveryInput,
    output: {} as DeliveryOutput,
  },
  actors: {
    /** productavailability + services for the zip. */
    lookupAvailability: fromPromise<SkuAvailability[], LookupInput>(async () => {
      throw new Error('delivery: provide the lookupAvailability actor');
    }),
    /** `POST /api/v1/{retail-partner}/schedule` */
    schedule: fromPromise<void, ScheduleInput>(async () => {
      throw new Error('delivery: provide the schedule actor');
    }),
    /** `GET /apply-v2/checkout/{checkout_id}/lease` */
    fetchLease: fromPromise<unknown, { checkoutId: string }>(async () => {
      throw new Error('delivery: provide the fetchLease actor');
    }),
  },
  guards: {
    zipComplete: ({ event }) => event.type === 'delivery.zip' && ZIP_PATTERN.test(event.zip),
    lookupMissingOptions: ({ context, event }) =>
      applyAvailability(context.cart, outputOf<SkuAvailability[]>(event)).missingOptions,
    serviceSelectable: ({ context, event }) => {
      if (event.type !== 'service.toggle') return false;
      const selection = selectionOf(context, event.sku);
      // deselecting is always possible; selecting follows the offer and the haul-away rule
      return selection.types.includes(event.service) || canSelect(selection, event.service, context.options[event.sku]);
    },
    knownSku: ({ context, event }) => 'sku' in event && context.items.some((i) => i.sku === event.sku),
    partOptional: ({ context, event }) =>
      event.type === 'part.toggle' &&
      !partsFixed(selectionOf(context, event.sku)) &&
      context.items.some((i) => i.sku === event.sku && i.required_parts.some((p) => p.sku === event.part)),
    valid: ({ context }) => validateDelivery(context.items, context.selections, context.address).length === 0,
  },
  actions: {
    recordZip: assign(({ event }) => (event.type === 'delivery.zip' ? { zip: event.zip } : {})),
    resetLookup: assign(({ context }) => ({
      items: context.cart,
      notices: [],
      options: {},
      selections: {},
      errors: [],
      error: null,
      errorCode: null,
    })),
    recordAvailability: assign(({ context, event }) => {
      const outcome = applyAvailability(context.cart, outputOf<SkuAvailability[]>(event));
      return {
        items: outcome.items,
        notices: outcome.notices,
        options: outcome.options,
        selections: Object.fromEntries(outcome.items.map((i) => [i.sku, EMPTY_SELECTION])),
        error: outcome.missingOptions ? 'delivery.error.missingOptions' : null,
        errorCode: outcome.missingOptions ? E_MISSING_OPTIONS : null,
      };
    }),
    recordAddress: assign(({ context, event }) =>
      event.type === 'delivery.address' ? { address: { ...context.address, ...event.address } } : {},
    ),
    toggle: assign(({ context, event }) => {
      if (event.type !== 'service.toggle') return {};
      return {
        selections: {
          ...context.selections,
          [event.sku]: toggleService(selectionOf(context, event.sku), event.service),
        },
        errors: [],
      };
    }),
    configure: assign(({ context, event }) => {
      if (event.type !== 'service.configure') return {};
      const { type: _type, sku, ...settings } = event;
      const defined = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
      return { selections: { ...context.selections, [sku]: { ...selectionOf(context, sku), ...defined } }, errors: [] };
    }),
    togglePart: assign(({ context, event }) => {
      if (event.type !== 'part.toggle') return {};
      const s = selectionOf(context, event.sku);
      const parts = s.parts.includes(event.part) ? s.parts.filter((p) => p !== event.part) : [...s.parts, event.part];
      return { selections: { ...context.selections, [event.sku]: { ...s, parts } } };
    }),
    showErrors: assign(({ context }) => ({
      errors: validateDelivery(context.items, context.selections, context.address),
    })),
    clearErrors: assign({ errors: [], error: null, errorCode: null }),
    recordLease: assign(({ event }) => ({ lease: outputOf<unknown>(event) })),
    fail: assign(({ event }) => ({ error: failure(event), errorCode: null })),
  },
}).createMachine({
  id: 'delivery',
  initial: 'zipEntry',
  context: ({ input }) => ({
    checkoutId: input.checkoutId,
    exchangeId: input.exchangeId ?? null,
    cart: input.items,
    items: input.items,
    notices: [],
    options: {},
    selections: {},
    zip: input.address?.code ?? '',
    address: input.address ?? {},
    errors: [],
    error: null,
    errorCode: null,
    lease: null,
  }),
  output: ({ context }) => ({
    lease: context.lease,
    schedules: buildSchedule(context.items, context.selections, context.options),
    items: context.items,
  }),
  on: {
    // The address can be completed at any time (shipping and home services need it).
    'delivery.address': { actions: 'recordAddress' },
  },
  states: {
    zipEntry: {
      on: {
        'delivery.zip': [
          { guard: 'zipComplete', target: 'lookingUp', actions: ['recordZip', 'resetLookup'] },
          { actions: 'recordZip' },
        ],
        'delivery.cancel': { target: 'cancelled' },
      },
    },
    lookingUp: {
      invoke: {
        id: 'lookupAvailability',
        src: 'lookupAvailability',
        input: ({ context }) => ({
          skus: context.cart.map((i) => i.sku),
          zip: context.zip,
          address: { ...context.address, code: context.zip },
        }),
        onDone: [
          { guard: 'lookupMissingOptions', target: 'unavailable', actions: 'recordAvailability' },
          { target: 'selecting', actions: 'recordAvailability' },
        ],
        onError: { target: 'zipEntry', actions: 'fail' },
      },
      on: {
        // A new zip while looking up restarts the lookup (or waits for 5 digits).
        'delivery.zip': [
          { guard: 'zipComplete', target: 'lookingUp', reenter: true, actions: ['recordZip', 'resetLookup'] },
          { target: 'zipEntry', actions: ['recordZip', 'resetLookup'] },
        ],
        'delivery.cancel': { target: 'cancelled' },
      },
    },
    // E_MISSING_OPTIONS: another zip may help; otherwise the shopper returns to the retailer.
    unavailable: {
      on: {
        'delivery.zip': [
          { guard: 'zipComplete', target: 'lookingUp', actions: ['recordZip', 'resetLookup'] },
          { target: 'zipEntry', actions: ['recordZip', 'resetLookup'] },
        ],
        'delivery.cancel': { target: 'cancelled' },
      },
    },
    selecting: {
      on: {
        'service.toggle': { guard: 'serviceSelectable', actions: 'toggle' },
        'service.configure': { guard: 'knownSku', actions: 'configure' },
        'part.toggle': { guard: 'partOptional', actions: 'togglePart' },
        'delivery.zip': [
          { guard: 'zipComplete', target: 'lookingUp', actions: ['recordZip', 'resetLookup'] },
          { target: 'zipEntry', actions: ['recordZip', 'resetLookup'] },
        ],
        'delivery.submit': [
          { guard: 'valid', target: 'scheduling', actions: 'clearErrors' },
          { actions: 'showErrors' },
        ],
        'delivery.cancel': { target: 'cancelled' },
      },
    },
    scheduling: {
      invoke: {
        id: 'schedule',
        src: 'schedule',
        input: ({ context }) => ({
          checkoutId: context.checkoutId,
          exchangeId: context.exchangeId,
          schedules: buildSchedule(context.items, context.selections, context.options),
          address: { ...context.address, code: context.zip },
        }),
        onDone: { target: 'fetchingLease' },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    fetchingLease: {
      invoke: {
        id: 'fetchLease',
        src: 'fetchLease',
        input: ({ context }) => ({ checkoutId: context.checkoutId }),
        onDone: { target: 'done', actions: 'recordLease' },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    // The error modal: 'Return to Retailer' (delivery.cancel) or try again.
    failed: {
      on: {
        'delivery.retry': { target: 'scheduling', actions: 'clearErrors' },
        'delivery.cancel': { target: 'cancelled' },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type DeliveryMachine = typeof deliveryMachine;
