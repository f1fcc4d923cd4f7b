import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadConfig } from '../../functions/platform/config.ts';
import { createDeps } from '../../functions/platform/create-deps.ts';
import { createLocalServer } from '../../functions/local/server.ts';
import { printGcPauses } from './gc-log.ts';

// Child process of tests/bench/api-process.ts: the API alone (no relay, no consumers, no seeding: the bench seeds
// the table) on loopback, against the bench's database process. A request's server-side time is then measured by the
// process that serves it, as a Lambda would, apart from the benchmark's own client and its heap.
const [endpoint, dataDir, tableName] = process.argv.slice(2);
if (!endpoint || !dataDir || !tableName) throw new Error('usage: api-server.ts <dynamodb endpoint> <data dir> <table>');
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DYNAMODB_ENDPOINT: endpoint,
  LOG_LEVEL: 'silent',
  TABLE_NAME: tableName,
});
const server = createLocalServer({ deps: createDeps(config), distDir: join(dataDir, 'no-dist') });
// The process's CPU time from a request's arrival to its answer's head, as `X-Bench-Cpu-Ms`: the bench sends one
// request at a time, so it is that request's own CPU time. A slow request whose CPU time is as short as the others'
// waited (for a core, for the database process), it did not work more (issue 24 point 5).
// Each garbage collection's pause, as `gc <kind> <start, epoch ms> <ms>` on stdout, and each request's start as
// `X-Bench-Start` (epoch ms): the bench tells a slow request that a pause held from one that worked or waited.
printGcPauses();
server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
  const started = process.cpuUsage();
  res.setHeader('x-bench-start', (performance.timeOrigin + performance.now()).toFixed(3));
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with apply(this) below
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    const used = process.cpuUsage(started);
    if (!this.headersSent) this.setHeader('x-bench-cpu-ms', ((used.user + used.system) / 1000).toFixed(3));
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`url http://127.0.0.1:${(server.address() as AddressInfo).port}\n`),
);
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
