import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, it } from 'vitest';
import { personaIdentity } from '../../../functions/providers/identity/persona.ts';
import { argylePayroll, monthlyIncomeFromPaystubs } from '../../../functions/providers/payroll/argyle.ts';
import type { OutgoingMessage } from '../../../functions/providers/messaging/port.ts';
import { ARGYLE_BASE, fakeArgyle } from '../../../msw/vendors/argyle.ts';
import { fakePersona, PERSONA_BASE } from '../../../msw/vendors/persona.ts';
import { serveDuringTests } from '../../support/msw-server.ts';

const server = setupServer();
serveDuringTests(server);

describe('Persona identity adapter', () => {
  let persona = fakePersona();
  let sent: OutgoingMessage[] = [];
  const port = (apiKey = 'persona_sandbox_key') =>
    personaIdentity({
      baseUrl: PERSONA_BASE,
      apiKey,
      templateId: 'itmpl_123',
      webhookSecret: 'wbhsec_persona',
      messaging: { send: async (m) => (sent.push(m), { id: '1' }) },
    });
  beforeEach(() => {
    persona = fakePersona();
    server.use(...persona.handlers);
    sent = [];
  });

  it('creates an inquiry, texts its one-time link, and reads the status', async () => {
    const out = await port().sendLink({ phone: '(555) 201-7788', reference: 'app-1' });
    expect(out).toMatchObject({
      checkId: expect.stringMatching(/^inq_/),
      state: 'sent',
      url: expect.stringContaining('perso.na'),
    });
    expect(sent[0]).toMatchObject({ channel: 'sms', to: '5552017788', purpose: 'identity-check' });
    expect(await port().getStatus(out.checkId)).toEqual({ checkId: out.checkId, status: 'pending' });
    persona.finish(out.checkId, 'completed');
    expect(await port().getStatus(out.checkId)).toMatchObject({ status: 'passed', completedAt: expect.any(String) });
  });

  it('tells a mismatch from an expired license, resends an open inquiry and reports a finished one', async () => {
    const a = await port().sendLink({ phone: '5552017788', reference: 'a' });
    const again = await port().sendLink({ phone: '5552017788', reference: 'a', checkId: a.checkId });
    expect(again).toMatchObject({ checkId: a.checkId, state: 'resent' });
    persona.finish(a.checkId, 'failed', [{ name: 'id_expired_detection', status: 'failed' }]);
    expect((await port().getStatus(a.checkId)).status).toBe('expired-document');
    expect((await port().sendLink({ phone: '5552017788', reference: 'a', checkId: a.checkId })).state).toBe(
      'already-completed',
    );
    const b = await port().sendLink({ phone: '5552017788', reference: 'b' });
    persona.finish(b.checkId, 'declined', [{ name: 'id_compare_database', status: 'failed' }]);
    expect((await port().getStatus(b.checkId)).status).toBe('failed');
  });

  it('maps Persona errors to ours', async () => {
    await expect(port().getStatus('inq_missing')).rejects.toMatchObject({ statusCode: 404 });
    await expect(port('bad-key').sendLink({ phone: '5552017788', reference: 'x' })).rejects.toMatchObject({
      statusCode: 502,
    });
    persona.failNext(429, { errors: [{ title: 'Too many requests' }] });
    await expect(port().sendLink({ phone: '5552017788', reference: 'x' })).rejects.toMatchObject({ statusCode: 429 });
    persona.failNext(503, { errors: [{ title: 'Service unavailable' }] });
    await expect(port().sendLink({ phone: '5552017788', reference: 'x' })).rejects.toMatchObject({ statusCode: 503 });
    await expect(port().sendLink({ phone: '123', reference: 'x' })).rejects.toMatchObject({ statusCode: 422 });
  });

  it('verifies Persona-Signature webhooks and maps inquiry events', async () => {
    const now = Math.floor(Date.now() / 1000);
    const raw = JSON.stringify({
      data: {
        type: 'event',
        id: 'evt_abc123',
        attributes: {
          name: 'inquiry.completed',
          'created-at': '2030-01-01T00:00:00.000Z',
          payload: { data: { type: 'inquiry', id: 'inq_1', attributes: { status: 'completed' } } },
        },
      },
    });
    /** The port's reading of the body with this Persona-Signature header. */
    const read = (signature: string) =>
      port().readCallback({ rawBody: raw, headers: { 'persona-signature': signature }, nowSeconds: now });
    expect(await read(persona.signWebhook('wbhsec_persona', raw, now))).toEqual({
      ok: true,
      event: {
        id: 'evt_abc123',
        type: 'check.completed',
        objectId: 'inq_1',
        occurredAt: '2030-01-01T00:00:00.000Z',
        data: { vendor_status: 'completed' },
      },
    });
    expect(await read(persona.signWebhook('other', raw, now))).toEqual({ ok: false, reason: 'mismatch' });
    expect(await read(persona.signWebhook('wbhsec_persona', raw, now - 600))).toEqual({ ok: false, reason: 'stale' });
    // During a secret rotation two signatures come; either may match.
    const rotated = `${persona.signWebhook('wbhsec_persona', raw, now)} ${'0'.repeat(64)}`;
    expect((await read(rotated)).ok).toBe(true);
  });
});

