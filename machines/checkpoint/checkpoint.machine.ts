// The checkpoint page: `/checkpoint/redirect` (route by the session) and the resume link
// `/checkpoint/{token}/{iframe}/{process?}` (exchange the token, then cancel, identity check, process or redirect).
// Every final state is a route the page navigates to; the machine's output names it.
import { setup, assign, fromPromise } from 'xstate';
import {
  checkpointRedirect,
  exchangeFailureRoute,
  resumeRoute,
  type CheckpointCheckout,
  type CheckpointRoute,
  type CheckpointSession,
  type ExchangeFailureRoute,
  type ResumeRoute,
} from './checkpoint-route.ts';

export interface CheckpointInput {
  session: CheckpointSession;
  /** Redirect mode (not in a frame): a cancelled checkout leaves for the retailer's failure URL. */
  redirectMode: boolean;
}

export interface ExchangeOutput {
  token: string;
  checkout: CheckpointCheckout | null;
  intellicheck_required?: boolean | number | null;
  /** What the exchanged token establishes about the session (verified, application, store). */
  session?: Partial<Omit<CheckpointSession, 'checkout'>>;
}

export type CheckpointFinal =
  CheckpointRoute | 'identityCheck' | 'process' | 'cancelled' | 'leavingFailure' | ExchangeFailureRoute;

export interface CheckpointContext {
  session: CheckpointSession;
  redirectMode: boolean;
  token: string | null;
  iframe: string | null;
  process: string | null;
  cancel: string | boolean | null;
  intellicheckRequired: boolean | number | null;
  /** false once a may_continue false/0 checkout was seen (the page stores it in its session too). */
  mayContinue: boolean;
  route: CheckpointFinal | null;
  error: string | null;
}

export type CheckpointEvent =
  | { type: 'checkpoint.redirect'; session?: CheckpointSession }
  | {
      type: 'checkpoint.resume';
      token: string;
      iframe?: string | null;
      process?: string | null;
      cancel?: string | boolean | null;
    }
  | { type: 'checkpoint.retry' };

export interface CheckpointOutput {
  route: CheckpointFinal | null;
  mayContinue: boolean;
  token: string | null;
  checkout: CheckpointCheckout | null;
}

/** The session a guard must judge: the redirect event's own, the exchange's answer merged in, or the stored one. */
function effectiveSession(context: CheckpointContext, event: { type: string }): CheckpointSession {
  if (event.type === 'checkpoint.redirect')
    return (event as { session?: CheckpointSession }).session ?? context.session;
  const output = exchangeOutputOf(event);
  if (output) return { ...context.session, ...output.session, checkout: output.checkout };
  return context.session;
}

function exchangeOutputOf(event: { type: string }): ExchangeOutput | undefined {
  return event.type === 'xstate.done.actor.exchange'
    ? (event as unknown as { output: ExchangeOutput }).output
    : undefined;
}

const decision = (context: CheckpointContext, event: { type: string }) =>
  checkpointRedirect(effectiveSession(context, event));
const routeIs = (route: CheckpointRoute) => ({ type: 'redirectTo' as const, params: { route } });
const resumeIs = (route: ResumeRoute) => ({ type: 'resumeTo' as const, params: { route } });
const finalRoute = (route: CheckpointFinal) => ({
  type: 'final' as const,
  entry: { type: 'setRoute' as const, params: { route } },
});

/** The redirect logic as guarded transitions (shared by `checkpoint.redirect` and the resume's "otherwise redirect"). */
type RedirectAction = 'clearMayContinue' | 'storeMayContinue';
const redirectTransitions: {
  guard?: 'mayNotContinue' | ReturnType<typeof routeIs>;
  target: string;
  actions: RedirectAction[];
}[] = [
  // may_continue false/0 on an accessible checkout: store the flag, show the complete page (apology).
  { guard: 'mayNotContinue', target: '#checkpoint.complete', actions: ['clearMayContinue', 'storeMayContinue'] },
  { guard: routeIs('lease'), target: '#checkpoint.lease', actions: [] },
  { guard: routeIs('sign'), target: '#checkpoint.sign', actions: [] },
  { guard: routeIs('payment'), target: '#checkpoint.payment', actions: [] },
  { guard: routeIs('complete'), target: '#checkpoint.complete', actions: [] },
  { guard: routeIs('existingApplication'), target: '#checkpoint.existingApplication', actions: [] },
  { guard: routeIs('retailerSelect'), target: '#checkpoint.retailerSelect', actions: [] },
  { target: '#checkpoint.application', actions: [] },
];

