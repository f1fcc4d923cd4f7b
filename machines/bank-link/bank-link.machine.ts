import { assign, fromPromise, setup } from 'xstate';
import { effectErrorMessage, type FlowNotice } from '../i18n/flows.ts';

// Bank connection (seed 000 sections 2, 4, 7, 8 and 9): send the shopper a link to the bank-link service, poll for
// the profile every 10 s, fetch the accounts, let the shopper pick one, poll its ACH (routing and account) numbers
// every 2 s for at most 30 s, and hand the numbers to the banking form. Manual entry is behind 'I understand'.

export const BANK_LINK_MACHINE_VERSION = 1;

/** The lease program's send-by setting: 2 means e-mail, anything else SMS. */
export const SEND_BY_EMAIL = 2;
/** The ACH countdown shown to the shopper, in seconds. */
export const ACH_TIMEOUT_SECONDS = 30;

export const bankLinkDelays = {
  profilePollInterval: 10_000,
  achPollInterval: 2_000,
  achTimeout: ACH_TIMEOUT_SECONDS * 1000,
  achCountdownTick: 1_000,
  /** How long 'Either the email or phone number is not valid…' stays. */
  longNoticeDuration: 10_000,
  /** How long a send failure and 'Profile not ready…' stay. */
  shortNoticeDuration: 5_000,
} as const;

export type BankLinkChannel = 'sms' | 'email';

export interface BankLinkInput {
  applicantId: string;
  /** `lease_program` send-by setting of the store (2 = e-mail, otherwise SMS). */
  sendBy?: number | null;
}

/** One account of `data.accounts` (GET fetch-accounts). */
export interface BankAccount {
  id: string;
  name: string;
  type: string;
  /** The last 4 digits of the account number. */
  mask: string;
  institution?: { name: string } | null;
}

/** `data.achNumbers` (GET fetch-ach-numbers). */
export interface AchNumbers {
  routing: string;
  number: string;
  accountId: string;
}

export interface SendLinkOutput {
  profile_deleting?: boolean;
  /** The details the service refused: a list of field names, one name, or a map of name to flag. */
  missing_data?: string[] | string | Record<string, unknown> | null;
}
export interface CheckProfileOutput {
  profileFound?: boolean;
  profileId?: string | null;
}
export interface FetchAccountsOutput {
  accounts?: BankAccount[] | null;
}
export interface FetchAchNumbersOutput {
  achNumbers?: AchNumbers | AchNumbers[] | null;
}

/** What the banking form receives: the numbers plus the bank-link fields of the Banking entity, or manual entry. */
export type BankLinkOutput =
  | {
      mode: 'linked';
      routing_number: string;
      checking_account: string;
      bank_link_used: true;
      bank_link_profile_id: string;
      bank_link_account_id: string;
    }
  | { mode: 'manual' };

export interface BankLinkContext {
  applicantId: string;
  channel: BankLinkChannel;
  profileId: string | null;
  accounts: BankAccount[];
  account: BankAccount | null;
  /** Seconds left of the ACH countdown (for display). */
  achSecondsLeft: number;
  notice: FlowNotice | null;
  result: BankLinkOutput | null;
}

export type BankLinkEvent =
  | { type: 'bank.link.send' }
  | { type: 'bank.profile.check' }
  | { type: 'bank.account.select'; accountId: string }
  | { type: 'bank.accounts.retry' }
  | { type: 'bank.manual.request' }
  | { type: 'bank.manual.confirm' }
  | { type: 'bank.manual.cancel' }
  | { type: 'bank.abandon' };

/** The field names of `missing_data`, for the message's {fields}. */
export function missingFields(missing: SendLinkOutput['missing_data']): string[] {
  if (!missing) return [];
  if (typeof missing === 'string') return missing.trim() ? [missing.trim()] : [];
  if (Array.isArray(missing)) return missing.filter((f): f is string => typeof f === 'string' && f.trim() !== '');
  return Object.entries(missing)
    .filter(([, flagged]) => Boolean(flagged))
    .map(([name]) => name);
}

