import { beforeAll, describe, expect, it } from 'vitest';
import { journey } from '../checkout/support.ts';
import { decided } from '../decision/support.ts';
import { asAdmin, makeUser, unique, type StaffClient, newUser } from '../staff/client.ts';
import { detail, done, pollList, pollRow, waitForLease } from './support.ts';

// The work queue: records waiting for staff (review, more info, docs and payment, funding), oldest first, with the
// count of each queue; a clerk claims a record so that no one else works it, releases it, or a lead assigns it.

let admin: StaffClient;
let clerkA: { client: StaffClient; user: { id: string; display_name: string } };
let clerkB: { client: StaffClient; user: { id: string; display_name: string } };
let paid: string; // signed and paid (Z)
let info: string; // more info required (I) first
let infoLater: string; // more info required (I) afterwards
let approved: string; // V: in no queue

const queuePerms = ['leases.view', 'applications.view', 'lease-queue.view', 'lease-queue.claim'];

beforeAll(async () => {
  admin = await asAdmin();
  const [p, i, l, v, a, b] = await Promise.all([
    journey('completed'),
    decided('option-a'),
    decided('option-a'),
    decided('option-a'),
    makeUser(admin, { guard: 'system', permissions: queuePerms }),
    makeUser(admin, { guard: 'system', permissions: queuePerms }),
  ]);
  clerkA = a;
  clerkB = b;
  paid = p.uuid!;
  info = i.shopper.uuid;
  infoLater = l.shopper.uuid;
  approved = v.shopper.uuid;
  await Promise.all([
    waitForLease(admin, paid, 'Z'),
    waitForLease(admin, infoLater, 'V'),
    waitForLease(admin, info, 'V'),
    waitForLease(admin, approved, 'V'),
  ]);
  await done(admin, info, 'request-info', { note: 'Proof of address' }, 'I');
  await done(admin, infoLater, 'request-info', { note: 'Proof of income' }, 'I');
}, 60_000);

