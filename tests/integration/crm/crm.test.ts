import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { StaffClient, asAdmin, makeUser, unique } from '../staff/client.ts';

// Issue 12 against the real server: CRUD through the generic staff layer, tenancy of marketing requests, bad input,
// naughty strings, tasks with recurrence, the staff Payment Calculator, push notifications and the mobile API.
const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));

let admin: StaffClient;
let store: StaffClient;
const anon = () => new StaffClient();

beforeAll(async () => {
  admin = await asAdmin();
  store = (
    await makeUser(admin, {
      guard: 'store',
      permissions: ['marketing.request', 'stores.view'],
      stores: ['sto-main-street'],
    })
  ).client;
}, 60_000);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('demo seed', () => {
  it('every area has demo records', async () => {
    for (const path of [
      'leads',
      'contacts',
      'tasks',
      'campaigns',
      'marketing-requests',
      'marketing-guide',
      'resources-library',
      'push-notifications',
      'mobile-slides',
    ]) {
      const res = await admin.get(`/staff/api/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.body.meta.total, path).toBeGreaterThan(0);
    }
  });
});

describe('leads', () => {
  it('create, show, list, update with locking, delete', async () => {
    const name = unique('Lead ');
    const created = await admin.post('/staff/api/leads', {
      name,
      company: 'Acme',
      email: 'a@example.com',
      phone: '512 555 0100',
      status: 'new',
      source: 'website',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const lead = created.body.data;
    expect(lead.phone).toBe('5125550100');
    expect((await admin.get(`/staff/api/leads/${lead.id}`)).body.data.name).toBe(name);
    const list = await admin.get('/staff/api/leads?sortBy=updated_at&sortDesc=true');
    expect(list.body.data[0].id).toBe(lead.id);
    const updated = await admin.put(`/staff/api/leads/${lead.id}`, { status: 'qualified', v: lead.v });
    expect(updated.status).toBe(200);
    expect(updated.body.data.status).toBe('qualified');
    expect(updated.body.data.name).toBe(name);
    expect((await admin.put(`/staff/api/leads/${lead.id}`, { status: 'lost', v: lead.v })).status).toBe(409);
    expect(
      (await admin.get('/staff/api/leads?status=qualified&limit=100')).body.data.some(
        (r: { id: string }) => r.id === lead.id,
      ),
    ).toBe(true);
    expect((await admin.get(`/staff/api/leads/${lead.id}?_form=true`)).body.data.values.name).toBe(name);
    expect((await admin.del(`/staff/api/leads/${lead.id}`)).status).toBe(200);
    expect((await admin.get(`/staff/api/leads/${lead.id}`)).status).toBe(404);
  });

  it('bad input is a 422 keyed by field', async () => {
    const res = await admin.post('/staff/api/leads', {
      company: 'No name',
      email: 'not-an-email',
      phone: '12',
      status: 'maybe',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['email', 'phone', 'status']);
    const missing = await admin.post('/staff/api/leads', { company: 'No name' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.name).toBeDefined();
    expect((await admin.get('/staff/api/leads?status=nope')).status).toBe(422);
    expect((await admin.get('/staff/api/leads?sortBy=nope')).status).toBe(422);
  });

  it('naughty strings come back unchanged or are refused, never a 5xx', async () => {
    let lead = (await admin.post('/staff/api/leads', { name: 'Naughty' })).body.data;
    const failures: string[] = [];
    let stored = 0;
    for (const s of blns) {
      const res = await admin.put(`/staff/api/leads/${lead.id}`, { name: s, notes: s, v: lead.v });
      if (res.status >= 500) failures.push(`${res.status} ${JSON.stringify(s)}`);
      else if (res.status === 200) {
        lead = res.body.data;
        stored++;
        if (lead.name !== s || lead.notes !== s) failures.push(`changed ${JSON.stringify(s)}`);
      } else if (res.status !== 422) failures.push(`unexpected ${res.status} ${JSON.stringify(s)}`);
    }
    expect(failures).toEqual([]);
    expect(stored).toBeGreaterThan(400);
    const back = await admin.get(`/staff/api/leads/${lead.id}`);
    expect(back.body.data.name).toBe(lead.name);
    expect((await admin.get('/staff/api/leads?sortBy=name')).status).toBe(200);
  }, 120_000);
});

describe('tasks with recurrence', () => {
  it('a weekly task assigned to a user: next dates a week apart, completing moves it on', async () => {
    const start = day(3);
    const weekday = (new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7;
    const res = await admin.post('/staff/api/tasks', {
      title: unique('Weekly '),
      due_at: start,
      assignee_id: 'usr-admin',
      repeats: true,
      recurrence: {
        freq: 2,
        interval: 1,
        dtstart: start,
        until: null,
        count: null,
        byweekday: [weekday],
        bymonthday: null,
        bysetpos: null,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const task = res.body.data;
    expect(task.assignee_name).toBe('Administrator');
    expect(task.rrule).toContain('FREQ=WEEKLY');
    expect(task.next_occurrences.length).toBe(5);
    const gaps = task.next_occurrences
      .slice(1)
      .map((d: string, i: number) => (Date.parse(d) - Date.parse(task.next_occurrences[i])) / 86_400_000);
    expect(gaps).toEqual([7, 7, 7, 7]);
    const done = await admin.put(`/staff/api/tasks/${task.id}`, { status: 'done', v: task.v });
    expect(done.body.data.status).toBe('open');
    expect(done.body.data.due_at).toBe(
      new Date(Date.parse(`${start}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    );
    const mine = await admin.get('/staff/api/tasks?assignee=usr-admin&status=open&limit=100');
    expect(mine.body.data.some((r: { id: string }) => r.id === task.id)).toBe(true);
  });

  it('refuses a bad recurrence, a missing assignee and an unknown user', async () => {
    const base = { title: 'Bad', due_at: day(1), assignee_id: 'usr-admin', repeats: true };
    expect((await admin.post('/staff/api/tasks', { ...base, recurrence: { freq: 9, dtstart: day(1) } })).status).toBe(
      422,
    );
    expect(
      (await admin.post('/staff/api/tasks', { ...base, recurrence: { freq: 2, dtstart: 'tomorrow' } })).status,
    ).toBe(422);
    expect((await admin.post('/staff/api/tasks', { ...base, recurrence: null })).status).toBe(422);
    expect(
      (await admin.post('/staff/api/tasks', { title: 'x', due_at: day(1) })).body.errors?.assignee_id,
    ).toBeDefined();
    expect(
      (await admin.post('/staff/api/tasks', { title: 'x', due_at: day(1), assignee_id: 'usr-nobody' })).status,
    ).toBe(422);
    expect(
      (await admin.post('/staff/api/tasks', { title: 'x', due_at: '2026-02-30', assignee_id: 'usr-admin' })).status,
    ).toBe(422);
  });
});

describe('marketing requests: a store asks for material', () => {
  it('a store user asks for its own store, not for another, and sees only its own', async () => {
    const own = await store.post('/staff/api/marketing-requests', {
      store_id: 'sto-main-street',
      material: 'poster',
      quantity: 5,
      status: 'shipped',
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.status).toBe('submitted');
    expect(
      (
        await store.post('/staff/api/marketing-requests', {
          store_id: 'sto-hvac-central',
          material: 'poster',
          quantity: 5,
        })
      ).status,
    ).toBe(403);
    const foreign = await admin.post('/staff/api/marketing-requests', {
      store_id: 'sto-hvac-central',
      material: 'banner',
      quantity: 1,
    });
    expect(foreign.status).toBe(200);
    expect((await store.get(`/staff/api/marketing-requests/${foreign.body.data.id}`)).status).toBe(403);
    const list = (await store.get('/staff/api/marketing-requests?limit=100')).body.data as {
      id: string;
      store_id: string;
    }[];
    expect(list.some((r) => r.id === own.body.data.id)).toBe(true);
    expect(list.every((r) => r.store_id === 'sto-main-street')).toBe(true);
    // only marketing staff move a request along
    expect(
      (await store.put(`/staff/api/marketing-requests/${own.body.data.id}`, { status: 'shipped', v: own.body.data.v }))
        .status,
    ).toBe(403);
    expect(
      (await admin.put(`/staff/api/marketing-requests/${own.body.data.id}`, { status: 'shipped', v: own.body.data.v }))
        .body.data.status,
    ).toBe('shipped');
    // and the store user has no CRM
    expect((await store.get('/staff/api/leads')).status).toBe(403);
  });
});

describe('resources library: uploaded documents with categories', () => {
  it('keeps the uploaded file id; an unknown file is a 422', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new TextEncoder().encode('%PDF-1.4\n%demo\n')], { type: 'application/pdf' }),
      'guide.pdf',
    );
    const headers: Record<string, string> = {
      cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': admin.csrf ?? '',
    };
    const up = await fetch(`${inject('baseUrl')}/staff/api/files`, { method: 'POST', body: form, headers }).then((r) =>
      r.json(),
    );
    expect(up.status, JSON.stringify(up)).toBe(true);
    const res = await admin.post('/staff/api/resources-library', {
      title: unique('Doc '),
      category: 'forms',
      file: up.data,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.file_id).toBe(up.data.id);
    expect(res.body.data.file_name).toBe('guide.pdf');
    expect(
      (await admin.get('/staff/api/resources-library?category=forms&limit=100')).body.data.some(
        (r: { id: string }) => r.id === res.body.data.id,
      ),
    ).toBe(true);
    const bad = await admin.post('/staff/api/resources-library', {
      title: 'x',
      category: 'forms',
      file: 'no-such-file',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.file).toBeDefined();
    expect((await admin.post('/staff/api/resources-library', { title: 'x', category: 'nope' })).status).toBe(422);
  });
});

