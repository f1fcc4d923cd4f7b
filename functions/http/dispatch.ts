import { isLang, translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import type { Deps } from '../platform/deps.ts';
import { verifyApplyToken } from '../platform/apply-tokens.ts';
import { AppError } from '../platform/errors.ts';
import type { HttpEvent, HttpResult } from '../platform/http-types.ts';
import { json } from '../platform/response.ts';
import { withLogFields } from '../platform/logger.ts';
import { observed } from '../platform/observability.ts';
import { requestIdOf } from '../platform/request-id.ts';
import { withEdgeHeaders } from '../platform/security-headers.ts';
import { checkRetailerRateLimit } from '../services/rate-limit.ts';
import { namedApplicationKey } from '../services/session-application.ts';
import { checkBodyShape, readJsonBody } from '../platform/validate.ts';
import { routeKey, type HandlerMap, type RequestContext, type RouteDef } from './route.ts';
import { routes } from './routes.ts';
import { authenticateStaff } from '../services/staff/session.ts';
import { authenticateRetailer } from '../services/retailer-auth.ts';
import { authenticateCustomer, customerLang } from '../services/customer/auth.ts';
import { scopedProviders, type ProviderKey } from '../providers/wiring.ts';
import type { LambdaDeps } from './lambda-deps.ts';

const byKey = new Map(routes.map((r) => [routeKey(r), r]));

export function requestLang(event: HttpEvent): Lang {
  const explicit = event.headers['x-lang'] ?? event.queryStringParameters?.lang;
  if (isLang(explicit)) return explicit;
  const accept = event.headers['accept-language'] ?? '';
  return /^\s*es\b/i.test(accept) ? 'es' : 'en';
}

function errorResult(error: AppError, lang: Lang): HttpResult {
  const errors = error.errors
    ? Object.fromEntries(
        Object.entries(error.errors).map(([field, messages]) => [field, messages.map((m) => translate(lang, m))]),
      )
    : undefined;
  return json(error.statusCode, {
    status: false,
    code: error.statusCode,
    data: error.data ?? null,
    message: translate(lang, error.message),
    ...(errors ? { errors } : {}),
  });
}

/** The RateLimit-* fields of an authenticated retailer request, added to whatever it is answered. */
const rateLimitHeaders = new WeakMap<RequestContext, Record<string, string>>();

/** The JSON body, for a look ahead at what the request names (the handler parses and validates it in full). */
function jsonBodyOf(event: HttpEvent): unknown {
  try {
    return readJsonBody(event);
  } catch {
    return undefined;
  }
}

async function authenticate(ctx: RequestContext, deps: Deps): Promise<void> {
  switch (ctx.route.auth) {
    case 'public':
      return;
    case 'apply':
      ctx.apply = await verifyApplyToken(
        deps.db,
        ctx.event,
        deps.clock(),
        ctx.route.reads === 'application' ? namedApplicationKey(jsonBodyOf(ctx.event)) : undefined,
      );
      return;
    case 'sandbox':
      // Sandbox vendors exist only outside production.
      if (deps.config.production) throw new AppError(404, 'Requested resource was not found');
      return;
    case 'test-mode':
      // Everywhere; in production the handler opens a test checkout's sandbox objects only (services/test-mode.ts).
      return;
    case 'staff':
      ctx.staff = await authenticateStaff(ctx, deps);
      return;
    case 'apply-frame': {
      // A document in an iframe cannot carry headers: the token may come in the query instead.
      const q = ctx.event.queryStringParameters ?? {};
      const headers = { ...ctx.event.headers };
      if (!headers['x-apply-token'] && q.apply_token) headers['x-apply-token'] = q.apply_token;
      if (!headers['x-client-id'] && q.client_id) headers['x-client-id'] = q.client_id;
      ctx.apply = await verifyApplyToken(deps.db, { ...ctx.event, headers }, deps.clock());
      return;
    }
    case 'customer': {
      ctx.customer = await authenticateCustomer(ctx, deps);
      // The lessee's language: the body's lang or X-Lang, else the one they signed in in (errors answer in it too).
      const body = jsonBodyOf(ctx.event);
      const bodyLang = body && typeof body === 'object' ? (body as { lang?: unknown }).lang : undefined;
      ctx.lang = customerLang(ctx.event, bodyLang, ctx.customer.lang, ctx.lang);
      return;
    }
    case 'retailer': {
      const match = /^Bearer\s+(\S{1,256})$/i.exec(ctx.event.headers.authorization ?? '');
      const caller = match ? await authenticateRetailer(deps, match[1]!) : undefined;
      if (!caller) throw new AppError(401, 'A valid API token is required: send Authorization: Bearer <token>.');
      ctx.retailer = caller;
      // Counted across every instance (DynamoDB); the RateLimit fields go on every answer to this caller.
      const limit = await checkRetailerRateLimit(deps, caller);
      rateLimitHeaders.set(ctx, limit.headers);
      if (!limit.allowed) {
        throw new AppError(
          429,
          `Too many requests for this API token: the limit is ${limit.limit} requests per window. Wait ${limit.resetSeconds} seconds (Retry-After) and try again, or spread your calls out.`,
        );
      }
      return;
    }
  }
}

/**
 * The tenant a request acts for, on its log lines: the retailer (an API token, or the store's retailer of an apply
 * session). Staff act across tenants; their user id is not logged (a person).
 */
function tenantOf(ctx: RequestContext): string | undefined {
  return ctx.retailer?.retailerId ?? ctx.apply?.retailerId;
}

/** The edge of every request: route lookup, auth, the handler, errors as envelopes, one log line. */
/** Each route group's third parties, as its Lambda entry names them (lambdaDeps({ ... }) in functions/http/<group>.ts). */
const groupProviders = new WeakMap<HandlerMap, readonly ProviderKey[]>();
const scopedDeps = new WeakMap<Deps, WeakMap<HandlerMap, Deps>>();

/**
 * The dependencies a group's handlers get: only the providers its Lambda function has, also when one process serves
 * every group (`npm start`, tests), so that a port missing from a group's set fails there as it would in AWS.
 */
function depsFor(deps: Deps, handlers: HandlerMap): Deps {
  const keys = groupProviders.get(handlers);
  if (!keys) return deps;
  let byHandlers = scopedDeps.get(deps);
  if (!byHandlers) scopedDeps.set(deps, (byHandlers = new WeakMap()));
  let scoped = byHandlers.get(handlers);
  if (!scoped)
    byHandlers.set(
      handlers,
      (scoped = { ...deps, providers: scopedProviders(deps.providers, keys, "this route group's function") }),
    );
  return scoped;
}

export async function dispatch(incoming: HttpEvent, allDeps: Deps, handlers: HandlerMap): Promise<HttpResult> {
  const started = performance.now();
  // The caller's X-Request-Id when well formed, else API Gateway's (or the local server's) id: in the answer, in the
  // handlers' event, and in every log line of this request.
  const requestId = requestIdOf(incoming.headers, incoming.requestContext?.requestId);
  const event: HttpEvent = { ...incoming, requestContext: { ...incoming.requestContext, requestId } };
  const groupDeps = depsFor(allDeps, handlers);
  let deps: Deps = { ...groupDeps, log: withLogFields(groupDeps.log, { requestId, route: incoming.routeKey }) };
  const lang = requestLang(event);
  const route: RouteDef | undefined = byKey.get(event.routeKey);
  let result: HttpResult;
  let ctx: RequestContext | undefined;
  try {
    const handler = route ? handlers[route.name] : undefined;
    if (!route || !handler) throw new AppError(404, 'Requested resource was not found');
    ctx = { event, route, lang };
    // Before any work (the session's reads, the handler): a body nested beyond any real request is refused here.
    checkBodyShape(event);
    await authenticate(ctx, deps);
    const tenant = tenantOf(ctx);
    if (tenant) deps = { ...deps, log: withLogFields(deps.log, { tenant }) };
    result = await handler(ctx, deps);
  } catch (error) {
    // ctx.lang: a route may settle the caller's language after the edge's first reading (the lessee's session).
    if (error instanceof AppError) result = errorResult(error, ctx?.lang ?? lang);
    else {
      deps.log.error('unhandled error', {
        error:
          error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
      });
      result = json(500, { status: false, code: 500, data: null, message: translate(lang, 'error.unknown') });
    }
  }
  const limitHeaders = ctx && rateLimitHeaders.get(ctx);
  if (limitHeaders) result = { ...result, headers: { ...(result.headers ?? {}), ...limitHeaders } };
  result = withEdgeHeaders(result, { requestId, hsts: deps.config.stage !== 'local', path: event.rawPath });
  // The whole request's time in this function (authentication, the session's reads, the handler), beside a handler's
  // own entries: browser tools show it, and the benchmark reads the server's side of a request from it.
  const ms = performance.now() - started;
  const timing = `app;dur=${ms.toFixed(2)}`;
  const handlerTiming = result.headers?.['server-timing'];
  result = {
    ...result,
    headers: { ...(result.headers ?? {}), 'server-timing': handlerTiming ? `${handlerTiming}, ${timing}` : timing },
  };
  deps.log.info('request', {
    path: event.rawPath,
    status: result.statusCode,
    ms: Math.round(ms),
  });
  return result;
}

/** The Lambda entry of a route group: dependencies are built once per container, with the group's providers only. */
export function lambdaHandler(handlers: HandlerMap, makeDeps: LambdaDeps) {
  groupProviders.set(handlers, makeDeps.providers);
  let deps: Promise<Deps> | undefined;
  const handler = observed(async (event: HttpEvent): Promise<HttpResult> => {
    // A failed build (the platform secret unreadable for a moment) is not kept: the next request tries again rather
    // than the container failing every request until it is recycled.
    deps ??= makeDeps().catch((error: unknown) => {
      deps = undefined;
      throw error;
    });
    return dispatch(event, await deps, handlers);
  });
  // The ports this function has (read by tests/infra: its bundle must not touch any other).
  return Object.assign(handler, { providers: makeDeps.providers });
}
