import { beforeAll, describe, expect, it } from 'vitest';
import { permissionsForGuard } from '../../../machines/domain/permissions.ts';
import { journey } from '../checkout/support.ts';
import { decided } from '../decision/support.ts';
import { asAdmin, makeUser, type StaffClient } from '../staff/client.ts';
import { pollList, pollRow, waitForLease } from './support.ts';

// The staff lists of applications and leases as staff use them: pages with their meta, the filters (and a clear 422
// for a value that is not one of them), the date range, the search box (name, e-mail, phone, SSN last 4, lease and
// loan numbers), and the tenant walls: a store's user sees its store only, a retailer's user its retailer only.

let admin: StaffClient;
let storeUser: StaffClient;
let retailerUser: StaffClient;
const today = new Date().toISOString().slice(0, 10);

interface Rec {
  uuid: string;
  email: string;
  last: string;
  cell: string;
  ssn4: string;
  loan?: string;
  checkoutId?: string;
}
const r: Record<'main' | 'hvac' | 'denied' | 'leased', Rec> = {} as never;

const ids = (res: { body: { data: any[] } }) => res.body.data.map((x) => x.uuid);
const of = (body: any): Rec => ({
  uuid: '',
  email: body.applicant.email,
  last: body.applicant.last_name,
  cell: body.applicant.cell,
  ssn4: String(body.applicant.social_security_number).replace(/\D/g, '').slice(-4),
});

beforeAll(async () => {
  admin = await asAdmin();
  const [main, hvac, denied, leased, su, ru] = await Promise.all([
    decided('option-a'),
    decided('option-a', 'hvac-central', 'demo-comfort').then(async (first) => {
      await decided('option-a', 'hvac-central', 'demo-comfort'); // a second row of demo-comfort, made after the first
      return first;
    }),
    decided('denied-with-score'),
    journey('lease'),
    makeUser(admin, {
      guard: 'store',
      permissions: ['applications.view', 'leases.view'],
      stores: ['sto-hvac-central'],
    }),
    makeUser(admin, {
      guard: 'retailer',
      permissions: permissionsForGuard('retailer'),
      retailers: ['ret-demo-comfort'],
    }),
  ]);
  storeUser = su.client;
  retailerUser = ru.client;
  r.main = { ...of(main.shopper.body), uuid: main.shopper.uuid };
  r.hvac = { ...of(hvac.shopper.body), uuid: hvac.shopper.uuid };
  r.denied = { ...of(denied.shopper.body), uuid: denied.shopper.uuid };
  r.leased = { ...of(leased.fill), uuid: leased.uuid!, checkoutId: leased.checkoutId };
  await Promise.all([
    waitForLease(admin, r.main.uuid, 'V'),
    waitForLease(admin, r.hvac.uuid, 'V'),
    waitForLease(admin, r.denied.uuid, 'N'),
    waitForLease(admin, r.leased.uuid, 'V'),
  ]);
  // Every row has reached the lists (the relay's period).
  for (const rec of Object.values(r)) {
    const row = await pollRow(
      admin,
      `/staff/api/applications?q=${encodeURIComponent(rec.email)}`,
      (x) => x.uuid === rec.uuid && x.status !== 'inProgress',
    );
    rec.loan = row.loan_number;
  }
  await pollRow(admin, `/staff/api/leases?q=${r.leased.checkoutId}`, (x) => x.uuid === r.leased.uuid);
}, 60_000);

