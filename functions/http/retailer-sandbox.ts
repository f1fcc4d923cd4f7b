import {
  fireWebhookEventBodySchema,
  rotateWebhookSecretBodySchema,
} from '../../machines/contracts/retailer-sandbox.ts';
import { checkoutPathSchema } from '../../machines/contracts/retailer-requests.ts';
import { deliveryView, webhookDispatcher } from '../events/webhook-dispatcher.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { withIdempotency } from '../platform/idempotency.ts';
import { created, ok } from '../platform/response.ts';
import { parsePath, parseWith, readJsonBody } from '../platform/validate.ts';
import { recordedDelivery, simulatedWebhookEvent } from '../services/webhook-sandbox.ts';
import { rotateRetailerWebhookSecret } from '../services/webhook-secrets.ts';
import type { HandlerMap, RequestContext } from './route.ts';

// The retailer API's webhook tools, part of route group 'retailer' (functions/http/retailer.ts spreads these into
// its handler map): fire a test event from the sandbox, rotate the webhook signing secret.

function idempotent(
  ctx: RequestContext,
  deps: Deps,
  operation: string,
  run: () => Promise<HttpResult>,
): Promise<HttpResult> {
  return withIdempotency(
    deps.db,
    {
      scope: `retailer:${ctx.retailer!.retailerId}:${operation}`,
      key: ctx.event.headers['idempotency-key'],
      body: ctx.event.body,
      now: deps.clock(),
    },
    run,
  );
}

function jsonObject(ctx: RequestContext): Record<string, unknown> {
  const raw = readJsonBody(ctx.event);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new AppError(400, 'The request body must be a JSON object.');
  return raw as Record<string, unknown>;
}

export const retailerSandboxHandlers: HandlerMap = {
  /** POST /retailer/v1/sandbox/checkouts/{checkout_id}/events: sends a simulated event now; answers its delivery. */
  async fireWebhookEvent(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPathSchema, ctx.event);
    return idempotent(ctx, deps, `sandbox-event:${checkout_id}`, async () => {
      const body = parseWith(fireWebhookEventBodySchema, jsonObject(ctx));
      const event = await simulatedWebhookEvent(deps, ctx.retailer!, checkout_id, body.type);
      const delivered = await webhookDispatcher(deps).dispatchSimulated(event);
      const item = delivered ?? (await recordedDelivery(deps, event.id));
      if (!item) throw new Error(`The simulated ${event.type} was not recorded`);
      return created(deliveryView(item));
    });
  },

  /**
   * POST /retailer/v1/webhooks/secret/rotate: a new signing secret, shown once; the previous one stays valid a while.
   * Not idempotent on purpose: a stored answer would keep the secret in clear; a retried rotation just rotates again.
   */
  async rotateWebhookSecret(ctx, deps) {
    const body = parseWith(rotateWebhookSecretBodySchema, jsonObject(ctx));
    return ok(
      await rotateRetailerWebhookSecret(deps, ctx.retailer!.retailerId, {
        expirePreviousInHours: body.expire_previous_in_hours,
      }),
    );
  },
};
