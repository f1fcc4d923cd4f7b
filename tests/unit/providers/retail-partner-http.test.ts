import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { httpRetailPartner } from '../../../functions/providers/retail-partner/http.ts';
import { RetailPartnerError } from '../../../functions/providers/retail-partner/port.ts';
import { retailPartnerMock } from '../../../msw/vendors/retail-partner.ts';
import { serveDuringTests } from '../../support/msw-server.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { expectStockBySkuSuffix } from './retail-partner-stock.ts';

const settings = { baseUrl: 'https://fulfilment.partner.test', apiKey: 'rp_key' };
const mock = retailPartnerMock(settings);
const server = setupServer(...mock.handlers);
serveDuringTests(server);

const partner = httpRetailPartner(settings);

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, RetailPartnerError);

const line = {
  sku: 'TV-55',
  type: 'delivery' as const,
  value: 'DEL-STD',
  installations: true,
  window: 'am',
  date: '2030-01-08',
  required: ['MOUNT-1'],
  pickup_store: null,
  ship_to_store: null,
  shipment: null,
};

describe('retail partner HTTP adapter (Fulfilment API v1)', () => {
  it('reads stock per sku', async () => {
    await expectStockBySkuSuffix(partner, 'TV-55');
  });

  it('maps services to the delivery machine options: cents, windows, dates, stores, levels of service; unknown types dropped', async () => {
    const [tv, oos, missing] = await partner
      .services({ skus: ['TV-55', 'TV-OOS', 'UNLISTED-1'], zip: '10001' })
      .then((all) => all);
    expect(tv!.status).toBe('available');
    expect(tv!.options.map((o) => o.type)).toEqual([
      'delivery',
      'installation',
      'haul_away',
      'store_pickup',
      'shipment',
    ]);
    expect(tv!.options[0]).toMatchObject({
      value: 'DEL-STD',
      price: 1,
      dates: ['2030-01-08', '2030-01-09'],
      windows: [
        { value: 'am', label: '8:00 AM - 12:00 PM' },
        { value: 'pm', label: '12:00 PM - 4:00 PM' },
      ],
    });
    expect(tv!.options[3]).toMatchObject({ stores: [{ value: 'ST-1001', label: 'Main Street Store' }] });
    expect(tv!.options[4]).toMatchObject({
      price: 999,
      shipments: [{ value: 'standard', label: 'Standard shipping' }],
    });
    expect(oos).toEqual({ sku: 'TV-OOS', status: 'out_of_stock', options: [] });
    expect(missing).toEqual({ sku: 'UNLISTED-1', status: 'available', options: [] });
  });

  it('books the schedule with the checkout as idempotency key', async () => {
    const confirmation = await partner.schedule({
      reference: 'chk_7',
      zip: '10001',
      address: { line_1: '1 Main St', city: 'New York', state: 'NY' },
      schedules: [line],
    });
    expect(confirmation).toEqual({
      confirmationId: 'SCH-chk_7',
      lines: [{ sku: 'TV-55', type: 'delivery', status: 'scheduled' }],
    });
    expect(mock.state.idempotencyKeys.at(-1)).toBe('chk_7');
    expect(mock.state.schedules.get('SCH-chk_7')).toMatchObject({
      lines: [{ serviceType: 'DELIVERY', windowId: 'am', withInstallation: true, includedParts: ['MOUNT-1'] }],
    });
  });

  it('maps the partner errors: invalid zip, slot gone (with skus), bad key, outage', async () => {
    expect((await rejection(partner.services({ skus: ['TV-55'], zip: '00000' }))).code).toBe('invalid_zip');
    const gone = await rejection(
      partner.schedule({ reference: 'chk_8', zip: '10001', address: {}, schedules: [{ ...line, window: 'gone' }] }),
    );
    expect(gone).toMatchObject({ code: 'slot_unavailable', skus: ['TV-55'] });
    expect((await rejection(httpRetailPartner({ ...settings, apiKey: 'bad' }).productAvailability(['A']))).code).toBe(
      'unauthorized',
    );
    mock.state.failNext = 502;
    expect((await rejection(partner.productAvailability(['A']))).code).toBe('unavailable');
  });
});
