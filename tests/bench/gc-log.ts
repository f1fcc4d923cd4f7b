import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

// The garbage collectors' pauses of a bench child process (the API, the database): each pause is printed on stdout as
// `gc <kind> <start, epoch ms> <ms>`, and the parent reads them back from the child's output, so that a slow request
// can be told from one a collection held (issue 24 point 5). Epoch times, so pauses of different processes line up.

/** A garbage collection's pause in a child process: when it began (epoch ms) and how long it held the thread. */
export interface GcPause {
  startMs: number;
  ms: number;
  kind: string;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
};

/** In the child: prints every pause from now on. */
export function printGcPauses(): void {
  new PerformanceObserver((list) => {
    const lines = list
      .getEntries()
      .map((e: PerformanceEntry) => {
        const kind = GC_KINDS[(e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
        return `gc ${kind} ${(performance.timeOrigin + e.startTime).toFixed(3)} ${e.duration.toFixed(3)}\n`;
      })
      .join('');
    process.stdout.write(lines);
  }).observe({ entryTypes: ['gc'] });
}

/** In the parent: the pauses a child printed so far. */
export const gcPausesIn = (output: string): GcPause[] =>
  [...output.matchAll(/^gc (\S+) ([\d.]+) ([\d.]+)$/gm)].map((m) => ({
    kind: m[1]!,
    startMs: Number(m[2]),
    ms: Number(m[3]),
  }));
