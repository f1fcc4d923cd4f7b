import { describe, expect, it } from 'vitest';
import { lateFeesToCharge, returnFeeToCharge } from '../../../../machines/domain/servicing/fees.ts';
import {
  allocatePayment,
  deriveAccount,
  openingEntries,
  receiptOf,
  type LedgerEntry,
} from '../../../../machines/domain/servicing/ledger.ts';
import { servicingRuleFor } from '../../../../machines/domain/servicing/state-servicing-rules.ts';
import { smallMonthlySchedule } from './fixtures.ts';

describe('late fees at the close of business', () => {
  const s = smallMonthlySchedule('CA');
  const rule = servicingRuleFor('CA');
  const base = openingEntries(s);
  const feesOn = (entries: LedgerEntry[], date: string, lenderFee?: number) =>
    lateFeesToCharge(s, deriveAccount(s, entries, date), entries, rule, lenderFee);

  it('none within the grace; then the state cap for each installment late beyond it', () => {
    // Installment 2 collected Feb 5: California's grace for monthly terms ends before the 7th day late.
    expect(feesOn(base, '2026-02-11')).toEqual([]);
    expect(feesOn(base, '2026-02-12')).toEqual([{ installment: 2, cents: 500 }]);
    // By March 12 installment 3 is 7 days late too; installment 2 still has no fee in the ledger.
    expect(feesOn(base, '2026-03-12')).toEqual([
      { installment: 2, cents: 500 },
      { installment: 3, cents: 500 },
    ]);
  });
  it('one per delinquency, even when the first was waived', () => {
    const entries: LedgerEntry[] = [
      ...base,
      { id: 'f2', kind: 'fee', fee: 'late', date: '2026-02-12', cents: 500, installment: 2 },
      { id: 'w2', kind: 'waiver', date: '2026-02-13', feeId: 'f2', cents: 500 },
    ];
    expect(feesOn(entries, '2026-02-28')).toEqual([]);
  });
  it('never above the lender own fee, and none once the lease is closed', () => {
    expect(feesOn(base, '2026-02-12', 300)).toEqual([{ installment: 2, cents: 300 }]);
    const returned: LedgerEntry[] = [...base, { id: 'ret', kind: 'return', date: '2026-02-10' }];
    expect(feesOn(returned, '2026-02-20')).toEqual([]);
  });
});

describe('return fee', () => {
  const rule = servicingRuleFor('TX');
  const entries: LedgerEntry[] = [];
  it('the lesser of the lender fee and the state maximum, once per returned debit, with notice', () => {
    expect(
      returnFeeToCharge({ code: 'R01', paymentId: 'p1', entries, rule, noticeGiven: true, lenderFeeCents: 2_500 }),
    ).toEqual({ charge: true, cents: 1_500 });
    expect(
      returnFeeToCharge({
        code: 'R01',
        paymentId: 'p1',
        entries: [
          { id: 'f', kind: 'fee', fee: 'return', date: '2026-02-07', cents: 1_500, installment: 2, paymentId: 'p1' },
        ],
        rule,
        noticeGiven: true,
        lenderFeeCents: 2_500,
      }),
    ).toEqual({ charge: false, reason: 'alreadyCharged' });
    expect(
      returnFeeToCharge({ code: 'R10', paymentId: 'p1', entries, rule, noticeGiven: true, lenderFeeCents: 2_500 }),
    ).toEqual({ charge: false, reason: 'codeNotChargeable' });
    expect(
      returnFeeToCharge({ code: 'R01', paymentId: 'p1', entries, rule, noticeGiven: false, lenderFeeCents: 2_500 }),
    ).toEqual({ charge: false, reason: 'noNotice' });
  });
});

describe('receipts (Maryland)', () => {
  it('state the amount paid, what is due after it and what remains to ownership', () => {
    const s = smallMonthlySchedule('MD');
    const entries = openingEntries(s);
    entries.push({
      id: 'p1',
      kind: 'payment',
      date: '2026-03-06',
      cents: 11_000,
      method: 'cash_at_store',
      allocations: allocatePayment(s, entries, 11_000, '2026-03-06'),
    });
    expect(receiptOf(s, entries, 'p1')).toEqual({
      entryId: 'p1',
      date: '2026-03-06',
      amountPaidCents: 11_000,
      method: 'cash_at_store',
      allocations: [
        { installment: 2, component: 'rent', cents: 10_000 },
        { installment: 2, component: 'ocp', cents: 1_000 },
      ],
      amountDueNowCents: 11_000,
      remainingToOwnershipCents: 40_000,
      nextPayment: { installment: 4, dueDate: '2026-04-05', collectionDate: '2026-04-06', amountCents: 11_000 },
    });
    expect(receiptOf(s, entries, 'nope')).toBeNull();
  });
});
