import type { Deps } from '../platform/deps.ts';
import type { HttpEvent, HttpMethod, HttpResult } from '../platform/http-types.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import type { StaffSession } from '../platform/staff-types.ts';

/**
 * Who may call a route:
 * - public: anyone (store lookup, translations, health);
 * - apply: a shopper holding an apply token (X-Apply-Token, X-Client-Id);
 * - sandbox: the local sandbox vendors' pages and APIs (never deployed to production).
 * - staff: a staff session cookie, the CSRF header on mutations and the route's permission (STAFF_ROUTE_ACCESS).
 * Later route kinds (retailer API tokens, signed vendor webhooks) add themselves here.
 */
export type AuthKind = 'public' | 'apply' | 'sandbox' | 'staff';

/** The Lambda function a route belongs to; one function per group. */
export type RouteGroup = 'system' | 'apply' | 'sandbox' | 'lookups' | 'staff' | 'sandbox-vendors' | 'sandbox-checkout' | 'webhooks' | 'application';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  group: RouteGroup;
  name: string;
  auth: AuthKind;
}

export interface ApplySession {
  tokenHash: string;
  storeId: string;
  retailerId: string;
  storeSlug: string;
  retailerSlug: string;
  clientId: string;
  applicationUuid?: string;
  checkoutId?: string;
}

export interface RequestContext {
  event: HttpEvent;
  route: RouteDef;
  lang: Lang;
  apply?: ApplySession;
  /** Set for auth 'staff': the session, its user and permissions (functions/services/staff/session.ts). */
  staff?: StaffSession;
}

export type Handler = (ctx: RequestContext, deps: Deps) => Promise<HttpResult>;
export type HandlerMap = Record<string, Handler>;

export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;
