import { describe, expect, it } from 'vitest';
import {
  initialSummary,
  lateFeeDays,
  lateFeeDue,
  lateFeeFromDays,
} from '../../../../functions/services/servicing/account-figures.ts';
import { addDays } from '../../../../machines/domain/payment-frequency.ts';
import {
  SERVICING_STATE_RULES,
  servicingRuleFor,
} from '../../../../machines/domain/servicing/state-servicing-rules.ts';

// The close of business charges the state's late fee (the servicing rule in force: the code's row or the one staff
// saved in State Rules) once per delinquency, from the first day late the rule allows, never above its cap.

const schedule = [
  { number: 1, dueDate: '2026-01-01', amountCents: 5_210, prepaid: true },
  { number: 2, dueDate: '2026-02-01', amountCents: 5_210, prepaid: false },
  { number: 3, dueDate: '2026-03-01', amountCents: 5_210, prepaid: false },
];

const accountIn = (state: string) => ({
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
});

describe('late fee by the state rule', () => {
  for (const state of ['CA', 'NY', 'TX', 'WV']) {
    it(`${state}: none before the state's first day late, one within the cap, none again for the same delinquency`, () => {
      const account = accountIn(state);
      const rule = servicingRuleFor(state);
      const from = lateFeeFromDays(account, rule);
      if (from === null)
        return expect(lateFeeDue(account, initialSummary(schedule, 15_630), '2026-02-20', rule).cents).toBe(0);
      expect(lateFeeDays(SERVICING_STATE_RULES)).toContain(from);
      const summary = initialSummary(schedule, 15_630);
      expect(lateFeeDue(account, summary, addDays('2026-02-01', from - 1), rule).cents).toBe(0);
      const fee = lateFeeDue(account, summary, addDays('2026-02-01', from), rule);
      expect(fee.delinquency).toBe('2026-02-01');
      expect(fee.cents).toBeGreaterThan(0);
      expect(fee.cents).toBeLessThanOrEqual(1_500);
      const charged = { ...summary, lateFeeFor: '2026-02-01' };
      expect(lateFeeDue(account, charged, addDays('2026-02-01', from + 5), rule).cents).toBe(0);
    });
  }

  it('a rule staff changed decides the day and the amount; its day is among the days the close looks at', () => {
    const account = accountIn('TX');
    const base = servicingRuleFor('TX');
    const edited = {
      ...base,
      lateFee: {
        ...base.lateFee,
        monthly: {
          fromDaysLate: 23,
          percentBasisPoints: null,
          flatCents: 777,
          combine: 'lesser' as const,
          minimumCents: 0,
        },
      },
    };
    expect(lateFeeFromDays(account, edited)).toBe(23);
    const summary = initialSummary(schedule, 15_630);
    expect(lateFeeDue(account, summary, addDays('2026-02-01', 22), edited).cents).toBe(0);
    expect(lateFeeDue(account, summary, addDays('2026-02-01', 23), edited).cents).toBe(777);
    expect(lateFeeDays(SERVICING_STATE_RULES)).not.toContain(23);
    expect(lateFeeDays([...SERVICING_STATE_RULES, edited])).toContain(23);
    // No late fee at all in a state whose rule says none.
    const none = { ...base, lateFee: { weekly: null, monthly: null } };
    expect(lateFeeFromDays(account, none)).toBeNull();
    expect(lateFeeDue(account, summary, addDays('2026-02-01', 40), none).cents).toBe(0);
  });
});
