import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../functions/data/client.ts';
import { getItem } from '../../../functions/data/items.ts';
import { RetailPartnerError } from '../../../functions/providers/retail-partner/port.ts';
import {
  deliveryDates,
  SANDBOX_PRICES,
  sandboxRetailPartner,
} from '../../../functions/providers/retail-partner/sandbox.ts';
import { loadConfig } from '../../../functions/platform/config.ts';
import { applyAvailability, buildSchedule, EMPTY_SELECTION } from '../../../machines/delivery/delivery-rules.ts';
import { freshDb } from '../../support/dynalite.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { expectStockBySkuSuffix } from './retail-partner-stock.ts';

const config = loadConfig({ SANDBOX_LATENCY: 'off', LOG_LEVEL: 'silent' });
// a Friday
const now = new Date('2030-03-15T12:00:00Z');
let db: Db;
let stop: () => Promise<void>;
let partner: ReturnType<typeof sandboxRetailPartner>;

beforeAll(async () => {
  ({ db, stop } = await freshDb());
  partner = sandboxRetailPartner({ db, clock: () => now, config });
});
afterAll(() => stop());

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, RetailPartnerError);

const item = (sku: string) => ({ sku, quantity: 1, description: sku, unit_price: 10000, required_parts: [] });

describe('sandbox retail partner', () => {
  it('answers stock by sku suffix', async () => {
    await expectStockBySkuSuffix(partner, 'TV-55-4K');
  });

  it('offers every service for an ordinary sku with prices, windows, dates and stores', async () => {
    const [tv] = await partner.services({ skus: ['TV-55-4K'], zip: '10001' });
    expect(tv!.status).toBe('available');
    expect(tv!.options.map((o) => [o.type, o.price])).toEqual([
      ['delivery', SANDBOX_PRICES.delivery],
      ['installation', SANDBOX_PRICES.installation],
      ['haul_away', SANDBOX_PRICES.haul_away],
      ['store_pickup', 0],
      ['ship_to_store', 0],
      ['shipment', 0],
    ]);
    const delivery = tv!.options[0]!;
    expect(delivery.dates).toEqual([
      '2030-03-18',
      '2030-03-19',
      '2030-03-20',
      '2030-03-21',
      '2030-03-22',
      '2030-03-23',
      '2030-03-25',
    ]);
    expect(delivery.windows!.map((w) => w.value)).toEqual(['08:00-12:00', '12:00-16:00', '16:00-20:00']);
    expect(tv!.options[3]!.stores![0]).toEqual({ value: 'ST-1001', label: 'New York Store #1 (10001)' });
  });

  it('gives each sku pattern its outcome, which the delivery rules turn into removals and E_MISSING_OPTIONS', async () => {
    const skus = ['SB-200', 'A-OOS', 'B-NOSHIP', 'C-NODEL', 'D-NOOPT', 'E-NOINST'];
    const answer = await partner.services({ skus, zip: '78701' });
    expect(answer.map((a) => [a.sku, a.status, a.options.length])).toEqual([
      ['SB-200', 'available', 6],
      ['A-OOS', 'out_of_stock', 0],
      ['B-NOSHIP', 'not_shippable', 0],
      ['C-NODEL', 'not_deliverable', 0],
      ['D-NOOPT', 'available', 0],
      ['E-NOINST', 'available', 5],
    ]);
    expect(answer[5]!.options.some((o) => o.type === 'installation')).toBe(false);
    const outcome = applyAvailability(skus.map(item), answer);
    expect(outcome.items.map((i) => i.sku)).toEqual(['SB-200', 'D-NOOPT', 'E-NOINST']);
    expect(outcome.notices.map((n) => n.key)).toEqual([
      'delivery.notice.outOfStock',
      'delivery.notice.notShippable',
      'delivery.notice.notDeliverable',
    ]);
    expect(outcome.missingOptions).toBe(true);
  });

  it('has no home services in Alaska and Hawaii, nothing deliverable in the territories, and refuses unknown ZIP codes', async () => {
    for (const zip of ['99501', '96813']) {
      const [tv] = await partner.services({ skus: ['TV-55-4K'], zip });
      expect(
        tv!.options.map((o) => o.type),
        zip,
      ).toEqual(['store_pickup', 'ship_to_store', 'shipment']);
    }
    for (const zip of ['96799', '96910']) {
      expect((await partner.services({ skus: ['TV-55-4K'], zip }))[0]!.status, zip).toBe('not_deliverable');
    }
    for (const zip of ['00000', '1234', 'abcde'])
      expect((await rejection(partner.services({ skus: ['TV'], zip }))).code, zip).toBe('invalid_zip');
  });

  it('books offered choices and keeps the booking; refuses a window, date or store it does not offer', async () => {
    const items = [item('TV-55-4K'), item('SB-200')];
    const answer = await partner.services({ skus: items.map((i) => i.sku), zip: '10001' });
    const options = Object.fromEntries(answer.map((a) => [a.sku, a.options]));
    const dates = deliveryDates(now);
    const selections = {
      'TV-55-4K': {
        ...EMPTY_SELECTION,
        types: ['delivery' as const, 'installation' as const],
        date: dates[0]!,
        window: '08:00-12:00',
      },
      'SB-200': { ...EMPTY_SELECTION, types: ['store_pickup' as const], pickup_store: 'ST-1002' },
    };
    const schedules = buildSchedule(items, selections, options);
    const confirmation = await partner.schedule({
      reference: 'chk_55',
      zip: '10001',
      address: { line_1: '1 Main St', city: 'New York', state: 'NY' },
      schedules,
    });
    expect(confirmation.confirmationId).toBe('SBX-CHK55');
    expect(confirmation.lines).toEqual([
      { sku: 'TV-55-4K', type: 'delivery', status: 'scheduled' },
      { sku: 'TV-55-4K', type: 'installation', status: 'scheduled' },
      { sku: 'SB-200', type: 'store_pickup', status: 'scheduled' },
    ]);
    expect(await getItem(db, { pk: 'SANDBOX#RETAIL#SCHEDULE#chk_55', sk: 'SCHEDULE' }, now)).toMatchObject({
      schedules,
    });

    const sunday = schedules.map((l) => (l.type === 'delivery' ? { ...l, date: '2030-03-24' } : l));
    expect(
      await rejection(partner.schedule({ reference: 'chk_56', zip: '10001', address: {}, schedules: sunday })),
    ).toMatchObject({ code: 'slot_unavailable', skus: ['TV-55-4K'] });
    const otherStore = schedules.map((l) => (l.type === 'store_pickup' ? { ...l, pickup_store: 'ST-9999' } : l));
    expect(
      await rejection(partner.schedule({ reference: 'chk_56', zip: '10001', address: {}, schedules: otherStore })),
    ).toMatchObject({ skus: ['SB-200'] });
    expect(
      (await rejection(partner.schedule({ reference: 'chk_57', zip: '10001', address: {}, schedules: [] }))).code,
    ).toBe('invalid_request');
  });
});
