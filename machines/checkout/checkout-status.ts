// The checkout status catalogue of seed 000 section 3 (`checkout.current_step`): the number the server stores and
// reports, the state name used by the checkout machine, and the i18n key of its label.

export const CHECKOUT_STATUS = {
  notStarted: null,
  started: 1,
  applicationInProgress: 2,
  applicationComplete: 3,
  identityChecked: 4,
  leaseCreated: 5,
  esignCompleted: 6,
  paymentProcessing: 7,
  paymentCompleted: 8,
  completed: 9,
  paymentFailed: 10,
  voided: 11,
  cancelled: 12,
  leaseEsign: 13,
} as const;

export type CheckoutStatusName = keyof typeof CHECKOUT_STATUS;
/** `current_step`: null (not started) or 1..13. */
export type CheckoutStatus = (typeof CHECKOUT_STATUS)[CheckoutStatusName];

export const CHECKOUT_STATUS_NAMES = Object.keys(CHECKOUT_STATUS) as CheckoutStatusName[];
/** Every status value in catalogue order (null first). */
export const CHECKOUT_STATUS_VALUES: readonly CheckoutStatus[] = CHECKOUT_STATUS_NAMES.map((n) => CHECKOUT_STATUS[n]);

/** Statuses after which nothing more happens to the checkout (completed still accepts delivery events). */
export const TERMINAL_CHECKOUT_STATUSES: readonly CheckoutStatus[] = [
  CHECKOUT_STATUS.voided,
  CHECKOUT_STATUS.cancelled,
];

export function isCheckoutStatus(value: unknown): value is CheckoutStatus {
  return value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 13);
}

/** Accepts the shapes the API and old records use ('5', 5, null, undefined) and returns the status, or undefined. */
export function toCheckoutStatus(value: unknown): CheckoutStatus | undefined {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  return isCheckoutStatus(n) ? n : undefined;
}

export function statusName(status: CheckoutStatus): CheckoutStatusName {
  const name = CHECKOUT_STATUS_NAMES.find((n) => CHECKOUT_STATUS[n] === status);
  if (!name) throw new RangeError(`Unknown checkout status ${String(status)}`);
  return name;
}

/** The i18n key of a status label, e.g. `checkout.status.leaseEsign` (catalogue: machines/i18n/checkout.ts). */
export function checkoutStatusLabelKey(status: CheckoutStatus): string {
  return `checkout.status.${statusName(status)}`;
}

export function isTerminalCheckoutStatus(status: CheckoutStatus): boolean {
  return TERMINAL_CHECKOUT_STATUSES.includes(status);
}
