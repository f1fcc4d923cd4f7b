import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, applySession } from '../../support/api.ts';
import { StaffClient, asAdmin, makeUser } from '../staff/client.ts';
import { freshIp, multipart, newDraft, PDF, postJson, raw, signupBody, uploadDocument } from './support.ts';

const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));

async function submit(overrides: Record<string, unknown> = {}) {
  const ip = freshIp();
  const draft = await newDraft(ip);
  const body = signupBody(draft, overrides);
  const res = await postJson('/public/signup', body, ip);
  return { res, body, draft, ip };
}

async function messagesTo(to: string) {
  const res = await api('GET', '/sandbox/messages');
  return (res.body.data as any[]).filter((m) => m.to === to);
}

describe('public sign-up', () => {
  it('refuses naughty strings in text fields with a 4xx, never a 5xx', async () => {
    // Several strings per submission (one per text field), so the run stays short.
    const fields = ['business_name', 'dba_name', 'website', 'address_line_1', 'city', 'bank_account_name'];
    for (let i = 0; i < blns.length; i += fields.length) {
      const ip = freshIp();
      const draft = await newDraft(ip);
      const body: Record<string, unknown> = signupBody(draft);
      fields.forEach((f, j) => {
        const s = blns[(i + j) % blns.length]!;
        if (s) body[f] = s;
      });
      (body.contacts as any[])[0].name = blns[i]! || 'x';
      const res = await postJson('/public/signup', body, ip);
      expect(
        res.status,
        `${JSON.stringify(blns.slice(i, i + fields.length))} -> ${JSON.stringify(res.body).slice(0, 300)}`,
      ).toBeLessThan(500);
      expect([200, 422]).toContain(res.status);
    }
  }, 120_000);

  it('rate-limits submissions per client address (429 after 10 in an hour)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await postJson('/public/signup', signupBody(await newDraft(ip)), ip)).status).toBe(200);
    const over = await postJson('/public/signup', signupBody(await newDraft(ip)), ip);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many sign-ups from this address. Please try again later.');
    // another address is not affected
    expect((await submit()).res.status).toBe(200);
  });

  it('answers 422 with the seed message when two contacts share an e-mail', async () => {
    const { res } = await submit({
      contacts: [
        { role: 'owner', name: 'A', email: 'same@example.com', phone: '5125550101' },
        { role: 'manager', name: 'B', email: 'SAME@example.com', phone: '5125550102' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors['contacts.1.email']).toEqual([
      'Please do not enter the same email address for different contacts',
    ]);
    expect(res.body.message).toBe('Please do not enter the same email address for different contacts');
  });

  it('refuses a 10 MB upload with "File size should be less than 9MB", an .exe and a renamed executable', async () => {
    const ip = freshIp();
    const draft = await newDraft(ip);
    const big = Buffer.alloc(10 * 1024 * 1024, 0x20);
    PDF.copy(big);
    const tooBig = await uploadDocument(draft, { name: 'big.pdf', bytes: big, type: 'application/pdf' }, ip);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.message).toBe('File size should be less than 9MB');
    expect(tooBig.body.errors.file).toEqual(['File size should be less than 9MB']);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500)]);
    const asExe = await uploadDocument(draft, { name: 'setup.exe', bytes: exe }, ip);
    expect(asExe.status).toBe(422);
    expect(asExe.body.errors.file[0]).toMatch(/not allowed/);
    const renamed = await uploadDocument(draft, { name: 'invoice.pdf', bytes: exe, type: 'application/pdf' }, ip);
    expect(renamed.status).toBe(422);
    const es = await multipart({ name: 'big.pdf', bytes: big }, { draft });
    const inSpanish = await raw('POST', '/public/files', {
      body: es.body,
      headers: { 'content-type': es.contentType, 'x-lang': 'es' },
      ip,
    });
    expect(inSpanish.body.message).toBe('El tamaño del archivo debe ser menor de 9MB');
    // No draft: refused.
    const noDraft = await uploadDocument('dr_' + 'x'.repeat(30), undefined, ip);
    expect(noDraft.status).toBe(422);
  });

  it('staff approve: retailer, store with the default lease program and a store user; the invitation sets a password; the user sees only its store; a shopper applies there', async () => {
    const ip = freshIp();
    const draft = await newDraft(ip);
    const doc = await uploadDocument(draft, undefined, ip);
    expect(doc.status).toBe(200);
    expect(doc.body.data).toMatchObject({
      id: expect.stringMatching(/^fil-/),
      token: expect.any(String),
      original_name: 'license.pdf',
      url: `/staff/api/files/${doc.body.data.id}`,
    });
    const body = signupBody(draft, { documents: [doc.body.data.id] });
    const res = await postJson('/public/signup', body, ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id;

    const admin = await asAdmin();
    const list = await admin.get('/staff/api/store-applications?state=submitted&limit=100');
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: any) => r.id)).toContain(id);
    const shown = await admin.get(`/staff/api/store-applications/${id}`);
    expect(shown.body.data.bank).toEqual({
      account_name: body.bank_account_name,
      routing_number: '*****0021',
      account_number: '****6789',
    });
    expect(shown.body.data.documents).toHaveLength(1);
    const download = await admin.call('GET', shown.body.data.documents[0].url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');

    const approved = await admin.post(`/staff/api/store-applications/${id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.state).toBe('approved');
    const created = approved.body.data.created;
    const again = await admin.post(`/staff/api/store-applications/${id}/approve`, {});
    expect(again.status).toBe(409);

    const store = await admin.get(`/staff/api/stores/${created.store_id}`);
    expect(store.body.data).toMatchObject({ retailer_id: created.retailer_id, identifier: 'HVAC', active: true });
    expect(store.body.data.lease_program).toBeTruthy();

    const owner = (body.contacts as any[])[0];
    const [mail] = await messagesTo(owner.email);
    expect(mail.subject).toContain(body.business_name);
    const token = /token=([A-Za-z0-9_%-]+)/.exec(mail.body)![1]!;
    const reset = await api('POST', '/staff/api/auth/password/reset', {
      body: {
        token: decodeURIComponent(token),
        password: 'a-brand-new-password-1',
        password_confirmation: 'a-brand-new-password-1',
      },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    const user = new StaffClient();
    await user.login(owner.email, 'a-brand-new-password-1');
    const me = await user.get('/staff/api/auth/me');
    expect(me.body.data.guard).toBe('store');
    expect(me.body.data.stores.map((s: any) => s.id)).toEqual([created.store_id]);
    const stores = await user.get('/staff/api/stores');
    expect(stores.body.data.map((s: any) => s.id)).toEqual([created.store_id]);
    expect((await user.get('/staff/api/stores/sto-main-street')).status).toBe(403);
    expect((await user.get('/staff/api/store-applications')).status).toBe(403);

    // A shopper applies at the new store.
    const retailer = await admin.get(`/staff/api/retailers/${created.retailer_id}`);
    const session = await applySession(retailer.body.data.slug, 'main');
    const headers = { 'x-apply-token': session['x-apply-token'], 'x-client-id': session['x-client-id'] };
    const fill = await api('GET', '/apply-v2/application/fill?type=option-a', { headers });
    expect(fill.status).toBe(200);
    const applied = await api('POST', '/apply-v2/application', { body: fill.body.data, headers });
    expect(applied.status, JSON.stringify(applied.body.errors)).toBe(200);
    expect(applied.body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);

  it('decline sends the decline e-mail; cleaning then decline; a store user may not decide', async () => {
    const { res, body } = await submit();
    const id = res.body.data.id;
    const admin = await asAdmin();
    const { client: storeUser } = await makeUser(admin, {
      guard: 'store',
      permissions: ['stores.view'],
      stores: ['sto-main-street'],
    });
    expect((await storeUser.post(`/staff/api/store-applications/${id}/decline`, {})).status).toBe(403);
    const cleaned = await admin.post(`/staff/api/store-applications/${id}/clean`, { note: 'Blurry licence' });
    expect(cleaned.body.data.state).toBe('requiring-cleaning');
    expect((await admin.post(`/staff/api/store-applications/${id}/clean`, {})).status).toBe(409);
    const declined = await admin.post(`/staff/api/store-applications/${id}/decline`, { reason: 'Out of area' });
    expect(declined.status).toBe(200);
    expect(declined.body.data.state).toBe('declined');
    const mails = await messagesTo((body.contacts as any[])[0].email);
    expect(mails.some((m) => m.purpose === 'store-declined' && m.subject.includes(body.business_name))).toBe(true);
    expect((await admin.post(`/staff/api/store-applications/${id}/approve`, {})).status).toBe(409);
  });
});

describe('OAuth client credentials', () => {
  it('exchanges client credentials for a token that works on /retailer/v1; a revoked client fails', async () => {
    const admin = await asAdmin();
    const retailers = await admin.get('/staff/api/retailers?limit=100');
    const demo = retailers.body.data.find((r: any) => r.slug === 'demo-electronics');
    const created = await admin.post('/staff/api/oauth-clients', { name: 'ERP', retailer_id: demo.id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { client_id, client_secret } = created.body.data;
    expect(client_secret).toMatch(/^ocs_/);
    const list = await admin.get('/staff/api/oauth-clients');
    expect(JSON.stringify(list.body.data)).not.toContain(client_secret);

    const form = (extra: Record<string, string>) =>
      new URLSearchParams({ grant_type: 'client_credentials', ...extra }).toString();
    const ct = { 'content-type': 'application/x-www-form-urlencoded' };
    const bad = await raw('POST', '/oauth/token', { body: form({ client_id, client_secret: 'wrong' }), headers: ct });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_client');
    const grant = await raw('POST', '/oauth/token', { body: 'grant_type=password', headers: ct });
    expect(grant.body.error).toBe('unsupported_grant_type');
    const basic = Buffer.from(`${client_id}:${client_secret}`).toString('base64');
    const tok = await raw('POST', '/oauth/token', {
      body: 'grant_type=client_credentials',
      headers: { ...ct, authorization: `Basic ${basic}` },
    });
    expect(tok.status, JSON.stringify(tok.body)).toBe(200);
    expect(tok.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      access_token: expect.stringMatching(/^oat_/),
    });
    expect(tok.headers['cache-control']).toBe('no-store');

    const use = () =>
      api('GET', '/retailer/v1/webhooks/deliveries', { headers: { authorization: `Bearer ${tok.body.access_token}` } });
    expect((await use()).status).toBe(200);
    const revoke = await admin.del(`/staff/api/oauth-clients/${client_id}`);
    expect(revoke.status).toBe(200);
    expect((await use()).status).toBe(401);
    const after = await raw('POST', '/oauth/token', { body: form({ client_id, client_secret }), headers: ct });
    expect(after.status).toBe(401);
  });
});

describe('staff files', () => {
  it('uploads, downloads within the tenant only, and deletes with the token', async () => {
    const admin = await asAdmin();
    const mp = await multipart({
      name: 'notes.png',
      bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]),
    });
    const up = await admin.call('POST', '/staff/api/files', {
      rawBody: mp.body as unknown as string,
      headers: { 'content-type': mp.contentType },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const { id, token } = up.body.data;
    expect((await admin.call('GET', `/staff/api/files/${id}`)).status).toBe(200);
    const { client: other } = await makeUser(admin, {
      guard: 'store',
      permissions: ['stores.view'],
      stores: ['sto-main-street'],
    });
    expect((await other.call('GET', `/staff/api/files/${id}`)).status).toBe(403);
    expect((await admin.del(`/staff/api/files/${id}`, { force: true, token: 'wrong' })).status).toBe(403);
    expect((await admin.del(`/staff/api/files/${id}`, { force: true, token })).status).toBe(200);
    expect((await admin.call('GET', `/staff/api/files/${id}`)).status).toBe(404);
  });
});

describe('Set Store Context / Switch Store', () => {
  it('lets a user of several stores switch between its own stores only; lists follow the chosen store', async () => {
    const admin = await asAdmin();
    const { client } = await makeUser(admin, {
      guard: 'store',
      permissions: ['stores.view'],
      stores: ['sto-main-street', 'sto-express'],
    });
    const me = await client.get('/staff/api/auth/me');
    expect(me.body.data.stores.map((s: any) => s.id).sort()).toEqual(['sto-express', 'sto-main-street']);
    const toExpress = await client.post('/staff/api/auth/store-context', { store_id: 'sto-express' });
    expect(toExpress.status).toBe(200);
    expect(toExpress.body.data.store_context.id).toBe('sto-express');
    expect((await client.get('/staff/api/stores')).body.data.map((s: any) => s.id)).toEqual(['sto-express']);
    const back = await client.post('/staff/api/auth/store-context', { store_id: 'sto-main-street' });
    expect(back.body.data.store_context.id).toBe('sto-main-street');
    expect((await client.get('/staff/api/auth/me')).body.data.store_context.id).toBe('sto-main-street');
    expect((await client.get('/staff/api/stores')).body.data.map((s: any) => s.id)).toEqual(['sto-main-street']);
    const elsewhere = await client.post('/staff/api/auth/store-context', { store_id: 'sto-hvac-central' });
    expect(elsewhere.status).toBe(403);
  });
});
