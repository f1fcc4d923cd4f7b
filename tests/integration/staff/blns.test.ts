import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { StaffClient, asAdmin, unique, newUser } from './client.ts';

// Every naughty string in the text fields of users, stores, retailers and roles: a 2xx or a 4xx, never a 5xx, and
// what was stored comes back unchanged (in the record and in the list row).
const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));

let admin: StaffClient;
beforeAll(async () => {
  admin = await asAdmin();
});

/** Parts of the list swept side by side, each on its own record (a record's writes are versioned, one at a time). */
const LANES = 4;
const lanes = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: LANES }, (_, lane) => items.filter((_, i) => i % LANES === lane));

/** Runs `each` for every naughty string, LANES at a time. */
async function eachString(each: (s: string) => Promise<void>): Promise<void> {
  await Promise.all(
    lanes(blns).map(async (part) => {
      for (const s of part) await each(s);
    }),
  );
}

/** Sweeps the naughty strings through the fields of LANES records made by `create`, each taking its share. */
async function sweep(
  path: string,
  fields: string[],
  create: () => Promise<{ id: string; v: number }>,
  listPath: string,
) {
  const results = await Promise.all(lanes(blns).map(async (part) => sweepRecord(path, fields, await create(), part)));
  const failures = results.flatMap((r) => r.failures);
  const list = await admin.get(listPath);
  if (list.status !== 200) failures.push(`list ${list.status}`);
  return { failures, stored: results.reduce((sum, r) => sum + r.stored, 0) };
}

async function sweepRecord(path: string, fields: string[], start: { id: string; v: number }, strings: string[]) {
  const failures: string[] = [];
  let v = start.v;
  let stored = 0;
  /** Saves `s` in `names` at once; on a 200 checks the answer and the record read back. */
  const save = async (names: string[], s: string) => {
    const res = await admin.put(`${path}/${start.id}`, { ...Object.fromEntries(names.map((f) => [f, s])), v });
    if (res.status >= 500) failures.push(`${res.status} ${names.join('+')} ${JSON.stringify(s)}`);
    else if (res.status === 200) {
      v = res.body.data.v;
      stored += names.length;
      const back = await admin.get(`${path}/${start.id}`);
      for (const field of names) {
        if (res.body.data[field] !== s)
          failures.push(`changed ${field} ${JSON.stringify(s)} -> ${JSON.stringify(res.body.data[field])}`);
        if (back.body.data[field] !== s) failures.push(`read back ${field} ${JSON.stringify(s)}`);
      }
    } else if (res.status !== 422) failures.push(`unexpected ${res.status} ${names.join('+')} ${JSON.stringify(s)}`);
    return res.status;
  };
  for (const s of strings) {
    // Every field at once (one versioned write of the record, not one per field); a string one field refuses is
    // then tried in each field alone, so every field still stores and returns every string it accepts.
    if ((await save(fields, s)) === 422 && fields.length > 1) for (const field of fields) await save([field], s);
  }
  return { failures, stored };
}

describe('naughty strings in staff text fields', () => {
  it('users: display name and e-mail', async () => {
    const newNaughtyUser = async () =>
      (
        await admin.post(
          '/staff/api/users',
          newUser(unique('blns_'), {
            display_name: 'Naughty',
            password: 'naughty-password',
            guard: 'system',
          }),
        )
      ).body.data;
    const { failures, stored } = await sweep(
      '/staff/api/users',
      ['display_name'],
      newNaughtyUser,
      '/staff/api/users?sortBy=display_name',
    );
    expect(failures).toEqual([]);
    expect(stored).toBeGreaterThan(400);
    // As user names and logins: refused or accepted, never a 5xx.
    const bad: string[] = [];
    await eachString(async (s) => {
      const res = await admin.post('/staff/api/users', {
        username: s,
        email: s,
        display_name: s,
        password: 'naughty-password',
        guard: 'system',
      });
      if (res.status >= 500) bad.push(JSON.stringify(s));
      const q = await admin.get(`/staff/api/users?sortBy=${encodeURIComponent(s)}&guard=${encodeURIComponent(s)}`);
      if (q.status >= 500) bad.push(`query ${JSON.stringify(s)}`);
    });
    expect(bad).toEqual([]);
  }, 300_000);

  it('stores: name, label and short name', async () => {
    const newStore = async () =>
      (
        await admin.post('/staff/api/stores', {
          name: 'Naughty store',
          slug: unique('blns-').toLowerCase(),
          retailer_id: 'ret-demo-electronics',
        })
      ).body.data;
    const { failures, stored } = await sweep(
      '/staff/api/stores',
      ['name', 'label', 'short_name'],
      newStore,
      '/staff/api/stores?sortBy=name&sortDesc=true',
    );
    expect(failures).toEqual([]);
    expect(stored).toBeGreaterThan(1200);
  }, 300_000);

  it('retailers and roles: names and descriptions', async () => {
    const newRetailer = async () =>
      (await admin.post('/staff/api/retailers', { name: 'Naughty retailer', slug: unique('blns-').toLowerCase() })).body
        .data;
    const r = await sweep('/staff/api/retailers', ['name'], newRetailer, '/staff/api/retailers');
    expect(r.failures).toEqual([]);
    const newRole = async () =>
      (await admin.post('/staff/api/roles', { name: unique('Naughty '), guard: 'store' })).body.data;
    const ro = await sweep('/staff/api/roles', ['description'], newRole, '/staff/api/roles');
    expect(ro.failures).toEqual([]);
    // Role names are unique per guard: every string gets a 2xx or 4xx.
    const bad: string[] = [];
    await eachString(async (s) => {
      const res = await admin.post('/staff/api/roles', { name: s, guard: 'retailer' });
      if (res.status >= 500) bad.push(JSON.stringify(s));
      const login = await new StaffClient().post('/staff/api/auth/password/forgot', { email: s });
      if (login.status >= 500) bad.push(`forgot ${JSON.stringify(s)}`);
    });
    expect(bad).toEqual([]);
  }, 300_000);
});
