import { putApiToken } from '../../../functions/data/api-tokens.ts';
import { createLogger } from '../../../functions/platform/logger.ts';
import { startInProcessServer, type InProcessServer } from '../../support/in-process-server.ts';
import { jsonOr } from '../../support/http.ts';

// The local server in this process over a fresh dynalite, with a stand-in web build and a captured log, so the edge's
// headers, the rate limit (a fixed clock makes its window deterministic) and the request id in the logs can be read.

export const TOKENS = {
  testA: 'rt_test_edge_token_a_0000000000000000',
  testB: 'rt_test_edge_token_b_0000000000000000',
  testC: 'rt_test_edge_token_c_0000000000000000',
  live: 'rt_live_edge_token_d_0000000000000000',
} as const;

/** 5 s into a 10 s window: RateLimit-Reset and Retry-After are 5. */
export const FIXED_NOW = new Date('2026-03-02T10:00:05.000Z');

export interface EdgeServer extends InProcessServer {
  logLines: () => Record<string, unknown>[];
}

export async function startEdgeServer(): Promise<EdgeServer> {
  const lines: string[] = [];
  const server = await startInProcessServer({
    name: 'edge',
    clock: () => FIXED_NOW,
    log: createLogger('info', (l) => lines.push(l)),
    demoRetailerPage: '<!doctype html><title>Demo retailer</title><script>void 0</script>',
    seed: async (deps) => {
      for (const [name, token] of Object.entries(TOKENS)) {
        await putApiToken(deps.db, token, {
          id: `tok-edge-${name}`,
          name,
          retailerId: 'ret-demo-electronics',
          created_at: FIXED_NOW.toISOString(),
          last_four: token.slice(-4),
          mode: token.startsWith('rt_live_') ? 'live' : 'test',
        });
      }
    },
  });
  return { ...server, logLines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

export const checkoutBody = () => ({
  store: 'main-street',
  cart: { items: [{ sku: 'SB-200', description: 'Sound bar', quantity: 1, unit_price: '149.00' }] },
  return_url: 'https://retailer.example/checkout/done',
  return_url_failure: 'https://retailer.example/checkout/failed',
  callback_url: 'https://retailer.example/hooks',
});

export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.headers ?? {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  // not JSON: an HTML page
  return { status: res.status, headers: res.headers, body: jsonOr(text, text) };
}
