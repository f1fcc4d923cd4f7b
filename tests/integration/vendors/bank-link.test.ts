import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { ROUTING_NUMBERS } from '../../../functions/providers/routing/routing-numbers.ts';
import { getPage, submitForm, uniqueId } from './support.ts';

const call = (operation: string, body: unknown) =>
  api('POST', `/sandbox/vendors/bank-link/call/${operation}`, { body });

async function startSession(applicantId = uniqueId('app')) {
  const res = await call('createLinkSession', {
    applicantId,
    channel: 'sms',
    phone: '(555) 201-3344',
    firstName: 'Ada',
  });
  expect(res.status).toBe(200);
  expect(res.body.data.status).toBe('sent');
  const path = new URL(res.body.data.url).pathname;
  return { applicantId, sessionId: res.body.data.sessionId as string, path, url: res.body.data.url as string };
}

const chooseInstitution = (path: string, institution: string) =>
  submitForm(path, [
    ['step', 'institution'],
    ['institution', institution],
  ]);

const logIn = (path: string, password = 'pass_good') =>
  submitForm(path, [
    ['step', 'login'],
    ['username', 'user_good'],
    ['password', password],
  ]);

async function connect(path: string, institution: string, accounts?: string[]) {
  await chooseInstitution(path, institution);
  const login = await logIn(path);
  expect(login.status).toBe(200);
  return submitForm(path, [['step', 'accounts'], ...(accounts ?? []).map((a): [string, string] => ['accounts', a])]);
}

describe('sandbox bank connection page', () => {
  it('sends the link by SMS to the sandbox mailbox and serves the page at that URL', async () => {
    const s = await startSession();
    const mailbox = await api('GET', '/sandbox/messages');
    const sms = (mailbox.body.data as { purpose: string; body: string; to: string }[]).find((m) =>
      m.body.includes(s.url),
    );
    expect(sms).toMatchObject({ purpose: 'bank-link', to: '5552013344' });
    const page = await getPage(s.path);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    for (const name of ['Single Account Bank', 'Multi Account Bank', 'Empty Bank', 'Slow ACH Bank', 'Failing Bank'])
      expect(page.html).toContain(name);
    expect(page.html).toMatch(/<html lang="en">/);
  });

  it('shows the test credentials, refuses wrong ones, and Failing Bank fails at login with an error', async () => {
    const s = await startSession();
    const login = await chooseInstitution(s.path, 'single');
    expect(login.html).toContain('user_good');
    expect(login.html).toContain('pass_good');
    const wrong = await logIn(s.path, 'nope');
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain('role="alert"');

    const f = await startSession();
    await chooseInstitution(f.path, 'failing');
    const failing = await logIn(f.path);
    expect(failing.status).toBe(422);
    expect(failing.html).toContain('INSTITUTION_NOT_RESPONDING');
    expect((await call('checkProfile', { applicantId: f.applicantId })).body.data).toEqual({ profileFound: false });
  });

  it('Single Account Bank: the profile appears, with one checking account and real ACH numbers', async () => {
    const s = await startSession();
    expect((await call('checkProfile', { applicantId: s.applicantId })).body.data).toEqual({ profileFound: false });
    const done = await connect(s.path, 'single', ['checking']);
    expect(done.status).toBe(200);
    expect(done.html).toContain('Bank connected');

    const profile = (await call('checkProfile', { applicantId: s.applicantId })).body.data;
    expect(profile.profileFound).toBe(true);
    const accounts = (await call('listAccounts', { profileId: profile.profileId })).body.data;
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      name: 'Everyday Checking',
      type: 'checking',
      institution: { name: 'Single Account Bank' },
    });
    expect(accounts[0].mask).toMatch(/^\d{4}$/);
    const ach = (await call('getAchNumbers', { accountId: accounts[0].id })).body.data;
    expect(ach.status).toBe('ready');
    expect(ach.achNumbers.accountId).toBe(accounts[0].id);
    expect(ach.achNumbers.number).toMatch(/^\d{10,12}$/);
    expect(ach.achNumbers.number.endsWith(accounts[0].mask)).toBe(true);
    expect(ROUTING_NUMBERS.map(([r]) => r)).toContain(ach.achNumbers.routing);

    // The vendor called our webhook back: the event is recorded and the vendor-side status kept.
    const object = await api('GET', `/sandbox/vendors/bank-link/objects/${profile.profileId}`);
    expect(object.body.data.status).toMatchObject({
      status: 'connected',
      lastEventType: 'profile.connected',
      data: { applicantId: s.applicantId },
    });
    expect(object.body.data.events).toHaveLength(1);

    // Abandon: the profile is gone for the flow.
    await call('deleteProfile', { profileId: profile.profileId });
    expect((await call('checkProfile', { applicantId: s.applicantId })).body.data).toEqual({ profileFound: false });
    expect((await call('listAccounts', { profileId: profile.profileId })).status).toBe(404);
  });

  it('Multi Account Bank shares the chosen accounts; Empty Bank connects without accounts; Slow ACH Bank stays pending', async () => {
    const m = await startSession();
    await connect(m.path, 'multi', ['checking', 'savings', 'checking2']);
    const multi = (await call('checkProfile', { applicantId: m.applicantId })).body.data;
    const accounts = (await call('listAccounts', { profileId: multi.profileId })).body.data as {
      type: string;
      name: string;
    }[];
    expect(accounts.map((a) => a.type)).toEqual(['checking', 'savings', 'checking']);

    const e = await startSession();
    await connect(e.path, 'empty');
    const empty = (await call('checkProfile', { applicantId: e.applicantId })).body.data;
    expect(empty.profileFound).toBe(true);
    expect((await call('listAccounts', { profileId: empty.profileId })).body.data).toEqual([]);

    const slow = await startSession();
    await connect(slow.path, 'slow-ach', ['checking']);
    const sp = (await call('checkProfile', { applicantId: slow.applicantId })).body.data;
    const [account] = (await call('listAccounts', { profileId: sp.profileId })).body.data;
    expect((await call('getAchNumbers', { accountId: account.id })).body.data).toEqual({ status: 'pending' });
  });

  it('answers profile_deleting and missing_data by contact details, and 404 for unknown links', async () => {
    expect(
      (
        await call('createLinkSession', {
          applicantId: uniqueId('a'),
          channel: 'email',
          email: 'ada+deleting@example.com',
        })
      ).body.data,
    ).toEqual({ status: 'profile_deleting' });
    expect((await call('createLinkSession', { applicantId: uniqueId('a'), channel: 'sms' })).body.data).toEqual({
      status: 'missing_data',
      fields: ['phone'],
    });
    expect((await getPage('/sandbox/bank/connect/link_doesnotexist000')).status).toBe(404);
  });
});
