import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, toPromise, transition, type AnyMachineSnapshot } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import {
  deliveryMachine,
  E_MISSING_OPTIONS,
  type DeliveryEvent,
  type DeliveryInput,
} from '../../../machines/delivery/delivery.machine.ts';
import {
  applyAvailability,
  buildSchedule,
  canSelect,
  EMPTY_SELECTION,
  partsOf,
  toggleService,
  validateDelivery,
  type DeliveryItem,
  type ServiceOption,
  type SkuAvailability,
  type SkuSelection,
} from '../../../machines/delivery/delivery-rules.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { coverage, definedTransitions, stateIds } from '../../support/machine-coverage.ts';

const en = (key: string, params?: Record<string, string>) => translate('en', key, params);

const TV: DeliveryItem = {
  sku: 'TV-55',
  quantity: 1,
  description: '55" TV',
  unit_price: 49999,
  required_parts: [{ sku: 'MOUNT', quantity: 1, description: 'Wall mount', unit_price: 4999 }],
};
const FRIDGE: DeliveryItem = {
  sku: 'FR-1',
  quantity: 1,
  description: 'Fridge',
  unit_price: 129900,
  required_parts: [],
};
const SOFA: DeliveryItem = { sku: 'SOFA', quantity: 1, description: 'Sofa', unit_price: 89900, required_parts: [] };
const LAMP: DeliveryItem = { sku: 'LAMP', quantity: 2, description: 'Lamp', unit_price: 2999, required_parts: [] };

const ALL_OPTIONS: ServiceOption[] = [
  { type: 'delivery', value: 'DLV', windows: [{ value: 'am', label: '8-12' }], dates: ['2025-03-04'] },
  { type: 'installation', value: 'INS' },
  { type: 'haul_away', value: 'HAUL' },
  { type: 'store_pickup', value: 'PICK', stores: [{ value: 's1', label: 'Main Street' }] },
  { type: 'ship_to_store', value: 'STS', stores: [{ value: 's1', label: 'Main Street' }] },
  { type: 'shipment', value: 'SHIP', shipments: [{ value: 'ground', label: 'Ground' }] },
];
const available = (sku: string, options = ALL_OPTIONS): SkuAvailability => ({ sku, status: 'available', options });
const FULL_ADDRESS = { line_1: '1 Main St', city: 'Dallas', state: 'TX', code: '75001' };
const sel = (over: Partial<SkuSelection>): SkuSelection => ({ ...EMPTY_SELECTION, ...over });

