import { fileURLToPath } from 'node:url';
import { startChild } from './child-process.ts';

// The API in a process of its own (tests/bench/api-server.ts), for the decision's server-side latency.
const entry = fileURLToPath(new URL('./api-server.ts', import.meta.url));

/** A garbage collection's pause in the API process: when it began (epoch ms) and how long it held the thread. */
export interface GcPause {
  startMs: number;
  ms: number;
  kind: string;
}

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
  const gcPauses = () =>
    [...output().matchAll(/^gc (\S+) ([\d.]+) ([\d.]+)$/gm)].map((m) => ({
      kind: m[1]!,
      startMs: Number(m[2]),
      ms: Number(m[3]),
    }));
  return { base: address, gcPauses, stop };
}
