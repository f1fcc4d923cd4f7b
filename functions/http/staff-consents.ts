import * as z from 'zod/mini';
import { download, ok } from '../platform/response.ts';
import { parsePath } from '../platform/validate.ts';
import { staffConsents, staffConsentsPdf } from '../services/consents-staff.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';
import { staffCtx } from './staff-context.ts';

// Route group 'staff-consents': the consent and disclosure record of an application for staff (permission
// applications.view, tenant-checked): GET /staff/api/applications/{id}/consents and .../consents.pdf.

const idPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

export const handlers: HandlerMap = {
  async staffConsentsList(ctx, deps) {
    return ok(await staffConsents(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id));
  },
  async staffConsentsPdf(ctx, deps) {
    const doc = await staffConsentsPdf(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id);
    return download('application/pdf', doc.name, doc.pdf);
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
