import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustLease } from '../../../../machines/domain/partial-delivery.ts';
import { allowedTermsFor } from '../../../../machines/domain/pricing.ts';
import { isBusinessDay } from '../../../../machines/domain/servicing/business-days.ts';
import {
  amendScheduleForCancellation,
  buildSchedule,
  installmentRents,
  paidAtSigningCents,
  scheduledRentCents,
} from '../../../../machines/domain/servicing/schedule.ts';
import {
  contractAndSchedule,
  contractSpec,
  FREQUENCIES,
  OPTIONS,
  optionAContract,
  priceContract,
  scheduleOf,
  settings,
} from './fixtures.ts';

describe('the servicing schedule is the signed contract', () => {
  it('sums to the contract total of payments to the cent, for every option, frequency and term (property)', () => {
    fc.assert(
      fc.property(contractSpec, (spec) => {
        const made = contractAndSchedule(spec);
        fc.pre(made !== null);
        const { lease, schedule } = made;
        expect(scheduledRentCents(schedule)).toBe(lease.totalPayment);
        expect(schedule.totalOfPaymentsCents).toBe(lease.totalPayment);
        expect(schedule.installments).toHaveLength(lease.numPayments);
        // The contract's own dates, amounts and protection plan.
        expect(schedule.installments.map((i) => i.dueDate)).toEqual(lease.schedule.map((p) => p.dueDate));
        expect(schedule.installments.map((i) => i.amountCents)).toEqual(lease.schedule.map((p) => p.amountCents));
        for (const i of schedule.installments) {
          expect(i.amountCents).toBe(i.rentCents + i.ocpCents);
          expect(i.ocpCents).toBe(lease.waiver);
          if (!i.prepaid) {
            expect(isBusinessDay(i.collectionDate)).toBe(true);
            expect(i.collectionDate >= i.dueDate).toBe(true);
          }
        }
        expect(schedule.installments.filter((i) => i.prepaid)).toHaveLength(lease.prePaidPayments);
      }),
      { numRuns: 150 },
    );
  });

  it('enumerates every option x frequency x allowed term at several prices', () => {
    let checked = 0;
    for (const option of OPTIONS)
      for (const frequency of FREQUENCIES)
        for (const cashPriceCents of [30_001, 99_999, 150_000, 433_333, 799_999])
          for (let termIndex = 0; termIndex < 3; termIndex += 1) {
            const lease = priceContract({
              option,
              frequency,
              cashPriceCents,
              decile: option === 'B' ? 3 : 8,
              termIndex,
              ocp: termIndex === 1,
              state: 'CA',
              leaseBeginsAt: '2026-01-31',
            });
            if (!lease) continue;
            const schedule = scheduleOf(lease);
            expect(scheduledRentCents(schedule)).toBe(lease.totalPayment);
            checked += 1;
          }
    // Every option and frequency priced at least once.
    expect(checked).toBeGreaterThan(OPTIONS.length * FREQUENCIES.length);
  });

  it('recomputes the contract dates by the pricing rules when the stored computation has no schedule', () => {
    const lease = optionAContract({ frequency: 'semi-monthly', cashPriceCents: 200_000, leaseBeginsAt: '2026-02-03' });
    const { schedule: printed, ...withoutSchedule } = lease;
    const rebuilt = buildSchedule({
      leaseId: 'L-1',
      state: 'TX',
      computation: withoutSchedule,
      epoDays: 90,
      remainingPaymentsPercent: 60,
    });
    expect(rebuilt.installments.map((i) => i.dueDate)).toEqual(printed.map((p) => p.dueDate));
  });

  it('collects a weekend due date on the next business day and keeps the contract date', () => {
    // Monthly from Saturday 2026-02-14: March 14, 2026 is a Saturday, so it is collected Monday March 16.
    const lease = optionAContract({ frequency: 'monthly', cashPriceCents: 100_000, leaseBeginsAt: '2026-02-14' });
    const march = scheduleOf(lease).installments.find((i) => i.dueDate === '2026-03-14')!;
    expect(march.collectionDate).toBe('2026-03-16');
  });

  it('carries the early purchase terms and what the signing paid', () => {
    const lease = optionAContract({
      frequency: '14-day',
      cashPriceCents: 100_000,
      ocp: true,
      leaseBeginsAt: '2026-01-01',
    });
    const schedule = scheduleOf(lease, 'TX', 110);
    expect(schedule.earlyPurchase).toEqual({
      days: 110,
      endsOn: '2026-04-21',
      feeCents: settings.fees.epoFeeCents,
      remainingPaymentsPercent: 60,
    });
    expect(paidAtSigningCents(schedule)).toBe(lease.paymentWithWaiver);
  });
});

describe('installment rents', () => {
  it('add up to any total, the last taking the difference', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 5_000_000 }), (count, total) => {
        const payment = Math.round(total / count);
        const rents = installmentRents(total, payment, count);
        expect(rents.reduce((a, b) => a + b, 0)).toBe(total);
        expect(rents.slice(0, -1).every((r) => r === payment)).toBe(true);
      }),
    );
  });
});

describe('partial delivery: the undelivered rest cancelled', () => {
  it('the amended schedule sums to the amended total, dates unchanged (property)', () => {
    fc.assert(
      fc.property(contractSpec, fc.double({ min: 0, max: 1, noNaN: true }), (spec, share) => {
        const made = contractAndSchedule(spec);
        fc.pre(made !== null);
        const { lease, schedule } = made;
        const adjustment = adjustLease(lease, Math.floor(lease.effectiveCashPrice * share));
        const amended = amendScheduleForCancellation(schedule, adjustment);
        expect(scheduledRentCents(amended)).toBe(adjustment.totalAfter);
        expect(amended.installments.map((i) => i.dueDate)).toEqual(schedule.installments.map((i) => i.dueDate));
        expect(amended.cashPriceCents).toBe(adjustment.leasedAfter);
      }),
      { numRuns: 100 },
    );
  });
  it('allowed terms used by the fixtures exist for every option', () => {
    for (const option of OPTIONS) expect(allowedTermsFor(option, 500_000, settings).length).toBeGreaterThan(0);
  });
});