describe('the lease work queue', () => {
  it('docs: a signed and paid lease awaits docs or payment; queues are oldest first, with every queue counted', async () => {
    const res = await pollList(admin, '/staff/api/lease-queue?queue=docs&limit=100', (r) =>
      (r.body.data as any[])?.some((x) => x.uuid === paid),
    );
    expect(res.status).toBe(200);
    const rows = res.body.data as any[];
    expect(rows.map((x) => x.uuid)).toContain(paid);
    for (const row of rows) expect(row.status).toBe('Z');
    const changed = rows.map((x) => x.state_changed_at);
    expect([...changed].sort()).toEqual(changed);
    expect(res.body.meta).toMatchObject({
      queue: 'docs',
      current_page: 1,
      sort_by: 'state_changed_at',
      sort_desc: false,
    });
    const queues = res.body.meta.queues as { id: string; label: string; count: number }[];
    expect(queues.map((q) => [q.id, q.label])).toEqual([
      ['review', 'Awaiting Review'],
      ['info', 'More Info Required'],
      ['docs', 'Awaiting Docs and/or Payment'],
      ['funding', 'Delivered / Awaiting Funding'],
    ]);
    expect(queues.find((q) => q.id === 'docs')!.count).toBe(res.body.meta.total);
    expect(res.body.meta.total).toBeGreaterThanOrEqual(1);
    const paidRow = rows.find((x) => x.uuid === paid);
    expect(paidRow).toMatchObject({ has_contract: true, requires_acceptance: false, claimed_by: null });

    // The info queue has the records waiting for documents, the one asked first ahead; not the approved one.
    const infoQueue = await pollList(admin, '/staff/api/lease-queue?queue=info&limit=100', (r) =>
      [info, infoLater].every((u) => (r.body.data as any[])?.some((x) => x.uuid === u)),
    );
    const infoOrder = (infoQueue.body.data as any[]).map((x) => x.uuid);
    expect(infoOrder.indexOf(info)).toBeGreaterThanOrEqual(0);
    expect(infoOrder.indexOf(info)).toBeLessThan(infoOrder.indexOf(infoLater));
    expect(queues.find((q) => q.id === 'info')!.count).toBeGreaterThanOrEqual(2);
    for (const q of ['review', 'info', 'docs', 'funding']) {
      const list = await admin.get(`/staff/api/lease-queue?queue=${q}&limit=100`);
      expect(
        (list.body.data as any[]).some((x) => x.uuid === approved),
        q,
      ).toBe(false);
    }
  });

  it('a queue that does not exist is a 422', async () => {
    for (const q of ['nope', 'DOCS', '<script>']) {
      const res = await admin.get(`/staff/api/lease-queue?queue=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(422);
      expect(res.body.errors?.queue?.length).toBe(1);
    }
  });

  it('claim, a second claim refused, release, claim again, assign', async () => {
    const a = await clerkA.client.post(`/staff/api/lease-queue/${paid}/claim`);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.message).toBe('Claimed.');
    expect(a.body.data.claimed_by).toMatchObject({ user_id: clerkA.user.id, name: clerkA.user.display_name });
    // Claiming again is harmless.
    expect((await clerkA.client.post(`/staff/api/lease-queue/${paid}/claim`)).status).toBe(200);

    const b = await clerkB.client.post(`/staff/api/lease-queue/${paid}/claim`);
    expect(b.status).toBe(409);
    expect(b.body.message).toBe(`This record is claimed by ${clerkA.user.display_name}.`);
    const bRelease = await clerkB.client.post(`/staff/api/lease-queue/${paid}/release`);
    expect(bRelease.status).toBe(409);
    expect(bRelease.body.message).toMatch(/claimed by/);
    expect((await detail(admin, paid)).claimed_by.user_id).toBe(clerkA.user.id);

    // The queue row shows who holds it; the holder's dashboard lists it as an open task.
    await pollRow(
      admin,
      '/staff/api/lease-queue?queue=docs&limit=100',
      (x) => x.uuid === paid && x.claimed_by?.user_id === clerkA.user.id,
    );
    const dash = await clerkA.client.get('/staff/api/dashboard');
    expect((dash.body.data.my_claims as any[]).map((x) => x.uuid)).toContain(paid);

    const released = await clerkA.client.post(`/staff/api/lease-queue/${paid}/release`);
    expect(released.status).toBe(200);
    expect(released.body.message).toBe('Released.');
    expect(released.body.data.claimed_by).toBeNull();
    const bClaims = await clerkB.client.post(`/staff/api/lease-queue/${paid}/claim`);
    expect(bClaims.status).toBe(200);
    expect(bClaims.body.data.claimed_by.user_id).toBe(clerkB.user.id);

    // Assigning needs its own permission; a lead moves the record to A.
    expect(
      (await clerkA.client.post(`/staff/api/lease-queue/${paid}/assign`, { user_id: clerkA.user.id })).status,
    ).toBe(403);
    const assigned = await admin.post(`/staff/api/lease-queue/${paid}/assign`, { user_id: clerkA.user.id });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.message).toBe(`Assigned to ${clerkA.user.display_name}.`);
    expect(assigned.body.data.claimed_by.user_id).toBe(clerkA.user.id);
    const timeline = (await detail(admin, paid)).timeline.map((e: any) => e.name);
    expect(timeline.slice(0, 4)).toEqual(['assign', 'claim', 'release', 'claim']);
    const audit = await admin.get(`/staff/api/audit?type=lease.claim&user=usr-admin&limit=100`);
    expect(
      (audit.body.data as any[]).some(
        (e) => e.target === `lease:${paid}` && e.detail.action === 'assign' && e.detail.user === clerkA.user.id,
      ),
    ).toBe(true);
  });

  it('assign: an unknown user, a missing user id, or a user who cannot see the record is a 422', async () => {
    const name = unique('hv_');
    const other = await admin.post(
      '/staff/api/users',
      newUser(name, {
        display_name: 'HVAC clerk',
        password: 'hvac-password-1',
        guard: 'store',
        stores: ['sto-hvac-central'],
      }),
    );
    expect(other.status).toBe(200);
    const cases: [unknown, string][] = [
      [{ user_id: 'usr-does-not-exist' }, 'User not found'],
      [{ user_id: other.body.data.id }, 'User not found'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post(`/staff/api/lease-queue/${infoLater}/assign`, body);
      expect(res.status).toBe(422);
      expect(res.body.errors?.user_id).toEqual([message]);
    }
    const missing = await admin.post(`/staff/api/lease-queue/${infoLater}/assign`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.user_id?.length).toBe(1);
    expect((await detail(admin, infoLater)).claimed_by).toBeNull();
  });

  it('a record in no queue cannot be claimed', async () => {
    const before = await detail(admin, approved);
    const res = await clerkA.client.post(`/staff/api/lease-queue/${approved}/claim`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This record is not in a work queue.');
    const after = await detail(admin, approved);
    expect({ claimed: after.claimed_by, v: after.v }).toEqual({ claimed: null, v: before.v });
    expect((await clerkA.client.post('/staff/api/lease-queue/00000000-0000-4000-8000-000000000000/claim')).status).toBe(
      404,
    );
  });
});
