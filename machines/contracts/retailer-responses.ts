// What the retailer API answers (the `data` of its envelopes) and its error envelope, as zod schemas: the OpenAPI
// document (machines/contracts/retailer-api.ts) is generated from them and the integration tests validate every real
// answer against that document, so a field added to an answer without being added here fails the tests.
// The builders: retailerView / createRetailerCheckout (functions/services/checkout.ts), deliveryView
// (functions/events/webhook-dispatcher.ts), the error envelope (functions/http/dispatch.ts).
import * as z from 'zod/mini';
import { CHECKOUT_STATUS_NAMES } from '../checkout/checkout-status.ts';
import { retailerFulfilmentSchema } from './retailer-delivery.ts';

const described = <T extends z.ZodMiniType>(schema: T, description: string, examples?: unknown[]): T =>
  schema.check(z.meta({ description, ...(examples ? { examples } : {}) }));

const dateTime = (description: string) =>
  described(
    z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/)),
    description,
    ['2025-03-14T15:09:26.000Z'],
  );
const nullableDateTime = (description: string) => z.nullable(dateTime(description));
const money = (description: string) =>
  described(z.string().check(z.regex(/^-?\d+\.\d{2}$/)), `${description} Decimal dollars as a string.`, ['499.99']);
const nullableMoney = (description: string) => z.nullable(money(description));

export const checkoutStatusSchema = described(
  z.nullable(z.int().check(z.gte(1), z.lte(13))),
  'The checkout status (`current_step`): null not started, 1 started, 2 application in progress, 3 application complete, 4 identity checked, 5 lease created, 6 e-sign completed, 7 payment processing, 8 payment completed, 9 completed, 10 payment failed, 11 voided, 12 cancelled, 13 lease sent for e-signature.',
  [9],
);
export const checkoutStatusNameSchema = described(
  z.enum(CHECKOUT_STATUS_NAMES as [string, ...string[]]),
  'The name of the status.',
  ['completed'],
);
const livemodeSchema = described(
  z.boolean(),
  'False for a test-mode checkout (created with a test API token: sandbox vendors only).',
  [true],
);
const stepSchema = described(
  z.enum(['default', 'lease', 'sign', 'payment', 'complete']),
  "The shopper's next screen for this status.",
  ['complete'],
);

/** `POST /retailer/v1/checkouts` (201): where to send the shopper. */
export const createdCheckoutSchema = z.object({
  checkout_id: described(z.string(), 'The checkout id.', ['chk_5f0c6a1e2b3d4c5e6f708192']),
  livemode: livemodeSchema,
  url: described(
    z.string(),
    'Send the shopper here (a full page); the link is single-use and expires at `expires_at`.',
  ),
  iframe_url: described(z.string(), 'The same, for an iframe or the lease.js modal.'),
  status: checkoutStatusSchema,
  status_name: checkoutStatusNameSchema,
  expires_at: dateTime('When the shopper link expires.'),
});

const auditEntrySchema = z.object({
  at: dateTime('When.'),
  event: described(z.string(), 'What happened (a checkout event type).', ['checkout.completed']),
  from: checkoutStatusSchema,
  to: checkoutStatusSchema,
  actor: z.enum(['retailer', 'shopper', 'system', 'vendor:esign', 'vendor:card-vault', 'staff']),
});

/** The retailer's view of a checkout: statuses, lease figures, the application's result code; no personal data. */
export const retailerCheckoutSchema = z.object({
  checkout_id: described(z.string(), 'The checkout id.', ['chk_5f0c6a1e2b3d4c5e6f708192']),
  livemode: livemodeSchema,
  status: checkoutStatusSchema,
  status_name: checkoutStatusNameSchema,
  current_step: checkoutStatusSchema,
  step: stepSchema,
  may_continue: described(z.boolean(), 'Whether the shopper can still go on with this checkout.'),
  store: z.object({ slug: described(z.string(), 'The store the checkout is for.', ['main-street']) }),
  cart: z.object({
    items: z.array(
      z.object({
        sku: z.string(),
        quantity: z.int(),
        description: z.string(),
        unit_price: money('The unit price.'),
      }),
    ),
  }),
  application: z.nullable(
    z.object({
      id: described(z.string(), 'The application id.'),
      status: z.enum(['draft', 'submitted', 'approved', 'denied']),
      result_code: described(
        z.nullable(z.enum(['A', 'D', 'G'])),
        'The decision: A approved, D denied, G more information needed; null before the decision.',
      ),
      approved: described(z.boolean(), 'An approval that has not expired.'),
      offer_amounts: described(
        z.nullable(z.record(z.string(), money('An approved amount.'))),
        'The approved amount per lease option.',
        [{ a: '2500.00', b: '1500.00' }],
      ),
      expires_at: nullableDateTime('When the approval expires.'),
    }),
  ),
  lease: z.nullable(
    z.object({
      option: z.string(),
      lease_type: z.string(),
      payment_frequency: z.string(),
      cash_price: nullableMoney('The cash price.'),
      number_of_payments: z.int(),
      payment_amount: nullableMoney('Each payment (with the protection plan when included).'),
      total_of_payments: nullableMoney('The total of payments.'),
      down_payment: nullableMoney('Paid at signing.'),
      delivery: nullableMoney('The delivery charge.'),
      ocp_included: described(z.boolean(), 'Whether the optional protection plan is included.'),
      items: z.array(
        z.object({
          sku: z.string(),
          quantity: z.int(),
          unit_price: nullableMoney('The unit price.'),
          total: nullableMoney('The line total.'),
        }),
      ),
    }),
  ),
  delivery: z.object({
    scheduled: z.boolean(),
    confirmation_id: z.nullable(z.string()),
    removed_skus: described(
      z.array(z.string()),
      'Items the delivery lookup removed from the contract (out of stock, not deliverable).',
    ),
    delivered_at: nullableDateTime('When the retailer confirmed delivery.'),
  }),
  esign: z.nullable(
    z.object({
      status: z.enum(['sent', 'completed', 'voided', 'declined']),
      requested_at: dateTime('When the contract was sent for signature.'),
      completed_at: nullableDateTime('When it was signed.'),
    }),
  ),
  payment: z.object({
    paid: money('What the shopper has paid.'),
    attempts: z.array(
      z.object({
        number: z.int(),
        status: z.enum(['processing', 'succeeded', 'declined', 'error']),
        amount: money('The amount charged.'),
        at: dateTime('When.'),
        decline_code: z.nullable(z.string()),
      }),
    ),
  }),
  created_at: dateTime('When the checkout was created.'),
  updated_at: dateTime('When it last changed.'),
  completed_at: nullableDateTime('When it completed.'),
  cancelled_at: nullableDateTime('When it was cancelled.'),
  audit: described(z.array(auditEntrySchema), 'Every accepted event, oldest first.'),
  fulfilment: described(
    z.nullable(retailerFulfilmentSchema),
    'Partial delivery: what was delivered and cancelled of each contracted line (null before the lease).',
  ),
});

