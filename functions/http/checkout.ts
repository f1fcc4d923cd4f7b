import * as z from 'zod/mini';
import { SERVICE_TYPES } from '../../machines/delivery/delivery-rules.ts';
import { CHECKOUT_STATUS } from '../../machines/checkout/checkout-status.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { download, html, ok } from '../platform/response.ts';
import { withIdempotency } from '../platform/idempotency.ts';
import { parseBody, parsePath, parseQuery, readJsonBody } from '../platform/validate.ts';
import {
  cancelCheckout,
  exchangeCheckoutToken,
  failureAnswer,
  loadSessionCheckout,
  shopperView,
  snapshotOf,
  withCheckoutId,
} from '../services/checkout.ts';
import { discardContract, requestEsign } from '../services/checkout-esign.ts';
import { checkContractLink, contractHtmlOf, contractPdfOf } from '../services/contract.ts';
import { lookupServices, productAvailability, scheduleDelivery } from '../services/delivery.ts';
import { createCheckoutLease } from '../services/lease.ts';
import { dueCents, paymentConfig, processCard, verifyCardToken } from '../services/payment.ts';
import { storeOfSession } from '../services/stores.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { cardVaultProvider } from '../providers/card-vault/provider.ts';
import { esignProvider } from '../providers/esign/provider.ts';
import { retailPartnerProvider } from '../providers/retail-partner/provider.ts';
import type { HandlerMap } from './route.ts';

// Route group 'checkout' (issue 5): the shopper's side of a retailer checkout. The handlers are thin: the checkout
// machine (machines/checkout) decides what each status allows; the services in functions/services do the work.

const checkoutPath = z.object({ checkout_id: z.string().check(z.regex(/^chk_[A-Za-z0-9]{8,64}$/)) });
const str = (max: number) => z.optional(z.string().check(z.maxLength(max)));

const leaseQuery = z.object({
  application_id: str(64),
  option: str(2),
  payment_frequency: str(20),
  iframe: str(8),
  ocp: str(8),
  additional_down: str(20),
  language: str(2),
  lang: str(2),
});

const exchangeQuery = z.object({ token: str(128), client_id: str(128) });

const scheduleLine = z.object({
  sku: z.string().check(z.minLength(1), z.maxLength(64)),
  type: z.enum(SERVICE_TYPES),
  value: z.string().check(z.maxLength(64)),
  installations: z._default(z.boolean(), false),
  window: z._default(z.nullable(z.string().check(z.maxLength(32))), null),
  date: z._default(z.nullable(z.string().check(z.maxLength(10))), null),
  required: z._default(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(50)), []),
  pickup_store: z._default(z.nullable(z.string().check(z.maxLength(64))), null),
  ship_to_store: z._default(z.nullable(z.string().check(z.maxLength(64))), null),
  shipment: z._default(z.nullable(z.string().check(z.maxLength(64))), null),
});
const address = z.object({
  line_1: str(255),
  line_2: z.optional(z.nullable(z.string().check(z.maxLength(255)))),
  city: str(100),
  state: str(2),
  code: str(10),
});
const scheduleBody = z.object({
  checkout_id: z.string().check(z.maxLength(80)),
  schedules: z.array(scheduleLine).check(z.minLength(1, 'delivery.error.service'), z.maxLength(300)),
  exchange_id: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  address: z.optional(z.nullable(address)),
});
const servicesQuery = z.object({
  code: z.string('delivery.zip.invalid').check(z.maxLength(10)),
  services: str(500),
  delivery_options: str(500),
  address: str(1000),
  line_1: str(255),
  city: str(100),
  state: str(2),
});
const amount = z.union([z.string().check(z.maxLength(20)), z.number()]);
const processCardBody = z.object({
  token: z.string('Error creating card token. Please try again.').check(z.minLength(1), z.maxLength(255)),
  application_id: z.string().check(z.maxLength(64)),
  amount,
  convenienceFee: z.optional(z.nullable(amount)),
  isDownPayment: z.optional(z.nullable(z.union([z.boolean(), z.number()]))),
});
const cardBody = z.looseObject({
  token: z.optional(z.string().check(z.maxLength(255))),
  card: z.optional(z.unknown()),
});
const skus = z.object({
  skus: z.string('Send the skus, separated by commas.').check(z.minLength(1), z.maxLength(2000)),
});
const discardBody = z.object({ then: z.optional(z.enum(['lease', 'sign'])) });
const esignBody = z.object({
  checkout_id: z.optional(z.string()),
  iframe: z.optional(z.union([z.boolean(), z.number(), z.string()])),
});

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

