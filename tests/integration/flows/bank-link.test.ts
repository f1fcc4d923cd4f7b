import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { applicant, type Shopper } from '../decision/support.ts';
import { postCallback } from '../vendors/support.ts';
import {
  callbackBody,
  connectBank,
  expectBadCallbacksChangeNothing,
  flowState,
  linkFromMailbox,
  secrets,
} from './support.ts';

// The bank link through the API, end to end with the sandbox bank: the shopper's calls of seed 000 section 7, the
// link read from the sandbox mailbox, the sandbox connection page driven with its forms, and its callback.

const bank = (shopper: Shopper) => ({
  send: () =>
    api('POST', '/api/v1/bank-link/send-email', { body: { applicantId: shopper.uuid }, headers: shopper.headers }),
  check: () => api('GET', `/api/v1/bank-link/check-profile?applicantId=${shopper.uuid}`, { headers: shopper.headers }),
  accounts: (profileId: string) =>
    api('GET', `/api/v1/bank-link/fetch-accounts?profileId=${encodeURIComponent(profileId)}`, {
      headers: shopper.headers,
    }),
  ach: (accountId: string) =>
    api('GET', `/api/v1/bank-link/fetch-ach-numbers?accountId=${encodeURIComponent(accountId)}`, {
      headers: shopper.headers,
    }),
  abandon: (profileId: string) =>
    api('GET', `/api/v1/bank-link/abandon?profileId=${encodeURIComponent(profileId)}`, { headers: shopper.headers }),
});

