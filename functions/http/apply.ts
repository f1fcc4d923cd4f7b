import * as z from 'zod/mini';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';
import { AppError } from '../platform/errors.ts';
import { html, ok } from '../platform/response.ts';
import { parseBody, parsePath, parseQuery } from '../platform/validate.ts';
import { initiate } from '../services/apply-session.ts';
import { embedPage } from '../services/embed-origins.ts';
import { findStores, getShopperStore, storeOfSession } from '../services/stores.ts';

const storePath = z.object({ retailer: z.string().check(z.maxLength(64)), store: z.string().check(z.maxLength(64)) });
/** `{retailer}/{store}` with an optional trailing slash (the greedy `{shell+}` of GET /embed/{shell+}). */
const embedPath = z.object({
  shell: z.string().check(z.regex(/^[a-z0-9-]{1,64}\/[a-z0-9-]{1,64}\/?$/, 'Requested resource was not found')),
});
const searchQuery = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Type 2 or more characters to search.'),
      z.maxLength(100, 'Search text is too long (100 characters at most).'),
    ),
});
const utm = z.object({
  utm_source: z.optional(z.string().check(z.maxLength(200))),
  utm_medium: z.optional(z.string().check(z.maxLength(200))),
  utm_campaign: z.optional(z.string().check(z.maxLength(200))),
});
const initiateBody = z.object({
  client_id: z.optional(z.string().check(z.maxLength(128))),
  referer: z.optional(z.string().check(z.maxLength(2048))),
  utm: z.optional(utm),
  lang: z.optional(z.enum(['en', 'es'])),
});

export const handlers: HandlerMap = {
  async searchStores(ctx, deps) {
    const { q } = parseQuery(searchQuery, ctx.event);
    return ok(await findStores(deps, q));
  },

  async getStore(ctx, deps) {
    const { retailer, store } = parsePath(storePath, ctx.event);
    return ok(await getShopperStore(deps, retailer, store));
  },

  /**
   * The shopper portal framed by a store's retailer (the checkout's iframe_url): the shell with the store's own
   * frame-ancestors (functions/services/embed-origins.ts), in AWS as locally; hash routing follows the path.
   */
  async embedPage(ctx, deps) {
    const parsed = embedPath.safeParse(ctx.event.pathParameters ?? {});
    if (!parsed.success) throw new AppError(404, 'Requested resource was not found');
    const [retailer = '', store = ''] = parsed.data.shell.split('/');
    const page = await embedPage(deps, retailer, store);
    if (!page) throw new AppError(404, 'Requested resource was not found');
    // Never cached: the policy follows the retailer's registered origins from the next load.
    return html(200, page.html, { 'content-security-policy': page.csp, 'cache-control': 'no-cache' });
  },

  async initiate(ctx, deps) {
    const { retailer, store } = parsePath(storePath, ctx.event);
    const body = parseBody(initiateBody, ctx.event);
    const clientId = ctx.event.headers['x-client-id'] ?? body.client_id;
    return ok(await initiate(deps, { retailerSlug: retailer, storeSlug: store, clientId }));
  },

  /** What the page needs to resume after a reload: the store its token is scoped to. */
  async session(ctx, deps) {
    const session = ctx.apply!;
    const store = await storeOfSession(deps, session.storeId);
    if (!store || !store.active) throw new AppError(404, 'Store not found', undefined, { not_found: 'store' });
    return ok({
      store: store.view,
      application_uuid: session.applicationUuid ?? null,
      checkout_id: session.checkoutId ?? null,
    });
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
