// Staff reports (seed 001 'Reports'; issue 11 part 4). Pure: periods, grouping of daily counters by day, week or
// month, the report rows and the CSV text. The server reads the pre-aggregated daily counters (functions/data/reports.ts)
// and hands them here; the staff portal shows the same rows as a table and a chart.
import { isOneOf } from './one-of.ts';

export const REPORT_NAMES = [
  'applications',
  'first-payment-default',
  'delinquency-aging',
  'roll-rates',
  'collections',
  'ach-returns',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export const isReportName = isOneOf<ReportName>(REPORT_NAMES);

export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_BY = ['all', 'store', 'retailer'] as const;
export type ReportBy = (typeof REPORT_BY)[number];
export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The longest range a report reads (one Query per scope, one item per day). */
export const MAX_REPORT_DAYS = 366;
/** Seed 001: 'High first payment default alert above 15%'. */
export const FPD_ALERT_PERCENT = 15;
/** A first payment counts as defaulted once it is this many days past due and not recorded. */
export const FPD_GRACE_DAYS = 30;

const DAY_MS = 86_400_000;
export const isIsoDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Every day from..to, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The period a day belongs to: the day, the Monday starting its ISO week, or its month (yyyy-mm). */
export function periodOf(day: string, group: ReportGroup): string {
  if (group === 'day') return day;
  if (group === 'month') return day.slice(0, 7);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return addDays(day, -weekday);
}

export type Counts = Record<string, number>;

/** Sums daily counters into periods, in order of first appearance (days come sorted). */
export function groupDays(
  days: readonly { day: string; [counter: string]: unknown }[],
  group: ReportGroup,
): { period: string; counts: Counts }[] {
  const out = new Map<string, Counts>();
  for (const d of days) {
    const key = periodOf(d.day, group);
    const acc = out.get(key) ?? {};
    for (const [k, v] of Object.entries(d)) if (k !== 'day' && typeof v === 'number') acc[k] = (acc[k] ?? 0) + v;
    out.set(key, acc);
  }
  return [...out].map(([period, counts]) => ({ period, counts }));
}

export type ColumnKind = 'text' | 'count' | 'percent' | 'money' | 'flag';
export interface ReportColumn {
  key: string;
  /** Catalogue key of the heading. */
  label: string;
  kind: ColumnKind;
  /** Drawn in the chart. */
  chart?: boolean;
}

export type ReportRow = Record<string, string | number | boolean | null> & {
  id: string;
  period: string;
  scope: string;
};

const col = (key: string, kind: ColumnKind, chart = false): ReportColumn => ({
  key,
  label: `staff.reports.col.${key}`,
  kind,
  ...(chart ? { chart } : {}),
});

export const REPORT_COLUMNS: Record<ReportName, ReportColumn[]> = {
  applications: [
    col('period', 'text'),
    col('scope', 'text'),
    col('applications', 'count', true),
    col('approvals', 'count', true),
    col('denials', 'count'),
    col('approval_rate', 'percent'),
    col('average_approval', 'money'),
    col('funded_count', 'count'),
    col('funded_volume', 'money'),
  ],
  // issue 23: past-due accounts by bucket as of the lender's date (from the collections index)
  'delinquency-aging': [
    col('period', 'text'),
    col('scope', 'text'),
    col('bucket', 'text'),
    col('accounts', 'count', true),
    col('past_due_amount', 'money'),
  ],
  // issue 23: from the daily servicing counters (machines/domain/servicing-reports.ts)
  'roll-rates': [
    col('period', 'text'),
    col('scope', 'text'),
    col('from_bucket', 'text'),
    col('to_bucket', 'text'),
    col('accounts_at_start', 'count'),
    col('rolled', 'count'),
    col('roll_rate', 'percent', true),
  ],
  collections: [
    col('period', 'text'),
    col('scope', 'text'),
    col('collected_card', 'money', true),
    col('collected_bank', 'money', true),
    col('collected_phone', 'money', true),
    col('collected_cash', 'money', true),
    col('collected_total', 'money'),
    col('payments', 'count'),
    col('failed_payments', 'count'),
  ],
  'ach-returns': [
    col('period', 'text'),
    col('scope', 'text'),
    col('ach_debits_60d', 'count'),
    col('returns_unauthorised_60d', 'count'),
    col('unauthorised_rate', 'percent', true),
    col('returns_administrative_60d', 'count'),
    col('administrative_rate', 'percent', true),
    col('returns_60d', 'count'),
    col('overall_rate', 'percent', true),
    col('alert', 'flag'),
  ],
  'first-payment-default': [
    col('period', 'text'),
    col('scope', 'text'),
    col('first_payments_due', 'count'),
    col('first_payments_missed', 'count'),
    col('fpd_rate', 'percent', true),
    col('alert', 'flag'),
  ],
};

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const ratio = (part: number, whole: number, places = 1) => (whole > 0 ? round((part / whole) * 100, places) : null);
const dollars = (cents: number) => round(cents / 100, 2);

/** One row of a report from a period's summed counters. */
export function reportRow(
  report: ReportName,
  period: string,
  scope: { id: string; name: string },
  c: Counts,
): ReportRow {
  const n = (k: string) => c[k] ?? 0;
  const base = { id: `${period}|${scope.id}`, period, scope: scope.name };
  if (report === 'applications') {
    return {
      ...base,
      applications: n('applications'),
      approvals: n('approvals'),
      denials: n('denials'),
      approval_rate: ratio(n('approvals'), n('approvals') + n('denials')),
      average_approval: n('approved_count') > 0 ? dollars(n('approved_cents') / n('approved_count')) : null,
      funded_count: n('funded_count'),
      funded_volume: dollars(n('funded_cents')),
    };
  }
  const due = n('fpd_due');
  const missed = Math.max(0, due - n('fpd_paid'));
  const rate = ratio(missed, due);
  return {
    ...base,
    first_payments_due: due,
    first_payments_missed: missed,
    fpd_rate: rate,
    alert: rate !== null && rate > FPD_ALERT_PERCENT,
  };
}

/**
 * The days of a first-payment-default report that count: a day's first payments are judged only once they are
 * FPD_GRACE_DAYS past due at `today`; later days are left out (not yet knowable), not counted as paid.
 */
export const fpdMaturedUntil = (today: string) => addDays(today, -FPD_GRACE_DAYS - 1);

/** RFC 4180: CRLF line ends, fields with a comma, quote, CR or LF quoted, quotes doubled; a header row first. */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const field = (v: unknown) => {
    const s = v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : String(v);
    // A leading =, +, - or @ would run as a formula in a spreadsheet: prefixed with a quote (OWASP CSV injection).
    const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [headers, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/** The value of a cell as text for CSV (flags as yes/no words given by the caller). */
export function cellValue(column: ReportColumn, row: ReportRow, flag: (v: boolean) => string): string | number | null {
  const v = row[column.key];
  if (column.kind === 'flag') return flag(Boolean(v));
  if (v === null || v === undefined) return null;
  if (column.kind === 'money' && typeof v === 'number') return v.toFixed(2);
  return v as string | number;
}
