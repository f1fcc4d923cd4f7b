import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { decided, type Shopper } from '../decision/support.ts';
import { postCallback, submitForm } from '../vendors/support.ts';
import { callbackBody, expectBadCallbacksChangeNothing, flowState, linkFromMailbox, secrets } from './support.ts';

// Payroll affordability through the API, end to end with the sandbox payroll vendor: an approved shopper picks an
// employer, the link is e-mailed (read from the sandbox mailbox), the connection page's outcome is chosen, and the
// vendor's callback re-decides the application; the refresh answers the result that replaces the one shown.

const payroll = (shopper: Shopper) => ({
  affordability: () => api('GET', `/api/v1/payroll/${shopper.uuid}/affordability`, { headers: shopper.headers }),
  employers: (keyword: string) =>
    api('GET', `/api/v1/payroll/employers?keyword=${encodeURIComponent(keyword)}&fullSearch=0`, {
      headers: shopper.headers,
    }),
  start: (employerId: string, employerName: string) =>
    api('POST', `/api/v1/payroll/${shopper.uuid}`, { body: { employerId, employerName }, headers: shopper.headers }),
  refresh: () => api('POST', `/api/v1/payroll/${shopper.uuid}/refresh`, { body: {}, headers: shopper.headers }),
  restart: () => api('POST', `/api/v1/payroll/${shopper.uuid}/restart`, { body: {}, headers: shopper.headers }),
});

const highest = (result: { offerAmounts: Record<string, string> }) =>
  Math.max(...Object.values(result.offerAmounts).map(Number));

async function approvedAndStarted(employer: [string, string] = ['emp_target', 'Target']) {
  const { shopper, result } = await decided('option-a');
  expect(result.code).toBe('A');
  expect(result.payroll).toEqual({ is_eligible: true, type: 'async' });
  const calls = payroll(shopper);
  const started = await calls.start(...employer);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.message).toBe('Affordability check initiated!');
  const path = await linkFromMailbox('payroll', shopper.body.applicant.email, '/sandbox/payroll/connect/');
  return { shopper, result, calls, path };
}

async function complete(path: string, outcome: 'higher' | 'same' | 'cannot') {
  const done = await submitForm(path, [
    ['employerId', 'emp_target'],
    ['username', 'user_good'],
    ['password', 'pass_good'],
    ['outcome', outcome],
  ]);
  expect(done.status).toBe(200);
}

let restoreSettings: (() => Promise<unknown>) | undefined;
afterAll(async () => restoreSettings?.());

