import { describe, expect, it } from 'vitest';
import {
  expand,
  nextOccurrences,
  parseWall,
  ruleLine,
  type Recurrence,
} from '../../../functions/services/crm/recurrence.ts';

// Task recurrence on the server: 'Never' is limited to one year, 'on' is inclusive, 'after' counts.
const weekly = (extra: Partial<Recurrence> = {}): Recurrence => ({
  freq: 2,
  interval: 1,
  dtstart: '2026-01-05',
  byweekday: [0],
  ...extra,
});

describe('task recurrence', () => {
  it("'Never' ends one year after the start", () => {
    const all = expand(weekly());
    expect(all[0]).toBe('2026-01-05');
    expect(all.at(-1)! <= '2027-01-05').toBe(true);
    expect(all.length).toBe(53);
    const daily = expand({ freq: 3, dtstart: '2026-03-01' });
    expect(daily.length).toBe(366);
    expect(daily.at(-1)).toBe('2027-03-01');
  });

  it('an end date is inclusive; a count is the number of occurrences', () => {
    expect(expand(weekly({ until: '2026-01-19' }))).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
    expect(expand(weekly({ count: 2 }))).toEqual(['2026-01-05', '2026-01-12']);
  });

  it('monthly by weekday position, every weekday, intervals', () => {
    // the second Tuesday of each month
    expect(expand({ freq: 1, dtstart: '2026-01-13', byweekday: [1], bysetpos: [2], count: 3 })).toEqual([
      '2026-01-13',
      '2026-02-10',
      '2026-03-10',
    ]);
    expect(expand({ freq: 2, dtstart: '2026-01-09', byweekday: [0, 1, 2, 3, 4], count: 3 })).toEqual([
      '2026-01-09',
      '2026-01-12',
      '2026-01-13',
    ]);
    expect(expand(weekly({ interval: 2, count: 3 }))).toEqual(['2026-01-05', '2026-01-19', '2026-02-02']);
  });

  it('the next occurrences after a date, within the year', () => {
    expect(nextOccurrences(weekly(), '2026-01-05', 2)).toEqual(['2026-01-12', '2026-01-19']);
    expect(nextOccurrences(weekly(), '2027-01-05', 2)).toEqual([]);
    expect(nextOccurrences(weekly(), 'garbage')).toEqual([]);
  });

  it('keeps times of day and writes the RRULE line', () => {
    expect(expand({ freq: 3, dtstart: '2026-01-05T09:30', count: 2 })).toEqual([
      '2026-01-05T09:30',
      '2026-01-06T09:30',
    ]);
    expect(ruleLine(weekly({ count: 4 }))).toBe('FREQ=WEEKLY;INTERVAL=1;COUNT=4;BYDAY=MO');
    expect(parseWall('2026-02-30')).toBeUndefined();
  });
});
