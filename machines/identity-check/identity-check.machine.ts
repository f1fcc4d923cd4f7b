import { assign, fromPromise, setup } from 'xstate';
import * as z from 'zod/mini';
import { effectErrorCode, effectErrorMessage, type FlowNotice } from '../i18n/flows.ts';

// Identity check by mobile link (seed 000 sections 2, 4, 5, 7, 8): send a link to the shopper's mobile phone,
// then verify. Continue stays disabled until a link was sent.

export const IDENTITY_CHECK_MACHINE_VERSION = 1;

/** The identity-link phone: mask (###) ###-####, at most 14 characters. */
export const PHONE_MASK = '(###) ###-####';
export const PHONE_MAX_LENGTH = 14;
/** A US number: area codes never start with 0 or 1. */
export const PHONE_PATTERN = /^\([2-9]\d{2}\) \d{3}-\d{4}$/;

export const identityPhoneSchema = z
  .string()
  .check(
    z.minLength(1, 'validation.required'),
    z.maxLength(PHONE_MAX_LENGTH, 'identity.phone.invalid'),
    z.regex(PHONE_PATTERN, 'identity.phone.invalid'),
  );

/** Body of POST /apply-v2/{identity-check}/send: a phone for a new link, the check id to send it again. */
export const identitySendBody = z.object({
  phone: z.optional(identityPhoneSchema),
  check_id: z.optional(z.nullable(z.string().check(z.minLength(1, 'validation.required')))),
});
export type IdentitySendBody = z.infer<typeof identitySendBody>;

/** Body of POST /apply-v2/{identity-check}/verify. */
export const identityVerifyBody = z.object({
  check_id: z.string().check(z.minLength(1, 'validation.required')),
});
export type IdentityVerifyBody = z.infer<typeof identityVerifyBody>;

