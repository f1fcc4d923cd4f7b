import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../../functions/platform/signatures.ts';
import {
  createBankLinkSandbox,
  sandboxAccountNumber,
  SANDBOX_INSTITUTIONS,
} from '../../../functions/providers/bank-link/sandbox.ts';
import { parseSandboxCallback, sandboxPause } from '../../../functions/providers/bank-link/vendor-kit.ts';
import { createIdentitySandbox } from '../../../functions/providers/identity/sandbox.ts';
import { SANDBOX_EMPLOYERS, searchSandboxEmployers } from '../../../functions/providers/payroll/employers.ts';
import { createPayrollSandbox, sandboxVerifiedIncome } from '../../../functions/providers/payroll/sandbox.ts';
import type { OutgoingMessage } from '../../../functions/providers/messaging/port.ts';
import { ROUTING_NUMBERS } from '../../../functions/providers/routing/routing-numbers.ts';
import { isValidRoutingNumber } from '../../../machines/domain/routing-number.ts';
import { freshDb } from '../../support/dynalite.ts';

const callbacks: { vendor: string; raw: string; signature: string | null }[] = [];
const server = setupServer(
  http.post('http://sandbox.test/webhooks/:vendor', async ({ request, params }) => {
    callbacks.push({
      vendor: String(params.vendor),
      raw: await request.text(),
      signature: request.headers.get('x-signature'),
    });
    return HttpResponse.json({ status: true });
  }),
);
let stopDb: () => Promise<void>;
let db: Awaited<ReturnType<typeof freshDb>>['db'];
beforeAll(async () => {
  // The embedded database is on loopback too: only the sandbox's callbacks are intercepted.
  server.listen({ onUnhandledRequest: 'bypass' });
  ({ db, stop: stopDb } = await freshDb());
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await stopDb();
});

let now = new Date('2030-03-01T12:00:00Z');
const clock = () => now;
const sent: OutgoingMessage[] = [];
const base = () => ({
  db,
  clock,
  messaging: { send: async (m: OutgoingMessage) => (sent.push(m), { id: String(sent.length) }) },
  publicUrl: () => 'http://sandbox.test',
  latency: false,
});

