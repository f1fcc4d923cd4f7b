import type { Deps } from '../platform/deps.ts';
import type { ResourceCtx } from '../services/staff/resource.ts';
import type { RequestContext } from './route.ts';

/** What a staff service call is given: the dependencies, the signed-in user, their address and language. */
export const staffCtx = (ctx: RequestContext, deps: Deps): ResourceCtx => ({
  deps,
  actor: ctx.staff!.actor,
  ip: ctx.staff!.ip,
  lang: ctx.lang,
});
