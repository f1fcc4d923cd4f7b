import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, SimulatedClock, createActor, fromPromise, initialTransition, transition } from 'xstate';

import {
  type AchNumbers,
  type BankAccount,
  type BankLinkInput,
  type CheckProfileOutput,
  type FetchAccountsOutput,
  type FetchAchNumbersOutput,
  type SendLinkOutput,
  achNumbersFor,
  bankLinkDelays,
  bankLinkMachine,
  bankLinkSendLabelKey,
  missingFields,
} from '../../../machines/bank-link/bank-link.machine.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import {
  eventsOfVariants,
  expectFullCoverage,
  pendingEffect,
  replayShortestPaths,
} from '../../support/machine-coverage.ts';
import { useFakeTimersInEachTest } from '../../support/fake-timers.ts';

const input: BankLinkInput = { applicantId: 'applicant-1', sendBy: 1 };
// Fake timers drive the named delays; advancing also settles the effects' promises between timers.
const flush = () => vi.advanceTimersByTimeAsync(0);

const checking: BankAccount = {
  id: 'acc-1',
  name: 'Everyday Checking',
  type: 'checking',
  mask: '1234',
  institution: { name: 'First Bank' },
};
const savings: BankAccount = {
  id: 'acc-2',
  name: 'Savings',
  type: 'savings',
  mask: '9876',
  institution: { name: 'First Bank' },
};
const numbers: AchNumbers = { routing: '021000021', number: '000123451234', accountId: 'acc-1' };

interface Script {
  send?: () => Promise<SendLinkOutput>;
  profiles?: (CheckProfileOutput | Error)[];
  accounts?: () => Promise<FetchAccountsOutput>;
  ach?: (FetchAchNumbersOutput | Error)[];
}

function start(script: Script = {}, machineInput: BankLinkInput = input) {
  const calls = {
    send: [] as unknown[],
    check: 0,
    accounts: [] as unknown[],
    ach: [] as unknown[],
    abandon: [] as unknown[],
  };
  const machine = bankLinkMachine.provide({
    actors: {
      sendLink: fromPromise(async ({ input: body }) => {
        calls.send.push(body);
        return (script.send ?? (async () => ({})))();
      }),
      checkProfile: fromPromise(async () => {
        calls.check += 1;
        const next = script.profiles?.shift() ?? { profileFound: false };
        if (next instanceof Error) throw next;
        return next;
      }),
      fetchAccounts: fromPromise(async ({ input: body }) => {
        calls.accounts.push(body);
        return (script.accounts ?? (async () => ({ accounts: [checking] })))();
      }),
      fetchAchNumbers: fromPromise(async ({ input: body }) => {
        calls.ach.push(body);
        const next = script.ach?.shift() ?? { achNumbers: null };
        if (next instanceof Error) throw next;
        return next;
      }),
      abandon: fromPromise(async ({ input: body }) => {
        calls.abandon.push(body);
        return {};
      }),
    },
  });
  const actor = createActor(machine, { input: machineInput });
  actor.start();
  const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
  const notice = () => {
    const n = actor.getSnapshot().context.notice;
    return n ? translate('en', n.key, n.params) : null;
  };
  return { actor, calls, advance, notice };
}

/** Sends the link and lets the profile be found at the first poll. */
async function connect(script: Script) {
  const run = start({ profiles: [{ profileFound: true, profileId: 'profile-9' }], ...script });
  run.actor.send({ type: 'bank.link.send' });
  await flush();
  await run.advance(bankLinkDelays.profilePollInterval);
  return run;
}

