import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../machines/domain/payment-frequency.ts';
import {
  accountFromBalances,
  allocateOn,
  allocatePayment,
  bucketFor,
  deriveAccount,
  ledgerProblem,
  openingEntries,
  reversalOf,
  allocateClosingPayment,
  type DerivedAccount,
  type LedgerBalances,
  type LedgerEntry,
  type PaymentEntry,
} from '../../../../machines/domain/servicing/ledger.ts';
import type { ServicingSchedule } from '../../../../machines/domain/servicing/schedule.ts';
import { contractAndSchedule, contractSpec, smallMonthlySchedule } from './fixtures.ts';

const tiny = () => smallMonthlySchedule('CA');

let seq = 0;
function pay(schedule: ServicingSchedule, entries: LedgerEntry[], cents: number, date: string): PaymentEntry {
  const entry: PaymentEntry = {
    id: `p${(seq += 1)}`,
    kind: 'payment',
    date,
    cents,
    method: 'card',
    allocations: allocatePayment(schedule, entries, cents, date),
  };
  entries.push(entry);
  return entry;
}

/** At most 8 payments, each on a day from 0 to `maxDay` and of 1 to `maxCents` cents. */
const paymentsWithin = (maxDay: number, maxCents: number, minLength = 0) =>
  fc.array(fc.record({ day: fc.integer({ min: 0, max: maxDay }), cents: fc.integer({ min: 1, max: maxCents }) }), {
    minLength,
    maxLength: 8,
  });

describe('the opening entry', () => {
  it('pays the installment prepaid at signing, so the account starts current', () => {
    const s = tiny();
    const entries = openingEntries(s);
    expect(entries).toHaveLength(1);
    const account = deriveAccount(s, entries, '2026-01-05');
    expect(account.installments[0]).toMatchObject({ status: 'paid', paidCents: 11_000 });
    expect(account.rentPaidCents).toBe(10_000);
    expect(account.daysPastDue).toBe(0);
    expect(account.remainingToOwnershipCents).toBe(50_000);
    expect(account.nextPayment).toEqual({
      installment: 2,
      dueDate: '2026-02-05',
      collectionDate: '2026-02-05',
      amountCents: 11_000,
    });
  });
});

describe('allocation order (docs/decisions.md, issue 22)', () => {
  it('pays the oldest due installment first, rent before the protection plan', () => {
    const s = tiny();
    const entries = openingEntries(s);
    const p = pay(s, entries, 10_500, '2026-03-10');
    expect(p.allocations).toEqual([
      { installment: 2, component: 'rent', cents: 10_000 },
      { installment: 2, component: 'ocp', cents: 500 },
    ]);
  });
  it('pays rent due before a late fee, and the fee before paying ahead', () => {
    const s = tiny();
    const entries: LedgerEntry[] = [
      ...openingEntries(s),
      { id: 'f1', kind: 'fee', fee: 'late', date: '2026-02-12', cents: 500, installment: 2 },
    ];
    const p = pay(s, entries, 11_000 + 500 + 3_000, '2026-02-20');
    expect(p.allocations).toEqual([
      { installment: 2, component: 'rent', cents: 10_000 },
      { installment: 2, component: 'ocp', cents: 1_000 },
      { installment: 2, component: 'fee', cents: 500, feeId: 'f1' },
      { installment: 3, component: 'rent', cents: 3_000 },
    ]);
    const account = deriveAccount(s, entries, '2026-02-20');
    expect(account.fees[0]).toMatchObject({ paidCents: 500, outstandingCents: 0 });
    expect(account.installments[2]).toMatchObject({ status: 'partially_paid', unpaidCents: 8_000 });
  });
  it('a waived fee is no longer owed', () => {
    const s = tiny();
    const entries: LedgerEntry[] = [
      ...openingEntries(s),
      { id: 'f1', kind: 'fee', fee: 'late', date: '2026-02-12', cents: 500, installment: 2 },
      { id: 'w1', kind: 'waiver', date: '2026-02-13', feeId: 'f1', cents: 500 },
    ];
    const account = deriveAccount(s, entries, '2026-02-13');
    expect(account.outstandingFeesCents).toBe(0);
    expect(account.amountDueNowCents).toBe(11_000);
  });
});

