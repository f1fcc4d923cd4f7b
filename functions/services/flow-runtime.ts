import { initialTransition, transition, type AnyStateMachine, type EventObject } from 'xstate';
import type { ApplicationRecord } from '../data/applications.ts';
import { getApplication, saveApplication, saveApplicationFlow, withBankingSection } from '../data/applications.ts';
import { getItem, putItem, type OutboxEvent, type StoredItem } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, conflict, notFound } from '../platform/errors.ts';
import type { ApplySession } from '../platform/sessions.ts';
import { APPLICATION_NOT_FOUND, loadOwnApplication } from './applications.ts';

// The server side of the three verification flows (bank link, identity check, payroll), shared by
// functions/services/{bank-link,identity-check,payroll}.ts. (Named bank-link-* only because of the file ownership of
// this work; it is not specific to the bank link.)
//
// ARCHITECTURE.md, "Flows as machines, on both sides": the server never keeps an actor alive. A request loads the
// persisted snapshot from the application aggregate (meta.flows[<flow>] = { machine, machineVersion, snapshot }),
// applies events with the pure `transition(machine, snapshot, event)`, runs the effect the request stands for itself
// (the vendor call) and feeds its outcome back as the invoke's done/error event, then saves with the version check.
// An event the current state does not accept is a 409.
//
// Timers: the machines' delayed transitions (`after`) come back from `transition` as delayed raise actions. They are
// kept with the snapshot as due times and fired lazily, in order, when the flow is next loaded (the server's clock only
// matters when someone asks). Display-only delays (the ACH countdown tick) are not simulated.

export type FlowName = 'bank-link' | 'identity-check' | 'payroll';

/** An event of a flow machine (a type and its fields). */
export type FlowEvent = { type: string; [field: string]: unknown };

export interface FlowTimer {
  id: string;
  event: EventObject;
  /** Epoch ms. */
  dueAt: number;
}

/** What is stored at meta.flows[<flow>]. */
export interface PersistedFlow {
  machine: string;
  machineVersion: number;
  snapshot: { status: string; value: unknown; context: unknown; historyValue?: Record<string, { id: string }[]> };
  timers: FlowTimer[];
  /** Vendor objects of this flow (link session, bank profile, identity check, payroll session). */
  refs: Record<string, string>;
  /** Facts the service keeps beside the machine (e.g. the payroll re-decision already made). */
  extra: Record<string, unknown>;
  startedAt: string;
  updatedAt: string;
  /** The flow's own revision: its saves are conditional on it (see `saveApplicationFlow` in functions/data/applications.ts). */
  rev: number;
}

export interface FlowSpec<M extends AnyStateMachine> {
  name: FlowName;
  machine: M;
  version: number;
  /** Delays whose timers are display only (not simulated on the server). */
  ignoredDelays?: readonly string[];
  /** Strips secrets from the context before it is stored (full account numbers never go into the snapshot). */
  sanitize?: (context: Record<string, unknown>) => Record<string, unknown>;
}

/** A flow's spec: its name among the application's flows, its machine and that machine's version. */
export const flowSpec = <M extends AnyStateMachine>(
  name: FlowName,
  machine: M,
  version: number,
  options: Pick<FlowSpec<M>, 'ignoredDelays' | 'sanitize'> = {},
): FlowSpec<M> => ({ name, machine, version, ...options });

/** The i18n key of the 409 answer when a flow's state does not accept an event. */
export const FLOW_EVENT_NOT_ALLOWED = 'This step is not available right now. Please reload the page and try again.';

const MAX_TIMER_FIRINGS = 200;

type AnySnapshot = ReturnType<AnyStateMachine['resolveState']>;

interface RaiseParams {
  event?: EventObject;
  id?: string;
  delay?: number;
}

/** One request's work on a flow: restore, apply, run effects, persist. */
export class FlowRun<M extends AnyStateMachine = AnyStateMachine> {
  snapshot: AnySnapshot;
  timers: FlowTimer[];
  refs: Record<string, string>;
  extra: Record<string, unknown>;
  startedAt: string;
  /** The stored revision (0: not stored yet). */
  readonly rev: number;
  /** Simulated time of the events being applied (epoch ms). */
  private clockMs: number;
  changed = false;
  /** Event types applied during this request (for logs and tests). */
  readonly applied: string[] = [];