describe('bank link: behaviour', () => {
  useFakeTimersInEachTest();

  it('has the timings of the seed as named delays', () => {
    expect(bankLinkDelays).toEqual({
      profilePollInterval: 10_000,
      achPollInterval: 2_000,
      achTimeout: 30_000,
      achCountdownTick: 1_000,
      longNoticeDuration: 10_000,
      shortNoticeDuration: 5_000,
    });
  });

  it('sends the link by SMS, or by e-mail when the send-by setting is 2', async () => {
    const sms = start();
    expect(translate('en', bankLinkSendLabelKey(sms.actor.getSnapshot().context))).toBe('Text me the link');
    sms.actor.send({ type: 'bank.link.send' });
    await flush();
    expect(sms.calls.send).toEqual([{ applicantId: 'applicant-1', channel: 'sms' }]);
    const email = start({}, { applicantId: 'applicant-1', sendBy: 2 });
    email.actor.send({ type: 'bank.link.send' });
    await flush();
    expect(email.calls.send).toEqual([{ applicantId: 'applicant-1', channel: 'email' }]);
    expect(start({}, { applicantId: 'a', sendBy: null }).actor.getSnapshot().context.channel).toBe('sms');
  });

  it('says the e-mail or phone is not valid when the profile is being deleted, for 10 seconds', async () => {
    const { actor, advance, notice, calls } = start({ send: async () => ({ profile_deleting: true }) });
    actor.send({ type: 'bank.link.send' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ flow: 'profileRejected' });
    expect(notice()).toBe(
      'Either the email or phone number is not valid. Please use another email and / or phone or try again later.',
    );
    await advance(9_999);
    expect(notice()).not.toBeNull();
    await advance(1);
    expect(notice()).toBeNull();
    expect(actor.getSnapshot().value).toEqual({ flow: 'idle' });
    expect(calls.check).toBe(0);
  });

  it('names the details that are not available', async () => {
    const { actor, notice, advance } = start({ send: async () => ({ missing_data: ['email', 'phone'] }) });
    actor.send({ type: 'bank.link.send' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ flow: 'detailsRejected' });
    expect(notice()).toBe(
      'These details are not available for use: email, phone. Please use another email, phone or try again later.',
    );
    await advance(60_000);
    expect(actor.getSnapshot().value).toEqual({ flow: 'detailsRejected' });
    expect(missingFields('email')).toEqual(['email']);
    expect(missingFields({ email: true, phone: false })).toEqual(['email']);
    expect(missingFields(null)).toEqual([]);
  });

  it('shows a send failure for 5 seconds and does not poll', async () => {
    const { actor, notice, advance, calls } = start({
      send: async () => Promise.reject({ code: 500, message: 'Bank link is down' }),
    });
    actor.send({ type: 'bank.link.send' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ flow: 'sendFailed' });
    expect(notice()).toBe('Bank link is down');
    await advance(4_999);
    expect(notice()).toBe('Bank link is down');
    await advance(1);
    expect(notice()).toBeNull();
    await advance(60_000);
    expect(calls.check).toBe(0);
    const fallback = start({ send: async () => Promise.reject(new Error('')) });
    fallback.actor.send({ type: 'bank.link.send' });
    await flush();
    expect(fallback.notice()).toBe('The link could not be sent. Please try again later.');
  });

  it('stops polling when a resend fails', async () => {
    let sends = 0;
    const { actor, advance, calls } = start({
      send: async () => {
        sends += 1;
        if (sends > 1) throw { code: 0 };
        return {};
      },
    });
    actor.send({ type: 'bank.link.send' });
    await flush();
    await advance(10_000);
    expect(calls.check).toBe(1);
    actor.send({ type: 'bank.link.send' });
    await flush();
    await advance(30_000);
    expect(calls.check).toBe(1);
  });

  it('polls for the profile every 10 seconds until it is found, then fetches the accounts', async () => {
    const { actor, advance, calls } = start({
      profiles: [{ profileFound: false }, { profileFound: false }, { profileFound: true, profileId: 'profile-9' }],
      accounts: async () => ({ accounts: [checking, savings] }),
    });
    actor.send({ type: 'bank.link.send' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ flow: { connecting: 'waiting' } });
    await advance(9_999);
    expect(calls.check).toBe(0);
    await advance(1);
    expect(calls.check).toBe(1);
    await advance(10_000);
    expect(calls.check).toBe(2);
    await advance(10_000);
    expect(calls.check).toBe(3);
    expect(calls.accounts).toEqual([{ profileId: 'profile-9' }]);
    expect(actor.getSnapshot().context.profileId).toBe('profile-9');
    expect(actor.getSnapshot().value).toEqual({ flow: { connected: 'selectingAccount' } });
    await advance(60_000);
    expect(calls.check).toBe(3);
  });

  it('keeps polling when a check fails', async () => {
    const { actor, advance, calls, notice } = start({
      profiles: [new Error('network'), { profileFound: true, profileId: 'p-2' }],
      accounts: async () => ({ accounts: [checking, savings] }),
    });
    actor.send({ type: 'bank.link.send' });
    await flush();
    await advance(10_000);
    expect(calls.check).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ flow: { connecting: 'waiting' } });
    expect(notice()).toBeNull();
    await advance(10_000);
    expect(calls.check).toBe(2);
    expect(actor.getSnapshot().value).toEqual({ flow: { connected: 'selectingAccount' } });
  });

  it('says the profile is not ready on a manual check, for 5 seconds', async () => {
    const { actor, advance, notice, calls } = start();
    actor.send({ type: 'bank.link.send' });
    await flush();
    actor.send({ type: 'bank.profile.check' });
    await flush();
    expect(calls.check).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ flow: { connecting: 'notReady' } });
    expect(notice()).toBe('Profile not ready. Please try again in a moment.');
    await advance(4_999);
    expect(notice()).toBe('Profile not ready. Please try again in a moment.');
    await advance(1);
    expect(notice()).toBeNull();
    expect(actor.getSnapshot().value).toEqual({ flow: { connecting: 'waiting' } });
    await advance(10_000);
    expect(calls.check).toBe(2);
  });

  it('goes on at once when a manual check finds the profile', async () => {
    const { actor, calls } = start({
      profiles: [{ profileFound: true, profileId: 'p-1' }],
      ach: [{ achNumbers: null }],
    });
    actor.send({ type: 'bank.link.send' });
    await flush();
    actor.send({ type: 'bank.profile.check' });
    await flush();
    expect(calls.accounts).toEqual([{ profileId: 'p-1' }]);
    expect(actor.getSnapshot().matches({ flow: { connected: 'fetchingAch' } })).toBe(true);
  });

  it('goes straight to the account numbers with one account and outputs them with the bank-link fields', async () => {
    const { actor, advance, calls } = await connect({ ach: [{ achNumbers: null }, { achNumbers: numbers }] });
    expect(actor.getSnapshot().matches({ flow: { connected: 'fetchingAch' } })).toBe(true);
    expect(calls.ach).toEqual([{ accountId: 'acc-1' }]);
    await advance(1_999);
    expect(calls.ach).toHaveLength(1);
    await advance(1);
    expect(calls.ach).toHaveLength(2);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      mode: 'linked',
      routing_number: '021000021',
      checking_account: '000123451234',
      bank_link_used: true,
      bank_link_profile_id: 'profile-9',
      bank_link_account_id: 'acc-1',
    });
  });

  it('opens the picker for several accounts and takes only a listed account', async () => {
    const { actor, calls } = await connect({
      accounts: async () => ({ accounts: [checking, savings] }),
      ach: [{ achNumbers: { ...numbers, accountId: 'acc-2' } }],
    });
    expect(actor.getSnapshot().value).toEqual({ flow: { connected: 'selectingAccount' } });
    expect(actor.getSnapshot().context.accounts).toEqual([checking, savings]);
    actor.send({ type: 'bank.account.select', accountId: 'nope' });
    expect(actor.getSnapshot().value).toEqual({ flow: { connected: 'selectingAccount' } });
    actor.send({ type: 'bank.account.select', accountId: 'acc-2' });
    await flush();
    expect(calls.ach).toEqual([{ accountId: 'acc-2' }]);
    expect(actor.getSnapshot().output).toMatchObject({ bank_link_account_id: 'acc-2' });
  });

  it('says no accounts were found, offers manual entry and can try again', async () => {
    let attempt = 0;
    const { actor, notice, calls } = await connect({
      accounts: async () => {
        attempt += 1;
        return { accounts: attempt === 1 ? [] : [checking] };
      },
    });
    expect(actor.getSnapshot().value).toEqual({ flow: { connected: 'noAccounts' } });
    expect(notice()).toBe('No accounts found for the connected profile.');
    expect(actor.getSnapshot().can({ type: 'bank.manual.request' })).toBe(true);
    actor.send({ type: 'bank.accounts.retry' });
    await flush();
    expect(calls.accounts).toHaveLength(2);
    expect(actor.getSnapshot().matches({ flow: { connected: 'fetchingAch' } })).toBe(true);
  });

  it('shows the server error when the accounts cannot be fetched', async () => {
    const { actor, notice } = await connect({
      accounts: async () => Promise.reject({ code: 502, message: 'Bank timeout' }),
    });
    expect(actor.getSnapshot().value).toEqual({ flow: { connected: 'noAccounts' } });
    expect(notice()).toBe('Bank timeout');
  });

  it('polls the ACH numbers every 2 seconds with a 30-second countdown and fails after 30 seconds', async () => {
    const { actor, advance, calls, notice } = await connect({ ach: [new Error('not yet')] });
    expect(actor.getSnapshot().context.achSecondsLeft).toBe(30);
    await advance(1_000);
    expect(actor.getSnapshot().context.achSecondsLeft).toBe(29);
    await advance(9_000);
    expect(actor.getSnapshot().context.achSecondsLeft).toBe(20);
    expect(calls.ach).toHaveLength(6);
    await advance(19_999);
    expect(actor.getSnapshot().matches({ flow: { connected: 'fetchingAch' } })).toBe(true);
    expect(notice()).toBeNull();
    await advance(1);
    expect(actor.getSnapshot().value).toEqual({ flow: { connected: 'achFailed' } });
    expect(actor.getSnapshot().context.achSecondsLeft).toBe(0);
    expect(calls.ach).toHaveLength(15);
    expect(notice()).toBe(
      'Failed to get ACH numbers for the account ending: ****1234. Please try selecting this account again after a moment, try choosing a different account or contact support. You can also enter the details manually.',
    );
    await advance(10_000);
    expect(calls.ach).toHaveLength(15);
    actor.send({ type: 'bank.account.select', accountId: 'acc-1' });
    expect(actor.getSnapshot().context.achSecondsLeft).toBe(30);
    expect(notice()).toBeNull();
    await flush();
    expect(calls.ach).toHaveLength(16);
  });

  it('puts manual entry behind the I understand confirmation', async () => {
    const { actor } = await connect({ accounts: async () => ({ accounts: [checking, savings] }) });
    actor.send({ type: 'bank.manual.request' });
    expect(actor.getSnapshot().value).toBe('manualConfirm');
    expect(translate('en', 'bank.manual.confirm')).toBe('I understand');
    actor.send({ type: 'bank.manual.cancel' });
    expect(actor.getSnapshot().value).toEqual({ flow: { connected: 'selectingAccount' } });
    actor.send({ type: 'bank.manual.request' });
    actor.send({ type: 'bank.manual.confirm' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ mode: 'manual' });
  });

  it('resumes polling when the manual confirmation is cancelled during the connection', async () => {
    const { actor, advance, calls } = start();
    actor.send({ type: 'bank.link.send' });
    await flush();
    actor.send({ type: 'bank.manual.request' });
    await advance(30_000);
    expect(calls.check).toBe(0);
    actor.send({ type: 'bank.manual.cancel' });
    expect(actor.getSnapshot().value).toEqual({ flow: { connecting: 'waiting' } });
    await advance(10_000);
    expect(calls.check).toBe(1);
  });

  it('abandons the connection with the profile id and starts over', async () => {
    const { actor, calls } = await connect({ accounts: async () => ({ accounts: [checking, savings] }) });
    actor.send({ type: 'bank.abandon' });
    expect(actor.getSnapshot().value).toBe('abandoning');
    await flush();
    expect(calls.abandon).toEqual([{ profileId: 'profile-9', applicantId: 'applicant-1' }]);
    expect(actor.getSnapshot().value).toEqual({ flow: 'idle' });
    expect(actor.getSnapshot().context.profileId).toBeNull();
    expect(actor.getSnapshot().context.accounts).toEqual([]);
  });

  it('refuses events the state does not accept (the server answers 409)', () => {
    const [first] = initialTransition(bankLinkMachine, input);
    expect(first.can({ type: 'bank.account.select', accountId: 'acc-1' })).toBe(false);
    expect(first.can({ type: 'bank.abandon' })).toBe(false);
    expect(first.can({ type: 'bank.manual.confirm' })).toBe(false);
    const [sending] = transition(bankLinkMachine, first, { type: 'bank.link.send' });
    expect(sending.can({ type: 'bank.link.send' })).toBe(false);
    expect(sending.can({ type: 'bank.manual.request' })).toBe(true);
  });

  it('reads the ACH numbers of the chosen account only', () => {
    expect(achNumbersFor({ achNumbers: numbers }, 'acc-1')).toEqual(numbers);
    expect(achNumbersFor({ achNumbers: [{ ...numbers, accountId: 'x' }, numbers] }, 'acc-1')).toEqual(numbers);
    expect(achNumbersFor({ achNumbers: { ...numbers, accountId: 'x' } }, 'acc-1')).toBeNull();
    expect(achNumbersFor({ achNumbers: { ...numbers, number: '' } }, 'acc-1')).toBeNull();
    expect(achNumbersFor({}, 'acc-1')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Model-based: every state node and every transition of the definition is reached (the history pseudo-state is a
// target, never a state the machine rests in), and the shortest path to every state replays on a live actor.

const modelEvents: AnyEventObject[] = [
  { type: 'bank.account.select', accountId: 'acc-1' },
  { type: 'bank.account.select', accountId: 'acc-2' },
  { type: 'xstate.done.actor.sendLink', output: {} },
  { type: 'xstate.done.actor.sendLink', output: { profile_deleting: true } },
  { type: 'xstate.done.actor.sendLink', output: { missing_data: ['email'] } },
  { type: 'xstate.error.actor.sendLink', error: { code: 500 } },
  { type: 'xstate.done.actor.checkProfile', output: { profileFound: false } },
  { type: 'xstate.done.actor.checkProfile', output: { profileFound: true, profileId: 'p-1' } },
  { type: 'xstate.error.actor.checkProfile', error: { code: 0 } },
  { type: 'xstate.done.actor.fetchAccounts', output: { accounts: [checking] } },
  { type: 'xstate.done.actor.fetchAccounts', output: { accounts: [checking, savings] } },
  { type: 'xstate.done.actor.fetchAccounts', output: { accounts: [] } },
  { type: 'xstate.error.actor.fetchAccounts', error: { code: 500 } },
  { type: 'xstate.done.actor.fetchAchNumbers', output: { achNumbers: null } },
  { type: 'xstate.done.actor.fetchAchNumbers', output: { achNumbers: numbers } },
  { type: 'xstate.error.actor.fetchAchNumbers', error: { code: 500 } },
  { type: 'xstate.done.actor.abandon', output: {} },
  { type: 'xstate.error.actor.abandon', error: { code: 500 } },
];

const eventsFor = eventsOfVariants(modelEvents);

// The countdown is display only (no guard reads it), so it stays out of the state's identity.
const serializeState = (snapshot: {
  value: unknown;
  context: object;
  historyValue?: Record<string, { id: string }[]>;
}) =>
  JSON.stringify({
    value: snapshot.value,
    context: { ...snapshot.context, achSecondsLeft: undefined },
    history: Object.entries(snapshot.historyValue ?? {}).map(([id, nodes]) => [id, nodes.map((n) => n.id)]),
  });

describe('bank link: model', () => {
  for (const [name, machineInput] of [
    ['SMS', input],
    ['e-mail', { applicantId: 'applicant-1', sendBy: 2 }],
  ] as const) {
    it(`reaches every state and takes every transition (${name})`, () => {
      const result = expectFullCoverage(bankLinkMachine, machineInput, {
        events: eventsFor,
        serializeState,
      });
      expect(result.definedStates.length).toBeGreaterThan(20);
    });
  }

  it('replays the shortest path to every state on a live actor', () => {
    const ends = replayShortestPaths(bankLinkMachine, {
      input,
      events: eventsFor,
      // The value alone: one path per state configuration.
      serializeState: (snapshot: { value: unknown }) => JSON.stringify(snapshot.value),
      clock: new SimulatedClock(),
      actors: {
        sendLink: pendingEffect<SendLinkOutput>(),
        checkProfile: pendingEffect<CheckProfileOutput>(),
        fetchAccounts: pendingEffect<FetchAccountsOutput>(),
        fetchAchNumbers: pendingEffect<FetchAchNumbersOutput>(),
        abandon: pendingEffect<unknown>(),
      },
    });
    // each path ends in a state of its own
    const reached = new Set(ends);
    expect(reached.size).toBe(ends.length);
    expect(reached).toContain(JSON.stringify('linked'));
    expect(reached).toContain(JSON.stringify('manual'));
    expect(reached).toContain(JSON.stringify({ flow: { connected: 'achFailed' } }));
  });
});
