import * as z from 'zod/mini';
import { createCheckoutBodySchema as createBody } from '../../machines/contracts/retailer-checkout.ts';
import {
  cancelCheckoutBodySchema as cancelBody,
  checkoutPathSchema as checkoutPath,
  webhookDeliveriesQuerySchema as listQuery,
  webhookEventPathSchema as eventPath,
} from '../../machines/contracts/retailer-requests.ts';
import {
  cancelItemsBodySchema as cancelItemsBody,
  confirmDeliveryBodySchema as deliveryBody,
} from '../../machines/contracts/retailer-delivery.ts';
import { cancelUndelivered, confirmDelivery } from '../services/deliveries.ts';
import { retailerDeliveries } from '../services/retailer-auth.ts';
import { deliveryView, webhookDispatcher } from '../events/webhook-dispatcher.ts';
import { AppError, notFound } from '../platform/errors.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { withIdempotency } from '../platform/idempotency.ts';
import { created, json, ok } from '../platform/response.ts';
import { parseBody, parsePath, parseQuery, parseWith, readJsonBody } from '../platform/validate.ts';
import {
  cancelCheckout,
  createRetailerCheckout,
  failureAnswer,
  loadRetailerCheckout,
  retailerView,
} from '../services/checkout.ts';
import { createDemoCheckout, listDemoWebhooks, receiveDemoWebhook } from '../services/retailer-demo.ts';
import { lambdaHandler } from './dispatch.ts';
import { retailerSandboxHandlers } from './retailer-sandbox.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { esignProvider } from '../providers/esign/provider.ts';
import type { HandlerMap, RequestContext } from './route.ts';
import type { Deps } from '../platform/deps.ts';

// Route group 'retailer': the retailer API (/retailer/v1, bearer API tokens, Idempotency-Key on writes scoped to
// the token's retailer) and the demo retailer's server side (/demo/retailer, non-production only).

// The retailer API's request schemas live in machines/contracts (the OpenAPI document is generated from them).
const demoBody = z.object({
  store: z.optional(z.string().check(z.maxLength(64))),
  lang: z.optional(z.string().check(z.maxLength(2))),
});

/** Mutating retailer calls honour Idempotency-Key, scoped to the caller's retailer and the operation. */
function idempotent(
  ctx: RequestContext,
  deps: Deps,
  operation: string,
  run: () => Promise<HttpResult>,
): Promise<HttpResult> {
  return withIdempotency(
    deps.db,
    {
      scope: `retailer:${ctx.retailer!.retailerId}:${ctx.retailer!.mode === 'test' ? 'test:' : ''}${operation}`,
      key: ctx.event.headers['idempotency-key'],
      body: ctx.event.body,
      now: deps.clock(),
    },
    run,
  );
}

export const handlers: HandlerMap = {
  // the webhook tools: fire a sandbox event, rotate the signing secret
  ...retailerSandboxHandlers,
  async createCheckout(ctx, deps) {
    return idempotent(ctx, deps, 'create-checkout', async () => {
      const raw = readJsonBody(ctx.event);
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
        throw new AppError(400, 'The request body must be a JSON object.');
      const body = parseWith(createBody, raw);
      return created(await createRetailerCheckout(deps, ctx.retailer!, body));
    });
  },

  async getCheckout(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    return ok(await retailerView(deps, await loadRetailerCheckout(deps, ctx.retailer!, checkout_id)));
  },

  async cancelCheckout(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    return idempotent(ctx, deps, `cancel:${checkout_id}`, async () => {
      const body = parseBody(cancelBody, ctx.event);
      await loadRetailerCheckout(deps, ctx.retailer!, checkout_id);
      const item = await cancelCheckout(deps, checkout_id, 'retailer', ctx.lang, body.reason);
      return ok({ ...(await retailerView(deps, item)), return_url_failure: failureAnswer(item).redirect });
    });
  },

  /**
   * The retailer confirms the delivery of some items (`items`) or of everything still undelivered (no `items`), of a
   * completed checkout; each confirmation is a delivery record and a funding tranche (functions/services/deliveries.ts).
   */
  async confirmDelivery(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    return idempotent(ctx, deps, `delivery:${checkout_id}`, async () => {
      const body = parseBody(deliveryBody, ctx.event);
      await loadRetailerCheckout(deps, ctx.retailer!, checkout_id);
      const at = body.delivered_at ? new Date(body.delivered_at).toISOString() : deps.clock().toISOString();
      const { item, delivery } = await confirmDelivery(
        deps,
        checkout_id,
        { items: body.items, deliveredAt: at },
        'retailer',
        ctx.lang,
      );
      return ok({ ...(await retailerView(deps, item)), delivery_id: delivery.id });
    });
  },

  /** The retailer cancels undelivered items (`items`, or everything undelivered): never delivered, funded nor owed. */
  async cancelItems(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    return idempotent(ctx, deps, `cancel-items:${checkout_id}`, async () => {
      const body = parseBody(cancelItemsBody, ctx.event);
      await loadRetailerCheckout(deps, ctx.retailer!, checkout_id);
      const { item, cancellation } = await cancelUndelivered(
        deps,
        checkout_id,
        { items: body.items, reason: body.reason },
        'retailer',
        ctx.lang,
      );
      return ok({ ...(await retailerView(deps, item)), cancellation_id: cancellation.id });
    });
  },

  async webhookDeliveries(ctx, deps) {
    const q = parseQuery(listQuery, ctx.event);
    const page = await retailerDeliveries(deps, ctx.retailer!.retailerId, {
      limit: Math.min(100, Number(q.limit ?? 50) || 50),
      cursor: q.cursor,
    });
    return ok({ deliveries: page.items.map(deliveryView), cursor: page.cursor ?? null });
  },

  async replayWebhook(ctx, deps) {
    const { event_id } = parsePath(eventPath, ctx.event);
    const item = await webhookDispatcher(deps).replay(event_id, ctx.retailer!.retailerId);
    if (!item) throw notFound('Webhook delivery not found');
    return ok(deliveryView(item));
  },

  async demoCreateCheckout(ctx, deps) {
    const body = parseBody(demoBody, ctx.event);
    return created(await createDemoCheckout(deps, body));
  },

  async demoReceiveWebhook(ctx, deps) {
    try {
      return ok(await receiveDemoWebhook(deps, ctx.event));
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401)
        return json(401, { status: false, code: 401, data: null, message: error.message });
      throw error;
    }
  },

  async demoWebhooks(_ctx, deps) {
    return ok({ webhooks: await listDemoWebhooks(deps) });
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps({ esign: esignProvider }));
