import { STAFF_ROUTE_ACCESS } from '../../../machines/contracts/staff-access.ts';
import { getUser } from '../../data/users.ts';
import type { HttpEvent } from '../../platform/http-types.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { CSRF_COOKIE, CSRF_HEADER, readCookies } from '../../platform/staff-cookies.ts';
import { csrfMatches, deleteStaffSession, findStaffSession, touchStaffSession } from '../../platform/staff-sessions.ts';
import type { StaffSession } from '../../platform/staff-types.ts';
import { actorOf, audit, deny } from './actor.ts';
import { requireAllowedIp, staffSecurityInForce } from './rules-settings.ts';
import { SESSION_COOKIE } from '../../platform/staff-cookies.ts';

export const SESSION_INVALID = 'staff.auth.sessionInvalid';
export const CSRF_REFUSED = 'staff.auth.csrf';

/** What the staff authentication reads of a request (the edge's request context satisfies it). */
export interface StaffRequest {
  event: HttpEvent;
  route: { method: string; name: string };
}

export const clientIp = (ctx: Pick<StaffRequest, 'event'>) => ctx.event.requestContext?.http?.sourceIp ?? 'unknown';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The 'staff' auth kind: a live session (401 otherwise), the CSRF token on every mutating request (403), and the
 * route's permission from STAFF_ROUTE_ACCESS (403 'Permission Denied', audited). Tenant checks follow in the services,
 * which know the record.
 */
export async function authenticateStaff(ctx: StaffRequest, deps: Deps): Promise<StaffSession> {
  const config = await staffSecurityInForce(deps);
  const now = deps.clock();
  const cookies = readCookies(ctx.event);
  const found = await findStaffSession(deps.db, cookies[SESSION_COOKIE], now, config);
  if (!found) throw unauthorized(SESSION_INVALID);
  const user = await getUser(deps.db, found.item.userId, now);
  if (
    !user ||
    user.deleted_at ||
    !user.active ||
    (user.sessions_valid_after ?? 0) > (found.item.issuedMs ?? found.item.issuedAt * 1000)
  ) {
    await deleteStaffSession(deps.db, found.hash);
    throw unauthorized(SESSION_INVALID);
  }
  const actor = await actorOf(deps, user, { storeId: found.item.storeContext, retailerId: found.item.retailerContext });
  const ip = clientIp(ctx);
  // Security Settings: a session used from outside the IP allow-list is refused (403, audited).
  await requireAllowedIp(deps, ip, actor);
  if (
    MUTATING.has(ctx.route.method) &&
    !csrfMatches(ctx.event.headers[CSRF_HEADER], cookies[CSRF_COOKIE], found.item.csrfHash)
  ) {
    await audit(deps, 'access.denied', { actor, ip, target: ctx.route.name, detail: { reason: 'csrf' } });
    throw new AppError(403, CSRF_REFUSED);
  }
  const required = STAFF_ROUTE_ACCESS[ctx.route.name];
  if (!required) await deny(deps, actor, ip, ctx.route.name, 'route-without-permission');
  if (required !== 'signed-in' && !actor.permissions.has(required!))
    await deny(deps, actor, ip, ctx.route.name, `missing ${required}`);
  await touchStaffSession(deps.db, found.hash, found.item, now, config);
  return { sessionHash: found.hash, csrfHash: found.item.csrfHash, issuedAt: found.item.issuedAt, actor, ip };
}