  constructor(
    readonly spec: FlowSpec<M>,
    persisted: PersistedFlow | undefined,
    private readonly input: unknown,
    now: Date,
  ) {
    this.clockMs = now.getTime();
    if (persisted) {
      if (persisted.machine !== spec.machine.id || persisted.machineVersion !== spec.version) {
        // No past versions exist yet: a snapshot of another machine or version would need a migration.
        throw new Error(`Unsupported ${spec.name} flow snapshot: ${persisted.machine} v${persisted.machineVersion}`);
      }
      this.snapshot = restoreSnapshot(spec.machine, persisted.snapshot);
      this.timers = [...(persisted.timers ?? [])];
      this.refs = { ...(persisted.refs ?? {}) };
      this.extra = { ...(persisted.extra ?? {}) };
      this.startedAt = persisted.startedAt;
      this.rev = persisted.rev ?? 0;
    } else {
      this.rev = 0;
      this.snapshot = initialTransition(spec.machine, input as never)[0] as AnySnapshot;
      this.timers = [];
      this.refs = {};
      this.extra = {};
      this.startedAt = now.toISOString();
      this.changed = true;
    }
  }

  get context(): any {
    return (this.snapshot as { context: unknown }).context;
  }

  get status(): string {
    return (this.snapshot as { status: string }).status;
  }

  get value(): unknown {
    return (this.snapshot as { value: unknown }).value;
  }

  matches(value: unknown): boolean {
    return (this.snapshot as { matches: (v: unknown) => boolean }).matches(value);
  }

  /** A dotted name of the current state, e.g. 'flow.connected.selectingAccount'. */
  get stateName(): string {
    const walk = (v: unknown): string[] => {
      if (typeof v === 'string') return [v];
      if (v && typeof v === 'object') {
        const entries = Object.entries(v as Record<string, unknown>);
        if (entries.length === 1) return [entries[0]![0], ...walk(entries[0]![1])];
        return [`{${entries.map(([k, sub]) => [k, ...walk(sub)].join('.')).join(',')}}`];
      }
      return [];
    };
    return walk(this.value).join('.');
  }

  accepts(event: FlowEvent): boolean {
    if (this.status !== 'active') return false;
    return this.spec.machine.getTransitionData(this.snapshot as never, event).length > 0;
  }

  /** Applies an event, or answers 409 when the state does not accept it. */
  apply(event: FlowEvent): void {
    if (!this.tryApply(event)) {
      throw conflict(FLOW_EVENT_NOT_ALLOWED, { flow: this.spec.name, state: this.stateName, event: event.type });
    }
  }

  tryApply(event: FlowEvent): boolean {
    if (!this.accepts(event)) return false;
    const [next, actions] = transition(this.spec.machine, this.snapshot as never, event as never);
    this.snapshot = next as AnySnapshot;
    this.changed = true;
    this.applied.push(event.type);
    for (const action of actions as { type: string; params?: unknown }[]) {
      if (action.type === 'xstate.raise') {
        const params = (action.params ?? {}) as RaiseParams;
        if (typeof params.delay !== 'number' || !params.event) continue;
        const type = params.event.type;
        if (this.spec.ignoredDelays?.some((d) => type.startsWith(`xstate.after.${d}.`))) continue;
        const id = params.id ?? type;
        this.timers = this.timers.filter((t) => t.id !== id);
        this.timers.push({ id, event: params.event, dueAt: this.clockMs + params.delay });
      } else if (action.type === 'xstate.cancel') {
        const params = (action.params ?? {}) as { sendId?: string; id?: string };
        const id = params.sendId ?? params.id;
        this.timers = this.timers.filter((t) => t.id !== id);
      }
    }
    // Timers of states that are no longer active can never fire.
    this.timers = this.timers.filter((t) => this.accepts(t.event) || this.timerStateActive(t));
    return true;
  }

  private timerStateActive(timer: FlowTimer): boolean {
    const nodeId = timer.event.type.replace(/^xstate\.after\.[^.]+\./, '');
    return activeNodeIds(this.snapshot).includes(nodeId);
  }

