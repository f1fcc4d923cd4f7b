import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  initialTransition,
  SimulatedClock,
  transition,
  type AnyMachineSnapshot,
} from 'xstate';
import { getAdjacencyMap, getStateNodes } from 'xstate/graph';
import {
  checkoutFlowMachine,
  checkoutPageRoute,
  SUCCESS_REDIRECT_MS,
  type CheckoutFlowEvent,
  type CheckoutFlowInput,
  type LoadedCheckout,
} from '../../../machines/checkout/checkout-flow.machine.ts';
import { completeVariant, processRoute, type ProcessResponse } from '../../../machines/checkout/process-response.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { coverage, definedTransitions } from '../../support/machine-coverage.ts';

// ---------------------------------------------------------------- process response
describe('process response handling, in the seed order', () => {
  const flags = [
    'stepResult',
    'payment_required',
    'banking_required',
    'intellicheck_required',
    'redirect',
    'result',
  ] as const;
  const mayContinues = [undefined, true, 1, false, 0];
  // The seed's order as a first-match list.
  const ORDER: [(typeof flags)[number] | 'mayNotContinue', string][] = [
    ['stepResult', 'complete'],
    ['payment_required', 'payment'],
    ['banking_required', 'banking'],
    ['intellicheck_required', 'identityCheck'],
    ['redirect', 'leave'],
    ['result', 'complete'],
    ['mayNotContinue', 'complete'],
  ];
  it('checks every combination of flags (first match wins, otherwise the checkpoint redirect)', () => {
    let count = 0;
    for (let mask = 0; mask < 1 << flags.length; mask++) {
      for (const mc of mayContinues) {
        const on = new Set(flags.filter((_, i) => mask & (1 << i)));
        const response: ProcessResponse = {
          payment_required: on.has('payment_required') ? (mask % 2 ? 1 : true) : false,
          banking_required: on.has('banking_required'),
          intellicheck_required: on.has('intellicheck_required') ? 1 : 0,
          redirect: on.has('redirect') ? 'https://shop.example/after' : null,
          result: on.has('stepResult') ? { status: true, step: 9 } : on.has('result') ? { status: true } : null,
          may_continue: mc,
        };
        const hit = ORDER.find(([flag]) => (flag === 'mayNotContinue' ? mc === false || mc === 0 : on.has(flag)));
        expect(processRoute(response), JSON.stringify(response)).toBe(hit ? hit[1] : 'checkpointRedirect');
        count++;
      }
    }
    expect(count).toBe(64 * mayContinues.length);
  });
  it('a result carrying a step forces complete even when payment is required', () => {
    expect(processRoute({ payment_required: true, result: { step: 10 } })).toBe('complete');
    expect(processRoute({ payment_required: true, result: { status: true } })).toBe('payment');
  });
  it('picks the complete variant', () => {
    expect(completeVariant({ may_continue: 0, result: { status: true, step: 9 } })).toBe('mayNotContinue');
    expect(completeVariant({ may_continue: false })).toBe('mayNotContinue');
    expect(completeVariant({ result: { step: 9 } })).toBe('success');
    expect(completeVariant({ result: { step: '8' } })).toBe('success');
    for (const step of [10, 11, 12]) expect(completeVariant({ result: { status: true, step } })).toBe('failure');
    expect(completeVariant({ result: { status: 'success' } })).toBe('success');
    expect(completeVariant({ result: { status: false } })).toBe('failure');
    expect(completeVariant({})).toBe('failure');
  });
});

// ---------------------------------------------------------------- the flow machine
const input = (over: Partial<CheckoutFlowInput> = {}): CheckoutFlowInput => ({
  checkoutId: 'co_1',
  redirectMode: true,
  deliveryRequired: false,
  returnUrl: 'https://shop.example/ok',
  returnUrlFailure: 'https://shop.example/fail',
  ...over,
});
type Snap = ReturnType<typeof initialTransition<typeof checkoutFlowMachine>>[0];
const start = (over: Partial<CheckoutFlowInput> = {}) => initialTransition(checkoutFlowMachine, input(over))[0];
const send = (s: Snap, e: CheckoutFlowEvent | { type: string; [k: string]: unknown }) =>
  transition(checkoutFlowMachine, s, e as CheckoutFlowEvent);
