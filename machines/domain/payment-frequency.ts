import type { IncomeFrequency } from './income.ts';

// Payment frequencies of a lease (seed 000 sections 5 and 9) and the calendar arithmetic of a payment schedule.
// Dates are plain ISO calendar dates ('YYYY-MM-DD'): a due date has no time of day or time zone.

/** The keys the shopper can choose (seed 000 section 9). */
export const PAYMENT_FREQUENCIES = ['14-day', '28-day', 'semi-monthly', 'monthly'] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

/** 'weekly' is never offered to shoppers but staff may book it and OCP is priced from it. */
export type ScheduleFrequency = PaymentFrequency | 'weekly';

export const PAYMENTS_PER_YEAR: Record<ScheduleFrequency, number> = {
  weekly: 52,
  '14-day': 26,
  '28-day': 13,
  'semi-monthly': 24,
  monthly: 12,
};

/** Fixed-length frequencies step by days; the others follow the calendar. */
const DAYS_PER_PERIOD: Partial<Record<ScheduleFrequency, number>> = { weekly: 7, '14-day': 14, '28-day': 28 };

export function isPaymentFrequency(value: unknown): value is PaymentFrequency {
  return typeof value === 'string' && (PAYMENT_FREQUENCIES as readonly string[]).includes(value);
}

/**
 * Choices follow the primary income's frequency (seed 000 section 5): weekly and bi-weekly pay gives 14-day and
 * 28-day; monthly gives monthly only; semi-monthly gives semi-monthly and monthly. Payments land on pay days.
 */
export function paymentFrequencyChoices(incomeFrequency: IncomeFrequency): PaymentFrequency[] {
  switch (incomeFrequency) {
    case 'weekly':
    case 'bi-weekly':
      return ['14-day', '28-day'];
    case 'monthly':
      return ['monthly'];
    default:
      return ['semi-monthly', 'monthly'];
  }
}

/** Defaults (seed 000 section 5): 14-day for weekly, 28-day for bi-weekly, monthly for monthly, else semi-monthly. */
export function defaultPaymentFrequency(incomeFrequency: IncomeFrequency): PaymentFrequency {
  switch (incomeFrequency) {
    case 'weekly':
      return '14-day';
    case 'bi-weekly':
      return '28-day';
    case 'monthly':
      return 'monthly';
    default:
      return 'semi-monthly';
  }
}

/**
 * Number of payments of a term: months x payments per year / 12, rounded up so that the payments always cover the
 * whole term (18 months at 28-day is 19.5 -> 20 payments).
 */
export function paymentsForTerm(termMonths: number, frequency: ScheduleFrequency): number {
  return Math.ceil((termMonths * PAYMENTS_PER_YEAR[frequency]) / 12 - 1e-9);
}

// ---------- calendar dates ----------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' (or the date part of an ISO timestamp) -> UTC day number; throws on a malformed date (a bug). */
export function toDayNumber(isoDate: string): number {
  const match = ISO_DATE.exec(isoDate.slice(0, 10));
  if (!match) throw new Error(`Invalid ISO date: ${isoDate}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return fromDayNumber(toDayNumber(isoDate) + days);
}

export function daysBetween(fromIso: string, toIso: string): number {
  return toDayNumber(toIso) - toDayNumber(fromIso);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** A date on day `day` of (year, monthIndex), clamped to the month's last day (31 -> 28 in February). */
function dateOn(year: number, monthIndex: number, day: number): string {
  const normalized = new Date(Date.UTC(year, monthIndex, 1));
  const y = normalized.getUTCFullYear();
  const m = normalized.getUTCMonth();
  return fromDayNumber(Date.UTC(y, m, Math.min(day, daysInMonth(y, m))) / DAY_MS);
}

/** Same day `months` later, clamped at month end (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(isoDate: string, months: number, dayOfMonth?: number): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return dateOn(y, m - 1 + months, dayOfMonth ?? d);
}

/** Semi-monthly pay days: the 1st and 15th unless the income says otherwise (first_pay_day, second_pay_day). */
export const DEFAULT_SEMI_MONTHLY_PAY_DAYS: readonly [number, number] = [1, 15];

function semiMonthlyDays(payDays?: readonly [number, number]): [number, number] {
  const [a, b] = payDays ?? DEFAULT_SEMI_MONTHLY_PAY_DAYS;
  return a <= b ? [a, b] : [b, a];
}

/** The first semi-monthly pay day strictly after `isoDate`. */
function nextSemiMonthlyAfter(isoDate: string, payDays?: readonly [number, number]): string {
  const [first, second] = semiMonthlyDays(payDays);
  const [y, m] = isoDate.slice(0, 10).split('-').map(Number) as [number, number];
  const today = toDayNumber(isoDate);
  for (let offset = 0; offset < 3; offset += 1) {
    for (const day of [first, second]) {
      const candidate = dateOn(y, m - 1 + offset, day);
      if (toDayNumber(candidate) > today) return candidate;
    }
  }
  /* c8 ignore next */
  throw new Error('unreachable');
}

/** Minimum days between signing and the first scheduled payment on a calendar frequency (no 1-day first period). */
export const MIN_DAYS_TO_FIRST_PAYMENT = 7;

/**
 * The first scheduled payment after `startDate`: one period later for day-based frequencies and monthly
 * (same day next month); for semi-monthly the first pay day at least a week away.
 */
export function firstPaymentDate(
  startDate: string,
  frequency: ScheduleFrequency,
  payDays?: readonly [number, number],
): string {
  const days = DAYS_PER_PERIOD[frequency];
  if (days !== undefined) return addDays(startDate, days);
  if (frequency === 'monthly') return addMonths(startDate, 1);
  return nextSemiMonthlyAfter(addDays(startDate, MIN_DAYS_TO_FIRST_PAYMENT - 1), payDays);
}

/**
 * `count` due dates starting at `first` (included). Monthly keeps the first date's day of month (clamped at month
 * end, never drifting); semi-monthly alternates between the two pay days.
 */
export function paymentDates(
  first: string,
  frequency: ScheduleFrequency,
  count: number,
  payDays?: readonly [number, number],
): string[] {
  const dates: string[] = [];
  const days = DAYS_PER_PERIOD[frequency];
  const dayOfMonth = Number(first.slice(8, 10));
  let current = first.slice(0, 10);
  for (let i = 0; i < count; i += 1) {
    if (i > 0) {
      if (days !== undefined) current = addDays(first, days * i);
      else if (frequency === 'monthly') current = addMonths(first, i, dayOfMonth);
      else current = nextSemiMonthlyAfter(current, payDays);
    }
    dates.push(current);
  }
  return dates;
}
