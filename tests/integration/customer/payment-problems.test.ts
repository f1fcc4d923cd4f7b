import { beforeAll, describe, expect, it } from 'vitest';
import { lateFeeDue, servicingRuleFor } from '../../../machines/domain/servicing/state-servicing-rules.ts';
import { RETRY_AFTER_DAYS } from '../../../functions/services/servicing/attempt-state.ts';
import type { ScheduleFrequency } from '../../../machines/domain/payment-frequency.ts';
import { account, closeThrough, post } from '../servicing/support.ts';
import { cardToken, fundedLessee, turnAutopayOn, type Lessee } from './lessee.ts';
import { DECLINED_CARD_PROBLEM, UNAUTHORISED_RETURN_PROBLEM } from '../../support/payment-problems.ts';

// What the lessee reads of a failed autopay debit through the real server (issue 22): a card that attaches and then
// declines (4000 0000 0000 0341) is declined on the due date and retried, the account goes past due, a late fee within
// the state's cap is charged after its grace; the lessee's lease shows the debit, a plain reason in their language, the
// retry date (or that it will not be tried again), the fees owed and the fee among the receipts, and paying clears it.
// A bank debit returned R10 (unauthorised) is never retried: the lessee is told a new authorisation is needed. Only
// the last 4 of a card or account ever leave the server; another lessee's lease is a 404.

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const detail = async (l: Lessee, lang: 'en' | 'es' = 'en') => {
  const res = await l.browser.get(`/customer/api/leases/${l.uuid}`, { 'x-lang': lang });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

let alice: Lessee;

beforeAll(async () => {
  alice = await fundedLessee();
}, 180_000);

describe('a declined autopay debit in the lessee’s lease', () => {
  it(
    'shows the decline and its retry date, then the late fee within the state’s cap, and clears once paid',
    { timeout: 240_000 },
    async () => {
      const before = await detail(alice);
      expect(before.fees_owed).toBe(0);
      expect(before.payment_problem).toBeNull();
      const on = await turnAutopayOn(alice, before.autopay.authorisation_version, '4000000000000341');
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(on.body.data.autopay.last4).toBe('0341');
      const due = on.body.data.next_payment.due_date as string;
      const installment = (on.body.data.schedule as { number: number; due_date: string; amount: number }[]).find(
        (i) => i.due_date === due,
      )!;

      // the due date closes: the card declines, a retry is scheduled
      await closeThrough(due);
      const declined = await detail(alice);
      expect(declined.status).toBe('past_due');
      expect(declined.payment_problem).toEqual({
        date: due,
        amount: installment.amount,
        installment: installment.number,
        attempt: 1,
        ...DECLINED_CARD_PROBLEM,
        retry_on: addDays(due, RETRY_AFTER_DAYS),
      });
      const es = await detail(alice, 'es');
      expect(es.payment_problem.reason).toBe('El emisor de la tarjeta rechazó el cobro sin indicar el motivo.');
      const staffView = await account(alice.uuid);
      expect(staffView.attempts).toEqual([
        expect.objectContaining({
          installment: installment.number,
          status: 'declined',
          retry_on: addDays(due, RETRY_AFTER_DAYS),
        }),
      ]);
      expect(JSON.stringify(declined)).not.toContain('4000000000000341');

      // past the retries and the state's grace: a late fee, within the cap, owed and among the receipts
      const rule = servicingRuleFor(staffView.state);
      const grace = Math.max(
        ...[rule.lateFee.weekly, rule.lateFee.monthly].map((t) => t?.fromDaysLate ?? 0),
        2 * RETRY_AFTER_DAYS + 1,
      );
      await closeThrough(addDays(due, grace + 1));
      const late = await detail(alice);
      expect(late.status).toBe('past_due');
      expect(late.fees_owed).toBeGreaterThan(0);
      const cap = lateFeeDue({
        rule,
        frequency: staffView.frequency as ScheduleFrequency,
        paymentCents: installment.amount,
        daysLate: 365,
        alreadyCharged: false,
        contractFeeCents: Number.MAX_SAFE_INTEGER,
      });
      expect(late.fees_owed).toBeLessThanOrEqual(cap);
      const feeRows = (
        late.receipts as { kind: string; fee_kind: string; fee_amount: number; amount_paid: number }[]
      ).filter((r) => r.kind === 'fee');
      expect(feeRows).toEqual([
        expect.objectContaining({ fee_kind: 'late', fee_amount: late.fees_owed, amount_paid: 0 }),
      ]);
      const staffLate = await account(alice.uuid);
      expect(cents(staffLate.fees_owed)).toBe(late.fees_owed);
      // the latest failed debit is the one the lessee reads: retried while retries are left, then not any more
      const failed = (
        staffLate.attempts as { installment: number; attempt: number; status: string; retry_on: string | null }[]
      ).filter((a) => a.status !== 'settled');
      const third = failed.find((a) => a.installment === installment.number && a.attempt === 3);
      expect(third?.retry_on).toBeNull();
      const problem = late.payment_problem;
      expect(problem).toMatchObject({ outcome: 'declined', method: 'card', last4: '0341' });
      if (problem.installment === installment.number) {
        expect(problem).toMatchObject({ attempt: 3, next_step: 'pay_now', retry_on: null });
      } else {
        // a weekly or bi-weekly schedule: a later installment's first debit declined since, and is retried
        expect(problem.installment).toBeGreaterThan(installment.number);
        expect(problem.next_step).toBe('retry');
      }

      // paying what is past due brings the lease up to date and clears the notice; the fee stays owed until paid
      const pay = await alice.browser.post(
        `/customer/api/leases/${alice.uuid}/payments`,
        { amount: late.past_due, token: await cardToken(alice, { amount: late.past_due }) },
        { 'idempotency-key': `pay-late-${alice.uuid}` },
      );
      expect(pay.status, JSON.stringify(pay.body)).toBe(201);
      const paid = await detail(alice);
      expect(paid.status).toBe('current');
      expect(paid.past_due).toBe(0);
      expect(paid.payment_problem).toBeNull();
    },
  );
});

describe('a bank debit returned unauthorised (R10)', () => {
  it(
    'is never retried: the lessee is told a new authorisation is needed, with only the last 4',
    { timeout: 240_000 },
    async () => {
      const bob = await fundedLessee();
      const method = await post(bob.uuid, 'payment-method', {
        kind: 'bank',
        routing_number: '011000015',
        account_number: '000000000110',
      });
      expect(method.status, JSON.stringify(method.body)).toBe(200);
      expect((await post(bob.uuid, 'autopay', { enabled: true })).status).toBe(200);
      const due = (await detail(bob)).next_payment.due_date as string;
      await closeThrough(due);
      const lease = await detail(bob);
      expect(lease.payment_problem).toMatchObject({
        date: due,
        attempt: 1,
        ...UNAUTHORISED_RETURN_PROBLEM,
        retry_on: null,
      });
      expect(JSON.stringify(lease)).not.toContain('000000000110');
      const es = await detail(bob, 'es');
      expect(es.payment_problem.reason).toBe('El banco indica que el titular de la cuenta no autorizó el débito.');

      // another lessee never reads it: the same 404 as a lease that does not exist
      const foreign = await alice.browser.get(`/customer/api/leases/${bob.uuid}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('We could not find this lease in your account.');
      expect(JSON.stringify(foreign.body)).not.toContain('R10');
    },
  );
});
