import { afterAll, describe, expect, it } from 'vitest';
import { makeUser } from '../staff/client.ts';
import { account, closeThrough, fundedLease, key, staff } from './support.ts';

// Issue 23: the collections queue's work on a past-due account (/staff/api/collections-queue/{id}/...): claim, assign,
// a promise to pay that leaves the queue's open view and comes back when broken, a kept promise cleared by the
// payment (so a returned payment brings the account back), contact attempts only on agreed channels and within the
// contact hours in the lessee's time zone, a stale version refused.

const base = (uuid: string) => `/staff/api/collections-queue/${uuid}`;
const work = async (uuid: string, lang = 'en') =>
  (await staff()).call('GET', base(uuid), { headers: { 'accept-language': lang } });
const send = async (uuid: string, path: string, body: unknown, lang = 'en') =>
  (await staff()).call('POST', `${base(uuid)}/${path}`, { body, headers: { 'accept-language': lang } });
const inQueue = async (uuid: string, query: string) => {
  const res = await (await staff()).get(`/staff/api/collections-queue?per_page=100${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.find((r: any) => r.lease_id === uuid);
};

async function setContactHours(start: number, end: number) {
  const admin = await staff();
  const current = await admin.get('/staff/api/queue-config');
  expect(current.status).toBe(200);
  const settings = current.body.data.settings;
  const res = await admin.call('PUT', '/staff/api/queue-config', {
    body: {
      ...settings,
      collections: {
        buckets: settings.collections?.buckets ?? {
          '1-30': { claim_roles: [] },
          '31-60': { claim_roles: [] },
          '61-90': { claim_roles: [] },
          '90+': { claim_roles: [] },
        },
        contact_hours: { start_hour: start, end_hour: end },
      },
      v: current.body.data.v,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The settings are cached for a few seconds per process.
  await new Promise((r) => setTimeout(r, 3_500));
}

describe('collections work on a past-due account', () => {
  afterAll(async () => {
    await setContactHours(8, 21);
  });

  it('claim, assign, promise to pay, contact rules, broken and kept promises', { timeout: 300_000 }, async () => {
    const { uuid } = await fundedLease();
    await closeThrough((await account(uuid)).next_payment.due_date);
    const late = await account(uuid);
    expect(late.status).toBe('pastDue');

    const first = await work(uuid);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ assignee: null, promise: null, past_due: late.past_due });
    expect(first.body.data.contact.hours).toBeTruthy();

    // Claim: mine; another collector cannot take it; assigning (its own permission) moves it.
    const claimed = await send(uuid, 'claim', { v: first.body.data.v });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.data.assignee?.name).toBeTruthy();
    const other = await makeUser(await staff(), {
      guard: 'system',
      permissions: ['collections.view', 'collections.work', 'leases.view'],
    });
    const taken = await other.client.call('POST', `${base(uuid)}/claim`, { body: {} });
    expect(taken.status).toBe(409);
    const noAssign = await other.client.call('POST', `${base(uuid)}/assign`, { body: { user_id: other.user.id } });
    expect(noAssign.status).toBe(403);
    const unknownUser = await send(uuid, 'assign', { user_id: 'nobody-here' });
    expect(unknownUser.status).toBe(422);
    expect(unknownUser.body.errors?.user_id?.[0]).toBeTruthy();
    const assigned = await send(uuid, 'assign', { user_id: other.user.id });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.data.assignee.id).toBe(other.user.id);

    // A page that shows an older version is refused, nothing lost.
    const stale = await send(uuid, 'promise', { date: late.today, amount: '1.00', v: first.body.data.v });
    expect(stale.status).toBe(409);

    // Promise fields: 422 naming the field, en and es.
    const badDate = await send(uuid, 'promise', { date: '2026-02-30', amount: '10.00' });
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors?.date?.[0]).toMatch(/YYYY-MM-DD/);
    const badAmount = await send(uuid, 'promise', { date: late.today, amount: '0' }, 'es');
    expect(badAmount.status).toBe(422);
    expect(badAmount.body.errors?.amount?.[0]).toMatch(/monto/);
    const tooFar = await send(uuid, 'promise', { date: '2099-01-01', amount: '10.00' });
    expect(tooFar.status).toBe(422);

    // A promise dated today: out of the open view, in the promised view, pending.
    const promised = await send(uuid, 'promise', { date: late.today, amount: late.past_due, note: 'payday' });
    expect(promised.status, JSON.stringify(promised.body)).toBe(200);
    expect(promised.body.data.promise).toMatchObject({ date: late.today, amount: late.past_due, status: 'pending' });
    expect(await inQueue(uuid, '')).toBeUndefined();
    expect((await inQueue(uuid, '&view=promised'))?.promise?.status).toBe('pending');
    expect(await inQueue(uuid, '&view=all')).toBeTruthy();

    // Contact rules: hours outside the lessee's local time are refused with the reason; inside, allowed.
    const local = Number(String(promised.body.data.contact.local_time).slice(0, 2));
    const [start, end] = local < 23 ? [local + 1, 24] : [0, 23];
    await setContactHours(start, end);
    const closed = await send(uuid, 'contacts', { channel: 'phone', outcome: 'no_answer' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/contact only between/);
    const view = await work(uuid);
    expect(view.body.data.contact.channels.phone).toMatchObject({ allowed: false, reason: 'outsideHours' });
    await setContactHours(0, 24);
    const call = await send(uuid, 'contacts', { channel: 'phone', outcome: 'left_message', note: 'voicemail' });
    expect(call.status, JSON.stringify(call.body)).toBe(200);
    expect(call.body.data.contacts[0]).toMatchObject({ channel: 'phone', outcome: 'left_message', note: 'voicemail' });
    const badChannel = await send(uuid, 'contacts', { channel: 'pigeon', outcome: 'sent' });
    expect(badChannel.status).toBe(422);
    expect(badChannel.body.errors?.channel?.[0]).toBeTruthy();
    // No opt-in to texts was given at checkout: a text message is refused for want of consent.
    const text = await send(uuid, 'contacts', { channel: 'sms', outcome: 'sent' });
    expect(text.status).toBe(409);
    expect(text.body.message).toMatch(/not agreed/);
    // The lessee asks not to be called: the phone is closed from then on.
    expect((await send(uuid, 'contacts', { channel: 'phone', outcome: 'cease' })).status).toBe(200);
    const again = await send(uuid, 'contacts', { channel: 'phone', outcome: 'no_answer' }, 'es');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/pidió que no lo contacten/);

    // The promised day passes unpaid: broken, back in the open view.
    await closeThrough(late.today);
    const broken = await inQueue(uuid, '');
    expect(broken?.promise?.status).toBe('broken');

    // A new promise kept by a phone payment: the account is current, the promise cleared; a returned payment puts
    // the account back in the open view with no promise pending.
    const now = await account(uuid);
    expect((await send(uuid, 'promise', { date: now.today, amount: now.past_due })).status).toBe(200);
    const paid = await (
      await staff()
    ).call('POST', `/staff/api/leases/${uuid}/account/actions/record-payment`, {
      body: { amount: now.past_due, channel: 'phone', reference: 'promise kept' },
      headers: { 'idempotency-key': key('kept') },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.status).toBe('current');
    const kept = await work(uuid);
    expect(kept.body.data.promise).toBeNull();
    expect(kept.body.data.promise_history[0]).toMatchObject({ status: 'kept' });
    const payment = paid.body.data.ledger.filter((e: any) => e.kind === 'payment').at(-1);
    const reversed = await (
      await staff()
    ).call('POST', `/staff/api/leases/${uuid}/account/actions/reverse-payment`, {
      body: { entry_id: payment.id, return_code: 'R01' },
      headers: { 'idempotency-key': key('nsf') },
    });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.data.status).toBe('pastDue');
    const back = await inQueue(uuid, '');
    expect(back).toBeTruthy();
    expect(back.promise).toBeNull();

    const audit = await (await staff()).get('/staff/api/audit?per_page=50');
    expect(JSON.stringify(audit.body.data)).toContain('collections.work');
  });
});
