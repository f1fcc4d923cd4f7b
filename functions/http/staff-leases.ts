import * as z from 'zod/mini';
import { assignRequest, leaseActionRequest, revealRequest } from '../../machines/contracts/staff-leases.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import { deliveryView, webhookDispatcher } from '../events/webhook-dispatcher.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { download, html, json, ok } from '../platform/response.ts';
import { parseBody, parsePath } from '../platform/validate.ts';
import { loadLeaseFor, runLeaseAction } from '../services/leases/actions.ts';
import { accountView, openAccount } from '../services/servicing/accounts.ts';
import {
  dashboard,
  listApplications,
  listCheckouts,
  listLeases,
  listPayments,
  listQueue,
  showCheckout,
  showPayment,
} from '../services/leases/lists.ts';
import {
  assignLease,
  claimLease,
  leaseContract,
  releaseLease,
  replayableDelivery,
  revealField,
  showLease,
} from '../services/leases/records.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { bureauProvider } from '../providers/bureau/provider.ts';
import { esignProvider } from '../providers/esign/provider.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import type { HandlerMap, RequestContext } from './route.ts';
import { staffCtx } from './staff-context.ts';

// Route group 'staff-leases': the lender's lease operations (applications, leases, contracts, the work queue,
// checkouts, payments, the dashboard). Thin: validate, call the service, answer the envelope; the lease-status
// machine decides every action in functions/services/leases.

const idPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const actionPath = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  action: z.string().check(z.minLength(1), z.maxLength(100)),
});
const replayPath = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  event: z.string().check(z.minLength(1), z.maxLength(100)),
});

const query = (ctx: RequestContext) => ctx.event.queryStringParameters ?? {};
const paged = (result: { data: unknown[]; meta: unknown }): HttpResult =>
  json(200, { status: true, code: 200, data: result.data, meta: result.meta } as never);
const hasBody = (ctx: RequestContext) => Boolean(ctx.event.body && ctx.event.body.trim());

export const handlers: HandlerMap = {
  async staffApplicationsList(ctx, deps) {
    return paged(await listApplications(staffCtx(ctx, deps), query(ctx)));
  },
  async staffApplicationsShow(ctx, deps) {
    return ok(await showLease(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id, 'application'));
  },
  async staffApplicationsReveal(ctx, deps) {
    const { field } = parseBody(revealRequest, ctx.event);
    return ok(await revealField(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id, field));
  },
  async staffWebhookReplay(ctx, deps) {
    const c = staffCtx(ctx, deps);
    const { id, event } = parsePath(replayPath, ctx.event);
    await replayableDelivery(c, id, event);
    const item = await webhookDispatcher(deps).replay(event);
    return ok(item ? deliveryView(item) : null, translate(ctx.lang, 'staff.lease.replayed'));
  },
  async staffLeaseAccount(ctx, deps) {
    const c = staffCtx(ctx, deps);
    const { id } = parsePath(idPath, ctx.event);
    // The tenant check of the lease record first (403 for another store's lease, 404 for none).
    await loadLeaseFor(c, id);
    await openAccount(deps, id);
    return ok(await accountView(deps, id, { lang: ctx.lang, staff: true }));
  },
  async staffLeasesList(ctx, deps) {
    return paged(await listLeases(staffCtx(ctx, deps), query(ctx)));
  },
  async staffContractsList(ctx, deps) {
    return paged(await listLeases(staffCtx(ctx, deps), query(ctx)));
  },
  async staffLeasesShow(ctx, deps) {
    return ok(await showLease(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id, 'lease'));
  },
  async staffLeaseAction(ctx, deps) {
    const { id, action } = parsePath(actionPath, ctx.event);
    const body = hasBody(ctx) ? parseBody(leaseActionRequest, ctx.event) : {};
    const result = await runLeaseAction(staffCtx(ctx, deps), id, action, body);
    return ok(result.detail, result.message);
  },
  async staffLeaseContract(ctx, deps) {
    const format = query(ctx).format === 'pdf' ? 'pdf' : 'html';
    const doc = await leaseContract(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id, format);
    if ('pdf' in doc && doc.pdf) {
      return download('application/pdf', doc.name, doc.pdf);
    }
    return html(200, 'html' in doc ? doc.html : '', {
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    });
  },
  async staffLeaseQueue(ctx, deps) {
    return paged(await listQueue(staffCtx(ctx, deps), query(ctx)));
  },
  async staffLeaseQueueClaim(ctx, deps) {
    return ok(
      await claimLease(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id),
      translate(ctx.lang, 'staff.lease.claimed'),
    );
  },
  async staffLeaseQueueRelease(ctx, deps) {
    return ok(
      await releaseLease(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id),
      translate(ctx.lang, 'staff.lease.released'),
    );
  },
  async staffLeaseQueueAssign(ctx, deps) {
    const { user_id } = parseBody(assignRequest, ctx.event);
    const detail = await assignLease(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id, user_id);
    return ok(detail, translate(ctx.lang, 'staff.lease.assigned', { name: detail.claimed_by?.name ?? '' }));
  },
  async staffCheckoutsList(ctx, deps) {
    return paged(await listCheckouts(staffCtx(ctx, deps), query(ctx)));
  },
  async staffCheckoutsShow(ctx, deps) {
    return ok(await showCheckout(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id));
  },
  async staffPaymentsList(ctx, deps) {
    return paged(await listPayments(staffCtx(ctx, deps), query(ctx)));
  },
  async staffPaymentsShow(ctx, deps) {
    return ok(await showPayment(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id));
  },
  async staffDashboard(ctx, deps) {
    return ok(await dashboard(staffCtx(ctx, deps)));
  },
};

export const handler = lambdaHandler(
  handlers,
  lambdaDeps({ bureau: bureauProvider, esign: esignProvider, messaging: messagingProvider }),
);