describe('sandbox bank link', () => {
  let port: ReturnType<typeof createBankLinkSandbox>['port'];
  let pages: ReturnType<typeof createBankLinkSandbox>['pages'];
  beforeAll(() => void ({ port, pages } = createBankLinkSandbox({ ...base(), webhookSecret: 'whsec_bank' })));

  async function connect(applicantId: string, institution: string, accounts: string[]) {
    const link = await port.createLinkSession({ applicantId, channel: 'email', email: 'ada@example.com' });
    if (link.status !== 'sent') throw new Error('not sent');
    let session = (await pages.loadSession(link.sessionId))!;
    session = (await pages.chooseInstitution(session, institution))!;
    expect(await pages.login(session, 'user_good', 'pass_good')).toBeUndefined();
    const out = await pages.connect((await pages.loadSession(link.sessionId))!, accounts);
    if ('error' in out) throw new Error(out.error);
    return out.profileId;
  }

  it('uses real routing numbers and 10-12 digit account numbers', () => {
    for (const i of SANDBOX_INSTITUTIONS) {
      expect(isValidRoutingNumber(i.routing)).toBe(true);
      expect(ROUTING_NUMBERS.map(([r]) => r)).toContain(i.routing);
    }
    for (const id of ['acc_a', 'acc_b', 'acc_c', 'acc_d', 'acc_e', 'acc_f']) {
      expect(sandboxAccountNumber(id)).toMatch(/^[1-9]\d{9,11}$/);
      expect(sandboxAccountNumber(id)).toBe(sandboxAccountNumber(id));
    }
  });

  it('decides link requests by contact details', async () => {
    expect(await port.createLinkSession({ applicantId: 'x', channel: 'sms', phone: '(555) 201-0000' })).toEqual({
      status: 'profile_deleting',
    });
    expect(await port.createLinkSession({ applicantId: 'x', channel: 'email', email: 'a@example.invalid' })).toEqual({
      status: 'missing_data',
      fields: ['email'],
    });
    const ok = await port.createLinkSession({ applicantId: 'x', channel: 'sms', phone: '(555) 201-3344' });
    expect(ok).toMatchObject({
      status: 'sent',
      url: expect.stringMatching(/^http:\/\/sandbox\.test\/sandbox\/bank\/connect\/link_/),
    });
    expect(sent.at(-1)).toMatchObject({ channel: 'sms', to: '5552013344', purpose: 'bank-link' });
  });

  it('Failing Bank refuses the login; wrong credentials are refused', async () => {
    const link = await port.createLinkSession({ applicantId: 'f', channel: 'email', email: 'f@example.com' });
    if (link.status !== 'sent') throw new Error();
    const failing = (await pages.chooseInstitution((await pages.loadSession(link.sessionId))!, 'failing'))!;
    expect(await pages.login(failing, 'user_good', 'pass_good')).toMatch(/not responding/);
    const single = (await pages.chooseInstitution(failing, 'single'))!;
    expect(await pages.login(single, 'user_good', 'wrong')).toMatch(/incorrect/);
    expect(await pages.connect(single, ['checking'])).toEqual({ error: 'Log in to your bank first.' });
  });

  it('Slow ACH Bank keeps the numbers pending for 40 seconds', async () => {
    const profileId = await connect('slow', 'slow-ach', ['checking']);
    const [account] = await port.listAccounts(profileId);
    expect(await port.getAchNumbers(account!.id)).toEqual({ status: 'pending' });
    now = new Date(now.getTime() + 39_000);
    expect(await port.getAchNumbers(account!.id)).toEqual({ status: 'pending' });
    now = new Date(now.getTime() + 2_000);
    expect(await port.getAchNumbers(account!.id)).toMatchObject({
      status: 'ready',
      achNumbers: { routing: '043000096', accountId: account!.id },
    });
  });

  it('calls the webhook back with a signed profile.connected event', async () => {
    callbacks.length = 0;
    const profileId = await connect('cb', 'multi', ['checking', 'checking2']);
    expect((await port.listAccounts(profileId)).map((a) => a.name)).toEqual(['Everyday Checking', 'Bills Checking']);
    expect(callbacks).toHaveLength(1);
    const cb = callbacks[0]!;
    expect(cb.vendor).toBe('bank-link');
    expect(verifySignature('whsec_bank', cb.raw, cb.signature ?? undefined, Math.floor(now.getTime() / 1000)).ok).toBe(
      true,
    );
    expect(parseSandboxCallback(cb.raw, ['profile.connected'])).toMatchObject({
      type: 'profile.connected',
      objectId: profileId,
      data: { applicant_id: 'cb', accounts: 2 },
    });
  });
});

