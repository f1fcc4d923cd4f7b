import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  federalHolidays,
  isAchHoliday,
  isBusinessDay,
  onOrNextBusinessDay,
  weekday,
} from '../../../../machines/domain/servicing/business-days.ts';
import { addDays, daysBetween } from '../../../../machines/domain/payment-frequency.ts';

describe('federal (ACH) holidays', () => {
  it('are the eleven of 5 U.S.C. 6103 in 2026, on their calendar rules', () => {
    expect(federalHolidays(2026).map((h) => [h.name, h.date])).toEqual([
      ["New Year's Day", '2026-01-01'],
      ['Birthday of Martin Luther King, Jr.', '2026-01-19'],
      ["Washington's Birthday", '2026-02-16'],
      ['Memorial Day', '2026-05-25'],
      ['Juneteenth National Independence Day', '2026-06-19'],
      ['Independence Day', '2026-07-04'],
      ['Labor Day', '2026-09-07'],
      ['Columbus Day', '2026-10-12'],
      ['Veterans Day', '2026-11-11'],
      ['Thanksgiving Day', '2026-11-26'],
      ['Christmas Day', '2026-12-25'],
    ]);
  });
  it('move from a Sunday to the Monday after; on a Saturday the Reserve Banks stay open the Friday before', () => {
    // July 4, 2027 is a Sunday: closed Monday July 5.
    expect(isAchHoliday('2027-07-05')).toBe(true);
    expect(isBusinessDay('2027-07-05')).toBe(false);
    // July 4, 2026 is a Saturday: Friday July 3 is a business day.
    expect(weekday('2026-07-04')).toBe(6);
    expect(isBusinessDay('2026-07-03')).toBe(true);
    expect(isAchHoliday('2026-07-03')).toBe(false);
  });
  it('include Juneteenth from 2022, when the Federal Reserve first observed it', () => {
    expect(federalHolidays(2021).some((h) => h.name.startsWith('Juneteenth'))).toBe(false);
    expect(isAchHoliday('2023-06-19')).toBe(true);
  });
  it('every year: floating holidays fall on their weekday, and each month has its holidays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), (year) => {
        const byName = new Map(federalHolidays(year).map((h) => [h.name, h]));
        for (const name of [
          'Birthday of Martin Luther King, Jr.',
          "Washington's Birthday",
          'Memorial Day',
          'Labor Day',
          'Columbus Day',
        ])
          expect(weekday(byName.get(name)!.date)).toBe(1);
        expect(weekday(byName.get('Thanksgiving Day')!.date)).toBe(4);
        const mlk = Number(byName.get('Birthday of Martin Luther King, Jr.')!.date.slice(8));
        expect(mlk).toBeGreaterThanOrEqual(15);
        expect(mlk).toBeLessThanOrEqual(21);
        const memorial = byName.get('Memorial Day')!.date;
        expect(addDays(memorial, 7).slice(5, 7)).toBe('06');
        for (const h of byName.values()) expect(weekday(h.observed)).not.toBe(0);
      }),
    );
  });
});

describe('the weekend and holiday rule: collected on the next business day', () => {
  it('a Saturday due date is collected on Monday; a Friday holiday on the Monday after', () => {
    expect(onOrNextBusinessDay('2026-03-14')).toBe('2026-03-16');
    expect(onOrNextBusinessDay('2026-12-25')).toBe('2026-12-28');
    // Thanksgiving (Thursday) moves to the Friday.
    expect(onOrNextBusinessDay('2026-11-26')).toBe('2026-11-27');
    // Saturday Jan 16, 2027, Sunday, then MLK Monday: Tuesday.
    expect(onOrNextBusinessDay('2027-01-16')).toBe('2027-01-19');
    expect(onOrNextBusinessDay('2026-03-17')).toBe('2026-03-17');
  });
  it('is never earlier, always a business day, and skips no business day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (n) => {
        const date = addDays('2000-01-01', n);
        const moved = onOrNextBusinessDay(date);
        expect(isBusinessDay(moved)).toBe(true);
        const gap = daysBetween(date, moved);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(4);
        for (let d = 0; d < gap; d += 1) expect(isBusinessDay(addDays(date, d))).toBe(false);
      }),
    );
  });
  it('adds business days', () => {
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28');
    expect(addBusinessDays('2026-03-13', 2)).toBe('2026-03-17');
  });
});
