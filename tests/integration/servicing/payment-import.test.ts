import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, makeUser, unique, type StaffClient } from '../staff/client.ts';
import { upload } from '../underwriting/import-support.ts';
import { account, fundedLease } from './support.ts';

// Issue 23 item 8: Mass Import of payments. A csv or xlsx file is previewed with its row errors (nothing posted),
// then posted through the servicing payment service, once per reference however often it is posted; the ledger
// exports for accounting over a date range.

const HEADER = 'lease,amount,date,channel,reference';
const csv = (...rows: string[]) => Buffer.from([HEADER, ...rows].join('\r\n') + '\r\n');
const naughty = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../fixtures/blns.json'), 'utf8')) as string[];

let admin: StaffClient;
let leaseId: string;
let checkoutId: string;
let today: string;

const preview = (client: StaffClient, bytes: Buffer, name = 'payments.csv') =>
  upload(client, '/staff/api/payment-imports', { bytes, name });

beforeAll(async () => {
  admin = await asAdmin();
  const funded = await fundedLease();
  leaseId = funded.uuid;
  checkoutId = funded.checkoutId;
  today = (await account(leaseId)).today as string;
}, 120_000);

describe('mass import of payments', () => {
  it('previews a file with a row error for each bad value, posting nothing', async () => {
    const before = await account(leaseId);
    const ref = unique('ref-');
    const res = await preview(
      admin,
      csv(
        `${leaseId},10.00,${today},phone,${ref}`,
        `00000000-0000-0000-0000-000000000000,10.00,${today},phone,${ref}-b`,
        `${leaseId},ten,${today},phone,${ref}-c`,
        `${leaseId},10.00,2026-02-30,phone,${ref}-d`,
        `${leaseId},10.00,${today},carrier pigeon,${ref}-e`,
        `${leaseId},10.00,${today},phone,${ref}`,
        `${leaseId},999999.00,${today},phone,${ref}-f`,
        `,10.00,${today},phone,${ref}-g`,
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.rows as { row: number; status: string; errors: string[] }[];
    expect(rows.map((r) => r.status)).toEqual(['ready', 'error', 'error', 'error', 'error', 'error', 'error', 'error']);
    expect(rows[1]!.errors).toEqual(['No lease you can see has this id or contract number']);
    expect(rows[2]!.errors[0]).toMatch(/amount in dollars and cents/);
    expect(rows[3]!.errors).toEqual(['Give the date received as YYYY-MM-DD']);
    expect(rows[4]!.errors).toEqual(['The channel must be one of: phone, store, lockbox, transfer']);
    expect(rows[5]!.errors).toEqual(['The same reference is on row 2']);
    expect(rows[6]!.errors[0]).toMatch(/More than the lease owes/);
    expect(rows[7]!.errors).toEqual(['Give the lease id or the contract number']);
    expect(res.body.data).toMatchObject({ ready: 1, errors: 7, total_cents: 1000 });
    expect(typeof res.body.data.id).toBe('string');
    const after = await account(leaseId);
    expect(after.ledger).toHaveLength(before.ledger.length);
    expect(after.balance).toBe(before.balance);
  });

  it('speaks Spanish to a Spanish reader', async () => {
    const res = await upload(
      admin,
      '/staff/api/payment-imports?lang=es',
      { bytes: csv(`${leaseId},10.00,${today},fax,${unique('ref-')}`), name: 'pagos.csv' },
      {},
    );
    expect(res.status).toBe(200);
    expect(res.body.data.rows[0].errors).toEqual(['El canal debe ser uno de: phone, store, lockbox, transfer']);
  });

  it('posts ready rows once: the same reference posted again is "already posted"', async () => {
    const before = await account(leaseId);
    const ref = unique('lockbox-');
    const file = csv(`${checkoutId},12.34,${today},lockbox,${ref}`, `${leaseId},1.00,${today},store,${ref}-2`);
    const first = await preview(admin, file);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.ready).toBe(2);
    // The contract number (the agreement's number) names the same lease as its id.
    expect(first.body.data.rows[0].lease_id).toBe(leaseId);
    const posted = await admin.post(`/staff/api/payment-imports/${first.body.data.id}/post`, {});
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.data).toMatchObject({ posted: 2, already_posted: 0, refused: 0 });
    const after = await account(leaseId);
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(cents(before.balance) - cents(after.balance)).toBe(1334);
    const entry = after.ledger.find(
      (e: { kind: string; amount: string }) => e.kind === 'payment' && e.amount === '12.34',
    );
    expect(entry).toMatchObject({ channel: 'cash' });

    // The same post again, and the same file previewed and posted again: nothing more is recorded.
    const again = await admin.post(`/staff/api/payment-imports/${first.body.data.id}/post`, {});
    expect(again.body.data).toMatchObject({ posted: 0, already_posted: 2 });
    const second = await preview(admin, file);
    expect(second.body.data.rows.map((r: { status: string }) => r.status)).toEqual([
      'already_posted',
      'already_posted',
    ]);
    expect(second.body.data.id).toBeNull();
    expect((await account(leaseId)).balance).toBe(after.balance);
  });

  it('reads xlsx files too', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Payments');
    sheet.addRow(['Lease ID', 'Amount', 'Date', 'Channel', 'Reference']);
    sheet.addRow([leaseId, 2.5, today, 'Phone', unique('xl-')]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await preview(admin, bytes, 'payments.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows[0]).toMatchObject({ status: 'ready', amount: '2.50', channel: 'phone' });
  });

  it('refuses what is not a payments file with a message a person can act on', async () => {
    const missing = await preview(admin, Buffer.from('lease,amount\r\nx,1\r\n'));
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('The file lacks the column(s): date, channel, reference');
    const binary = await preview(admin, Buffer.from([0, 1, 2, 3, 0, 255]), 'x.csv');
    expect(binary.status).toBe(422);
    expect(binary.body.message).toBe('The file could not be read as csv or xlsx');
    const empty = await preview(admin, Buffer.from(HEADER + '\r\n'));
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('The file has no payment rows');
    const unknown = await admin.post('/staff/api/payment-imports/not-an-import/post', {});
    expect(unknown.status).toBe(404);
  });

  it('answers every naughty string in every column with a row error or a ready row, never a 5xx', async () => {
    const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
    const rows = naughty
      .slice(0, 200)
      .map((s, i) =>
        [
          quote(i % 2 ? s : leaseId),
          quote(i % 3 ? '1.00' : s),
          quote(today),
          quote(i % 5 ? 'phone' : s),
          quote(s),
        ].join(','),
      );
    const res = await preview(admin, csv(...rows));
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBeLessThan(500);
    if (res.status === 200) {
      for (const row of res.body.data.rows as { status: string; errors: string[] }[])
        expect(['ready', 'error', 'already_posted']).toContain(row.status);
    }
  });

  it('needs the payment permission besides the import permission', async () => {
    const importer = await makeUser(admin, { guard: 'system', permissions: ['imports.create', 'imports.view'] });
    const res = await preview(importer.client, csv(`${leaseId},1.00,${today},phone,${unique('p-')}`));
    expect(res.status).toBe(403);
  });
});

describe('ledger export for accounting', () => {
  it('lists the entries posted in the range as csv, json and xlsx', async () => {
    const json = await admin.get(`/staff/api/ledger-export?from=${today}&to=${today}&format=json`);
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    const mine = (json.body.data.rows as { lease_id: string; kind: string; signed_amount: string }[]).filter(
      (r) => r.lease_id === leaseId,
    );
    expect(mine.some((r) => r.kind === 'payment' && r.signed_amount === '-12.34')).toBe(true);

    const csvRes = await admin.call('GET', `/staff/api/ledger-export?from=${today}&to=${today}&format=csv`);
    expect(csvRes.headers.get('content-type')).toContain('text/csv');
    const text = String(csvRes.body.data);
    expect(text.split('\r\n')[0]).toBe(
      'posted_at,lease_id,store_id,entry_id,kind,amount,signed_amount,channel,reference,note',
    );
    expect(text).toContain(leaseId);

    const xlsx = await fetch(`${admin.baseUrl}/staff/api/ledger-export?from=${today}&to=${today}&format=xlsx`, {
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets[0]!.getRow(1).getCell(2).value).toBe('lease_id');
  });

  it('refuses a reversed or too long range, and bad dates, with a 422', async () => {
    expect((await admin.get(`/staff/api/ledger-export?from=2026-03-02&to=2026-03-01`)).status).toBe(422);
    expect((await admin.get(`/staff/api/ledger-export?from=2024-01-01&to=2026-01-01`)).status).toBe(422);
    const bad = await admin.get(`/staff/api/ledger-export?from=${encodeURIComponent("'; drop table")}`);
    expect(bad.status).toBe(422);
  });
});
