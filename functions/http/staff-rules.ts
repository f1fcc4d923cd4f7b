import { queueConfigUpdate, securitySettingsUpdate } from '../../machines/contracts/staff-rules.ts';
import { servicingRuleUpdateSchema } from '../../machines/contracts/servicing-rules.ts';
import { statePathSchema, stateRuleUpdateSchema, type StateCode } from '../../machines/domain/state-rules.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import { AppError } from '../platform/errors.ts';
import { ok } from '../platform/response.ts';
import { parseBody } from '../platform/validate.ts';
import { listStateRuleViews, updateStateRule } from '../services/state-rules.ts';
import { servicingRuleView, updateServicingRule } from '../services/servicing/servicing-rules-staff.ts';
import {
  readQueueConfig,
  readSecuritySettings,
  replaceQueueConfig,
  replaceSecuritySettings,
} from '../services/staff/rules-settings.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';
import { staffCtx } from './staff-context.ts';

// Route group 'staff-rules' (issue 11 "Underwriting as data"): the state rules (offered, total-cost cap, OCP,
// disclosures) read by the decision, the pricing and the contract, and their servicing terms (issue 23) read by the
// close of business and the servicing actions; Security Settings read by the staff auth; Queue
// Management read by the lease queue. Thin: validate, call the service, answer the envelope.

/** The state of the path: an unknown code is a 422 the editor can act on (not a 404: the route exists). */
function statePath(ctx: RequestContext): StateCode {
  const raw = ctx.event.pathParameters?.state ?? '';
  const parsed = statePathSchema.safeParse({ state: raw });
  if (!parsed.success)
    throw new AppError(422, 'The given data was invalid.', { state: ['staff.stateRules.validation.state'] });
  return parsed.data.state as StateCode;
}

export const handlers: HandlerMap = {
  async staffStateRulesList(ctx, deps) {
    return ok(await listStateRuleViews(staffCtx(ctx, deps)));
  },
  async staffStateRulesUpdate(ctx, deps) {
    const state = statePath(ctx);
    const body = parseBody(stateRuleUpdateSchema, ctx.event);
    return ok(
      await updateStateRule(staffCtx(ctx, deps), state, body),
      translate(ctx.lang, 'staff.stateRules.saved', { state }),
    );
  },
  // The state's servicing terms (issue 23): late fees, return fee, reinstatement, receipt, statute.
  async staffServicingRuleShow(ctx, deps) {
    return ok(await servicingRuleView(deps, statePath(ctx)));
  },
  async staffServicingRuleUpdate(ctx, deps) {
    const state = statePath(ctx);
    const body = parseBody(servicingRuleUpdateSchema, ctx.event);
    return ok(
      await updateServicingRule(staffCtx(ctx, deps), state, body),
      translate(ctx.lang, 'servicingRules.saved', { state }),
    );
  },
  async staffSecuritySettingsShow(ctx, deps) {
    return ok(await readSecuritySettings(staffCtx(ctx, deps)));
  },
  async staffSecuritySettingsUpdate(ctx, deps) {
    const { v, ...settings } = parseBody(securitySettingsUpdate, ctx.event);
    return ok(
      await replaceSecuritySettings(staffCtx(ctx, deps), settings, v),
      translate(ctx.lang, 'staff.rules.saved'),
    );
  },
  async staffQueueConfigShow(ctx, deps) {
    return ok(await readQueueConfig(staffCtx(ctx, deps)));
  },
  async staffQueueConfigUpdate(ctx, deps) {
    const { v, ...config } = parseBody(queueConfigUpdate, ctx.event);
    return ok(await replaceQueueConfig(staffCtx(ctx, deps), config, v), translate(ctx.lang, 'staff.rules.saved'));
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
