import { describe, expect, it } from 'vitest';
import {
  cellValue,
  daysBetween,
  fpdMaturedUntil,
  groupDays,
  isIsoDay,
  periodOf,
  REPORT_COLUMNS,
  reportRow,
  toCsv,
} from '../../../machines/domain/reports.ts';

describe('report periods', () => {
  it('groups days by ISO week (Monday) and by month', () => {
    expect(periodOf('2026-11-25', 'day')).toBe('2026-11-25');
    expect(periodOf('2026-11-25', 'week')).toBe('2026-11-23'); // a Wednesday
    expect(periodOf('2026-11-23', 'week')).toBe('2026-11-23'); // Monday
    expect(periodOf('2026-11-29', 'week')).toBe('2026-11-23'); // Sunday
    expect(periodOf('2027-01-01', 'week')).toBe('2026-12-28'); // across the year end
    expect(periodOf('2026-11-25', 'month')).toBe('2026-11');
  });

  it('sums daily counters into periods', () => {
    const days = daysBetween('2026-11-27', '2026-12-02').map((day, i) => ({ day, applications: i + 1, approvals: 1 }));
    expect(days).toHaveLength(6);
    expect(groupDays(days, 'month')).toEqual([
      { period: '2026-11', counts: { applications: 1 + 2 + 3 + 4, approvals: 4 } },
      { period: '2026-12', counts: { applications: 5 + 6, approvals: 2 } },
    ]);
    expect(groupDays(days, 'week').map((g) => [g.period, g.counts.applications])).toEqual([
      ['2026-11-23', 1 + 2 + 3],
      ['2026-11-30', 4 + 5 + 6],
    ]);
  });

  it('checks calendar dates', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('26-02-01')).toBe(false);
    expect(fpdMaturedUntil('2026-11-25')).toBe('2026-10-25');
  });
});

describe('report rows', () => {
  it('computes approval rate, average approval and funded volume', () => {
    const row = reportRow(
      'applications',
      '2026-11',
      { id: '*', name: 'All' },
      {
        applications: 10,
        approvals: 3,
        denials: 1,
        approved_count: 3,
        approved_cents: 450_000,
        funded_count: 1,
        funded_cents: 123_456,
      },
    );
    expect(row).toMatchObject({
      id: '2026-11|*',
      approval_rate: 75,
      average_approval: 1500,
      funded_volume: 1234.56,
      funded_count: 1,
    });
    expect(reportRow('applications', 'p', { id: 'x', name: 'X' }, {}).approval_rate).toBeNull();
  });

  it('raises the first-payment-default alert above 15%', () => {
    const at = (due: number, paid: number) =>
      reportRow('first-payment-default', 'p', { id: 's', name: 'S' }, { fpd_due: due, fpd_paid: paid });
    expect(at(20, 17)).toMatchObject({ first_payments_missed: 3, fpd_rate: 15, alert: false });
    expect(at(20, 16)).toMatchObject({ first_payments_missed: 4, fpd_rate: 20, alert: true });
    expect(at(0, 0)).toMatchObject({ fpd_rate: null, alert: false });
  });
});

describe('CSV (RFC 4180)', () => {
  it('writes a header row, CRLF line ends and quotes fields that need it', () => {
    const csv = toCsv(
      ['Period', 'Scope', 'N'],
      [
        ['2026-11', 'Smith, "Bob" & Co', 3],
        ['2026-12', 'Line\nbreak', null],
      ],
    );
    expect(csv).toBe('Period,Scope,N\r\n2026-11,"Smith, ""Bob"" & Co",3\r\n2026-12,"Line\nbreak",\r\n');
  });

  it('neutralises spreadsheet formulas', () => {
    expect(toCsv(['a'], [['=HYPERLINK("x")']])).toBe('a\r\n"\'=HYPERLINK(""x"")"\r\n');
  });

  it('formats money with two decimals and flags as words', () => {
    const row = reportRow('applications', 'p', { id: 's', name: 'S' }, { funded_cents: 100_000 });
    const money = REPORT_COLUMNS.applications.find((c) => c.key === 'funded_volume')!;
    expect(cellValue(money, row, String)).toBe('1000.00');
    const flag = REPORT_COLUMNS['first-payment-default'].find((c) => c.kind === 'flag')!;
    expect(
      cellValue(flag, reportRow('first-payment-default', 'p', { id: 's', name: 'S' }, { fpd_due: 1 }), (v) =>
        v ? 'Yes' : 'No',
      ),
    ).toBe('Yes');
  });
});
