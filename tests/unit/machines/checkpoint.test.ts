import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import {
  checkpointRedirect,
  exchangeFailureRoute,
  resumeRoute,
  stepRoute,
  type CheckpointCheckout,
  type CheckpointSession,
} from '../../../machines/checkpoint/checkpoint-route.ts';
import {
  checkpointMachine,
  type CheckpointEvent,
  type ExchangeOutput,
} from '../../../machines/checkpoint/checkpoint.machine.ts';
import { coverage, definedTransitions, stateIds } from '../../support/machine-coverage.ts';

const STEPS: unknown[] = [null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
const MAY_CONTINUE: unknown[] = [undefined, true, 1, false, 0];
const SKIP: unknown[] = [false, true, 0, 1];
const BOOLS = [false, true];

/** The seed's rules written out as a plain lookup: what every step means once the checkout is accessible. */
const STEP_ROUTE: Record<string, string> = {
  null: 'default',
  1: 'default',
  2: 'default',
  3: 'default',
  4: 'lease',
  5: 'lease',
  13: 'sign',
  6: 'payment',
  7: 'payment',
  8: 'complete',
  9: 'complete',
  10: 'complete',
  11: 'complete',
  12: 'complete',
};

interface Combo {
  session: CheckpointSession;
  step: unknown;
  mayContinue: unknown;
  skip: unknown;
}

function combos(): Combo[] {
  const out: Combo[] = [];
  for (const step of STEPS)
    for (const mayContinue of MAY_CONTINUE)
      for (const skip of SKIP)
        for (const verified of BOOLS)
          for (const hasApplication of BOOLS)
            for (const hasStore of BOOLS) {
              const checkout: CheckpointCheckout = {
                id: 'co_1',
                current_step: step,
                may_continue: mayContinue,
                skip_verification: skip,
              };
              out.push({ session: { checkout, verified, hasApplication, hasStore }, step, mayContinue, skip });
            }
  // and without a checkout
  for (const verified of BOOLS)
    for (const hasApplication of BOOLS)
      for (const hasStore of BOOLS)
        out.push({
          session: { checkout: null, verified, hasApplication, hasStore },
          step: undefined,
          mayContinue: undefined,
          skip: undefined,
        });
  return out;
}

function expectedRoute(c: Combo): { route: string; mayContinue?: false } {
  const s = c.session;
  const accessible = s.checkout !== null && (s.verified || c.skip === true || c.skip === 1);
  if (accessible) {
    if (c.mayContinue === false || c.mayContinue === 0) return { route: 'complete', mayContinue: false };
    const r = STEP_ROUTE[String(c.step)];
    if (r !== 'default') return { route: r! };
  }
  if (s.verified && s.hasApplication && s.checkout === null) return { route: 'existingApplication' };
  if (!s.hasStore) return { route: 'retailerSelect' };
  return { route: 'application' };
}

function describeCombo(c: Combo): string {
  const s = c.session;
  return s.checkout
    ? `step=${String(c.step)} may_continue=${String(c.mayContinue)} skip=${String(c.skip)} verified=${s.verified} app=${s.hasApplication} store=${s.hasStore}`
    : `no checkout verified=${s.verified} app=${s.hasApplication} store=${s.hasStore}`;
}

const ALL = combos();

describe('checkpoint redirect logic (pure): every current_step and flag', () => {
  it(`covers ${ALL.length} combinations`, () => {
    expect(ALL.length).toBe(STEPS.length * MAY_CONTINUE.length * SKIP.length * 8 + 8);
    for (const c of ALL) expect(checkpointRedirect(c.session), describeCombo(c)).toEqual(expectedRoute(c));
  });

  for (const step of STEPS) {
    it(`current_step ${String(step)}: a verified shopper goes to ${STEP_ROUTE[String(step)] === 'default' ? 'the store application' : STEP_ROUTE[String(step)]}`, () => {
      const checkout = { current_step: step, may_continue: true };
      const route = checkpointRedirect({ checkout, verified: true, hasApplication: true, hasStore: true }).route;
      expect(route).toBe(STEP_ROUTE[String(step)] === 'default' ? 'application' : STEP_ROUTE[String(step)]);
      // without verification and without skip_verification the checkout is not entered
      expect(checkpointRedirect({ checkout, verified: false, hasApplication: true, hasStore: true }).route).toBe(
        'application',
      );
      expect(checkpointRedirect({ checkout, verified: false, hasApplication: false, hasStore: false }).route).toBe(
        'retailerSelect',
      );
      // skip_verification opens it like verification does
      expect(
        checkpointRedirect({
          checkout: { ...checkout, skip_verification: true },
          verified: false,
          hasApplication: false,
          hasStore: true,
        }).route,
      ).toBe(route);
      // may_continue false or 0 always ends on the complete page, with the flag to store
      for (const mc of [false, 0]) {
        expect(
          checkpointRedirect({
            checkout: { ...checkout, may_continue: mc },
            verified: true,
            hasApplication: true,
            hasStore: true,
          }),
        ).toEqual({
          route: 'complete',
          mayContinue: false,
        });
      }
    });
  }

  it('sends unknown steps to complete and reads string steps', () => {
    expect(stepRoute(14)).toBe('complete');
    expect(stepRoute('13')).toBe('sign');
    expect(stepRoute('garbage')).toBe('complete');
  });
  it('opens the existing application for a verified application without checkout; retailer select without a store', () => {
    expect(checkpointRedirect({ checkout: null, verified: true, hasApplication: true, hasStore: true }).route).toBe(
      'existingApplication',
    );
    expect(checkpointRedirect({ checkout: null, verified: true, hasApplication: true, hasStore: false }).route).toBe(
      'existingApplication',
    );
    expect(checkpointRedirect({ checkout: null, verified: false, hasApplication: true, hasStore: false }).route).toBe(
      'retailerSelect',
    );
  });
});

describe('resume and exchange failures (pure)', () => {
  const cancels = [true, 'true', false, 'false', null, undefined];
  const intellichecks = [true, 1, false, 0, null, undefined];
  const processes = ['process', 'other', null, undefined];
  it('cancel first, then the identity check, then process, otherwise redirect', () => {
    for (const cancel of cancels)
      for (const ic of intellichecks)
        for (const process of processes) {
          const expected =
            cancel === true || cancel === 'true'
              ? 'cancel'
              : ic === true || ic === 1
                ? 'identityCheck'
                : process === 'process'
                  ? 'process'
                  : 'redirect';
          expect(resumeRoute({ cancel, process }, ic), `${String(cancel)} ${String(ic)} ${String(process)}`).toBe(
            expected,
          );
        }
  });
  it('maps exchange failures: 403 forbidden, 404 checkout not found, others unknown', () => {
    expect(exchangeFailureRoute({ status: 403 })).toBe('forbidden');
    expect(exchangeFailureRoute({ response: { status: 404 } })).toBe('checkoutNotFound');
    expect(exchangeFailureRoute({ code: 404 })).toBe('checkoutNotFound');
    for (const e of [{ status: 500 }, { status: 401 }, new Error('network'), undefined, 'boom'])
      expect(exchangeFailureRoute(e)).toBe('unknownError');
  });
});

// ---- the machine ----
const baseSession: CheckpointSession = { checkout: null, verified: false, hasApplication: false, hasStore: true };
const start = (redirectMode = true) => initialTransition(checkpointMachine, { session: baseSession, redirectMode })[0];
const send = (s: ReturnType<typeof start>, e: CheckpointEvent | { type: string; [k: string]: unknown }) =>
  transition(checkpointMachine, s, e as CheckpointEvent);
const done = (output: ExchangeOutput) => ({ type: 'xstate.done.actor.exchange', output });

describe('checkpoint machine: redirect for every current_step and flag', () => {
  it('ends in the route the rules give, and stores may_continue false', () => {
    for (const c of ALL) {
      const [s, actions] = send(start(), { type: 'checkpoint.redirect', session: c.session });
      const expected = expectedRoute(c);
      expect(s.status, describeCombo(c)).toBe('done');
      expect(s.output?.route, describeCombo(c)).toBe(expected.route);
      expect(s.output?.mayContinue).toBe(expected.mayContinue !== false);
      expect(actions.some((a) => a.type === 'storeMayContinue')).toBe(expected.mayContinue === false);
    }
  });
});

describe('checkpoint machine: resume', () => {
  const resume = (extra: Partial<Extract<CheckpointEvent, { type: 'checkpoint.resume' }>> = {}, redirectMode = true) =>
    send(start(redirectMode), { type: 'checkpoint.resume', token: 'tok', iframe: '0', ...extra })[0];

  it('exchanges the token first', () => {
    const s = resume();
    expect(s.value).toBe('exchanging');
    expect(s.context.token).toBe('tok');
  });
  it('after the exchange routes every current_step and flag with the redirect logic', () => {
    for (const c of ALL) {
      const s = send(
        resume(),
        done({
          token: 'new',
          checkout: c.session.checkout,
          session: {
            verified: c.session.verified,
            hasApplication: c.session.hasApplication,
            hasStore: c.session.hasStore,
          },
        }),
      )[0];
      expect(s.output?.route, describeCombo(c)).toBe(expectedRoute(c).route);
      expect(s.output?.token).toBe('new');
    }
  });
  it('intellicheck_required goes to the identity check; process=process to process', () => {
    const checkout = { id: 'co_1', current_step: 5 };
    expect(send(resume(), done({ token: 't', checkout, intellicheck_required: true }))[0].output?.route).toBe(
      'identityCheck',
    );
    expect(
      send(resume({ process: 'process' }), done({ token: 't', checkout, intellicheck_required: 1 }))[0].output?.route,
    ).toBe('identityCheck');
    expect(send(resume({ process: 'process' }), done({ token: 't', checkout }))[0].output?.route).toBe('process');
  });
  it('cancel=true posts cancel, notifies the host and in redirect mode leaves for the failure URL', () => {
    const checkout = { id: 'co_1', current_step: 5, return_url_failure: 'https://shop.example/fail' };
    const cancelling = send(resume({ cancel: 'true' }), done({ token: 't', checkout, intellicheck_required: true }))[0];
    expect(cancelling.value).toBe('cancelling');
    const [left, actions] = send(cancelling, { type: 'xstate.done.actor.cancelCheckout' });
    expect(left.output?.route).toBe('leavingFailure');
    expect(actions.map((a) => [a.type, a.params])).toEqual(
      expect.arrayContaining([
        ['notifyHost', { event: 'cancelled' }],
        ['leavePage', { to: 'failure' }],
      ]),
    );
    const inFrame = send(resume({ cancel: true }, false), done({ token: 't', checkout }))[0];
    const [stayed, frameActions] = send(inFrame, { type: 'xstate.done.actor.cancelCheckout' });
    expect(stayed.output?.route).toBe('cancelled');
    expect(frameActions.map((a) => a.type)).toContain('notifyHost');
    expect(frameActions.map((a) => a.type)).not.toContain('leavePage');
  });
  it('a failed cancel can be retried', () => {
    const cancelling = send(resume({ cancel: 'true' }), done({ token: 't', checkout: { id: 'co_1' } }))[0];
    const failed = send(cancelling, { type: 'xstate.error.actor.cancelCheckout', error: { status: 500 } })[0];
    expect(failed.value).toBe('cancelFailed');
    expect(failed.context.error).toBe('error.somethingWrong');
    expect(send(failed, { type: 'checkpoint.retry' })[0].value).toBe('cancelling');
  });
  it('exchange failures: 403 -> forbidden page, 404 -> checkout not found, other -> unknown error', () => {
    const fail = (error: unknown) => send(resume(), { type: 'xstate.error.actor.exchange', error })[0].output?.route;
    expect(fail({ status: 403 })).toBe('forbidden');
    expect(fail({ status: 404 })).toBe('checkoutNotFound');
    expect(fail({ status: 500 })).toBe('unknownError');
    expect(fail(new Error('offline'))).toBe('unknownError');
  });
  it('the default actors throw until the page provides them', async () => {
    const { createActor, toPromise } = await import('xstate');
    const actor = createActor(checkpointMachine, { input: { session: baseSession, redirectMode: true } }).start();
    actor.send({ type: 'checkpoint.resume', token: 'x' });
    const out = await toPromise(actor);
    expect(out.route).toBe('unknownError');
  });
});

describe('checkpoint machine: model-based coverage (xstate/graph)', () => {
  const checkoutAt = (step: unknown, extra: Partial<CheckpointCheckout> = {}): CheckpointCheckout => ({
    id: 'co',
    current_step: step,
    ...extra,
  });
  const verified = { verified: true, hasApplication: true, hasStore: true };
  const sessions: CheckpointSession[] = [
    { checkout: checkoutAt(5, { may_continue: 0 }), ...verified },
    { checkout: checkoutAt(4), ...verified },
    { checkout: checkoutAt(13), ...verified },
    { checkout: checkoutAt(6), ...verified },
    { checkout: checkoutAt(9), ...verified },
    { checkout: null, ...verified },
    { checkout: null, verified: false, hasApplication: false, hasStore: false },
    { checkout: checkoutAt(2), ...verified },
  ];
  const events = [
    ...sessions.map((session) => ({ type: 'checkpoint.redirect' as const, session })),
    { type: 'checkpoint.resume' as const, token: 't', cancel: 'true' },
    { type: 'checkpoint.resume' as const, token: 't', process: 'process' },
    { type: 'checkpoint.resume' as const, token: 't' },
    {
      type: 'xstate.done.actor.exchange',
      output: { token: 't2', checkout: checkoutAt(5), intellicheck_required: true },
    },
    ...sessions.map(({ checkout, ...session }) => ({
      type: 'xstate.done.actor.exchange',
      output: { token: 't2', checkout, session },
    })),
    { type: 'xstate.error.actor.exchange', error: { status: 403 } },
    { type: 'xstate.error.actor.exchange', error: { status: 404 } },
    { type: 'xstate.error.actor.exchange', error: { status: 502 } },
    { type: 'xstate.done.actor.cancelCheckout' },
    { type: 'xstate.error.actor.cancelCheckout', error: new Error('x') },
    { type: 'checkpoint.retry' as const },
  ];
  it('reaches every state and takes every transition (iframe and redirect mode together)', () => {
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const redirectMode of [true, false]) {
      const adjacency = getAdjacencyMap(checkpointMachine, {
        input: { session: baseSession, redirectMode },
        events: events as never,
        serializeState: ((s: AnyMachineSnapshot) =>
          JSON.stringify([s.value, s.context.cancel, s.context.process, s.context.error])) as never,
      });
      const covered = coverage(checkpointMachine, adjacency);
      covered.states.forEach((x) => states.add(x));
      covered.transitions.forEach((x) => transitions.add(x));
    }
    expect([...states].sort()).toEqual(stateIds(checkpointMachine));
    expect([...transitions].sort()).toEqual([...definedTransitions(checkpointMachine)].sort());
  });
});
