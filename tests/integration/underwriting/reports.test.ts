import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicant, decided } from '../decision/support.ts';
import { asAdmin, makeUser, type StaffClient } from '../staff/client.ts';

// Issue 11 part 4: reports from the pre-aggregated counters, as JSON, CSV and xlsx; validation; tenancy.

let admin: StaffClient;
const today = () => new Date().toISOString().slice(0, 10);

/** A download with the staff session's cookies: status, headers and the raw bytes. */
async function download(client: StaffClient, path: string) {
  const res = await fetch(client.baseUrl + path, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    disposition: res.headers.get('content-disposition') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

async function todaysApplications(client: StaffClient, by = 'all') {
  const res = await client.get(`/staff/api/reports/applications?from=${today()}&to=${today()}&group=day&by=${by}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, any>[];
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  admin = await asAdmin();
});

describe('reports', () => {
  it("counts today's applications as they come in", async () => {
    const before = (await todaysApplications(admin))[0]?.applications ?? 0;
    await applicant('option-a');
    await applicant('denied-with-score');
    const rows = await waitFor(
      () => todaysApplications(admin),
      (r) => (r[0]?.applications ?? 0) >= before + 2,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ period: today(), scope: 'All stores' });
    expect(rows[0]!.applications).toBeGreaterThanOrEqual(before + 2);
    expect(rows[0]!.id).toBe(`${today()}|*`);
  });

  it('counts approvals with their amounts (average approval) and the approval rate', async () => {
    const { result } = await decided('option-a');
    expect(result.code).toBe('A');
    const rows = await waitFor(
      () => todaysApplications(admin),
      (r) => r[0]?.average_approval != null && r[0]?.approvals > 0,
    );
    expect(rows[0]!.average_approval).toBeGreaterThan(0);
    expect(rows[0]!.approval_rate).toBeGreaterThan(0);
    expect(rows[0]!.approval_rate).toBeLessThanOrEqual(100);
  });

  it('answers its columns and groups by week and month', async () => {
    const res = await admin.get(`/staff/api/reports/applications?from=2026-01-01&to=2026-03-31&group=month`);
    expect(res.status).toBe(200);
    expect((res.body.data as { period: string }[]).map((r) => r.period)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(res.body.meta.columns.map((c: { key: string }) => c.key)).toEqual([
      'period',
      'scope',
      'applications',
      'approvals',
      'denials',
      'approval_rate',
      'average_approval',
      'funded_count',
      'funded_volume',
    ]);
    const weeks = await admin.get(`/staff/api/reports/applications?from=2026-11-02&to=2026-11-15&group=week`);
    expect((weeks.body.data as { period: string }[]).map((r) => r.period)).toEqual(['2026-11-02', '2026-11-09']);
  });

  it('downloads as RFC 4180 CSV with a header row', async () => {
    const res = await download(admin, `/staff/api/reports/applications?from=${today()}&to=${today()}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/csv');
    expect(res.disposition).toContain(`attachment; filename="applications-${today()}-${today()}-day.csv"`);
    const lines = res.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Period,Scope,Applications,Approvals,Denials,Approval rate (%),Average approval ($),Funded leases,Funded volume ($)',
    );
    const cells = lines[1]!.split(',');
    expect(cells[0]).toBe(today());
    expect(cells[1]).toBe('All stores');
    expect(Number(cells[2])).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe('');
  });

  it('downloads as an xlsx workbook that opens again', async () => {
    const res = await download(
      admin,
      `/staff/api/reports/applications?from=${today()}&to=${today()}&format=xlsx&by=store`,
    );
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Period');
    expect(sheet.getRow(1).getCell(3).value).toBe('Applications');
    const scopes: string[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const v = sheet.getRow(r).getCell(2).value;
      if (v) scopes.push(String(v));
    }
    expect(scopes.some((s) => s.endsWith('/ Main Street') || s.includes('Main Street'))).toBe(true);
    expect(typeof sheet.getRow(2).getCell(3).value).toBe('number');
  });

  it('refuses bad dates, ranges, groups and formats with 422, and unknown reports with 404', async () => {
    const bad = async (q: string) => admin.get(`/staff/api/reports/applications?${q}`);
    expect((await bad('from=2026-13-01&to=2026-12-01')).body.errors).toHaveProperty('from');
    expect((await bad('from=yesterday')).status).toBe(422);
    const reversed = await bad('from=2026-12-02&to=2026-12-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toHaveProperty('to');
    expect((await bad('from=2020-01-01&to=2026-01-01')).status).toBe(422);
    const group = await bad('group=year');
    expect(group.status).toBe(422);
    expect(group.body.errors).toHaveProperty('group');
    expect((await bad('format=pdf')).status).toBe(422);
    expect((await admin.get('/staff/api/reports/nope')).status).toBe(404);
  });

  it('shows first-payment default per store with its definition', async () => {
    const res = await admin.get('/staff/api/reports/first-payment-default?from=2026-01-01&to=2026-01-31&group=month');
    expect(res.status).toBe(200);
    expect(res.body.meta.by).toBe('store');
    expect(res.body.meta.columns.map((c: { key: string }) => c.key)).toContain('fpd_rate');
    expect(res.body.meta.notes[0]).toContain('30 days past due');
    expect((res.body.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('a retailer user sees its own retailer only; 403 without the permission', async () => {
    const comfort = (await admin.get('/staff/api/retailers/ret-demo-comfort')).body.data.name as string;
    const electronics = (await admin.get('/staff/api/retailers/ret-demo-electronics')).body.data.name as string;
    const { client } = await makeUser(admin, {
      guard: 'retailer',
      permissions: ['reports.view'],
      retailers: ['ret-demo-electronics'],
    });
    const byRetailer = await todaysApplications(client, 'retailer');
    expect(byRetailer.map((r) => r.scope)).toEqual([electronics]);
    const byStore = await todaysApplications(client, 'store');
    expect(byStore.length).toBeGreaterThan(0);
    expect(byStore.every((r) => String(r.scope).startsWith(`${electronics} / `))).toBe(true);
    expect(byStore.some((r) => String(r.scope).startsWith(comfort))).toBe(false);
    const all = await todaysApplications(client, 'all');
    expect(all.map((r) => r.scope)).toEqual([electronics]);

    const none = await makeUser(admin, {
      guard: 'retailer',
      permissions: ['stores.view'],
      retailers: ['ret-demo-electronics'],
    });
    const refused = await none.client.get('/staff/api/reports/applications');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Permission Denied');
  });
});