describe('delinquency', () => {
  it('counts days past due from the collection date and buckets them 1-30, 31-60, 61-90, 90+', () => {
    const s = tiny();
    const entries = openingEntries(s);
    const at = (date: string) => deriveAccount(s, entries, date);
    expect(at('2026-02-05')).toMatchObject({
      daysPastDue: 0,
      bucket: null,
      amountDueNowCents: 11_000,
      pastDueCents: 0,
    });
    expect(at('2026-02-06')).toMatchObject({ daysPastDue: 1, bucket: '1-30', pastDueCents: 11_000 });
    expect(at('2026-03-07')).toMatchObject({ daysPastDue: 30, bucket: '1-30' });
    expect(at('2026-03-08')).toMatchObject({ daysPastDue: 31, bucket: '31-60', pastDueCents: 22_000 });
    expect(at('2026-05-06')).toMatchObject({ daysPastDue: 90, bucket: '61-90' });
    expect(at('2026-05-07')).toMatchObject({ daysPastDue: 91, bucket: '90+' });
    expect(bucketFor(90)).toBe('61-90');
    expect(bucketFor(91)).toBe('90+');
  });
  it('a due date on a Sunday is not late before the Monday it is collected', () => {
    const s = tiny();
    const april = s.installments.find((i) => i.dueDate === '2026-04-05')!;
    expect(april.collectionDate).toBe('2026-04-06');
    const entries = openingEntries(s);
    pay(s, entries, 22_000, '2026-03-05');
    expect(deriveAccount(s, entries, '2026-04-06')).toMatchObject({ daysPastDue: 0, amountDueNowCents: 11_000 });
    expect(deriveAccount(s, entries, '2026-04-07')).toMatchObject({ daysPastDue: 1 });
  });
  it('paying what is past due makes the account current again', () => {
    const s = tiny();
    const entries = openingEntries(s);
    pay(s, entries, 22_000, '2026-03-20');
    expect(deriveAccount(s, entries, '2026-03-20')).toMatchObject({ daysPastDue: 0, pastDueCents: 0 });
  });
});