  /** Whether the state invokes `src` now (its done event would be accepted): the request may run that effect. */
  isInvoking(src: string): boolean {
    return this.accepts({ type: `xstate.done.actor.${src}` });
  }

  /** The effect `src` finished with `output`. */
  complete(src: string, output: unknown): void {
    this.apply({ type: `xstate.done.actor.${src}`, output, actorId: src });
  }

  /** The effect `src` failed with `error` ({ code, message, data }, as the machines read effect errors). */
  fail(src: string, error: unknown): void {
    this.apply({ type: `xstate.error.actor.${src}`, error, actorId: src });
  }

  /** Fires every timer that is due at `now`, earliest first (each at its own due time). */
  fireDueTimers(now: Date): void {
    const nowMs = now.getTime();
    for (let i = 0; i < MAX_TIMER_FIRINGS; i++) {
      const due = this.timers.filter((t) => t.dueAt <= nowMs).sort((a, b) => a.dueAt - b.dueAt)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.changed = true;
      const saved = this.clockMs;
      this.clockMs = due.dueAt;
      this.tryApply(due.event);
      this.clockMs = Math.max(saved, due.dueAt);
    }
    this.clockMs = nowMs;
  }

  /** Fires the delayed transition `delay` of the active states now (e.g. the search debounce: the server does not wait). */
  fireDelay(delay: string): boolean {
    for (const nodeId of activeNodeIds(this.snapshot)) {
      const type = `xstate.after.${delay}.${nodeId}`;
      if (this.tryApply({ type })) {
        this.timers = this.timers.filter((t) => t.event.type !== type);
        return true;
      }
    }
    return false;
  }

  /** The due time of a pending timer of `delay` (epoch ms), if any. */
  timerDue(delay: string): number | undefined {
    return this.timers.find((t) => t.event.type.startsWith(`xstate.after.${delay}.`))?.dueAt;
  }

  /** Starts the flow again from its initial state (a new link after a finished or abandoned one). */
  restart(input: unknown = this.input, now: Date = new Date(this.clockMs)): void {
    this.snapshot = initialTransition(this.spec.machine, input as never)[0] as AnySnapshot;
    this.timers = [];
    this.refs = {};
    this.extra = {};
    this.startedAt = now.toISOString();
    this.changed = true;
    this.applied.push('(restart)');
  }

  persist(now: Date): PersistedFlow {
    const persisted = this.spec.machine.getPersistedSnapshot(this.snapshot as never) as unknown as {
      status: string;
      value: unknown;
      context: Record<string, unknown>;
      historyValue?: Record<string, { id: string }[]>;
    };
    const context = this.spec.sanitize ? this.spec.sanitize(persisted.context) : persisted.context;
    return {
      machine: this.spec.machine.id,
      machineVersion: this.spec.version,
      snapshot: {
        status: persisted.status,
        value: persisted.value,
        context,
        historyValue: persisted.historyValue ?? {},
      },
      timers: this.timers,
      refs: this.refs,
      extra: this.extra,
      startedAt: this.startedAt,
      updatedAt: now.toISOString(),
      rev: this.rev + 1,
    };
  }
}

function activeNodeIds(snapshot: AnySnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes?: { id: string }[] })._nodes ?? [];
  // Deepest first: a delay belongs to the innermost state that declares it.
  return nodes.map((n) => n.id).sort((a, b) => b.split('.').length - a.split('.').length);
}

function restoreSnapshot(machine: AnyStateMachine, raw: PersistedFlow['snapshot']): AnySnapshot {
  const historyValue: Record<string, unknown[]> = {};
  for (const [key, refs] of Object.entries(raw.historyValue ?? {})) {
    historyValue[key] = refs.map((ref) => machine.getStateNodeById(ref.id));
  }
  return machine.resolveState({
    value: raw.value as never,
    context: raw.context,
    historyValue: historyValue as never,
    status: raw.status === 'done' ? 'done' : 'active',
  });
}

export function persistedFlowOf(record: Pick<ApplicationRecord, 'flows'>, name: FlowName): PersistedFlow | undefined {
  const value = record.flows?.[name];
  return value && typeof value === 'object' && 'snapshot' in value ? (value as PersistedFlow) : undefined;
}

