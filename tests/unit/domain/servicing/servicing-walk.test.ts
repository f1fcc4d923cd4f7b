// The pieces together, as the server's close of business will use them: a contract priced by the pricing engine,
// its schedule, the ledger, the fees, the lease account and payment attempt machines, the payoff. No storage: the
// ledger is an array, the snapshots are kept in variables.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../machines/domain/payment-frequency.ts';
import { lateFeesToCharge } from '../../../../machines/domain/servicing/fees.ts';
import {
  allocateClosingPayment,
  allocatePayment,
  deriveAccount,
  ledgerProblem,
  openingEntries,
  reversalOf,
  type LedgerEntry,
  type PaymentEntry,
} from '../../../../machines/domain/servicing/ledger.ts';
import { payoffQuote } from '../../../../machines/domain/servicing/payoff.ts';
import { servicingRuleFor } from '../../../../machines/domain/servicing/state-servicing-rules.ts';
import {
  accountFactsOf,
  applyAccountEvent,
  initialLeaseAccount,
  leaseAccountStateOf,
  restoreLeaseAccount,
  whyNot,
  type LeaseAccountEvent,
  type LeaseAccountSnapshot,
} from '../../../../machines/lease-account/lease-account.machine.ts';
import {
  applyAttemptEvent,
  attemptKey,
  initialPaymentAttempt,
  restorePaymentAttempt,
  type PaymentAttemptEvent,
  type PaymentAttemptSnapshot,
} from '../../../../machines/payment-attempt/payment-attempt.machine.ts';
import { optionAContract, scheduleOf } from './fixtures.ts';