function parseAddress(q: z.output<typeof servicesQuery>) {
  if (q.address) {
    try {
      const parsed = JSON.parse(q.address) as Record<string, string>;
      if (parsed && typeof parsed === 'object')
        return { line_1: parsed.line_1, city: parsed.city, state: parsed.state, code: q.code };
    } catch {
      return { line_1: q.address, code: q.code };
    }
  }
  return q.line_1 || q.city || q.state ? { line_1: q.line_1, city: q.city, state: q.state, code: q.code } : undefined;
}

export const handlers: HandlerMap = {
  /** GET /apply-v2/checkpoint/exchange?token= (or X-Checkout-Token): the checkout token -> an apply token. */
  async exchange(ctx, deps) {
    const q = parseQuery(exchangeQuery, ctx.event);
    const token = ctx.event.headers['x-checkout-token'] ?? q.token;
    return ok(await exchangeCheckoutToken(deps, token, ctx.event.headers['x-client-id'] ?? q.client_id, ctx.lang));
  },

  async loadCheckout(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    const item = await loadSessionCheckout(deps, ctx.apply!, checkout_id);
    return ok(await shopperView(deps, item, ctx.lang));
  },

  /** What the page does next (machines/checkout/process-response.ts reads it in the seed's order). */
  async process(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    const item = await loadSessionCheckout(deps, ctx.apply!, checkout_id);
    const store = (await storeOfSession(deps, item.storeId))?.view;
    if (!store) throw new AppError(404, 'Store not found', undefined, { not_found: 'store' });
    const context = snapshotOf(item).context;
    const s = item.current_step;
    const paymentDue =
      (s === CHECKOUT_STATUS.esignCompleted || s === CHECKOUT_STATUS.paymentFailed) &&
      dueCents(item) > 0 &&
      item.may_continue;
    const done =
      s === CHECKOUT_STATUS.paymentCompleted ||
      s === CHECKOUT_STATUS.completed ||
      s === CHECKOUT_STATUS.cancelled ||
      s === CHECKOUT_STATUS.voided;
    const success = s === CHECKOUT_STATUS.paymentCompleted || s === CHECKOUT_STATUS.completed;
    const url = success
      ? withCheckoutId(item.return_url, item.id, { status: String(s) })
      : withCheckoutId(item.return_url_failure, item.id, { status: String(s) });
    return ok({
      checkout_id: item.id,
      step: s,
      status_name: item.status_name,
      may_continue: item.may_continue,
      payment_required: paymentDue,
      ...(paymentDue ? await paymentConfig(deps, item, store, ctx.lang) : {}),
      banking_required: false,
      intellicheck_required:
        context.identity_required &&
        !context.identity_verified &&
        (s === CHECKOUT_STATUS.applicationInProgress || s === CHECKOUT_STATUS.applicationComplete),
      redirect: null,
      result: done ? { status: success, step: s, data: { url } } : null,
      return_url: withCheckoutId(item.return_url, item.id),
      return_url_failure: withCheckoutId(item.return_url_failure, item.id),
    });
  },

  async lease(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    const q = parseQuery(leaseQuery, ctx.event);
    return ok(
      await createCheckoutLease(deps, ctx.apply!, checkout_id, { ...q, language: q.language ?? q.lang }, ctx.lang),
    );
  },

  async esign(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    const body = parseBody(esignBody, ctx.event);
    return ok(
      await requestEsign(
        deps,
        ctx.apply!,
        checkout_id,
        { iframe: truthy(body.iframe) },
        ctx.lang,
        ctx.event.requestContext.http?.sourceIp,
      ),
    );
  },

  async discard(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    parseBody(discardBody, ctx.event);
    return ok(await discardContract(deps, ctx.apply!, checkout_id, ctx.lang));
  },

  /** The contract as a page for the preview frame (the token may come in the query: apply_token, client_id). */
  async preview(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    const item = await loadSessionCheckout(deps, ctx.apply!, checkout_id);
    const lang = ctx.event.queryStringParameters?.language;
    const body = await contractHtmlOf(deps, item, lang === 'es' || lang === 'en' ? lang : undefined);
    return html(200, body, {
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    });
  },

  /** The signed, expiring PDF link: 410 after 24 hours, 403 when the signature does not match. */
  async contractPdf(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    const q = ctx.event.queryStringParameters ?? {};
    const item = await checkContractLink(deps, checkout_id, q.expires, q.sig);
    const bytes = await contractPdfOf(deps, item);
    return download('application/pdf', `lease-agreement-${item.id}.pdf`, bytes);
  },

  /** Cancel from the page: status 12, and the retailer's failure URL to go to. */
  async cancel(ctx, deps) {
    const { checkout_id } = parsePath(checkoutPath, ctx.event);
    await loadSessionCheckout(deps, ctx.apply!, checkout_id);
    const item = await cancelCheckout(deps, checkout_id, 'shopper', ctx.lang);
    return ok(failureAnswer(item));
  },

  async productAvailability(ctx, deps) {
    const q = parseQuery(skus, ctx.event);
    const list = [
      ...new Set(
        q.skus
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ].slice(0, 50);
    return ok(await productAvailability(deps, list, ctx.lang));
  },

  async deliveryServices(ctx, deps) {
    const q = parseQuery(servicesQuery, ctx.event);
    const addr = parseAddress(q);
    return ok(
      await lookupServices(deps, ctx.apply!, { code: q.code.trim(), ...(addr ? { address: addr } : {}) }, ctx.lang),
    );
  },

  async deliverySchedule(ctx, deps) {
    const body = parseBody(scheduleBody, ctx.event);
    const addr = body.address
      ? {
          line_1: body.address.line_1 ?? '',
          line_2: body.address.line_2 ?? undefined,
          city: body.address.city ?? '',
          state: body.address.state ?? '',
          code: body.address.code ?? '',
        }
      : null;
    return ok(await scheduleDelivery(deps, ctx.apply!, { ...body, address: addr }, ctx.lang));
  },

  async cardVerify(ctx, deps) {
    return ok(await verifyCardToken(deps, ctx.apply!, parseBody(cardBody, ctx.event)));
  },

  async cardTokenize(ctx, deps) {
    return ok(await verifyCardToken(deps, ctx.apply!, parseBody(cardBody, ctx.event)));
  },

  async cardToken(ctx, deps) {
    const raw = readJsonBody(ctx.event) as Record<string, unknown>;
    const vaultToken = raw?.['vault token'] ?? raw?.vault_token ?? raw?.token;
    return ok(
      await verifyCardToken(deps, ctx.apply!, {
        token: typeof vaultToken === 'string' ? vaultToken : undefined,
        card: raw?.card,
      }),
    );
  },

  /** Charges the down payment; Idempotency-Key: the same key and body answer the same, without a second charge. */
  async processCard(ctx, deps) {
    const body = parseBody(processCardBody, ctx.event);
    const session = ctx.apply!;
    if (!session.checkoutId) throw notFound('Checkout not found');
    return withIdempotency(
      deps.db,
      {
        scope: `process-card:${session.checkoutId}`,
        key: ctx.event.headers['idempotency-key'],
        body: ctx.event.body,
        now: deps.clock(),
      },
      () => processCard(deps, session, body, ctx.lang),
    );
  },
};

export const handler = lambdaHandler(
  handlers,
  lambdaDeps({ cardVault: cardVaultProvider, esign: esignProvider, retailPartner: retailPartnerProvider }),
);
