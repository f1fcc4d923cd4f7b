import * as z from 'zod/mini';
import {
  authCodeBody,
  authVerifyBody,
  autopayBody,
  cardSessionBody,
  dueDateBody,
  leasePathSchema,
  paymentBody,
  payoffBody,
  remindersBody,
  returnBody,
} from '../../machines/contracts/customer-api.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import { clearedCustomerCookies, customerSessionCookies, signInCookie } from '../platform/customer-sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { isHttps } from '../platform/staff-cookies.ts';
import { created, ok } from '../platform/response.ts';
import { withIdempotency } from '../platform/idempotency.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { parseBody, parsePath, readJsonBody } from '../platform/validate.ts';
import {
  cardSession,
  changeAutopay,
  changeDueDate,
  changeReminders,
  payNow,
  payOffLease,
  requestReturn,
} from '../services/customer/actions.ts';
import { leaseDetail, listLeases, payoffView } from '../services/customer/leases.ts';
import { csrfTokenOf, customerLang, meOf, requestCode, signOut, verifyCode } from '../services/customer/auth.ts';
import { handleInboundSms } from '../services/servicing/reminders.ts';
import { achProvider } from '../providers/ach/provider.ts';
import { cardVaultProvider } from '../providers/card-vault/provider.ts';
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

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A mutation under its Idempotency-Key (per lessee session and lease): a retried request answers as the first did. */
function idempotent(
  ctx: RequestContext,
  deps: Deps,
  scope: string,
  run: (key: string | undefined) => Promise<HttpResult>,
): Promise<HttpResult> {
  const key = ctx.event.headers['idempotency-key'];
  return withIdempotency(
    deps.db,
    { scope: `${scope}:${ctx.customer!.contactHash}`, key, body: ctx.event.body, now: deps.clock() },
    () => run(key),
  );
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

  async customerLeases(ctx, deps) {
    return ok(await listLeases(deps, ctx.customer!));
  },

  async customerLease(ctx, deps) {
    const { id } = parsePath(leasePathSchema, ctx.event);
    return ok(await leaseDetail(deps, ctx.customer!, id, ctx.lang));
  },

  async customerPayoffQuote(ctx, deps) {
    const { id } = parsePath(leasePathSchema, ctx.event);
    return ok(await payoffView(deps, ctx.customer!, id, ctx.lang));
  },

  async customerCardSession(ctx, deps) {
    const { id } = parsePath(leasePathSchema, ctx.event);
    const body = parseBody(cardSessionBody, ctx.event);
    return ok(await cardSession(deps, ctx.customer!, id, body, ctx.lang));
  },

  async customerPay(ctx, deps) {
    const { id } = parsePath(leasePathSchema, ctx.event);
    return idempotent(ctx, deps, `customer-pay:${id}`, async (key) => {
      const body = parseBody(paymentBody, ctx.event);
      const result = await payNow(deps, ctx.customer!, id, body, key, ctx.lang);
      return created(result, translate(ctx.lang, 'customer.payment.received', { amount: dollars(result.amount) }));
    });
  },

  async customerPayoff(ctx, deps) {
    const { id } = parsePath(leasePathSchema, ctx.event);
    return idempotent(ctx, deps, `customer-payoff:${id}`, async (key) => {
      const body = parseBody(payoffBody, ctx.event);
      return created(
        await payOffLease(deps, ctx.customer!, id, body, key, ctx.lang),
        translate(ctx.lang, 'customer.payoff.paid'),
      );
    });
  },

  async customerAutopay(ctx, deps) {
    const { id } = parsePath(leasePathSchema, ctx.event);
    return idempotent(ctx, deps, `customer-autopay:${id}`, async () => {
      const body = parseBody(autopayBody, ctx.event);
      const lease = await changeAutopay(deps, ctx.customer!, id, body, { lang: ctx.lang, ip: ipOf(ctx) });
      return ok(lease, translate(ctx.lang, lease.autopay.enabled ? 'customer.autopay.on' : 'customer.autopay.off'));
    });
  },

  async customerReminders(ctx, deps) {
    const { id } = parsePath(leasePathSchema, ctx.event);
    return idempotent(ctx, deps, `customer-reminders:${id}`, async () => {
      const body = parseBody(remindersBody, ctx.event);
      return ok(
        await changeReminders(deps, ctx.customer!, id, body, { lang: ctx.lang, ip: ipOf(ctx) }),
        translate(ctx.lang, 'customer.reminders.saved'),
      );
    });
  },

  async customerReturn(ctx, deps) {
    const { id } = parsePath(leasePathSchema, ctx.event);
    return idempotent(ctx, deps, `customer-return:${id}`, async () => {
      const body = parseBody(returnBody, ctx.event);
      return ok(
        await requestReturn(deps, ctx.customer!, id, body, ctx.lang),
        translate(ctx.lang, 'customer.return.started'),
      );
    });
  },

  async customerDueDate(ctx, deps) {
    const { id } = parsePath(leasePathSchema, ctx.event);
    return idempotent(ctx, deps, `customer-due-date:${id}`, async () => {
      const body = parseBody(dueDateBody, ctx.event);
      const lease = await changeDueDate(deps, ctx.customer!, id, body, ctx.lang);
      return ok(
        lease,
        translate(ctx.lang, 'customer.due_date.moved', { date: lease.next_payment?.due_date ?? body.due_date }),
      );
    });
  },

  /** The sandbox's inbound SMS (a lessee replying STOP or START); a real SMS vendor's webhook would call the same. */
  async sandboxInboundSms(ctx, deps) {
    const body = parseBody(inboundSmsBody, ctx.event);
    return ok(await handleInboundSms(deps, body.from, body.body));
  },
};

export const handler = lambdaHandler(
  handlers,
  // ach: a lessee's payment or payoff from the bank account on the lease (servicing/payments.ts postPayment).
  lambdaDeps({ messaging: messagingProvider, cardVault: cardVaultProvider, ach: achProvider }),
);
