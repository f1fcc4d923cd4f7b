import { describe, expect, it } from 'vitest';
import {
  initialSummary,
  lateFeeDue,
  lateFeeFromDays,
  LATE_FEE_DAYS,
} from '../../../../functions/services/servicing/account-figures.ts';
import { addDays } from '../../../../machines/domain/payment-frequency.ts';

// The close of business charges the state's late fee (state-servicing-rules.ts) once per delinquency, from the first
// day late the state allows, never above its cap.

const schedule = [
  { number: 1, dueDate: '2026-01-01', amountCents: 5_210, prepaid: true },
  { number: 2, dueDate: '2026-02-01', amountCents: 5_210, prepaid: false },
  { number: 3, dueDate: '2026-03-01', amountCents: 5_210, prepaid: false },
];

describe('late fee by the state rule', () => {
  for (const state of ['CA', 'NY', 'TX', 'WV']) {
    it(`${state}: none before the state's first day late, one within the cap, none again for the same delinquency`, () => {
      const account = {
        leaseId: 'lease-1',
        schedule,
        state,
        frequency: 'monthly',
        termMonths: 3,
        leaseBeginsAt: '2026-01-01',
        totalPaymentCents: 15_630,
        cashPriceCents: 10_000,
        epoFeeCents: 0,
        epoDays: 90,
        remainingPaymentsPercent: 50,
      };
      const from = lateFeeFromDays(account);
      if (from === null)
        return expect(lateFeeDue(account, initialSummary(schedule, 15_630), '2026-02-20').cents).toBe(0);
      expect(LATE_FEE_DAYS).toContain(from);
      const summary = initialSummary(schedule, 15_630);
      expect(lateFeeDue(account, summary, addDays('2026-02-01', from - 1)).cents).toBe(0);
      const fee = lateFeeDue(account, summary, addDays('2026-02-01', from));
      expect(fee.delinquency).toBe('2026-02-01');
      expect(fee.cents).toBeGreaterThan(0);
      expect(fee.cents).toBeLessThanOrEqual(1_500);
      const charged = { ...summary, lateFeeFor: '2026-02-01' };
      expect(lateFeeDue(account, charged, addDays('2026-02-01', from + 5)).cents).toBe(0);
    });
  }
});