export const checkpointMachine = setup({
  types: {
    context: {} as CheckpointContext,
    events: {} as CheckpointEvent,
    input: {} as CheckpointInput,
    output: {} as CheckpointOutput,
  },
  actors: {
    /** `GET /apply-v2/checkpoint/exchange` with the resume token; throws `{ status }` on failure. */
    exchange: fromPromise<ExchangeOutput, { token: string; iframe: string | null }>(async () => {
      throw new Error('checkpoint: provide the exchange actor');
    }),
    /** `POST /apply-v2/checkout/{id}/cancel`. */
    cancelCheckout: fromPromise<void, { checkoutId: string | null }>(async () => {
      throw new Error('checkpoint: provide the cancelCheckout actor');
    }),
  },
  guards: {
    mayNotContinue: ({ context, event }) => decision(context, event).mayContinue === false,
    redirectTo: ({ context, event }, params: { route: CheckpointRoute }) =>
      decision(context, event).route === params.route,
    resumeTo: ({ context, event }, params: { route: ResumeRoute }) =>
      resumeRoute(
        { cancel: context.cancel, process: context.process },
        exchangeOutputOf(event)?.intellicheck_required,
      ) === params.route,
    exchangeFailed: ({ event }, params: { route: ExchangeFailureRoute }) =>
      exchangeFailureRoute((event as { error?: unknown }).error) === params.route,
    redirectMode: ({ context }) => context.redirectMode,
  },
  actions: {
    /** Tells the host window (postMessage) what happened. Default: nothing. */
    notifyHost: (_, _params: { event: 'cancelled' | 'update' | 'error' }) => {},
    /** Leaves the page for a URL (the failure return URL). Default: nothing. */
    leavePage: (_, _params: { to: 'failure' }) => {},
    /** Stores may_continue = false in the page's session. Default: nothing. */
    storeMayContinue: () => {},
    clearMayContinue: assign({ mayContinue: false }),
    setRoute: assign((_, params: { route: CheckpointFinal }) => ({ route: params.route })),
    recordSession: assign(({ context, event }) => ({ session: effectiveSession(context, event) })),
    recordExchange: assign(({ context, event }) => {
      const output = exchangeOutputOf(event);
      return output
        ? {
            session: effectiveSession(context, event),
            token: output.token,
            intellicheckRequired: output.intellicheck_required ?? null,
          }
        : {};
    }),
  },
}).createMachine({
  id: 'checkpoint',
  initial: 'idle',
  context: ({ input }) => ({
    session: input.session,
    redirectMode: input.redirectMode,
    token: null,
    iframe: null,
    process: null,
    cancel: null,
    intellicheckRequired: null,
    mayContinue: true,
    route: null,
    error: null,
  }),
  output: ({ context }) => ({
    route: context.route,
    mayContinue: context.mayContinue,
    token: context.token,
    checkout: context.session.checkout,
  }),
  states: {
    idle: {
      on: {
        'checkpoint.redirect': [
          ...redirectTransitions.map((t) => ({
            ...t,
            actions: ['recordSession' as const, ...t.actions],
          })),
        ],
        'checkpoint.resume': {
          target: 'exchanging',
          actions: assign(({ event }) => ({
            token: event.token,
            iframe: event.iframe ?? null,
            process: event.process ?? null,
            cancel: event.cancel ?? null,
          })),
        },
      },
    },
    exchanging: {
      invoke: {
        id: 'exchange',
        src: 'exchange',
        input: ({ context }) => ({ token: context.token ?? '', iframe: context.iframe }),
        onDone: [
          { guard: resumeIs('cancel'), target: 'cancelling', actions: 'recordExchange' },
          { guard: resumeIs('identityCheck'), target: 'identityCheck', actions: 'recordExchange' },
          { guard: resumeIs('process'), target: 'process', actions: 'recordExchange' },
          ...redirectTransitions.map((t) => ({
            ...t,
            actions: ['recordExchange' as const, ...t.actions],
          })),
        ],
        onError: [
          { guard: { type: 'exchangeFailed', params: { route: 'forbidden' } }, target: 'forbidden' },
          { guard: { type: 'exchangeFailed', params: { route: 'checkoutNotFound' } }, target: 'checkoutNotFound' },
          { target: 'unknownError' },
        ],
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelCheckout',
        src: 'cancelCheckout',
        input: ({ context }) => ({ checkoutId: context.session.checkout?.id ?? null }),
        onDone: [
          {
            guard: 'redirectMode',
            target: 'leavingFailure',
            actions: [
              { type: 'notifyHost', params: { event: 'cancelled' } },
              { type: 'leavePage', params: { to: 'failure' } },
            ],
          },
          { target: 'cancelled', actions: { type: 'notifyHost', params: { event: 'cancelled' } } },
        ],
        onError: {
          target: 'cancelFailed',
          actions: assign({ error: 'error.somethingWrong' }),
        },
      },
    },
    cancelFailed: {
      on: { 'checkpoint.retry': { target: 'cancelling', actions: assign({ error: null }) } },
    },
    lease: finalRoute('lease'),
    sign: finalRoute('sign'),
    payment: finalRoute('payment'),
    complete: finalRoute('complete'),
    application: finalRoute('application'),
    existingApplication: finalRoute('existingApplication'),
    retailerSelect: finalRoute('retailerSelect'),
    identityCheck: finalRoute('identityCheck'),
    process: finalRoute('process'),
    cancelled: finalRoute('cancelled'),
    leavingFailure: finalRoute('leavingFailure'),
    forbidden: finalRoute('forbidden'),
    checkoutNotFound: finalRoute('checkoutNotFound'),
    unknownError: finalRoute('unknownError'),
  },
});

export type CheckpointMachine = typeof checkpointMachine;