/** `POST .../cancel` answers the checkout with the failure URL to send the shopper to. */
export const cancelledCheckoutSchema = z.extend(retailerCheckoutSchema, {
  return_url_failure: described(z.string(), 'Your failure URL with the checkout id and status added.'),
});

/** `POST .../delivery` answers the checkout with the id of the delivery it recorded (also its funding tranche's id). */
export const deliveredCheckoutSchema = z.extend(retailerCheckoutSchema, {
  delivery_id: described(z.string(), 'The id of the delivery recorded (in `fulfilment.deliveries`).', [
    'dlv_3c1e5a7b9d0f1e2d3c4b',
  ]),
});

/** `POST .../items/cancel` answers the checkout with the id of the cancellation it recorded. */
export const itemsCancelledCheckoutSchema = z.extend(retailerCheckoutSchema, {
  cancellation_id: described(z.string(), 'The id of the cancellation recorded (in `fulfilment.cancellations`).', [
    'cnl_8f2d4b6a0c1e2d3c4b5a',
  ]),
});

const deliveryAttemptSchema = z.object({
  number: z.int(),
  at: dateTime('When the attempt was made.'),
  status_code: described(z.nullable(z.int()), "Your endpoint's HTTP status; null when it did not answer."),
  duration_ms: z.number(),
  error: z.nullable(z.string()),
  next_attempt_at: nullableDateTime('When the next attempt is due after this one failed.'),
  trigger: z.enum(['event', 'retry', 'replay']),
});

/** One webhook delivery of the retailer's delivery log. */
export const webhookDeliverySchema = z.object({
  event_id: described(z.string(), 'The event id (the body `id`; receivers dedupe on it).'),
  type: described(z.string(), 'The event type.', ['checkout.completed']),
  checkout_id: z.string(),
  url: described(z.string(), 'Where it was sent (the checkout callback_url).'),
  status: z.enum(['pending', 'delivered', 'failed']),
  created_at: dateTime('When the event happened.'),
  delivered_at: nullableDateTime('When your endpoint accepted it with a 2xx.'),
  next_attempt_at: nullableDateTime('When a pending delivery is attempted next.'),
  give_up_at: dateTime('Retries stop then (72 hours after the event).'),
  attempts: z.array(deliveryAttemptSchema),
  body: described(z.unknown(), 'The exact JSON body that was sent (see `webhooks`).'),
});

export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  cursor: described(z.nullable(z.string()), 'Pass as `cursor` to read the next page; null on the last page.'),
});

/** The `data` of a 409 refused because of the checkout's status. */
export const statusConflictSchema = z.object({
  code: z.literal('E_STATUS'),
  event: z.string(),
  status: checkoutStatusSchema,
  status_name: z.string(),
});

/** Every 4xx and 5xx answer of the API (functions/http/dispatch.ts). */
export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  code: described(z.int(), 'The HTTP status again.', [422]),
  data: described(
    z.unknown(),
    'null, or details (a 409 because of the status carries `{ code: "E_STATUS", event, status, status_name }`).',
  ),
  message: described(z.string(), 'What went wrong, for a person (in the Accept-Language language, en or es).', [
    'The given data was invalid.',
  ]),
  errors: z.optional(
    described(z.record(z.string(), z.array(z.string())), 'Per field (dot path), the messages; with 422.', [
      { 'cart.items.0.quantity': ['The quantity must be a whole number from 1 to 99.'] },
    ]),
  ),
});
