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
  z.array(lineSchema, 'The items must be a list of { sku, quantity }.').check(
    z.minLength(1, 'List at least one item, or leave items out.'),
    z.maxLength(CART_MAX_ITEMS, `At most ${CART_MAX_ITEMS} items.`),
    z.meta({ description }),
  );

export const confirmDeliveryBodySchema = z.object({
  delivered_at: z.optional(
    z.iso.datetime({ offset: true, error: 'The delivered_at must be an ISO date-time.' }).check(
      z.meta({ description: 'When the goods were delivered; now when left out.', examples: ['2025-03-14T15:09:26Z'] }),
    ),
  ),
  items: z.optional(
    linesSchema('The lines delivered and how many units of each; leave out to confirm every unit not yet delivered.'),
  ),
});
export type ConfirmDeliveryBody = z.infer<typeof confirmDeliveryBodySchema>;

export const cancelItemsBodySchema = z.object({
  items: z.optional(linesSchema('The lines that will not be delivered and how many units; leave out to cancel every unit not yet delivered.')),
  reason: z.optional(
    z.string('The reason must be text.').check(
      z.maxLength(500, 'The reason must be at most 500 characters.'),
      z.meta({ description: 'Why the items are cancelled (kept on the checkout).', examples: ['Discontinued by the manufacturer.'] }),
    ),
  ),
});
export type CancelItemsBody = z.infer<typeof cancelItemsBodySchema>;
