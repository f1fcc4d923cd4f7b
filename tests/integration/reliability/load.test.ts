import { describe, expect, it } from 'vitest';
import { HEAP_GROWTH_LIMIT_MB, RSS_GROWTH_LIMIT_MB, sustainedLoad } from '../../bench/load.ts';

// Sustained load, shortened (issue 14; `npm run bench` runs it for 60 s): mixed journeys (apply, verify, decide, a
// retailer checkout, staff lists) against a server of its own, at half the peak it measured just before, must get
// no error at all, and the server's live heap after a full collection must not grow beyond a bound over the run.
// Throughput and latencies are printed, never asserted: they depend on the machine.
const SECONDS = Number(process.env.LOAD_TEST_SECONDS ?? 10);

describe('the server under sustained mixed load', () => {
  it(
    `answers every request of ${SECONDS} s of mixed journeys at half its peak, with bounded memory`,
    { timeout: 240_000 },
    async () => {
      const report = await sustainedLoad({ seconds: SECONDS, peakSeconds: 4, concurrency: 4 });
      const m = report.memory;
      console.log(
        `load: ${report.journeys} journeys (${report.requests} requests) in ${report.seconds.toFixed(0)} s at ${report.achievedJourneysPerSecond.toFixed(1)}/s ` +
          `(peak ${report.peakJourneysPerSecond.toFixed(1)}/s); heap ${m.heapStartMb.toFixed(1)} -> ${m.heapEndMb.toFixed(1)} MB, RSS ${m.rssStartMb.toFixed(0)} -> ${m.rssEndMb.toFixed(0)} MB`,
      );
      expect(report.errors).toEqual([]);
      expect(report.journeys).toBeGreaterThan(0);
      // Every kind of journey ran.
      expect(Object.keys(report.byKind).sort()).toEqual(['apply', 'checkout', 'decide', 'staff', 'verify']);
      expect(m.samples).toBeGreaterThan(0);
      expect(m.heapGrowthMb).toBeLessThan(HEAP_GROWTH_LIMIT_MB);
      expect(m.rssGrowthMb).toBeLessThan(RSS_GROWTH_LIMIT_MB);
    },
  );
});
