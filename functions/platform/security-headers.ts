import type { HttpResult } from './http-types.ts';

// The security headers of every answer, in one place: the local server and the Lambda edge (dispatch) apply them,
// and infra/constructs/web.ts sets the same policies on CloudFront for the SPA files it serves from S3.

/** Two years, subdomains included; only sent where the site is served over HTTPS (every stage but local). */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

const join = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/**
 * The SPAs' policy: scripts only from our origin (Vite emits no inline script), inline styles allowed (React style
 * props), same-origin frames only (sandbox vendor pages, the contract preview, the card fields), no plugins.
 */
const spaDirectives = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'frame-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
};

/** A valid CSP/postMessage origin: scheme, host and optional port, nothing else. */
export const ORIGIN_PATTERN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

/**
 * The shopper portal: framed by our own pages and by the store's retailer's registered origins only (`https:`, any
 * secure origin, is the static policy CloudFront can state for the embed path).
 */
export function shopperCsp(frameOrigins: readonly string[] = []): string {
  const ancestors = ["'self'", ...frameOrigins.filter((o) => o === 'https:' || ORIGIN_PATTERN.test(o))].join(' ');
  return join({ ...spaDirectives, 'frame-ancestors': ancestors });
}

/** The staff portal is never framed; its PDF previews are same-origin frames and objects (blob: for generated ones). */
export const STAFF_CSP = join({
  ...spaDirectives,
  'frame-src': "'self' blob:",
  'object-src': "'self' blob:",
  'frame-ancestors': "'none'",
});

/**
 * The lessee's account (/account/): signed in with a session cookie, so never framed by anyone (clickjacking); the
 * card vault's hosted fields are a same-origin frame (the SPA policy's frame-src).
 */
export const ACCOUNT_CSP = join({ ...spaDirectives, 'frame-ancestors': "'none'" });

/**
 * HTML made by handlers without a policy of their own (sandbox vendor pages, the demo retailer page, the docs page):
 * they carry small inline scripts and styles, load nothing from elsewhere, and are framed only by our own pages.
 */
export const HANDLER_PAGE_CSP = join({
  'default-src': "'self'",
  'script-src': "'self' 'unsafe-inline'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'connect-src': "'self'",
  'frame-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'self'",
});

/** Staff routes (the portal and /staff/api): a path under /staff. */
export const isStaffPath = (path: string) => path === '/staff' || path.startsWith('/staff/');

export interface EdgeHeaderOptions {
  requestId: string;
  /** HTTPS deployments (every stage but local) send Strict-Transport-Security. */
  hsts: boolean;
  path: string;
}

/**
 * Adds what every answer carries: X-Request-Id, nosniff, the referrer policy, HSTS where served over HTTPS, a CSP on
 * HTML that has none, and for staff routes no framing and no CORS (any Access-Control-* header is dropped).
 */
export function withEdgeHeaders(result: HttpResult, options: EdgeHeaderOptions): HttpResult {
  const headers: Record<string, string> = {};
  const staff = isStaffPath(options.path);
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    const lower = name.toLowerCase();
    if (staff && lower.startsWith('access-control-')) continue;
    headers[lower] = value;
  }
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) headers[name] ??= value;
  if (options.hsts) headers['strict-transport-security'] ??= HSTS_VALUE;
  if (/^text\/html\b/i.test(headers['content-type'] ?? '')) {
    // A page its handler marked never-framed (X-Frame-Options DENY) keeps that under the policy too.
    const handlerPolicy =
      headers['x-frame-options']?.toUpperCase() === 'DENY'
        ? HANDLER_PAGE_CSP.replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        : HANDLER_PAGE_CSP;
    headers['content-security-policy'] ??= staff ? STAFF_CSP : handlerPolicy;
  }
  // Staff answers are never framed by others; a same-origin PDF preview (frame-ancestors 'self') stays frameable by
  // the staff portal itself.
  if (staff)
    headers['x-frame-options'] = /frame-ancestors\s+'self'/.test(headers['content-security-policy'] ?? '')
      ? 'SAMEORIGIN'
      : 'DENY';
  headers['x-request-id'] = options.requestId;
  return { ...result, headers };
}
