import { mobileNotificationsQuery, staffCalculatorRequest } from '../../machines/contracts/crm.ts';
import { LEASE_OPTIONS } from '../../machines/domain/scoring-settings.ts';
import { PAYMENT_FREQUENCIES } from '../../machines/domain/payment-frequency.ts';
import type { Deps } from '../platform/deps.ts';
import { ok } from '../platform/response.ts';
import { parseBody, parseQuery } from '../platform/validate.ts';
import { mobileNotifications, mobileSlides, sendDuePushNotifications, staffCalculate } from '../services/crm/crm.ts';
import { campaignsDef, guideDef, libraryDef, marketingRequestsDef } from '../services/crm/marketing.ts';
import { pushDef, slidesDef } from '../services/crm/mobile.ts';
import { contactsDef, leadsDef, tasksDef } from '../services/crm/resources.ts';
import { type ResourceDef, type ResourceRecord } from '../services/staff/resource.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';
import { staffCrud } from './staff-crud.ts';
import { staffCtx } from './staff-context.ts';

// Route group 'staff-crm' (issue 12): Leads, Contacts, Tasks; Campaigns, Marketing Requests, the Marketing Guide and
// Videos, the Resources Library, the staff Payment Calculator; Push Notifications and Mobile Slides; and the mobile
// client API (/mobile/v1/...). Thin: validate, call the service, answer the envelope.

const rc = staffCtx;
const crud = <R extends ResourceRecord>(
  prefix: string,
  def: ResourceDef<R>,
  beforeList?: (deps: Deps) => Promise<unknown>,
) => staffCrud(prefix, def, { beforeList });

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
    return ok({
      options: LEASE_OPTIONS,
      frequencies: PAYMENT_FREQUENCIES,
      deciles: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      defaults: { option: 'A', frequency: 'monthly', decile: 1, state: 'TX', amount: '1000.00' },
    });
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
