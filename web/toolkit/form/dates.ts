// Date helpers of the toolkit: calendar limits (min, max, allowed weekdays, list of valid dates) and the date-range
// rule of seed 001 section 4 (the end keeps its gap in minutes when the start moves, else start + 1 hour).
// Values are wall-clock strings ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm'); arithmetic is done in UTC to avoid DST shifts.

export const DATE_RANGE_DEFAULT_GAP_MINUTES = 60;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** Minutes since the epoch of a wall-clock string, or undefined. */
export function wallMinutes(value: string | null | undefined): number | undefined {
  const match = PATTERN.exec(value ?? '');
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0'] = match;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  const check = new Date(ms);
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1) return undefined;
  return ms / 60_000;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function formatWall(minutes: number, withTime: boolean): string {
  const date = new Date(minutes * 60_000);
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return withTime ? `${day}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : day;
}

export function isValidDate(value: unknown): boolean {
  return typeof value === 'string' && wallMinutes(value) !== undefined;
}

/**
 * The new end of a range when its start moves to `newStart`: start + the existing gap in minutes, or start + 1 hour
 * when there is no end or the gap is not positive.
 */
export function shiftRangeEnd(
  oldStart: string | null | undefined,
  oldEnd: string | null | undefined,
  newStart: string,
): string {
  const next = wallMinutes(newStart);
  if (next === undefined) return oldEnd ?? '';
  const start = wallMinutes(oldStart);
  const end = wallMinutes(oldEnd);
  const gap = start !== undefined && end !== undefined ? end - start : undefined;
  const minutes = gap !== undefined && gap > 0 ? gap : DATE_RANGE_DEFAULT_GAP_MINUTES;
  const withTime = /[T ]\d{2}:\d{2}/.test(newStart) || /[T ]\d{2}:\d{2}/.test(oldEnd ?? '');
  return formatWall(next + minutes, withTime);
}

export interface DateLimits {
  minDate?: string;
  maxDate?: string;
  /** JavaScript weekdays allowed: 0 = Sunday .. 6 = Saturday. */
  weekdays?: number[];
  /** The only valid dates (YYYY-MM-DD). */
  dates?: string[];
}

/** Whether a YYYY-MM-DD date is allowed by the calendar limits. */
export function dateAllowed(iso: string, limits: DateLimits): boolean {
  const minutes = wallMinutes(iso);
  if (minutes === undefined) return false;
  const day = iso.slice(0, 10);
  if (limits.minDate && day < limits.minDate.slice(0, 10)) return false;
  if (limits.maxDate && day > limits.maxDate.slice(0, 10)) return false;
  if (limits.weekdays && limits.weekdays.length > 0) {
    const weekday = new Date(minutes * 60_000).getUTCDay();
    if (!limits.weekdays.includes(weekday)) return false;
  }
  if (limits.dates && limits.dates.length > 0 && !limits.dates.some((d) => d.slice(0, 10) === day)) return false;
  return true;
}
