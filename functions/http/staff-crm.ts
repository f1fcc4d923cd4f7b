import * as z from 'zod/mini';
import { mobileNotificationsQuery, staffCalculatorRequest } from '../../machines/contracts/crm.ts';
import { LEASE_OPTIONS } from '../../machines/domain/scoring-settings.ts';
import { PAYMENT_FREQUENCIES } from '../../machines/domain/payment-frequency.ts';
import type { Deps } from '../platform/deps.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { json, ok } from '../platform/response.ts';
import { parseBody, parsePath, parseQuery, readJsonBody } from '../platform/validate.ts';
import { mobileNotifications, mobileSlides, sendDuePushNotifications, staffCalculate } from '../services/crm/crm.ts';
import {
  campaignsDef,
  contactsDef,
  guideDef,
  leadsDef,
  libraryDef,
  marketingRequestsDef,
  pushDef,
  slidesDef,
  tasksDef,
} from '../services/crm/resources.ts';
import {
  bodyOf,
  createResource,
  deleteResource,
  formFor,
  listResource,
  showResource,
  t,
  updateResource,
  type ResourceCtx,
  type ResourceDef,
  type ResourceRecord,
} from '../services/staff/resource.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';

// Route group 'staff-crm' (issue 12): Leads, Contacts, Tasks; Campaigns, Marketing Requests, the Marketing Guide and
// Videos, the Resources Library, the staff Payment Calculator; Push Notifications and Mobile Slides; and the mobile
// client API (/mobile/v1/...). Thin: validate, call the service, answer the envelope.

const idPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const rc = (ctx: RequestContext, deps: Deps): ResourceCtx => ({ deps, actor: ctx.staff!.actor, ip: ctx.staff!.ip, lang: ctx.lang });
const query = (ctx: RequestContext) => ctx.event.queryStringParameters ?? {};
const wantsForm = (ctx: RequestContext) => ['true', '1'].includes(query(ctx)._form ?? '');
const jsonBody = (ctx: RequestContext) => {
  const body = readJsonBody(ctx.event);
  return body === null || typeof body !== 'object' || Array.isArray(body) ? {} : bodyOf(body);
};
const paged = (result: { data: unknown[]; meta: unknown }): HttpResult => json(200, { status: true, code: 200, data: result.data, meta: result.meta } as never);

function crud<R extends ResourceRecord>(prefix: string, def: ResourceDef<R>, beforeList?: (deps: Deps) => Promise<unknown>): HandlerMap {
  const saved = (c: ResourceCtx, key: string) => t(c, key, { resource: t(c, def.noun) });
  const update = async (ctx: RequestContext, deps: Deps) => {
    const c = rc(ctx, deps);
    return ok(await updateResource(c, def, parsePath(idPath, ctx.event).id, jsonBody(ctx)), saved(c, 'staff.resource.updated'));
  };
  return {
    async [`${prefix}List`](ctx, deps) {
      const c = rc(ctx, deps);
      if (wantsForm(ctx)) return ok(await formFor(c, def));
      await beforeList?.(deps);
      return paged(await listResource(c, def, query(ctx)));
    },
    async [`${prefix}Show`](ctx, deps) {
      const c = rc(ctx, deps);
      const { id } = parsePath(idPath, ctx.event);
      return ok(wantsForm(ctx) ? await formFor(c, def, id) : await showResource(c, def, id));
    },
    async [`${prefix}Create`](ctx, deps) {
      const c = rc(ctx, deps);
      return ok(await createResource(c, def, jsonBody(ctx)), saved(c, 'staff.resource.created'));
    },
    [`${prefix}Update`]: update,
    [`${prefix}UpdateForm`]: update,
    async [`${prefix}Delete`](ctx, deps) {
      const c = rc(ctx, deps);
      await deleteResource(c, def, parsePath(idPath, ctx.event).id);
      return ok(null, saved(c, 'staff.resource.deleted'));
    },
  };
}

export const handlers: HandlerMap = {
  ...crud('staffLeads', leadsDef),
  ...crud('staffContacts', contactsDef),
  ...crud('staffTasks', tasksDef),
  ...crud('staffCampaigns', campaignsDef),
  ...crud('staffMarketingRequests', marketingRequestsDef),
  ...crud('staffMarketingGuide', guideDef),
  ...crud('staffResourcesLibrary', libraryDef),
  ...crud('staffPushNotifications', pushDef, sendDuePushNotifications),
  ...crud('staffMobileSlides', slidesDef),

  // the staff Payment Calculator: its choices, and a quote
  async staffPaymentCalculatorOptions() {
    return ok({ options: LEASE_OPTIONS, frequencies: PAYMENT_FREQUENCIES, deciles: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], defaults: { option: 'A', frequency: 'monthly', decile: 1, state: 'TX', amount: '1000.00' } });
  },
  async staffPaymentCalculator(ctx, deps) {
    return ok(await staffCalculate(rc(ctx, deps), parseBody(staffCalculatorRequest, ctx.event)));
  },

  // the mobile client API (public: marketing texts and welcome slides; see docs/decisions.md)
  async mobileNotifications(ctx, deps) {
    return ok(await mobileNotifications(deps, parseQuery(mobileNotificationsQuery, ctx.event)));
  },
  async mobileSlides(_ctx, deps) {
    return ok(await mobileSlides(deps));
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps({ messaging: messagingProvider }));
