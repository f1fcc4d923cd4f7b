import { describe, expect, it } from 'vitest';
import { account, cents, clock, closeThrough, fundedLease, key, post, staff } from './support.ts';

// Issue 23: the servicing reports counted from real payments (leases funded through the API, paid by phone, debited
// from bank accounts that the sandbox returns, the sandbox clock moving the lender's date), and the dashboard's
// servicing day. The server is shared with other suites that also pay and move the clock, so the numbers are read
// before and after for the days this suite's payments fall on.

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function report(name: string, query: string) {
  const res = await (await staff()).get(`/staff/api/reports/${name}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Record<string, any>[]; meta: Record<string, any> };
}

/** Reads until `ok` holds (the counters are written by the outbox relay's consumer, a moment after the write). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

const one = (rows: Record<string, any>[]) => rows[0] ?? {};

describe('servicing reports from real payments', () => {
  it('counts a phone payment in collections by channel and on the dashboard', { timeout: 180_000 }, async () => {
    const { uuid } = await fundedLease();
    const today = (await clock()).today;
    const q = `from=${today}&to=${today}&group=day&by=all`;
    const before = one((await report('collections', q)).data);
    const dayBefore = (await (await staff()).get('/staff/api/dashboard/servicing')).body.data;
    const amount = (await account(uuid)).next_payment.amount as string;
    const paid = await (
      await staff()
    ).call('POST', `/staff/api/leases/${uuid}/account/actions/record-payment`, {
      body: { amount, channel: 'phone', reference: 'reports suite' },
      headers: { 'idempotency-key': key('reports-pay') },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const after = one(
      (
        await until(
          () => report('collections', q),
          (r) => (one(r.data).payments ?? 0) > (before.payments ?? 0),
        )
      ).data,
    );
    expect(after.payments).toBeGreaterThanOrEqual((before.payments ?? 0) + 1);
    expect(cents(String(after.collected_phone))).toBeGreaterThanOrEqual(
      cents(String(before.collected_phone ?? 0)) + cents(amount),
    );
    expect(cents(String(after.collected_total))).toBe(
      ['card', 'bank', 'phone', 'cash'].reduce((n, ch) => n + cents(String(after[`collected_${ch}`])), 0),
    );

    const day = await until(
      async () => (await (await staff()).get('/staff/api/dashboard/servicing')).body.data,
      (d) => d.collected.count > dayBefore.collected.count || d.date !== dayBefore.date,
    );
    if (day.date === dayBefore.date) {
      expect(day.collected.count).toBeGreaterThanOrEqual(dayBefore.collected.count + 1);
      expect(cents(day.collected.amount)).toBeGreaterThanOrEqual(cents(dayBefore.collected.amount) + cents(amount));
    }
    expect(day.queues.map((x: any) => x.bucket)).toEqual(['1-30', '31-60', '61-90', '90+']);

    const csv = await fetch(`${(await staff()).baseUrl}/staff/api/reports/collections?${q}&format=csv`, {
      headers: { cookie: [...(await staff()).cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).split('\r\n')[0]).toContain('Phone ($)');
  });

  it(
    'an unauthorised ACH return counts against NACHA thresholds; the account rolls through the buckets',
    { timeout: 600_000 },
    async () => {
      const { uuid } = await fundedLease();
      const m = await post(uuid, 'payment-method', {
        kind: 'bank',
        routing_number: '011000015',
        account_number: '000000000110',
      });
      expect(m.status, JSON.stringify(m.body)).toBe(200);
      expect((await post(uuid, 'autopay', { enabled: true })).status).toBe(200);
      const due = (await account(uuid)).next_payment.due_date as string;
      const end = addDays(due, 8);
      const achQuery = `from=${end}&to=${end}&group=day&by=all`;
      const before = one((await report('ach-returns', achQuery)).data);
      const failedQuery = `from=${addDays(due, -1)}&to=${end}&group=month&by=all`;
      const failedBefore = (await report('collections', failedQuery)).data.reduce(
        (n, r) => n + (r.failed_payments ?? 0),
        0,
      );
      await closeThrough(end);
      const returned = (await account(uuid)).attempts.find((x: any) => x.installment === 2);
      expect(returned).toMatchObject({ code: 'R10' });

      const ach = await until(
        () => report('ach-returns', achQuery),
        (r) => (one(r.data).returns_unauthorised_60d ?? 0) > (before.returns_unauthorised_60d ?? 0),
      );
      const row = one(ach.data);
      expect(row.ach_debits_60d).toBeGreaterThanOrEqual((before.ach_debits_60d ?? 0) + 1);
      expect(row.returns_unauthorised_60d).toBeGreaterThanOrEqual((before.returns_unauthorised_60d ?? 0) + 1);
      expect(row.unauthorised_rate).toBeCloseTo((row.returns_unauthorised_60d / row.ach_debits_60d) * 100, 1);
      // Far above NACHA's 0.5% for unauthorised returns: the row and the report say so.
      expect(row.unauthorised_rate).toBeGreaterThan(0.5);
      expect(row.alert).toBe(true);
      expect(ach.meta.alert).toMatch(/Unauthorized return rate is above the NACHA threshold of 0.5%/);
      const es = await (await staff()).get(`/staff/api/reports/ach-returns?${achQuery}&lang=es`);
      expect(es.body.meta.alert).toMatch(/umbral de NACHA/);

      const failedAfter = (await report('collections', failedQuery)).data.reduce(
        (n, r) => n + (r.failed_payments ?? 0),
        0,
      );
      expect(failedAfter).toBeGreaterThanOrEqual(failedBefore + 1);

      const dashboard = (await (await staff()).get('/staff/api/dashboard/servicing')).body.data;
      expect(dashboard.ach_alerts.map((a: any) => a.measure)).toContain('unauthorised');
      expect(dashboard.queues.find((x: any) => x.bucket === '1-30').count).toBeGreaterThanOrEqual(1);

      // The account became past due on its first missed date: it entered 1-30 at that day's close.
      const firstMissed = (await (await staff()).get(`/staff/api/collections-queue?per_page=100`)).body.data.find(
        (r: any) => r.lease_id === uuid,
      ).first_missed_date as string;
      // (after its collection date: the due date or, on a weekend or holiday, the next ACH business day).
      const entered = await report('roll-rates', `from=${firstMissed}&to=${addDays(firstMissed, 4)}&group=day&by=all`);
      const into = entered.data.filter((r) => r.from_bucket === 'Current' && r.to_bucket === '1-30');
      expect(into.reduce((n, r) => n + r.rolled, 0)).toBeGreaterThanOrEqual(1);
      expect(into.every((r) => r.roll_rate === null)).toBe(true);

      // 31 days after the first missed date it rolls from 1-30 to 31-60, counted against the 1-30 stock before.
      const rollDay = addDays(firstMissed, 30);
      await closeThrough(rollDay);
      const rolled = await report('roll-rates', `from=${rollDay}&to=${rollDay}&group=day&by=all`);
      const step = rolled.data.find((r) => r.from_bucket === '1-30' && r.to_bucket === '31-60')!;
      expect(step.accounts_at_start).toBeGreaterThanOrEqual(1);
      expect(step.rolled).toBeGreaterThanOrEqual(1);
      expect(step.roll_rate).toBeCloseTo((step.rolled / step.accounts_at_start) * 100, 1);
      const aging = await report('delinquency-aging', '');
      expect(aging.data.find((r) => r.bucket === '31-60')?.accounts).toBeGreaterThanOrEqual(1);

      // Its first payment was never made: past its grace it counts as a first-payment default.
      await closeThrough(addDays(due, 31));
      const fpd = await report('first-payment-default', `from=${due}&to=${due}&group=day&by=all`);
      expect(one(fpd.data).first_payments_due).toBeGreaterThanOrEqual(1);
      expect(one(fpd.data).first_payments_missed).toBeGreaterThanOrEqual(1);
    },
  );

  it('refuses an unknown report and a bad format with a message', async () => {
    const client = await staff();
    expect((await client.get('/staff/api/reports/roll-rate')).status).toBe(404);
    const bad = await client.get('/staff/api/reports/collections?format=pdf');
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.format?.[0]).toMatch(/json, csv or xlsx/);
  });
});
