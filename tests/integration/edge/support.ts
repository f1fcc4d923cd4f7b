import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { putApiToken } from '../../../functions/data/api-tokens.ts';
import { putRetailer, putStore } from '../../../functions/data/stores.ts';
import { DEMO_RETAILERS, DEMO_STORES } from '../../../functions/local/demo-data.ts';
import { createLocalServer } from '../../../functions/local/server.ts';
import { loadConfig } from '../../../functions/platform/config.ts';
import { createDeps } from '../../../functions/platform/create-deps.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import { FieldCrypto, masterKeyProvider } from '../../../functions/platform/field-crypto.ts';
import { createLogger } from '../../../functions/platform/logger.ts';
import { freshDb } from '../../support/dynalite.ts';
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

export interface EdgeServer {
  base: string;
  deps: Deps;
  logLines: () => Record<string, unknown>[];
  stop: () => Promise<void>;
}

export async function startEdgeServer(): Promise<EdgeServer> {
  const fresh = await freshDb();
  const lines: string[] = [];
  const config = loadConfig({
    STAGE: 'local',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lto-edge-')),
    SANDBOX_LATENCY: 'off',
    PUBLIC_URL: 'http://127.0.0.1:9',
  });
  const deps = createDeps(config, {
    db: fresh.db,
    clock: () => FIXED_NOW,
    crypto: new FieldCrypto(masterKeyProvider(randomBytes(32))),
    log: createLogger('info', (l) => lines.push(l)),
  });
  for (const retailer of DEMO_RETAILERS) await putRetailer(deps.db, retailer);
  for (const store of DEMO_STORES) await putStore(deps.db, store);
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
  const dist = mkdtempSync(join(tmpdir(), 'lto-edge-dist-'));
  mkdirSync(join(dist, 'staff'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shopper</title><div id="root"></div>');
  writeFileSync(join(dist, 'staff', 'index.html'), '<!doctype html><title>Staff</title><div id="root"></div>');
  mkdirSync(join(dist, 'customer'));
  writeFileSync(join(dist, 'customer', 'index.html'), '<!doctype html><title>Account</title><div id="root"></div>');
  const server = createLocalServer({
    deps,
    distDir: dist,
    demoRetailerPage: () => '<!doctype html><title>Demo retailer</title><script>void 0</script>',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    deps,
    logLines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fresh.stop();
    },
  };
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
