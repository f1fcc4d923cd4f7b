import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { account, cardToken, cents, closeThrough, fundedLease, post } from './support.ts';

// Issue 22: a funded lease gets its schedule and account; payments are allocated to installments; bad input changes
// nothing; a declined saved card is retried and a late fee posted once within the state's cap; a bank debit
// returned R01 is retried, R10 never; the payoff ends the lease as owned.

describe('servicing a funded lease', () => {
  let lease: { uuid: string };
  beforeAll(async () => {
    lease = await fundedLease();
  }, 120_000);

  it('the schedule is made at funding from the contract and sums to the total of payments', async () => {
    const a = await account(lease.uuid);
    expect(a.status).toBe('current');
    expect(a.schedule.length).toBeGreaterThan(1);
    const total = a.schedule.reduce((n: number, i: any) => n + cents(i.amount), 0);
    expect(total).toBe(cents(a.total_of_payments));
    // The first payment was prepaid at signing.
    expect(a.schedule[0].status).toBe('paid');
    expect(a.next_payment).toMatchObject({ installment: 2, due_date: a.schedule[1].due_date });
    expect(cents(a.balance)).toBe(cents(a.total_of_payments) - cents(a.schedule[0].amount));
    expect(a.payoff.amount).toMatch(/^\d+\.\d{2}$/);
    // The core's quote holds up to 10 days (QUOTE_VALID_DAYS), never past the day before the next collection.
    expect(a.payoff.valid_until >= a.today).toBe(true);
    expect(a.payoff.valid_until < a.next_payment.due_date).toBe(true);
  });

  it('a payment is recorded with its allocation; repeating its idempotency key records it once', async () => {
    const before = await account(lease.uuid);
    const amount = before.next_payment.amount;
    const res = await post(
      lease.uuid,
      'payments',
      { amount, source: { kind: 'phone', reference: 'call 1' } },
      'pay-once-1',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const again = await post(
      lease.uuid,
      'payments',
      { amount, source: { kind: 'phone', reference: 'call 1' } },
      'pay-once-1',
    );
    expect(again.status).toBe(200);
    const after = await account(lease.uuid);
    expect(after.ledger).toHaveLength(before.ledger.length + 1);
    const entry = after.ledger.at(-1);
    expect(entry).toMatchObject({ kind: 'payment', amount, channel: 'phone' });
    expect(entry.allocations).toEqual([{ installment: 2, amount }]);
    expect(after.schedule[1].status).toBe('paid');
    expect(cents(after.balance)).toBe(cents(before.balance) - cents(amount));
  });

  it('bad input: more than is owed, a foreign lease id, a bad amount: a 4xx and nothing changed', async () => {
    const before = await account(lease.uuid);
    const tooMuch = (cents(before.balance) + 1) / 100;
    const high = await post(lease.uuid, 'payments', {
      amount: tooMuch.toFixed(2),
      source: { kind: 'cash', reference: 'x' },
    });
    expect(high.status).toBe(422);
    expect(high.body.message).toMatch(/more than what is owed/);
    const foreign = await post('00000000-0000-4000-8000-000000000000', 'payments', {
      amount: '10.00',
      source: { kind: 'cash', reference: 'x' },
    });
    expect(foreign.status).toBe(404);
    const garbage = await post(lease.uuid, 'payments', { amount: '12.345', source: { kind: 'cash', reference: 'x' } });
    expect(garbage.status).toBe(422);
    const es = await (await import('./support.ts')).staff().then((c) =>
      c.call('POST', `/staff/api/leases/${lease.uuid}/account/payments`, {
        body: { amount: tooMuch.toFixed(2), source: { kind: 'cash', reference: 'x' } },
        headers: { 'idempotency-key': 'es-1', 'accept-language': 'es' },
      }),
    );
    expect(es.status).toBe(422);
    const after = await account(lease.uuid);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.balance).toBe(before.balance);
  });

  it('the payoff of today ends the lease as owned; a second payoff is refused', async () => {
    const before = await account(lease.uuid);
    const wrong = await post(lease.uuid, 'payoff', {
      amount: (cents(before.payoff.amount) / 100 + 1).toFixed(2),
      source: { kind: 'cash', reference: 'store' },
    });
    expect(wrong.status).toBe(422);
    const paid = await post(lease.uuid, 'payoff', {
      amount: before.payoff.amount,
      source: { kind: 'card', token: await cardToken('4242424242424242') },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'purchasedEarly', owned: true, balance: '0.00', payoff: null });
    const again = await post(lease.uuid, 'payoff', { amount: '1.00', source: { kind: 'cash', reference: 'store' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/has ended/);
  });
});

describe('collection at the close of business', () => {
  it(
    'a saved card that declines is retried, the account goes past due, one late fee within the cap',
    { timeout: 180_000 },
    async () => {
      const { uuid } = await fundedLease();
      const token = await cardToken('4000000000000341');
      const saved = await post(uuid, 'payment-method', { kind: 'card', token });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.payment_method).toEqual({ kind: 'card', last4: '0341' });
      expect((await post(uuid, 'autopay', { enabled: true })).status).toBe(200);
      const a = await account(uuid);
      const due = a.next_payment.due_date as string;
      await closeThrough(due);
      let now = await account(uuid);
      expect(now.attempts).toEqual([
        expect.objectContaining({ installment: 2, attempt: 1, status: 'declined', code: 'card_declined' }),
      ]);
      expect(now.attempts[0].retry_on).toBeTruthy();
      expect(now.status).toBe('pastDue');
      expect(now.days_past_due).toBeGreaterThan(0);
      expect(now.bucket).toBe('1-30');
      // Past the retries and the grace: two retries, one late fee, whatever more days pass.
      const later = new Date(Date.parse(`${due}T00:00:00Z`) + 12 * 86_400_000).toISOString().slice(0, 10);
      await closeThrough(later);
      now = await account(uuid);
      const attempts = now.attempts.filter((x: any) => x.installment === 2);
      expect(attempts.map((x: any) => x.attempt)).toEqual([1, 2, 3]);
      const fees = now.ledger.filter((e: any) => e.kind === 'fee');
      expect(fees).toHaveLength(1);
      expect(cents(fees[0].amount)).toBeGreaterThan(0);
      expect(cents(fees[0].amount)).toBeLessThanOrEqual(1500);
      expect(cents(fees[0].amount)).toBeLessThanOrEqual(cents(a.schedule[1].amount));
      expect(now.fees_owed).toBe(fees[0].amount);
    },
  );

  it('a bank debit returned R01 is retried; one returned R10 is never retried', { timeout: 180_000 }, async () => {
    const r01 = await fundedLease();
    const r10 = await fundedLease();
    for (const [lease, accountNumber] of [
      [r01, '000000000101'],
      [r10, '000000000110'],
    ] as const) {
      const m = await post(lease.uuid, 'payment-method', {
        kind: 'bank',
        routing_number: '011000015',
        account_number: accountNumber,
      });
      expect(m.status, JSON.stringify(m.body)).toBe(200);
      expect(JSON.stringify(m.body)).not.toContain(accountNumber);
      expect((await post(lease.uuid, 'autopay', { enabled: true })).status).toBe(200);
    }
    const dueA = (await account(r01.uuid)).next_payment.due_date as string;
    const dueB = (await account(r10.uuid)).next_payment.due_date as string;
    const last = [dueA, dueB].sort()[1]!;
    await closeThrough(new Date(Date.parse(`${last}T00:00:00Z`) + 8 * 86_400_000).toISOString().slice(0, 10));
    const a = await account(r01.uuid);
    const retried = a.attempts.filter((x: any) => x.installment === 2);
    expect(retried.map((x: any) => [x.attempt, x.code])).toEqual([
      [1, 'R01'],
      [2, 'R01'],
      [3, 'R01'],
    ]);
    const b = await account(r10.uuid);
    const once = b.attempts.filter((x: any) => x.installment === 2);
    expect(once).toEqual([expect.objectContaining({ attempt: 1, code: 'R10', retry_on: null })]);
  });
});

describe('the sandbox clock', () => {
  it('refuses an advance out of range, in the caller language', async () => {
    const bad = await api('POST', '/sandbox/clock', { body: { advance_days: -1 } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/advance_days/);
    const text = await api('POST', '/sandbox/clock', { body: { advance_days: '3; DROP TABLE' } });
    expect(text.status).toBe(422);
  });
});
