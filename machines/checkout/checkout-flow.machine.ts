// The page-side checkout steps (seed 000 sections 2 and 4): delivery options (when the store requires them) ->
// lease -> optional contract preview -> sign (redirect to e-sign) -> payment -> complete, with banking and the
// identity check as side steps the server asks for through the process response. The server decides what is allowed
// (checkout.machine.ts); this machine decides what to show. Effects are named actors/actions the page provides.
import { setup, assign, fromPromise } from 'xstate';
import { stepRoute } from '../checkpoint/checkpoint-route.ts';
import {
  completeVariant,
  isMayContinueFalse,
  processRoute,
  successReturnUrl,
  type CompleteVariant,
  type ProcessResponse,
  type ProcessRoute,
} from './process-response.ts';

/** Seed 000 section 9: success redirect after 5 s (redirect mode only). */
export const SUCCESS_REDIRECT_MS = 5000;

export interface CheckoutFlowInput {
  checkoutId: string;
  /** Redirect mode (not in a frame): leaving the page sends the browser to the retailer's URLs. */
  redirectMode: boolean;
  /** The store's `checkout_delivery_options_required`. */
  deliveryRequired: boolean;
  returnUrl: string | null;
  returnUrlFailure: string | null;
}

/** `GET /apply-v2/checkout/{checkout_id}` */
export interface LoadedCheckout {
  id: string;
  current_step: unknown;
  may_continue?: unknown;
  delivery_scheduled?: boolean;
  return_url?: string | null;
  return_url_failure?: string | null;
}

/** `GET /apply-v2/checkout/{checkout_id}/lease` (the lease computation; shape owned by the lease screen). */
export type LeaseData = Record<string, unknown>;

export interface LeaseTerms {
  option: string | null;
  payment_frequency: string | null;
}

/** `POST /apply-v2/checkout/{id}/esign` */
export interface EsignOutput {
  url: string;
  step?: number | string | null;
}

export type HostEvent = 'cancelled' | 'update' | 'error';
/** Where the page goes when it leaves: the e-sign page, the retailer's return URLs, or the process redirect URL. */
export type LeaveTarget = 'esign' | 'success' | 'failure' | 'process';

export interface CheckoutFlowContext extends CheckoutFlowInput, LeaseTerms {
  checkout: LoadedCheckout | null;
  lease: LeaseData | null;
  esignUrl: string | null;
  process: ProcessResponse | null;
  /** Where the "leave" process route goes (`response.redirect`). */
  redirectUrl: string | null;
  mayContinue: boolean;
  /** What the shopper asked a contract discard to do next. */
  discardThen: 'lease' | 'sign';
  /** i18n key or server message shown on the current step. */
  error: string | null;
}

export type CheckoutFlowEvent =
  | { type: 'checkout.retry' }
  | { type: 'checkout.cancel' }
  | { type: 'delivery.completed'; lease?: LeaseData | null }
  | { type: 'delivery.edit' }
  | { type: 'lease.terms'; option: string; payment_frequency: string }
  | { type: 'lease.preview' }
  | { type: 'preview.close' }
  | { type: 'lease.sign' }
  | { type: 'esign.resume' }
  | { type: 'esign.completed' }
  | { type: 'contract.discard'; then?: 'lease' | 'sign' }
  | { type: 'payment.succeeded' }
  | { type: 'payment.failed'; message?: string }
  | { type: 'banking.saved' }
  | { type: 'identity.completed' }
  | { type: 'complete.return' };

function thrower(name: string) {
  return async (): Promise<never> => {
    throw new Error(`checkout-flow: provide the ${name} actor`);
  };
}

function outputOf<T>(event: { type: string }): T {
  return (event as unknown as { output: T }).output;
}

function errorMessage(event: { type: string }, fallback: string): string {
  const error = (event as { error?: unknown }).error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '' && !message.startsWith('checkout-flow:')) return message;
  }
  return fallback;
}

/** An effect that failed: on to `target`, showing the server's message (or `fallback` when it gave none). */
const failedTo = <T extends string>(target: T, fallback: string) =>
  ({ target, actions: { type: 'failWith', params: { fallback } } }) as const;

/** The failed step's retry: back to `target`, the message cleared. */
const retryTo = <T extends string>(target: T) => ({ 'checkout.retry': { target, actions: 'clearError' } }) as const;

/** A loaded checkout's branch: the step it is on picks the screen; the checkout is kept either way. */
const whenLoadedStepIs = <T extends string>(route: 'sign' | 'payment' | 'complete', target: T) =>
  ({ guard: { type: 'loadedStepIs', params: { route } }, target, actions: 'recordCheckout' }) as const;

