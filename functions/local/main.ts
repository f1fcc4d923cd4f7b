import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inProcessBus } from '../events/event-bus.ts';
import { relayOutbox } from '../events/outbox-relay.ts';
import { onApplicationEvent } from '../events/checkout-consumer.ts';
import { onLeaseRelevantEvent } from '../events/lease-consumer.ts';
import { onReportEvent } from '../events/reports-consumer.ts';
import { webhookDispatcher } from '../events/webhook-dispatcher.ts';
import { loadConfig } from '../platform/config.ts';
import { createDeps } from '../platform/create-deps.ts';
import { demoRetailerPage } from './demo-retailer.ts';
import { ensureTable, startDynalite } from './dynalite.ts';
import { lockDataDir } from './lock.ts';
import { createLocalServer } from './server.ts';
import { seedDemoData } from './seed.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoLeases } from './demo-leases.ts';
import { seedDemoHistory } from './demo-history.ts';
import { buildWebIfChanged } from './web-build.ts';
import { closeDaysPassed } from '../services/servicing/collection.ts';

// `npm start`: the whole product on one machine, with the embedded database and sandbox vendors.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const started = performance.now();
const say = (line: string) => process.stdout.write(line + '\n');

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.DATA_DIR ?? join(root, '.data'));
  const release = lockDataDir(dataDir);
  const stops: (() => Promise<void> | void)[] = [release];
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    // Asked to stop, the process ends with the code asked for: an error thrown by a part being torn down is
    // printed, not allowed to turn a clean stop into a crash.
    const reportWhileStopping = (error: unknown) =>
      process.stderr.write(`while stopping: ${error instanceof Error ? error.message : String(error)}\n`);
    process.on('uncaughtException', reportWhileStopping);
    process.on('unhandledRejection', reportWhileStopping);
    for (const s of stops.reverse()) {
      try {
        await s();
      } catch {
        // keep stopping the rest
      }
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    if (process.env.SKIP_WEB_BUILD !== '1') buildWebIfChanged(root, say);
    const db = await startDynalite(dataDir);
    stops.push(db.stop);
    const config = loadConfig({
      ...process.env,
      STAGE: process.env.STAGE ?? 'local',
      DATA_DIR: dataDir,
      DYNAMODB_ENDPOINT: db.endpoint,
      PORT: String(port),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
    await ensureTable(db.endpoint, config.tableName);
    const deps = createDeps(config);
    const credentials = await seedDemoData(deps);

    const bus = inProcessBus();
    // Retailer webhooks: every checkout and application status change of a checkout goes to its callback URL; a
    // poller retries due deliveries (exponential backoff for 72 hours). The checkout consumer moves a checkout
    // along with its application.
    const webhooks = webhookDispatcher(deps);
    bus.subscribe((event) => onApplicationEvent(deps, event));
    // The staff lease records follow their applications and checkouts (status, lists, search, counters).
    bus.subscribe((event) => onLeaseRelevantEvent(deps, event));
    // Report counters (approval amounts, first payments due) and the kept adverse-action notices (issue 11).
    bus.subscribe((event) => onReportEvent(deps, event));
    bus.subscribe((event) => webhooks.dispatchEvent(event));
    // Each background loop runs one pass at a time; stopping waits for the pass under way, so that the database
    // is never closed under a request still in flight (dynalite throws from inside its callbacks then).
    stops.push(
      everyPass(5_000, () =>
        webhooks.retryDue().catch((error) => deps.log.warn('webhook retry pass failed', { error: String(error) })),
      ),
    );
    stops.push(
      everyPass(250, () =>
        relayOutbox(deps.db, bus, deps.clock(), (error, key) =>
          deps.log.warn('outbox relay will retry', { pk: key.pk, error: String(error) }),
        ).catch((error) => deps.log.warn('outbox relay pass failed', { error: String(error) })),
      ),
    );
    // Servicing's close of business (issue 22): when the lender's date has moved on (midnight in the lender's zone,
    // or the sandbox clock), every day not closed yet is closed, as the scheduled queue consumer does in AWS.
    stops.push(
      everyPass(30_000, () =>
        closeDaysPassed(deps).catch((error) =>
          deps.log.warn('close of business will run again', { error: String(error) }),
        ),
      ),
    );

    const server = createLocalServer({
      deps,
      distDir: join(root, 'dist'),
      demoRetailerPage: (baseUrl) => demoRetailerPage({ baseUrl }),
    });
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(port, () => resolveListen());
    });
    stops.push(
      () =>
        new Promise<void>((resolveClose) => {
          // Requests under way may finish (their writes land before the database closes); after 3 s, none waits.
          const cutOff = setTimeout(() => server.closeAllConnections(), 3_000);
          server.close(() => {
            clearTimeout(cutOff);
            resolveClose();
          });
          server.closeIdleConnections();
        }),
    );
    const actualPort = (server.address() as AddressInfo).port;
    const base = `http://localhost:${actualPort}`;
    // Links we send and sandbox vendor callbacks need the real origin: with PORT=0 it is known only now.
    if (!process.env.PUBLIC_URL) deps.config.publicUrl = base;
    say('');
    say(
      `Lease-to-own platform is running (ready in ${((performance.now() - started) / 1000).toFixed(1)} s, data in ${dataDir})`,
    );
    say(`  Shopper portal:       ${base}/`);
    say(`  Staff portal:         ${base}/staff/`);
    say(`  Lessee's account:     ${base}/account/`);
    say(`  Demo retailer page:   ${base}/demo/retailer`);
    say(`  Sandbox mailbox:      ${base}/sandbox/messages.html`);
    say(`  Health:               ${base}/health`);
    say(
      `  Staff admin login:    ${credentials.adminUsername} / ${credentials.adminPassword ?? '(changed since it was generated; set DEMO_ADMIN_PASSWORD to reset it)'}`,
    );
    say(`  Retailer API token:   ${credentials.retailerApiToken ?? '(not known)'}`);
    say('Press Ctrl-C to stop.');
    // Demo lease records through the running API (once per data directory), so the staff portal is not empty.
    // Then, on a new data directory only (they move the sandbox clock), funded leases in each account state, and
    // last a year of history (a book of leases dated in the past: demo-history.ts), announced when it is ready.
    void seedDemoLeases(deps, base, credentials.retailerApiToken)
      .then(async (created) => {
        if (!created) return;
        await seedDemoAccounts(deps, base, credentials);
        await seedDemoHistory(deps, base, credentials, say);
      })
      .catch((error) => deps.log.warn('demo lease records were not created', { error: String(error) }));
  } catch (error) {
    process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
    await stop(1);
  }
}

/** Runs `pass` every `ms`, never two at once; the returned stop ends the loop and waits for the pass under way. */
function everyPass(ms: number, pass: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = pass().finally(() => (running = undefined));
  }, ms);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

void main();
