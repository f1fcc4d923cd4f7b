import { randomBytes } from 'node:crypto';
import { countOperations } from '../../functions/data/client.ts';
import type { Deps } from '../../functions/platform/deps.ts';
import type { AchDebitResult, AchPort } from '../../functions/providers/ach/port.ts';
import type { Providers } from '../../functions/providers/providers.ts';
import { closeBusinessDay } from '../../functions/services/servicing/collection.ts';
import { seedAccounts } from '../support/servicing-seed.ts';

// The daily close of business over many active leases (issue 22): BENCH_CLOSE_LEASES (100,000) lease accounts, of
// which one in BENCH_CLOSE_DUE_EVERY (30: a monthly schedule) has an installment due on the closed date. Reported:
// the close's time per due lease as a ratio to the run's raw PutItem floor, and the database operations per due
// installment (read the account, write the attempt, the ledger entry and the account; the DUE# Query page shared by
// 100). The ACH processor is in memory (it is remote in production: its storage is not ours). BENCH_CLOSE=0 skips it.

export const MAX_OPS_PER_DUE = 4;

function memoryAch(): AchPort {
  const results = new Map<string, AchDebitResult>();
  return {
    async debit(input) {
      const seen = results.get(input.idempotencyKey);
      if (seen) return seen;
      const result: AchDebitResult = {
        status: 'settled',
        traceId: `ach_${randomBytes(6).toString('hex')}`,
        amountCents: input.amountCents,
      };
      results.set(input.idempotencyKey, result);
      return result;
    },
  };
}

export async function closeOfBusinessBench(options: { deps: Deps; floorPutMs: number }) {
  const leases = Number(process.env.BENCH_CLOSE_LEASES ?? 100_000);
  const every = Number(process.env.BENCH_CLOSE_DUE_EVERY ?? 30);
  const date = '2030-06-15';
  const due = Math.max(1, Math.floor(leases / every));
  const say = (line: string) => process.stdout.write(line + '\n');
  say(`close of business: seeding ${leases} lease accounts (${due} due on ${date})...`);
  const seeded = performance.now();
  await seedAccounts(options.deps, { prefix: 'be0c0de0', count: due, date, concurrency: 16 });
  // The others are due on other days of the month: present in the table, never read by this close.
  const others = leases - due;
  for (let day = 1, made = 0; made < others; day++) {
    const n = Math.min(due, others - made);
    const other = `2030-06-${String(15 + (day % 14) + 1).padStart(2, '0')}`;
    await seedAccounts(options.deps, {
      prefix: `be${String(day).padStart(6, '0')}`,
      count: n,
      date: other,
      concurrency: 16,
    });
    made += n;
  }
  say(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const providers = Object.create(options.deps.providers, { ach: { value: memoryAch() } }) as Providers;
  const deps = { ...options.deps, providers };
  const counter = countOperations(deps.db);
  const before = counter.snapshot();
  const started = performance.now();
  const stats = await closeBusinessDay(deps, date);
  const ms = performance.now() - started;
  const ops = counter.since(before);
  // The Query pages are per day (the due page of 100, and the late-fee dates), not per installment: reported apart.
  const total = Object.entries(ops).reduce((a, [name, n]) => a + (name === 'Query' ? 0 : n), 0);
  const perDue = total / Math.max(1, stats.due);
  const msPerDue = ms / Math.max(1, stats.due);
  say(
    `  closed ${stats.due} due installments in ${(ms / 1000).toFixed(1)} s: ${stats.succeeded} paid, ${stats.failed} failed, ${stats.errors} errors`,
  );
  say(
    `  per due lease: ${msPerDue.toFixed(2)} ms (${(msPerDue / options.floorPutMs).toFixed(2)} x the floor put), ${perDue.toFixed(2)} DB operations ${JSON.stringify(ops)}`,
  );
  const ok = perDue <= MAX_OPS_PER_DUE && stats.errors === 0 && stats.succeeded === stats.due;
  say(`  ${ok ? 'PASS' : 'FAIL'}: at most ${MAX_OPS_PER_DUE} operations per due installment (Query pages apart)`);
  if (!ok) process.exitCode = 1;
  return { due: stats.due, ms, perDue, msPerDue };
}
