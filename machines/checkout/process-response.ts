// Seed 000 section 4, "Process response handling": what the page does with the answer of
// `GET /apply-v2/checkout/{checkout_id}/process`. Pure.
import { toCheckoutStatus, CHECKOUT_STATUS, type CheckoutStatus } from './checkout-status.ts';

export interface CheckoutResult {
  /** true / 'success' / 'completed' (or a number > 0) means success. */
  status?: boolean | string | number | null;
  /** The checkout step the result belongs to; its presence forces the complete route. */
  step?: number | string | null;
  data?: { url?: string | null } | null;
}

export interface ProcessResponse {
  payment_required?: boolean | number | null;
  /** The card gateway configuration for the payment screen. */
  config?: unknown;
  banking_required?: boolean | number | null;
  intellicheck_required?: boolean | number | null;
  /** A URL to leave the page for. */
  redirect?: string | null;
  step?: number | string | null;
  result?: CheckoutResult | null;
  may_continue?: boolean | number | null;
}

/**
 * - `payment`: the down payment screen; `banking`: the banking side step; `identityCheck`: the identity-check screen;
 * - `leave`: leave the page for `response.redirect`; `complete`: the complete page;
 * - `checkpointRedirect`: nothing specific was asked, so route by the checkout's step (the checkpoint redirect logic).
 */
export type ProcessRoute = 'payment' | 'banking' | 'identityCheck' | 'leave' | 'complete' | 'checkpointRedirect';

export type CompleteVariant = 'mayNotContinue' | 'success' | 'failure';

/** The API sends flags as booleans or 0/1; only an explicit false or 0 counts as "may not continue". */
export function isMayContinueFalse(value: unknown): boolean {
  return value === false || value === 0 || value === '0';
}

function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function hasStep(result: CheckoutResult | null | undefined): boolean {
  return (
    result !== null && result !== undefined && result.step !== null && result.step !== undefined && result.step !== ''
  );
}

/**
 * The next route, in the seed's order: a result carrying a step forces complete; then payment_required, banking_required,
 * intellicheck_required, redirect, result, may_continue false; otherwise the checkpoint redirect.
 */
export function processRoute(response: ProcessResponse): ProcessRoute {
  if (hasStep(response.result)) return 'complete';
  if (flag(response.payment_required)) return 'payment';
  if (flag(response.banking_required)) return 'banking';
  if (flag(response.intellicheck_required)) return 'identityCheck';
  if (typeof response.redirect === 'string' && response.redirect !== '') return 'leave';
  if (response.result) return 'complete';
  if (isMayContinueFalse(response.may_continue)) return 'complete';
  return 'checkpointRedirect';
}

const SUCCESS_STEPS: readonly CheckoutStatus[] = [CHECKOUT_STATUS.paymentCompleted, CHECKOUT_STATUS.completed];

/** Which complete page to show: the apology when the checkout may not continue, else success or failure. */
export function completeVariant(response: ProcessResponse): CompleteVariant {
  if (isMayContinueFalse(response.may_continue)) return 'mayNotContinue';
  const result = response.result;
  if (!result) return 'failure';
  if (hasStep(result)) {
    const step = toCheckoutStatus(result.step);
    if (step !== undefined && step !== null) return SUCCESS_STEPS.includes(step) ? 'success' : 'failure';
  }
  const s = result.status;
  if (s === true || s === 'success' || s === 'completed') return 'success';
  if (typeof s === 'number' && s > 0) return 'success';
  return 'failure';
}

/** The URL to leave for after a successful checkout: the result's URL, else the retailer's return URL. */
export function successReturnUrl(response: ProcessResponse | null | undefined, fallback: string | null): string | null {
  return response?.result?.data?.url || fallback;
}