/** The ACH numbers of `accountId` in a fetch-ach-numbers answer, when complete. */
export function achNumbersFor(
  output: FetchAchNumbersOutput | undefined,
  accountId: string | undefined,
): AchNumbers | null {
  const raw = output?.achNumbers;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const match =
    list.find((n) => n.accountId === accountId) ?? (list.length === 1 && !list[0]?.accountId ? list[0] : undefined);
  return match && match.routing && match.number ? match : null;
}

const outputOf = <T>(event: unknown): T => ((event as { output?: T }).output ?? {}) as T;
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const accountsOf = (event: unknown): BankAccount[] => outputOf<FetchAccountsOutput>(event).accounts ?? [];
const notice = (kind: FlowNotice['kind'], key: string, params?: FlowNotice['params']): FlowNotice | null =>
  params ? { kind, key, params } : { kind, key };

/** The vendor's profile check, run on a timer and when the shopper asks. */
const checkProfileCall = {
  id: 'checkProfile',
  src: 'checkProfile',
  input: ({ context }: { context: BankLinkContext }) => ({ applicantId: context.applicantId }),
} as const;

export const bankLinkMachine = setup({
  types: {
    context: {} as BankLinkContext,
    events: {} as BankLinkEvent,
    input: {} as BankLinkInput,
    output: {} as BankLinkOutput,
  },
  actors: {
    sendLink: fromPromise<SendLinkOutput, { applicantId: string; channel: BankLinkChannel }>(async () => {
      throw new Error('sendLink is not provided');
    }),
    checkProfile: fromPromise<CheckProfileOutput, { applicantId: string }>(async () => {
      throw new Error('checkProfile is not provided');
    }),
    fetchAccounts: fromPromise<FetchAccountsOutput, { profileId: string }>(async () => {
      throw new Error('fetchAccounts is not provided');
    }),
    fetchAchNumbers: fromPromise<FetchAchNumbersOutput, { accountId: string }>(async () => {
      throw new Error('fetchAchNumbers is not provided');
    }),
    abandon: fromPromise<unknown, { profileId: string | null; applicantId: string }>(async () => {
      throw new Error('abandon is not provided');
    }),
  },
  delays: bankLinkDelays,
  guards: {
    profileDeleting: ({ event }) => outputOf<SendLinkOutput>(event).profile_deleting === true,
    missingData: ({ event }) => missingFields(outputOf<SendLinkOutput>(event).missing_data).length > 0,
    profileFound: ({ event }) => {
      const output = outputOf<CheckProfileOutput>(event);
      return output.profileFound === true && typeof output.profileId === 'string' && output.profileId !== '';
    },
    oneAccount: ({ event }) => accountsOf(event).length === 1,
    severalAccounts: ({ event }) => accountsOf(event).length > 1,
    knownAccount: ({ context, event }) =>
      event.type === 'bank.account.select' && context.accounts.some((a) => a.id === event.accountId),
    achNumbersReady: ({ context, event }) =>
      achNumbersFor(outputOf<FetchAchNumbersOutput>(event), context.account?.id) !== null,
  },
  actions: {
    clearNotice: assign({ notice: null }),
    showProfileDeleting: assign({ notice: notice('error', 'bank.profileDeleting') }),
    showMissingData: assign({
      notice: ({ event }) => {
        const fields = missingFields(outputOf<SendLinkOutput>(event).missing_data).join(', ');
        return notice('error', 'bank.missingData', { fields });
      },
    }),
    showSendFailure: assign({
      notice: ({ event }) => notice('error', effectErrorMessage(errorOf(event), 'bank.sendFailed')),
    }),
    showProfileNotReady: assign({ notice: notice('info', 'bank.profile.notReady') }),
    recordProfile: assign({
      profileId: ({ event }) => outputOf<CheckProfileOutput>(event).profileId ?? null,
      notice: null,
    }),
    recordOnlyAccount: assign({
      accounts: ({ event }) => accountsOf(event),
      account: ({ event }) => accountsOf(event)[0] ?? null,
      notice: null,
    }),
    recordAccounts: assign({ accounts: ({ event }) => accountsOf(event), account: null, notice: null }),
    showNoAccounts: assign({ accounts: [], account: null, notice: notice('error', 'bank.accounts.none') }),
    showAccountsFailure: assign({
      accounts: [],
      account: null,
      notice: ({ event }) => notice('error', effectErrorMessage(errorOf(event), 'bank.accounts.failed')),
    }),
    selectAccount: assign({
      account: ({ context, event }) =>
        event.type === 'bank.account.select' ? (context.accounts.find((a) => a.id === event.accountId) ?? null) : null,
      notice: null,
    }),
    startAchCountdown: assign({ achSecondsLeft: ACH_TIMEOUT_SECONDS }),
    tickAchCountdown: assign({ achSecondsLeft: ({ context }) => Math.max(0, context.achSecondsLeft - 1) }),
    showAchFailure: assign({
      achSecondsLeft: 0,
      notice: ({ context }) => notice('error', 'bank.ach.failed', { last4: context.account?.mask ?? '' }),
    }),
    recordAchNumbers: assign({
      result: ({ context, event }): BankLinkOutput | null => {
        const numbers = achNumbersFor(outputOf<FetchAchNumbersOutput>(event), context.account?.id);
        if (!numbers || !context.account) return null;
        return {
          mode: 'linked',
          routing_number: numbers.routing,
          checking_account: numbers.number,
          bank_link_used: true,
          bank_link_profile_id: context.profileId ?? '',
          bank_link_account_id: context.account.id,
        };
      },
      notice: notice('success', 'bank.linked'),
    }),
    recordManual: assign({ result: { mode: 'manual' } as BankLinkOutput | null, notice: null }),
    reset: assign({ profileId: null, accounts: [], account: null, achSecondsLeft: ACH_TIMEOUT_SECONDS, notice: null }),
  },
}).createMachine({
  id: 'bankLink',
  context: ({ input }) => ({
    applicantId: input.applicantId,
    channel: input.sendBy === SEND_BY_EMAIL ? 'email' : 'sms',
    profileId: null,
    accounts: [],
    account: null,
    achSecondsLeft: ACH_TIMEOUT_SECONDS,
    notice: null,
    result: null,
  }),
  initial: 'flow',
  output: ({ context }) => context.result ?? { mode: 'manual' },
  states: {
    flow: {
      initial: 'idle',
      on: {
        // The manual entry link is offered everywhere in the flow; the confirmation comes first.
        'bank.manual.request': { target: 'manualConfirm' },
      },
      states: {
        idle: {
          on: { 'bank.link.send': { target: 'sending' } },
        },
        sending: {
          entry: 'clearNotice',
          invoke: {
            id: 'sendLink',
            src: 'sendLink',
            input: ({ context }) => ({ applicantId: context.applicantId, channel: context.channel }),
            onDone: [
              { guard: 'profileDeleting', target: 'profileRejected', actions: 'showProfileDeleting' },
              { guard: 'missingData', target: 'detailsRejected', actions: 'showMissingData' },
              { target: 'connecting' },
            ],
            // No link went out: no polling.
            onError: { target: 'sendFailed', actions: 'showSendFailure' },
          },
        },
        profileRejected: {
          after: { longNoticeDuration: { target: 'idle', actions: 'clearNotice' } },
          on: { 'bank.link.send': { target: 'sending' } },
        },
        detailsRejected: {
          on: { 'bank.link.send': { target: 'sending' } },
        },
        sendFailed: {
          after: { shortNoticeDuration: { target: 'idle', actions: 'clearNotice' } },
          on: { 'bank.link.send': { target: 'sending' } },
        },
        connecting: {
          initial: 'waiting',
          on: {
            'bank.link.send': { target: 'sending' },
            'bank.abandon': { target: '#bankLink.abandoning' },
          },
          states: {
            waiting: {
              after: { profilePollInterval: { target: 'checking' } },
              on: { 'bank.profile.check': { target: 'checkingManually' } },
            },
            checking: {
              invoke: {
                ...checkProfileCall,
                onDone: [
                  { guard: 'profileFound', target: '#bankLink.flow.connected', actions: 'recordProfile' },
                  { target: 'waiting' },
                ],
                onError: { target: 'waiting' },
              },
              on: { 'bank.profile.check': { target: 'checkingManually' } },
            },
            checkingManually: {
              entry: 'clearNotice',
              invoke: {
                ...checkProfileCall,
                onDone: [
                  { guard: 'profileFound', target: '#bankLink.flow.connected', actions: 'recordProfile' },
                  { target: 'notReady', actions: 'showProfileNotReady' },
                ],
                onError: { target: 'notReady', actions: 'showProfileNotReady' },
              },
            },
            notReady: {
              after: { shortNoticeDuration: { target: 'waiting', actions: 'clearNotice' } },
              on: { 'bank.profile.check': { target: 'checkingManually' } },
            },
          },
        },
        connected: {
          initial: 'fetchingAccounts',
          on: { 'bank.abandon': { target: '#bankLink.abandoning' } },
          states: {
            fetchingAccounts: {
              invoke: {
                id: 'fetchAccounts',
                src: 'fetchAccounts',
                input: ({ context }) => ({ profileId: context.profileId ?? '' }),
                onDone: [
                  { guard: 'oneAccount', target: 'fetchingAch', actions: 'recordOnlyAccount' },
                  { guard: 'severalAccounts', target: 'selectingAccount', actions: 'recordAccounts' },
                  { target: 'noAccounts', actions: 'showNoAccounts' },
                ],
                onError: { target: 'noAccounts', actions: 'showAccountsFailure' },
              },
            },
            selectingAccount: {
              on: { 'bank.account.select': { guard: 'knownAccount', target: 'fetchingAch', actions: 'selectAccount' } },
            },
            noAccounts: {
              on: { 'bank.accounts.retry': { target: 'fetchingAccounts' } },
            },
            fetchingAch: {
              type: 'parallel',
              entry: 'startAchCountdown',
              after: { achTimeout: { target: 'achFailed', actions: 'showAchFailure' } },
              states: {
                poll: {
                  initial: 'requesting',
                  states: {
                    requesting: {
                      invoke: {
                        id: 'fetchAchNumbers',
                        src: 'fetchAchNumbers',
                        input: ({ context }) => ({ accountId: context.account?.id ?? '' }),
                        onDone: [
                          { guard: 'achNumbersReady', target: '#bankLink.linked', actions: 'recordAchNumbers' },
                          { target: 'waiting' },
                        ],
                        onError: { target: 'waiting' },
                      },
                    },
                    waiting: {
                      after: { achPollInterval: { target: 'requesting' } },
                    },
                  },
                },
                countdown: {
                  initial: 'ticking',
                  states: {
                    ticking: {
                      after: { achCountdownTick: { target: 'ticking', reenter: true, actions: 'tickAchCountdown' } },
                    },
                  },
                },
              },
            },
            achFailed: {
              // Pick the same account again after a moment, or another one.
              on: { 'bank.account.select': { guard: 'knownAccount', target: 'fetchingAch', actions: 'selectAccount' } },
            },
          },
        },
        history: { type: 'history', history: 'deep' },
      },
    },
    manualConfirm: {
      on: {
        'bank.manual.confirm': { target: 'manual', actions: 'recordManual' },
        // Back to where the shopper was (the flow restarts that step's polling).
        'bank.manual.cancel': { target: '#bankLink.flow.history' },
      },
    },
    abandoning: {
      invoke: {
        id: 'abandon',
        src: 'abandon',
        input: ({ context }) => ({ profileId: context.profileId, applicantId: context.applicantId }),
        onDone: { target: '#bankLink.flow.idle', actions: 'reset' },
        onError: { target: '#bankLink.flow.idle', actions: 'reset' },
      },
    },
    linked: { type: 'final' },
    manual: { type: 'final' },
  },
});

/** The label of the send button: by e-mail or by SMS, as the store's lease program says. */
export function bankLinkSendLabelKey(context: Pick<BankLinkContext, 'channel'>): string {
  return context.channel === 'email' ? 'bank.send.email' : 'bank.send.sms';
}