/** A shopper at main-street (send-by 2: the link goes by e-mail) who asked for the link and opened it. */
async function linkSent(email?: string) {
  const shopper = await applicant('option-a');
  if (email) {
    const saved = await api('POST', '/apply-v2/application', {
      body: { uuid: shopper.uuid, section: ['applicant'], applicant: { ...shopper.body.applicant, email } },
      headers: shopper.headers,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    shopper.body.applicant.email = email;
  }
  const calls = bank(shopper);
  return { shopper, calls };
}

describe('bank link: /api/v1/bank-link/*', () => {
  it('one account: e-mailed link, connection page, callback, account numbers filling the banking step', async () => {
    const { shopper, calls } = await linkSent();
    // Nothing was sent yet: the flow does not accept a profile check.
    const early = await calls.check();
    expect(early.status).toBe(409);

    const v0 = (await api('GET', '/apply-v2/application', { headers: shopper.headers })).body.data.v as number;
    const sent = await calls.send();
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toEqual({ sent: true, channel: 'email', profile_deleting: false, missing_data: null });
    expect((await flowState(shopper.headers, 'bank-link')).state).toEqual({ flow: { connecting: 'waiting' } });

    const notYet = await calls.check();
    expect(notYet.body.data).toEqual({ profileFound: false, profileId: null });
    expect(notYet.body.message).toBe('Profile not ready. Please try again in a moment.');

    const path = await linkFromMailbox('bank-link', shopper.body.applicant.email, '/sandbox/bank/connect/');
    const done = await connectBank(path, 'single', ['checking']);
    expect(done.html).toContain('Bank connected');
    // The vendor's callback moved the flow on to the accounts, without waiting for the next 10-second poll.
    expect((await flowState(shopper.headers, 'bank-link')).state).toEqual({ flow: { connected: 'fetchingAccounts' } });

    const found = await calls.check();
    expect(found.body.data.profileFound).toBe(true);
    const accounts = await calls.accounts(found.body.data.profileId);
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.accounts).toHaveLength(1);
    const [account] = accounts.body.data.accounts;
    expect(account).toMatchObject({
      name: 'Everyday Checking',
      type: 'checking',
      institution: { name: 'Single Account Bank' },
    });
    expect(account.mask).toMatch(/^\d{4}$/);

    const ach = await calls.ach(account.id);
    expect(ach.status).toBe(200);
    expect(ach.body.data.achNumbers.accountId).toBe(account.id);
    expect(ach.body.data.achNumbers.routing).toMatch(/^\d{9}$/);
    expect(ach.body.data.achNumbers.number.endsWith(account.mask)).toBe(true);

    // The banking step is filled: numbers concealed in every answer, the bank-link fields recorded.
    const app = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(app.body.data.banking).toMatchObject({
      bank_link_used: true,
      checking_account: expect.stringMatching(new RegExp(`^\\*+${account.mask}$`)),
    });
    expect(app.body.data.banking.routing_number).toMatch(/^\*+\d{4}$/);
    expect(app.body.data.banking.bank_name).toBe('JPMorgan Chase Bank, N.A.');
    const flow = await flowState(shopper.headers, 'bank-link');
    expect(flow.status).toBe('done');
    expect(flow.context.result).toMatchObject({
      mode: 'linked',
      bank_link_account_id: account.id,
      bank_link_profile_id: found.body.data.profileId,
    });
    expect(JSON.stringify(flow)).not.toContain(ach.body.data.achNumbers.number);

    // The flow's saves leave the aggregate's version alone: the open page still saves its banking step with the
    // version it read before the link (no "changed in another window").
    expect(app.body.data.v).toBe(v0);
    const pageSave = await api('POST', '/apply-v2/application', {
      body: {
        uuid: shopper.uuid,
        v: v0,
        section: ['banking'],
        banking: {
          routing_number: ach.body.data.achNumbers.routing,
          checking_account: ach.body.data.achNumbers.number,
          checking_account_confirmation: ach.body.data.achNumbers.number,
          bank_link_used: true,
          bank_link_profile_id: found.body.data.profileId,
          bank_link_account_id: account.id,
        },
      },
      headers: shopper.headers,
    });
    expect(pageSave.status, JSON.stringify(pageSave.body)).toBe(200);

    // Another account id than the profile's: unknown.
    expect((await calls.ach('acc_unknown000000')).status).toBe(404);
  });

  it('several accounts: the shopper picks one; an account outside the profile is refused', async () => {
    const { shopper, calls } = await linkSent();
    await calls.send();
    await connectBank(
      await linkFromMailbox('bank-link', shopper.body.applicant.email, '/sandbox/bank/connect/'),
      'multi',
      ['checking', 'savings', 'checking2'],
    );
    const found = await calls.check();
    const { accounts } = (await calls.accounts(found.body.data.profileId)).body.data;
    expect(accounts.map((a: { name: string }) => a.name)).toEqual([
      'Everyday Checking',
      'Way2Save Savings',
      'Bills Checking',
    ]);
    expect((await flowState(shopper.headers, 'bank-link')).state).toEqual({ flow: { connected: 'selectingAccount' } });

    const ach = await calls.ach(accounts[2].id);
    expect(ach.body.data.achNumbers.accountId).toBe(accounts[2].id);
    const app = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(app.body.data.banking.checking_account.endsWith(accounts[2].mask)).toBe(true);
    // Linked: picking another account now is not a step of this flow.
    expect((await calls.ach(accounts[0].id)).status).toBe(409);
  });

  it('no accounts: "No accounts found for the connected profile." and the flow waits for manual entry or a retry', async () => {
    const { shopper, calls } = await linkSent();
    await calls.send();
    await connectBank(
      await linkFromMailbox('bank-link', shopper.body.applicant.email, '/sandbox/bank/connect/'),
      'empty',
    );
    const found = await calls.check();
    const res = await calls.accounts(found.body.data.profileId);
    expect(res.body.data.accounts).toEqual([]);
    expect(res.body.message).toBe('No accounts found for the connected profile.');
    const flow = await flowState(shopper.headers, 'bank-link');
    expect(flow.state).toEqual({ flow: { connected: 'noAccounts' } });
    expect(flow.context.notice).toEqual({ kind: 'error', key: 'bank.accounts.none' });
    // Trying again asks the bank again (still none).
    expect((await calls.accounts(found.body.data.profileId)).body.data.accounts).toEqual([]);
    // The applicant's banking was not touched by the bank link.
    const app = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(app.body.data.banking?.bank_link_used ?? false).toBe(false);
  });

  it('slow ACH numbers: pending answers inside the 30-second window (the failure itself: ach-timing.test.ts)', async () => {
    const { shopper, calls } = await linkSent();
    await calls.send();
    await connectBank(
      await linkFromMailbox('bank-link', shopper.body.applicant.email, '/sandbox/bank/connect/'),
      'slow-ach',
      ['checking'],
    );
    const found = await calls.check();
    const [account] = (await calls.accounts(found.body.data.profileId)).body.data.accounts;
    const first = await calls.ach(account.id);
    expect(first.body.data).toMatchObject({ achNumbers: null, pending: true, failed: false });
    expect(first.body.data.secondsLeft).toBeGreaterThan(25);
    expect(first.body.data.secondsLeft).toBeLessThanOrEqual(30);
    const again = await calls.ach(account.id);
    expect(again.body.data).toMatchObject({ achNumbers: null, pending: true });
    expect((await flowState(shopper.headers, 'bank-link')).state).toMatchObject({
      flow: { connected: { fetchingAch: { countdown: 'ticking' } } },
    });
  });

  it('profile_deleting and missing_data come back with the seed texts and no polling starts', async () => {
    const deleting = await linkSent(`ada.${Date.now()}+deleting@example.com`);
    const res = await deleting.calls.send();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ sent: false, profile_deleting: true, missing_data: null });
    expect(res.body.message).toBe(
      'Either the email or phone number is not valid. Please use another email and / or phone or try again later.',
    );
    expect((await flowState(deleting.shopper.headers, 'bank-link')).state).toEqual({ flow: 'profileRejected' });
    expect((await deleting.calls.check()).status).toBe(409);

    const missing = await linkSent(`ada.${Date.now()}@example.invalid`);
    const refused = await missing.calls.send();
    expect(refused.body.data).toMatchObject({ sent: false, profile_deleting: false, missing_data: ['email'] });
    expect(refused.body.message).toBe(
      'These details are not available for use: email. Please use another email or try again later.',
    );
    expect((await flowState(missing.shopper.headers, 'bank-link')).state).toEqual({ flow: 'detailsRejected' });
  });

  it('abandon: the profile is deleted at the bank and the flow starts over; a second abandon is a 409', async () => {
    const { shopper, calls } = await linkSent();
    await calls.send();
    await connectBank(
      await linkFromMailbox('bank-link', shopper.body.applicant.email, '/sandbox/bank/connect/'),
      'multi',
      ['checking', 'savings'],
    );
    const found = await calls.check();
    expect((await calls.abandon(found.body.data.profileId)).status).toBe(200);
    expect((await flowState(shopper.headers, 'bank-link')).state).toEqual({ flow: 'idle' });
    expect((await calls.abandon(found.body.data.profileId)).status).toBe(409);
    expect((await calls.check()).status).toBe(409);
    // A new link starts again.
    expect((await calls.send()).body.data.sent).toBe(true);
  });

  it('only the application of the token: another applicant id is not found', async () => {
    const { calls, shopper } = await linkSent();
    const other = await api('POST', '/api/v1/bank-link/send-email', {
      body: { applicantId: '00000000-0000-4000-8000-000000000000' },
      headers: shopper.headers,
    });
    expect(other.status).toBe(404);
    expect((await api('POST', '/api/v1/bank-link/send-email', { body: {}, headers: shopper.headers })).status).toBe(
      422,
    );
    expect((await calls.accounts('item_notmine000000')).status).toBe(404);
  });

  it('forged, stale, unsigned, malformed and replayed callbacks change nothing on the flow', async () => {
    const { shopper, calls } = await linkSent();
    await calls.send();
    // A genuine callback (signed with the sandbox secret) about this applicant: the profile is looked up (not there yet).
    const genuine = callbackBody('profile.connected', `item_${Date.now()}`, { applicant_id: shopper.uuid });
    expect((await postCallback('bank-link', genuine, { secret: secrets.bankLink })).body.message).toBe('received');
    expect((await flowState(shopper.headers, 'bank-link')).state).toEqual({ flow: { connecting: 'notReady' } });
    const attack = callbackBody('profile.connected', `item_${Date.now()}x`, { applicant_id: shopper.uuid });
    await expectBadCallbacksChangeNothing(shopper.headers, 'bank-link', 'bank-link', secrets.bankLink, attack, genuine);
  });
});
