import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { putRetailer, putStore } from '../../functions/data/stores.ts';
import { DEMO_RETAILERS, DEMO_STORES } from '../../functions/local/demo-data.ts';
import { createLocalServer } from '../../functions/local/server.ts';
import { loadConfig } from '../../functions/platform/config.ts';
import { createDeps } from '../../functions/platform/create-deps.ts';
import type { Deps } from '../../functions/platform/deps.ts';
import { FieldCrypto, masterKeyProvider } from '../../functions/platform/field-crypto.ts';
import type { Logger } from '../../functions/platform/logger.ts';
import { freshDb } from './dynalite.ts';

export interface InProcessServer {
  base: string;
  deps: Deps;
  stop: () => Promise<void>;
}

/**
 * The real local server in this process over a fresh dynalite holding the demo's retailers and stores, with the
 * test's clock and log, a random field key, sandbox vendors without latency and a stand-in web build (the shopper,
 * staff and account pages): for the tests that read the server's own state or move its clock.
 */
export async function startInProcessServer(options: {
  /** Names the temporary folders. */
  name: string;
  clock: () => Date;
  log: Logger;
  demoRetailerPage: string;
  /** Writes what the test needs before the server listens. */
  seed?: (deps: Deps) => Promise<void>;
}): Promise<InProcessServer> {
  const fresh = await freshDb();
  const config = loadConfig({
    STAGE: 'local',
    DATA_DIR: mkdtempSync(join(tmpdir(), `lto-${options.name}-`)),
    SANDBOX_LATENCY: 'off',
    PUBLIC_URL: 'http://127.0.0.1:9',
  });
  const deps = createDeps(config, {
    db: fresh.db,
    clock: options.clock,
    crypto: new FieldCrypto(masterKeyProvider(randomBytes(32))),
    log: options.log,
  });
  for (const retailer of DEMO_RETAILERS) await putRetailer(deps.db, retailer);
  for (const store of DEMO_STORES) await putStore(deps.db, store);
  await options.seed?.(deps);
  const dist = mkdtempSync(join(tmpdir(), `lto-${options.name}-dist-`));
  mkdirSync(join(dist, 'staff'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shopper</title><div id="root"></div>');
  writeFileSync(join(dist, 'staff', 'index.html'), '<!doctype html><title>Staff</title><div id="root"></div>');
  mkdirSync(join(dist, 'customer'));
  writeFileSync(join(dist, 'customer', 'index.html'), '<!doctype html><title>Account</title><div id="root"></div>');
  const server = createLocalServer({ deps, distDir: dist, demoRetailerPage: () => options.demoRetailerPage });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deps,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fresh.stop();
    },
  };
}
