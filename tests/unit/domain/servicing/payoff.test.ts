import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costDisclosure, paymentsMadeByDay } from '../../../../machines/domain/disclosures.ts';
import { earlyPurchasePayoff } from '../../../../machines/domain/early-purchase.ts';
import { addDays } from '../../../../machines/domain/payment-frequency.ts';
import type { LeaseComputation } from '../../../../machines/domain/pricing.ts';
import {
  allocatePayment,
  deriveAccount,
  openingEntries,
  type LedgerEntry,
} from '../../../../machines/domain/servicing/ledger.ts';
import { payoffQuote, QUOTE_VALID_DAYS } from '../../../../machines/domain/servicing/payoff.ts';
import type { ServicingSchedule } from '../../../../machines/domain/servicing/schedule.ts';
import {
  contractAndSchedule,
  contractSpec,
  EPO_DAYS,
  FREQUENCIES,
  OPTIONS,
  optionAContract,
  priceContract,
  REMAINING_PERCENT,
  scheduleOf,
} from './fixtures.ts';

/** A ledger in which the first `count` installments are paid (the signing, then one payment for the rest). */
function ledgerWithPaid(schedule: ServicingSchedule, count: number): LedgerEntry[] {
  const entries = openingEntries(schedule);
  const rest = schedule.installments.slice(schedule.prePaidPayments, count).reduce((sum, i) => sum + i.amountCents, 0);
  if (rest > 0) {
    const date = schedule.leaseBeginsAt;
    entries.push({
      id: 'ahead',
      kind: 'payment',
      date,
      cents: rest,
      method: 'card',
      allocations: allocatePayment(schedule, entries, rest, date),
    });
  }
  return entries;
}

const quoteOn = (schedule: ServicingSchedule, entries: LedgerEntry[], day: number) => {
  const result = payoffQuote(schedule, deriveAccount(schedule, entries, addDays(schedule.leaseBeginsAt, day)));
  if (!result.ok) throw new Error(result.reason);
  return result.quote;
};

function disclosureOf(lease: LeaseComputation, epoDays: number) {
  return costDisclosure(lease, {
    option: lease.leaseType.slice(-1),
    epoDays,
    remainingPaymentsPercent: REMAINING_PERCENT,
    ocpAvailable: true,
    ocpPerPaymentPriceCents: lease.waiver,
  });
}

describe('the payoff quote is what the disclosures promised', () => {
  it('for every option and frequency: at signing, and the day after the window', () => {
    let checked = 0;
    for (const option of OPTIONS)
      for (const frequency of FREQUENCIES)
        for (const epoDays of [EPO_DAYS, 110])
          for (const ocp of [false, true]) {
            const lease = priceContract({
              option,
              frequency,
              cashPriceCents: 250_000,
              decile: option === 'B' ? 4 : 8,
              termIndex: 1,
              ocp,
              state: 'TX',
              leaseBeginsAt: '2026-03-02',
            });
            if (!lease) continue;
            const schedule = scheduleOf(lease, 'TX', epoDays);
            const promised = disclosureOf(lease, epoDays).earlyPurchase;
            expect(quoteOn(schedule, ledgerWithPaid(schedule, lease.prePaidPayments), 0).purchaseCents).toBe(
              promised.payoffAtSigningCents,
            );
            const day = promised.afterWindowDay;
            const paid = paymentsMadeByDay(day, lease);
            const after = quoteOn(schedule, ledgerWithPaid(schedule, paid), day);
            expect(after.purchaseCents).toBe(promised.payoffAfterWindowCents);
            expect(after.withinWindow).toBe(false);
            checked += 1;
          }
    expect(checked).toBe(OPTIONS.length * FREQUENCIES.length * 4);
  });

  it('on any day, with the payments the disclosure counts by then, equals the disclosed formula (property)', () => {
    fc.assert(
      fc.property(contractSpec, fc.integer({ min: 0, max: 800 }), (spec, day) => {
        const made = contractAndSchedule(spec);
        fc.pre(made !== null);
        const { lease, schedule } = made;
        const paid = paymentsMadeByDay(day, lease);
        const entries = ledgerWithPaid(schedule, paid);
        if (paid === lease.numPayments) {
          // Every payment made: owned, nothing to pay off.
          const account = deriveAccount(schedule, entries, addDays(schedule.leaseBeginsAt, day));
          expect(payoffQuote(schedule, account)).toEqual({ ok: false, reason: 'accountClosed' });
          return;
        }
        const quote = quoteOn(schedule, entries, day);
        const promised = earlyPurchasePayoff({
          cashPriceCents: lease.effectiveCashPrice,
          epoFeeCents: lease.epoFee,
          totalPaymentCents: lease.totalPayment,
          rentPaidCents: paid * lease.paymentAmount,
          daysSinceStart: day,
          epoDays: EPO_DAYS,
          remainingPaymentsPercent: REMAINING_PERCENT,
        });
        expect(quote.purchaseCents).toBe(promised.payoffCents);
        expect(quote.withinWindow).toBe(promised.withinWindow);
        expect(quote.amountCents).toBe(quote.purchaseCents);
        // Buying early never costs more than paying the lease to term.
        expect(quote.purchaseCents).toBeLessThanOrEqual(Math.max(quote.remainingToOwnershipCents, quote.purchaseCents));
      }),
      { numRuns: 80 },
    );
  });
});

describe('how long a quote is valid', () => {
  const lease = optionAContract({ frequency: 'monthly', cashPriceCents: 100_000, leaseBeginsAt: '2026-01-05' });
  const schedule = scheduleOf(lease, 'TX', 90);
  const entries = ledgerWithPaid(schedule, 1);

  it('until the day before the next collection, never more than the maximum', () => {
    const q = quoteOn(schedule, entries, 10);
    expect(q.asOf).toBe('2026-01-15');
    expect(q.validUntil).toBe(addDays('2026-01-15', QUOTE_VALID_DAYS - 1));
    const nearDue = quoteOn(schedule, entries, 28);
    expect(nearDue.validUntil).toBe('2026-02-04');
  });
  it('never past the last day of the early purchase window while inside it', () => {
    const paidAhead = ledgerWithPaid(schedule, 6);
    const q = quoteOn(schedule, paidAhead, 85);
    expect(q.withinWindow).toBe(true);
    expect(q.validUntil).toBe(schedule.earlyPurchase.endsOn);
    expect(quoteOn(schedule, paidAhead, 91).withinWindow).toBe(false);
  });
  it('adds fees outstanding to the price, and refuses a closed lease', () => {
    const withFee: LedgerEntry[] = [
      ...entries,
      { id: 'f', kind: 'fee', fee: 'late', date: '2026-02-20', cents: 500, installment: 2 },
    ];
    const q = quoteOn(schedule, withFee, 50);
    expect(q.feesCents).toBe(500);
    expect(q.amountCents).toBe(q.purchaseCents + 500);
    const owned = ledgerWithPaid(schedule, schedule.numPayments);
    expect(payoffQuote(schedule, deriveAccount(schedule, owned, '2026-02-01'))).toEqual({
      ok: false,
      reason: 'accountClosed',
    });
  });
});