/** Puts typed digits into the mask as far as they go: '5551234' -> '(555) 123-4'. */
export function maskPhone(raw: string): string {
  const digits = raw
    .replace(/\D/g, '')
    .replace(/^1(?=\d{10})/, '')
    .slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const isIdentityPhone = (phone: string): boolean => identityPhoneSchema.safeParse(phone).success;

/** Where the identity check appears: at applicant info, at confirmation, or at checkout (intellicheck_required). */
export type IdentityCheckPosition = 'applicantInfo' | 'confirmation' | 'checkout';

export interface IdentityCheckInput {
  position: IdentityCheckPosition;
  phone?: string | null;
  /** The check of an earlier visit, if any. */
  checkId?: string | null;
}

/** The envelope of /send: code 208 means a link was already sent. */
export interface IdentitySendOutput {
  status?: boolean;
  code?: number;
  data?: { id?: string | null } | null;
  message?: string;
}
/** The envelope of /verify. */
export interface IdentityVerifyOutput {
  status?: boolean;
  code?: number;
  data?: { completed?: boolean } | null;
  message?: string;
}

export interface IdentityCheckOutput {
  position: IdentityCheckPosition;
  checkId: string | null;
}

export interface IdentityCheckContext {
  position: IdentityCheckPosition;
  phone: string;
  checkId: string | null;
  /** True once a link went out in this visit (or an earlier one): Continue is available. */
  linkSent: boolean;
  notice: FlowNotice | null;
}

export type IdentityCheckEvent =
  { type: 'identity.phone.change'; phone: string } | { type: 'identity.link.send' } | { type: 'identity.verify' };

/** Code 208 on send: already sent, go straight to verify. */
export const ALREADY_SENT_CODE = 208;
/** Codes after which the shopper may press Continue again: 202 (still processing) and 0 (no answer). */
export const RETRY_CODES: readonly number[] = [202, 0];

const outputOf = <T>(event: unknown): T => ((event as { output?: T }).output ?? {}) as T;
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const sendCode = (event: unknown): number => outputOf<IdentitySendOutput>(event).code ?? 200;
const verifyCode = (event: unknown): number => outputOf<IdentityVerifyOutput>(event).code ?? 200;

/** A call that did not complete the check: back to the sent link when `guard` holds, otherwise to the start. */
const linkSentOrIdle = <const Guard extends string, const Action extends string>(guard: Guard, actions: Action) =>
  [
    { guard, target: 'linkSent', actions },
    { target: 'idle', actions },
  ] as const;

/** A state that calls the service `src` (the invocation is named alike) with the notice cleared. */
const calling = <const Src extends string, const OnDone, const OnError, Input>(call: {
  src: Src;
  input: Input;
  onDone: OnDone;
  onError: OnError;
}) => ({ entry: 'clearNotice', invoke: { id: call.src, ...call } }) as const;

export const identityCheckMachine = setup({
  types: {
    context: {} as IdentityCheckContext,
    events: {} as IdentityCheckEvent,
    input: {} as IdentityCheckInput,
    output: {} as IdentityCheckOutput,
  },
  actors: {
    sendLink: fromPromise<IdentitySendOutput, IdentitySendBody>(async () => {
      throw new Error('sendLink is not provided');
    }),
    verifyCheck: fromPromise<IdentityVerifyOutput, IdentityVerifyBody>(async () => {
      throw new Error('verifyCheck is not provided');
    }),
  },
  guards: {
    phoneValid: ({ context }) => isIdentityPhone(context.phone),
    alreadySent: ({ event }) => sendCode(event) === ALREADY_SENT_CODE,
    sendAccepted: ({ event }) => {
      const output = outputOf<IdentitySendOutput>(event);
      const code = sendCode(event);
      return output.status !== false && code >= 200 && code < 300;
    },
    linkWasSent: ({ context }) => context.linkSent,
    completed: ({ event }) => outputOf<IdentityVerifyOutput>(event).data?.completed === true,
    retryableAnswer: ({ event }) => RETRY_CODES.includes(verifyCode(event)),
    retryableFailure: ({ event }) => RETRY_CODES.includes(effectErrorCode(errorOf(event))),
  },
  actions: {
    setPhone: assign({
      phone: ({ event }) => (event.type === 'identity.phone.change' ? maskPhone(event.phone) : ''),
    }),
    clearNotice: assign({ notice: null }),
    recordLink: assign({
      checkId: ({ context, event }) => outputOf<IdentitySendOutput>(event).data?.id ?? context.checkId,
      linkSent: true,
      notice: { kind: 'success', key: 'identity.linkSent' } as FlowNotice | null,
    }),
    recordAlreadySent: assign({
      checkId: ({ context, event }) => outputOf<IdentitySendOutput>(event).data?.id ?? context.checkId,
      linkSent: true,
      notice: null,
    }),
    showRefusedSend: assign({
      notice: ({ event }): FlowNotice => ({
        kind: 'error',
        key: outputOf<IdentitySendOutput>(event).message || 'identity.linkFailed',
      }),
    }),
    showSendFailure: assign({
      notice: ({ event }): FlowNotice => ({
        kind: 'error',
        key: effectErrorMessage(errorOf(event), 'identity.unableToComplete'),
      }),
    }),
    showNotCompleted: assign({ notice: { kind: 'error', key: 'identity.unableToComplete' } as FlowNotice | null }),
    showVerifyFailure: assign({
      notice: ({ event }): FlowNotice => ({
        kind: 'error',
        key: effectErrorMessage(errorOf(event), 'identity.unableToComplete'),
      }),
    }),
    showCompleted: assign({ notice: { kind: 'success', key: 'identity.completed' } as FlowNotice | null }),
  },
}).createMachine({
  id: 'identityCheck',
  context: ({ input }) => ({
    position: input.position,
    phone: maskPhone(input.phone ?? ''),
    checkId: input.checkId ?? null,
    linkSent: false,
    notice: null,
  }),
  initial: 'idle',
  output: ({ context }) => ({ position: context.position, checkId: context.checkId }),
  states: {
    /** Continue is disabled: no link was sent yet (or the last verify failed for good). */
    idle: {
      on: {
        'identity.phone.change': { actions: 'setPhone' },
        'identity.link.send': { guard: 'phoneValid', target: 'sending' },
      },
    },
    sending: calling({
      src: 'sendLink',
      input: ({ context }: { context: IdentityCheckContext }) => ({ phone: context.phone, check_id: context.checkId }),
      onDone: [
        { guard: 'alreadySent', target: 'verifying', actions: 'recordAlreadySent' },
        { guard: 'sendAccepted', target: 'linkSent', actions: 'recordLink' },
        ...linkSentOrIdle('linkWasSent', 'showRefusedSend'),
      ],
      onError: linkSentOrIdle('linkWasSent', 'showSendFailure'),
    }),
    /** Continue is enabled. */
    linkSent: {
      on: {
        'identity.phone.change': { actions: 'setPhone' },
        'identity.link.send': { guard: 'phoneValid', target: 'sending' },
        'identity.verify': { target: 'verifying' },
      },
    },
    verifying: calling({
      src: 'verifyCheck',
      input: ({ context }: { context: IdentityCheckContext }) => ({ check_id: context.checkId ?? '' }),
      onDone: [
        { guard: 'completed', target: 'completed', actions: 'showCompleted' },
        ...linkSentOrIdle('retryableAnswer', 'showNotCompleted'),
      ],
      onError: linkSentOrIdle('retryableFailure', 'showVerifyFailure'),
    }),
    completed: { type: 'final' },
  },
});

/** Continue is enabled only once a link was sent, and not while a call runs. */
export function canContinue(snapshot: { matches: (value: 'linkSent') => boolean }): boolean {
  return snapshot.matches('linkSent');
}

// GET /apply-v2/{identity-check}/exchange (seed 000 section 4): success opens the identity check, 403 the 403
// page, any other failure the unknown-error page.
export type IdentityExchangeRoute = 'identityCheck' | 'forbidden' | 'unknown';
export const IDENTITY_EXCHANGE_PATHS: Record<IdentityExchangeRoute, string> = {
  identityCheck: '/intellicheck',
  forbidden: '/403',
  unknown: '/unknown',
};

/** Where the exchange answer leads: `code` is the HTTP status (0 when the network failed). */
export function identityExchangeRoute(code: number): IdentityExchangeRoute {
  if (code >= 200 && code < 300) return 'identityCheck';
  if (code === 403) return 'forbidden';
  return 'unknown';
}
