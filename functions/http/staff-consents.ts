import * as z from 'zod/mini';
import type { Deps } from '../platform/deps.ts';
import { download, ok } from '../platform/response.ts';
import { parsePath } from '../platform/validate.ts';
import { staffConsents, staffConsentsPdf } from '../services/consents-staff.ts';
import type { StaffCtx } from '../services/leases/actions.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';

// Route group 'staff-consents': the consent and disclosure record of an application for staff (permission
// applications.view, tenant-checked): GET /staff/api/applications/{id}/consents and .../consents.pdf.

const idPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const sc = (ctx: RequestContext, deps: Deps): StaffCtx => ({
  deps,
  actor: ctx.staff!.actor,
  ip: ctx.staff!.ip,
  lang: ctx.lang,
});

export const handlers: HandlerMap = {
  async staffConsentsList(ctx, deps) {
    return ok(await staffConsents(sc(ctx, deps), parsePath(idPath, ctx.event).id));
  },
  async staffConsentsPdf(ctx, deps) {
    const doc = await staffConsentsPdf(sc(ctx, deps), parsePath(idPath, ctx.event).id);
    return download('application/pdf', doc.name, doc.pdf);
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
