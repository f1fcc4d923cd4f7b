import type { ReportAnswer, ReportMeta, ReportQuery } from '../../machines/contracts/reports.ts';
import {
  addDays,
  cellValue,
  daysBetween,
  FPD_ALERT_PERCENT,
  FPD_GRACE_DAYS,
  fpdMaturedUntil,
  groupDays,
  isIsoDay,
  periodOf,
  type Counts,
  isReportName,
  MAX_REPORT_DAYS,
  REPORT_COLUMNS,
  reportRow,
  toCsv,
  type ReportName,
  type ReportRow,
} from '../../machines/domain/reports.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { readDayCounters } from '../data/reports.ts';
import { readServicingDays } from '../data/servicing-counters.ts';
import {
  ACH_THRESHOLDS,
  ACH_WARN_SHARE,
  ACH_WINDOW_DAYS,
  achAlerts,
  achRow,
  achWindow,
  collectionsRow,
  rollRows,
  type AchMeasure,
} from '../../machines/domain/servicing-reports.ts';
import { readListPage } from '../data/staff/lists.ts';
import { storesOfRetailer } from '../data/stores.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, unprocessable } from '../platform/errors.ts';
import type { StaffActor } from '../platform/staff-types.ts';
import { lenderDay } from './leases/sync.ts';
import { bucketTotals, COLLECTION_BUCKETS } from './servicing/collections-queue.ts';
import { lenderToday } from './servicing/clock.ts';

// Staff reports (issue 11 part 4): read the pre-aggregated daily counters of each scope (one Query per scope over
// the range; never a scan of the applications), group them by day, week or month (machines/domain/reports.ts),
// and answer JSON rows, a CSV or an xlsx workbook. A retailer user sees its own retailers and their stores only.

export interface ReportCtx {
  deps: Deps;
  actor: StaffActor;
  lang: Lang;
}

interface Scope {
  id: string;
  key: string;
  name: string;
}

const t = (c: ReportCtx, key: string, params: Record<string, string | number> = {}) => translate(c.lang, key, params);

async function allRetailers(c: ReportCtx): Promise<{ id: string; name: string }[]> {
  const page = await readListPage(c.deps.db, {
    entity: 'retailer',
    field: 'name',
    scope: '*',
    page: 1,
    limit: 500,
    descending: false,
  });
  return page.rows.map((r) => ({ id: r.id, name: String(r.name ?? r.id) }));
}

async function retailersOf(c: ReportCtx): Promise<{ id: string; name: string }[]> {
  if (c.actor.guard === 'system') return allRetailers(c);
  const names = new Map((await allRetailers(c)).map((r) => [r.id, r.name]));
  return c.actor.retailerIds.map((id) => ({ id, name: names.get(id) ?? id }));
}

