// Seed 000 section 2 "Checkpoint redirect logic" and section 4 "Resume", as pure functions.
import { CHECKOUT_STATUS, toCheckoutStatus } from '../checkout/checkout-status.ts';
import { isMayContinueFalse } from '../checkout/process-response.ts';

/** What the checkpoint needs to know about a checkout (the exchange's `checkout`, or the one in session). */
export interface CheckpointCheckout {
  id?: string;
  current_step?: unknown;
  may_continue?: unknown;
  skip_verification?: unknown;
  return_url_failure?: string | null;
}

export interface CheckpointSession {
  checkout: CheckpointCheckout | null;
  /** The shopper's application passed PIN verification in this session. */
  verified: boolean;
  /** An application exists in session (its uuid). */
  hasApplication: boolean;
  /** A store is in session. */
  hasStore: boolean;
}

/** Where the checkpoint sends the shopper. */
export type CheckpointRoute =
  | 'lease'
  | 'sign'
  | 'payment'
  | 'complete'
  /** the store application (the default route) */
  | 'application'
  /** the store application opened on the existing (verified) application */
  | 'existingApplication'
  /** the retailer store select */
  | 'retailerSelect';

export const CHECKPOINT_ROUTES: readonly CheckpointRoute[] = [
  'lease',
  'sign',
  'payment',
  'complete',
  'application',
  'existingApplication',
  'retailerSelect',
];

export interface CheckpointDecision {
  route: CheckpointRoute;
  /** Present (false) when the checkout's may_continue flag must be stored before routing. */
  mayContinue?: false;
}

/** Route for a checkout step: 4-5 lease, 13 sign, 6-7 payment, null and 1-3 the default, anything else complete. */
export function stepRoute(currentStep: unknown): 'lease' | 'sign' | 'payment' | 'complete' | 'default' {
  const step = toCheckoutStatus(currentStep);
  switch (step) {
    case null:
    case CHECKOUT_STATUS.started:
    case CHECKOUT_STATUS.applicationInProgress:
    case CHECKOUT_STATUS.applicationComplete:
      return 'default';
    case CHECKOUT_STATUS.identityChecked:
    case CHECKOUT_STATUS.leaseCreated:
      return 'lease';
    case CHECKOUT_STATUS.leaseEsign:
      return 'sign';
    case CHECKOUT_STATUS.esignCompleted:
    case CHECKOUT_STATUS.paymentProcessing:
      return 'payment';
    default:
      // 8, 9, 10, 11, 12 and anything unknown
      return 'complete';
  }
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** The checkout may be entered: the shopper is verified or the retailer's checkout skips verification. */
export function checkoutAccessible(session: CheckpointSession): boolean {
  return session.checkout !== null && (session.verified || truthy(session.checkout.skip_verification));
}

/**
 * The checkpoint redirect logic:
 * 1. a verified (or skip-verification) checkout: may_continue false/0 -> complete (flag stored); else by step,
 *    where null and 1-3 fall through to the default;
 * 2. a verified application and no checkout -> the store application on the existing application;
 * 3. no store -> retailer select;
 * 4. the default: the store application.
 */
export function checkpointRedirect(session: CheckpointSession): CheckpointDecision {
  if (checkoutAccessible(session) && session.checkout) {
    if (isMayContinueFalse(session.checkout.may_continue)) return { route: 'complete', mayContinue: false };
    const route = stepRoute(session.checkout.current_step);
    if (route !== 'default') return { route };
  }
  if (session.verified && session.hasApplication && session.checkout === null) return { route: 'existingApplication' };
  if (!session.hasStore) return { route: 'retailerSelect' };
  return { route: 'application' };
}

export interface ResumeParams {
  /** The `cancel` query value ('true' cancels). */
  cancel?: string | boolean | null;
  /** The `{process?}` path segment. */
  process?: string | null;
}

export type ResumeRoute = 'cancel' | 'identityCheck' | 'process' | 'redirect';

/** Resume (`/checkpoint/{token}/{iframe}/{process?}`), after the exchange: cancel, identity check, process, else redirect. */
export function resumeRoute(params: ResumeParams, intellicheckRequired: unknown): ResumeRoute {
  if (params.cancel === true || params.cancel === 'true') return 'cancel';
  if (truthy(intellicheckRequired)) return 'identityCheck';
  if (params.process === 'process') return 'process';
  return 'redirect';
}

export type ExchangeFailureRoute = 'forbidden' | 'checkoutNotFound' | 'unknownError';

/** Reads an HTTP status from whatever the caller threw (`{ status }`, `{ code }` or `{ response: { status } }`). */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { status?: unknown; code?: unknown; response?: { status?: unknown } };
  for (const v of [e.status, e.response?.status, e.code]) if (typeof v === 'number') return v;
  return undefined;
}

/** `GET /apply-v2/checkpoint/exchange` failures: 403 -> the 403 page, 404 -> checkout not found, other -> unknown error. */
export function exchangeFailureRoute(error: unknown): ExchangeFailureRoute {
  const status = errorStatus(error);
  if (status === 403) return 'forbidden';
  if (status === 404) return 'checkoutNotFound';
  return 'unknownError';
}
