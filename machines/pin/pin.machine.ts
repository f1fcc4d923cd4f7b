import { assign, fromPromise, setup } from 'xstate';
import type {
  CheckoutItemView,
  PinMode,
  VerifyConfirmBody,
  VerifyConfirmData,
  VerifySendBody,
} from '../contracts/verify.ts';
import { effectErrorData, type FlowNotice } from '../i18n/flows.ts';
import { MAXED_DENIAL_RESULT, PIN_LENGTH, normalizePin } from './pin-rules.ts';

// 'Text Message Verification' (seed 000 sections 2, 4, 7, 8): send a PIN by SMS or e-mail, type the 5 digits
// (the fifth submits), confirm, and end in one of the outcomes below.

export const PIN_MACHINE_VERSION = 1;

export interface PinInput {
  uuid: string;
  storeId: string | number;
  checkoutId?: string | number | null;
  /** Retrieval mode (the shopper came back to an approved application): offers 'New Application' instead of 'Edit Application'. */
  retrieval?: boolean;
  iframe?: boolean;
  mode?: PinMode;
}

export type PinOutcome =
  | { outcome: 'verified'; application: unknown }
  | { outcome: 'requiresNewApp' }
  | { outcome: 'maxed'; result: unknown }
  | { outcome: 'edit' }
  | { outcome: 'newApplication' };

export interface PinContext {
  uuid: string;
  storeId: string | number;
  checkoutId: string | number | null;
  retrieval: boolean;
  iframe: boolean;
  mode: PinMode;
  /** What the shopper typed, without spaces, at most PIN_LENGTH characters. */
  code: string;
  notice: FlowNotice | null;
  oldItems: CheckoutItemView[];
  newItems: CheckoutItemView[];
  outcome: PinOutcome | null;
}

export type PinEvent =
  | { type: 'pin.mode.toggle' }
  | { type: 'pin.send' }
  | { type: 'pin.code.change'; code: string }
  | { type: 'pin.submit' }
  | { type: 'pin.items.confirm' }
  | { type: 'pin.edit' };

const cleanCode = (code: string): string => normalizePin(code).slice(0, PIN_LENGTH);

function confirmBody(context: PinContext, keepCheckoutItems?: boolean): VerifyConfirmBody {
  return {
    uuid: context.uuid,
    checkout_id: context.checkoutId,
    store_id: context.storeId,
    code: context.code,
    retrieval: context.retrieval,
    iframe: context.iframe,
    ...(keepCheckoutItems === undefined ? {} : { keep_checkout_items: keepCheckoutItems }),
  };
}

/** The done event of `confirmPin` (named guards and actions see the machine's events only, hence the reading). */
const confirmOutput = (event: unknown): VerifyConfirmData => (event as { output?: VerifyConfirmData }).output ?? {};
const effectError = (event: unknown): unknown => (event as { error?: unknown }).error;

/** Where a `confirmPin` call leads; shared by the first confirmation and the one accepting new checkout items. */
const confirmOutcomes = {
  onDone: [
    { guard: 'requiresNewApp', target: '#pin.requiresNewApp', actions: 'recordRequiresNewApp' },
    { guard: 'differentCheckoutItems', target: '#pin.confirmingItems', actions: 'recordCheckoutItems' },
    { target: '#pin.verified', actions: 'recordVerified' },
  ],
  onError: [
    { guard: 'maxed', target: '#pin.maxed', actions: 'recordMaxed' },
    { target: '#pin.entering', actions: 'recordFailure' },
  ],
} as const;

