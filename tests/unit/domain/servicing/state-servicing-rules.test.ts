import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../../../../machines/domain/state-rules.ts';
import {
  lateFeeCapCents,
  lateFeeDue,
  reinstatementDeadline,
  reinstatementOpen,
  SERVICING_STATE_RULES,
  servicingRuleFor,
  termClassOf,
  type LateFeeFacts,
} from '../../../../machines/domain/servicing/state-servicing-rules.ts';
import type { ScheduleFrequency } from '../../../../machines/domain/payment-frequency.ts';

const fee = (
  state: string,
  frequency: ScheduleFrequency,
  paymentCents: number,
  daysLate: number,
  over: Partial<LateFeeFacts> = {},
) =>
  lateFeeDue({
    rule: servicingRuleFor(state),
    frequency,
    paymentCents,
    daysLate,
    alreadyCharged: false,
    contractFeeCents: 10_000,
    ...over,
  });

/** One case a row: state, frequency, payment, days late, and the late fee due. */
const FEE_CASES: [
  state: string,
  frequency: ScheduleFrequency,
  paymentCents: number,
  daysLate: number,
  dueCents: number,
][] = [
  ['NY', 'monthly', 10_000, 7, 0],
  ['NY', 'monthly', 10_000, 8, 1_000],
  ['NY', 'monthly', 3_000, 8, 500],
  ['NY', 'weekly', 2_000, 3, 0],
  ['NY', 'weekly', 2_000, 4, 300],
  ['CA', 'monthly', 20_000, 6, 0],
  ['CA', 'monthly', 20_000, 7, 500],
  ['CA', 'monthly', 6_000, 7, 300],
  ['CA', 'monthly', 3_000, 7, 200],
  ['CA', '14-day', 20_000, 6, 0],
  ['CA', 'weekly', 20_000, 3, 500],
  ['WV', 'monthly', 50_000, 5, 1_500],
  ['WV', 'monthly', 20_000, 5, 1_000],
  ['WV', 'monthly', 20_000, 4, 0],
  ['WV', 'weekly', 20_000, 3, 1_000],
  ['AK', 'monthly', 50_000, 10, 500],
];

describe('late fees by state', () => {
  it.each([
    ['New York: the greater of 10% or $5 once more than 7 days late on monthly terms ($3 and 3 days weekly)', 'NY'],
    ['California: the lesser of 5% or $5, at least $2; from 3 days late weekly, 7 days for longer terms', 'CA'],
    ['West Virginia: the lesser of 5% or $15; weekly from 3 days late, otherwise 5', 'WV'],
    ['Alaska: $5', 'AK'],
  ])('%s', (_name, state) => {
    for (const [, frequency, paymentCents, daysLate, dueCents] of FEE_CASES.filter((c) => c[0] === state))
      expect(fee(state, frequency, paymentCents, daysLate)).toBe(dueCents);
  });
  it('one late fee per delinquency, never above the contract fee, none when not late', () => {
    expect(fee('NY', 'monthly', 10_000, 9, { alreadyCharged: true })).toBe(0);
    expect(fee('NY', 'monthly', 100_000, 9, { contractFeeCents: 2_500 })).toBe(2_500);
    expect(fee('NY', 'monthly', 10_000, 0)).toBe(0);
  });
  it('other states: the conservative default, the lesser of 5% or $5 from the 10th day late, marked as default', () => {
    const tx = servicingRuleFor('TX');
    expect(tx.isDefault).toBe(true);
    expect(tx.statute).toMatch(/default/);
    expect(fee('TX', 'monthly', 20_000, 9)).toBe(0);
    expect(fee('TX', 'monthly', 20_000, 10)).toBe(500);
  });
  it('every state has a row naming its statute, and every checked cap is at most the statute', () => {
    expect(SERVICING_STATE_RULES.map((r) => r.state)).toEqual([...STATE_CODES]);
    for (const r of SERVICING_STATE_RULES) {
      expect(r.statute.length).toBeGreaterThan(5);
      expect(r.oneLateFeePerDelinquency).toBe(true);
    }
    expect(lateFeeCapCents(servicingRuleFor('IN').lateFee.monthly!, 100_000)).toBe(800);
  });
  it('14-day terms count as longer than weekly, except where the state groups them with weekly (Indiana)', () => {
    expect(termClassOf('14-day', servicingRuleFor('CA'))).toBe('monthly');
    expect(termClassOf('14-day', servicingRuleFor('IN'))).toBe('weekly');
    expect(termClassOf('weekly', servicingRuleFor('CA'))).toBe('weekly');
  });
});

describe('reinstatement', () => {
  const facts = (state: string, returnedOn: string | null, frequency: ScheduleFrequency = 'monthly') => ({
    rule: servicingRuleFor(state),
    frequency,
    today: '2026-05-01',
    missedDueDate: '2026-03-01',
    returnedOn,
    periodDays: 30,
  });
  it('California: 10 days (7 weekly) while keeping the goods; a year from the missed due date after a return', () => {
    expect(reinstatementDeadline(facts('CA', null))).toBe('2026-03-11');
    expect(reinstatementDeadline(facts('CA', null, 'weekly'))).toBe('2026-03-08');
    expect(reinstatementDeadline(facts('CA', '2026-03-20'))).toBe('2027-03-01');
    expect(reinstatementOpen(facts('CA', '2026-03-20'))).toBe(true);
    expect(reinstatementOpen(facts('CA', null))).toBe(false);
  });
  it('Rhode Island: within three lease terms after a return', () => {
    expect(reinstatementDeadline(facts('RI', '2026-04-01'))).toBe('2026-06-30');
  });
  it('Maryland requires a receipt for every payment', () => {
    expect(servicingRuleFor('MD').receiptRequired).toBe(true);
  });
});
