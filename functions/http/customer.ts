import * as z from 'zod/mini';
import { authCodeBody, authVerifyBody } from '../../machines/contracts/customer-api.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import { clearedCustomerCookies, customerSessionCookies, signInCookie } from '../platform/customer-sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { ok } from '../platform/response.ts';
import { isHttps } from '../platform/staff-cookies.ts';
import { parseBody, readJsonBody } from '../platform/validate.ts';
import { csrfTokenOf, customerLang, meOf, requestCode, signOut, verifyCode } from '../services/customer/auth.ts';
import { handleInboundSms } from '../services/servicing/reminders.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';

// The lessee's API (`/customer/api`, issue 22): thin handlers over functions/services/customer. Contract:
// machines/contracts/customer-api.ts.

const secure = (ctx: RequestContext, deps: Deps) => isHttps(ctx.event, deps.config.publicUrl);
const ipOf = (ctx: RequestContext) => ctx.event.requestContext?.http?.sourceIp ?? 'unknown';

/** Before a public sign-in route validates: the body's `lang` decides the language of its answer, errors included. */
function settleLang(ctx: RequestContext) {
  let body: unknown;
  try {
    body = readJsonBody(ctx.event);
  } catch {
    return;
  }
  const lang = body && typeof body === 'object' ? (body as { lang?: unknown }).lang : undefined;
  ctx.lang = customerLang(ctx.event, lang, undefined, ctx.lang);
}

const inboundSmsBody = z.object({
  from: z.string().check(z.minLength(1, 'validation.required'), z.maxLength(40)),
  body: z.string().check(z.maxLength(1600)),
});

export const handlers: HandlerMap = {
  async customerAuthCode(ctx, deps) {
    settleLang(ctx);
    const body = parseBody(authCodeBody, ctx.event);
    const result = await requestCode(deps, body, { ip: ipOf(ctx), lang: ctx.lang });
    return {
      ...ok(result.data, translate(ctx.lang, 'customer.auth.code.sent')),
      cookies: [signInCookie(result.pendingId, result.maxAge, secure(ctx, deps))],
    };
  },

  async customerAuthVerify(ctx, deps) {
    settleLang(ctx);
    const { code } = parseBody(authVerifyBody, ctx.event);
    const result = await verifyCode(deps, ctx.event, code, { ip: ipOf(ctx), lang: ctx.lang });
    return {
      ...ok(result.me, translate(ctx.lang, 'customer.auth.signedIn')),
      cookies: customerSessionCookies(result.sessionId, result.csrfToken, secure(ctx, deps)),
    };
  },

  async customerLogout(ctx, deps) {
    await signOut(deps, ctx.customer!);
    return {
      ...ok(null, translate(ctx.lang, 'customer.auth.signedOut')),
      cookies: clearedCustomerCookies(secure(ctx, deps)),
    };
  },

  async customerMe(ctx) {
    return ok(meOf(ctx.customer!, csrfTokenOf(ctx.event)));
  },

  /** The sandbox's inbound SMS (a lessee replying STOP or START); a real SMS vendor's webhook would call the same. */
  async sandboxInboundSms(ctx, deps) {
    const body = parseBody(inboundSmsBody, ctx.event);
    return ok(await handleInboundSms(deps, body.from, body.body));
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps({ messaging: messagingProvider }));
