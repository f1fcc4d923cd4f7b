import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import {
  CALCULATION_DEBOUNCE_MS,
  calculatorMachine,
  showOcpSwitch,
  type CalculationRequest,
  type CalculatorContext,
  type CalculatorEvent,
  type CalculatorInput,
} from '../../../machines/calculator/calculator.machine.ts';
import type { ScorePaymentsResponse } from '../../../machines/contracts/score-payments.ts';
import { TWELVE_MONTH_ANSWER } from '../fixtures.ts';
import { useFakeTimersInEachTest } from '../../support/fake-timers.ts';

const RESPONSE = TWELVE_MONTH_ANSWER;

const INPUT: CalculatorInput = {
  offerAmounts: { A: '1500.00', B: '1350.00', C: '0.00', D: '0.00' },
  incomeFrequency: 'weekly',
  ocpEnabled: true,
};

const DEBOUNCE_EVENT = 'xstate.after.calculationDebounce.calculator.debouncing';
const DONE_EVENT = 'xstate.done.actor.calculatePayments';
const ERROR_EVENT = 'xstate.error.actor.calculatePayments';

interface Pending {
  request: CalculationRequest;
  resolve: (value: ScorePaymentsResponse) => void;
  reject: (error: unknown) => void;
}

/** The machine with a `calculatePayments` the test settles by hand, as the page's API call would. */
function start(input: CalculatorInput = INPUT) {
  const calls: Pending[] = [];
  const machine = calculatorMachine.provide({
    actors: {
      calculatePayments: fromPromise<ScorePaymentsResponse, CalculationRequest>(
        ({ input: request }) => new Promise((resolve, reject) => calls.push({ request, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input }).start();
  const settle = async (value: ScorePaymentsResponse = RESPONSE) => {
    calls[calls.length - 1]?.resolve(value);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, calls, settle };
}

useFakeTimersInEachTest();

describe('defaults (seed 000 section 5)', () => {
  it('chooses the highest offer, its amount, the income-based frequency and calculates at once', () => {
    const { actor, calls } = start();
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({
      option: 'A',
      amountText: '1500',
      frequency: '14-day',
      frequencyChoices: ['14-day', '28-day'],
      ocpIncluded: false,
      options: ['A', 'B'],
    });
    expect(actor.getSnapshot().value).toBe('calculating');
    expect(calls.map((c) => c.request)).toEqual([
      { leaseAmountCents: 150_000, option: 'A', paymentFrequency: '14-day', ocpIncluded: false },
    ]);
  });

  it("a cart's total is the default amount; above the option's maximum it is clamped with the message", () => {
    const { actor } = start({ ...INPUT, cart: [{ unit_price: '999.99', quantity: 2 }] });
    expect(actor.getSnapshot().context.amountText).toBe('1500');
    expect(actor.getSnapshot().context.errors.amount?.message).toBe(
      'Maximum allowed lease for the chosen option is $1500',
    );
  });

  it('a saved option and frequency are kept when still valid; a bi-weekly income defaults to 28-day', () => {
    const { actor } = start({ ...INPUT, incomeFrequency: 'bi-weekly', option: 'B' });
    expect(actor.getSnapshot().context).toMatchObject({ option: 'B', frequency: '28-day' });
    const kept = start({ ...INPUT, paymentFrequency: '28-day', option: 'C' }).actor.getSnapshot().context;
    expect(kept).toMatchObject({ option: 'A', frequency: '28-day' });
  });
});

describe('payment calculation debounce (1 second)', () => {
  it('calls once, 1 s after the last change', async () => {
    const { actor, calls, settle } = start();
    await settle();
    actor.send({ type: 'calculator.amount.change', value: '1,0' });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: 'calculator.amount.change', value: '1,000' });
    await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.request.leaseAmountCents).toBe(100_000);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.calculation?.response).toEqual(RESPONSE);
  });

  it('a change during a calculation drops it and waits again', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'calculator.frequency.change', frequency: '28-day' });
    expect(actor.getSnapshot().value).toBe('debouncing');
    calls[0]?.resolve(RESPONSE);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.calculation).toBeNull();
    await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS);
    expect(calls[1]?.request.paymentFrequency).toBe('28-day');
  });

  it('an aborted request (the page paused the calculator) is asked again, never shown as a failure', async () => {
    const { actor, calls, settle } = start();
    calls[0]!.reject(new DOMException('signal is aborted without reason', 'AbortError'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().matches('calculating')).toBe(true);
    expect(actor.getSnapshot().context.errors.calculation).toBeNull();
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('Recalculate calls at once', async () => {
    const { actor, calls, settle } = start();
    await settle();
    actor.send({ type: 'calculator.recalculate' });
    expect(calls).toHaveLength(2);
  });
});

describe('lease amount rules', () => {
  it('below the minimum: message, text kept, and the calculation uses the minimum', async () => {
    const { actor, calls, settle } = start();
    await settle();
    actor.send({ type: 'calculator.amount.change', value: '250' });
    expect(actor.getSnapshot().context.amountText).toBe('250');
    expect(actor.getSnapshot().context.errors.amount?.message).toBe('Minimum allowed lease amount is $300');
    await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS);
    expect(calls[1]?.request.leaseAmountCents).toBe(30_000);
  });

  it("a store's min_approval_amount replaces 300", () => {
    const { actor } = start({ ...INPUT, minApprovalAmount: 500 });
    actor.send({ type: 'calculator.amount.change', value: '450' });
    expect(actor.getSnapshot().context.errors.amount?.message).toBe('Minimum allowed lease amount is $500');
  });

  it('above the maximum: clamped with the message', () => {
    const { actor } = start();
    actor.send({ type: 'calculator.amount.change', value: '2,000' });
    expect(actor.getSnapshot().context).toMatchObject({ amountText: '1500', amountCents: 150_000 });
    expect(actor.getSnapshot().context.errors.amount?.key).toBe('calculator.amount.maximum');
  });

  it('changing option clamps an amount above the new maximum', () => {
    const { actor } = start();
    actor.send({ type: 'calculator.option.change', option: 'B' });
    expect(actor.getSnapshot().context).toMatchObject({ option: 'B', amountText: '1350', amountCents: 135_000 });
    expect(actor.getSnapshot().context.errors.amount?.message).toBe(
      'Maximum allowed lease for the chosen option is $1350',
    );
  });

  it('an option without an offer (0.00, hidden) cannot be chosen', () => {
    const { actor } = start();
    actor.send({ type: 'calculator.option.change', option: 'C' });
    expect(actor.getSnapshot().context.option).toBe('A');
  });

  it('not an amount: error and no calculation', async () => {
    const { actor, calls, settle } = start();
    await settle();
    actor.send({ type: 'calculator.amount.change', value: 'abc' });
    await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'calculator.continue' });
    expect(actor.getSnapshot().status).toBe('active');
    // choices still change, but there is nothing to price until an amount is typed
    actor.send({ type: 'calculator.option.change', option: 'B' });
    actor.send({ type: 'calculator.frequency.change', frequency: '28-day' });
    actor.send({ type: 'calculator.ocp.toggle' });
    actor.send({ type: 'calculator.recalculate' });
    await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS * 2);
    expect(actor.getSnapshot().context).toMatchObject({ option: 'B', frequency: '28-day', ocpIncluded: true });
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('ready');
  });
});

