import { beforeAll, describe, expect, it } from 'vitest';
import { decided } from '../decision/support.ts';
import { asAdmin, makeUser, type StaffClient } from '../staff/client.ts';
import { act, detail, waitForLease } from './support.ts';

// Who may do what to a lease: each action has its own permission (a user who may read leases but not fund gets a
// 403 that changes nothing), every action done and every reveal of concealed PII is in the audit log, and the
// concealed values never leave the server without a reveal.

let admin: StaffClient;
let clerk: { client: StaffClient; user: { id: string } };
let uuid: string;
let applicant: { ssn: string; account: string; routing: string; dob: string; identification: string };

async function auditOf(type: string, user: string) {
  const res = await admin.get(`/staff/api/audit?type=${type}&user=${encodeURIComponent(user)}&limit=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    type: string;
    actor_id: string;
    target: string;
    detail: Record<string, unknown>;
    at: string;
  }[];
}

beforeAll(async () => {
  admin = await asAdmin();
  const [{ shopper }, user] = await Promise.all([
    decided('option-a'),
    makeUser(admin, {
      guard: 'system',
      permissions: ['applications.view', 'leases.view', 'lease-actions.request-info'],
    }),
  ]);
  clerk = user;
  uuid = shopper.uuid;
  const a = shopper.body.applicant;
  applicant = {
    ssn: String(a.social_security_number).replace(/\D/g, ''),
    account: shopper.body.banking.checking_account,
    routing: shopper.body.banking.routing_number,
    dob: a.date_of_birth,
    identification: a.identification,
  };
  await waitForLease(admin, uuid, 'V');
}, 60_000);

describe('lease permissions, audit and concealed PII', () => {
  it('an action without its own permission is a 403 that changes nothing; one the user holds is done and audited', async () => {
    const before = await detail(admin, uuid);
    const asClerk = await detail(clerk.client, uuid);
    const offered = Object.fromEntries((asClerk.actions as any[]).map((a) => [a.id, a.permitted]));
    expect(offered).toMatchObject({ 'request-info': true, revoke: false, rescore: false, 'changed-mind': false });

    for (const action of ['fund', 'revoke', 'changed-mind']) {
      const res = await act(clerk.client, uuid, action);
      expect(res.status, action).toBe(403);
      expect(res.body.message).toBe('Permission Denied');
    }
    const unchanged = await detail(admin, uuid);
    expect({ status: unchanged.status, v: unchanged.v }).toEqual({ status: 'V', v: before.v });
    const denied = await auditOf('access.denied', clerk.user.id);
    expect(
      denied.some((e) => e.target === `lease:${uuid}` && String(e.detail.reason).includes('lease-actions.fund')),
    ).toBe(true);

    const res = await act(clerk.client, uuid, 'request-info', { note: 'Send ID' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('I');
    const actions = await auditOf('lease.action', clerk.user.id);
    const entry = actions.find((e) => e.target === `lease:${uuid}`);
    expect(entry).toMatchObject({
      type: 'lease.action',
      actor_id: clerk.user.id,
      detail: { action: 'request-info', from: 'V', to: 'I', note: 'Send ID' },
    });
    expect(res.body.data.timeline[0].actor).toMatchObject({ type: 'staff', id: clerk.user.id });
  });

  it('the detail and the list rows never carry the full SSN, date of birth, ID or bank numbers', async () => {
    for (const client of [admin, clerk.client]) {
      const d = await detail(client, uuid);
      const text = JSON.stringify(d);
      for (const secret of [
        applicant.ssn,
        applicant.account,
        applicant.routing,
        applicant.dob,
        applicant.identification,
      ])
        expect(text).not.toContain(secret);
      expect(d.applicant.social_security_number).toMatch(new RegExp(`^\\D+${applicant.ssn.slice(-4)}$`));
      expect(d.banking.account_number).toMatch(new RegExp(`^\\D+${applicant.account.slice(-4)}$`));
      const app = await client.get(`/staff/api/applications/${uuid}`);
      expect(app.status).toBe(200);
      expect(JSON.stringify(app.body)).not.toContain(applicant.ssn);
      const list = await client.get(`/staff/api/applications?q=${applicant.ssn.slice(-4)}&limit=100`);
      expect(JSON.stringify(list.body)).not.toContain(applicant.ssn);
      expect(JSON.stringify(list.body)).not.toContain(applicant.account);
    }
    // Only a user who may reveal is offered fields to reveal.
    expect((await detail(clerk.client, uuid)).revealable).toEqual([]);
    expect((await detail(admin, uuid)).revealable).toEqual(
      expect.arrayContaining(['applicant.social_security_number', 'banking.account_number']),
    );
  });

  it('reveal: one field at a time with its own permission, each reveal audited', async () => {
    const denied = await clerk.client.post(`/staff/api/applications/${uuid}/reveal`, {
      field: 'applicant.social_security_number',
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Permission Denied');
    expect(JSON.stringify(denied.body)).not.toContain(applicant.ssn);

    const ssn = await admin.post(`/staff/api/applications/${uuid}/reveal`, {
      field: 'applicant.social_security_number',
    });
    expect(ssn.status).toBe(200);
    expect(ssn.body.data).toMatchObject({ field: 'applicant.social_security_number' });
    expect(String(ssn.body.data.value).replace(/\D/g, '')).toBe(applicant.ssn);
    const account = await admin.post(`/staff/api/applications/${uuid}/reveal`, { field: 'banking.account_number' });
    expect(account.body.data.value).toBe(applicant.account);

    const revealed = await auditOf('pii.revealed', 'usr-admin');
    expect(
      revealed.some((e) => e.target === `application:${uuid}` && e.detail.field === 'applicant.social_security_number'),
    ).toBe(true);
    expect(
      revealed.some((e) => e.target === `application:${uuid}` && e.detail.field === 'banking.account_number'),
    ).toBe(true);
    // The audit entry names the field, never its value.
    expect(JSON.stringify(revealed)).not.toContain(applicant.ssn);

    for (const field of ['applicant.password', '', 'co_applicant.social_security_number']) {
      const res = await admin.post(`/staff/api/applications/${uuid}/reveal`, { field });
      expect(res.status, field).toBe(422);
    }
    const missing = await admin.post('/staff/api/applications/00000000-0000-4000-8000-000000000000/reveal', {
      field: 'applicant.social_security_number',
    });
    expect(missing.status).toBe(404);
  });
});
