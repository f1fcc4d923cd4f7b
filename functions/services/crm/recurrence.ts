import * as rruleModule from 'rrule';

// rrule ships CommonJS to Node (its ESM build is for bundlers): take RRule from the default export there.
const RRule: typeof rruleModule.RRule =
  (rruleModule as unknown as { default?: typeof rruleModule }).default?.RRule ?? rruleModule.RRule;
type RRule = rruleModule.RRule;

// Task recurrence on the server (the toolkit's recurrence field sends seed 001's value shape). Dates are wall-clock
// strings 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' handled as UTC, as the field does. 'Never' ends one year after the
// start (seed 001: 'Never (Limited to 1 year)'); 'on' is inclusive of that day; 'after' counts occurrences.

export interface Recurrence {
  freq: number;
  interval?: number | null;
  dtstart: string;
  until?: string | null;
  count?: number | null;
  byweekday?: number[] | null;
  bymonthday?: number[] | null;
  bysetpos?: number[] | null;
}

export const NEVER_LIMIT_DAYS = 365;
const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

export function parseWall(value: string): Date | undefined {
  const m = WALL.exec(value);
  if (!m) return undefined;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(m[3]) ? undefined : date;
}

export const hasTime = (value: string) => /[T ]\d{2}:\d{2}/.test(value);

export function formatWall(date: Date, withTime: boolean): string {
  const iso = date.toISOString();
  return withTime ? iso.slice(0, 16) : iso.slice(0, 10);
}

export function toRule(value: Recurrence): RRule {
  const dtstart = parseWall(value.dtstart);
  if (!dtstart) throw new Error('bad dtstart');
  const options: ConstructorParameters<typeof RRule>[0] = { freq: value.freq, interval: value.interval ?? 1, dtstart };
  if (value.count) options.count = value.count;
  else if (value.until) {
    const until = parseWall(value.until);
    if (until) options.until = hasTime(value.until) ? until : new Date(until.getTime() + 86_400_000 - 60_000);
  } else options.until = new Date(dtstart.getTime() + NEVER_LIMIT_DAYS * 86_400_000);
  if (value.byweekday?.length) options.byweekday = value.byweekday;
  if (value.bymonthday?.length) options.bymonthday = value.bymonthday;
  if (value.bysetpos?.length) options.bysetpos = value.bysetpos;
  return new RRule(options);
}

/** Every occurrence (at most `max`), 'never' limited to one year after the start. */
export function expand(value: Recurrence, max = 400): string[] {
  const withTime = hasTime(value.dtstart);
  return toRule(value)
    .all((_d, i) => i < max)
    .map((d) => formatWall(d, withTime));
}

/** The next occurrences strictly after `after` (a wall-clock string), at most `limit`. */
export function nextOccurrences(value: Recurrence, after: string, limit = 5): string[] {
  const from = parseWall(after);
  if (!from) return [];
  const withTime = hasTime(value.dtstart);
  const out: string[] = [];
  const rule = toRule(value);
  let cursor = rule.after(from, false);
  while (cursor && out.length < limit) {
    out.push(formatWall(cursor, withTime));
    cursor = rule.after(cursor, false);
  }
  return out;
}

/** The RRULE line ('FREQ=WEEKLY;BYDAY=MO;UNTIL=...'), as calendars store it. */
export function ruleLine(value: Recurrence): string {
  const line =
    toRule(value)
      .toString()
      .split('\n')
      .find((l) => l.startsWith('RRULE:')) ?? '';
  return line.replace(/^RRULE:/, '');
}