describe('delivery rules', () => {
  it('removes items that are out of stock, not shippable or not deliverable, each with an apology', () => {
    const outcome = applyAvailability(
      [TV, FRIDGE, SOFA, LAMP],
      [
        available('TV-55'),
        { sku: 'FR-1', status: 'out_of_stock', options: [] },
        { sku: 'SOFA', status: 'not_shippable', options: [] },
        { sku: 'LAMP', status: 'not_deliverable', options: [] },
      ],
    );
    expect(outcome.items.map((i) => i.sku)).toEqual(['TV-55']);
    expect(outcome.missingOptions).toBe(false);
    expect(outcome.notices.map((n) => en(n.key, n.params))).toEqual([
      "We're sorry, Fridge (SKU FR-1) is out of stock and was removed from your contract.",
      "We're sorry, Sofa (SKU SOFA) cannot be shipped to your address and was removed from your contract.",
      "We're sorry, Lamp (SKU LAMP) cannot be delivered to your address and was removed from your contract.",
    ]);
  });
  it('flags E_MISSING_OPTIONS when an item has no option or nothing remains', () => {
    expect(applyAvailability([TV, FRIDGE], [available('TV-55'), available('FR-1', [])]).missingOptions).toBe(true);
    expect(applyAvailability([TV], []).missingOptions).toBe(true);
    expect(applyAvailability([TV], [{ sku: 'TV-55', status: 'out_of_stock', options: [] }]).missingOptions).toBe(true);
    expect(en('delivery.error.missingOptions')).toBe('One or more items do not have fulfillment options available.');
  });
  it('haul-away only after another delivery type, and it goes when that type goes', () => {
    expect(canSelect(EMPTY_SELECTION, 'haul_away', ALL_OPTIONS)).toBe(false);
    expect(canSelect(sel({ types: ['store_pickup'] }), 'haul_away', ALL_OPTIONS)).toBe(false);
    expect(canSelect(sel({ types: ['delivery'] }), 'haul_away', ALL_OPTIONS)).toBe(true);
    expect(canSelect(sel({ types: ['installation'] }), 'haul_away', ALL_OPTIONS)).toBe(true);
    expect(canSelect(EMPTY_SELECTION, 'shipment', [ALL_OPTIONS[0]!])).toBe(false);
    expect(toggleService(sel({ types: ['delivery', 'haul_away'], date: 'd', window: 'w' }), 'delivery')).toEqual(
      EMPTY_SELECTION,
    );
    expect(toggleService(sel({ types: ['delivery', 'installation', 'haul_away'] }), 'delivery').types).toEqual([
      'installation',
      'haul_away',
    ]);
    expect(en('delivery.error.haulAwayOnly')).toBe(
      'Only available once you have selected at least one other delivery type',
    );
  });
  it('required parts are fixed for delivery services and optional otherwise', () => {
    expect(partsOf(TV, sel({ types: ['delivery'] }))).toEqual([
      expect.objectContaining({ sku: 'MOUNT', fixed: true, included: true }),
    ]);
    expect(partsOf(TV, sel({ types: ['store_pickup'] }))).toEqual([
      expect.objectContaining({ fixed: false, included: false }),
    ]);
    expect(partsOf(TV, sel({ types: ['shipment'], parts: ['MOUNT'] }))).toEqual([
      expect.objectContaining({ fixed: false, included: true }),
    ]);
  });

  describe('validation messages (exact seed texts)', () => {
    const check = (
      selections: Record<string, SkuSelection>,
      address: Record<string, string> | null = FULL_ADDRESS,
      items = [TV, FRIDGE],
    ) => validateDelivery(items, selections, address).map((k) => en(k));
    it('no service at all', () => expect(check({})).toEqual(['Please select at least one service!']));
    it('an item without a service', () =>
      expect(check({ 'TV-55': sel({ types: ['store_pickup'], pickup_store: 's1' }) })).toEqual([
        'Please select at least one service per available item!',
      ]));
    it('store pickup or ship to store without a store', () => {
      expect(check({ 'TV-55': sel({ types: ['store_pickup'] }), 'FR-1': sel({ types: ['ship_to_store'] }) })).toEqual([
        'Please select at lease one store',
      ]);
    });
    it('delivery without date and time', () =>
      expect(
        check({
          'TV-55': sel({ types: ['delivery'], date: '2025-03-04' }),
          'FR-1': sel({ types: ['delivery'], date: '2025-03-04', window: 'am' }),
        }),
      ).toEqual(['Please select at least one delivery type/date and time of delivery']));
    it('shipment without a shipment type', () =>
      expect(
        check({ 'TV-55': sel({ types: ['shipment'] }), 'FR-1': sel({ types: ['shipment'], shipment: 'ground' }) }),
      ).toEqual(['Please select at least one shipment type']));
    it('shipping or home services without the full address', () => {
      const shipped = {
        'TV-55': sel({ types: ['shipment'], shipment: 'ground' }),
        'FR-1': sel({ types: ['shipment'], shipment: 'ground' }),
      };
      expect(check(shipped, { code: '75001', line_1: '1 Main St', city: 'Dallas' })).toEqual([
        'Full address is required for shipping!',
      ]);
      expect(check(shipped, null)).toEqual(['Full address is required for shipping!']);
      const delivered = {
        'TV-55': sel({ types: ['delivery'], date: 'd', window: 'w' }),
        'FR-1': sel({ types: ['store_pickup'], pickup_store: 's1' }),
      };
      expect(check(delivered, { code: '75001' })).toEqual(['Full address is required for shipping!']);
      expect(
        check(
          {
            'TV-55': sel({ types: ['store_pickup'], pickup_store: 's1' }),
            'FR-1': sel({ types: ['ship_to_store'], ship_to_store: 's1' }),
          },
          null,
        ),
      ).toEqual([]);
    });
    it('several problems at once', () =>
      expect(check({ 'TV-55': sel({ types: ['delivery', 'shipment'] }) }, null)).toEqual([
        'Please select at least one service per available item!',
        'Please select at least one delivery type/date and time of delivery',
        'Please select at least one shipment type',
        'Full address is required for shipping!',
      ]));
  });

  it('builds one schedule line per sku and service, with the parts included', () => {
    const lines = buildSchedule(
      [TV, FRIDGE],
      {
        'TV-55': sel({ types: ['delivery', 'installation', 'haul_away'], date: '2025-03-04', window: 'am' }),
        'FR-1': sel({ types: ['store_pickup'], pickup_store: 's1' }),
      },
      { 'TV-55': ALL_OPTIONS, 'FR-1': ALL_OPTIONS },
    );
    // An expected line: no date, window, store or shipment unless the case gives one; the TV's with its mount.
    const line = (sku: string, type: string, value: string, fields: Record<string, unknown> = {}) => ({
      sku,
      type,
      value,
      installations: false,
      window: null,
      date: null,
      required: [],
      pickup_store: null,
      ship_to_store: null,
      shipment: null,
      ...fields,
    });
    const tvLine = (type: string, value: string, fields: Record<string, unknown> = {}) =>
      line('TV-55', type, value, { installations: true, required: ['MOUNT'], ...fields });
    expect(lines).toEqual([
      tvLine('delivery', 'DLV', { window: 'am', date: '2025-03-04' }),
      tvLine('installation', 'INS'),
      tvLine('haul_away', 'HAUL'),
      line('FR-1', 'store_pickup', 'PICK', { pickup_store: 's1' }),
    ]);
  });
});

