import { assign, fromPromise, setup } from 'xstate';

// Idle session (seed 000 sections 1 and 9): after a period without activity a warning counts down 60 seconds;
// 'Stay Connected' calls keep-alive and starts over; when the countdown ends the page reloads.

export const IDLE_SESSION_MACHINE_VERSION = 1;

import { APP_IDLE_TIMEOUT_MS } from './timeouts.ts';
export { APP_IDLE_TIMEOUT_MS, IDLE_TIMEOUTS_MS, RESULT_IDLE_TIMEOUT_MS, type IdleScope } from './timeouts.ts';

/** The warning counts down this many seconds before the page reloads. */
export const WARNING_COUNTDOWN_SECONDS = 60;

export interface IdleSessionInput {
  /** Milliseconds without activity before the warning: APP_IDLE_TIMEOUT_MS (default) or RESULT_IDLE_TIMEOUT_MS. */
  timeoutMs?: number;
}

export interface IdleSessionContext {
  timeoutMs: number;
  /** Seconds left of the warning countdown (for display). */
  secondsLeft: number;
}

export type IdleSessionEvent = { type: 'idle.activity' } | { type: 'idle.stay' };

export const idleSessionMachine = setup({
  types: {
    context: {} as IdleSessionContext,
    events: {} as IdleSessionEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by TypeScript 7 (typecheck), not by 6 (lint)
    input: {} as IdleSessionInput,
  },
  actors: {
    /** GET /keep-alive. */
    keepAlive: fromPromise<unknown, void>(async () => {
      throw new Error('keepAlive is not provided');
    }),
  },
  delays: {
    idleTimeout: ({ context }) => context.timeoutMs,
    warningCountdown: WARNING_COUNTDOWN_SECONDS * 1000,
    countdownTick: 1_000,
  },
  actions: {
    startCountdown: assign({ secondsLeft: WARNING_COUNTDOWN_SECONDS }),
    tick: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    endCountdown: assign({ secondsLeft: 0 }),
  },
}).createMachine({
  id: 'idleSession',
  context: ({ input }) => ({
    timeoutMs: input.timeoutMs && input.timeoutMs > 0 ? input.timeoutMs : APP_IDLE_TIMEOUT_MS,
    secondsLeft: WARNING_COUNTDOWN_SECONDS,
  }),
  initial: 'active',
  states: {
    active: {
      after: { idleTimeout: { target: 'warning' } },
      // Any activity starts the idle timer over.
      on: { 'idle.activity': { target: 'active', reenter: true } },
    },
    warning: {
      entry: 'startCountdown',
      after: { warningCountdown: { target: 'expired', actions: 'endCountdown' } },
      on: { 'idle.stay': { target: 'keepingAlive' } },
      initial: 'counting',
      states: {
        counting: {
          after: { countdownTick: { target: 'counting', reenter: true, actions: 'tick' } },
        },
      },
    },
    keepingAlive: {
      invoke: {
        id: 'keepAlive',
        src: 'keepAlive',
        // The timer starts over either way; a session the server already dropped shows on the next call.
        onDone: { target: 'active' },
        onError: { target: 'active' },
      },
    },
    /** The page reloads. */
    expired: { type: 'final' },
  },
});
