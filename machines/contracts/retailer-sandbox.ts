// The requests and answers of the retailer API's webhook tools: firing a test event from the sandbox and rotating
// the webhook signing secret. The handlers (functions/http/retailer-sandbox.ts) validate with these schemas and the
// OpenAPI document describes them (machines/contracts/retailer-api.ts), so there is one copy.
import * as z from 'zod/mini';
import { webhookEventTypes } from './webhook-events.ts';

/** The longest the previous secret may stay valid after a rotation (7 days). */
export const MAX_PREVIOUS_SECRET_HOURS = 168;

export const fireWebhookEventBodySchema = z.object({
  type: z.enum(webhookEventTypes() as [string, ...string[]], 'retailerSandbox.error.type').check(
    z.meta({
      description: 'The event type to send, one of the `webhooks` of this document.',
      examples: ['lease.funded'],
    }),
  ),
});

export const rotateWebhookSecretBodySchema = z.object({
  expire_previous_in_hours: z.optional(
    z.number('retailerWebhooks.error.expireHours').check(
      z.minimum(0, 'retailerWebhooks.error.expireHours'),
      z.maximum(MAX_PREVIOUS_SECRET_HOURS, 'retailerWebhooks.error.expireHours'),
      z.meta({
        description:
          'How long the previous secret keeps signing deliveries, in hours (0 ends it now; default 24, at most 168).',
        examples: [24],
      }),
    ),
  ),
});

export const rotatedWebhookSecretSchema = z.object({
  secret: z.string().check(
    z.regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
    z.meta({
      description:
        'The new signing secret. Shown only in this answer: store it now. Pass it as is to `new Webhook(secret)` of the standardwebhooks library.',
      examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XSHJe5Kmc4='],
    }),
  ),
  previous_expires_at: z.nullable(
    z.string().check(
      z.meta({
        description: 'Until then deliveries carry a signature with the previous secret too; null when it ended now.',
        examples: ['2025-03-15T15:09:26.000Z'],
      }),
    ),
  ),
  rotated_at: z
    .string()
    .check(z.meta({ description: 'When the new secret took over.', examples: ['2025-03-14T15:09:26.000Z'] })),
});