export const pinMachine = setup({
  types: {
    context: {} as PinContext,
    events: {} as PinEvent,
    input: {} as PinInput,
    output: {} as PinOutcome,
  },
  actors: {
    sendPin: fromPromise<unknown, VerifySendBody>(async () => {
      throw new Error('sendPin is not provided');
    }),
    confirmPin: fromPromise<VerifyConfirmData, VerifyConfirmBody>(async () => {
      throw new Error('confirmPin is not provided');
    }),
  },
  guards: {
    /** The changed code has PIN_LENGTH characters: submit it. */
    codeCompleted: ({ event }) => event.type === 'pin.code.change' && cleanCode(event.code).length === PIN_LENGTH,
    /** Continue is enabled once the typed code is complete. */
    codeComplete: ({ context }) => context.code.length === PIN_LENGTH,
    requiresNewApp: ({ event }) => confirmOutput(event).requiresNewApp === true,
    differentCheckoutItems: ({ event }) => confirmOutput(event).confirmDifferentCheckoutItems === true,
    maxed: ({ event }) => effectErrorData(effectError(event)).maxed === true,
  },
  actions: {
    recordRequiresNewApp: assign({ outcome: (): PinOutcome => ({ outcome: 'requiresNewApp' }), notice: null }),
    recordCheckoutItems: assign({
      oldItems: ({ event }) => confirmOutput(event).oldItems ?? [],
      newItems: ({ event }) => confirmOutput(event).newItems ?? [],
      notice: null,
    }),
    recordVerified: assign({
      outcome: ({ event }): PinOutcome => ({
        outcome: 'verified',
        application: confirmOutput(event).application ?? null,
      }),
      notice: { kind: 'success', key: 'pin.verified' } satisfies FlowNotice as FlowNotice | null,
    }),
    recordMaxed: assign({
      outcome: ({ event }): PinOutcome => ({
        outcome: 'maxed',
        result: effectErrorData(effectError(event)).result ?? MAXED_DENIAL_RESULT,
      }),
      notice: null,
    }),
    recordFailure: assign({
      code: '',
      // Wrong, expired or unreadable: the seed's one text, whatever the server said.
      notice: { kind: 'error', key: 'pin.failed' } satisfies FlowNotice as FlowNotice | null,
    }),
    recordLeaving: assign({
      outcome: ({ context }): PinOutcome => ({ outcome: context.retrieval ? 'newApplication' : 'edit' }),
    }),
  },
}).createMachine({
  id: 'pin',
  context: ({ input }) => ({
    uuid: input.uuid,
    storeId: input.storeId,
    checkoutId: input.checkoutId ?? null,
    retrieval: input.retrieval ?? false,
    iframe: input.iframe ?? false,
    mode: input.mode ?? 'sms',
    code: '',
    notice: null,
    oldItems: [],
    newItems: [],
    outcome: null,
  }),
  initial: 'entering',
  output: ({ context }) => context.outcome ?? { outcome: 'edit' },
  states: {
    entering: {
      on: {
        'pin.mode.toggle': {
          actions: assign({ mode: ({ context }) => (context.mode === 'sms' ? 'email' : 'sms'), notice: null }),
        },
        'pin.send': { target: 'sending' },
        'pin.code.change': [
          {
            guard: 'codeCompleted',
            target: 'confirming',
            actions: assign({ code: ({ event }) => cleanCode(event.code), notice: null }),
          },
          { actions: assign({ code: ({ event }) => cleanCode(event.code) }) },
        ],
        'pin.submit': { guard: 'codeComplete', target: 'confirming', actions: assign({ notice: null }) },
        'pin.edit': {
          target: 'left',
          actions: 'recordLeaving',
        },
      },
    },
    sending: {
      entry: assign({ notice: null }),
      invoke: {
        id: 'sendPin',
        src: 'sendPin',
        input: ({ context }) => ({ uuid: context.uuid, mode: context.mode }),
        onDone: {
          target: 'entering',
          actions: assign({ notice: { kind: 'success', key: 'pin.sent' } satisfies FlowNotice }),
        },
        onError: {
          target: 'entering',
          actions: assign({ notice: { kind: 'error', key: 'pin.sendFailed' } satisfies FlowNotice }),
        },
      },
      on: {
        'pin.code.change': { actions: assign({ code: ({ event }) => cleanCode(event.code) }) },
      },
    },
    confirming: {
      invoke: {
        id: 'confirmPin',
        src: 'confirmPin',
        input: ({ context }) => confirmBody(context),
        ...confirmOutcomes,
      },
    },
    confirmingItems: {
      on: {
        'pin.items.confirm': { target: 'confirmingNewItems' },
        'pin.edit': {
          target: 'left',
          actions: 'recordLeaving',
        },
      },
    },
    confirmingNewItems: {
      invoke: {
        id: 'confirmPin',
        src: 'confirmPin',
        // Accepting the changed items: the old contract is dropped and a new one will be signed.
        input: ({ context }) => confirmBody(context, false),
        ...confirmOutcomes,
      },
    },
    verified: { type: 'final' },
    requiresNewApp: { type: 'final' },
    maxed: { type: 'final' },
    left: { type: 'final' },
  },
});

/** The label of the leave button: 'Edit Application', or 'New Application' in retrieval mode. */
export function pinLeaveLabelKey(context: Pick<PinContext, 'retrieval'>): string {
  return context.retrieval ? 'pin.newApplication' : 'pin.edit';
}

/** The label of the mode switch: it offers the other channel. */
export function pinModeToggleLabelKey(context: Pick<PinContext, 'mode'>): string {
  return context.mode === 'sms' ? 'pin.mode.useEmail' : 'pin.mode.useSms';
}
