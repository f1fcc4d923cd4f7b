import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl } from '../../support/api.ts';
import { openCheckout, readPin, scheduleDelivery, lease, type Shopper } from '../checkout/support.ts';
import { shopperSession, submit, verify } from '../decision/support.ts';
import { StaffClient, asAdmin, makeUser } from '../staff/client.ts';

// Issue 11 "Underwriting as data": state rules (GET /staff/api/state-rules, PUT /staff/api/state-rules/{state}),
// Security Settings and Queue Management. The tests share one server: they change states no other test uses
// (MT, SD, ND) and put back every rule and setting they touched.

const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));

type Rule = {
  state: string;
  offered: boolean;
  cost_cap_multiplier: number | null;
  ocp_allowed: boolean;
  disclosures: string;
  v: number;
};

let admin: StaffClient;
const original = new Map<string, Rule>();

const rules = async () => (await admin.get('/staff/api/state-rules')).body.data as Rule[];
const ruleOf = async (state: string) => (await rules()).find((r) => r.state === state)!;
const bodyOf = (r: Rule) => ({
  offered: r.offered,
  cost_cap_multiplier: r.cost_cap_multiplier,
  ocp_allowed: r.ocp_allowed,
  disclosures: r.disclosures,
});

async function putRule(state: string, patch: Partial<Rule>) {
  const current = await ruleOf(state);
  const res = await admin.put(`/staff/api/state-rules/${state}`, { ...bodyOf(current), ...patch, v: current.v });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Rule;
}

beforeAll(async () => {
  admin = await asAdmin();
  for (const r of await rules()) if (['MT', 'SD', 'ND'].includes(r.state)) original.set(r.state, r);
}, 30_000);

afterAll(async () => {
  // Put the defaults back so that other tests (and the demo) are not affected.
  for (const [state, r] of original) await putRule(state, bodyOf(r));
});

describe('the state rules list', () => {
  it('lists the 50 states and DC with the seeded defaults', async () => {
    const all = await rules();
    expect(all).toHaveLength(51);
    const by = Object.fromEntries(all.map((r) => [r.state, r]));
    for (const state of ['MN', 'NJ', 'VT', 'WI', 'WY']) expect(by[state]!.offered).toBe(false);
    expect(by.CA!.cost_cap_multiplier).toBe(2.25);
    expect(by.NY!.cost_cap_multiplier).toBe(2.25);
    expect(by.HI!.cost_cap_multiplier).toBe(2);
    expect(by.WV!.cost_cap_multiplier).toBe(2.4);
    expect(by.TX).toMatchObject({ offered: true, cost_cap_multiplier: null, ocp_allowed: true });
  });
});

/** A shopper at main-street whose application says they live in `state`, saved and PIN-verified. */
async function applicantIn(state: string) {
  const { headers, store } = await shopperSession();
  const fill = await api('GET', '/apply-v2/application/fill?type=option-a', { headers });
  const body = { ...fill.body.data, location: { ...fill.body.data.location, state } };
  const saved = await api('POST', '/apply-v2/application', { body, headers });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const shopper = { headers, store, uuid: saved.body.data.uuid as string, body };
  await verify(shopper);
  return shopper;
}

