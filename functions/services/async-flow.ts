import type { AnyStateMachine } from 'xstate';
import type { ApplicationRecord } from '../data/applications.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import type { VendorEvent } from '../providers/bank-link/vendor-kit.ts';
import {
  applyFlowCallback,
  callbackApplicationUuid,
  effectErrorOf,
  rememberFlowRef,
  type FlowRun,
  type FlowSpec,
  type FlowWork,
} from './flow-runtime.ts';

// The shape the vendor flows of the apply page share (identity check, payroll, bank link): a call runs one machine
// effect at the vendor and feeds its outcome back to the flow; the vendor's object is remembered so that its signed
// callbacks find the application again; a callback advances the flow as the page's own call would.

/**
 * A vendor call made as a machine effect: its answer, or the error it threw (the effect has failed). The error is
 * handed back rather than thrown so that the flow, failed, is saved before the caller throws it.
 */
export type EffectAttempt<A> = { answer: A } | { error: unknown };

export async function attemptEffect<M extends AnyStateMachine, A>(
  run: FlowRun<M>,
  src: string,
  call: () => Promise<A>,
): Promise<FlowWork<EffectAttempt<A>>> {
  try {
    return { answer: { answer: await call() } };
  } catch (error) {
    run.fail(src, effectErrorOf(error));
    return { answer: { error } };
  }
}

/** The attempt's answer; its error when the app raised it, else a 502 `failure` (the vendor did not answer). */
export function attemptedAnswer<A>(attempt: EffectAttempt<A>, failure: string): A {
  if ('error' in attempt) throw attempt.error instanceof AppError ? attempt.error : new AppError(502, failure);
  return attempt.answer;
}

/** A vendor call made as a machine effect whose failure fails the effect and is thrown on at once. */
export async function performEffect<M extends AnyStateMachine, A>(
  run: FlowRun<M>,
  src: string,
  call: () => Promise<A>,
): Promise<A> {
  try {
    return await call();
  } catch (error) {
    run.fail(src, effectErrorOf(error));
    throw error;
  }
}

/** Keeps the vendor's object (`ref`) on the flow and remembers which application it belongs to, for its callbacks. */
export async function keepVendorRef<M extends AnyStateMachine>(
  deps: Deps,
  run: FlowRun<M>,
  ref: { name: string; vendor: string; objectId: string },
  uuid: string,
): Promise<void> {
  run.refs[ref.name] = ref.objectId;
  await rememberFlowRef(deps, ref.vendor, ref.objectId, uuid);
}

/**
 * Applies a verified vendor `event` to its application's `flow`: the application is the one remembered for the
 * vendor's object, or the one whose id the vendor echoes (`echoedFirst`: that id is trusted first).
 */
export async function applyVendorCallback<M extends AnyStateMachine>(
  deps: Deps,
  source: { flow: FlowSpec<M>; vendor: string; event: VendorEvent; echoed: unknown; echoedFirst?: boolean },
  inputFor: (record: ApplicationRecord) => Promise<((record: ApplicationRecord) => unknown) | string>,
  work: (run: FlowRun<M>, record: ApplicationRecord) => Promise<FlowWork<string>>,
): Promise<string> {
  const { flow, vendor, event, echoed, echoedFirst } = source;
  const uuid = await callbackApplicationUuid(deps, vendor, event.objectId, echoed, echoedFirst);
  return applyFlowCallback(deps, uuid, flow, inputFor, work);
}
