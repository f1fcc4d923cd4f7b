import { disclosureShownRequestSchema } from '../../machines/contracts/consents.ts';
import { ok } from '../platform/response.ts';
import { parseBody } from '../platform/validate.ts';
import { recordDisclosureShown } from '../services/disclosures.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';

// Route group 'consents': a disclosure screen reports what it showed (POST /apply-v2/application/disclosures, apply
// auth). The server recomputes the figures and appends both to the application's consent record; the IP is the
// request context's, the client id the apply session's.

export const handlers: HandlerMap = {
  async recordDisclosure(ctx, deps) {
    const body = parseBody(disclosureShownRequestSchema, ctx.event);
    return ok(
      await recordDisclosureShown(deps, ctx.apply!, body, {
        lang: ctx.lang,
        ip: ctx.event.requestContext.http?.sourceIp,
      }),
    );
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
