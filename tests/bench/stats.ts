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
