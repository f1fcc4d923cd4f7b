// The retailer's delivery calls (issue 13, partial delivery): `POST /retailer/v1/checkouts/{checkout_id}/delivery`
// confirms the delivery of some or all items, `POST /retailer/v1/checkouts/{checkout_id}/items/cancel` cancels items
// that will not be delivered. The handlers validate with these schemas and the OpenAPI document describes them.
import * as z from 'zod/mini';
import { CART_MAX_ITEMS, CART_MAX_QUANTITY } from './cart.ts';

const lineSchema = z.object({
  sku: z
    .string('Each item needs the sku of a line of the checkout.')
    .check(
      z.trim(),
      z.minLength(1, 'Each item needs the sku of a line of the checkout.'),
      z.maxLength(64, 'Each item needs the sku of a line of the checkout.'),
      z.meta({ description: 'The sku of a line of the checkout’s cart.', examples: ['TV-55-4K'] }),
    ),
  quantity: z
    .int(`The quantity must be a whole number from 1 to ${CART_MAX_QUANTITY}.`)
    .check(
      z.gte(1, `The quantity must be a whole number from 1 to ${CART_MAX_QUANTITY}.`),
      z.lte(CART_MAX_QUANTITY, `The quantity must be a whole number from 1 to ${CART_MAX_QUANTITY}.`),
      z.meta({ description: 'How many units of the line.', examples: [1] }),
    ),
});

const linesSchema = (description: string) =>
  z
    .array(lineSchema, 'The items must be a list of { sku, quantity }.')
    .check(
      z.minLength(1, 'List at least one item, or leave items out.'),
      z.maxLength(CART_MAX_ITEMS, `At most ${CART_MAX_ITEMS} items.`),
      z.meta({ description }),
    );

export const confirmDeliveryBodySchema = z.object({
  delivered_at: z.optional(
    z.iso.datetime({ offset: true, error: 'The delivered_at must be an ISO date-time.' }).check(
      z.meta({
        description: 'When the goods were delivered; now when left out.',
        examples: ['2025-03-14T15:09:26Z'],
      }),
    ),
  ),
  items: z.optional(
    linesSchema('The lines delivered and how many units of each; leave out to confirm every unit not yet delivered.'),
  ),
});
export type ConfirmDeliveryBody = z.infer<typeof confirmDeliveryBodySchema>;

export const cancelItemsBodySchema = z.object({
  items: z.optional(
    linesSchema(
      'The lines that will not be delivered and how many units; leave out to cancel every unit not yet delivered.',
    ),
  ),
  reason: z.optional(
    z.string('The reason must be text.').check(
      z.maxLength(500, 'The reason must be at most 500 characters.'),
      z.meta({
        description: 'Why the items are cancelled (kept on the checkout).',
        examples: ['Discontinued by the manufacturer.'],
      }),
    ),
  ),
});
export type CancelItemsBody = z.infer<typeof cancelItemsBodySchema>;

// ---------- answers ----------

const money = (description: string) =>
  z
    .string()
    .check(
      z.regex(/^-?\d+\.\d{2}$/),
      z.meta({ description: `${description} Decimal dollars as a string.`, examples: ['149.00'] }),
    );
const dateTime = (description: string) =>
  z
    .string()
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/),
      z.meta({ description, examples: ['2025-03-16T10:00:00.000Z'] }),
    );
const units = z.array(z.object({ sku: z.string(), quantity: z.int() }));
const actor = z.enum(['retailer', 'shopper', 'system', 'vendor:esign', 'vendor:card-vault', 'staff']);

/** `fulfilment` of the retailer's checkout: what became of each contracted line, each delivery and cancellation. */
export const retailerFulfilmentSchema = z.object({
  lines: z.array(
    z.object({
      sku: z.string(),
      description: z.string(),
      quantity: z.int(),
      delivered: z.int(),
      cancelled: z.int(),
      undelivered: z.int(),
    }),
  ),
  deliveries: z.array(
    z.object({
      id: z.string().check(
        z.meta({
          description: 'The delivery id (also the id of its funding tranche).',
          examples: ['dlv_3c1e5a7b9d0f1e2d3c4b'],
        }),
      ),
      items: units,
      amount: money('The funding tranche of this delivery: its lines’ share of the financed amount.'),
      delivered_at: dateTime('When the goods were delivered.'),
      recorded_at: dateTime('When the delivery was confirmed.'),
      by: actor,
      remaining_units: z.int().check(z.meta({ description: 'Units still undelivered after this delivery.' })),
    }),
  ),
  cancellations: z.array(
    z.object({
      id: z.string(),
      items: units,
      amount: money('The cancelled units’ share of the cash price.'),
      at: dateTime('When they were cancelled.'),
      by: actor,
      reason: z.nullable(z.string()),
    }),
  ),
  undelivered_units: z.int(),
  financed_amount: money('What the lender funds you for the whole order (the cash price).'),
  delivered_amount: money('The delivered share of it (what the funding tranches add up to).'),
  lease_adjustment: z.nullable(
    z
      .object({
        cancelled_cash_price: money('The cash price of the cancelled units.'),
        leased_before: money('The leased amount as signed.'),
        leased_after: money('The leased amount after the cancellation.'),
        payment_before: money('Each payment as signed (rent).'),
        payment_after: money('Each remaining payment now (rent).'),
        total_of_payments_before: money('The total of payments as signed.'),
        total_of_payments_after: money('The total of payments now.'),
        prepaid_credit: money(
          'What the shopper prepaid at signing above the new payment, credited to the next payments.',
        ),
        refund_due: money('Cancelled cash price beyond the leased amount (paid at signing), owed back to the shopper.'),
      })
      .check(
        z.meta({
          description:
            'The shopper’s lease after cancelled items: the same number of payments, each for what was delivered.',
        }),
      ),
  ),
});
