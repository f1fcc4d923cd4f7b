// msw 2 handlers of the Retail Partner Fulfilment API v1 (functions/providers/retail-partner/API.md), with
// deterministic answers: skus ending -OOS sold out, -NOSHIP not shippable, -NODEL not deliverable; postal code 00000
// invalid; window 'gone' is no longer bookable; skus starting UNLISTED- are left out of the options answer. For functions/providers/retail-partner/http.ts.
import { http, HttpResponse } from 'msw';
import { takeQueuedFailure } from './queued-failure.ts';

const apiError = (status: number, code: string, message: string, skus?: string[]) =>
  HttpResponse.json({ error: { code, message, ...(skus ? { skus } : {}) } }, { status });

export function retailPartnerMock(options: { baseUrl: string; apiKey: string }) {
  const state = {
    schedules: new Map<string, unknown>(),
    idempotencyKeys: [] as string[],
    failNext: undefined as number | undefined,
  };
  const guard = (request: Request) => {
    if (request.headers.get('authorization') !== `Bearer ${options.apiKey}`)
      return apiError(401, 'UNAUTHORIZED', 'The API key is not valid.');
    const failure = takeQueuedFailure(state);
    if (failure) return apiError(failure, 'INTERNAL', 'Something went wrong on our side.');
    return undefined;
  };
  const statusOf = (sku: string) =>
    sku.endsWith('-OOS')
      ? 'OUT_OF_STOCK'
      : sku.endsWith('-NOSHIP')
        ? 'NOT_SHIPPABLE'
        : sku.endsWith('-NODEL')
          ? 'NOT_DELIVERABLE'
          : 'AVAILABLE';

  const handlers = [
    http.get(`${options.baseUrl}/v1/products/availability`, ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const skus = (new URL(request.url).searchParams.get('skus') ?? '').split(',').filter(Boolean);
      return HttpResponse.json({
        products: skus.map((sku) => ({
          sku,
          orderable: sku.endsWith('-OOS') ? 'SoldOut' : 'Available',
          shippable: !sku.endsWith('-NOSHIP'),
          homeDelivery: !sku.endsWith('-NODEL'),
        })),
      });
    }),

    http.post(`${options.baseUrl}/v1/fulfillment/options`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as { postalCode?: string; skus?: string[] };
      if (!/^\d{5}$/.test(body.postalCode ?? '') || body.postalCode === '00000')
        return apiError(400, 'INVALID_POSTAL_CODE', 'The postal code is not valid.');
      return HttpResponse.json({
        // skus starting UNLISTED- are left out of the answer (a partner that does not know them)
        items: (body.skus ?? [])
          .filter((sku) => !sku.startsWith('UNLISTED-'))
          .map((sku) => {
            const status = statusOf(sku);
            if (status !== 'AVAILABLE') return { sku, status };
            return {
              sku,
              status,
              services: [
                {
                  type: 'DELIVERY',
                  serviceId: 'DEL-STD',
                  name: 'Home delivery',
                  price: '0.01',
                  dates: ['2030-01-08', '2030-01-09'],
                  windows: [
                    { id: 'am', label: '8:00 AM - 12:00 PM' },
                    { id: 'pm', label: '12:00 PM - 4:00 PM' },
                  ],
                },
                { type: 'INSTALLATION', serviceId: 'INST-STD', name: 'Installation', price: '129.00' },
                { type: 'HAUL_AWAY', serviceId: 'HAUL-STD', name: 'Haul-away', price: '25.00' },
                {
                  type: 'STORE_PICKUP',
                  serviceId: 'PICKUP',
                  name: 'Pick up in store',
                  price: '0.00',
                  stores: [{ storeId: 'ST-1001', name: 'Main Street Store' }],
                },
                {
                  type: 'SHIPMENT',
                  serviceId: 'SHIP',
                  name: 'Ship to your address',
                  price: '9.99',
                  levelsOfService: [{ id: 'standard', name: 'Standard shipping' }],
                },
                { type: 'DRONE', serviceId: 'FUTURE', name: 'A service this client does not know' },
              ],
            };
          }),
      });
    }),

    http.post(`${options.baseUrl}/v1/fulfillment/schedules`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const key = request.headers.get('idempotency-key');
      if (!key) return apiError(400, 'INVALID_REQUEST', 'Idempotency-Key is required.');
      state.idempotencyKeys.push(key);
      const body = (await request.json()) as {
        orderReference?: string;
        lines?: { sku: string; serviceType: string; windowId?: string | null }[];
      };
      if (!body.lines?.length) return apiError(400, 'INVALID_REQUEST', 'lines must not be empty.');
      const gone = body.lines.filter((l) => l.windowId === 'gone').map((l) => l.sku);
      if (gone.length) return apiError(409, 'SLOT_UNAVAILABLE', 'The chosen window is no longer available.', gone);
      const scheduleId = `SCH-${body.orderReference}`;
      state.schedules.set(scheduleId, body);
      return HttpResponse.json(
        {
          scheduleId,
          status: 'CONFIRMED',
          lines: body.lines.map((l) => ({ sku: l.sku, serviceType: l.serviceType, status: 'SCHEDULED' })),
        },
        { status: 201 },
      );
    }),
  ];
  return { handlers, state };
}