describe('staff application and lease lists', () => {
  it('a page: rows newest first and the paging meta with the filters', async () => {
    // Paged within demo-comfort's partition (its records have no contract, so the list-entry collision reported
    // below cannot skew the count).
    const base = '/staff/api/applications?retailer=ret-demo-comfort&limit=1';
    const first = await pollList(admin, base, (res) => res.body.meta?.total >= 2);
    expect(first.status).toBe(200);
    const total = first.body.meta.total;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(first.body.meta).toMatchObject({
      current_page: 1,
      per_page: 1,
      last_page: total,
      from: 1,
      to: 1,
      sort_by: 'created_at',
      sort_desc: true,
    });
    expect((first.body.meta.filters as any[]).map((f) => f.name)).toEqual([
      'status',
      'store',
      'retailer',
      'result',
      'from',
      'to',
      'q',
    ]);
    expect((first.body.meta.filters as any[]).find((f) => f.name === 'retailer').value).toBe('ret-demo-comfort');
    const second = await admin.get(`${base}&page=2`);
    expect(second.body.meta).toMatchObject({ current_page: 2, from: 2, to: 2, total, last_page: total });
    const rows = [...first.body.data, ...second.body.data];
    expect(rows).toHaveLength(2);
    expect(rows[0].uuid).not.toBe(rows[1].uuid);
    expect(rows[0].created_at >= rows[1].created_at).toBe(true);
    expect(rows[0]).toEqual(
      expect.objectContaining({
        applicant_name: expect.any(String),
        status_label: expect.any(String),
        loan_number: expect.any(String),
        store_name: expect.any(String),
        retailer_name: 'Demo Comfort Heating & Air',
      }),
    );
    // Oldest first on request; a page past the end is empty, with from/to null.
    const oldest = await admin.get('/staff/api/applications?retailer=ret-demo-comfort&limit=100&sortDesc=false');
    const created = (oldest.body.data as any[]).map((x) => x.created_at);
    expect([...created].sort()).toEqual(created);
    const past = await admin.get(`${base}&page=${total + 3}`);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ from: null, to: null, total });
    // The unfiltered list has the same shape.
    const all = await admin.get('/staff/api/applications?limit=2');
    expect(all.body.meta).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2 });
    expect(all.body.data).toHaveLength(2);
  });

  it('filters: status, store, retailer, result and the created date range', async () => {
    const check = async (query: string, must: string[], mustNot: string[], each: (row: any) => boolean) => {
      const res = await admin.get(`/staff/api/applications?${query}&limit=100`);
      expect(res.status, `${query}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      const got = ids(res);
      for (const id of must) expect(got, `${query} has ${id}`).toContain(id);
      for (const id of mustNot) expect(got, `${query} lacks ${id}`).not.toContain(id);
      for (const row of res.body.data) expect(each(row), `${query}: ${JSON.stringify(row).slice(0, 200)}`).toBe(true);
      expect(res.body.meta.total).toBeGreaterThanOrEqual(res.body.data.length);
    };
    await check('status=N', [r.denied.uuid], [r.main.uuid], (x) => x.status === 'N');
    await check('status=V', [r.main.uuid, r.hvac.uuid], [r.denied.uuid], (x) => x.status === 'V');
    await check('store=sto-hvac-central', [r.hvac.uuid], [r.main.uuid], (x) => x.store_id === 'sto-hvac-central');
    await check(
      'retailer=ret-demo-comfort',
      [r.hvac.uuid],
      [r.main.uuid, r.denied.uuid],
      (x) => x.retailer_id === 'ret-demo-comfort',
    );
    await check('result=D', [r.denied.uuid], [r.main.uuid], (x) => x.result_code === 'D');
    await check(
      'result=A&store=sto-main-street',
      [r.main.uuid],
      [r.hvac.uuid, r.denied.uuid],
      (x) => x.result_code === 'A' && x.store_id === 'sto-main-street',
    );
    await check(
      `from=${today}&to=${today}`,
      [r.main.uuid, r.hvac.uuid],
      [],
      (x) => x.created_at.slice(0, 10) === today,
    );
    await check(
      `from=${today}&retailer=ret-demo-comfort`,
      [r.hvac.uuid],
      [r.main.uuid],
      (x) => x.retailer_id === 'ret-demo-comfort',
    );
    await check('from=2001-01-01&to=2001-12-31', [], [r.main.uuid], () => false);
    await check('to=2001-12-31', [], [r.main.uuid], () => false);
  });

  it('an application whose checkout has a contract stays in the applications list (and is in the leases list)', async () => {
    // SERVER BUG if this fails: the applications list and the leases list write their entries under the same key
    // (pk APP#<uuid>, sk LIST#created_at#<scope> in functions/data/staff/lists.ts syncListEntries: the entry key has no
    // entity), so once a contract is calculated the leases entry replaces the applications entry: the record vanishes
    // from GET /staff/api/applications (every filter) while meta.total still counts it.
    const { uuid, email } = r.leased;
    const leases = await admin.get('/staff/api/leases?limit=100');
    expect(ids(leases)).toContain(uuid);
    for (const query of [
      'limit=100',
      'status=V&limit=100',
      'store=sto-main-street&limit=100',
      'result=A&limit=100',
      `from=${today}&limit=100`,
    ]) {
      const res = await admin.get(`/staff/api/applications?${query}`);
      expect(ids(res), query).toContain(uuid);
    }
    // The search (which reads the records themselves) finds it either way.
    expect(ids(await admin.get(`/staff/api/applications?q=${encodeURIComponent(email)}`))).toEqual([uuid]);
    // meta.total counts the rows a page can show.
    const all = await admin.get('/staff/api/applications?limit=100');
    if (all.body.meta.total <= 100) expect(all.body.data.length).toBe(all.body.meta.total);
  });

  it('a filter value that is not allowed is a 422 naming the field', async () => {
    const cases: [string, string, string][] = [
      ['status=Q', 'status', 'The Status value is not in the allowed values.'],
      ['store=not%20a%20store!', 'store', 'The Store value is not in the allowed values.'],
      ['retailer=%3Cscript%3E', 'retailer', 'The Retailer value is not in the allowed values.'],
      ['result=X', 'result', 'The Result value is not in the allowed values.'],
      ['from=2024-13-01', 'from', 'Invalid date entered!'],
      ['to=yesterday', 'to', 'Invalid date entered!'],
      ['from=01/02/2024', 'from', 'Invalid date entered!'],
      ['from=2024-05-02&to=2024-05-01', 'to', 'The start date must be on or before the end date.'],
      ['sortBy=password', 'sortBy', ''],
    ];
    for (const [query, field, message] of cases) {
      const res = await admin.get(`/staff/api/applications?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.errors?.[field]?.length, `${query}: ${JSON.stringify(res.body)}`).toBeGreaterThan(0);
      if (message) expect(res.body.errors![field]).toEqual([message]);
    }
    const leases = await admin.get('/staff/api/leases?requires_acceptance=maybe');
    expect(leases.status).toBe(422);
    expect(leases.body.errors?.requires_acceptance?.length).toBe(1);
  });

  it('a date that does not exist (2024-02-30) is refused as a filter bound', async () => {
    // SERVER BUG if this fails: Date.parse rolls 2024-02-30 over to March 1, so the range silently means another day.
    const res = await admin.get('/staff/api/applications?from=2024-02-30');
    expect(res.status).toBe(422);
    expect(res.body.errors?.from).toEqual(['Invalid date entered!']);
  });

  it('search: last name, e-mail, phone, SSN last 4, lease number and loan number', async () => {
    const rec = r.main;
    const cell = rec.cell;
    const queries: [string, string][] = [
      ['last name', rec.last],
      ['last name in lower case', rec.last.toLowerCase()],
      ['e-mail', rec.email],
      ['e-mail in upper case', rec.email.toUpperCase()],
      ['phone', cell],
      ['formatted phone', `(${cell.slice(0, 3)}) ${cell.slice(3, 6)}-${cell.slice(6)}`],
      ['SSN last 4', rec.ssn4],
      ['loan number', rec.loan!],
      ['uuid', rec.uuid],
    ];
    for (const [what, q] of queries) {
      const res = await admin.get(`/staff/api/applications?q=${encodeURIComponent(q)}&limit=100`);
      expect(res.status, what).toBe(200);
      expect(ids(res), `${what}: ${q}`).toContain(rec.uuid);
    }
    const byLease = await admin.get(`/staff/api/applications?q=${r.leased.checkoutId}`);
    expect(ids(byLease)).toEqual([r.leased.uuid]);
    const leases = await admin.get(`/staff/api/leases?q=${r.leased.checkoutId}`);
    expect(ids(leases)).toEqual([r.leased.uuid]);
    expect(leases.body.data[0]).toMatchObject({
      lease_number: r.leased.checkoutId,
      has_contract: true,
      requires_acceptance: true,
    });
    // The search combines with a filter, and an unknown term finds nothing.
    const combined = await admin.get(`/staff/api/applications?q=${encodeURIComponent(rec.email)}&status=N`);
    expect(combined.body.data).toEqual([]);
    const none = await admin.get('/staff/api/applications?q=zz-no-such-person-zz');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    expect(none.body.meta.total).toBe(0);
    // An approved application without a contract is not a lease.
    const notLease = await admin.get(`/staff/api/leases?q=${encodeURIComponent(rec.email)}`);
    expect(ids(notLease)).not.toContain(rec.uuid);
  });

  it("a store's user sees only its store's records: list, search and detail", async () => {
    const list = await storeUser.get('/staff/api/applications?limit=100');
    expect(list.status).toBe(200);
    expect(ids(list)).toContain(r.hvac.uuid);
    for (const row of list.body.data) expect(row.store_id).toBe('sto-hvac-central');
    for (const rec of [r.main, r.denied, r.leased]) {
      const found = await storeUser.get(`/staff/api/applications?q=${encodeURIComponent(rec.email)}`);
      expect(found.status).toBe(200);
      expect(found.body.data).toEqual([]);
      expect([403, 404]).toContain((await storeUser.get(`/staff/api/applications/${rec.uuid}`)).status);
      expect([403, 404]).toContain((await storeUser.get(`/staff/api/leases/${rec.uuid}`)).status);
    }
    // Filtering on another store does not open it.
    const other = await storeUser.get('/staff/api/applications?store=sto-main-street&limit=100');
    expect([200, 403, 422]).toContain(other.status);
    if (other.status === 200) expect(other.body.data).toEqual([]);
    const leases = await storeUser.get(`/staff/api/leases?q=${r.leased.checkoutId}`);
    expect(leases.body.data ?? []).toEqual([]);
    expect((await storeUser.get(`/staff/api/applications/${r.hvac.uuid}`)).status).toBe(200);
  });

  it("a retailer's user sees only its retailer's records", async () => {
    const list = await retailerUser.get('/staff/api/applications?limit=100');
    expect(list.status).toBe(200);
    expect(ids(list)).toContain(r.hvac.uuid);
    for (const row of list.body.data) expect(row.retailer_id).toBe('ret-demo-comfort');
    const search = await retailerUser.get(`/staff/api/applications?q=${encodeURIComponent(r.main.last)}&limit=100`);
    for (const row of search.body.data) expect(row.retailer_id).toBe('ret-demo-comfort');
    expect([403, 404]).toContain((await retailerUser.get(`/staff/api/applications/${r.main.uuid}`)).status);
    expect([403, 404]).toContain((await retailerUser.get(`/staff/api/leases/${r.leased.uuid}`)).status);
    const retailerFilter = await retailerUser.get('/staff/api/applications?retailer=ret-demo-electronics&limit=100');
    expect([200, 403, 422]).toContain(retailerFilter.status);
    if (retailerFilter.status === 200) expect(retailerFilter.body.data).toEqual([]);
    const own = await retailerUser.get(`/staff/api/applications/${r.hvac.uuid}`);
    expect(own.status).toBe(200);
    expect(own.body.data.uuid).toBe(r.hvac.uuid);
  });
});