describe('frequency and OCP', () => {
  it('only the frequencies of the income are accepted', () => {
    const { actor } = start();
    actor.send({ type: 'calculator.frequency.change', frequency: 'monthly' });
    expect(actor.getSnapshot().context.frequency).toBe('14-day');
  });

  it('the OCP switch works only when the store enables OCP', async () => {
    const on = start();
    on.actor.send({ type: 'calculator.ocp.toggle' });
    expect(on.actor.getSnapshot().context.ocpIncluded).toBe(true);
    await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS);
    expect(on.calls[1]?.request.ocpIncluded).toBe(true);

    const off = start({ ...INPUT, ocpEnabled: false });
    off.actor.send({ type: 'calculator.ocp.toggle' });
    expect(off.actor.getSnapshot().context.ocpIncluded).toBe(false);
    expect(showOcpSwitch(off.actor.getSnapshot().context)).toBe(false);
  });
});

describe('continue and failures', () => {
  it('continues with the calculated choices', async () => {
    const { actor, settle } = start();
    actor.send({ type: 'calculator.continue' });
    expect(actor.getSnapshot().value).toBe('calculating');
    await settle();
    actor.send({ type: 'calculator.continue' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      option: 'A',
      leaseAmountCents: 150_000,
      paymentFrequency: '14-day',
      ocpIncluded: false,
      calculation: RESPONSE,
    });
  });

  it("a failed call shows the server's message (or the default) and Recalculate retries", async () => {
    const { actor, calls } = start();
    calls[0]?.reject({ code: 422, message: 'Maximum allowed lease for the chosen option is $1500' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errors.calculation).toBe('Maximum allowed lease for the chosen option is $1500');
    actor.send({ type: 'calculator.continue' });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'calculator.recalculate' });
    calls[1]?.reject(new Error(''));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.errors.calculation).toBe('calculator.error');
  });

  it('the default calculatePayments throws until the page provides one', async () => {
    const actor = createActor(calculatorMachine, { input: INPUT }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
  });
});

