// Recurrence values (seed 001 section 3: freq, interval, dtstart, until, count, byweekday, bymonthday, bysetpos) and
// their presets and end modes, turned into RRULEs with the rrule library. Dates are wall-clock strings kept as UTC.
import { RRule } from 'rrule';
import type { RecurrenceValue } from '../../../machines/contracts/form-schema.ts';
import { formatWall, wallMinutes } from './dates.ts';

export const FREQ = { YEARLY: RRule.YEARLY, MONTHLY: RRule.MONTHLY, WEEKLY: RRule.WEEKLY, DAILY: RRule.DAILY } as const;

export const RECURRENCE_PRESETS = [
  'daily',
  'weekly',
  'monthly-day',
  'monthly-position',
  'yearly',
  'weekdays',
  'custom',
] as const;
export type RecurrencePreset = (typeof RECURRENCE_PRESETS)[number];
export type RecurrenceEndMode = 'never' | 'on' | 'after';

/** 'Never' still stops the preview after one year. */
export const NEVER_LIMIT_DAYS = 365;

function toDate(value: string): Date {
  const minutes = wallMinutes(value);
  return new Date((minutes ?? 0) * 60_000);
}

/** rrule weekday (0 = Monday .. 6 = Sunday) of a wall-clock date. */
export function rruleWeekday(dtstart: string): number {
  return (toDate(dtstart).getUTCDay() + 6) % 7;
}

/** The weekday position of a date in its month: 1..4, or -1 for the last (fifth) one. */
export function weekdayPosition(dtstart: string): number {
  const day = toDate(dtstart).getUTCDate();
  const nth = Math.ceil(day / 7);
  return nth >= 5 ? -1 : nth;
}

/** The value of a preset starting at `dtstart`; the end (until/count) of `base` is kept. */
export function presetValue(
  preset: RecurrencePreset,
  dtstart: string,
  base?: Partial<RecurrenceValue>,
): RecurrenceValue {
  const end = { until: base?.until ?? null, count: base?.count ?? null };
  const plain = { interval: 1, dtstart, byweekday: null, bymonthday: null, bysetpos: null, ...end };
  const weekday = rruleWeekday(dtstart);
  switch (preset) {
    case 'daily':
      return { ...plain, freq: FREQ.DAILY };
    case 'weekly':
      return { ...plain, freq: FREQ.WEEKLY, byweekday: [weekday] };
    case 'monthly-day':
      return { ...plain, freq: FREQ.MONTHLY, bymonthday: [toDate(dtstart).getUTCDate()] };
    case 'monthly-position':
      return { ...plain, freq: FREQ.MONTHLY, byweekday: [weekday], bysetpos: [weekdayPosition(dtstart)] };
    case 'yearly':
      return { ...plain, freq: FREQ.YEARLY };
    case 'weekdays':
      return { ...plain, freq: FREQ.WEEKLY, byweekday: [0, 1, 2, 3, 4] };
    case 'custom':
    default:
      return {
        ...plain,
        freq: base?.freq ?? FREQ.WEEKLY,
        interval: base?.interval ?? 1,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-comparison -- rrule's Frequency is a numeric enum; the select and a stored rule carry its number
        byweekday: base?.byweekday ?? (base?.freq === undefined || base.freq === FREQ.WEEKLY ? [weekday] : null),
        bymonthday: base?.bymonthday ?? null,
        bysetpos: base?.bysetpos ?? null,
      };
  }
}

function same(a: number[] | null | undefined, b: number[] | null | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** Which preset a value corresponds to ('custom' when none matches exactly). */
export function presetOf(value: RecurrenceValue): RecurrencePreset {
  for (const preset of RECURRENCE_PRESETS) {
    if (preset === 'custom') continue;
    const candidate = presetValue(preset, value.dtstart, value);
    if (
      candidate.freq === value.freq &&
      (value.interval ?? 1) === 1 &&
      same(candidate.byweekday, value.byweekday) &&
      same(candidate.bymonthday, value.bymonthday) &&
      same(candidate.bysetpos, value.bysetpos)
    ) {
      return preset;
    }
  }
  return 'custom';
}

export function endModeOf(value: RecurrenceValue): RecurrenceEndMode {
  if (value.count) return 'after';
  if (value.until) return 'on';
  return 'never';
}

/** Applies an end mode: never (no until, no count), on a date (until), after a number of occurrences (count). */
export function withEnd(
  value: RecurrenceValue,
  mode: RecurrenceEndMode,
  end: { until?: string; count?: number } = {},
): RecurrenceValue {
  if (mode === 'on') return { ...value, until: end.until ?? value.until ?? value.dtstart, count: null };
  if (mode === 'after') return { ...value, count: Math.max(1, end.count ?? value.count ?? 1), until: null };
  return { ...value, until: null, count: null };
}

/** The rrule object of a value. An `until` date without a time is inclusive (end of that day). */
export function toRRule(value: RecurrenceValue): RRule {
  const options: ConstructorParameters<typeof RRule>[0] = {
    freq: value.freq,
    interval: value.interval ?? 1,
    dtstart: toDate(value.dtstart),
  };
  if (value.count) options.count = value.count;
  else if (value.until) {
    const untilMinutes = wallMinutes(value.until);
    const dateOnly = !/[T ]\d{2}:\d{2}/.test(value.until);
    if (untilMinutes !== undefined) options.until = new Date((untilMinutes + (dateOnly ? 24 * 60 - 1 : 0)) * 60_000);
  }
  if (value.byweekday?.length) options.byweekday = value.byweekday;
  if (value.bymonthday?.length) options.bymonthday = value.bymonthday;
  if (value.bysetpos?.length) options.bysetpos = value.bysetpos;
  return new RRule(options);
}

/** The RRULE line alone ('FREQ=WEEKLY;BYDAY=MO'), as stored by calendars. */
export function toRRuleLine(value: RecurrenceValue): string {
  const text = toRRule(value).toString();
  const line = text.split('\n').find((l) => l.startsWith('RRULE:')) ?? '';
  return line.replace(/^RRULE:/, '');
}

/** The next occurrences as wall-clock strings; 'never' is limited to one year after the start. */
export function occurrences(value: RecurrenceValue, limit = 5): string[] {
  const rule = toRRule(value);
  const start = toDate(value.dtstart);
  const cap = value.until || value.count ? undefined : new Date(start.getTime() + NEVER_LIMIT_DAYS * 86_400_000);
  const withTime = /[T ]\d{2}:\d{2}/.test(value.dtstart);
  const dates = rule.all((date, index) => index < limit && (!cap || date <= cap));
  return dates.map((date) => formatWall(date.getTime() / 60_000, withTime));
}
