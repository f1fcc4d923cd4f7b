import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, SimulatedClock, createActor, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { translate } from '../../../machines/i18n/catalogue.ts';
import {
  APP_IDLE_TIMEOUT_MS,
  IDLE_TIMEOUTS_MS,
  type IdleSessionInput,
  RESULT_IDLE_TIMEOUT_MS,
  WARNING_COUNTDOWN_SECONDS,
  idleSessionMachine,
} from '../../../machines/idle-session/idle-session.machine.ts';
import {
  expectFullCoverage,
  expectReachedValues,
  pendingEffect,
  replayOnActor,
} from '../../support/machine-coverage.ts';
import { useFakeTimersInEachTest } from '../../support/fake-timers.ts';

function run(machineInput: IdleSessionInput = {}, keepAlive: () => Promise<unknown> = async () => ({})) {
  const calls = { keepAlive: 0 };
  const machine = idleSessionMachine.provide({
    actors: {
      keepAlive: fromPromise(async () => {
        calls.keepAlive += 1;
        return keepAlive();
      }),
    },
  });
  const actor = createActor(machine, { input: machineInput });
  actor.start();
  return { actor, calls, advance: (ms: number) => vi.advanceTimersByTimeAsync(ms) };
}

describe('idle session: behaviour', () => {
  useFakeTimersInEachTest();

  it('has the timeouts of the seed', () => {
    expect(APP_IDLE_TIMEOUT_MS).toBe(1_800_000);
    expect(RESULT_IDLE_TIMEOUT_MS).toBe(900_000);
    expect(WARNING_COUNTDOWN_SECONDS).toBe(60);
    expect(IDLE_TIMEOUTS_MS).toEqual({ app: 1_800_000, result: 900_000 });
  });

  it('warns after 30 minutes without activity by default', async () => {
    const { actor, advance } = run();
    await advance(APP_IDLE_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('active');
    await advance(1);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
    expect(translate('en', 'idle.text', { seconds: actor.getSnapshot().context.secondsLeft })).toContain('60 seconds');
  });

  it('warns after 15 minutes on the application result', async () => {
    const { actor, advance } = run({ timeoutMs: RESULT_IDLE_TIMEOUT_MS });
    await advance(RESULT_IDLE_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('active');
    await advance(1);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
  });

  it('starts the idle timer over on activity', async () => {
    const { actor, advance } = run({ timeoutMs: RESULT_IDLE_TIMEOUT_MS });
    await advance(RESULT_IDLE_TIMEOUT_MS - 1_000);
    actor.send({ type: 'idle.activity' });
    await advance(RESULT_IDLE_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('active');
    await advance(1);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
  });

  it('counts down 60 seconds and then expires (the page reloads)', async () => {
    const { actor, advance } = run({ timeoutMs: 1_000 });
    await advance(1_000);
    await advance(1_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(59);
    await advance(29_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(30);
    await advance(29_999);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    await advance(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
  });

  it('ignores activity while the warning shows: only Stay Connected keeps the session', async () => {
    const { actor, advance } = run({ timeoutMs: 1_000 });
    await advance(1_000);
    expect(actor.getSnapshot().can({ type: 'idle.activity' })).toBe(false);
    actor.send({ type: 'idle.activity' });
    expect(actor.getSnapshot().matches('warning')).toBe(true);
  });

  it('calls keep-alive on Stay Connected and starts the timer over', async () => {
    const { actor, advance, calls } = run({ timeoutMs: 10_000 });
    await advance(10_000);
    await advance(30_000);
    expect(translate('en', 'idle.stay')).toBe('Stay Connected');
    actor.send({ type: 'idle.stay' });
    expect(actor.getSnapshot().value).toBe('keepingAlive');
    await advance(0);
    expect(calls.keepAlive).toBe(1);
    expect(actor.getSnapshot().value).toBe('active');
    await advance(9_999);
    expect(actor.getSnapshot().value).toBe('active');
    await advance(1);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
  });

  it('starts the timer over even when keep-alive fails', async () => {
    const { actor, advance } = run({ timeoutMs: 10_000 }, async () => Promise.reject({ code: 0 }));
    await advance(10_000);
    actor.send({ type: 'idle.stay' });
    await advance(0);
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('falls back to 30 minutes for a missing or invalid timeout', () => {
    expect(createActor(idleSessionMachine, { input: { timeoutMs: 0 } }).getSnapshot().context.timeoutMs).toBe(
      APP_IDLE_TIMEOUT_MS,
    );
    expect(createActor(idleSessionMachine, { input: {} }).getSnapshot().context.timeoutMs).toBe(APP_IDLE_TIMEOUT_MS);
  });

  it('runs on a SimulatedClock too', () => {
    const clock = new SimulatedClock();
    const actor = createActor(idleSessionMachine, { input: { timeoutMs: RESULT_IDLE_TIMEOUT_MS }, clock });
    actor.start();
    clock.increment(RESULT_IDLE_TIMEOUT_MS);
    expect(actor.getSnapshot().matches('warning')).toBe(true);
    // A SimulatedClock jump fires each due timer once; the countdown's own 60 s delay ends the warning.
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toBe('expired');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Model-based: every state node and transition is reached; the paths replay on a live actor.

function eventsFor(snapshot: { _nodes: { ownEvents: string[] }[] }): AnyEventObject[] {
  return [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents))].map((type) => ({ type }));
}

function replay(paths: ReturnType<typeof getShortestPaths>) {
  const machine = idleSessionMachine.provide({ actors: { keepAlive: pendingEffect<unknown, void>() } });
  return replayOnActor(machine, paths, { input: {}, clock: new SimulatedClock() });
}

describe('idle session: model', () => {
  it('reaches every state and takes every transition (the countdown included)', () => {
    const result = expectFullCoverage(idleSessionMachine, {}, { events: eventsFor });
    // Every second of the countdown is its own state of the model: 61 values x warning, plus the others.
    expect(result.vertexCount).toBeGreaterThan(WARNING_COUNTDOWN_SECONDS);
  });

  it('replays the shortest path to every state on a live actor', () => {
    const paths = getShortestPaths(idleSessionMachine, {
      input: {},
      events: eventsFor as never,
      serializeState: (snapshot: { value: unknown }) => JSON.stringify(snapshot.value),
    });
    expectReachedValues(replay(paths), ['active', 'expired', 'keepingAlive', { warning: 'counting' }]);
  });

  it('replays every simple path that ends with the page reloading', () => {
    const paths = getSimplePaths(idleSessionMachine, {
      input: {},
      events: eventsFor as never,
      serializeState: (snapshot: { value: unknown }) => JSON.stringify(snapshot.value),
      toState: (snapshot) => snapshot.status === 'done',
    });
    expect(paths.length).toBeGreaterThan(0);
    expect(new Set(replay(paths))).toEqual(new Set(['"expired"']));
  });
});