describe('acceptance', () => {
  it("marking a state 'not offered' makes the next applicant from it get the seed's message; offering it again approves", async () => {
    await putRule('MT', { offered: false });
    const denied = await submit(await applicantIn('MT'));
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
    expect(denied.body.data.code).toBe('D');
    expect(denied.body.data.reason).toBe('STATE_NOT_SERVED');
    expect(denied.body.data.message.sub_title2).toBe("Sorry, we don't provide leasing services in your state");

    const es = await submit(await applicantIn('MT'), 'es');
    expect(es.body.data.reason).toBe('STATE_NOT_SERVED');

    await putRule('MT', { offered: true });
    const approved = await submit(await applicantIn('MT'));
    expect(approved.body.data.code).toBe('A');
  }, 60_000);

  it('its cost cap shows in the lease figures and the contract; OCP follows the state; the disclosures are printed', async () => {
    const disclosures =
      'South Dakota notice: <b>keep</b> & read this.\n\nSecond paragraph "quoted".\n\nÜñíçødé 🚀 \u202eRTL ﷽';
    await putRule('SD', { offered: true, cost_cap_multiplier: 1.5, ocp_allowed: false, disclosures });

    const s: Shopper = await openCheckout();
    const fill = await api('GET', '/apply-v2/application/fill?type=option-a', { headers: s.headers });
    s.fill = { ...fill.body.data, location: { ...fill.body.data.location, state: 'SD' } };
    const saved = await api('POST', '/apply-v2/application', { body: s.fill, headers: s.headers });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    s.uuid = saved.body.data.uuid;
    await api('POST', '/apply-v2/application/verify/send', {
      body: { uuid: s.uuid, mode: 'email' },
      headers: s.headers,
    });
    const code = await readPin(s.fill.applicant.email);
    const confirmed = await api('POST', '/apply-v2/application/verify/confirm', {
      body: { uuid: s.uuid, store_id: s.storeId, code, checkout_id: s.checkoutId, retrieval: false, iframe: false },
      headers: s.headers,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const result = await submit({ headers: s.headers, uuid: s.uuid! });
    expect(result.body.data.code).toBe('A');
    await scheduleDelivery(s);

    const l = await lease(s);
    expect(l.status, JSON.stringify(l.body)).toBe(200);
    const c = l.body.data.lease_cents;
    expect(l.body.data.inputs.stateCapMultiplier).toBe(1.5);
    expect(c.stateCapApplied).toBe(true);
    expect(c.totalPayment).toBeLessThanOrEqual(Math.floor(c.effectiveCashPrice * 1.5));
    expect(c.totalPayment).toBeGreaterThan(Math.floor(c.effectiveCashPrice * 1.5) - c.numPayments);
    expect(l.body.data.ocp.available).toBe(false);
    // OCP asked for where the state forbids it: refused like any unavailable OCP.
    expect((await lease(s, { ocp: '1' })).status).toBe(422);

    const q = new URLSearchParams({ apply_token: s.headers['x-apply-token']!, client_id: s.headers['x-client-id']! });
    const html = await (await fetch(`${baseUrl()}/apply-v2/checkout/${s.checkoutId}/preview?${q}`)).text();
    expect(html).toContain('Disclosures for residents of SD');
    expect(html).toContain('In SD the total of payments may not exceed 1.5 times the cash price');
    expect(html).toContain('South Dakota notice: &lt;b&gt;keep&lt;/b&gt; &amp; read this.');
    expect(html).toContain('Second paragraph &quot;quoted&quot;.');
    expect(html).not.toContain('<b>keep</b>');
    expect(html).toContain('Üñíçødé 🚀');
    // The PDF's standard font cannot show every character: it still renders (what it cannot show becomes '?').
    const pdf = await fetch(l.body.data.contract.pdf_url as string);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  }, 90_000);
});

describe('validation and permissions', () => {
  it('422 for a bad state code or a cap out of range', async () => {
    const good = bodyOf(await ruleOf('ND'));
    for (const state of ['XX', 'ca', 'CAL', 'PR']) {
      const res = await admin.put(`/staff/api/state-rules/${state}`, good);
      expect(res.status, state).toBe(422);
      expect(res.body.errors?.state?.[0]).toContain('two-letter code');
    }
    for (const cap of [0.5, 0, -1, 5.01, 100, '2']) {
      const res = await admin.put('/staff/api/state-rules/ND', { ...good, cost_cap_multiplier: cap });
      expect(res.status, String(cap)).toBe(422);
      expect(res.body.errors?.cost_cap_multiplier?.[0]).toContain('from 1 to 5');
    }
    const long = await admin.put('/staff/api/state-rules/ND', { ...good, disclosures: 'x'.repeat(5001) });
    expect(long.status).toBe(422);
    expect(long.body.errors?.disclosures).toBeDefined();
  });

  it('409 when someone saved in between (optimistic locking)', async () => {
    const r = await ruleOf('ND');
    expect((await admin.put('/staff/api/state-rules/ND', { ...bodyOf(r), v: r.v })).status).toBe(200);
    expect((await admin.put('/staff/api/state-rules/ND', { ...bodyOf(r), v: r.v })).status).toBe(409);
  });

  it('403 without the permission; view does not allow update', async () => {
    const none = (await makeUser(admin, { guard: 'system', permissions: [] })).client;
    expect((await none.get('/staff/api/state-rules')).status).toBe(403);
    expect((await none.put('/staff/api/state-rules/ND', bodyOf(await ruleOf('ND')))).status).toBe(403);
    const viewer = (
      await makeUser(admin, { guard: 'system', permissions: ['state-rules.view', 'security.view', 'queues.view'] })
    ).client;
    expect((await viewer.get('/staff/api/state-rules')).status).toBe(200);
    expect((await viewer.get('/staff/api/security-settings')).status).toBe(200);
    expect((await viewer.get('/staff/api/queue-config')).status).toBe(200);
    const refused = await viewer.put('/staff/api/state-rules/ND', bodyOf(await ruleOf('ND')));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Permission Denied');
    expect((await viewer.put('/staff/api/security-settings', {})).status).toBe(403);
    expect((await viewer.put('/staff/api/queue-config', {})).status).toBe(403);
  });

  it('every naughty string in the disclosures is stored as given or refused with a 4xx, never a 5xx', async () => {
    const failures: string[] = [];
    let current = await ruleOf('ND');
    for (const text of blns) {
      const res = await admin.put('/staff/api/state-rules/ND', { ...bodyOf(current), disclosures: text, v: current.v });
      if (res.status >= 500) failures.push(`${res.status} ${JSON.stringify(text)}`);
      else if (res.status === 200) {
        current = res.body.data;
        if (current.disclosures !== text) failures.push(`changed ${JSON.stringify(text)}`);
      } else if (res.status !== 422) failures.push(`unexpected ${res.status} ${JSON.stringify(text)}`);
    }
    expect(failures).toEqual([]);
    expect((await ruleOf('ND')).disclosures).toBe(current.disclosures);
  }, 120_000);

  it('audits every change', async () => {
    await putRule('ND', { disclosures: 'audited' });
    const log = await admin.get('/staff/api/audit?type=rules.changed&limit=5');
    expect(log.status).toBe(200);
    expect((log.body.data as { target: string }[]).some((e) => e.target === 'state-rule:ND')).toBe(true);
  });
});

describe('security settings', () => {
  it('stores the policy; the password policy applies to the next password change; an allow-list that shuts out the editor is refused', async () => {
    const start = (await admin.get('/staff/api/security-settings')).body.data;
    expect(start.settings.ip_allow_list).toEqual([]);
    const bad = await admin.put('/staff/api/security-settings', {
      ...start.settings,
      session: { idle_minutes: 1, absolute_hours: 999 },
      v: start.v,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(
      expect.arrayContaining(['session.idle_minutes', 'session.absolute_hours']),
    );
    const malformed = await admin.put('/staff/api/security-settings', {
      ...start.settings,
      ip_allow_list: ['not-an-ip'],
      v: start.v,
    });
    expect(malformed.status).toBe(422);
    const lockout = await admin.put('/staff/api/security-settings', {
      ...start.settings,
      ip_allow_list: ['203.0.113.0/24'],
      v: start.v,
    });
    expect(lockout.status).toBe(422);
    expect(lockout.body.errors?.ip_allow_list?.[0]).toContain('shut out your own address');

    const stricter = {
      ...start.settings,
      password: { ...start.settings.password, min_length: 12, require_digit: true },
    };
    const saved = await admin.put('/staff/api/security-settings', { ...stricter, v: start.v });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      const { client, password } = await makeUser(admin, { guard: 'system', permissions: [] });
      const weak = await client.post('/staff/api/auth/password/change', {
        current_password: password,
        password: 'abcdefghijk',
        password_confirmation: 'abcdefghijk',
      });
      expect(weak.status).toBe(422);
      expect(weak.body.errors?.password).toEqual(
        expect.arrayContaining([
          'The password is shorter than the password policy allows.',
          'The password needs a digit.',
        ]),
      );
    } finally {
      const now = (await admin.get('/staff/api/security-settings')).body.data;
      expect((await admin.put('/staff/api/security-settings', { ...start.settings, v: now.v })).status).toBe(200);
    }
  });
});

describe('queue management', () => {
  it('stores which statuses feed which queue and who may claim; unknown roles and statuses are refused', async () => {
    const start = (await admin.get('/staff/api/queue-config')).body.data;
    expect(start.settings.queues.review).toEqual({ statuses: ['S'], claim_roles: [] });
    expect(start.settings.queues.funding.statuses).toEqual(['Y.delivered']);
    const unknownRole = await admin.put('/staff/api/queue-config', {
      queues: { ...start.settings.queues, review: { statuses: ['S'], claim_roles: ['role-nope'] } },
      v: start.v,
    });
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.errors?.['queues.review.claim_roles.0']).toBeDefined();
    const badStatus = await admin.put('/staff/api/queue-config', {
      queues: { ...start.settings.queues, info: { statuses: ['Q'], claim_roles: [] } },
      v: start.v,
    });
    expect(badStatus.status).toBe(422);
    const changed = await admin.put('/staff/api/queue-config', {
      queues: { ...start.settings.queues, review: { statuses: ['S', 'I'], claim_roles: ['role-admin'] } },
      v: start.v,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.settings.queues.review).toEqual({ statuses: ['S', 'I'], claim_roles: ['role-admin'] });
    expect((await admin.put('/staff/api/queue-config', { ...start.settings, v: changed.body.data.v })).status).toBe(
      200,
    );
  });
});
