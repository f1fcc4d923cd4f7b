import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, SimulatedClock, createActor, fromPromise, initialTransition } from 'xstate';

import { translate } from '../../../machines/i18n/catalogue.ts';
import {
  type Employer,
  type PayrollDecisionResult,
  type PayrollInput,
  isPayrollEligible,
  payrollDelays,
  payrollMachine,
  payrollOutcome,
} from '../../../machines/payroll/payroll.machine.ts';
import {
  eventsOfVariants,
  expectFullCoverage,
  expectReachedValues,
  pendingEffect,
  replayShortestPaths,
} from '../../support/machine-coverage.ts';
import { useFakeTimersInEachTest } from '../../support/fake-timers.ts';

const eligibleResult: PayrollDecisionResult = {
  code: 'A',
  payroll: { is_eligible: true, type: 'async' },
  offerAmounts: { A: '1500.00' },
};
const input: PayrollInput = { applicationId: 'app-1', result: eligibleResult };
const acme: Employer = { id: 11, employerName: 'Acme Corp', pdSupported: true };
const bodega: Employer = { id: 12, employerName: 'Acme Bodega', pdSupported: false };

interface Script {
  search?: (keyword: string, signal: AbortSignal) => Promise<Employer[]>;
  start?: () => Promise<unknown>;
  refresh?: (() => Promise<{ result?: PayrollDecisionResult }>)[];
  restart?: () => Promise<unknown>;
}

function run(script: Script = {}, machineInput: PayrollInput = input) {
  const calls = { search: [] as string[], aborted: [] as string[], start: [] as unknown[], refresh: 0, restart: 0 };
  const machine = payrollMachine.provide({
    actors: {
      searchEmployers: fromPromise(async ({ input: body, signal }) => {
        calls.search.push(body.keyword);
        signal.addEventListener('abort', () => calls.aborted.push(body.keyword));
        return (script.search ?? (async () => [acme, bodega]))(body.keyword, signal);
      }),
      startAffordability: fromPromise(async ({ input: body }) => {
        calls.start.push(body);
        return (script.start ?? (async () => ({})))();
      }),
      refreshAffordability: fromPromise(async () => {
        calls.refresh += 1;
        const next = script.refresh?.shift();
        return next ? next() : Promise.reject({ code: 0 });
      }),
      restartAffordability: fromPromise(async () => {
        calls.restart += 1;
        return (script.restart ?? (async () => ({})))();
      }),
    },
  });
  const actor = createActor(machine, { input: machineInput });
  actor.start();
  const notice = () => {
    const n = actor.getSnapshot().context.notice;
    return n ? translate('en', n.key, n.params) : null;
  };
  return { actor, calls, notice, advance: (ms: number) => vi.advanceTimersByTimeAsync(ms) };
}

async function startCheck(script: Script = {}) {
  const r = run(script);
  r.actor.send({ type: 'payroll.employer.search', keyword: 'Acme' });
  await r.advance(500);
  r.actor.send({ type: 'payroll.employer.select', employerId: 11 });
  r.actor.send({ type: 'payroll.start' });
  await r.advance(0);
  return r;
}

