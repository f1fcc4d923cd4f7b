import { assign, fromPromise, setup } from 'xstate';
import { effectErrorCode, effectErrorMessage, type FlowNotice } from '../i18n/flows.ts';

// Payroll-deduction affordability check (seed 000 sections 1, 3, 4, 7, 8 and 9): an approved applicant whose
// result is payroll-eligible (asynchronous) picks an employer, starts the check, and refreshes until the
// enrolment is done; the refreshed result replaces the one shown.

export const PAYROLL_MACHINE_VERSION = 1;

export const payrollDelays = {
  /** Employer search waits for 500 ms of quiet typing. */
  searchDebounce: 500,
  /** The first refresh runs by itself 3 s after the check started. */
  autoRefreshDelay: 3_000,
} as const;

/** Employer search starts at 3 characters. */
export const EMPLOYER_SEARCH_MIN_LENGTH = 3;

/** The parts of a decision result this flow reads (seed 000 section 3, Result). */
export interface PayrollDecisionResult {
  code?: string | null;
  payroll?: {
    is_eligible?: boolean | number | null;
    type?: string | null;
    platform?: string | null;
    /** The enrolment outcome: its message is the text shown; success false means the offer was not increased. */
    result?: { success?: boolean | null; message?: string | null } | null;
  } | null;
  [key: string]: unknown;
}

export interface Employer {
  id: string | number;
  employerName: string;
  /** The employer supports payroll deduction. */
  pdSupported: boolean;
}

export interface PayrollInput {
  applicationId: string;
  result: PayrollDecisionResult;
}

export interface PayrollOutcome {
  success: boolean;
  /** 'cannot increase offer' (result code A) or 'application will not be approved'; null on success. */
  titleKey: string | null;
  message: string | null;
}

export interface PayrollContext {
  applicationId: string;
  result: PayrollDecisionResult;
  eligible: boolean;
  keyword: string;
  employers: Employer[];
  employer: Employer | null;
  notice: FlowNotice | null;
  outcome: PayrollOutcome | null;
}

export type PayrollEvent =
  | { type: 'payroll.employer.search'; keyword: string }
  | { type: 'payroll.employer.select'; employerId: string | number }
  | { type: 'payroll.start' }
  | { type: 'payroll.refresh' }
  | { type: 'payroll.restart' };

export interface PayrollOutput {
  result: PayrollDecisionResult;
  outcome: PayrollOutcome;
}

/** Eligible when the decision says payroll.is_eligible and the enrolment is asynchronous. */
export function isPayrollEligible(result: PayrollDecisionResult | null | undefined): boolean {
  const payroll = result?.payroll;
  return Boolean(payroll?.is_eligible) && payroll?.type === 'async';
}

/** The outcome shown after a refresh: the text of payroll.result.message and, on failure, its title. */
export function payrollOutcome(result: PayrollDecisionResult): PayrollOutcome {
  const enrolment = result.payroll?.result;
  const success = enrolment?.success !== false;
  return {
    success,
    titleKey: success ? null : result.code === 'A' ? 'payroll.failure.cannotIncrease' : 'payroll.failure.notApproved',
    message: enrolment?.message ?? null,
  };
}

const outputOf = <T>(event: unknown): T => ((event as { output?: T }).output ?? {}) as T;
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const employersOf = (event: unknown): Employer[] => {
  const output = outputOf<Employer[] | { employers?: Employer[] }>(event);
  return Array.isArray(output) ? output : (output.employers ?? []);
};
const serverError = (event: unknown): FlowNotice => ({
  kind: 'error',
  key: effectErrorMessage(errorOf(event), 'error.somethingWrong'),
});

/** The affordability refresh, run on a timer and when the shopper asks. */
const refreshAffordabilityCall = {
  id: 'refreshAffordability',
  src: 'refreshAffordability',
  input: ({ context }: { context: PayrollContext }) => ({ applicationId: context.applicationId }),
} as const;

