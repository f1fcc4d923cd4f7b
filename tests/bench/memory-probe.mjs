// Preloaded into a server process by the sustained-load bench and test
// (NODE_OPTIONS="--expose-gc --import=<this file>", MEMORY_PROBE_FILE=<file>): appends the process's memory to the
// file as JSON lines, every MEMORY_PROBE_MS (500) ms, and on SIGUSR2 after a full garbage collection (tag "gc"), so
// that the driver can compare the live heap at the start and at the end of a run. Plain JavaScript: it loads before
// any TypeScript loader.
import { appendFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const sample = (tag) => {
    const m = process.memoryUsage();
    const line = {
      t: Date.now(),
      tag,
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  setInterval(() => sample('tick'), Number(process.env.MEMORY_PROBE_MS ?? 500)).unref();
  process.on('SIGUSR2', () => {
    // Twice: the first pass can leave garbage that only a second full collection frees (weak references, finalizers).
    globalThis.gc?.();
    globalThis.gc?.();
    sample('gc');
  });
  sample('start');
}