// ---------------------------------------------------------------- the machine
const input: DeliveryInput = { checkoutId: 'co_1', items: [TV, FRIDGE], exchangeId: 'ex_1' };
type Snap = ReturnType<typeof initialTransition<typeof deliveryMachine>>[0];
const start = (i: DeliveryInput = input) => initialTransition(deliveryMachine, i)[0];
const send = (s: Snap, e: DeliveryEvent | { type: string; [k: string]: unknown }) =>
  transition(deliveryMachine, s, e as DeliveryEvent)[0];
const lookedUp = (output: SkuAvailability[]) => ({ type: 'xstate.done.actor.lookupAvailability', output });
const selecting = () =>
  send(send(start(), { type: 'delivery.zip', zip: '75001' }), lookedUp([available('TV-55'), available('FR-1')]));

describe('delivery machine', () => {
  it('looks availability up once the zip has 5 digits', () => {
    let s = send(start(), { type: 'delivery.zip', zip: '7500' });
    expect(s.value).toBe('zipEntry');
    expect(s.context.zip).toBe('7500');
    s = send(s, { type: 'delivery.zip', zip: '75001' });
    expect(s.value).toBe('lookingUp');
    s = send(s, { type: 'delivery.zip', zip: '7500' });
    expect(s.value).toBe('zipEntry');
    expect(send(start(), { type: 'delivery.zip', zip: '7500a' }).value).toBe('zipEntry');
  });
  it('removes unavailable items with notices and lets the shopper choose for the rest', () => {
    const s = send(
      send(start(), { type: 'delivery.zip', zip: '75001' }),
      lookedUp([available('TV-55'), { sku: 'FR-1', status: 'out_of_stock', options: [] }]),
    );
    expect(s.value).toBe('selecting');
    expect(s.context.items.map((i) => i.sku)).toEqual(['TV-55']);
    expect(s.context.notices.map((n) => en(n.key, n.params))).toEqual([
      "We're sorry, Fridge (SKU FR-1) is out of stock and was removed from your contract.",
    ]);
  });
  it('E_MISSING_OPTIONS stops the step until another zip or cancel', () => {
    const s = send(
      send(start(), { type: 'delivery.zip', zip: '75001' }),
      lookedUp([available('TV-55'), available('FR-1', [])]),
    );
    expect(s.value).toBe('unavailable');
    expect(s.context.errorCode).toBe(E_MISSING_OPTIONS);
    expect(en(s.context.error ?? '')).toBe('One or more items do not have fulfillment options available.');
    expect(send(s, { type: 'delivery.zip', zip: '10001' }).value).toBe('lookingUp');
    expect(send(s, { type: 'delivery.cancel' }).value).toBe('cancelled');
    expect(s.can({ type: 'delivery.submit' })).toBe(false);
  });
  it('a failed lookup shows the generic error and waits for the zip again', () => {
    const s = send(send(start(), { type: 'delivery.zip', zip: '75001' }), {
      type: 'xstate.error.actor.lookupAvailability',
      error: new Error('delivery: provide'),
    });
    expect(s.value).toBe('zipEntry');
    expect(en(s.context.error ?? '')).toBe('An error occurred, please try again!');
  });
  it('refuses haul-away first, accepts it after delivery, and fixes parts for delivery', () => {
    let s = selecting();
    expect(s.can({ type: 'service.toggle', sku: 'TV-55', service: 'haul_away' })).toBe(false);
    s = send(s, { type: 'service.toggle', sku: 'TV-55', service: 'delivery' });
    expect(s.can({ type: 'service.toggle', sku: 'TV-55', service: 'haul_away' })).toBe(true);
    expect(s.can({ type: 'part.toggle', sku: 'TV-55', part: 'MOUNT' })).toBe(false);
    s = send(s, { type: 'service.toggle', sku: 'TV-55', service: 'delivery' });
    expect(s.can({ type: 'part.toggle', sku: 'TV-55', part: 'MOUNT' })).toBe(true);
    expect(s.can({ type: 'part.toggle', sku: 'TV-55', part: 'NOPE' })).toBe(false);
    expect(s.can({ type: 'service.configure', sku: 'GHOST', date: 'x' })).toBe(false);
  });
  it('shows the validation messages on submit and schedules when valid', () => {
    let s = send(selecting(), { type: 'delivery.submit' });
    expect(s.value).toBe('selecting');
    expect(s.context.errors.map((k) => en(k))).toEqual(['Please select at least one service!']);
    s = send(s, { type: 'service.toggle', sku: 'TV-55', service: 'delivery' });
    s = send(s, { type: 'service.configure', sku: 'TV-55', date: '2025-03-04', window: 'am' });
    s = send(s, { type: 'service.toggle', sku: 'FR-1', service: 'shipment' });
    s = send(s, { type: 'delivery.submit' });
    expect(s.context.errors.map((k) => en(k))).toEqual([
      'Please select at least one shipment type',
      'Full address is required for shipping!',
    ]);
    s = send(s, { type: 'service.configure', sku: 'FR-1', shipment: 'ground' });
    s = send(s, { type: 'delivery.address', address: FULL_ADDRESS });
    s = send(s, { type: 'delivery.submit' });
    expect(s.value).toBe('scheduling');
    s = send(s, { type: 'xstate.done.actor.schedule' });
    expect(s.value).toBe('fetchingLease');
    s = send(s, { type: 'xstate.done.actor.fetchLease', output: { cashPrice: 179899 } });
    expect(s.status).toBe('done');
    expect(s.output?.lease).toEqual({ cashPrice: 179899 });
    expect(s.output?.schedules.map((l) => `${l.sku}:${l.type}`)).toEqual(['TV-55:delivery', 'FR-1:shipment']);
  });
  it('schedule or lease errors open the modal: retry or Return to Retailer', () => {
    const scheduling = { ...selecting() };
    const failing = deliveryMachine.resolveState({ value: 'scheduling', context: scheduling.context });
    const failed = send(failing, {
      type: 'xstate.error.actor.schedule',
      error: new Error('Unable to update delivery date'),
    });
    expect(failed.value).toBe('failed');
    expect(failed.context.error).toBe('Unable to update delivery date');
    expect(send(failed, { type: 'delivery.retry' }).value).toBe('scheduling');
    expect(send(failed, { type: 'delivery.cancel' }).value).toBe('cancelled');
    const leaseFailed = send(deliveryMachine.resolveState({ value: 'fetchingLease', context: scheduling.context }), {
      type: 'xstate.error.actor.fetchLease',
      error: {},
    });
    expect(leaseFailed.value).toBe('failed');
    expect(en(leaseFailed.context.error ?? '')).toBe('An error occurred, please try again!');
  });
  it('runs with the effects the page provides', async () => {
    const calls: unknown[] = [];
    const machine = deliveryMachine.provide({
      actors: {
        lookupAvailability: fromPromise(async ({ input: i }) => {
          calls.push(['lookup', i]);
          return [available('TV-55')];
        }),
        schedule: fromPromise(async ({ input: i }) => void calls.push(['schedule', i.schedules.length, i.exchangeId])),
        fetchLease: fromPromise<unknown, { checkoutId: string }>(async () => ({ ok: true })),
      },
    });
    const actor = createActor(machine, { input: { checkoutId: 'co_1', items: [TV], address: FULL_ADDRESS } }).start();
    actor.send({ type: 'delivery.zip', zip: '75001' });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'service.toggle', sku: 'TV-55', service: 'store_pickup' });
    actor.send({ type: 'service.configure', sku: 'TV-55', pickup_store: 's1' });
    actor.send({ type: 'delivery.submit' });
    const out = await toPromise(actor);
    expect(out.lease).toEqual({ ok: true });
    expect(calls).toEqual([
      ['lookup', { skus: ['TV-55'], zip: '75001', address: FULL_ADDRESS }],
      ['schedule', 1, null],
    ]);
  });
});

