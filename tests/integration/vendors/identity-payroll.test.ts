import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { getPage, submitForm, uniqueId } from './support.ts';

const identity = (operation: string, body: unknown) =>
  api('POST', `/sandbox/vendors/identity/call/${operation}`, { body });
const payroll = (operation: string, body: unknown) =>
  api('POST', `/sandbox/vendors/payroll/call/${operation}`, { body });

describe('sandbox identity check page', () => {
  async function sendLink() {
    const res = await identity('sendLink', { phone: '(555) 201-7788', reference: uniqueId('app') });
    expect(res.status).toBe(200);
    expect(res.body.data.state).toBe('sent');
    return { checkId: res.body.data.checkId as string, path: new URL(res.body.data.url).pathname };
  }

  it('texts the link and offers the three test documents', async () => {
    const c = await sendLink();
    const mailbox = (await api('GET', '/sandbox/messages')).body.data as { purpose: string; body: string }[];
    expect(mailbox.some((m) => m.purpose === 'identity-check' && m.body.includes(c.path))).toBe(true);
    const page = await getPage(c.path);
    expect(page.status).toBe(200);
    for (const label of ['Scan a valid license', 'Scan a license that does not match', 'Scan an expired license'])
      expect(page.html).toContain(label);
    expect((await identity('getStatus', { checkId: c.checkId })).body.data).toEqual({
      checkId: c.checkId,
      status: 'pending',
    });
  });

  it.each([
    ['valid', 'passed'],
    ['mismatch', 'failed'],
    ['expired', 'expired-document'],
  ])('scanning the %s document makes the check %s, and the callback records it', async (document, status) => {
    const c = await sendLink();
    const done = await submitForm(c.path, [['document', document]]);
    expect(done.status).toBe(200);
    expect(done.html).toContain('Identity check finished');
    const result = (await identity('getStatus', { checkId: c.checkId })).body.data;
    expect(result).toMatchObject({ checkId: c.checkId, status });
    const object = (await api('GET', `/sandbox/vendors/identity/objects/${c.checkId}`)).body.data;
    expect(object.status).toMatchObject({ status, lastEventType: 'check.completed' });
    // Sending again for a finished check: already completed (code 208 for the flow), nothing resent.
    expect(
      (await identity('sendLink', { phone: '(555) 201-7788', reference: 'x', checkId: c.checkId })).body.data.state,
    ).toBe('already-completed');
    // A second scan is refused and changes nothing.
    expect((await submitForm(c.path, [['document', 'valid']])).html).toContain('Identity check finished');
    expect((await identity('getStatus', { checkId: c.checkId })).body.data.status).toBe(status);
  });
});

describe('sandbox payroll connection page', () => {
  it('searches employers from 3 characters with pdSupported', async () => {
    expect((await payroll('searchEmployers', { keyword: 'wa' })).body.data).toEqual([]);
    const wal = (await payroll('searchEmployers', { keyword: 'walm' })).body.data;
    expect(wal[0]).toEqual({ id: 'emp_walmart', employerName: 'Walmart', pdSupported: true });
    const costco = (await payroll('searchEmployers', { keyword: 'costco' })).body.data;
    expect(costco[0].pdSupported).toBe(false);
  });

  async function start(stated = 300_000) {
    const res = await payroll('startSession', {
      applicationId: uniqueId('app'),
      applicantId: uniqueId('applicant'),
      firstName: 'Ada',
      lastName: 'Lovelace',
      channel: 'email',
      email: `${uniqueId('ada')}@example.com`,
      employer: { id: 'emp_target', name: 'Target' },
      statedMonthlyIncomeCents: stated,
    });
    expect(res.status).toBe(200);
    return { sessionId: res.body.data.sessionId as string, path: new URL(res.body.data.url).pathname };
  }

  it('pre-selects the employer, shows the test credentials and the outcomes', async () => {
    const s = await start();
    const page = await getPage(s.path);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<option value="emp_target" selected>Target<\/option>/);
    expect(page.html).toContain('user_good');
    for (const label of ['Income verified — higher', 'Income verified — same', 'Cannot verify income'])
      expect(page.html).toContain(label);
    expect((await payroll('getResult', { sessionId: s.sessionId })).body.data).toEqual({
      sessionId: s.sessionId,
      status: 'pending',
    });
  });

  it.each([
    ['higher', { status: 'completed', monthlyIncomeCents: 450_000, employerName: 'Target' }],
    ['same', { status: 'completed', monthlyIncomeCents: 300_000, employerName: 'Target' }],
    ['cannot', { status: 'failed', reason: 'income_not_verified' }],
  ])('outcome %s: the result appears through the port and the callback records it', async (outcome, expected) => {
    const s = await start();
    const wrong = await submitForm(s.path, [
      ['employerId', 'emp_target'],
      ['username', 'user_good'],
      ['password', 'x'],
      ['outcome', outcome],
    ]);
    expect(wrong.status).toBe(422);
    expect((await payroll('getResult', { sessionId: s.sessionId })).body.data.status).toBe('pending');
    const done = await submitForm(s.path, [
      ['employerId', 'emp_target'],
      ['username', 'user_good'],
      ['password', 'pass_good'],
      ['outcome', outcome],
    ]);
    expect(done.status).toBe(200);
    expect((await payroll('getResult', { sessionId: s.sessionId })).body.data).toMatchObject(expected);
    const object = (await api('GET', `/sandbox/vendors/payroll/objects/${s.sessionId}`)).body.data;
    expect(object.status.status).toBe(expected.status);

    // Restart: the link is sent again and the session is open again.
    const again = await payroll('resendLink', { sessionId: s.sessionId });
    expect(again.body.data.sessionId).toBe(s.sessionId);
    expect((await payroll('getResult', { sessionId: s.sessionId })).body.data.status).toBe('pending');
  });
});