describe('payroll affordability: /api/v1/payroll/*', () => {
  it('eligibility and the employer search (from 3 characters, pdSupported)', async () => {
    const { shopper } = await decided('option-a');
    const calls = payroll(shopper);
    const affordability = await calls.affordability();
    expect(affordability.body.data).toEqual({ is_eligible: true, type: 'async', state: 'idle', employer: null });
    expect((await calls.employers('wa')).body.data).toEqual([]);
    expect((await calls.employers('walm')).body.data[0]).toEqual({
      id: 'emp_walmart',
      employerName: 'Walmart',
      pdSupported: true,
    });
    expect((await calls.employers('costco')).body.data[0].pdSupported).toBe(false);
    expect((await calls.employers('zzzzqqq')).body.data).toEqual([]);
  });

  it('raise: the verified income proves affordability, the approval goes up and the refresh answers the new result', async () => {
    const { shopper, result, calls, path } = await approvedAndStarted();
    expect((await flowState(shopper.headers, 'payroll')).state).toEqual({ initiated: 'waiting' });
    // Not finished at the vendor yet: pending (the page keeps Refresh and Resend link).
    const pending = await calls.refresh();
    expect(pending.status).toBe(202);
    expect(pending.body.message).toBe(
      'Affordability check pending! please complete process, or try again in a few minutes if you have already completed the process.',
    );
    expect((await flowState(shopper.headers, 'payroll')).state).toEqual({ initiated: 'ready' });

    await complete(path, 'higher');
    expect((await flowState(shopper.headers, 'payroll')).status).toBe('done');
    const refreshed = await calls.refresh();
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.message).toBe('Eligibility process completed!');
    const next = refreshed.body.data.result;
    expect(next.code).toBe('A');
    expect(highest(next)).toBeGreaterThan(highest(result));
    expect(next.payroll.result).toMatchObject({ success: true, outcome: 'raised' });
    expect(next.payroll.result.message).toContain('Your income was verified.');
    // The application's result is the new one (what GET application answers from now on).
    const app = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(highest(app.body.data.result)).toBe(highest(next));
    // In Spanish too.
    const es = await api('POST', `/api/v1/payroll/${shopper.uuid}/refresh`, {
      body: {},
      headers: { ...shopper.headers, 'x-lang': 'es' },
    });
    expect(es.body.data.result.payroll.result.message).toContain('Su ingreso fue verificado.');
  });

  it('same: the verified income does not raise the approval: the offer is kept (code A: cannot increase offer)', async () => {
    const { result, calls, path } = await approvedAndStarted();
    await complete(path, 'same');
    const next = (await calls.refresh()).body.data.result;
    expect(next.code).toBe('A');
    expect(next.offerAmounts).toEqual(result.offerAmounts);
    expect(next.payroll.result).toMatchObject({ success: false, outcome: 'kept' });
  });

  it('income not verified: the offer is kept (code A)', async () => {
    const { result, calls, path } = await approvedAndStarted();
    await complete(path, 'cannot');
    const next = (await calls.refresh()).body.data.result;
    expect(next.code).toBe('A');
    expect(next.offerAmounts).toEqual(result.offerAmounts);
    expect(next.payroll.result).toMatchObject({ success: false, outcome: 'not-verified' });
  });

  it('deny: re-decided with the stored scoring settings, the verified income no longer qualifies (application will not be approved)', async () => {
    const { shopper, calls, path } = await approvedAndStarted();
    const current = (await api('GET', '/sandbox/scoring-settings')).body.data;
    const raised = await api('PUT', '/sandbox/scoring-settings', {
      body: { settings: { ...current.settings, minimumScore: 899 }, v: current.v },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    restoreSettings = async () => {
      const now = (await api('GET', '/sandbox/scoring-settings')).body.data;
      await api('PUT', '/sandbox/scoring-settings', { body: { settings: current.settings, v: now.v } });
    };
    try {
      await complete(path, 'same');
    } finally {
      await restoreSettings();
      restoreSettings = undefined;
    }
    const next = (await calls.refresh()).body.data.result;
    expect(next.code).toBe('D');
    expect(next.payroll.result).toMatchObject({ success: false, outcome: 'denied' });
    const app = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(app.body.data.status).toBe('denied');
  });

  it('refuses what the flow does not allow: refresh or restart before a start (409), a second start (409), an unsupported employer (422)', async () => {
    const { shopper } = await decided('option-a');
    const calls = payroll(shopper);
    expect((await calls.refresh()).status).toBe(409);
    expect((await calls.restart()).status).toBe(409);
    const unsupported = await calls.start('emp_costco', 'Costco Wholesale');
    expect(unsupported.status).toBe(422);
    expect(unsupported.body.message).toBe('Employer not supported!');
    expect((await calls.start('emp_target', 'Target')).status).toBe(200);
    expect((await calls.start('emp_target', 'Target')).status).toBe(409);
    const restarted = await calls.restart();
    expect(restarted.status).toBe(200);
    expect(restarted.body.message).toBe('Link sent successfully!');
    expect((await flowState(shopper.headers, 'payroll')).state).toEqual({ initiated: 'ready' });
  });

  it('a denied application is not eligible (409)', async () => {
    const { shopper, result } = await decided('denied-with-score');
    expect(result.code).not.toBe('A');
    const calls = payroll(shopper);
    expect((await calls.affordability()).body.data.is_eligible).toBe(false);
    expect((await calls.start('emp_target', 'Target')).status).toBe(409);
  });

  it('forged, stale, unsigned, malformed and replayed callbacks change nothing on the flow', async () => {
    const { shopper } = await approvedAndStarted();
    const genuine = callbackBody('session.completed', 'pay_someoneelse0000', {
      monthlyIncomeCents: 900_000,
      employerName: 'Target',
    });
    expect((await postCallback('payroll', genuine, { secret: secrets.payroll })).status).toBe(200);
    const attack = callbackBody('session.completed', 'pay_forged00000000', {
      monthlyIncomeCents: 900_000,
      employerName: 'Target',
      application_id: shopper.uuid,
    });
    await expectBadCallbacksChangeNothing(shopper.headers, 'payroll', 'payroll', secrets.payroll, attack, genuine);
    const app = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(app.body.data.result.payroll).toEqual({ is_eligible: true, type: 'async' });
  });
});