export interface FlowWork<T> {
  answer: T;
  /** The banking section the bank link filled (stored encrypted; see `saveApplicationFlow` in functions/data/applications.ts). */
  banking?: NonNullable<ApplicationRecord['data']['banking']>;
  /** Changes to the aggregate itself (e.g. the payroll re-decision's status, decision and result). */
  meta?: Partial<ApplicationRecord>;
  events?: OutboxEvent[];
}

/**
 * Loads the flow of an application, lets `work` advance it, and saves it when anything changed.
 *
 * Two kinds of save:
 * - flow-only (and the bank link's banking section): a conditional write of meta.flows.<flow> on the flow's own
 *   revision that leaves the aggregate's version `v` alone. The page saves its sections with the `v` it read; a poll
 *   every 10 s (or 2 s) bumping `v` would make every section save of the open page a 409 "changed elsewhere".
 * - with aggregate changes (`meta`, `events`: the payroll re-decision): `saveApplication`, conditional on `v`, with
 *   the flow in the same write and the outbox events.
 * `retryOnConflict`: a concurrent save (another poll, a vendor callback) re-runs the work once on the fresh copy;
 * only for work whose vendor calls are reads.
 */
export async function withFlow<M extends AnyStateMachine, T>(
  deps: Deps,
  load: () => Promise<ApplicationRecord>,
  spec: FlowSpec<M>,
  input: (record: ApplicationRecord) => unknown,
  work: (run: FlowRun<M>, record: ApplicationRecord) => Promise<FlowWork<T>>,
  options: { retryOnConflict?: boolean } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const record = await load();
    const now = deps.clock();
    const run = new FlowRun(spec, persistedFlowOf(record, spec.name), input(record), now);
    run.fireDueTimers(now);
    const result = await work(run, record);
    if (!run.changed && !result.banking && !result.meta) return result.answer;
    try {
      if (result.meta || result.events?.length) {
        const { data: storedData, v: _v, ...meta } = record;
        const data = result.banking ? withBankingSection(storedData, result.banking) : storedData;
        await saveApplication(
          deps.db,
          deps.crypto,
          record,
          {
            meta: {
              ...meta,
              ...(result.meta ?? {}),
              flows: {
                ...(record.flows ?? {}),
                [spec.name]: run.persist(now),
              },
              updatedAt: now.toISOString(),
            },
            data,
          },
          result.events ?? [],
        );
      } else {
        await saveApplicationFlow(
          deps.db,
          deps.crypto,
          record,
          { name: spec.name, persisted: run.persist(now), rev: run.rev },
          result.banking,
        );
      }
      deps.log.debug('flow advanced', {
        flow: spec.name,
        uuid: record.uuid,
        state: run.stateName,
        events: run.applied,
      });
      return result.answer;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409 && options.retryOnConflict && attempt === 0) continue;
      throw error;
    }
  }
}

/**
 * The apply session's own application, whose flows a shopper's call may advance: its uuid, or 404 when the session has
 * none or the call names another (`named`).
 */
export function sessionApplicationUuid(session: ApplySession, named?: string): string {
  if (!session.applicationUuid || (named !== undefined && named !== session.applicationUuid))
    throw notFound(APPLICATION_NOT_FOUND);
  return session.applicationUuid;
}

/** `withFlow` on the apply session's own application (`uuid`, as `sessionApplicationUuid` gave it). */
export const withOwnFlow = <M extends AnyStateMachine, T>(
  deps: Deps,
  session: ApplySession,
  uuid: string,
  spec: FlowSpec<M>,
  input: (record: ApplicationRecord) => unknown,
  work: (run: FlowRun<M>, record: ApplicationRecord) => Promise<FlowWork<T>>,
  retryOnConflict = false,
) => withFlow(deps, () => loadOwnApplication(deps, session, uuid), spec, input, work, { retryOnConflict });

/** Loads an application by uuid (vendor callbacks: no apply session). */
export async function loadApplicationByUuid(deps: Deps, uuid: string): Promise<ApplicationRecord> {
  const record = await getApplication(deps.db, deps.crypto, uuid, deps.clock());
  if (!record) throw notFound(APPLICATION_NOT_FOUND);
  return record;
}

// ---- which application a vendor object belongs to ----------------------------------------------------------------

