import { describe, expect, it } from 'vitest';
import { makeUser } from '../staff/client.ts';
import { account, cardToken, closeThrough, fundedLease, key, post, staff } from './support.ts';

// Issue 23: the collections queue (GET /staff/api/collections-queue): a late account appears in its bucket, oldest
// first; a payment that brings it current takes it out; a store user sees only its own stores' accounts.

const queue = async (query = '', client?: Awaited<ReturnType<typeof staff>>) =>
  (client ?? (await staff())).get(`/staff/api/collections-queue${query}`);

describe('the collections queue', () => {
  it('a late account is in the 1-30 bucket until a phone payment brings it current', { timeout: 180_000 }, async () => {
    const { uuid } = await fundedLease();
    const token = await cardToken('4000000000000341');
    expect((await post(uuid, 'payment-method', { kind: 'card', token })).status).toBe(200);
    expect((await post(uuid, 'autopay', { enabled: true })).status).toBe(200);
    const due = (await account(uuid)).next_payment.due_date as string;
    await closeThrough(due);
    const late = await account(uuid);
    expect(late.status).toBe('pastDue');

    const all = await queue('?per_page=100');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const row = all.body.data.find((r: any) => r.lease_id === uuid);
    expect(row).toMatchObject({ bucket: '1-30', past_due: late.past_due, first_missed_date: due });
    // the store by its name, as staff know it (the checkout journeys run at main-street)
    expect(row.store_name).toBe('Main Street');
    expect(all.body.meta).toMatchObject({ current_page: 1 });
    expect(all.body.meta.total).toBeGreaterThanOrEqual(1);
    const days = all.body.data.map((r: any) => r.days_past_due);
    expect(days).toEqual([...days].sort((a: number, b: number) => b - a));

    const inBucket = await queue('?bucket=1-30&per_page=100');
    expect(inBucket.body.data.some((r: any) => r.lease_id === uuid)).toBe(true);
    const older = await queue('?bucket=31-60');
    expect(older.body.data.some((r: any) => r.lease_id === uuid)).toBe(false);
    const bad = await queue('?bucket=7-14');
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.bucket?.[0]).toMatch(/1-30/);

    const other = await makeUser(await staff(), {
      guard: 'store',
      permissions: ['collections.view'],
      stores: ['sto-hvac-central'],
    });
    const foreign = await queue('?per_page=100', other.client);
    expect(foreign.status).toBe(200);
    expect(foreign.body.data.some((r: any) => r.lease_id === uuid)).toBe(false);

    const paid = await (
      await staff()
    ).call('POST', `/staff/api/leases/${uuid}/account/actions/record-payment`, {
      body: { amount: late.past_due, channel: 'phone', reference: 'promise kept' },
      headers: { 'idempotency-key': key('queue-pay') },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.status).toBe('current');
    const after = await queue('?per_page=100');
    expect(after.body.data.some((r: any) => r.lease_id === uuid)).toBe(false);
  });
});