describe('reversals', () => {
  it('a returned payment is a new entry, and the account is as if it never happened', () => {
    const s = tiny();
    const entries = openingEntries(s);
    const p = pay(s, entries, 11_000, '2026-02-05');
    expect(deriveAccount(s, entries, '2026-02-20').daysPastDue).toBe(0);
    entries.push(reversalOf(p, 'r1', '2026-02-09', 'R01', 'ach_return'));
    const account = deriveAccount(s, entries, '2026-02-20');
    expect(account).toMatchObject({ daysPastDue: 15, pastDueCents: 11_000, rentPaidCents: 10_000 });
    expect(account.allocations[p.id]).toEqual([]);
    expect(account.reversedIds).toEqual([p.id]);
    // Seen as of a day before the return, the payment still stands.
    expect(deriveAccount(s, entries, '2026-02-08')).toMatchObject({ daysPastDue: 0, reversedIds: [] });
    // The original entry is untouched.
    expect(p.allocations).toEqual([
      { installment: 2, component: 'rent', cents: 10_000 },
      { installment: 2, component: 'ocp', cents: 1_000 },
    ]);
  });

  it('re-derives exactly: reversing any payment equals a ledger without it (property)', () => {
    fc.assert(
      fc.property(contractSpec, paymentsWithin(400, 60_000, 1), fc.nat(), (spec, payments, pick) => {
        const made = contractAndSchedule(spec);
        fc.pre(made !== null);
        const { schedule } = made;
        const entries: LedgerEntry[] = [...openingEntries(schedule)];
        const posted: PaymentEntry[] = [];
        for (const { day, cents } of [...payments].sort((a, b) => a.day - b.day)) {
          const date = addDays(schedule.leaseBeginsAt, day);
          const entry: PaymentEntry = {
            id: `p${posted.length}`,
            kind: 'payment',
            date,
            cents,
            method: 'bank',
            allocations: allocatePayment(schedule, entries, cents, date),
          };
          entries.push(entry);
          posted.push(entry);
        }
        const today = addDays(schedule.leaseBeginsAt, 420);
        const target = posted[pick % posted.length]!;
        const withReversal = deriveAccount(
          schedule,
          [...entries, reversalOf(target, 'r', today, 'R01', 'ach_return')],
          today,
        );
        const without = deriveAccount(
          schedule,
          entries.filter((e) => e.id !== target.id),
          today,
        );
        // Everything but the record of what was reversed is the same.
        const balances = (a: DerivedAccount) => ({ ...a, allocations: null, reversedIds: null });
        expect(balances(withReversal)).toEqual(balances(without));
        expect(withReversal.reversedIds).toEqual([target.id]);
        expect(without.reversedIds).toEqual([]);
        expect(withReversal.allocations[target.id]).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('conservation', () => {
  it('every cent received is allocated once, and the stored allocations equal the replay (property)', () => {
    fc.assert(
      fc.property(contractSpec, paymentsWithin(500, 80_000), (spec, payments) => {
        const made = contractAndSchedule(spec);
        fc.pre(made !== null);
        const { schedule } = made;
        const entries: LedgerEntry[] = [...openingEntries(schedule)];
        for (const [index, { day, cents }] of [...payments].sort((a, b) => a.day - b.day).entries()) {
          const date = addDays(schedule.leaseBeginsAt, day);
          entries.push({
            id: `p${index}`,
            kind: 'payment',
            date,
            cents,
            method: 'card',
            allocations: allocatePayment(schedule, entries, cents, date),
          });
        }
        const account = deriveAccount(schedule, entries, addDays(schedule.leaseBeginsAt, 600));
        for (const e of entries) {
          if (e.kind !== 'payment') continue;
          expect(account.allocations[e.id]).toEqual(e.allocations);
          expect(e.allocations.reduce((s, a) => s + a.cents, 0)).toBe(e.cents);
        }
        expect(account.rentPaidCents + account.ocpPaidCents + account.feesPaidCents + account.creditCents).toBe(
          account.totalPaidCents,
        );
        for (const i of account.installments) {
          expect(i.rentPaidCents).toBeLessThanOrEqual(i.rentCents);
          expect(i.ocpPaidCents).toBeLessThanOrEqual(i.ocpCents);
        }
        expect(account.remainingToOwnershipCents).toBe(schedule.totalOfPaymentsCents - account.rentPaidCents);
        if (account.remainingToOwnershipCents === 0) expect(account.closure).toBe('paid_out');
      }),
      { numRuns: 60 },
    );
  });
});

describe('how a lease ends', () => {
  it('paying every installment makes the lessee the owner', () => {
    const s = tiny();
    const entries = openingEntries(s);
    pay(s, entries, 55_000, '2026-02-05');
    const account = deriveAccount(s, entries, '2026-02-05');
    expect(account).toMatchObject({ closure: 'paid_out', closedOn: '2026-02-05', remainingToOwnershipCents: 0 });
    expect(account.nextPayment).toBeNull();
  });
  it('a return ends the rent after it; what was past due stays owed; a reinstatement revives the schedule', () => {
    const s = tiny();
    const entries: LedgerEntry[] = [...openingEntries(s), { id: 'ret', kind: 'return', date: '2026-02-20' }];
    const returned = deriveAccount(s, entries, '2026-06-01');
    expect(returned.closure).toBe('returned');
    expect(returned.installments.filter((i) => i.status === 'cancelled').map((i) => i.number)).toEqual([3, 4, 5, 6]);
    expect(returned.pastDueCents).toBe(11_000);
    expect(returned.remainingToOwnershipCents).toBe(10_000);
    entries.push({ id: 'rein', kind: 'reinstatement', date: '2026-03-01' });
    const reinstated = deriveAccount(s, entries, '2026-03-01');
    expect(reinstated.closure).toBe('open');
    expect(reinstated.installments.some((i) => i.status === 'cancelled')).toBe(false);
  });
  it('after a return, what was past due can still be paid, and no more', () => {
    const s = tiny();
    const entries: LedgerEntry[] = [...openingEntries(s), { id: 'ret', kind: 'return', date: '2026-02-20' }];
    const payment = (cents: number): PaymentEntry => ({
      id: 'pr',
      kind: 'payment',
      date: '2026-03-01',
      cents,
      method: 'card',
      allocations: [],
    });
    expect(ledgerProblem(s, entries, payment(11_000))).toBeNull();
    expect(ledgerProblem(s, entries, payment(11_001))).toBe('amountAboveOwed');
  });
  it('a payoff pays what is due first, the rest is the purchase price', () => {
    const s = tiny();
    const entries = openingEntries(s);
    expect(allocateClosingPayment(s, entries, 30_000, '2026-02-10')).toEqual([
      { installment: 2, component: 'rent', cents: 10_000 },
      { installment: 2, component: 'ocp', cents: 1_000 },
      { installment: null, component: 'purchase', cents: 19_000 },
    ]);
  });
  it('an early purchase closes the lease as owned; a second payoff or a payment is refused', () => {
    const s = tiny();
    const entries: LedgerEntry[] = [...openingEntries(s)];
    const payoff: LedgerEntry = {
      id: 'po',
      kind: 'payoff',
      date: '2026-02-01',
      cents: 22_500,
      method: 'card',
      quote: { purchaseCents: 22_500, feesCents: 0, validUntil: '2026-02-04' },
      allocations: [{ installment: null, component: 'purchase', cents: 22_500 }],
    };
    expect(ledgerProblem(s, entries, payoff)).toBeNull();
    entries.push(payoff);
    const account = deriveAccount(s, entries, '2026-03-01');
    expect(account).toMatchObject({ closure: 'purchased_early', remainingToOwnershipCents: 0, daysPastDue: 0 });
    expect(ledgerProblem(s, entries, { ...payoff, id: 'po2' })).toBe('accountClosed');
    expect(
      ledgerProblem(s, entries, {
        id: 'p9',
        kind: 'payment',
        date: '2026-03-01',
        cents: 100,
        method: 'card',
        allocations: [],
      }),
    ).toBe('accountClosed');
  });
  it('a charge-off keeps the balance; paying it all still makes the lessee the owner', () => {
    const s = tiny();
    const entries: LedgerEntry[] = [
      ...openingEntries(s),
      { id: 'co', kind: 'charge_off', date: '2026-06-10', cents: 55_000 },
    ];
    expect(deriveAccount(s, entries, '2026-06-10')).toMatchObject({ closure: 'charged_off', chargedOffCents: 55_000 });
    pay(s, entries, 55_000, '2026-07-01');
    expect(deriveAccount(s, entries, '2026-07-01').closure).toBe('paid_out');
  });
  it('a settlement closes the lease with what was forgiven', () => {
    const s = tiny();
    const entries: LedgerEntry[] = [
      ...openingEntries(s),
      {
        id: 'st',
        kind: 'settlement',
        date: '2026-06-10',
        cents: 20_000,
        method: 'bank',
        forgivenCents: 35_000,
        allocations: [],
      },
    ];
    const account = deriveAccount(s, entries, '2026-06-10');
    expect(account).toMatchObject({ closure: 'settled', forgivenCents: 35_000, remainingToOwnershipCents: 0 });
    // $200 paid: installment 2 whole ($100 rent + $10 plan), then $90 of installment 3's rent.
    expect(account.rentPaidCents).toBe(10_000 + 10_000 + 9_000);
    // Nothing more is owed: the rest is forgiven.
    expect(account.installments.filter((i) => i.status === 'cancelled').map((i) => i.number)).toEqual([3, 4, 5, 6]);
    expect(account).toMatchObject({ pastDueCents: 0, daysPastDue: 0, amountDueNowCents: 0, nextPayment: null });
  });
});

describe('what may be appended', () => {
  const s = tiny();
  const base = openingEntries(s);
  const payment = (cents: number): PaymentEntry => ({
    id: 'px',
    kind: 'payment',
    date: '2026-02-05',
    cents,
    method: 'card',
    allocations: [],
  });
  it('refuses a payment above what is owed, a zero or fractional amount, and a repeated id', () => {
    expect(ledgerProblem(s, base, payment(55_000))).toBeNull();
    expect(ledgerProblem(s, base, payment(55_001))).toBe('amountAboveOwed');
    expect(ledgerProblem(s, base, payment(0))).toBe('amountNotPositive');
    expect(ledgerProblem(s, base, payment(10.5))).toBe('amountNotPositive');
    expect(ledgerProblem(s, base, { ...payment(100), id: base[0]!.id })).toBe('duplicateId');
  });
  it('refuses to reverse twice, to reverse what is not a payment, and a waiver above the fee', () => {
    const entries: LedgerEntry[] = [...base, payment(11_000)];
    const reversal = reversalOf(entries[1] as PaymentEntry, 'r1', '2026-02-07', 'R01', 'ach_return');
    expect(ledgerProblem(s, entries, reversal)).toBeNull();
    entries.push(reversal);
    expect(ledgerProblem(s, entries, { ...reversal, id: 'r2' })).toBe('alreadyReversed');
    expect(ledgerProblem(s, entries, { ...reversal, id: 'r3', paymentId: 'nope' })).toBe('unknownEntry');
    entries.push({
      id: 'f1',
      kind: 'fee',
      fee: 'return',
      date: '2026-02-07',
      cents: 1_500,
      installment: 2,
      paymentId: 'px',
    });
    expect(ledgerProblem(s, entries, { ...reversal, id: 'r4', paymentId: 'f1' })).toBe('notReversible');
    expect(ledgerProblem(s, entries, { id: 'w', kind: 'waiver', date: '2026-02-08', feeId: 'f1', cents: 1_501 })).toBe(
      'waiverAboveFee',
    );
    expect(ledgerProblem(s, entries, { id: 'w', kind: 'waiver', date: '2026-02-08', feeId: 'f9', cents: 1 })).toBe(
      'unknownFee',
    );
    expect(ledgerProblem(s, entries, { id: 'rf', kind: 'refund', date: '2026-02-08', cents: 1, method: 'card' })).toBe(
      'refundAboveCredit',
    );
  });
});

describe('cached balances (what the server keeps on the account item)', () => {
  it('read as the same account as the replay, and allocate a new payment the same way', () => {
    const s = tiny();
    const entries: LedgerEntry[] = [
      ...openingEntries(s),
      { id: 'f1', kind: 'fee', fee: 'late', date: '2026-02-12', cents: 500, installment: 2 },
    ];
    pay(s, entries, 4_000, '2026-02-10');
    const replayed = deriveAccount(s, entries, '2026-03-20');
    const balances: LedgerBalances = {
      rentPaid: Object.fromEntries(replayed.installments.map((i) => [i.number, i.rentPaidCents])),
      ocpPaid: Object.fromEntries(replayed.installments.map((i) => [i.number, i.ocpPaidCents])),
      fees: replayed.fees,
      cancelledAfter: null,
      creditCents: replayed.creditCents,
      receivedCents: replayed.totalPaidCents,
      closure: 'open',
      closedOn: null,
      chargedOffCents: 0,
      forgivenCents: 0,
    };
    const cached = accountFromBalances(s, balances, '2026-03-20');
    expect({ ...cached, allocations: {}, reversedIds: [] }).toEqual({
      ...replayed,
      allocations: {},
      reversedIds: [],
    });
    // Two installments past due: 7,000 left of the second, all of the third, then the fee.
    expect(cached.daysPastDue).toBeGreaterThan(0);
    expect(cached.pastDueCents).toBe(7_000 + 11_000);
    expect(allocateOn(s, cached, 20_000, '2026-03-20')).toEqual(allocatePayment(s, entries, 20_000, '2026-03-20'));
  });
});