describe('delivery machine: model-based coverage (xstate/graph)', () => {
  const events = [
    { type: 'delivery.zip', zip: '7500' },
    { type: 'delivery.zip', zip: '75001' },
    lookedUp([available('TV-55')]),
    lookedUp([available('TV-55', [])]),
    { type: 'xstate.error.actor.lookupAvailability', error: {} },
    { type: 'service.toggle', sku: 'TV-55', service: 'delivery' },
    { type: 'service.toggle', sku: 'TV-55', service: 'haul_away' },
    { type: 'service.toggle', sku: 'TV-55', service: 'store_pickup' },
    { type: 'service.configure', sku: 'TV-55', pickup_store: 's1' },
    { type: 'part.toggle', sku: 'TV-55', part: 'MOUNT' },
    { type: 'delivery.address', address: FULL_ADDRESS },
    { type: 'delivery.submit' },
    { type: 'xstate.done.actor.schedule' },
    { type: 'xstate.error.actor.schedule', error: {} },
    { type: 'xstate.done.actor.fetchLease', output: {} },
    { type: 'xstate.error.actor.fetchLease', error: {} },
    { type: 'delivery.retry' },
    { type: 'delivery.cancel' },
  ];
  it('reaches every state and takes every transition', () => {
    const adjacency = getAdjacencyMap(deliveryMachine, {
      input: { checkoutId: 'co_1', items: [TV] },
      events: events as never,
      serializeState: ((s: AnyMachineSnapshot) => {
        const c = s.context as Snap['context'];
        const sel = c.selections['TV-55'];
        return JSON.stringify([
          s.value,
          c.zip,
          sel ? [...sel.types].sort() : null,
          sel?.pickup_store,
          sel?.parts,
          !!c.address.line_1,
          c.errors.length,
          c.error,
        ]);
      }) as never,
    });
    const { states, transitions } = coverage(deliveryMachine, adjacency);
    expect([...states].sort()).toEqual(stateIds(deliveryMachine));
    expect([...transitions].sort()).toEqual([...definedTransitions(deliveryMachine)].sort());
  });
});