describe('Argyle payroll adapter', () => {
  let argyle = fakeArgyle();
  const port = (secret = 'key-secret') =>
    argylePayroll({
      baseUrl: ARGYLE_BASE,
      apiKeyId: 'key-id',
      apiKeySecret: secret,
      webhookSecret: 'argyle_whsec',
      clock: () => new Date('2030-01-01T00:00:00Z'),
    });
  beforeEach(() => {
    argyle = fakeArgyle();
    server.use(...argyle.handlers);
  });

  it('searches employers from 3 characters; pdSupported from the deposit-switch features', async () => {
    expect(await port().searchEmployers('wa')).toEqual([]);
    expect(await port().searchEmployers('walmart')).toEqual([
      { id: 'item_000000001', employerName: 'Walmart', pdSupported: true },
      { id: 'item_000000002', employerName: 'Walmart Distribution', pdSupported: false },
    ]);
  });

  it('sends an invite for the employer, stays pending until paystubs arrive, then reports the monthly income', async () => {
    const session = await port().startSession({
      applicationId: 'app-1',
      applicantId: 'ap-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      channel: 'sms',
      phone: '(555) 201-3344',
      employer: { id: 'item_000000001', name: 'Walmart' },
    });
    expect(session.url).toMatch(/^https:\/\/verify\.argyle\.com\/connect\//);
    expect(argyle.sent[0]).toMatchObject({
      first_name: 'Ada',
      phone_number: '555-201-3344',
      external_id: 'app-1',
      flow_items: ['item_000000001'],
    });
    expect(await port().getResult(session.sessionId)).toEqual({ sessionId: session.sessionId, status: 'pending' });
    argyle.setInvite(session.sessionId, 'completed');
    expect((await port().getResult(session.sessionId)).status).toBe('pending');
    const user = argyle.invites.get(session.sessionId)!.user;
    argyle.setPaystubs(user, [
      { employer: 'Walmart', gross_pay: '1500.00', paystub_date: '2029-12-27' },
      { employer: 'Walmart', gross_pay: '1500.00', paystub_date: '2029-12-13' },
      { employer: 'Walmart', gross_pay: '1500.00', paystub_date: '2029-11-29' },
      { employer: 'Walmart', gross_pay: '1500.00', paystub_date: '2029-11-15' },
      { employer: 'Walmart', gross_pay: '1500.00', paystub_date: '2029-11-01' },
      { employer: 'Walmart', gross_pay: '1500.00', paystub_date: '2029-10-18' },
      { employer: 'Walmart', gross_pay: '1500.00', paystub_date: '2029-09-01' },
    ]);
    expect(await port().getResult(session.sessionId)).toMatchObject({
      status: 'completed',
      monthlyIncomeCents: 300_000,
      employerName: 'Walmart',
    });
    expect((await port().resendLink(session.sessionId)).sessionId).toBe(session.sessionId);
    argyle.setInvite(session.sessionId, 'revoked');
    expect(await port().getResult(session.sessionId)).toMatchObject({ status: 'failed', reason: 'link_revoked' });
  });

  it('maps Argyle errors to ours', async () => {
    await expect(port('wrong').searchEmployers('walmart')).rejects.toMatchObject({ statusCode: 502 });
    await expect(port().getResult('00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ statusCode: 404 });
    await expect(port().getResult('not a uuid')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('verifies X-Argyle-Signature webhooks', async () => {
    const raw = JSON.stringify({
      event: 'paystubs.fully_synced',
      name: 'sub',
      data: { account: 'acc-1', user: 'user-1', available_count: 12 },
    });
    const now = Math.floor(Date.now() / 1000);
    /** The port's reading of a webhook body signed with `secret` (no signature header without one). */
    const read = (rawBody: string, secret?: string) =>
      port().readCallback({
        rawBody,
        headers: secret ? { 'x-argyle-signature': argyle.signWebhook(secret, rawBody) } : {},
        nowSeconds: now,
      });
    expect(await read(raw, 'argyle_whsec')).toMatchObject({
      ok: true,
      event: { type: 'session.completed', objectId: 'user-1', data: { user: 'user-1', account: 'acc-1' } },
    });
    expect(await read(raw, 'nope')).toEqual({ ok: false, reason: 'mismatch' });
    expect(await read(raw)).toEqual({ ok: false, reason: 'missing' });
    expect(await read('not json', 'argyle_whsec')).toEqual({ ok: false, reason: 'invalid-body' });
  });

  it('computes monthly income from the 90 days of paystubs up to the latest', () => {
    expect(monthlyIncomeFromPaystubs([])).toBeUndefined();
    expect(
      monthlyIncomeFromPaystubs([
        { gross_pay: '3000.00', paystub_date: '2030-01-31' },
        { gross_pay: '3000.00', paystub_date: '2029-12-31' },
        { gross_pay: '3000.00', paystub_date: '2029-11-30' },
        { gross_pay: '9999.00', paystub_date: '2029-06-30' },
      ]),
    ).toBe(300_000);
  });
});
