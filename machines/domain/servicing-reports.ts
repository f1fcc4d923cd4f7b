import { addDays, FPD_GRACE_DAYS, type Counts, type ReportRow } from './reports.ts';
import { onOrNextBusinessDay } from './servicing/business-days.ts';
import { RETURN_CODE_RULES, isReturnCode } from './servicing/nacha.ts';
import { isOneOf } from './one-of.ts';

// Issue 23: the servicing reports' pure parts (collections by channel, roll rates, ACH return rates against NACHA's
// thresholds, first payments paid in time). The server reads the daily servicing counters (functions/data/
// servicing-counters.ts) and hands them here; the rows go to the same table, chart, CSV and xlsx as every report.

export const PAYMENT_CHANNELS = ['card', 'bank', 'phone', 'cash'] as const;
export type ReportChannel = (typeof PAYMENT_CHANNELS)[number];
export const isReportChannel = isOneOf<ReportChannel>(PAYMENT_CHANNELS);

/** NACHA's return rate thresholds (Operating Rules, Subsection 2.17.2), in percent of debit entries. */
export const ACH_THRESHOLDS = { unauthorised: 0.5, administrative: 3, overall: 15 } as const;
export type AchMeasure = keyof typeof ACH_THRESHOLDS;
/** The dashboard warns when a rate reaches this share of its threshold, before NACHA would call the lender in. */
export const ACH_WARN_SHARE = 0.8;
/** NACHA measures the rates over the preceding 60 days. */
export const ACH_WINDOW_DAYS = 60;

export type AchReturnClass = 'unauthorised' | 'administrative' | 'other';

/**
 * How NACHA counts a return code: unauthorised R05, R07, R10, R11, R29, R51; administrative R02, R03, R04; every
 * return (NSF included) counts in the overall rate.
 */
export function achReturnClass(code: string): AchReturnClass {
  if (code === 'R11') return 'unauthorised';
  if (code === 'R04') return 'administrative';
  if (!isReturnCode(code)) return 'other';
  const category = RETURN_CODE_RULES[code].category;
  return category === 'unauthorised' || category === 'administrative' ? category : 'other';
}

/** A first payment counts as paid (not defaulted) when it was paid by its due date plus the report's grace. */
export const paidInTime = (dueDate: string, paidOn: string) => paidOn <= addDays(dueDate, FPD_GRACE_DAYS);

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const percent = (part: number, whole: number, places = 2) => (whole > 0 ? round((part / whole) * 100, places) : null);
const dollars = (cents: number) => round(cents / 100, 2);

/** Collections: the amount collected in the period by channel, and the number of payments. */
export function collectionsRow(period: string, scope: { id: string; name: string }, c: Counts): ReportRow {
  const n = (k: string) => c[k] ?? 0;
  const cents = PAYMENT_CHANNELS.map((ch) => n(`collected_cents_${ch}`));
  return {
    id: `${period}|${scope.id}`,
    period,
    scope: scope.name,
    ...Object.fromEntries(PAYMENT_CHANNELS.map((ch, i) => [`collected_${ch}`, dollars(cents[i]!)])),
    collected_total: dollars(cents.reduce((a, b) => a + b, 0)),
    payments: PAYMENT_CHANNELS.reduce((sum, ch) => sum + n(`collected_count_${ch}`), 0),
    failed_payments: n('failed_count'),
  };
}

export type AchLevel = 'ok' | 'near' | 'over';

/** A rate against its threshold: over it, at ACH_WARN_SHARE of it or more, or fine. */
export function achLevel(rate: number | null, measure: AchMeasure): AchLevel {
  if (rate === null) return 'ok';
  const limit = ACH_THRESHOLDS[measure];
  if (rate > limit) return 'over';
  // Rounded so that 80% of 3 is 2.4, not 2.4000000000000004.
  return rate >= round(limit * ACH_WARN_SHARE, 6) ? 'near' : 'ok';
}

export interface AchWindow {
  debits: number;
  returns: number;
  unauthorised: number;
  administrative: number;
}

/** Sums the ACH counters of the 60 days ending on `end` from daily counts keyed by day. */
export function achWindow(byDay: ReadonlyMap<string, Counts>, end: string): AchWindow {
  const out: AchWindow = { debits: 0, returns: 0, unauthorised: 0, administrative: 0 };
  for (let i = 0; i < ACH_WINDOW_DAYS; i++) {
    const c = byDay.get(addDays(end, -i));
    if (!c) continue;
    out.debits += c.ach_debits ?? 0;
    out.returns += c.ach_returns ?? 0;
    out.unauthorised += c.ach_returns_unauthorised ?? 0;
    out.administrative += c.ach_returns_administrative ?? 0;
  }
  return out;
}

