import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putRetailer } from '../../../functions/data/stores.ts';
import { DEMO_RETAILERS } from '../../../functions/local/demo-data.ts';
import { call, startEdgeServer, TOKENS, type EdgeServer } from './support.ts';

// X-Request-Id on every answer and in the logs of its request; the pages' Content-Security-Policy (the shopper page
// framed only by the store's retailer's registered origins, the staff portal never); no CORS on staff routes.

let edge: EdgeServer;
beforeAll(async () => {
  edge = await startEdgeServer();
  await putRetailer(edge.deps.db, {
    ...DEMO_RETAILERS[0]!,
    embed_origins: ['https://shop.demo-electronics.example', 'http://localhost:5173'],
  });
}, 60_000);
afterAll(async () => edge?.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const frameAncestors = (csp: string | null) => /frame-ancestors ([^;]+)/.exec(csp ?? '')?.[1]?.trim();

describe('X-Request-Id', () => {
  it("echoes a well-formed caller id on an API answer and writes it in that request's log line", async () => {
    const res = await call(edge.base, 'GET', '/health', { headers: { 'x-request-id': 'req_edge_0001-abc' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req_edge_0001-abc');
    const line = edge.logLines().find((l) => l.message === 'request' && l.requestId === 'req_edge_0001-abc');
    expect(line).toMatchObject({ path: '/health', status: 200 });
  });

  it('makes its own id when the caller sends none or a malformed one', async () => {
    const none = await call(edge.base, 'GET', '/health');
    expect(none.headers.get('x-request-id')).toMatch(UUID);
    const bad = await call(edge.base, 'GET', '/health', { headers: { 'x-request-id': 'has spaces and "quotes"' } });
    expect(bad.headers.get('x-request-id')).toMatch(UUID);
    expect(bad.headers.get('x-request-id')).not.toBe(none.headers.get('x-request-id'));
  });

  it('is on pages, 404s, refused methods and error envelopes too', async () => {
    const page = await call(edge.base, 'GET', '/', { headers: { 'x-request-id': 'req_page_000001' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-request-id')).toBe('req_page_000001');
    const missing = await call(edge.base, 'GET', '/no/such/thing', { headers: { 'x-request-id': 'req_missing_0001' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: false, code: 404 });
    expect(missing.headers.get('x-request-id')).toBe('req_missing_0001');
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    const refused = await call(edge.base, 'DELETE', '/health');
    expect(refused.status).toBe(405);
    expect(refused.headers.get('x-request-id')).toMatch(UUID);
    const unauthorized = await call(edge.base, 'GET', '/retailer/v1/webhooks/deliveries', {
      headers: { 'x-request-id': 'req_unauth_0001' },
    });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body.message).toMatch(/Authorization: Bearer/);
    expect(unauthorized.headers.get('x-request-id')).toBe('req_unauth_0001');
    expect(edge.logLines().some((l) => l.requestId === 'req_unauth_0001' && l.status === 401)).toBe(true);
  });
});

describe('Content-Security-Policy', () => {
  it("lets the store's retailer's registered origins frame its embed page, and nobody else", async () => {
    const own = await call(edge.base, 'GET', '/embed/demo-electronics/main-street/');
    expect(own.status).toBe(200);
    expect(own.body).toContain('<title>Shopper</title>');
    expect(frameAncestors(own.headers.get('content-security-policy'))).toBe(
      "'self' https://shop.demo-electronics.example http://localhost:5173",
    );
    expect(own.headers.get('x-frame-options')).toBeNull();
    // Another retailer's store has no registered origin: only our own pages may frame it.
    const other = await call(edge.base, 'GET', '/embed/demo-comfort/hvac-central/');
    expect(frameAncestors(other.headers.get('content-security-policy'))).toBe("'self'");
    const unknown = await call(edge.base, 'GET', '/embed/demo-electronics/no-such-store/');
    expect(frameAncestors(unknown.headers.get('content-security-policy'))).toBe("'self'");
  });

  it("follows a change of the retailer's origins from the next load, through the same handler AWS runs", async () => {
    // GET /embed/{shell+} is a route (the apply function in AWS): never cached, so a change holds at once.
    await putRetailer(edge.deps.db, { ...DEMO_RETAILERS[1]!, embed_origins: ['https://comfort.example'] });
    const changed = await call(edge.base, 'GET', '/embed/demo-comfort/hvac-central');
    expect(changed.status).toBe(200);
    expect(changed.body).toContain('<title>Shopper</title>');
    expect(frameAncestors(changed.headers.get('content-security-policy'))).toBe("'self' https://comfort.example");
    expect(changed.headers.get('cache-control')).toBe('no-cache');
    await putRetailer(edge.deps.db, { ...DEMO_RETAILERS[1]!, embed_origins: [] });
    const cleared = await call(edge.base, 'GET', '/embed/demo-comfort/hvac-central/');
    expect(frameAncestors(cleared.headers.get('content-security-policy'))).toBe("'self'");
    // Only /embed/{retailer}/{store}/ is a page; anything else under /embed/ is not found.
    for (const path of ['/embed/demo-comfort/', '/embed/demo-comfort/hvac-central/extra', '/embed/Bad_Slug/x/']) {
      const missing = await call(edge.base, 'GET', path);
      expect(missing.status, path).toBe(404);
      expect(missing.body).toMatchObject({ status: false, code: 404 });
    }
  });

  it('gives the shopper page outside /embed a strict policy framed by our own pages only', async () => {
    const page = await call(edge.base, 'GET', '/');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(frameAncestors(csp)).toBe("'self'");
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Local runs over plain HTTP: no HSTS here (CloudFront and the API send it in AWS).
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it('never lets the staff portal be framed', async () => {
    const staff = await call(edge.base, 'GET', '/staff/');
    expect(staff.status).toBe(200);
    expect(frameAncestors(staff.headers.get('content-security-policy'))).toBe("'none'");
    expect(staff.headers.get('x-frame-options')).toBe('DENY');
  });

  it("serves the lessee's account at /account/ and never lets it be framed", async () => {
    const moved = await fetch(`${edge.base}/account`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/account/');
    const account = await call(edge.base, 'GET', '/account/');
    expect(account.status).toBe(200);
    expect(account.body).toContain('<title>Account</title>');
    const csp = account.headers.get('content-security-policy') ?? '';
    expect(frameAncestors(csp)).toBe("'none'");
    expect(csp).toContain("frame-src 'self'");
    expect(account.headers.get('x-frame-options')).toBe('DENY');
  });

  it('puts a policy on pages made by handlers and on the demo retailer page', async () => {
    const sandboxPage = await call(edge.base, 'GET', '/sandbox/messages.html');
    expect(sandboxPage.status).toBe(200);
    expect(sandboxPage.headers.get('content-type')).toMatch(/text\/html/);
    expect(frameAncestors(sandboxPage.headers.get('content-security-policy'))).toBe("'self'");
    const demo = await call(edge.base, 'GET', '/demo/retailer');
    expect(demo.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(demo.headers.get('x-request-id')).toMatch(UUID);
  });
});

describe('staff routes and CORS', () => {
  it('refuses a preflight from another origin and answers without Access-Control headers', async () => {
    const preflight = await call(edge.base, 'OPTIONS', '/staff/api/retailers', {
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    const corsHeaders = (h: Headers) => [...h.keys()].filter((k) => k.startsWith('access-control-'));
    expect(corsHeaders(preflight.headers)).toEqual([]);
    const get = await call(edge.base, 'GET', '/staff/api/retailers', { headers: { origin: 'https://evil.example' } });
    expect(get.status).toBe(401);
    expect(corsHeaders(get.headers)).toEqual([]);
    expect(get.headers.get('x-frame-options')).toBe('DENY');
  });

  it('does not count a request without a valid token against anyone, nor carry RateLimit fields', async () => {
    const res = await call(edge.base, 'GET', '/retailer/v1/webhooks/deliveries', {
      token: 'rt_test_not_a_token_at_all_00000000',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('ratelimit-limit')).toBeNull();
    const ok = await call(edge.base, 'GET', '/retailer/v1/webhooks/deliveries', { token: TOKENS.testC });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toMatch(UUID);
  });
});