describe('sandbox identity check', () => {
  let port: ReturnType<typeof createIdentitySandbox>['port'];
  let pages: ReturnType<typeof createIdentitySandbox>['pages'];
  beforeAll(() => void ({ port, pages } = createIdentitySandbox({ ...base(), webhookSecret: 'whsec_id' })));

  it.each([
    ['valid', 'passed'],
    ['mismatch', 'failed'],
    ['expired', 'expired-document'],
  ])('the %s document gives %s', async (document, status) => {
    const link = await port.sendLink({ phone: '(555) 201-7788', reference: 'app' });
    expect(link.state).toBe('sent');
    const out = await pages.scan((await pages.load(link.checkId))!, document);
    expect('check' in out && out.check.status).toBe(status);
    expect(await port.getStatus(link.checkId)).toMatchObject({ status });
    expect((await port.sendLink({ phone: '5552017788', reference: 'app', checkId: link.checkId })).state).toBe(
      'already-completed',
    );
  });

  it('resends an open check and expires its link after 24 hours', async () => {
    const link = await port.sendLink({ phone: '5552017788', reference: 'app' });
    expect((await port.sendLink({ phone: '5552017799', reference: 'app', checkId: link.checkId })).state).toBe(
      'resent',
    );
    expect(sent.at(-1)).toMatchObject({ to: '5552017799', purpose: 'identity-check' });
    now = new Date(now.getTime() + 25 * 3600_000);
    expect(await pages.scan((await pages.load(link.checkId))!, 'valid')).toEqual({
      error: 'This link has expired. Ask for a new one.',
    });
    await expect(port.sendLink({ phone: '12', reference: 'x' })).rejects.toMatchObject({ statusCode: 422 });
    await expect(port.getStatus('idv_unknown00000')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('sandbox payroll', () => {
  let port: ReturnType<typeof createPayrollSandbox>['port'];
  let pages: ReturnType<typeof createPayrollSandbox>['pages'];
  beforeAll(() => void ({ port, pages } = createPayrollSandbox({ ...base(), webhookSecret: 'whsec_pay' })));

  it('has about 30 real employers, most supporting payroll deduction, searchable from 3 characters', async () => {
    expect(SANDBOX_EMPLOYERS.length).toBeGreaterThanOrEqual(30);
    expect(SANDBOX_EMPLOYERS.filter((e) => !e.pdSupported).length).toBeGreaterThan(0);
    expect(SANDBOX_EMPLOYERS.filter((e) => e.pdSupported).length).toBeGreaterThan(SANDBOX_EMPLOYERS.length / 2);
    expect(await port.searchEmployers('am')).toEqual([]);
    expect((await port.searchEmployers('ama')).map((e) => e.employerName)).toEqual(['Amazon']);
    expect(searchSandboxEmployers('home depot')[0]!.employerName).toBe('The Home Depot');
    expect(searchSandboxEmployers('DEPOT')[0]!.id).toBe('emp_home_depot');
    expect(searchSandboxEmployers('fed')[0]).toEqual({ id: 'emp_fedex', employerName: 'FedEx', pdSupported: true });
  });

  it('derives the verified income from the outcome', () => {
    expect(sandboxVerifiedIncome('same', 250_000)).toBe(250_000);
    expect(sandboxVerifiedIncome('higher', 250_000)).toBe(400_000);
    expect(sandboxVerifiedIncome('higher', 600_000)).toBe(900_000);
    expect(sandboxVerifiedIncome('same', null)).toBe(320_000);
  });

  it('completes a session with the chosen outcome, refuses an unsupported employer at start', async () => {
    const request = {
      applicationId: 'app',
      applicantId: 'ap',
      firstName: 'Ada',
      lastName: 'L',
      channel: 'sms' as const,
      phone: '5552013344',
      employer: { id: 'emp_ups', name: 'UPS' },
      statedMonthlyIncomeCents: 200_000,
    };
    await expect(
      port.startSession({ ...request, employer: { id: 'emp_costco', name: 'Costco Wholesale' } }),
    ).rejects.toMatchObject({ statusCode: 422 });
    const s = await port.startSession(request);
    expect(sent.at(-1)).toMatchObject({ purpose: 'payroll', to: '5552013344' });
    const session = (await pages.load(s.sessionId))!;
    expect(
      await pages.complete(session, {
        employerId: 'emp_ups',
        username: 'user_good',
        password: 'bad',
        outcome: 'higher',
      }),
    ).toMatchObject({ field: 'username' });
    callbacks.length = 0;
    const done = await pages.complete(session, {
      employerId: 'emp_ups',
      username: 'user_good',
      password: 'pass_good',
      outcome: 'higher',
    });
    expect(done).toMatchObject({ result: { status: 'completed', monthlyIncomeCents: 350_000, employerName: 'UPS' } });
    expect(await port.getResult(s.sessionId)).toMatchObject({ status: 'completed', monthlyIncomeCents: 350_000 });
    expect(parseSandboxCallback(callbacks[0]!.raw, ['session.completed'])).toMatchObject({
      objectId: s.sessionId,
      data: { monthlyIncomeCents: 350_000, application_id: 'app' },
    });
    await port.resendLink(s.sessionId);
    expect(await port.getResult(s.sessionId)).toEqual({ sessionId: s.sessionId, status: 'pending' });
    const again = await pages.complete((await pages.load(s.sessionId))!, {
      employerId: 'emp_ups',
      username: 'user_good',
      password: 'pass_good',
      outcome: 'cannot',
    });
    expect(again).toMatchObject({ result: { status: 'failed', reason: 'income_not_verified' } });
  });
});

describe('sandbox latency', () => {
  it('pauses only when enabled', async () => {
    const t0 = performance.now();
    await sandboxPause(false)(500);
    expect(performance.now() - t0).toBeLessThan(50);
    const t1 = performance.now();
    await sandboxPause(true)(60);
    expect(performance.now() - t1).toBeGreaterThanOrEqual(55);
  });
});
