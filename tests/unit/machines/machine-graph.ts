// A machine's graph as plain data, for snapshot tests that guard refactorings of a machine's config: every state
// node (id, type, order, initial, entry/exit, invocations, tags) and every transition (event, targets, guard, actions,
// delay, reenter), with functions written as their names (and a combinator's own properties, e.g. the guards of an
// `and`). An invocation's input function is also called on a sample snapshot, so that a config built another way must
// still send the same input, not only carry a function of the same name.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

function plain(value: unknown): Plain {
  if (value === undefined || value === null) return null;
  if (typeof value === 'function') {
    const own = Object.entries(value).filter(([key]) => key !== 'check' && key !== 'resolve' && key !== 'execute');
    return { fn: value.name, ...Object.fromEntries(own.map(([key, v]) => [key, plain(v)])) };
  }
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') {
    // a transition's target or source: the state node's id is what the graph means
    if ('machine' in value && 'path' in value && 'id' in value) return `#${String(value.id)}`;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'toJSON' && key !== 'source')
        .map(([key, v]) => [key, plain(v)]),
    );
  }
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  return String(value);
}

interface TransitionLike {
  target?: readonly AnyStateNode[];
  reenter?: boolean;
  guard?: unknown;
  actions: readonly unknown[];
  delay?: unknown;
}

/** Leaves out what a node or transition does not have, so that the snapshot shows what it does. */
function compact(fields: Record<string, Plain>): Plain {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== null && v !== false && !(Array.isArray(v) && v.length === 0)),
  );
}

function transition(t: TransitionLike): Plain {
  return compact({
    target: t.target ? t.target.map((node) => `#${node.id}`) : null,
    reenter: t.reenter ?? false,
    guard: plain(t.guard),
    actions: t.actions.map(plain),
    delay: plain(t.delay),
  });
}

function stateNode(node: AnyStateNode, sample: AnyMachineSnapshot): Plain {
  const transitions = [...node.transitions.entries()] as [string, TransitionLike[]][];
  return compact({
    id: node.id,
    type: node.type,
    order: node.order,
    history: plain(node.history),
    initial: node.states && Object.keys(node.states).length ? transition(node.initial as TransitionLike) : null,
    entry: node.entry.map(plain),
    exit: node.exit.map(plain),
    tags: [...node.tags],
    meta: plain(node.meta),
    description: plain(node.description),
    output: plain(node.output),
    invoke: node.invoke.map((invoke) =>
      compact({
        id: invoke.id,
        src: plain(invoke.src),
        systemId: plain(invoke.systemId),
        input: plain(invoke.input),
        inputOnSample:
          typeof invoke.input === 'function'
            ? plain((invoke.input as (args: object) => unknown)({ context: sample.context, event: { type: 'sample' } }))
            : null,
      }),
    ),
    always: node.always ? (node.always as TransitionLike[]).map(transition) : null,
    transitions: transitions.map(([event, list]) => ({ event, list: list.map(transition) })),
    states: Object.fromEntries(Object.entries(node.states).map(([key, child]) => [key, stateNode(child, sample)])),
  });
}

/** The machine's graph and the names its setup provides; `sample` is the snapshot invocation inputs are read on. */
export function machineGraph(machine: AnyStateMachine, sample: AnyMachineSnapshot): string {
  const implementations = machine.implementations;
  const graph = {
    id: machine.id,
    implementations: {
      guards: Object.keys(implementations.guards),
      actions: Object.keys(implementations.actions),
      actors: Object.keys(implementations.actors),
      delays: plain(implementations.delays),
    },
    root: stateNode(machine.root, sample),
  };
  return `${JSON.stringify(graph, null, 2)}\n`;
}
