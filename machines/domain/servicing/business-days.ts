import { addDays, fromDayNumber, toDayNumber } from '../payment-frequency.ts';

// Business days of the ACH network (issue 22): a debit can only settle on a day the Federal Reserve's ACH operators
// work, so a due date on a weekend or a federal holiday is collected on the next business day. The holidays are the
// federal ones of 5 U.S.C. 6103 as the Federal Reserve observes them: a holiday on a Sunday is observed on the
// Monday after; one on a Saturday is NOT moved to the Friday (the Reserve Banks stay open that Friday). Computed in
// code from the calendar rules, so no table needs updating each year. Dates are ISO 'YYYY-MM-DD'.

/** Juneteenth (June 19) is a federal holiday from 2021; the Federal Reserve first closed for it in 2022. */
export const JUNETEENTH_FIRST_YEAR = 2022;

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Day of the week of an ISO date: 0 Sunday .. 6 Saturday. */
export function weekday(isoDate: string): number {
  // Day 0 of the epoch (1970-01-01) was a Thursday.
  return (((toDayNumber(isoDate) + 4) % 7) + 7) % 7;
}

/** The n-th (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, dayOfWeek: number, n: number): string {
  const first = iso(year, month, 1);
  const offset = (dayOfWeek - weekday(first) + 7) % 7;
  return addDays(first, offset + 7 * (n - 1));
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, dayOfWeek: number): string {
  const nextMonthFirst = month === 12 ? iso(year + 1, 1, 1) : iso(year, month + 1, 1);
  const last = addDays(nextMonthFirst, -1);
  return addDays(last, -((weekday(last) - dayOfWeek + 7) % 7));
}

export interface FederalHoliday {
  name: string;
  /** The holiday's own date. */
  date: string;
  /** The day the ACH network is closed for it: the date, or the Monday after when it falls on a Sunday. */
  observed: string;
}

/** The federal holidays of a year (5 U.S.C. 6103) with the day the Federal Reserve observes each. */
export function federalHolidays(year: number): FederalHoliday[] {
  const fixed = (name: string, month: number, day: number): FederalHoliday => {
    const date = iso(year, month, day);
    return { name, date, observed: weekday(date) === 0 ? addDays(date, 1) : date };
  };
  const floating = (name: string, date: string): FederalHoliday => ({ name, date, observed: date });
  const holidays: FederalHoliday[] = [
    fixed("New Year's Day", 1, 1),
    floating('Birthday of Martin Luther King, Jr.', nthWeekday(year, 1, 1, 3)),
    floating("Washington's Birthday", nthWeekday(year, 2, 1, 3)),
    floating('Memorial Day', lastWeekday(year, 5, 1)),
    ...(year >= JUNETEENTH_FIRST_YEAR ? [fixed('Juneteenth National Independence Day', 6, 19)] : []),
    fixed('Independence Day', 7, 4),
    floating('Labor Day', nthWeekday(year, 9, 1, 1)),
    floating('Columbus Day', nthWeekday(year, 10, 1, 2)),
    fixed('Veterans Day', 11, 11),
    floating('Thanksgiving Day', nthWeekday(year, 11, 4, 4)),
    fixed('Christmas Day', 12, 25),
  ];
  return holidays;
}

const closedDaysCache = new Map<number, ReadonlySet<string>>();
function closedDays(year: number): ReadonlySet<string> {
  let days = closedDaysCache.get(year);
  if (!days) {
    days = new Set(federalHolidays(year).map((h) => h.observed));
    closedDaysCache.set(year, days);
  }
  return days;
}

/** The ACH network is closed on this date for a federal holiday (observed). */
export function isAchHoliday(isoDate: string): boolean {
  return closedDays(Number(isoDate.slice(0, 4))).has(isoDate.slice(0, 10));
}

export function isWeekend(isoDate: string): boolean {
  const day = weekday(isoDate);
  return day === 0 || day === 6;
}

/** A day on which an ACH debit can settle: Monday to Friday and not an observed federal holiday. */
export function isBusinessDay(isoDate: string): boolean {
  return !isWeekend(isoDate) && !isAchHoliday(isoDate);
}

/** The date itself when it is a business day, else the next business day (the written rule for due dates). */
export function onOrNextBusinessDay(isoDate: string): string {
  let day = toDayNumber(isoDate);
  while (!isBusinessDay(fromDayNumber(day))) day += 1;
  return fromDayNumber(day);
}

/** The business day `count` business days after a date (count >= 0; 0 = the date rolled forward). */
export function addBusinessDays(isoDate: string, count: number): string {
  let current = onOrNextBusinessDay(isoDate);
  for (let i = 0; i < count; i += 1) current = onOrNextBusinessDay(addDays(current, 1));
  return current;
}
