import * as z from 'zod/mini';
import type { HttpResult } from '../platform/http-types.ts';
import { html, ok } from '../platform/response.ts';
import { parsePath, parseQuery } from '../platform/validate.ts';
import { shopperNotice, staffNotice } from '../services/adverse-action.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';

// Route group 'adverse-action' (issue 11 part 3): the adverse-action notice of a denial, as a page for the shopper
// (the apply token, from headers or, for a link, the query) and for staff (JSON, or the page with format=html).

const uuid = z.string().check(z.regex(/^[0-9a-f-]{36}$/));
const shopperQuery = z.object({
  uuid: z.optional(uuid),
  lang: z.optional(z.string().check(z.maxLength(5))),
  apply_token: z.optional(z.string().check(z.maxLength(256))),
  client_id: z.optional(z.string().check(z.maxLength(256))),
});
const idPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const staffQuery = z.object({
  format: z.optional(z.enum(['json', 'html'])),
  lang: z.optional(z.string().check(z.maxLength(5))),
});

const page = (body: string): HttpResult =>
  html(200, body, {
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  });

export const handlers: HandlerMap = {
  async adverseActionNotice(ctx, deps) {
    const q = parseQuery(shopperQuery, ctx.event);
    return page((await shopperNotice(deps, ctx.apply!, q.uuid, ctx.lang, q)).html);
  },
  async staffAdverseAction(ctx, deps) {
    const { id } = parsePath(idPath, ctx.event);
    const q = parseQuery(staffQuery, ctx.event);
    const notice = await staffNotice({ deps, actor: ctx.staff!.actor, ip: ctx.staff!.ip }, id, ctx.lang);
    if (q.format === 'html') return page(notice.html);
    return ok({
      uuid: notice.uuid,
      decided_at: notice.decided_at,
      reasons: notice.reasons,
      url: notice.url,
      notice: notice.notice,
    });
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
