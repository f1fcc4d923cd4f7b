import { describe, expect, it } from 'vitest';
import { addDays } from '../../../machines/domain/reports.ts';
import {
  achAlerts,
  achLevel,
  achReturnClass,
  achRow,
  achWindow,
  bookSnapshot,
  collectionsRow,
  paidInTime,
  rollRows,
} from '../../../machines/domain/servicing-reports.ts';

// Issue 23: the pure parts of the servicing reports (machines/domain/servicing-reports.ts).

const scope = { id: '*', name: 'All stores' };

describe('ACH returns against NACHA thresholds', () => {
  it('classes return codes as NACHA counts them', () => {
    expect(['R05', 'R07', 'R10', 'R11', 'R29', 'R51'].map(achReturnClass)).toEqual(Array(6).fill('unauthorised'));
    expect(['R02', 'R03', 'R04'].map(achReturnClass)).toEqual(Array(3).fill('administrative'));
    expect(['R01', 'R09', 'R08', 'X99'].map(achReturnClass)).toEqual(Array(4).fill('other'));
  });

  it('sums the 60 days ending on a date and leaves out the 61st day back', () => {
    const end = '2026-06-30';
    const days = new Map<string, Record<string, number>>([
      [end, { ach_debits: 100, ach_returns: 2, ach_returns_unauthorised: 1 }],
      [addDays(end, -59), { ach_debits: 100, ach_returns: 1, ach_returns_administrative: 1 }],
      [addDays(end, -60), { ach_debits: 1000, ach_returns: 500 }],
      [addDays(end, 1), { ach_debits: 1000, ach_returns: 500 }],
    ]);
    expect(achWindow(days, end)).toEqual({ debits: 200, returns: 3, unauthorised: 1, administrative: 1 });
  });

  it('warns at 80% of a threshold and alerts above it', () => {
    expect(achLevel(0.39, 'unauthorised')).toBe('ok');
    expect(achLevel(0.4, 'unauthorised')).toBe('near');
    expect(achLevel(0.5, 'unauthorised')).toBe('near');
    expect(achLevel(0.51, 'unauthorised')).toBe('over');
    expect(achLevel(2.4, 'administrative')).toBe('near');
    expect(achLevel(15.1, 'overall')).toBe('over');
    expect(achLevel(null, 'overall')).toBe('ok');
  });

  it('a row shows each rate with its counts; alerts list the worst first', () => {
    const w = { debits: 400, returns: 13, unauthorised: 3, administrative: 10 };
    const row = achRow('2026-06', scope, w);
    expect(row).toMatchObject({
      ach_debits_60d: 400,
      returns_unauthorised_60d: 3,
      unauthorised_rate: 0.75,
      returns_administrative_60d: 10,
      administrative_rate: 2.5,
      returns_60d: 13,
      overall_rate: 3.25,
      alert: true,
    });
    expect(achAlerts(w).map((a) => [a.measure, a.level])).toEqual([
      ['unauthorised', 'over'],
      ['administrative', 'near'],
    ]);
    expect(achRow('2026-06', scope, { debits: 0, returns: 0, unauthorised: 0, administrative: 0 })).toMatchObject({
      overall_rate: null,
      alert: false,
    });
  });
});

describe('collections by channel', () => {
  it('adds the channels to the total in dollars and counts the payments', () => {
    const row = collectionsRow('2026-06-01', scope, {
      collected_cents_card: 12_345,
      collected_count_card: 2,
      collected_cents_phone: 5_000,
      collected_count_phone: 1,
      failed_count: 3,
    });
    expect(row).toMatchObject({
      collected_card: 123.45,
      collected_bank: 0,
      collected_phone: 50,
      collected_cash: 0,
      collected_total: 173.45,
      payments: 3,
      failed_payments: 3,
    });
  });
});

describe('first-payment default counts real payments', () => {
  it('a first payment counts as paid only by its due date plus the grace', () => {
    expect(paidInTime('2026-03-01', '2026-02-28')).toBe(true);
    expect(paidInTime('2026-03-01', '2026-03-31')).toBe(true);
    expect(paidInTime('2026-03-01', '2026-04-01')).toBe(false);
  });
});

describe('roll rates', () => {
  it('snapshots the buckets and the accounts entering each on a morning', () => {
    // Monday 2026-06-01: a Friday due date is past due from Saturday; Saturday's due date is collected on Monday.
    const morning = '2026-06-02';
    const snap = bookSnapshot(
      ['2026-06-01', '2026-05-30', '2026-05-29', addDays(morning, -31), addDays(morning, -61), addDays(morning, -91)],
      morning,
    );
    expect(snap).toMatchObject({
      stock_1_30: 3,
      stock_31_60: 1,
      stock_61_90: 1,
      stock_90_plus: 1,
      stock_past_due: 6,
      // 06-01 (a Monday, collected that day) and 05-30 (a Saturday, collected on Monday 06-01)
      entered_1_30: 2,
      entered_31_60: 1,
      entered_61_90: 1,
      entered_90_plus: 1,
    });
  });

  it('rates each step against the bucket at the start of the period', () => {
    const rows = rollRows(
      '2026-06',
      scope,
      { stock_1_30: 40, stock_31_60: 10, stock_61_90: 5, stock_90_plus: 4, stock_past_due: 59 },
      { entered_1_30: 12, entered_31_60: 8, entered_61_90: 5, entered_90_plus: 1, charged_off: 1, cured: 20 },
    );
    expect(rows.map((r) => [r.from_bucket, r.to_bucket, r.accounts_at_start, r.rolled, r.roll_rate])).toEqual([
      ['current', '1-30', null, 12, null],
      ['1-30', '31-60', 40, 8, 20],
      ['31-60', '61-90', 10, 5, 50],
      ['61-90', '90+', 5, 1, 20],
      ['90+', 'charged-off', 4, 1, 25],
      ['past-due', 'current', 59, 20, 33.9],
    ]);
    expect(rollRows('2026-06', scope, {}, {})[1]).toMatchObject({ accounts_at_start: 0, rolled: 0, roll_rate: null });
  });
});