const REF_KEEP_SECONDS = 180 * 24 * 3600;
const refKey = (vendor: string, objectId: string) => ({ pk: `FLOWREF#${vendor}#${objectId}`, sk: 'REF' });

/** Remembers that a vendor object (session, profile, check) belongs to an application's flow. */
export async function rememberFlowRef(
  deps: Pick<Deps, 'db' | 'clock'>,
  vendor: string,
  objectId: string,
  uuid: string,
): Promise<void> {
  if (!objectId) return;
  const now = deps.clock();
  await putItem(deps.db, {
    ...refKey(vendor, objectId),
    entity: 'flowRef',
    v: 1,
    expiresAt: Math.floor(now.getTime() / 1000) + REF_KEEP_SECONDS,
    uuid,
    at: now.toISOString(),
  });
}

export async function findFlowRef(
  deps: Pick<Deps, 'db' | 'clock'>,
  vendor: string,
  objectId: string,
): Promise<string | undefined> {
  if (!objectId) return undefined;
  const item = await getItem<StoredItem & { uuid: string }>(deps.db, refKey(vendor, objectId), deps.clock());
  return item?.uuid;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The error an effect reports to a machine (the shape machines/i18n/flows.ts reads). */
export function effectErrorOf(error: unknown): { code: number; message: string; data?: unknown } {
  if (error instanceof AppError)
    return { code: error.statusCode, message: error.message, ...(error.data ? { data: error.data } : {}) };
  return { code: 502, message: 'The service could not process the request. Please try again later.' };
}

// ---- vendor callbacks and the state view, the same for every flow --------------------------------------------------

/**
 * The application a vendor callback is about: the one we remembered for the vendor's object, or the application id
 * the vendor echoes back (when it is a uuid); `echoedFirst` when the flow trusts the echoed id more.
 */
export async function callbackApplicationUuid(
  deps: Pick<Deps, 'db' | 'clock'>,
  vendor: string,
  objectId: string,
  echoed: unknown,
  echoedFirst = false,
): Promise<string | undefined> {
  const echoedUuid = typeof echoed === 'string' && UUID_PATTERN.test(echoed) ? echoed : undefined;
  if (echoedFirst && echoedUuid) return echoedUuid;
  return (await findFlowRef(deps, vendor, objectId)) || echoedUuid;
}

/**
 * Applies a verified vendor callback to the flow of its application, as the page's own call would: 'no-application'
 * or 'no-flow' when there is nothing to apply it to (or what `inputFor` answers instead of the machine's input);
 * otherwise what `work` answers. A concurrent save re-runs the work once (callbacks only read from the vendor).
 */
export async function applyFlowCallback<M extends AnyStateMachine>(
  deps: Deps,
  uuid: string | undefined,
  spec: FlowSpec<M>,
  inputFor: (record: ApplicationRecord) => Promise<((record: ApplicationRecord) => unknown) | string>,
  work: (run: FlowRun<M>, record: ApplicationRecord) => Promise<FlowWork<string>>,
): Promise<string> {
  if (!uuid) return 'no-application';
  let record: ApplicationRecord;
  try {
    record = await loadApplicationByUuid(deps, uuid);
  } catch {
    return 'no-application';
  }
  if (!persistedFlowOf(record, spec.name)) return 'no-flow';
  const input = await inputFor(record);
  if (typeof input === 'string') return input;
  return withFlow(deps, () => loadApplicationByUuid(deps, uuid), spec, input, work, { retryOnConflict: true });
}

/** A flow's state for the page and for support: `shownContext` hides what must not be shown. */
export function flowStateOf(
  record: Pick<ApplicationRecord, 'flows'>,
  name: FlowName,
  options: { shownContext?: (context: Record<string, unknown>) => unknown; withExtra?: boolean } = {},
) {
  const persisted = persistedFlowOf(record, name);
  if (!persisted) return null;
  const context = persisted.snapshot.context;
  return {
    state: persisted.snapshot.value,
    status: persisted.snapshot.status,
    context: options.shownContext ? options.shownContext(context as Record<string, unknown>) : context,
    ...(options.withExtra ? { extra: persisted.extra } : {}),
    updatedAt: persisted.updatedAt,
    rev: persisted.rev,
  };
}
