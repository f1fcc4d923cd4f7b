import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../staff/client.ts';
import { account, cents, fundedLease, key, staff } from './support.ts';

// Issue 23: the staff's servicing actions (POST /staff/api/leases/{uuid}/account/actions/{action}): each its own
// permission, 422 on bad fields, 409 with the account machine's reason, an audit entry and a timeline entry.

async function act(uuid: string, action: string, body: unknown, lang = 'en') {
  return (await staff()).call('POST', `/staff/api/leases/${uuid}/account/actions/${action}`, {
    body,
    headers: { 'idempotency-key': key(action), 'accept-language': lang },
  });
}

describe('servicing actions for staff', () => {
  let uuid: string;
  beforeAll(async () => {
    uuid = (await fundedLease()).uuid;
  }, 120_000);

  it('records a phone payment: allocated, on the timeline and in the audit log', async () => {
    const before = await account(uuid);
    const amount = before.next_payment.amount;
    const res = await act(uuid, 'record-payment', { amount, channel: 'phone', reference: 'call 42', note: 'promised' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/Record a payment/);
    const entry = res.body.data.ledger.at(-1);
    expect(entry).toMatchObject({ kind: 'payment', amount, channel: 'phone' });
    expect(entry.allocations).toEqual([{ installment: before.next_payment.installment, amount }]);
    expect(cents(res.body.data.balance)).toBe(cents(before.balance) - cents(amount));

    const record = await (await staff()).get(`/staff/api/leases/${uuid}`);
    expect(record.body.data.timeline[0]).toMatchObject({ kind: 'action', name: 'account.record-payment' });
    const audit = await (await staff()).get('/staff/api/audit?per_page=20');
    const rows = JSON.stringify(audit.body.data);
    expect(rows).toContain('lease.servicing');
    expect(rows).toContain(`lease:${uuid}`);
  });

  it('bad fields are a 422 naming the field (en and es); an unknown action a 404; nothing is recorded', async () => {
    const before = await account(uuid);
    const noChannel = await act(uuid, 'record-payment', { amount: '10.00', reference: 'x' });
    expect(noChannel.status).toBe(422);
    expect(noChannel.body.errors?.channel?.[0]).toMatch(/phone or at the store/);
    const badAmount = await act(uuid, 'record-payment', { amount: 'ten', channel: 'store', reference: 'x' }, 'es');
    expect(badAmount.status).toBe(422);
    expect(badAmount.body.errors?.amount?.[0]).toBeTruthy();
    const badCode = await act(uuid, 'reverse-payment', { entry_id: before.ledger.at(-1).id, return_code: 'X99' });
    expect(badCode.status).toBe(422);
    expect(badCode.body.errors?.return_code?.[0]).toMatch(/R01/);
    const unknown = await act(uuid, 'teleport', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/record-payment/);
    expect((await account(uuid)).ledger).toHaveLength(before.ledger.length);
  });

  it('the account machine refuses what the state does not allow, with its reason', async () => {
    const chargeOff = await act(uuid, 'charge-off', {});
    expect(chargeOff.status).toBe(409);
    expect(chargeOff.body.message).toMatch(/120/);
    const reinstate = await act(uuid, 'reinstate', {});
    expect(reinstate.status).toBe(409);
    expect(reinstate.body.message?.length ?? 0).toBeGreaterThan(10);
    expect((await account(uuid)).status).toBe('current');
  });

  it('reversing a payment with its return code puts the installment back; a second reversal is refused', async () => {
    const before = await account(uuid);
    const payment = before.ledger.filter((e: any) => e.kind === 'payment').at(-1);
    const res = await act(uuid, 'reverse-payment', { entry_id: payment.id, return_code: 'r01', note: 'NSF' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.ledger.at(-1)).toMatchObject({ kind: 'reversal', reverses: payment.id });
    expect(cents(res.body.data.balance)).toBe(cents(before.balance) + cents(payment.amount));
    const again = await act(uuid, 'reverse-payment', { entry_id: payment.id, return_code: 'R01' });
    expect(again.status).toBe(409);
  });

  it('each action has its own permission; a store user of another store is refused', async () => {
    const admin = await staff();
    const viewer = await makeUser(admin, { guard: 'system', permissions: ['leases.view'] });
    const denied = await viewer.client.call('POST', `/staff/api/leases/${uuid}/account/actions/accept-return`, {
      body: {},
    });
    expect(denied.status).toBe(403);
    const other = await makeUser(admin, {
      guard: 'store',
      permissions: ['leases.view', 'servicing-actions.record-payment'],
      stores: ['sto-hvac-central'],
    });
    const foreign = await other.client.call('POST', `/staff/api/leases/${uuid}/account/actions/record-payment`, {
      body: { amount: '10.00', channel: 'store', reference: 'till 3' },
      headers: { 'idempotency-key': key('foreign') },
    });
    expect(foreign.status).toBe(403);
    expect((await account(uuid)).status).toBe('current');
  });

  it('accepting a return ends the lease; a second return is refused', async () => {
    const res = await act(uuid, 'accept-return', { note: 'picked up' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('returned');
    const again = await act(uuid, 'accept-return', {});
    expect(again.status).toBe(409);
    const pay = await act(uuid, 'record-payment', { amount: '10.00', channel: 'phone', reference: 'late' });
    expect(pay.status).toBe(409);
  });
});
