import type { Deps } from '../platform/deps.ts';
import type { HttpEvent, HttpMethod, HttpResult } from '../platform/http-types.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import type { StaffSession } from '../platform/staff-types.ts';
import type { ApplySession, RetailerCaller } from '../platform/sessions.ts';
import type { CustomerSession } from '../platform/customer-sessions.ts';

export type { ApplySession, RetailerCaller } from '../platform/sessions.ts';

/**
 * Who may call a route:
 * - public: anyone (store lookup, translations, health);
 * - apply: a shopper holding an apply token (X-Apply-Token, X-Client-Id);
 * - sandbox: the local sandbox vendors' pages and APIs (never deployed to production).
 * - test-mode: the sandbox checkout vendors' pages a test checkout needs (signing, card fields): in every stage, but
 *   in production they open only the sandbox objects of a test checkout (livemode false); the handler checks it.
 * - staff: a staff session cookie, the CSRF header on mutations and the route's permission (STAFF_ROUTE_ACCESS).
 * - apply-frame: as apply, but the token and client id may also come as `apply_token` / `client_id` query parameters
 *   (a document shown in an iframe, where the page cannot set headers);
 * - retailer: a retailer's bearer API token (Authorization: Bearer <token>); 401 without a valid one.
 * - customer: a lessee's session cookie (signed in with a one-time code), the CSRF header on mutations; the session
 *   names the leases the lessee may see (functions/services/customer/auth.ts).
 */
export type AuthKind = 'public' | 'apply' | 'apply-frame' | 'sandbox' | 'test-mode' | 'staff' | 'retailer' | 'customer';

/** The Lambda function a route belongs to; one function per group. */
export type RouteGroup =
  | 'system'
  | 'apply'
  | 'sandbox'
  | 'lookups'
  | 'staff'
  | 'staff-leases'
  | 'staff-imports'
  | 'staff-rules'
  | 'staff-scoring'
  | 'sandbox-vendors'
  | 'sandbox-checkout'
  | 'webhooks'
  | 'application'
  | 'decision'
  | 'verification-flows'
  | 'checkout'
  | 'retailer'
  | 'staff-reports'
  | 'adverse-action'
  | 'consents'
  | 'staff-consents'
  | 'staff-crm'
  | 'staff-merchant'
  | 'signup'
  | 'staff-network'
  | 'oauth'
  | 'retailer-docs'
  | 'customer'
  | 'servicing';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  group: RouteGroup;
  name: string;
  auth: AuthKind;
  /**
   * 'application': the request names the session's application (`uuid` in its JSON body); the edge reads it with the
   * apply session in one request (ApplySession.companion) instead of one read after the other.
   */
  reads?: 'application';
}

export interface RequestContext {
  event: HttpEvent;
  route: RouteDef;
  lang: Lang;
  apply?: ApplySession;
  /** Set for auth 'staff': the session, its user and permissions (functions/services/staff/session.ts). */
  staff?: StaffSession;
  /** Set for auth 'retailer': the retailer the API token belongs to. */
  retailer?: RetailerCaller;
  /** Set for auth 'customer': the lessee's session and the leases it may see. */
  customer?: CustomerSession;
}

export type Handler = (ctx: RequestContext, deps: Deps) => Promise<HttpResult>;
export type HandlerMap = Record<string, Handler>;

export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;
