// Whole-year ages from ISO dates (YYYY-MM-DD). Time is an argument: nothing here reads the clock.

export const MINIMUM_AGE = 18;
export const INVALID_DATE_MESSAGE = 'Invalid date entered!';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses 'YYYY-MM-DD' strictly; undefined for another shape or an impossible date (2023-02-29, 2024-13-01). */
export function parseIsoDate(value: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function isValidIsoDate(value: string): boolean {
  return parseIsoDate(value) !== undefined;
}

/** -1, 0 or 1 as a is before, equal to or after b (both valid ISO dates). */
export function compareIsoDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Age in whole years on `todayIso` of someone born on `dateOfBirthIso`: the birthday counts from its day on.
 * A 29 February birthday is reached on 1 March in common years. Throws a RangeError ('Invalid date entered!')
 * for an impossible date.
 */
export function ageOn(dateOfBirthIso: string, todayIso: string): number {
  const born = parseIsoDate(dateOfBirthIso);
  const today = parseIsoDate(todayIso);
  if (!born || !today) throw new RangeError(INVALID_DATE_MESSAGE);
  let age = today.year - born.year;
  if (today.month < born.month || (today.month === born.month && today.day < born.day)) age -= 1;
  return age;
}

/** True when the person is 18 or older on `todayIso`; false for an impossible date. */
export function isAtLeast18(dateOfBirthIso: string, todayIso: string): boolean {
  if (!isValidIsoDate(dateOfBirthIso) || !isValidIsoDate(todayIso)) return false;
  return ageOn(dateOfBirthIso, todayIso) >= MINIMUM_AGE;
}
