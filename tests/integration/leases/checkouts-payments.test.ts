import { beforeAll, describe, expect, it } from 'vitest';
import { CART, journey, retailer } from '../checkout/support.ts';
import { decided } from '../decision/support.ts';
import { asAdmin, makeUser, type StaffClient } from '../staff/client.ts';
import { done, pollList, pollRow, waitForLease } from './support.ts';

// Checkouts and payments as staff read them (lists, details, the labels and card data a support call needs, the
// refund owed after a cancel), and the dashboard's counters of today.

let admin: StaffClient;
let paid: { uuid: string; checkoutId: string };
let failed: { uuid: string; checkoutId: string };
let fresh: { checkoutId: string };

beforeAll(async () => {
  admin = await asAdmin();
  const [p, f, c] = await Promise.all([journey('completed'), journey('failed'), journey('created')]);
  paid = { uuid: p.uuid!, checkoutId: p.checkoutId };
  failed = { uuid: f.uuid!, checkoutId: f.checkoutId };
  fresh = { checkoutId: c.checkoutId };
  await waitForLease(admin, paid.uuid, 'Z');
}, 60_000);

describe('staff checkouts and payments', () => {
  it('the checkouts list: status labels, amounts, names, filters', async () => {
    const row = await pollRow(
      admin,
      '/staff/api/checkouts?limit=100',
      (x) => x.id === paid.checkoutId && x.status === 9,
    );
    expect(row).toMatchObject({
      status: 9,
      status_label: 'Completed',
      store_id: 'sto-main-street',
      store_name: 'Main Street',
      retailer_name: 'Demo Electronics',
      application_uuid: paid.uuid,
      refund_due: null,
    });
    expect(row.applicant_name).not.toBe('—');
    expect(Number(row.paid)).toBeGreaterThan(0);
    expect(row.total).toMatch(/^\d+\.\d{2}$/);
    const notStarted = await pollRow(admin, '/staff/api/checkouts?limit=100', (x) => x.id === fresh.checkoutId);
    expect(notStarted).toMatchObject({
      status: null,
      status_label: 'Not started',
      application_uuid: null,
      paid: '0.00',
    });
    const failedRow = await pollRow(
      admin,
      '/staff/api/checkouts?status=10&limit=100',
      (x) => x.id === failed.checkoutId,
    );
    expect(failedRow.status_label).toBe('Down payment failed');

    const byStatus = await admin.get('/staff/api/checkouts?status=9&limit=100');
    expect(byStatus.status).toBe(200);
    for (const x of byStatus.body.data) expect(x.status).toBe(9);
    expect((byStatus.body.meta.filters as any[]).map((f) => f.name)).toEqual(['status', 'store', 'retailer']);
    const nulls = await admin.get('/staff/api/checkouts?status=null&limit=100');
    expect((nulls.body.data as any[]).map((x) => x.id)).toContain(fresh.checkoutId);
    const elsewhere = await admin.get('/staff/api/checkouts?store=sto-hvac-central&limit=100');
    expect((elsewhere.body.data as any[]).some((x) => x.id === paid.checkoutId)).toBe(false);
    for (const q of ['status=99', 'status=completed', 'store=%3Cb%3E', 'sortBy=total']) {
      const res = await admin.get(`/staff/api/checkouts?${q}`);
      expect(res.status, q).toBe(422);
    }
  });

  it('a checkout: items, return URLs, status, audit trail and its payment', async () => {
    const res = await admin.get(`/staff/api/checkouts/${paid.checkoutId}`);
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({
      id: paid.checkoutId,
      status: 9,
      status_label: 'Completed',
      application_uuid: paid.uuid,
      return_url: 'https://retailer.example/checkout/done',
      return_url_failure: 'https://retailer.example/checkout/failed',
    });
    expect(c.items).toEqual(
      CART.items.map((i) => ({
        sku: i.sku,
        description: i.description,
        quantity: i.quantity,
        unit_price: i.unit_price,
      })),
    );
    expect(c.audit.length).toBeGreaterThan(3);
    expect(c.payments).toHaveLength(1);
    expect(c.payments[0]).toMatchObject({
      id: `${paid.checkoutId}-1`,
      status: 'succeeded',
      card_last4: '4242',
      refund_due: null,
    });
    expect(String(c.payments[0].card_brand).toLowerCase()).toBe('visa');

    expect((await admin.get('/staff/api/checkouts/chk_doesnotexist123')).status).toBe(404);
    const other = await makeUser(admin, {
      guard: 'store',
      permissions: ['checkouts.view', 'payments.view'],
      stores: ['sto-hvac-central'],
    });
    expect([403, 404]).toContain((await other.client.get(`/staff/api/checkouts/${paid.checkoutId}`)).status);
    expect([403, 404]).toContain((await other.client.get(`/staff/api/payments/${paid.checkoutId}-1`)).status);
    const theirs = await other.client.get('/staff/api/checkouts?limit=100');
    expect((theirs.body.data as any[]).some((x) => x.store_id !== 'sto-hvac-central')).toBe(false);
    const theirPayments = await other.client.get('/staff/api/payments?limit=100');
    expect(
      (theirPayments.body.data as any[]).some(
        (x) => x.checkout_id === paid.checkoutId || x.checkout_id === failed.checkoutId,
      ),
    ).toBe(false);
  });

  it('payments: succeeded and declined attempts with card brand and last 4; details; filters', async () => {
    const ok = await pollRow(admin, '/staff/api/payments?limit=100', (x) => x.id === `${paid.checkoutId}-1`);
    expect(ok).toMatchObject({
      checkout_id: paid.checkoutId,
      application_uuid: paid.uuid,
      number: 1,
      status: 'succeeded',
      card_last4: '4242',
      refund_due: null,
      store_name: 'Main Street',
    });
    expect(ok.amount).toMatch(/^\d+\.\d{2}$/);
    const declined = await pollRow(
      admin,
      '/staff/api/payments?status=declined&limit=100',
      (x) => x.id === `${failed.checkoutId}-1`,
    );
    expect(declined).toMatchObject({ status: 'declined', card_last4: '0002' });
    expect(declined.decline_code ?? declined.message).toBeTruthy();

    const one = await admin.get(`/staff/api/payments/${paid.checkoutId}-1`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      id: `${paid.checkoutId}-1`,
      status: 'succeeded',
      card_last4: '4242',
      checkout: { id: paid.checkoutId, status_label: 'Completed' },
    });
    for (const id of [`${paid.checkoutId}-7`, 'nonsense', `${paid.checkoutId}`]) {
      const res = await admin.get(`/staff/api/payments/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('Payment not found');
    }
    const bySucceeded = await admin.get('/staff/api/payments?status=succeeded&limit=100');
    for (const x of bySucceeded.body.data) expect(x.status).toBe('succeeded');
    expect((await admin.get('/staff/api/payments?status=refunded')).status).toBe(422);
  });

  it('changed-mind on a paid lease: Changed Mind, the checkout ends and the payment shows the refund due', async () => {
    // SERVER BUG if this fails: the lease goes to (C) Changed Mind but its completed, paid checkout stays "Completed"
    // (status 9) with no refund due: the changed-mind action only tries a cancel, which a completed checkout does not
    // accept (a void would, with its refund), so the retailer is never told and the down payment is never owed back.
    const res = await done(admin, paid.uuid, 'changed-mind', { note: 'Returned the order' }, 'C');
    // The staff action, then the checkout's void it caused (kept as an event: the status had already moved).
    const timeline = res.body.data.timeline as any[];
    expect(timeline.find((e) => e.name === 'changed-mind')).toMatchObject({
      from: 'Z',
      to: 'C',
      note: 'Returned the order',
    });
    expect(timeline.find((e) => e.name === 'checkout.voided')).toMatchObject({ kind: 'event', to: null });
    const payment = await admin.get(`/staff/api/payments/${paid.checkoutId}-1`);
    const checkout = await admin.get(`/staff/api/checkouts/${paid.checkoutId}`);
    const retail = await retailer('GET', `/retailer/v1/checkouts/${paid.checkoutId}`);
    expect({
      checkout: checkout.body.data.status,
      retailerSees: retail.body.data.status,
      refundDue: payment.body.data.refund_due,
      rowRefundDue: checkout.body.data.row?.refund_due,
    }).toEqual({
      checkout: expect.toBeOneOf([11, 12]),
      retailerSees: expect.toBeOneOf([11, 12]),
      refundDue: payment.body.data.amount,
      rowRefundDue: payment.body.data.amount,
    });
    const row = await pollList(admin, '/staff/api/payments?limit=100', (r) =>
      (r.body.data as any[]).some((x) => x.id === `${paid.checkoutId}-1` && x.refund_due),
    );
    expect((row.body.data as any[]).find((x) => x.id === `${paid.checkoutId}-1`)?.refund_due).toBe(
      payment.body.data.amount,
    );
  });

  it("the dashboard counts today's applications and approvals, and lists the new application", async () => {
    const before = (await admin.get('/staff/api/dashboard')).body.data;
    expect(before.days).toHaveLength(14);
    expect(before.days[13].date).toBe(before.today.date);
    expect((before.queues as any[]).map((q) => q.id)).toEqual(['review', 'info', 'docs', 'funding']);
    const { shopper } = await decided('option-a');
    const res = await pollList(
      admin,
      '/staff/api/dashboard',
      (r) =>
        r.body.data.today.approvals > before.today.approvals &&
        (r.body.data.recent_applications as any[]).some((x) => x.uuid === shopper.uuid),
    );
    const after = res.body.data;
    expect(after.today.applications).toBeGreaterThan(before.today.applications);
    expect(after.today.approvals).toBeGreaterThan(before.today.approvals);
    expect(after.days[13].applications).toBe(after.today.applications);
    expect(after.today.approval_rate).toBeGreaterThan(0);
    expect(after.today.approval_rate).toBeLessThanOrEqual(100);
    expect((after.recent_applications as any[]).find((x) => x.uuid === shopper.uuid)).toMatchObject({
      status: 'V',
      status_label: '(V) Approved/Pending Contract',
    });
  });
});