/** A process answer's branch: its route (and a completion's variant) picks the screen; the answer is kept either way. */
const whenProcessIs = <T extends string>(params: { route: ProcessRoute; variant?: CompleteVariant }, target: T) =>
  ({ guard: { type: 'processIs', params }, target, actions: 'recordProcess' }) as const;

export const checkoutFlowMachine = setup({
  types: {
    context: {} as CheckoutFlowContext,
    events: {} as CheckoutFlowEvent,
    input: {} as CheckoutFlowInput,
  },
  actors: {
    loadCheckout: fromPromise<LoadedCheckout, { checkoutId: string }>(thrower('loadCheckout')),
    fetchLease: fromPromise<LeaseData, { checkoutId: string } & LeaseTerms>(thrower('fetchLease')),
    requestEsign: fromPromise<EsignOutput, { checkoutId: string }>(thrower('requestEsign')),
    discardContract: fromPromise<void, { checkoutId: string }>(thrower('discardContract')),
    processCheckout: fromPromise<ProcessResponse, { checkoutId: string }>(thrower('processCheckout')),
    cancelCheckout: fromPromise<void, { checkoutId: string }>(thrower('cancelCheckout')),
  },
  delays: {
    successRedirectDelay: SUCCESS_REDIRECT_MS,
  },
  guards: {
    loadedMayNotContinue: ({ event }) => isMayContinueFalse(outputOf<LoadedCheckout>(event).may_continue),
    loadedStepIs: ({ event }, params: { route: 'sign' | 'payment' | 'complete' }) =>
      stepRoute(outputOf<LoadedCheckout>(event).current_step) === params.route,
    loadedNeedsDelivery: ({ context, event }) =>
      context.deliveryRequired && !outputOf<LoadedCheckout>(event).delivery_scheduled,
    deliveryRequired: ({ context }) => context.deliveryRequired,
    processIs: ({ event }, params: { route: ProcessRoute; variant?: CompleteVariant }) => {
      const response = outputOf<ProcessResponse>(event);
      if (processRoute(response) !== params.route) return false;
      return params.variant === undefined || completeVariant(response) === params.variant;
    },
    discardThenSign: ({ context }) => context.discardThen === 'sign',
    redirectMode: ({ context }) => context.redirectMode,
  },
  actions: {
    /** postMessage to the host window. Default: nothing. */
    notifyHost: (_, _params: { event: HostEvent }) => {},
    /** Leaves the page (esignUrl, returnUrl, returnUrlFailure or redirectUrl, by target). Default: nothing. */
    leavePage: (_, _params: { to: LeaveTarget }) => {},
    recordCheckout: assign(({ context, event }) => {
      const checkout = outputOf<LoadedCheckout>(event);
      return {
        checkout,
        mayContinue: !isMayContinueFalse(checkout.may_continue),
        returnUrl: checkout.return_url ?? context.returnUrl,
        returnUrlFailure: checkout.return_url_failure ?? context.returnUrlFailure,
      };
    }),
    recordLease: assign(({ event }) => ({ lease: outputOf<LeaseData>(event), error: null })),
    recordDeliveryLease: assign(({ context, event }) => ({
      lease: event.type === 'delivery.completed' && event.lease ? event.lease : context.lease,
      error: null,
    })),
    recordTerms: assign(({ context, event }) =>
      event.type === 'lease.terms'
        ? { option: event.option, payment_frequency: event.payment_frequency }
        : { option: context.option },
    ),
    recordEsign: assign(({ event }) => ({ esignUrl: outputOf<EsignOutput>(event).url, error: null })),
    recordDiscard: assign(({ event }) => ({
      discardThen: event.type === 'contract.discard' && event.then === 'sign' ? ('sign' as const) : ('lease' as const),
    })),
    recordProcess: assign(({ context, event }) => {
      const response = outputOf<ProcessResponse>(event);
      return {
        process: response,
        redirectUrl: typeof response.redirect === 'string' ? response.redirect : null,
        mayContinue: isMayContinueFalse(response.may_continue) ? false : context.mayContinue,
        returnUrl: successReturnUrl(response, context.returnUrl),
        error: null,
      };
    }),
    recordPaymentError: assign(({ event }) => ({
      error: event.type === 'payment.failed' && event.message ? event.message : 'checkout.error.generic',
    })),
    clearError: assign({ error: null }),
    failWith: assign(({ event }, params: { fallback: string }) => ({ error: errorMessage(event, params.fallback) })),
  },
}).createMachine({
  id: 'checkoutFlow',
  initial: 'loading',
  context: ({ input }) => ({
    ...input,
    option: null,
    payment_frequency: null,
    checkout: null,
    lease: null,
    esignUrl: null,
    process: null,
    redirectUrl: null,
    mayContinue: true,
    discardThen: 'lease',
    error: null,
  }),
  states: {
    loading: {
      invoke: {
        id: 'loadCheckout',
        src: 'loadCheckout',
        input: ({ context }) => ({ checkoutId: context.checkoutId }),
        onDone: [
          // may_continue false: the apology, whatever the step
          { guard: 'loadedMayNotContinue', target: '#checkoutFlow.complete.mayNotContinue', actions: 'recordCheckout' },
          // E-sign applies when current_step is 13
          whenLoadedStepIs('sign', '#checkoutFlow.steps.sign'),
          // signed, paying or past payment: the server's process answer says which screen
          whenLoadedStepIs('payment', '#checkoutFlow.steps.processing'),
          whenLoadedStepIs('complete', '#checkoutFlow.steps.processing'),
          // before the lease: delivery options first when the store requires them
          { guard: 'loadedNeedsDelivery', target: '#checkoutFlow.steps.delivery', actions: 'recordCheckout' },
          { target: '#checkoutFlow.steps.fetchingLease', actions: 'recordCheckout' },
        ],
        onError: failedTo('loadFailed', 'checkout.error.loadFailed'),
      },
    },
    loadFailed: {
      on: retryTo('loading'),
    },
    steps: {
      initial: 'fetchingLease',
      on: {
        // Cancel is offered on every step (the server refuses it while a payment is in flight).
        'checkout.cancel': { target: '#checkoutFlow.cancelling', actions: 'clearError' },
      },
      states: {
        hist: { type: 'history' },
        delivery: {
          on: {
            // The delivery machine scheduled the services and fetched the lease.
            'delivery.completed': { target: 'lease', actions: 'recordDeliveryLease' },
          },
        },
        fetchingLease: {
          invoke: {
            id: 'fetchLease',
            src: 'fetchLease',
            input: ({ context }) => ({
              checkoutId: context.checkoutId,
              option: context.option,
              payment_frequency: context.payment_frequency,
            }),
            onDone: { target: 'lease', actions: 'recordLease' },
            onError: failedTo('leaseFailed', 'checkout.error.generic'),
          },
        },
        // The modal with 'Return to Retailer' (checkout.cancel) and a retry.
        leaseFailed: {
          on: retryTo('fetchingLease'),
        },
        lease: {
          on: {
            'lease.terms': { target: 'fetchingLease', actions: 'recordTerms' },
            'lease.preview': { target: 'preview' },
            'lease.sign': { target: 'requestingEsign' },
            'delivery.edit': { guard: 'deliveryRequired', target: 'delivery' },
          },
        },
        preview: {
          on: {
            'preview.close': { target: 'lease' },
            'lease.sign': { target: 'requestingEsign' },
          },
        },
        requestingEsign: {
          invoke: {
            id: 'requestEsign',
            src: 'requestEsign',
            input: ({ context }) => ({ checkoutId: context.checkoutId }),
            onDone: { target: 'sign', actions: ['recordEsign', { type: 'leavePage', params: { to: 'esign' } }] },
            onError: failedTo('contractFailed', 'checkout.contract.unableToGenerate'),
          },
        },
        // 'Unable to generate Contract': shows the server error and offers Discard Contract.
        contractFailed: {
          on: { 'contract.discard': { target: 'discarding', actions: ['recordDiscard', 'clearError'] } },
        },
        sign: {
          on: {
            // Open the signing page again (the shopper came back without signing).
            'esign.resume': { actions: { type: 'leavePage', params: { to: 'esign' } } },
            'esign.completed': { target: 'processing' },
            'contract.discard': { target: 'discarding', actions: 'recordDiscard' },
          },
        },
        discarding: {
          invoke: {
            id: 'discardContract',
            src: 'discardContract',
            input: ({ context }) => ({ checkoutId: context.checkoutId }),
            onDone: [
              // discarding re-requests signing ...
              { guard: 'discardThenSign', target: 'requestingEsign' },
              // ... or returns to the lease (recomputed)
              { target: 'fetchingLease' },
            ],
            onError: failedTo('contractFailed', 'checkout.error.generic'),
          },
        },
        processing: {
          invoke: {
            id: 'processCheckout',
            src: 'processCheckout',
            input: ({ context }) => ({ checkoutId: context.checkoutId }),
            onDone: [
              whenProcessIs({ route: 'complete', variant: 'mayNotContinue' }, '#checkoutFlow.complete.mayNotContinue'),
              whenProcessIs({ route: 'complete', variant: 'success' }, '#checkoutFlow.complete.success'),
              whenProcessIs({ route: 'complete', variant: 'failure' }, '#checkoutFlow.complete.failure'),
              whenProcessIs({ route: 'payment' }, 'payment'),
              whenProcessIs({ route: 'banking' }, 'banking'),
              whenProcessIs({ route: 'identityCheck' }, 'identityCheck'),
              whenProcessIs({ route: 'leave' }, '#checkoutFlow.leaving'),
              // nothing specific: the checkpoint redirect logic routes by the checkout's step
              { target: '#checkoutFlow.toCheckpoint', actions: 'recordProcess' },
            ],
            onError: failedTo('processFailed', 'checkout.error.generic'),
          },
        },
        processFailed: {
          on: retryTo('processing'),
        },
        payment: {
          on: {
            'payment.succeeded': { target: 'processing', actions: 'clearError' },
            // The card was refused: stay on the payment screen with the message, a retry is allowed.
            'payment.failed': { actions: 'recordPaymentError' },
          },
        },
        banking: {
          on: { 'banking.saved': { target: 'processing' } },
        },
        identityCheck: {
          on: { 'identity.completed': { target: 'processing' } },
        },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelCheckout',
        src: 'cancelCheckout',
        input: ({ context }) => ({ checkoutId: context.checkoutId }),
        onDone: [
          {
            guard: 'redirectMode',
            target: 'leavingFailure',
            actions: { type: 'notifyHost', params: { event: 'cancelled' } },
          },
          { target: 'cancelled', actions: { type: 'notifyHost', params: { event: 'cancelled' } } },
        ],
        // The cancel did not go through: back to the step the shopper was on, with the message.
        onError: failedTo('steps.hist', 'checkout.error.cancelFailed'),
      },
    },
    complete: {
      // always entered on a variant; `failure` is only the formal initial state
      initial: 'failure',
      states: {
        mayNotContinue: {
          entry: { type: 'notifyHost', params: { event: 'error' } },
          on: { 'complete.return': { target: '#checkoutFlow.leavingFailure' } },
        },
        success: {
          entry: { type: 'notifyHost', params: { event: 'update' } },
          after: {
            successRedirectDelay: { guard: 'redirectMode', target: '#checkoutFlow.leavingSuccess' },
          },
          on: { 'complete.return': { target: '#checkoutFlow.leavingSuccess' } },
        },
        failure: {
          entry: { type: 'notifyHost', params: { event: 'error' } },
          on: { 'complete.return': { target: '#checkoutFlow.leavingFailure' } },
        },
      },
    },
    leavingSuccess: { type: 'final', entry: { type: 'leavePage', params: { to: 'success' } } },
    leavingFailure: { type: 'final', entry: { type: 'leavePage', params: { to: 'failure' } } },
    leaving: { type: 'final', entry: { type: 'leavePage', params: { to: 'process' } } },
    toCheckpoint: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type CheckoutFlowMachine = typeof checkoutFlowMachine;

export type CheckoutPageRoute =
  'delivery-options' | 'lease' | 'preview' | 'sign' | 'payment' | 'banking' | 'identity-check' | 'complete';

const PAGE_ROUTE: Record<string, CheckoutPageRoute> = {
  delivery: 'delivery-options',
  fetchingLease: 'lease',
  leaseFailed: 'lease',
  lease: 'lease',
  requestingEsign: 'lease',
  contractFailed: 'lease',
  preview: 'preview',
  sign: 'sign',
  discarding: 'sign',
  processing: 'payment',
  processFailed: 'payment',
  payment: 'payment',
  banking: 'banking',
  identityCheck: 'identity-check',
  mayNotContinue: 'complete',
  success: 'complete',
  failure: 'complete',
};

/** The /checkout child route (seed 000 section 2) that shows a flow state; null while loading, cancelling or leaving. */
export function checkoutPageRoute(value: unknown): CheckoutPageRoute | null {
  let leaf: unknown = value;
  while (typeof leaf === 'object' && leaf !== null) leaf = Object.values(leaf)[0];
  return typeof leaf === 'string' ? (PAGE_ROUTE[leaf] ?? null) : null;
}
