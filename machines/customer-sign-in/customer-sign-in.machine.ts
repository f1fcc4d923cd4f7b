import { assign, fromPromise, setup } from 'xstate';
import type { FlowNotice } from '../i18n/flows.ts';
import { PIN_LENGTH, PIN_TTL_MS, normalizePin } from '../pin/pin-rules.ts';

// The lessee's sign-in on the account pages (issue 22 item 8): a one-time code sent to the phone or e-mail on the
// lease, typed back. The server owns the PIN rules (machines/pin/pin-rules.ts: expiry, attempts, sends per window);
// this machine decides what the page shows: which step, which field carries an error, when a new code may be asked
// for. Time comes in with the events (`now`), so the machine stays pure.

export type SignInChannel = 'phone' | 'email';

/** A field error or a page message: a catalogue key or the server's own (already translated) text. */
export interface SignInErrors {
  address?: string;
  code?: string;
}

export interface SignInContext {
  channel: SignInChannel;
  /** What the lessee typed: digits of the phone, or the e-mail. */
  address: string;
  code: string;
  errors: SignInErrors;
  notice: FlowNotice | null;
  /** Epoch ms of the last code sent (null before any): the code expires PIN_TTL_MS after it. */
  sentAt: number | null;
  /** Epoch ms before which "Send a new code" stays disabled (a courtesy pause; the server enforces the real limit). */
  resendAt: number;
}

export type SignInEvent =
  | { type: 'signin.channel'; channel: SignInChannel }
  | { type: 'signin.address'; value: string }
  | { type: 'signin.request'; now: number }
  | { type: 'signin.code'; value: string }
  | { type: 'signin.verify'; now: number }
  | { type: 'signin.resend'; now: number }
  | { type: 'signin.change' };

export interface CodeRequest {
  channel: SignInChannel;
  address: string;
}

/** A minimal time between two sends typed by hand, so that a double click never spends the send allowance. */
export const RESEND_PAUSE_MS = 30_000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phoneDigits = (value: string) => {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
};

/** The error key of an address, or null when it can be sent. */
export function addressError(channel: SignInChannel, address: string): string | null {
  const value = address.trim();
  if (value === '') return channel === 'phone' ? 'account.signin.phone.required' : 'account.signin.email.required';
  if (channel === 'phone') return phoneDigits(value).length === 10 ? null : 'account.signin.phone.invalid';
  return EMAIL.test(value) && value.length <= 254 ? null : 'account.signin.email.invalid';
}

/** The body of POST /customer/api/auth/code. */
export const codeRequestBody = (request: CodeRequest) =>
  request.channel === 'phone' ? { phone: phoneDigits(request.address) } : { email: request.address.trim() };

const nowOf = (event: SignInEvent) => ('now' in event ? event.now : 0);

/** The pause before another code may be asked for: the server's `resend_in` (seconds) when it says, else ours. */
const pauseAfterSend = (event: unknown): number => {
  const output = (event as { output?: { resend_in?: unknown } }).output;
  const seconds = output?.resend_in;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : RESEND_PAUSE_MS;
};
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

// Read here rather than imported from i18n/flows.ts: that module carries the flows' whole message area, which the
// account page's bundle does not need.
const effectErrorCode = (error: unknown): number => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : 0;
};
const effectErrorMessage = (error: unknown, fallback: string): string => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
};

/** A rejected call's text: the server's message (in the lessee's language), or a catalogue key for a network failure. */
function callError(error: unknown): string {
  const code = effectErrorCode(error);
  if (code === 0) return 'error.network';
  return effectErrorMessage(error, 'error.unknown');
}

