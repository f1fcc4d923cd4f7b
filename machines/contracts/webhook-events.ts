// The catalogue of webhook events we send to retailers: one entry per event type, with its version, a summary, the
// zod schema of its `data` and an example. The dispatcher, the OpenAPI document (`webhooks`), the docs page and the
// retailer sandbox all read this list, so an event type exists in one place.
// (Skeleton: the Standard Webhooks work fills in every type's data schema and example.)
import * as z from 'zod/mini';

export interface WebhookEventDefinition {
  /** The event type, `<resource>.<what happened>`, e.g. `checkout.completed`, `lease.funded`. */
  type: string;
  /** The version of this type's payload; a breaking change gets a new version, never an edited one. */
  version: string;
  summary: string;
  /** The schema of the event's `data`. */
  data: z.ZodMiniType;
  /** A complete example body (`{ id, type, version, created, data }`). */
  example: Record<string, unknown>;
}

export const WEBHOOK_EVENTS: readonly WebhookEventDefinition[] = [];

export const webhookEventTypes = (): string[] => WEBHOOK_EVENTS.map((e) => e.type);