describe('a California lease from funding to early purchase', () => {
  const lease = optionAContract({
    frequency: 'monthly',
    cashPriceCents: 120_000,
    state: 'CA',
    leaseBeginsAt: '2026-01-05',
  });
  const schedule = scheduleOf(lease, 'CA', 90);
  const rule = servicingRuleFor('CA');

  it('a returned debit, a retry, one late fee, then the payoff the contract promised', () => {
    const ledger: LedgerEntry[] = [...openingEntries(schedule)];
    let account: LeaseAccountSnapshot = restoreLeaseAccount(
      initialLeaseAccount({
        leaseId: 'L-1',
        facts: accountFactsOf(deriveAccount(schedule, ledger, lease.leaseBeginsAt)),
      }),
    );
    const send = (event: LeaseAccountEvent) => {
      const r = applyAccountEvent(account, event);
      if (!r.accepted) throw new Error(r.refusal.message);
      account = r.snapshot;
    };
    const facts = (today: string) => accountFactsOf(deriveAccount(schedule, ledger, today));
    let attempt: PaymentAttemptSnapshot | null = null;
    const step = (event: PaymentAttemptEvent) => {
      const r = applyAttemptEvent(attempt!, event);
      if (!r.accepted) throw new Error(r.refusal.message);
      attempt = r.snapshot;
    };
    const keysCharged: string[] = [];
    let posted: PaymentEntry | null = null;

    const second = schedule.installments[1]!;
    // Up to the day before the third installment's collection (March 5).
    for (let day = 1; day <= 58; day += 1) {
      const today = addDays(lease.leaseBeginsAt, day);
      if (today === second.collectionDate) {
        // The close of business debits the installment: attempt 1, posted when submitted.
        attempt = restorePaymentAttempt(
          initialPaymentAttempt({
            leaseId: 'L-1',
            installment: 2,
            rail: 'ach',
            amountCents: second.amountCents,
            scheduledFor: today,
          }),
        );
        step({ type: 'attempt.submit', date: today });
        keysCharged.push(attemptKey(attempt.context));
        posted = {
          id: 'p-2-1',
          kind: 'payment',
          date: today,
          cents: second.amountCents,
          method: 'bank',
          attemptKey: attemptKey(attempt.context),
          allocations: allocatePayment(schedule, ledger, second.amountCents, today),
        };
        ledger.push(posted);
        send({ type: 'account.payment_posted', ...facts(today) });
      }
      if (today === addDays(second.collectionDate, 2)) {
        // R01 comes back: the payment is reversed by a new entry; a retry is scheduled.
        step({ type: 'attempt.return', code: 'R01', date: today, settlementDate: second.collectionDate });
        ledger.push(reversalOf(posted!, 'r-2-1', today, 'R01', 'ach_return'));
        send({ type: 'account.payment_reversed', ...facts(today) });
        step({ type: 'attempt.schedule_retry', retryDate: addDays(today, 14), newAuthorisation: false });
      }
      for (const fee of lateFeesToCharge(schedule, deriveAccount(schedule, ledger, today), ledger, rule)) {
        ledger.push({
          id: `late-${fee.installment}`,
          kind: 'fee',
          fee: 'late',
          date: today,
          cents: fee.cents,
          installment: fee.installment,
        });
      }
      if (attempt && attempt.value === 'retry_scheduled' && today === attempt.context.scheduledFor) {
        step({ type: 'attempt.submit', date: today });
        keysCharged.push(attemptKey(attempt.context));
        const owed = deriveAccount(schedule, ledger, today).amountDueNowCents;
        ledger.push({
          id: 'p-2-2',
          kind: 'payment',
          date: today,
          cents: owed,
          method: 'bank',
          attemptKey: attemptKey(attempt.context),
          allocations: allocatePayment(schedule, ledger, owed, today),
        });
        step({ type: 'attempt.settle', date: addDays(today, 1) });
        send({ type: 'account.payment_posted', ...facts(today) });
      }
      send({ type: 'account.day_closed', date: today, ...facts(today) });
      if (today === addDays(second.collectionDate, 10)) {
        expect(leaseAccountStateOf(account)).toBe('past_due');
        expect(account.context).toMatchObject({ daysPastDue: 10, bucket: '1-30' });
      }
    }

    // One late fee for the one delinquency, within California's cap; two attempts with their own keys.
    const fees = ledger.filter((e) => e.kind === 'fee');
    expect(fees.map((f) => f.kind === 'fee' && [f.installment, f.cents])).toEqual([[2, 500]]);
    expect(keysCharged).toEqual(['L-1:2:1', 'L-1:2:2']);
    expect(leaseAccountStateOf(account)).toBe('current');

    // Day 58, inside the 90-day early purchase window: the payoff is the contract's price.
    const today = addDays(lease.leaseBeginsAt, 58);
    const derived = deriveAccount(schedule, ledger, today);
    const quote = payoffQuote(schedule, derived);
    if (!quote.ok) throw new Error(quote.reason);
    expect(quote.quote.withinWindow).toBe(true);
    expect(quote.quote.purchaseCents).toBe(lease.effectiveCashPrice + lease.epoFee - derived.rentPaidCents);
    const payoff: LedgerEntry = {
      id: 'payoff',
      kind: 'payoff',
      date: today,
      cents: quote.quote.amountCents,
      method: 'card',
      quote: {
        purchaseCents: quote.quote.purchaseCents,
        feesCents: quote.quote.feesCents,
        validUntil: quote.quote.validUntil,
      },
      allocations: allocateClosingPayment(schedule, ledger, quote.quote.amountCents, today),
    };
    expect(ledgerProblem(schedule, ledger, payoff)).toBeNull();
    ledger.push(payoff);
    send({
      type: 'account.payoff_paid',
      amountCents: payoff.cents,
      quoteCents: quote.quote.amountCents,
      ...facts(today),
    });
    expect(leaseAccountStateOf(account)).toBe('purchased_early');
    expect(deriveAccount(schedule, ledger, today)).toMatchObject({
      closure: 'purchased_early',
      remainingToOwnershipCents: 0,
    });
    // A second payoff: refused by the ledger and by the machine, with a reason.
    expect(ledgerProblem(schedule, ledger, { ...payoff, id: 'payoff-2' })).toBe('accountClosed');
    expect(
      whyNot(account, { type: 'account.payoff_paid', amountCents: 1, quoteCents: 1, ...facts(today) }, 'es')?.message,
    ).toMatch(/compra anticipada/);
  });
});