describe('payroll: eligibility and outcome', () => {
  it('is eligible when payroll.is_eligible is set and the type is async', () => {
    expect(isPayrollEligible(eligibleResult)).toBe(true);
    expect(isPayrollEligible({ payroll: { is_eligible: 1, type: 'async' } })).toBe(true);
    expect(isPayrollEligible({ payroll: { is_eligible: true, type: 'sync' } })).toBe(false);
    expect(isPayrollEligible({ payroll: { is_eligible: false, type: 'async' } })).toBe(false);
    expect(isPayrollEligible({ code: 'A' })).toBe(false);
    expect(isPayrollEligible(null)).toBe(false);
  });

  it('titles a failure by the result code and takes the text from payroll.result.message', () => {
    const failedA = payrollOutcome({ code: 'A', payroll: { result: { success: false, message: 'Income too low' } } });
    expect(failedA).toEqual({ success: false, titleKey: 'payroll.failure.cannotIncrease', message: 'Income too low' });
    expect(translate('en', failedA.titleKey ?? '')).toBe('cannot increase offer');
    const failedD = payrollOutcome({ code: 'D', payroll: { result: { success: false, message: 'x' } } });
    expect(translate('en', failedD.titleKey ?? '')).toBe('application will not be approved');
    expect(
      payrollOutcome({ code: 'A', payroll: { result: { success: true, message: 'Approved up to $2,500' } } }),
    ).toEqual({
      success: true,
      titleKey: null,
      message: 'Approved up to $2,500',
    });
  });

  it('refuses to search or start when not eligible', () => {
    const [first] = initialTransition(payrollMachine, { applicationId: 'a', result: { code: 'A' } });
    expect(first.context.eligible).toBe(false);
    expect(first.can({ type: 'payroll.start' })).toBe(false);
    expect(first.can({ type: 'payroll.employer.search', keyword: 'Acme' })).toBe(true);
    expect(
      payrollMachine.getTransitionData(first, { type: 'payroll.employer.search', keyword: 'Acme' })[0]?.target?.[0]
        ?.key,
    ).toBe('idle');
  });
});