describe('staff Payment Calculator', () => {
  it('prices any amount, option and frequency', async () => {
    const res = await admin.post('/staff/api/payment-calculator', {
      amount: '1,500.00',
      option: 'A',
      frequency: 'monthly',
      decile: 3,
      state: 'TX',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Number(res.body.data.payment_amount)).toBeGreaterThan(0);
    expect(res.body.data.term).toBeGreaterThan(0);
    const weekly = await admin.post('/staff/api/payment-calculator', {
      amount: 1500,
      option: 'B',
      frequency: '14-day',
    });
    expect(weekly.status).toBe(200);
    expect(
      (await admin.post('/staff/api/payment-calculator', { amount: 'lots', option: 'A', frequency: 'monthly' })).status,
    ).toBe(422);
    expect(
      (await admin.post('/staff/api/payment-calculator', { amount: 100, option: 'Z', frequency: 'yearly' })).status,
    ).toBe(422);
  });
});

describe('push notifications and the mobile API', () => {
  it('sends now or on schedule, targets all, a retailer or a store; the mobile API shows what was sent', async () => {
    const title = unique('Now ');
    const now = await admin.post('/staff/api/push-notifications', {
      title,
      body: 'Hello',
      target: 'store',
      store_id: 'sto-main-street',
    });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body.data.status).toBe('sent');
    const later = await admin.post('/staff/api/push-notifications', {
      title: unique('Later '),
      body: 'Soon',
      target: 'all',
      send_at: `${day(5)}T10:00`,
    });
    expect(later.body.data.status).toBe('scheduled');
    expect(
      (await admin.post('/staff/api/push-notifications', { title: 'x', body: 'y', target: 'store' })).body.errors
        ?.store_id,
    ).toBeDefined();
    expect(
      (await admin.post('/staff/api/push-notifications', { title: 'x'.repeat(66), body: 'y', target: 'all' })).status,
    ).toBe(422);
    expect(
      (await admin.put(`/staff/api/push-notifications/${now.body.data.id}`, { title: 'changed', v: now.body.data.v }))
        .status,
    ).toBe(422);

    const forStore = await anon().get('/mobile/v1/notifications?store=sto-main-street');
    expect(forStore.status).toBe(200);
    const titles = (forStore.body.data as { title: string }[]).map((n) => n.title);
    expect(titles).toContain(title);
    expect(titles).toContain('Welcome to the app');
    expect(titles).not.toContain(later.body.data.title);
    const elsewhere = (await anon().get('/mobile/v1/notifications?store=sto-hvac-central')).body.data as {
      title: string;
    }[];
    expect(elsewhere.map((n) => n.title)).not.toContain(title);
    expect((await anon().get('/mobile/v1/notifications?store=..%2Fx')).status).toBe(422);

    const sandbox = await fetch(`${inject('baseUrl')}/sandbox/messages`).then((r) => r.json());
    const sent = JSON.stringify(sandbox);
    expect(sent).toContain('"purpose":"push"');
  });

  it('slides in their order', async () => {
    const res = await anon().get('/mobile/v1/slides');
    expect(res.status).toBe(200);
    const positions = (res.body.data as { position: number }[]).map((s) => s.position);
    expect(positions.length).toBeGreaterThanOrEqual(3);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const hidden = await admin.post('/staff/api/mobile-slides', {
      title: unique('Hidden '),
      position: 0,
      active: false,
    });
    expect(hidden.status).toBe(200);
    expect(
      ((await anon().get('/mobile/v1/slides')).body.data as { id: string }[]).some((s) => s.id === hidden.body.data.id),
    ).toBe(false);
  });
});
