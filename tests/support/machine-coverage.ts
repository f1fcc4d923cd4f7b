import { expect } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type SimulatedClock,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';

/**
 * Explores a machine with `getAdjacencyMap` (which, unlike createTestModel, accepts invocations and delays: the caller
 * feeds done, error and delay events through `events`) and reports which of the definition's state nodes were
 * reached and which of its transitions were taken, so a test can assert that the covered sets equal the defined ones.
 */
export function machineCoverage(
  machine: AnyStateMachine,
  machineInput: unknown,
  options: { events: (snapshot: never) => AnyEventObject[]; serializeState?: (snapshot: never) => string },
) {
  const adjacency = getAdjacencyMap(machine, {
    input: machineInput,
    events: options.events as never,
    ...(options.serializeState ? { serializeState: options.serializeState as never } : {}),
  });
  const reachedStates = new Set<string>();
  const takenTransitions = new Set<unknown>();
  for (const vertex of Object.values(adjacency)) {
    const snapshot = vertex.state as ReturnType<typeof machine.getInitialSnapshot>;
    for (const node of snapshot._nodes) reachedStates.add(node.id);
    if (snapshot.status !== 'active') continue;
    for (const edge of Object.values<{ event: AnyEventObject }>(vertex.transitions)) {
      for (const definition of machine.getTransitionData(snapshot, edge.event)) takenTransitions.add(definition);
    }
  }
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const definedStates = nodes.filter((node) => node.type !== 'history').map((node) => node.id);
  const definedTransitions = nodes.flatMap((node) => [...node.transitions.values()].flat());
  const describe = (t: (typeof definedTransitions)[number]) =>
    `${t.source.id} --${t.eventType}${t.guard ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'inline')}]` : ''}--> ${t.target?.map((n) => n.id).join(',') ?? '(self)'}`;
  return {
    definedStates,
    reachedStates: definedStates.filter((id) => reachedStates.has(id)),
    definedTransitions: definedTransitions.map(describe),
    takenTransitions: definedTransitions.filter((t) => takenTransitions.has(t)).map(describe),
    vertexCount: Object.keys(adjacency).length,
  };
}

/** Explores the machine and expects every state node it defines reached and every transition it defines taken. */
export function expectFullCoverage(
  machine: AnyStateMachine,
  machineInput: unknown,
  options: Parameters<typeof machineCoverage>[2],
) {
  const result = machineCoverage(machine, machineInput, options);
  expect(result.reachedStates).toEqual(result.definedStates);
  expect(result.takenTransitions).toEqual(result.definedTransitions);
  return result;
}

/**
 * The events a model offers in a state: every event type its active states handle, as the given variants of that type
 * (with their outputs, errors or fields), or bare when there are none.
 */
export const eventsOfVariants =
  (variants: readonly AnyEventObject[]) =>
  (snapshot: { _nodes: { ownEvents: string[] }[] }): AnyEventObject[] => {
    const types = [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents))];
    return types.flatMap((type) => {
      const ofType = variants.filter((event) => event.type === type);
      return ofType.length ? ofType : [{ type }];
    });
  };

// ---- coverage by label: the model tests compare the transitions taken with the ones defined, by a readable label ----

/** A transition definition by source, event, its index among the source's transitions on that event, and targets. */
export function transitionLabel(t: AnyTransitionDefinition): string {
  const list = t.source.transitions.get(t.eventType) ?? [];
  const targets = t.target ? t.target.map((n) => n.id).join(',') : '(self)';
  return `${t.source.id} --${t.eventType}#${list.indexOf(t)}--> ${targets}`;
}

/** Every transition the machine defines, labelled. */
export function definedTransitions(machine: AnyStateMachine): Set<string> {
  const out = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)])
    for (const list of node.transitions.values()) for (const t of list) out.add(transitionLabel(t));
  return out;
}

/** The ids of the machine's state nodes below the root, sorted. */
export const stateIds = (machine: AnyStateMachine): string[] =>
  getStateNodes(machine.root)
    .map((n) => n.id)
    .sort();

/** The states reached and the transitions taken (labelled) while walking an adjacency map of the machine. */
export function coverage(machine: AnyStateMachine, adjacency: ReturnType<typeof getAdjacencyMap>) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const { state, transitions: edges } of Object.values(adjacency)) {
    const snap = state as AnyMachineSnapshot;
    for (const n of snap._nodes) if (n !== machine.root) states.add(n.id);
    if (snap.status !== 'active') continue;
    for (const { event } of Object.values<{ event: AnyEventObject }>(edges))
      for (const t of machine.getTransitionData(snap, event)) transitions.add(transitionLabel(t));
  }
  return { states, transitions };
}

// ---- paths replayed on a live actor ----

/** An effect that never settles: the events of a path (done, error, delays) drive the actor instead. */
export const pendingEffect = <O, I = any>() => fromPromise<O, I>(() => new Promise<O>(() => {}));

/**
 * Replays each path on a live actor of `machine` (its effects provided by the caller), checking after every event that
 * the actor is where the path says it is: the state values the paths end in, as JSON, in path order.
 */
export function replayOnActor(
  machine: AnyStateMachine,
  paths: readonly { steps: readonly { event: unknown; state: { value: unknown } }[] }[],
  options: { input: unknown; clock?: SimulatedClock },
): string[] {
  const reached: string[] = [];
  for (const path of paths) {
    const actor = createActor(machine, options);
    actor.start();
    for (const step of path.steps) {
      actor.send(step.event);
      expect(actor.getSnapshot().value).toEqual(step.state.value);
    }
    reached.push(JSON.stringify(actor.getSnapshot().value));
    actor.stop();
  }
  return reached;
}

/**
 * Replays the shortest path to every state (as `serializeState` tells states apart) on a live actor of `machine` with
 * the given effects: the state values the paths end in, as JSON. createTestModel refuses machines with invocations
 * and delays, so the paths come from getShortestPaths.
 */
export function replayShortestPaths(
  machine: AnyStateMachine,
  options: {
    input: unknown;
    events: (snapshot: never) => AnyEventObject[];
    serializeState: (snapshot: never) => string;
    actors: Record<string, AnyActorLogic>;
    clock?: SimulatedClock;
  },
): string[] {
  const paths = getShortestPaths(machine, {
    input: options.input,
    events: options.events as never,
    serializeState: options.serializeState as never,
  });
  return replayOnActor(machine.provide({ actors: options.actors }), paths, {
    input: options.input,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}

/** Expects the replayed paths to have ended in exactly these state values, in any order. */
export function expectReachedValues(reached: Iterable<string>, values: unknown[]) {
  expect([...new Set(reached)].sort()).toEqual(values.map((value) => JSON.stringify(value)).sort());
}
