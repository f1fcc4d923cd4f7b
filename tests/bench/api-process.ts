import { fileURLToPath } from 'node:url';
import { startChild } from './child-process.ts';
import { gcPausesIn, type GcPause } from './gc-log.ts';

// The API in a process of its own (tests/bench/api-server.ts), for the decision's server-side latency.
const entry = fileURLToPath(new URL('./api-server.ts', import.meta.url));

export async function startApiProcess(options: {
  endpoint: string;
  dataDir: string;
  tableName: string;
}): Promise<{ base: string; gcPauses: () => GcPause[]; stop: () => Promise<void> }> {
  const { address, output, stop } = await startChild(
    entry,
    [options.endpoint, options.dataDir, options.tableName],
    /^url (\S+)$/m,
  );
  return { base: address, gcPauses: () => gcPausesIn(output()), stop };
}
