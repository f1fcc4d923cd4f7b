import { describe, expect, it } from 'vitest';
import { makeUser } from '../staff/client.ts';
import { account, cardToken, cents, closeThrough, fundedLease, key, post, staff } from './support.ts';

// Issue 23: settling for less and refunding an overpayment (POST /staff/api/leases/{uuid}/account/actions/{action}):
// each its own permission, 422 on bad fields, 409 with the account machine's reason, the ledger and the lessee's
// balance moved to the cent.

async function act(uuid: string, action: string, body: unknown, lang = 'en') {
  return (await staff()).call('POST', `/staff/api/leases/${uuid}/account/actions/${action}`, {
    body,
    headers: { 'idempotency-key': key(action), 'accept-language': lang },
  });
}

describe('settle for less', () => {
  it(
    'only a late account settles; the agreed amount is paid, the rest written off, the lease closed',
    {
      timeout: 180_000,
    },
    async () => {
      const { uuid } = await fundedLease();
      const refused = await act(uuid, 'settle', { amount: '10.00', channel: 'phone', reference: 'call 7' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/past due or charged off/);

      await closeThrough((await account(uuid)).next_payment.due_date);
      const late = await account(uuid);
      expect(late.status).toBe('pastDue');

      const tooMuch = await act(uuid, 'settle', { amount: late.balance, channel: 'phone', reference: 'call 8' }, 'es');
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body.errors?.amount?.[0]).toMatch(/saldo/);
      const noChannel = await act(uuid, 'settle', { amount: '10.00', reference: 'call 8' });
      expect(noChannel.status).toBe(422);
      expect(noChannel.body.errors?.channel?.[0]).toBeTruthy();
      expect((await account(uuid)).ledger).toHaveLength(late.ledger.length);

      const viewer = await makeUser(await staff(), { guard: 'system', permissions: ['leases.view'] });
      const denied = await viewer.client.call('POST', `/staff/api/leases/${uuid}/account/actions/settle`, {
        body: { amount: '10.00', channel: 'phone', reference: 'x' },
        headers: { 'idempotency-key': key('deny') },
      });
      expect(denied.status).toBe(403);

      const agreed = Math.floor(cents(late.balance) / 2);
      const settled = await act(uuid, 'settle', {
        amount: (agreed / 100).toFixed(2),
        channel: 'phone',
        reference: 'settlement letter 12',
        note: 'hardship',
      });
      expect(settled.status, JSON.stringify(settled.body)).toBe(200);
      expect(settled.body.data.status).toBe('settled');
      expect(cents(settled.body.data.balance)).toBe(0);
      const entry = settled.body.data.ledger.at(-1);
      expect(entry).toMatchObject({ kind: 'settlement', channel: 'phone' });
      expect(cents(entry.amount)).toBe(agreed);
      expect(cents(settled.body.data.paid_to_date)).toBe(cents(late.paid_to_date) + agreed);

      const record = await (await staff()).get(`/staff/api/leases/${uuid}`);
      expect(record.body.data.timeline[0]).toMatchObject({ kind: 'action', name: 'account.settle' });
      const again = await act(uuid, 'settle', { amount: '1.00', channel: 'phone', reference: 'y' });
      expect(again.status).toBe(409);
      const pay = await act(uuid, 'record-payment', { amount: '5.00', channel: 'phone', reference: 'z' });
      expect(pay.status).toBe(409);
    },
  );
});

describe('refund an overpayment', () => {
  it('gives back to the card only what was paid ahead; cash and check are recorded', { timeout: 180_000 }, async () => {
    const { uuid } = await fundedLease();
    const before = await account(uuid);
    const upcoming = before.schedule.filter((i: any) => i.status !== 'paid').slice(0, 2);
    const ahead = upcoming.reduce((n: number, i: any) => n + cents(i.amount), 0);
    const token = await cardToken('4242424242424242');
    const paid = await post(uuid, 'payments', { amount: (ahead / 100).toFixed(2), source: { kind: 'card', token } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const payment = paid.body.data.ledger.at(-1);
    expect(payment).toMatchObject({ kind: 'payment', channel: 'card' });

    const above = await act(uuid, 'refund', {
      amount: ((ahead + 1) / 100).toFixed(2),
      method: 'card',
      entry_id: payment.id,
    });
    expect(above.status).toBe(409);
    expect(above.body.message).toMatch(/Only an overpayment can be refunded/);
    const noMethod = await act(uuid, 'refund', { amount: '1.00' });
    expect(noMethod.status).toBe(422);
    expect(noMethod.body.errors?.method?.[0]).toMatch(/card, in cash or by check/);
    const notCard = await act(uuid, 'refund', { amount: '1.00', method: 'card', entry_id: 'nope' });
    expect(notCard.status).toBe(422);
    expect(notCard.body.errors?.entry_id?.[0]).toBeTruthy();
    const noCheck = await act(uuid, 'refund', { amount: '1.00', method: 'check' }, 'es');
    expect(noCheck.status).toBe(422);
    expect(noCheck.body.errors?.reference?.[0]).toBeTruthy();

    const first = cents(upcoming[1].amount);
    const toCard = await act(uuid, 'refund', {
      amount: (first / 100).toFixed(2),
      method: 'card',
      entry_id: payment.id,
      note: 'paid twice',
    });
    expect(toCard.status, JSON.stringify(toCard.body)).toBe(200);
    expect(toCard.body.data.status).toBe('current');
    const refundEntry = toCard.body.data.ledger.at(-1);
    expect(refundEntry).toMatchObject({ kind: 'refund', channel: 'card', reverses: payment.id });
    expect(cents(toCard.body.data.balance)).toBe(cents(paid.body.data.balance) + first);

    const rest = ahead - first;
    const byCheck = await act(uuid, 'refund', { amount: (rest / 100).toFixed(2), method: 'check', reference: '1001' });
    expect(byCheck.status, JSON.stringify(byCheck.body)).toBe(200);
    expect(cents(byCheck.body.data.balance)).toBe(cents(before.balance));
    // Nothing is paid ahead any more: a further refund would make the lessee late.
    const more = await act(uuid, 'refund', { amount: '1.00', method: 'cash', reference: 'till 2' });
    expect(more.status).toBe(409);

    const record = await (await staff()).get(`/staff/api/leases/${uuid}`);
    expect(record.body.data.timeline[0]).toMatchObject({ kind: 'action', name: 'account.refund' });
  });
});