describe('payroll: behaviour', () => {
  useFakeTimersInEachTest();

  it('has the timings of the seed as named delays', () => {
    expect(payrollDelays).toEqual({ searchDebounce: 500, autoRefreshDelay: 3_000 });
  });

  it('searches employers from 3 characters, 500 ms after the last keystroke', async () => {
    const { actor, calls, advance } = run();
    actor.send({ type: 'payroll.employer.search', keyword: 'Ac' });
    await advance(1_000);
    expect(calls.search).toEqual([]);
    actor.send({ type: 'payroll.employer.search', keyword: 'Acm' });
    await advance(400);
    actor.send({ type: 'payroll.employer.search', keyword: 'Acme' });
    await advance(499);
    expect(calls.search).toEqual([]);
    await advance(1);
    expect(calls.search).toEqual(['Acme']);
    expect(actor.getSnapshot().context.employers).toEqual([acme, bodega]);
    expect(actor.getSnapshot().value).toEqual({ selecting: 'idle' });
  });

  it('runs only one search at a time: a new keyword drops the one in flight', async () => {
    const { actor, calls, advance } = run({
      search: (keyword, signal) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => resolve(keyword === 'Acme' ? [acme] : [bodega]), 2_000);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new Error('aborted'));
          });
        }),
    });
    actor.send({ type: 'payroll.employer.search', keyword: 'Bod' });
    await advance(500);
    expect(actor.getSnapshot().value).toEqual({ selecting: 'searching' });
    actor.send({ type: 'payroll.employer.search', keyword: 'Acme' });
    expect(calls.aborted).toEqual(['Bod']);
    await advance(500);
    expect(calls.search).toEqual(['Bod', 'Acme']);
    await advance(2_000);
    expect(actor.getSnapshot().context.employers).toEqual([acme]);
  });

  it('says the employer is not supported when the search finds nothing', async () => {
    const { actor, advance, notice } = run({ search: async () => [] });
    actor.send({ type: 'payroll.employer.search', keyword: 'Nowhere Inc' });
    await advance(500);
    expect(notice()).toBe('Employer not supported!');
    expect(actor.getSnapshot().context.employers).toEqual([]);
  });

  it('shows the server error when the search fails, and clears results under 3 characters', async () => {
    const { actor, advance, notice } = run({
      search: async () => Promise.reject({ code: 500, message: 'Search is down' }),
    });
    actor.send({ type: 'payroll.employer.search', keyword: 'Acme' });
    await advance(500);
    expect(notice()).toBe('Search is down');
    actor.send({ type: 'payroll.employer.search', keyword: 'A' });
    expect(notice()).toBeNull();
    expect(actor.getSnapshot().context.keyword).toBe('A');
  });

  it('does not start with an employer that does not support payroll deduction', async () => {
    const { actor, advance, notice } = run();
    actor.send({ type: 'payroll.employer.search', keyword: 'Acme' });
    await advance(500);
    actor.send({ type: 'payroll.start' });
    expect(actor.getSnapshot().value).toEqual({ selecting: 'idle' });
    actor.send({ type: 'payroll.employer.select', employerId: 99 });
    expect(actor.getSnapshot().context.employer).toBeNull();
    actor.send({ type: 'payroll.employer.select', employerId: '12' });
    expect(notice()).toBe('Employer not supported!');
    actor.send({ type: 'payroll.start' });
    expect(actor.getSnapshot().value).toEqual({ selecting: 'idle' });
  });

  it('starts the check, says it was initiated and refreshes by itself after 3 seconds', async () => {
    const improved = {
      code: 'A',
      payroll: { is_eligible: true, type: 'async', result: { success: true, message: 'Offer increased' } },
      offerAmounts: { A: '2500.00' },
    };
    const { actor, calls, advance, notice } = await startCheck({ refresh: [async () => ({ result: improved })] });
    expect(calls.start).toEqual([{ applicationId: 'app-1', employerId: 11, employerName: 'Acme Corp' }]);
    expect(notice()).toBe('Affordability check initiated!');
    expect(actor.getSnapshot().value).toEqual({ initiated: 'waiting' });
    await advance(2_999);
    expect(calls.refresh).toBe(0);
    await advance(1);
    expect(calls.refresh).toBe(1);
    expect(actor.getSnapshot().value).toBe('completed');
    expect(notice()).toBe('Eligibility process completed!');
    expect(actor.getSnapshot().context.result).toEqual(improved);
    expect(actor.getSnapshot().output).toEqual({
      result: improved,
      outcome: { success: true, titleKey: null, message: 'Offer increased' },
    });
  });

  it('shows the server error when the start fails and lets the shopper try again', async () => {
    const { actor, notice } = await startCheck({
      start: async () => Promise.reject({ code: 422, message: 'Employer mismatch' }),
    });
    expect(actor.getSnapshot().value).toEqual({ selecting: 'idle' });
    expect(notice()).toBe('Employer mismatch');
    expect(actor.getSnapshot().can({ type: 'payroll.start' })).toBe(true);
  });

  it('stays quiet when the automatic refresh finds the check pending, then offers Refresh and Resend link', async () => {
    const { actor, advance, notice } = await startCheck();
    await advance(3_000);
    expect(actor.getSnapshot().value).toEqual({ initiated: 'ready' });
    expect(notice()).toBe('Affordability check initiated!');
    expect(actor.getSnapshot().can({ type: 'payroll.refresh' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'payroll.restart' })).toBe(true);
  });

  it('shows the server error when the automatic refresh fails otherwise', async () => {
    const { actor, advance, notice } = await startCheck({
      refresh: [async () => Promise.reject({ code: 500, message: 'Vendor error' })],
    });
    await advance(3_000);
    expect(actor.getSnapshot().value).toEqual({ initiated: 'ready' });
    expect(notice()).toBe('Vendor error');
  });

  it('says the check is pending when a manual refresh meets a network failure', async () => {
    const { actor, advance, notice, calls } = await startCheck();
    actor.send({ type: 'payroll.refresh' });
    await advance(0);
    expect(calls.refresh).toBe(1);
    expect(notice()).toBe(
      'Affordability check pending! please complete process, or try again in a few minutes if you have already completed the process.',
    );
    // The manual refresh replaced the automatic one.
    await advance(10_000);
    expect(calls.refresh).toBe(1);
  });

  it('shows the server error when a manual refresh fails otherwise, and the failure title after completion', async () => {
    const denied = { code: 'D', payroll: { result: { success: false, message: 'Not enough net pay' } } };
    const { actor, advance, notice } = await startCheck({
      refresh: [
        async () => Promise.reject({ code: 409, message: 'Enrolment not finished' }),
        async () => ({ result: denied }),
      ],
    });
    actor.send({ type: 'payroll.refresh' });
    await advance(0);
    expect(notice()).toBe('Enrolment not finished');
    actor.send({ type: 'payroll.refresh' });
    await advance(0);
    expect(actor.getSnapshot().value).toBe('completed');
    expect(notice()).toBe('Eligibility process completed!');
    const outcome = actor.getSnapshot().context.outcome;
    expect(translate('en', outcome?.titleKey ?? '')).toBe('application will not be approved');
    expect(outcome?.message).toBe('Not enough net pay');
  });

  it('resends the link', async () => {
    const ok = await startCheck();
    ok.actor.send({ type: 'payroll.restart' });
    await ok.advance(0);
    expect(ok.calls.restart).toBe(1);
    expect(ok.notice()).toBe('Link sent successfully!');
    expect(ok.actor.getSnapshot().value).toEqual({ initiated: 'ready' });
    const failing = await startCheck({ restart: async () => Promise.reject({ code: 500 }) });
    failing.actor.send({ type: 'payroll.restart' });
    await failing.advance(0);
    expect(failing.notice()).toBe('Unable to send link!');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Model-based: every state node and transition is reached; the shortest path to every state replays live.

const modelEvents: AnyEventObject[] = [
  { type: 'payroll.employer.search', keyword: 'Ac' },
  { type: 'payroll.employer.search', keyword: 'Acme' },
  { type: 'payroll.employer.select', employerId: 11 },
  { type: 'xstate.done.actor.searchEmployers', output: [acme] },
  { type: 'xstate.done.actor.searchEmployers', output: [] },
  { type: 'xstate.error.actor.searchEmployers', error: { code: 500 } },
  { type: 'xstate.done.actor.startAffordability', output: {} },
  { type: 'xstate.error.actor.startAffordability', error: { code: 422 } },
  { type: 'xstate.done.actor.refreshAffordability', output: { result: eligibleResult } },
  { type: 'xstate.error.actor.refreshAffordability', error: { code: 0 } },
  { type: 'xstate.error.actor.refreshAffordability', error: { code: 500 } },
  { type: 'xstate.done.actor.restartAffordability', output: {} },
  { type: 'xstate.error.actor.restartAffordability', error: { code: 500 } },
];

const eventsFor = eventsOfVariants(modelEvents);

// Notices and the keyword are display only; the employers found and the one chosen decide the guards.
const serializeState = (snapshot: { value: unknown; context: { employers: Employer[]; employer: Employer | null } }) =>
  JSON.stringify([snapshot.value, snapshot.context.employers.length, snapshot.context.employer?.id ?? null]);

describe('payroll: model', () => {
  it('reaches every state and takes every transition', () => {
    const result = expectFullCoverage(payrollMachine, input, { events: eventsFor, serializeState });
    expect(result.definedStates.length).toBeGreaterThan(10);
  });

  it('replays the shortest path to every state on a live actor', () => {
    const reached = replayShortestPaths(payrollMachine, {
      input,
      events: eventsFor,
      serializeState,
      clock: new SimulatedClock(),
      actors: {
        searchEmployers: pendingEffect<Employer[]>(),
        startAffordability: pendingEffect<unknown>(),
        refreshAffordability: pendingEffect<{ result?: PayrollDecisionResult | null }>(),
        restartAffordability: pendingEffect<unknown>(),
      },
    });
    expectReachedValues(reached, [
      { selecting: 'idle' },
      { selecting: 'debouncing' },
      { selecting: 'searching' },
      'starting',
      { initiated: 'waiting' },
      { initiated: 'ready' },
      { initiated: 'refreshing' },
      { initiated: 'refreshingManually' },
      { initiated: 'restarting' },
      'completed',
    ]);
  });
});
