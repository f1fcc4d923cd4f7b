// The requests of the retailer API (`/retailer/v1`) other than the create-checkout body (retailer-checkout.ts) and the
// delivery bodies (retailer-delivery.ts): path parameters, query strings and small bodies. The handlers
// (functions/http/retailer.ts) validate with these very schemas and the OpenAPI document
// (machines/contracts/retailer-api.ts) describes them, so there is one copy.
import * as z from 'zod/mini';

export const checkoutIdParam = z.string().check(
  z.maxLength(80),
  z.meta({
    description: 'The checkout id returned by `POST /retailer/v1/checkouts`.',
    examples: ['chk_5f0c6a1e2b3d4c5e6f708192'],
  }),
);

export const checkoutPathSchema = z.object({ checkout_id: checkoutIdParam });

export const cancelCheckoutBodySchema = z.object({
  reason: z.optional(
    z.string().check(
      z.maxLength(500),
      z.meta({
        description: 'Why the checkout is cancelled (kept in its audit trail).',
        examples: ['The shopper changed their mind.'],
      }),
    ),
  ),
});

export const webhookDeliveriesQuerySchema = z.object({
  cursor: z.optional(
    z
      .string()
      .check(
        z.maxLength(500),
        z.meta({ description: 'The `cursor` of the previous page; leave out for the first page.' }),
      ),
  ),
  limit: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{1,3}$/),
        z.meta({ description: 'Deliveries per page, at most 100 (default 50).', examples: ['50'] }),
      ),
  ),
});

export const webhookEventPathSchema = z.object({
  event_id: z.string().check(
    z.maxLength(64),
    z.meta({
      description: 'The event id (`id` of the webhook body, `event_id` of the delivery).',
      examples: ['0b7f3c52-8e7a-4a8e-9a55-2f4f1c3a9d10'],
    }),
  ),
});
