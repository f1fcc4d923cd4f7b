import { startDynalite, ensureTable } from '../../../functions/local/dynalite.ts';
import { loadConfig } from '../../../functions/platform/config.ts';
import { createDeps } from '../../../functions/platform/create-deps.ts';
import { closeBusinessDay } from '../../../functions/services/servicing/collection.ts';
import { seedAccounts } from '../../support/servicing-seed.ts';

// A separate process for the kill -9 test (collection-crash.test.ts): `seed` files lease accounts due on DATE;
// `close` runs that date's close of business and prints its stats; with CRASH_AFTER=n the process SIGKILLs itself
// after its n-th database request (any point: after a charge, between the ledger entry and the account write...).
const [phase, dataDir, date, countText] = process.argv.slice(2);

async function main() {
  const db = await startDynalite(dataDir!);
  const config = loadConfig({
    ...process.env,
    STAGE: 'local',
    DATA_DIR: dataDir,
    DYNAMODB_ENDPOINT: db.endpoint,
    LOG_LEVEL: 'error',
    SANDBOX_LATENCY: 'off',
  });
  await ensureTable(db.endpoint, config.tableName);
  const deps = createDeps(config);
  if (phase === 'seed') {
    await seedAccounts(deps, { prefix: 'c0ffee00', count: Number(countText), date: date! });
  } else {
    const crashAfter = Number(process.env.CRASH_AFTER ?? 0);
    if (crashAfter > 0) {
      let sent = 0;
      deps.db.doc.middlewareStack.add(
        (next) => async (args) => {
          const out = await next(args);
          if (++sent >= crashAfter) process.kill(process.pid, 'SIGKILL');
          return out;
        },
        { step: 'initialize', name: 'crashAfter' },
      );
    }
    const stats = await closeBusinessDay(deps, date!);
    process.stdout.write(`${JSON.stringify(stats)}\n`);
  }
  await db.stop();
}

void main();