export function achRates(w: AchWindow): Record<AchMeasure, number | null> {
  return {
    unauthorised: percent(w.unauthorised, w.debits),
    administrative: percent(w.administrative, w.debits),
    overall: percent(w.returns, w.debits),
  };
}

/** The measures at or near their thresholds, worst first. */
export function achAlerts(w: AchWindow): { measure: AchMeasure; level: Exclude<AchLevel, 'ok'>; rate: number }[] {
  const rates = achRates(w);
  return (Object.keys(ACH_THRESHOLDS) as AchMeasure[])
    .map((measure) => ({ measure, level: achLevel(rates[measure], measure), rate: rates[measure] ?? 0 }))
    .filter((a): a is { measure: AchMeasure; level: 'near' | 'over'; rate: number } => a.level !== 'ok')
    .sort((a, b) => (a.level === b.level ? 0 : a.level === 'over' ? -1 : 1));
}

/** ACH returns: the rolling 60 days ending on the period's last day, each rate with its threshold. */
export function achRow(period: string, scope: { id: string; name: string }, w: AchWindow): ReportRow {
  const rates = achRates(w);
  const alerts = achAlerts(w);
  return {
    id: `${period}|${scope.id}`,
    period,
    scope: scope.name,
    ach_debits_60d: w.debits,
    returns_unauthorised_60d: w.unauthorised,
    unauthorised_rate: rates.unauthorised,
    returns_administrative_60d: w.administrative,
    administrative_rate: rates.administrative,
    returns_60d: w.returns,
    overall_rate: rates.overall,
    alert: alerts.length > 0,
  };
}

/** The delinquency buckets a roll rate moves between, in order, with their counter names. */
export const ROLLS = [
  { from: 'current', to: '1-30', base: null, rolled: 'entered_1_30' },
  { from: '1-30', to: '31-60', base: 'stock_1_30', rolled: 'entered_31_60' },
  { from: '31-60', to: '61-90', base: 'stock_31_60', rolled: 'entered_61_90' },
  { from: '61-90', to: '90+', base: 'stock_61_90', rolled: 'entered_90_plus' },
  { from: '90+', to: 'charged-off', base: 'stock_90_plus', rolled: 'charged_off' },
  { from: 'past-due', to: 'current', base: 'stock_past_due', rolled: 'cured' },
] as const;

/**
 * Roll rates of one period: for each step, the accounts in the `from` bucket at the start of the period (the
 * close of the day before it), those that moved on to `to` during it, and their share.
 */
export function rollRows(
  period: string,
  scope: { id: string; name: string },
  atStart: Counts,
  during: Counts,
): ReportRow[] {
  return ROLLS.map((r) => {
    const base = r.base === null ? null : (atStart[r.base] ?? 0);
    const rolled = during[r.rolled] ?? 0;
    return {
      id: `${period}|${scope.id}|${r.from}`,
      period,
      scope: scope.name,
      from_bucket: r.from,
      to_bucket: r.to,
      accounts_at_start: base,
      rolled,
      roll_rate: base === null ? null : percent(rolled, base, 1),
    };
  });
}

/** The bucket counters of a snapshot of past-due accounts by first missed date, as of the morning `morning`. */
export function bookSnapshot(firstMissedDates: readonly string[], morning: string): Counts {
  const out: Counts = {
    stock_1_30: 0,
    stock_31_60: 0,
    stock_61_90: 0,
    stock_90_plus: 0,
    stock_past_due: 0,
    entered_1_30: 0,
    entered_31_60: 0,
    entered_61_90: 0,
    entered_90_plus: 0,
  };
  // An account is past due from the morning after its collection date (the due date, or the next ACH business day);
  // the later buckets count from the due date itself, as the aging report does.
  const entering: Record<string, string> = {
    [addDays(morning, -31)]: 'entered_31_60',
    [addDays(morning, -61)]: 'entered_61_90',
    [addDays(morning, -91)]: 'entered_90_plus',
  };
  for (const since of firstMissedDates) {
    const days = Math.round((Date.parse(`${morning}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000);
    if (days < 1) continue;
    out.stock_past_due! += 1;
    const bucket =
      days <= 30 ? 'stock_1_30' : days <= 60 ? 'stock_31_60' : days <= 90 ? 'stock_61_90' : 'stock_90_plus';
    out[bucket]! += 1;
    const entered = onOrNextBusinessDay(since) === addDays(morning, -1) ? 'entered_1_30' : entering[since];
    if (entered) out[entered]! += 1;
  }
  return out;
}