const loaded = (checkout: Partial<LoadedCheckout>) => ({
  type: 'xstate.done.actor.loadCheckout',
  output: { id: 'co_1', current_step: null, ...checkout },
});
const processed = (output: ProcessResponse) => ({ type: 'xstate.done.actor.processCheckout', output });
const at = (value: unknown, over: Partial<CheckoutFlowInput> = {}) =>
  checkoutFlowMachine.resolveState({ value: value as never, context: { ...start(over).context } });
const types = (actions: { type: string; params?: unknown }[]) =>
  actions.map((a) => (a.params ? `${a.type}:${JSON.stringify(a.params)}` : a.type));

describe('checkout flow: where a loaded checkout starts', () => {
  const STEPS = [null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
  for (const step of STEPS) {
    it(`current_step ${String(step)}`, () => {
      for (const deliveryRequired of [false, true])
        for (const delivery_scheduled of [false, true])
          for (const may_continue of [true, false, 0]) {
            const s = send(
              start({ deliveryRequired }),
              loaded({ current_step: step, may_continue, delivery_scheduled }),
            )[0];
            let expected: unknown;
            if (may_continue === false || may_continue === 0) expected = { complete: 'mayNotContinue' };
            else if (step === 13) expected = { steps: 'sign' };
            else if (step !== null && step >= 6) expected = { steps: 'processing' };
            else if (deliveryRequired && !delivery_scheduled) expected = { steps: 'delivery' };
            else expected = { steps: 'fetchingLease' };
            expect(s.value, `${deliveryRequired} ${delivery_scheduled} ${String(may_continue)}`).toEqual(expected);
          }
    });
  }
  it('a failed load can be retried', () => {
    const failed = send(start(), { type: 'xstate.error.actor.loadCheckout', error: { status: 500 } })[0];
    expect(failed.value).toBe('loadFailed');
    expect(translate('en', failed.context.error ?? '')).toBe('We could not load your checkout. Please try again.');
    expect(send(failed, { type: 'checkout.retry' })[0].value).toBe('loading');
  });
});

describe('checkout flow: the steps', () => {
  it('delivery -> lease -> preview -> sign (leaves for e-sign) -> payment -> complete', () => {
    let s = send(start({ deliveryRequired: true }), loaded({ current_step: 3 }))[0];
    expect(checkoutPageRoute(s.value)).toBe('delivery-options');
    s = send(s, { type: 'delivery.completed', lease: { cashPrice: 129900 } })[0];
    expect(s.value).toEqual({ steps: 'lease' });
    expect(s.context.lease).toEqual({ cashPrice: 129900 });
    s = send(s, { type: 'lease.preview' })[0];
    expect(checkoutPageRoute(s.value)).toBe('preview');
    s = send(s, { type: 'preview.close' })[0];
    s = send(s, { type: 'lease.preview' })[0];
    s = send(s, { type: 'lease.sign' })[0];
    expect(s.value).toEqual({ steps: 'requestingEsign' });
    let actions;
    [s, actions] = send(s, {
      type: 'xstate.done.actor.requestEsign',
      output: { url: 'https://esign.example/e/1', step: 13 },
    });
    expect(s.value).toEqual({ steps: 'sign' });
    expect(s.context.esignUrl).toBe('https://esign.example/e/1');
    expect(types(actions)).toContain('leavePage:{"to":"esign"}');
    s = send(s, { type: 'esign.completed' })[0];
    s = send(s, processed({ payment_required: true, config: { gateway: 'sandbox' } }))[0];
    expect(checkoutPageRoute(s.value)).toBe('payment');
    s = send(s, { type: 'payment.failed', message: 'Oops, unable to charge card, please try again!' })[0];
    expect(s.value).toEqual({ steps: 'payment' });
    expect(s.context.error).toBe('Oops, unable to charge card, please try again!');
    s = send(s, { type: 'payment.succeeded' })[0];
    expect(s.context.error).toBeNull();
    [s, actions] = send(
      s,
      processed({ result: { status: true, step: 9, data: { url: 'https://shop.example/thanks' } } }),
    );
    expect(s.value).toEqual({ complete: 'success' });
    expect(s.context.returnUrl).toBe('https://shop.example/thanks');
    expect(types(actions)).toContain('notifyHost:{"event":"update"}');
  });

  it('changing the option or frequency recomputes the lease with the new terms', () => {
    const s = send(at({ steps: 'lease' }), { type: 'lease.terms', option: 'B', payment_frequency: '28-day' })[0];
    expect(s.value).toEqual({ steps: 'fetchingLease' });
    expect(s.context).toMatchObject({ option: 'B', payment_frequency: '28-day' });
    expect(
      send(s, { type: 'xstate.error.actor.fetchLease', error: new Error('Lease contract not yet calculated') })[0]
        .context.error,
    ).toBe('Lease contract not yet calculated');
  });

  it('the delivery options can be changed from the lease only when the store requires them', () => {
    expect(send(at({ steps: 'lease' }, { deliveryRequired: true }), { type: 'delivery.edit' })[0].value).toEqual({
      steps: 'delivery',
    });
    expect(at({ steps: 'lease' }).can({ type: 'delivery.edit' })).toBe(false);
  });

  it('a contract that cannot be generated offers Discard Contract', () => {
    const failed = send(at({ steps: 'requestingEsign' }), { type: 'xstate.error.actor.requestEsign', error: {} })[0];
    expect(failed.value).toEqual({ steps: 'contractFailed' });
    expect(translate('en', failed.context.error ?? '')).toBe('Unable to generate Contract');
    const discarding = send(failed, { type: 'contract.discard' })[0];
    expect(discarding.value).toEqual({ steps: 'discarding' });
    expect(send(discarding, { type: 'xstate.done.actor.discardContract' })[0].value).toEqual({
      steps: 'fetchingLease',
    });
  });

  it('discarding a contract returns to the lease or re-requests signing', () => {
    const toLease = send(send(at({ steps: 'sign' }), { type: 'contract.discard', then: 'lease' })[0], {
      type: 'xstate.done.actor.discardContract',
    })[0];
    expect(toLease.value).toEqual({ steps: 'fetchingLease' });
    const toSign = send(send(at({ steps: 'sign' }), { type: 'contract.discard', then: 'sign' })[0], {
      type: 'xstate.done.actor.discardContract',
    })[0];
    expect(toSign.value).toEqual({ steps: 'requestingEsign' });
  });

  it('the process answer routes to banking, the identity check, away, or back to the checkpoint', () => {
    const p = at({ steps: 'processing' });
    expect(send(p, processed({ banking_required: true }))[0].value).toEqual({ steps: 'banking' });
    expect(send(p, processed({ intellicheck_required: 1 }))[0].value).toEqual({ steps: 'identityCheck' });
    const [away, actions] = send(p, processed({ redirect: 'https://shop.example/x' }));
    expect(away.value).toBe('leaving');
    expect(away.context.redirectUrl).toBe('https://shop.example/x');
    expect(types(actions)).toContain('leavePage:{"to":"process"}');
    expect(send(p, processed({}))[0].value).toBe('toCheckpoint');
    expect(send(p, processed({ may_continue: 0 }))[0].value).toEqual({ complete: 'mayNotContinue' });
    expect(send(p, processed({ result: { status: false, step: 10 } }))[0].value).toEqual({ complete: 'failure' });
    expect(
      send(send(at({ steps: 'banking' }), { type: 'banking.saved' })[0], processed({ payment_required: true }))[0]
        .value,
    ).toEqual({
      steps: 'payment',
    });
    expect(send(at({ steps: 'identityCheck' }), { type: 'identity.completed' })[0].value).toEqual({
      steps: 'processing',
    });
    const failed = send(p, { type: 'xstate.error.actor.processCheckout', error: {} })[0];
    expect(failed.value).toEqual({ steps: 'processFailed' });
    expect(send(failed, { type: 'checkout.retry' })[0].value).toEqual({ steps: 'processing' });
  });

  it('complete pages return to the retailer', () => {
    for (const [variant, target, to] of [
      ['success', 'leavingSuccess', 'success'],
      ['failure', 'leavingFailure', 'failure'],
      ['mayNotContinue', 'leavingFailure', 'failure'],
    ] as const) {
      const [s, actions] = send(at({ complete: variant }), { type: 'complete.return' });
      expect(s.value).toBe(target);
      expect(types(actions)).toContain(`leavePage:{"to":"${to}"}`);
    }
  });
});

describe('checkout flow: cancel', () => {
  const STEP_STATES = [
    'delivery',
    'fetchingLease',
    'leaseFailed',
    'lease',
    'preview',
    'requestingEsign',
    'contractFailed',
    'sign',
    'discarding',
    'processing',
    'processFailed',
    'payment',
    'banking',
    'identityCheck',
  ];
  for (const step of STEP_STATES) {
    it(`from ${step}: posts cancel, notifies the host, leaves for the failure URL in redirect mode; a failed cancel returns to ${step}`, () => {
      const cancelling = send(at({ steps: step }), { type: 'checkout.cancel' })[0];
      expect(cancelling.value).toBe('cancelling');
      const [left, actions] = send(cancelling, { type: 'xstate.done.actor.cancelCheckout' });
      expect(left.value).toBe('leavingFailure');
      expect(types(actions)).toEqual(
        expect.arrayContaining(['notifyHost:{"event":"cancelled"}', 'leavePage:{"to":"failure"}']),
      );
      const [framed, frameActions] = send(
        send(at({ steps: step }, { redirectMode: false }), { type: 'checkout.cancel' })[0],
        {
          type: 'xstate.done.actor.cancelCheckout',
        },
      );
      expect(framed.value).toBe('cancelled');
      expect(types(frameActions)).toContain('notifyHost:{"event":"cancelled"}');
      expect(types(frameActions).some((t) => t.startsWith('leavePage'))).toBe(false);
      // a refused or failed cancel (e.g. 409 while a payment is in flight) goes back to where the shopper was
      const back = send(cancelling, { type: 'xstate.error.actor.cancelCheckout', error: { status: 409 } })[0];
      expect(back.value).toEqual({ steps: step });
      expect(back.context.error).toBe('checkout.error.cancelFailed');
    });
  }
  it('is not offered on the complete pages or while loading', () => {
    for (const value of [
      'loading',
      'loadFailed',
      { complete: 'success' },
      { complete: 'failure' },
      { complete: 'mayNotContinue' },
    ]) {
      expect(at(value).can({ type: 'checkout.cancel' })).toBe(false);
    }
  });
});

describe('checkout flow: the success redirect (named delay, redirect mode only)', () => {
  async function runToSuccess(redirectMode: boolean) {
    const clock = new SimulatedClock();
    const left: string[] = [];
    const machine = checkoutFlowMachine.provide({
      actors: {
        loadCheckout: fromPromise<LoadedCheckout, { checkoutId: string }>(async () => ({
          id: 'co_1',
          current_step: 8,
        })),
        processCheckout: fromPromise<ProcessResponse, { checkoutId: string }>(async () => ({
          result: { status: true, step: 9 },
        })),
      },
      actions: { leavePage: (_, params) => void left.push(params.to) },
    });
    const actor = createActor(machine, { input: input({ redirectMode }), clock }).start();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toEqual({ complete: 'success' });
    clock.increment(SUCCESS_REDIRECT_MS - 1);
    expect(actor.getSnapshot().value).toEqual({ complete: 'success' });
    clock.increment(1);
    return { actor, left };
  }
  it('leaves for the return URL after 5 seconds in redirect mode', async () => {
    const { actor, left } = await runToSuccess(true);
    expect(actor.getSnapshot().value).toBe('leavingSuccess');
    expect(left).toEqual(['success']);
    expect(SUCCESS_REDIRECT_MS).toBe(5000);
  });
  it('stays on the congratulations page in a frame', async () => {
    const { actor, left } = await runToSuccess(false);
    expect(actor.getSnapshot().value).toEqual({ complete: 'success' });
    expect(left).toEqual([]);
  });
  it('the default actors throw until the page provides them', async () => {
    const actor = createActor(checkoutFlowMachine, { input: input() }).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('loadFailed');
  });
});

describe('checkout flow: model-based coverage (xstate/graph)', () => {
  const events = [
    loaded({ current_step: 3, may_continue: false }),
    loaded({ current_step: 13 }),
    loaded({ current_step: 6 }),
    loaded({ current_step: 9 }),
    loaded({ current_step: 3 }),
    loaded({ current_step: 5, delivery_scheduled: true }),
    { type: 'xstate.error.actor.loadCheckout', error: {} },
    { type: 'xstate.done.actor.fetchLease', output: { cashPrice: 1000 } },
    { type: 'xstate.error.actor.fetchLease', error: {} },
    { type: 'xstate.done.actor.requestEsign', output: { url: 'https://esign.example/1' } },
    { type: 'xstate.error.actor.requestEsign', error: {} },
    { type: 'xstate.done.actor.discardContract' },
    { type: 'xstate.error.actor.discardContract', error: {} },
    processed({ may_continue: false }),
    processed({ result: { status: true, step: 9 } }),
    processed({ result: { status: false } }),
    processed({ payment_required: true }),
    processed({ banking_required: true }),
    processed({ intellicheck_required: true }),
    processed({ redirect: 'https://shop.example/r' }),
    processed({}),
    { type: 'xstate.error.actor.processCheckout', error: {} },
    { type: 'xstate.done.actor.cancelCheckout' },
    { type: 'xstate.error.actor.cancelCheckout', error: {} },
    { type: 'lease.terms', option: 'A', payment_frequency: 'monthly' },
    { type: 'contract.discard', then: 'lease' },
    { type: 'contract.discard', then: 'sign' },
    { type: 'payment.failed', message: 'declined' },
    { type: 'delivery.completed', lease: null },
    ...(
      [
        'checkout.retry',
        'checkout.cancel',
        'delivery.edit',
        'lease.preview',
        'preview.close',
        'lease.sign',
        'esign.resume',
        'esign.completed',
        'payment.succeeded',
        'banking.saved',
        'identity.completed',
        'complete.return',
      ] as const
    ).map((type) => ({ type })),
    // the named delay's event, as the machine names it
    ...getStateNodes(checkoutFlowMachine.root)
      .flatMap((n) => [...n.transitions.keys()])
      .filter((type) => type.startsWith('xstate.after.'))
      .map((type) => ({ type })),
  ];
  it('names the success redirect delay', () => {
    expect(events.some((e) => e.type.startsWith('xstate.after.successRedirectDelay.'))).toBe(true);
  });
  it('reaches every state and takes every transition (iframe and redirect mode, with and without delivery)', () => {
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const redirectMode of [true, false])
      for (const deliveryRequired of [true, false]) {
        const adjacency = getAdjacencyMap(checkoutFlowMachine, {
          input: input({ redirectMode, deliveryRequired }),
          events: events as never,
          // the error text and the discard choice matter to the next steps; the rest of the context does not
          serializeState: ((s: AnyMachineSnapshot) =>
            JSON.stringify([s.value, s.context.discardThen, s.context.error === null])) as never,
        });
        const covered = coverage(checkoutFlowMachine, adjacency);
        covered.states.forEach((x) => states.add(x));
        covered.transitions.forEach((x) => transitions.add(x));
      }
    expect([...states].sort()).toEqual(
      getStateNodes(checkoutFlowMachine.root)
        .map((n) => n.id)
        .filter((id) => !id.endsWith('.hist'))
        .sort(),
    );
    expect([...transitions].sort()).toEqual([...definedTransitions(checkoutFlowMachine)].sort());
  });
});
