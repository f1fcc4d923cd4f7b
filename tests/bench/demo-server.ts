import type { AddressInfo } from 'node:net';
import { ensureTable } from '../../functions/local/dynalite.ts';
import { seedDemoData } from '../../functions/local/seed.ts';
import { createLocalServer } from '../../functions/local/server.ts';
import { loadConfig } from '../../functions/platform/config.ts';
import { createDeps } from '../../functions/platform/create-deps.ts';

export const BENCH_ADMIN_PASSWORD = 'bench-password';
export const BENCH_RETAILER_API_TOKEN = 'rt_bench_token_0000';

/**
 * The demo's data in the `bench` table of the given database, served by the local server in this process on a free
 * port (quiet logs): the API bench and the shopper page bench start the same way.
 */
export async function startDemoServer(options: { endpoint: string; dataDir: string; distDir: string }) {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: options.dataDir,
    DYNAMODB_ENDPOINT: options.endpoint,
    LOG_LEVEL: 'silent',
    TABLE_NAME: 'bench',
  });
  await ensureTable(options.endpoint, config.tableName);
  const deps = createDeps(config);
  await seedDemoData(deps, {
    DEMO_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    DEMO_RETAILER_API_TOKEN: BENCH_RETAILER_API_TOKEN,
  });
  const server = createLocalServer({ deps, distDir: options.distDir });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { config, deps, server, base };
}