/** The scopes a user may read for `by`, each with the counter partition it reads. */
async function scopesFor(c: ReportCtx, by: 'all' | 'store' | 'retailer'): Promise<Scope[]> {
  const system = c.actor.guard === 'system';
  if (!system && c.actor.guard !== 'retailer') return [];
  if (by === 'all' && system) return [{ id: '*', key: '*', name: t(c, 'staff.reports.all') }];
  const retailers = await retailersOf(c);
  if (by === 'store') {
    const now = c.deps.clock();
    const stores = await Promise.all(retailers.map((r) => storesOfRetailer(c.deps.db, r.id, now)));
    return stores
      .flat()
      .map((s) => ({ id: s.view.id, key: `store=${s.view.id}`, name: `${s.view.retailer.name} / ${s.view.name}` }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
  return retailers
    .map((r) => ({ id: r.id, key: `retailer=${r.id}`, name: r.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface ResolvedQuery {
  report: ReportName;
  from: string;
  to: string;
  group: 'day' | 'week' | 'month';
  by: 'all' | 'store' | 'retailer';
  format: 'json' | 'csv' | 'xlsx';
}

/** The servicing reports count on the lender's business date (the sandbox clock's, in the sandbox). */
const SERVICING_REPORTS = new Set<ReportName>(['first-payment-default', 'roll-rates', 'collections', 'ach-returns']);

/** Defaults (the last 30 days, by day) and the cross-field checks; 404 for an unknown report. */
export async function resolveQuery(c: ReportCtx, report: string, q: ReportQuery): Promise<ResolvedQuery> {
  if (!isReportName(report)) throw new AppError(404, t(c, 'staff.reports.notFound'));
  const today = SERVICING_REPORTS.has(report) ? await lenderToday(c.deps) : lenderDay(c.deps.clock().toISOString());
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -29);
  const errors: Record<string, string[]> = {};
  if (!isIsoDay(from)) errors.from = [t(c, 'staff.reports.invalid.date')];
  if (!isIsoDay(to)) errors.to = [t(c, 'staff.reports.invalid.date')];
  if (!errors.from && !errors.to) {
    if (from > to) errors.to = [t(c, 'staff.reports.invalid.range')];
    else if (daysBetween(from, to).length > MAX_REPORT_DAYS)
      errors.from = [t(c, 'staff.reports.invalid.span', { days: MAX_REPORT_DAYS })];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  const by = q.by ?? (report === 'first-payment-default' ? 'store' : 'all');
  return { report, from, to, group: q.group ?? 'day', by, format: q.format ?? 'json' };
}

export async function runReport(c: ReportCtx, q: ResolvedQuery): Promise<ReportAnswer> {
  if (q.report === 'delinquency-aging') return agingReport(c, q);
  if (q.report === 'collections' || q.report === 'roll-rates' || q.report === 'ach-returns')
    return servicingReport(c, q);
  const today =
    q.report === 'first-payment-default' ? await lenderToday(c.deps) : lenderDay(c.deps.clock().toISOString());
  // First-payment default: only first payments past their grace period are judged.
  const until = q.report === 'first-payment-default' ? [q.to, fpdMaturedUntil(today)].sort()[0]! : q.to;
  const days = q.from <= until ? daysBetween(q.from, until) : [];
  const scopes = await scopesFor(c, q.by);
  const perScope = await Promise.all(
    scopes.map(async (s) => ({ scope: s, days: await readDayCounters(c.deps.db, s.key, days) })),
  );
  const rows: ReportRow[] = [];
  for (const { scope, days: counted } of perScope) {
    for (const { period, counts } of groupDays(counted, q.group)) rows.push(reportRow(q.report, period, scope, counts));
  }
  rows.sort((a, b) => a.period.localeCompare(b.period) || String(a.scope).localeCompare(String(b.scope)));
  const alerting = rows.some((r) => r.alert === true);
  const alert = alerting ? t(c, 'staff.reports.alert', { threshold: FPD_ALERT_PERCENT }) : null;
  const notes = q.report === 'first-payment-default' ? [t(c, 'staff.reports.fpdNote', { grace: FPD_GRACE_DAYS })] : [];
  return { data: rows, meta: metaOf(c, q, notes, alert) };
}

function metaOf(c: ReportCtx, q: ResolvedQuery, notes: string[], alert: string | null): ReportMeta {
  return {
    report: q.report,
    title: t(c, `staff.reports.name.${q.report}`),
    from: q.from,
    to: q.to,
    group: q.group,
    by: q.by,
    columns: REPORT_COLUMNS[q.report].map((col) => ({ ...col, text: t(c, col.label) })),
    notes,
    alert,
  };
}

/** A bucket's name in the reader's language ('1-30' stays as it is). */
const bucketText = (c: ReportCtx, bucket: string) =>
  /^\d/.test(bucket) ? bucket : t(c, `staff.reports.bucket.${bucket}`);

/** The last day of each period of from..to (a period cut at `to` ends there). */
function periodsOf(from: string, to: string, group: ResolvedQuery['group']) {
  const out = new Map<string, { first: string; last: string }>();
  for (const day of daysBetween(from, to)) {
    const key = periodOf(day, group);
    const p = out.get(key);
    out.set(key, p ? { ...p, last: day } : { first: day, last: day });
  }
  return [...out].map(([period, span]) => ({ period, ...span }));
}

/**
 * Issue 23: collections by channel, roll rates between buckets and ACH return rates (rolling 60 days against NACHA's
 * thresholds), from the daily servicing counters of each scope (one Query per scope, never a Scan).
 */
async function servicingReport(c: ReportCtx, q: ResolvedQuery): Promise<ReportAnswer> {
  const scopes = await scopesFor(c, q.by);
  // ACH rates look back 60 days from each period's end; roll rates start from the close of the day before.
  const readFrom =
    q.report === 'ach-returns'
      ? addDays(q.from, 1 - ACH_WINDOW_DAYS)
      : q.report === 'roll-rates'
        ? addDays(q.from, -1)
        : q.from;
  const periods = periodsOf(q.from, q.to, q.group);
  const rows: ReportRow[] = [];
  const worst = new Map<string, 'near' | 'over'>();
  for (const scope of scopes) {
    const byDay = await readServicingDays(c.deps.db, scope.key, readFrom, q.to);
    for (const p of periods) {
      if (q.report === 'ach-returns') {
        const w = achWindow(byDay, p.last);
        rows.push(achRow(p.period, scope, w));
        for (const a of achAlerts(w)) if (worst.get(a.measure) !== 'over') worst.set(a.measure, a.level);
        continue;
      }
      const during: Counts = {};
      for (const day of daysBetween(p.first, p.last))
        for (const [k, v] of Object.entries(byDay.get(day) ?? {})) during[k] = (during[k] ?? 0) + v;
      if (q.report === 'collections') rows.push(collectionsRow(p.period, scope, during));
      else
        rows.push(
          ...rollRows(p.period, scope, byDay.get(addDays(p.first, -1)) ?? {}, during).map((r) => ({
            ...r,
            from_bucket: bucketText(c, String(r.from_bucket)),
            to_bucket: bucketText(c, String(r.to_bucket)),
          })),
        );
    }
  }
  rows.sort((a, b) => a.period.localeCompare(b.period) || String(a.scope).localeCompare(String(b.scope)));
  const notes =
    q.report === 'ach-returns'
      ? [t(c, 'staff.reports.achNote', { days: ACH_WINDOW_DAYS, warn: Math.round(ACH_WARN_SHARE * 100) })]
      : q.report === 'roll-rates'
        ? [t(c, 'staff.reports.rollNote')]
        : [];
  const alert = worst.size
    ? [...worst]
        .map(([measure, level]) =>
          t(c, `staff.reports.ach.${level}`, {
            measure: t(c, `staff.reports.ach.measure.${measure}`),
            threshold: ACH_THRESHOLDS[measure as AchMeasure],
          }),
        )
        .join(' ')
    : null;
  return { data: rows, meta: metaOf(c, q, notes, alert) };
}

/** The rows as RFC 4180 CSV with a header row (the column headings in the caller's language). */
export function reportCsv(c: ReportCtx, answer: ReportAnswer): string {
  const columns = answer.meta.columns;
  const flag = (v: boolean) => t(c, v ? 'staff.option.yes' : 'staff.option.no');
  return toCsv(
    columns.map((col) => col.text),
    answer.data.map((row) => columns.map((col) => cellValue(col, row, flag))),
  );
}

export const reportFileName = (q: ResolvedQuery, ext: string) => `${q.report}-${q.from}-${q.to}-${q.group}.${ext}`;

/**
 * Delinquency aging (issue 23): past-due accounts and their past-due amounts (as their last save left them) by
 * bucket, as of the lender's date, from the collections queue's counts (one Query, never the accounts); the lender's
 * whole book (system users).
 */
async function agingReport(c: ReportCtx, q: ResolvedQuery): Promise<ReportAnswer> {
  const rows: ReportRow[] = [];
  const today = await lenderToday(c.deps);
  if (c.actor.guard === 'system') {
    const totals = await bucketTotals(c, '*', today);
    for (const bucket of COLLECTION_BUCKETS)
      rows.push({
        id: `${today}|${bucket}`,
        period: today,
        scope: t(c, 'staff.reports.all'),
        bucket,
        accounts: totals[bucket].accounts,
        past_due_amount: totals[bucket].dueCents / 100,
      });
  }
  const meta: ReportMeta = {
    report: q.report,
    title: t(c, `staff.reports.name.${q.report}`),
    from: today,
    to: today,
    group: q.group,
    by: 'all',
    columns: REPORT_COLUMNS[q.report].map((col) => ({ ...col, text: t(c, col.label) })),
    notes: [],
    alert: null,
  };
  return { data: rows, meta };
}
