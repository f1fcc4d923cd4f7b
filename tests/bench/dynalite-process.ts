import { fileURLToPath } from 'node:url';
import { startChild } from './child-process.ts';
import { gcPausesIn, type GcPause } from './gc-log.ts';

// The bench's database in a process of its own. In AWS the table is a remote service: run in the bench's process,
// dynalite's LevelDB work would share the event loop with the handlers and be charged to "server-side" latency.
// BENCH_DYNALITE=inprocess keeps the old arrangement (one process for client, server and database).

const entry = fileURLToPath(new URL('./dynalite-server.ts', import.meta.url));

export async function startDynaliteProcess(
  dataDir: string,
): Promise<{ endpoint: string; gcPauses: () => GcPause[]; stop: () => Promise<void> }> {
  const { address, output, stop } = await startChild(entry, [dataDir], /^endpoint (\S+)$/m);
  return { endpoint: address, gcPauses: () => gcPausesIn(output()), stop };
}
