// THE contract of the retailer API: one entry per `/retailer/v1` route of functions/http/routes.ts, keyed by the
// route's `name`. The OpenAPI document (`GET /retailer/v1/openapi.json`, built by functions/services/openapi/) and the
// docs page (`/docs/retailer`) are generated from this map, the handlers validate with the same zod schemas, and the
// integration tests validate every real answer against the document: a route without an entry fails the tests.
//
// Adding a route: add it to routes.ts, then an entry here:
//   myRoute: {
//     summary: 'One line',                       // the operation's title
//     description: 'What it does, when to use it', // markdown
//     tags: ['Checkouts'],                        // one of RETAILER_API_TAGS
//     path: myPathSchema,                         // z.object whose keys are the {names} in the route's path
//     query: myQuerySchema,                       // z.object of the query string (values are strings)
//     body: myBodySchema,                         // the JSON request body (what the handler parses)
//     bodyExample: { ... },
//     idempotent: true,                           // takes an Idempotency-Key header (writes)
//     responses: {                                // the success answers, by status
//       200: { description: '...', data: mySchema, example: { ... } },         // JSON envelope { status, code, data }
//       200: { description: '...', raw: { contentType: 'text/javascript' } }, // anything else (a script, a raw JSON)
//     },
//     errors: { 404: 'No such checkout', 409: 'Not in a status that allows it' }, // answered with the error envelope
//   },
// The generator adds what every route shares: bearer auth with its 401, the rate limit (RateLimit-* headers, 429
// with Retry-After), X-Request-Id, 500, and for idempotent routes the Idempotency-Key behaviours (400, 409, 422).
// Public routes (auth 'public' in routes.ts) get no auth and no 401.
import type * as z from 'zod/mini';
import { createCheckoutBodySchema } from './retailer-checkout.ts';
import {
  fireWebhookEventBodySchema,
  rotatedWebhookSecretSchema,
  rotateWebhookSecretBodySchema,
} from './retailer-sandbox.ts';
import { webhookEvent } from './webhook-events.ts';
import {
  cancelCheckoutBodySchema,
  checkoutPathSchema,
  webhookDeliveriesQuerySchema,
  webhookEventPathSchema,
} from './retailer-requests.ts';
import { cancelItemsBodySchema, confirmDeliveryBodySchema } from './retailer-delivery.ts';
import {
  cancelledCheckoutSchema,
  createdCheckoutSchema,
  deliveredCheckoutSchema,
  itemsCancelledCheckoutSchema,
  retailerCheckoutSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
} from './retailer-responses.ts';

export const RETAILER_API_TAGS = {
  Checkouts: 'Create a checkout, send the shopper to it, follow it, cancel it, confirm delivery.',
  Webhooks: 'The log of the webhooks we sent you, and replaying one.',
  Sandbox: 'Test-mode tools: fire any webhook event at your endpoint.',
  'Drop-in': 'lease.js, the script that opens the checkout in a modal or by redirect.',
  Reference: 'This document.',
} as const;
export type RetailerApiTag = keyof typeof RETAILER_API_TAGS;

export interface RetailerApiResponse {
  description: string;
  /** The `data` of the JSON envelope `{ status: true, code, data }`. */
  data?: z.ZodMiniType;
  /** A body that is not the JSON envelope: its content type, and its schema when it is JSON. */
  raw?: { contentType: string; schema?: z.ZodMiniType };
  /** An example of `data` (or of the raw body). */
  example?: unknown;
}

export interface RetailerApiOperation {
  summary: string;
  description: string;
  tags: readonly RetailerApiTag[];
  path?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  bodyExample?: unknown;
  idempotent?: boolean;
  responses: Record<number, RetailerApiResponse>;
  /** Error statuses of this operation beyond the shared ones, with what they mean (the error envelope). */
  errors?: Record<number, string>;
}

// ---------- examples (checked against the schemas by the OpenAPI lint) ----------

const CHECKOUT_ID = 'chk_5f0c6a1e2b3d4c5e6f708192';