export const payrollMachine = setup({
  types: {
    context: {} as PayrollContext,
    events: {} as PayrollEvent,
    input: {} as PayrollInput,
    output: {} as PayrollOutput,
  },
  actors: {
    searchEmployers: fromPromise<Employer[], { keyword: string }>(async () => {
      throw new Error('searchEmployers is not provided');
    }),
    startAffordability: fromPromise<
      unknown,
      { applicationId: string; employerId: string | number; employerName: string }
    >(async () => {
      throw new Error('startAffordability is not provided');
    }),
    refreshAffordability: fromPromise<{ result?: PayrollDecisionResult | null }, { applicationId: string }>(
      async () => {
        throw new Error('refreshAffordability is not provided');
      },
    ),
    restartAffordability: fromPromise<unknown, { applicationId: string }>(async () => {
      throw new Error('restartAffordability is not provided');
    }),
  },
  delays: payrollDelays,
  guards: {
    searchable: ({ context, event }) =>
      context.eligible &&
      event.type === 'payroll.employer.search' &&
      event.keyword.trim().length >= EMPLOYER_SEARCH_MIN_LENGTH,
    noEmployers: ({ event }) => employersOf(event).length === 0,
    knownEmployer: ({ context, event }) =>
      event.type === 'payroll.employer.select' &&
      context.employers.some((e) => String(e.id) === String(event.employerId)),
    canStart: ({ context }) => context.eligible && context.employer?.pdSupported === true,
    networkFailure: ({ event }) => effectErrorCode(errorOf(event)) === 0,
  },
  actions: {
    setKeyword: assign({
      keyword: ({ event }) => (event.type === 'payroll.employer.search' ? event.keyword : ''),
    }),
    clearResults: assign({ employers: [], employer: null, notice: null }),
    clearNotice: assign({ notice: null }),
    recordEmployers: assign({ employers: ({ event }) => employersOf(event), employer: null, notice: null }),
    showNotSupported: assign({
      employers: [],
      employer: null,
      notice: { kind: 'error', key: 'payroll.employer.notSupported' } as FlowNotice | null,
    }),
    selectEmployer: assign({
      employer: ({ context, event }) =>
        event.type === 'payroll.employer.select'
          ? (context.employers.find((e) => String(e.id) === String(event.employerId)) ?? null)
          : null,
      notice: ({ context, event }) => {
        const chosen =
          event.type === 'payroll.employer.select'
            ? context.employers.find((e) => String(e.id) === String(event.employerId))
            : undefined;
        return chosen && !chosen.pdSupported ? { kind: 'error', key: 'payroll.employer.notSupported' } : null;
      },
    }),
    showServerError: assign({ notice: ({ event }) => serverError(event) }),
    showInitiated: assign({ notice: { kind: 'success', key: 'payroll.initiated' } as FlowNotice | null }),
    recordRefresh: assign({
      result: ({ context, event }) =>
        outputOf<{ result?: PayrollDecisionResult | null }>(event).result ?? context.result,
      outcome: ({ context, event }) =>
        payrollOutcome(outputOf<{ result?: PayrollDecisionResult | null }>(event).result ?? context.result),
      notice: { kind: 'success', key: 'payroll.completed' } as FlowNotice | null,
    }),
    showPending: assign({ notice: { kind: 'info', key: 'payroll.pending' } as FlowNotice | null }),
    showLinkSent: assign({ notice: { kind: 'success', key: 'payroll.linkSent' } as FlowNotice | null }),
    showLinkFailed: assign({ notice: { kind: 'error', key: 'payroll.linkFailed' } as FlowNotice | null }),
  },
}).createMachine({
  id: 'payroll',
  context: ({ input }) => ({
    applicationId: input.applicationId,
    result: input.result,
    eligible: isPayrollEligible(input.result),
    keyword: '',
    employers: [],
    employer: null,
    notice: null,
    outcome: null,
  }),
  initial: 'selecting',
  output: ({ context }) => ({ result: context.result, outcome: context.outcome ?? payrollOutcome(context.result) }),
  states: {
    selecting: {
      initial: 'idle',
      on: {
        'payroll.employer.search': [
          // A new keyword restarts the debounce and drops a search in flight: one search at a time.
          { guard: 'searchable', target: '.debouncing', actions: 'setKeyword' },
          { target: '.idle', actions: ['setKeyword', 'clearResults'] },
        ],
        'payroll.employer.select': { guard: 'knownEmployer', actions: 'selectEmployer' },
        'payroll.start': { guard: 'canStart', target: 'starting' },
      },
      states: {
        idle: {},
        debouncing: {
          after: { searchDebounce: { target: 'searching' } },
        },
        searching: {
          invoke: {
            id: 'searchEmployers',
            src: 'searchEmployers',
            input: ({ context }) => ({ keyword: context.keyword.trim() }),
            onDone: [
              { guard: 'noEmployers', target: 'idle', actions: 'showNotSupported' },
              { target: 'idle', actions: 'recordEmployers' },
            ],
            onError: { target: 'idle', actions: 'showServerError' },
          },
        },
      },
    },
    starting: {
      entry: 'clearNotice',
      invoke: {
        id: 'startAffordability',
        src: 'startAffordability',
        input: ({ context }) => ({
          applicationId: context.applicationId,
          employerId: context.employer?.id ?? '',
          employerName: context.employer?.employerName ?? '',
        }),
        onDone: { target: 'initiated', actions: 'showInitiated' },
        onError: { target: 'selecting', actions: 'showServerError' },
      },
    },
    initiated: {
      initial: 'waiting',
      states: {
        /** Just started: the first refresh runs by itself after 3 s. */
        waiting: {
          after: { autoRefreshDelay: { target: 'refreshing' } },
          on: {
            'payroll.refresh': { target: 'refreshingManually' },
            'payroll.restart': { target: 'restarting' },
          },
        },
        /** Refresh and Resend link are offered. */
        ready: {
          on: {
            'payroll.refresh': { target: 'refreshingManually' },
            'payroll.restart': { target: 'restarting' },
          },
        },
        refreshing: {
          invoke: {
            ...refreshAffordabilityCall,
            onDone: { target: '#payroll.completed', actions: 'recordRefresh' },
            // The shopper did not ask: a pending enrolment (no answer) is not worth a message.
            onError: [
              { guard: 'networkFailure', target: 'ready' },
              { target: 'ready', actions: 'showServerError' },
            ],
          },
        },
        refreshingManually: {
          entry: 'clearNotice',
          invoke: {
            ...refreshAffordabilityCall,
            onDone: { target: '#payroll.completed', actions: 'recordRefresh' },
            onError: [
              { guard: 'networkFailure', target: 'ready', actions: 'showPending' },
              { target: 'ready', actions: 'showServerError' },
            ],
          },
        },
        restarting: {
          entry: 'clearNotice',
          invoke: {
            id: 'restartAffordability',
            src: 'restartAffordability',
            input: ({ context }) => ({ applicationId: context.applicationId }),
            onDone: { target: 'ready', actions: 'showLinkSent' },
            onError: { target: 'ready', actions: 'showLinkFailed' },
          },
        },
      },
    },
    completed: { type: 'final' },
  },
});
