export interface Stats {
  n: number;
  median: number;
  p95: number;
  p99: number;
  opsPerSecond: number;
}

export function summarise(samplesMs: number[], wallMs: number): Stats {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    n: sorted.length,
    median: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    opsPerSecond: (sorted.length / wallMs) * 1000,
  };
}

/** Runs `op` n times sequentially after a warm-up, timing each call. */
export async function measure(
  n: number,
  op: (i: number) => Promise<unknown>,
  warmup = Math.min(50, n),
): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await op(-1 - i);
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await op(i);
    samples.push(performance.now() - t);
  }
  return summarise(samples, performance.now() - start);
}

/**
 * Makes `total` calls of `op` from `workers` loops running at once (each takes the next call when its last one is
 * done), timing each call; also the wall time and the process's CPU time of the whole.
 */
export async function runConcurrently(
  workers: number,
  total: number,
  op: (worker: number) => Promise<unknown>,
): Promise<{ samples: number[]; wallMs: number; cpu: NodeJS.CpuUsage }> {
  const samples: number[] = [];
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (next < total) {
        next++;
        const t = performance.now();
        await op(worker);
        samples.push(performance.now() - t);
      }
    }),
  );
  return { samples, wallMs: performance.now() - started, cpu: process.cpuUsage(cpuBefore) };
}