export const customerSignInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    // Optional: the page may open on the e-mail tab.
    input: {} as { channel: SignInChannel } | undefined,
  },
  actors: {
    requestCode: fromPromise<unknown, CodeRequest>(async () => {
      throw new Error('requestCode is supplied by the page');
    }),
    verifyCode: fromPromise<unknown, { code: string }>(async () => {
      throw new Error('verifyCode is supplied by the page');
    }),
  },
  guards: {
    addressValid: ({ context }) => addressError(context.channel, context.address) === null,
    codeComplete: ({ context }) => context.code.length === PIN_LENGTH,
    codeExpired: ({ context, event }) => context.sentAt !== null && nowOf(event) - context.sentAt >= PIN_TTL_MS,
    resendAllowed: ({ context, event }) => nowOf(event) >= context.resendAt,
    /** 429: too many codes asked for; 410/423: the code expired or was used up: a new one is needed. */
    codeSpent: ({ event }) => [410, 423, 429].includes(effectErrorCode(errorOf(event))),
  },
  actions: {
    showAddressError: assign({
      errors: ({ context }) => ({ address: addressError(context.channel, context.address) ?? undefined }),
    }),
    markSent: assign({
      sentAt: ({ event }) => nowOf(event),
      resendAt: ({ event }) => nowOf(event) + RESEND_PAUSE_MS,
      code: '',
      errors: {},
    }),
    noticeSent: assign({
      notice: ({ context }) => ({
        kind: 'success' as const,
        key: context.channel === 'phone' ? 'account.signin.sent.phone' : 'account.signin.sent.email',
      }),
    }),
    addressCallError: assign({ errors: ({ event }) => ({ address: callError(errorOf(event)) }), notice: null }),
    codeCallError: assign({ errors: ({ event }) => ({ code: callError(errorOf(event)) }), notice: null, code: '' }),
  },
}).createMachine({
  id: 'customerSignIn',
  context: ({ input }) => ({
    channel: input?.channel ?? 'phone',
    address: '',
    code: '',
    errors: {},
    notice: null,
    sentAt: null,
    resendAt: 0,
  }),
  initial: 'address',
  states: {
    address: {
      on: {
        'signin.channel': {
          actions: assign({ channel: ({ event }) => event.channel, address: '', errors: {} }),
        },
        'signin.address': { actions: assign({ address: ({ event }) => event.value, errors: {} }) },
        'signin.request': [
          { guard: 'addressValid', target: 'requesting', actions: assign({ notice: null }) },
          { actions: 'showAddressError' },
        ],
      },
    },
    requesting: {
      // the event that started the send carries its time; kept for markSent below
      entry: assign({ sentAt: ({ event }) => nowOf(event) }),
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ channel: context.channel, address: context.address }),
        onDone: {
          target: 'code',
          actions: [
            assign({
              resendAt: ({ context, event }) => (context.sentAt ?? 0) + pauseAfterSend(event),
              code: '',
              errors: {},
            }),
            'noticeSent',
          ],
        },
        onError: { target: 'address', actions: ['addressCallError', assign({ sentAt: null })] },
      },
    },
    code: {
      on: {
        'signin.code': {
          actions: assign({
            code: ({ event }) => normalizePin(event.value).replace(/\D/g, '').slice(0, PIN_LENGTH),
            errors: {},
          }),
        },
        'signin.verify': [
          {
            guard: 'codeExpired',
            actions: assign({ errors: { code: 'account.signin.code.expired' }, notice: null }),
          },
          { guard: 'codeComplete', target: 'verifying', actions: assign({ notice: null }) },
          { actions: assign({ errors: { code: 'account.signin.code.incomplete' } }) },
        ],
        'signin.resend': [
          { guard: 'resendAllowed', target: 'resending', actions: 'markSent' },
          { actions: assign({ errors: { code: 'account.signin.resend.wait' } }) },
        ],
        'signin.change': { target: 'address', actions: assign({ code: '', errors: {}, notice: null, sentAt: null }) },
      },
    },
    resending: {
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ channel: context.channel, address: context.address }),
        onDone: {
          target: 'code',
          actions: [
            assign({ resendAt: ({ context, event }) => (context.sentAt ?? 0) + pauseAfterSend(event) }),
            'noticeSent',
          ],
        },
        onError: { target: 'code', actions: 'codeCallError' },
      },
    },
    verifying: {
      invoke: {
        src: 'verifyCode',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'signedIn' },
        onError: [
          // the code can no longer be used (expired, too many wrong codes): the message says so; a new code is needed
          { guard: 'codeSpent', target: 'code', actions: ['codeCallError', assign({ resendAt: 0 })] },
          { target: 'code', actions: 'codeCallError' },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
});