describe('pure transitions (how the server applies events)', () => {
  it('uses the named delay and actor', () => {
    const [s0] = initialTransition(calculatorMachine, INPUT);
    const [s1] = transition(calculatorMachine, s0, { type: DONE_EVENT, output: RESPONSE } as never);
    const [s2, actions] = transition(calculatorMachine, s1, { type: 'calculator.amount.change', value: '900' });
    expect(s2.value).toBe('debouncing');
    expect(actions.some((a) => JSON.stringify(a).includes('calculationDebounce'))).toBe(true);
    const [s3] = transition(calculatorMachine, s2, { type: DEBOUNCE_EVENT } as never);
    expect(s3.value).toBe('calculating');
  });
});

describe('model-based: every state and transition is reachable and matches the running machine', () => {
  const events = [
    { type: 'calculator.amount.change', value: '1,000' },
    { type: 'calculator.amount.change', value: '250' },
    { type: 'calculator.amount.change', value: 'abc' },
    { type: 'calculator.option.change', option: 'B' },
    { type: 'calculator.frequency.change', frequency: '28-day' },
    { type: 'calculator.ocp.toggle' },
    { type: 'calculator.recalculate' },
    { type: 'calculator.continue' },
    { type: DEBOUNCE_EVENT },
    { type: DONE_EVENT, output: RESPONSE },
    { type: ERROR_EVENT, error: { message: 'Server down' } },
  ] as unknown as CalculatorEvent[];

  // createTestModel refuses machines with `after` delays, so the graph comes from getShortestPaths and
  // getAdjacencyMap, and each path is replayed on a running actor (fake timers, a hand-settled calculatePayments).
  const options = {
    events,
    input: INPUT,
    serializeState: (state: { value: unknown; context: CalculatorContext }) => {
      const c = state.context;
      return JSON.stringify([
        state.value,
        c.amountCents,
        c.option,
        c.ocpIncluded,
        c.calculation !== null,
        c.errors.calculation !== null,
      ]);
    },
  };
  const paths = getShortestPaths(calculatorMachine, options as never);
  const edges = adjacencyMapToArray(getAdjacencyMap(calculatorMachine, options as never));
  const edgeKey = (from: unknown, event: { type: string }, to: unknown) =>
    `${String(from)} --${event.type}--> ${String(to)}`;

  async function replay(steps: readonly { event: { type: string }; state: { value: unknown } }[]) {
    const { actor, calls } = start();
    for (const step of steps) {
      const event = step.event as { type: string; error?: unknown };
      if (event.type === DEBOUNCE_EVENT) await vi.advanceTimersByTimeAsync(CALCULATION_DEBOUNCE_MS);
      else if (event.type === DONE_EVENT) {
        calls[calls.length - 1]?.resolve(RESPONSE);
        await vi.advanceTimersByTimeAsync(0);
      } else if (event.type === ERROR_EVENT) {
        calls[calls.length - 1]?.reject(event.error);
        await vi.advanceTimersByTimeAsync(0);
      } else if (event.type !== 'xstate.init') actor.send(event as CalculatorEvent);
      expect(actor.getSnapshot().value, steps.map((s) => s.event.type).join(' > ')).toEqual(step.state.value);
    }
    // every call the machine made carried a full request
    expect(calls.every((c) => c.request && c.request.leaseAmountCents >= 30_000)).toBe(true);
    actor.stop();
  }

  it('reaches every state (starting is transient)', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    const declared = Object.keys(calculatorMachine.root.states).filter((key) => key !== 'starting');
    expect([...reached].sort()).toEqual(declared.sort());
    expect(calculatorMachine.root.states.starting?.always).toBeDefined();
  });

  const expected = [
    ['debouncing', 'calculator.amount.change', 'debouncing'],
    ['debouncing', 'calculator.amount.change', 'ready'],
    ['debouncing', 'calculator.option.change', 'debouncing'],
    ['debouncing', 'calculator.frequency.change', 'debouncing'],
    ['debouncing', 'calculator.ocp.toggle', 'debouncing'],
    ['debouncing', 'calculator.recalculate', 'calculating'],
    ['debouncing', DEBOUNCE_EVENT, 'calculating'],
    ['calculating', 'calculator.amount.change', 'debouncing'],
    ['calculating', 'calculator.amount.change', 'ready'],
    ['calculating', 'calculator.option.change', 'debouncing'],
    ['calculating', 'calculator.frequency.change', 'debouncing'],
    ['calculating', 'calculator.ocp.toggle', 'debouncing'],
    ['calculating', 'calculator.recalculate', 'calculating'],
    ['calculating', DONE_EVENT, 'ready'],
    ['calculating', ERROR_EVENT, 'failed'],
    ['ready', 'calculator.amount.change', 'debouncing'],
    ['ready', 'calculator.amount.change', 'ready'],
    ['ready', 'calculator.option.change', 'debouncing'],
    ['ready', 'calculator.option.change', 'ready'],
    ['ready', 'calculator.frequency.change', 'debouncing'],
    ['ready', 'calculator.frequency.change', 'ready'],
    ['ready', 'calculator.ocp.toggle', 'debouncing'],
    ['ready', 'calculator.ocp.toggle', 'ready'],
    ['ready', 'calculator.recalculate', 'calculating'],
    ['ready', 'calculator.continue', 'continued'],
    ['failed', 'calculator.amount.change', 'debouncing'],
    ['failed', 'calculator.amount.change', 'ready'],
    ['failed', 'calculator.option.change', 'debouncing'],
    ['failed', 'calculator.frequency.change', 'debouncing'],
    ['failed', 'calculator.ocp.toggle', 'debouncing'],
    ['failed', 'calculator.recalculate', 'calculating'],
  ] as const;

  it('has every transition in its graph', () => {
    const present = new Set(edges.map((e) => edgeKey(e.state.value, e.event, e.nextState.value)));
    for (const [from, type, to] of expected)
      expect(present, `${from} ${type} ${to}`).toContain(edgeKey(from, { type }, to));
  });

  it('replays the shortest path to every reachable state on the running machine', async () => {
    for (const path of paths) await replay(path.steps);
  });

  it('replays one path through every transition on the running machine', async () => {
    const serialize = options.serializeState as (s: unknown) => string;
    const pathTo = new Map(paths.map((p) => [serialize(p.state), p]));
    for (const [from, type, to] of expected) {
      const edge = edges.find((e) => e.state.value === from && e.event.type === type && e.nextState.value === to);
      const head = edge && pathTo.get(serialize(edge.state));
      expect(head, `${from} ${type} ${to}`).toBeDefined();
      if (!edge || !head) continue;
      await replay([...head.steps, { event: edge.event, state: edge.nextState }]);
    }
  });
});
