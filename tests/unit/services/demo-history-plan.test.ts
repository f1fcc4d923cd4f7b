import { describe, expect, it } from 'vitest';
import { HISTORY_DAYS, planHistory, seededRandom } from '../../../functions/local/demo-history.ts';
import { CHARGE_OFF_MIN_DAYS_PAST_DUE } from '../../../machines/lease-account/lease-account.machine.ts';

// Issue 23 item 7: the demo history's plan is the same on every new data directory and leaves time for each story.
describe('demo history plan', () => {
  it('is the same for the same seed and differs for another', () => {
    expect(planHistory(40)).toEqual(planHistory(40));
    expect(planHistory(40, 7)).not.toEqual(planHistory(40));
    const a = seededRandom(1);
    const b = seededRandom(1);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('has every behaviour even in a small book, at the demo stores', () => {
    const { leases, applications } = planHistory(7);
    expect(new Set(leases.map((l) => l.behaviour)).size).toBe(7);
    expect(new Set(planHistory(40).leases.map((l) => l.store))).toEqual(new Set(['main-street', 'express']));
    expect(new Set(applications.map((a) => a.store))).toEqual(new Set(['main-street', 'express', 'hvac-central']));
  });

  it('funds within the year, in order, and leaves each story time to happen', () => {
    const { leases, applications } = planHistory(60);
    expect(leases.map((l) => l.fundOn)).toEqual([...leases.map((l) => l.fundOn)].sort((x, y) => x - y));
    expect(applications.map((a) => a.on)).toEqual([...applications.map((a) => a.on)].sort((x, y) => x - y));
    for (const l of leases) {
      expect(l.fundOn).toBeGreaterThanOrEqual(0);
      expect(l.turnOn).toBeLessThanOrEqual(HISTORY_DAYS);
      if (l.behaviour === 'chargedOff')
        // Stops paying early enough to be past the charge-off's minimum days before the year ends.
        expect(HISTORY_DAYS - l.turnOn).toBeGreaterThan(CHARGE_OFF_MIN_DAYS_PAST_DUE + 30);
      if (l.behaviour === 'delinquentNow') {
        expect(l.turnOn).toBeGreaterThan(l.fundOn);
        expect(HISTORY_DAYS - l.turnOn).toBeLessThan(120);
      }
      if (l.behaviour === 'paysLate') expect(l.lateBy).toBeGreaterThan(10);
    }
  });
});