export const createCheckoutExample = {
  store: 'main-street',
  cart: {
    items: [
      {
        sku: 'TV-55-4K',
        description: '55" 4K television',
        quantity: 1,
        unit_price: '499.99',
        required_parts: [{ sku: 'MOUNT-1', description: 'Wall mount', quantity: 1, unit_price: '49.00' }],
      },
      { sku: 'SB-200', description: 'Sound bar', quantity: 1, unit_price: '149.00' },
    ],
  },
  return_url: 'https://retailer.example/checkout/done',
  return_url_failure: 'https://retailer.example/checkout/failed',
  callback_url: 'https://retailer.example/webhooks/lease',
  prefill: { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', cell: '(555) 201-4477' },
};

const createdExample = {
  checkout_id: CHECKOUT_ID,
  livemode: true,
  url: 'https://app.example.com/#/checkpoint/Jq3v9wP0sX2yZ7aB1cD4eF6gH8iK0mN2oQ4rS6tU8vW/0',
  iframe_url:
    'https://app.example.com/embed/demo-electronics/main-street/#/checkpoint/Jq3v9wP0sX2yZ7aB1cD4eF6gH8iK0mN2oQ4rS6tU8vW/1',
  status: null,
  status_name: 'notStarted',
  expires_at: '2025-03-15T15:09:26.000Z',
};

// The examples' partly delivered order: the television delivered, the sound bar not (yet).
const deliveredTvLine = {
  sku: 'TV-55-4K',
  description: '55" 4K television',
  quantity: 1,
  delivered: 1,
  cancelled: 0,
  undelivered: 0,
};
const tvDelivery = {
  id: 'dlv_3c1e5a7b9d0f1e2d3c4b',
  items: [{ sku: 'TV-55-4K', quantity: 1 }],
  amount: '548.99',
  delivered_at: '2025-03-16T10:00:00.000Z',
  recorded_at: '2025-03-16T10:02:11.000Z',
  by: 'retailer',
  remaining_units: 1,
};

export const checkoutExample = {
  checkout_id: CHECKOUT_ID,
  livemode: true,
  status: 9,
  status_name: 'completed',
  current_step: 9,
  step: 'complete',
  may_continue: false,
  store: { slug: 'main-street' },
  cart: {
    items: [
      { sku: 'TV-55-4K', quantity: 1, description: '55" 4K television', unit_price: '499.99' },
      { sku: 'SB-200', quantity: 1, description: 'Sound bar', unit_price: '149.00' },
    ],
  },
  application: {
    id: '3f2a7c1e-5b6d-4e8f-9a0b-1c2d3e4f5a6b',
    status: 'approved',
    result_code: 'A',
    approved: true,
    offer_amounts: { a: '2500.00', b: '1500.00', c: '2500.00', d: '3000.00' },
    expires_at: '2025-04-13T15:09:26.000Z',
  },
  lease: {
    option: 'A',
    lease_type: 'OptionA',
    payment_frequency: 'biweekly',
    cash_price: '697.99',
    number_of_payments: 26,
    payment_amount: '52.10',
    total_of_payments: '1354.60',
    down_payment: '49.00',
    delivery: '0.00',
    ocp_included: true,
    items: [
      { sku: 'TV-55-4K', quantity: 1, unit_price: '548.99', total: '548.99' },
      { sku: 'SB-200', quantity: 1, unit_price: '149.00', total: '149.00' },
    ],
  },
  delivery: { scheduled: true, confirmation_id: 'DLV-20250314-0042', removed_skus: [], delivered_at: null },
  esign: { status: 'completed', requested_at: '2025-03-14T15:20:00.000Z', completed_at: '2025-03-14T15:24:10.000Z' },
  payment: {
    paid: '49.00',
    attempts: [{ number: 1, status: 'succeeded', amount: '49.00', at: '2025-03-14T15:26:02.000Z', decline_code: null }],
  },
  created_at: '2025-03-14T15:09:26.000Z',
  updated_at: '2025-03-14T15:26:03.000Z',
  completed_at: '2025-03-14T15:26:03.000Z',
  cancelled_at: null,
  audit: [
    { at: '2025-03-14T15:09:26.000Z', event: 'checkout.created', from: null, to: null, actor: 'retailer' },
    { at: '2025-03-14T15:26:03.000Z', event: 'payment.succeeded', from: 7, to: 9, actor: 'vendor:card-vault' },
  ],
  fulfilment: {
    lines: [
      { sku: 'TV-55-4K', description: '55" 4K television', quantity: 1, delivered: 0, cancelled: 0, undelivered: 1 },
      { sku: 'SB-200', description: 'Sound bar', quantity: 1, delivered: 0, cancelled: 0, undelivered: 1 },
    ],
    deliveries: [],
    cancellations: [],
    undelivered_units: 2,
    financed_amount: '697.99',
    delivered_amount: '0.00',
    lease_adjustment: null,
  },
};

const deliveryExample = {
  event_id: '0b7f3c52-8e7a-4a8e-9a55-2f4f1c3a9d10',
  type: 'checkout.completed',
  checkout_id: CHECKOUT_ID,
  url: 'https://retailer.example/webhooks/lease',
  status: 'delivered',
  created_at: '2025-03-14T15:26:03.000Z',
  delivered_at: '2025-03-14T15:26:04.000Z',
  next_attempt_at: null,
  give_up_at: '2025-03-17T15:26:03.000Z',
  attempts: [
    {
      number: 1,
      at: '2025-03-14T15:26:04.000Z',
      status_code: 200,
      duration_ms: 84,
      error: null,
      next_attempt_at: null,
      trigger: 'event',
    },
  ],
  body: {
    id: '0b7f3c52-8e7a-4a8e-9a55-2f4f1c3a9d10',
    type: 'checkout.completed',
    created: '2025-03-14T15:26:03.000Z',
    data: { checkout_id: CHECKOUT_ID, status: 9 },
  },
};

// ---------- the operations ----------

export const RETAILER_API: Readonly<Record<string, RetailerApiOperation>> = {
  createCheckout: {
    summary: 'Create a checkout',
    description:
      'Creates a checkout for a cart at one of your stores and answers the links to send the shopper to (`url` for a full page, `iframe_url` for an iframe or the lease.js modal). Amounts are decimal dollars. Status changes are sent to `callback_url` as signed webhooks (see `webhooks`).',
    tags: ['Checkouts'],
    body: createCheckoutBodySchema,
    bodyExample: createCheckoutExample,
    idempotent: true,
    responses: {
      201: { description: 'The checkout was created.', data: createdCheckoutSchema, example: createdExample },
    },
    errors: {
      422: 'A field is invalid (per-field messages in `errors`), or the store is not one of your active stores.',
    },
  },
  getCheckout: {
    summary: 'Retrieve a checkout',
    description:
      'The checkout as you see it: status, application result, lease figures, delivery, e-signature, payments and the audit trail. No personal data of the shopper.',
    tags: ['Checkouts'],
    path: checkoutPathSchema,
    responses: { 200: { description: 'The checkout.', data: retailerCheckoutSchema, example: checkoutExample } },
    errors: { 404: 'No checkout of yours has this id.' },
  },
  cancelCheckout: {
    summary: 'Cancel a checkout',
    description:
      'Cancels a checkout that has not completed (status 12). An open e-signature envelope is voided. Answers the checkout and the failure URL to send the shopper to.',
    tags: ['Checkouts'],
    path: checkoutPathSchema,
    body: cancelCheckoutBodySchema,
    bodyExample: { reason: 'The shopper changed their mind.' },
    idempotent: true,
    responses: {
      200: {
        description: 'The checkout was cancelled.',
        data: cancelledCheckoutSchema,
        example: {
          ...checkoutExample,
          status: 12,
          status_name: 'cancelled',
          current_step: 12,
          step: 'default',
          completed_at: null,
          cancelled_at: '2025-03-14T15:30:00.000Z',
          return_url_failure: `https://retailer.example/checkout/failed?checkout_id=${CHECKOUT_ID}&status=12`,
        },
      },
    },
    errors: {
      404: 'No checkout of yours has this id.',
      409: 'The checkout cannot be cancelled in its status (`data.code` is `E_STATUS`).',
    },
  },
  confirmDelivery: {
    summary: 'Confirm delivery (of some or all items)',
    description:
      'Tells us goods were delivered to the shopper (a completed checkout only). Name the lines and units delivered in `items`, or leave `items` out to confirm every unit not delivered yet. Each confirmation is a delivery in `fulfilment.deliveries` and a funding tranche: its lines’ share of the financed amount (the delivery charge pro rata), the last delivery taking the rounding remainder, so the tranches add up to the financed amount exactly. A delivery that leaves units undelivered sends `checkout.partially_delivered`; the one that leaves none sends `checkout.delivered`. The lease is funded when every delivered tranche is funded and nothing is left to deliver.',
    tags: ['Checkouts'],
    path: checkoutPathSchema,
    body: confirmDeliveryBodySchema,
    bodyExample: { delivered_at: '2025-03-16T10:00:00Z', items: [{ sku: 'TV-55-4K', quantity: 1 }] },
    idempotent: true,
    responses: {
      200: {
        description: 'The delivery was recorded.',
        data: deliveredCheckoutSchema,
        example: {
          ...checkoutExample,
          delivery_id: 'dlv_3c1e5a7b9d0f1e2d3c4b',
          fulfilment: {
            lines: [
              deliveredTvLine,
              { sku: 'SB-200', description: 'Sound bar', quantity: 1, delivered: 0, cancelled: 0, undelivered: 1 },
            ],
            deliveries: [tvDelivery],
            cancellations: [],
            undelivered_units: 1,
            financed_amount: '697.99',
            delivered_amount: '548.99',
            lease_adjustment: null,
          },
        },
      },
    },
    errors: {
      404: 'No checkout of yours has this id.',
      409: 'The checkout is not completed, or every item is already delivered or cancelled (`data.code` is `E_STATUS`).',
      422: 'An item names no line of the checkout, repeats a line, or asks for more units than are undelivered (per-item messages in `errors`); nothing was recorded.',
    },
  },
  cancelItems: {
    summary: 'Cancel undelivered items',
    description:
      'Cancels units you will not deliver (`items`, or every undelivered unit when left out): they are neither delivered nor funded, and the shopper’s lease is adjusted to what is delivered (`fulfilment.lease_adjustment`: the same number of payments, each lower; the signed contract is amended by servicing). When the rest of an order is cancelled and every delivery is funded, the lease is funded. Sends `checkout.items_cancelled`. With nothing delivered, cancelling everything is refused: cancel the lease with the lender instead.',
    tags: ['Checkouts'],
    path: checkoutPathSchema,
    body: cancelItemsBodySchema,
    bodyExample: { items: [{ sku: 'SB-200', quantity: 1 }], reason: 'Discontinued by the manufacturer.' },
    idempotent: true,
    responses: {
      200: {
        description: 'The cancellation was recorded.',
        data: itemsCancelledCheckoutSchema,
        example: {
          ...checkoutExample,
          cancellation_id: 'cnl_8f2d4b6a0c1e2d3c4b5a',
          fulfilment: {
            lines: [
              deliveredTvLine,
              { sku: 'SB-200', description: 'Sound bar', quantity: 1, delivered: 0, cancelled: 1, undelivered: 0 },
            ],
            deliveries: [tvDelivery],
            cancellations: [
              {
                id: 'cnl_8f2d4b6a0c1e2d3c4b5a',
                items: [{ sku: 'SB-200', quantity: 1 }],
                amount: '149.00',
                at: '2025-03-17T09:00:00.000Z',
                by: 'retailer',
                reason: 'Discontinued by the manufacturer.',
              },
            ],
            undelivered_units: 0,
            financed_amount: '697.99',
            delivered_amount: '548.99',
            lease_adjustment: {
              cancelled_cash_price: '149.00',
              leased_before: '648.99',
              leased_after: '499.99',
              payment_before: '52.10',
              payment_after: '40.14',
              total_of_payments_before: '1354.60',
              total_of_payments_after: '1043.64',
              prepaid_credit: '11.96',
              refund_due: '0.00',
            },
          },
        },
      },
    },
    errors: {
      404: 'No checkout of yours has this id.',
      409: 'The checkout is not completed, nothing is left to deliver, or nothing was delivered and every item would be cancelled.',
      422: 'An item names no line of the checkout, repeats a line, or asks for more units than are undelivered; nothing was recorded.',
    },
  },
  webhookDeliveries: {
    summary: 'List webhook deliveries',
    description:
      'Your webhook delivery log, oldest first, with every attempt and the exact body sent. Deliveries are kept 30 days.',
    tags: ['Webhooks'],
    query: webhookDeliveriesQuerySchema,
    responses: {
      200: {
        description: 'A page of deliveries.',
        data: webhookDeliveryPageSchema,
        example: { deliveries: [deliveryExample], cursor: null },
      },
    },
  },
  replayWebhook: {
    summary: 'Replay a webhook delivery',
    description:
      'Sends a delivery again now, with the same event id and body (your endpoint dedupes on the id). Works for delivered and failed deliveries.',
    tags: ['Webhooks'],
    path: webhookEventPathSchema,
    responses: {
      200: {
        description: 'The delivery after the new attempt.',
        data: webhookDeliverySchema,
        example: {
          ...deliveryExample,
          attempts: [...deliveryExample.attempts, { ...deliveryExample.attempts[0]!, number: 2, trigger: 'replay' }],
        },
      },
    },
    errors: { 404: 'No delivery of yours has this event id.' },
  },
  rotateWebhookSecret: {
    summary: 'Rotate the webhook signing secret',
    description:
      'Makes a new signing secret (`whsec_...`) and answers it, once. Every delivery is signed with the new secret; the previous one keeps signing too (a second `v1,` signature in `webhook-signature`) for `expire_previous_in_hours` (default 24, at most 168; 0 ends it now), so you can switch your verifier without missing a webhook. Rotating again inside that window ends the older secret at once. Call it once to get your first secret.',
    tags: ['Webhooks'],
    body: rotateWebhookSecretBodySchema,
    bodyExample: { expire_previous_in_hours: 24 },
    responses: {
      200: {
        description: 'The new secret (store it now: it is not shown again).',
        data: rotatedWebhookSecretSchema,
        example: {
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XSHJe5Kmc4=',
          previous_expires_at: '2025-03-15T15:09:26.000Z',
          rotated_at: '2025-03-14T15:09:26.000Z',
        },
      },
    },
    errors: { 422: '`expire_previous_in_hours` is not a number from 0 to 168.' },
  },
  fireWebhookEvent: {
    summary: 'Fire a test webhook event (sandbox)',
    description:
      'Sends any webhook event type to the callback_url of one of your test checkouts now, signed like every webhook, and records it in your delivery log (you can replay it). The body is built from the checkout (its ids, application and offers) with what the type says (the status of a `checkout.*` type, the lease status of a `lease.*` type), and carries `simulated: true`; nothing changes on the checkout. Test API tokens and test checkouts only.',
    tags: ['Sandbox'],
    path: checkoutPathSchema,
    body: fireWebhookEventBodySchema,
    bodyExample: { type: 'lease.funded' },
    idempotent: true,
    responses: {
      201: {
        description: 'The delivery of the event after its first attempt.',
        data: webhookDeliverySchema,
        example: {
          ...deliveryExample,
          type: 'lease.funded',
          body: {
            ...webhookEvent('lease.funded')!.example,
            id: deliveryExample.event_id,
            livemode: false,
            simulated: true,
          },
        },
      },
    },
    errors: {
      403: 'A live API token, or a live checkout: the sandbox is for test mode only.',
      404: 'No checkout of yours has this id.',
      422: 'The type is not a webhook event type, or an application or lease event for a checkout without an application.',
    },
  },
  leaseJs: {
    summary: 'lease.js, the drop-in script',
    description:
      "A small script with no dependencies for your checkout page: `LeaseToOwn.open(checkout, { onApproved, onDenied, onClose, ... })` opens the portal for a checkout you created, in a modal frame, a popup or by redirect (the fallback when frames or popups are blocked), and calls you back on the portal's events (approved, denied, close, update, cancelled, error). Messages are accepted only from the portal's origin and sent only to it. Load it from this origin (a script element whose src is this path); the reference page shows an example.",
    tags: ['Drop-in'],
    responses: { 200: { description: 'The script.', raw: { contentType: 'text/javascript' } } },
  },
  leaseDts: {
    summary: 'lease.js TypeScript declarations',
    description:
      'The TypeScript declarations of lease.js (`LeaseToOwn`, `LeaseOpenOptions`, `LeaseMessage`, ...), to save as `lease.d.ts` in a TypeScript project.',
    tags: ['Drop-in'],
    responses: { 200: { description: 'The declarations, as text.', raw: { contentType: 'text/plain' } } },
  },
  retailerOpenApiDocument: {
    summary: 'This OpenAPI document',
    description:
      'The OpenAPI 3.1 description of this API and its webhooks, as raw JSON (no envelope). The same content, readable, is at `/docs/retailer`.',
    tags: ['Reference'],
    responses: { 200: { description: 'The OpenAPI document.', raw: { contentType: 'application/json' } } },
  },
};
