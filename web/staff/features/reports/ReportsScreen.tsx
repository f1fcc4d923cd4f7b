// Reports (seed 001 'Reports'; issue 11 part 4): pick a report, a date range, a grouping (day, week, month) and a
// breakdown (all, store, retailer); see it as a table and a chart, and download it as CSV or xlsx. The numbers come
// from GET /staff/api/reports/{report}, which reads pre-aggregated counters.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { ReportMeta } from '../../../../machines/contracts/reports.ts';
import {
  FPD_ALERT_PERCENT,
  REPORT_BY,
  REPORT_GROUPS,
  REPORT_NAMES,
  type ReportRow,
} from '../../../../machines/domain/reports.ts';
import { ACH_THRESHOLDS } from '../../../../machines/domain/servicing-reports.ts';
import { translate } from '../../../../machines/i18n/catalogue.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { Screen } from '../../common/Screen.tsx';
import './reports.css';

const ReportChart = lazy(() => import('./ReportChart.tsx'));

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

interface Query {
  report: string;
  from: string;
  to: string;
  group: string;
  by: string;
}

export const reportUrl = (q: Query, format: 'json' | 'csv' | 'xlsx', lang: string) =>
  `/staff/api/reports/${encodeURIComponent(q.report)}?${new URLSearchParams({ from: q.from, to: q.to, group: q.group, by: q.by, format, lang })}`;

export function ReportsScreen() {
  const { lang } = useI18n();
  const t = useCallback(
    (key: string, params?: Record<string, string | number>) => translate(lang, key, params),
    [lang],
  );
  const [form, setForm] = useState<Query>({
    report: 'applications',
    from: daysAgo(29),
    to: isoDay(new Date()),
    group: 'day',
    by: 'all',
  });
  const [query, setQuery] = useState<Query>(form);
  const [answer, setAnswer] = useState<{ rows: ReportRow[]; meta: ReportMeta } | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetch(reportUrl(query, 'json', lang), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: controller.signal,
    })
      .then(async (res) => {
        const body = await res.json();
        if (!res.ok || !body.status) {
          setErrors(body.errors ?? {});
          setMessage(body.message ?? t('staff.reports.empty'));
          setAnswer(null);
          return;
        }
        setErrors({});
        setMessage(null);
        setAnswer({ rows: body.data, meta: body.meta });
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [query, lang, t]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery(form);
  };
  const field = (name: keyof Query) => ({
    id: `report-${name}`,
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `report-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <span id={`report-${name}-error`} className="field-error" role="alert">
        {errors[name].join(' ')}
      </span>
    ) : null;

  const chart = useMemo(() => (answer ? chartOf(answer.rows, answer.meta, t) : null), [answer, t]);

  return (
    <Screen
      title={t('staff.reports.nav')}
      actions={
        <>
          <a
            className="button button--secondary"
            href={reportUrl(query, 'csv', lang)}
            download
            data-testid="report-csv"
          >
            {t('staff.reports.csv')}
          </a>
          <a
            className="button button--secondary"
            href={reportUrl(query, 'xlsx', lang)}
            download
            data-testid="report-xlsx"
          >
            {t('staff.reports.xlsx')}
          </a>
        </>
      }
    >
      <form className="report-form" onSubmit={submit} noValidate>
        <label htmlFor="report-report">{t('staff.reports.report')}</label>
        <select {...field('report')}>
          {REPORT_NAMES.map((r) => (
            <option key={r} value={r}>
              {t(`staff.reports.name.${r}`)}
            </option>
          ))}
        </select>
        <label htmlFor="report-from">{t('staff.reports.from')}</label>
        <input type="date" {...field('from')} />
        {error('from')}
        <label htmlFor="report-to">{t('staff.reports.to')}</label>
        <input type="date" {...field('to')} />
        {error('to')}
        <label htmlFor="report-group">{t('staff.reports.group')}</label>
        <select {...field('group')}>
          {REPORT_GROUPS.map((g) => (
            <option key={g} value={g}>
              {t(`staff.reports.group.${g}`)}
            </option>
          ))}
        </select>
        <label htmlFor="report-by">{t('staff.reports.by')}</label>
        <select {...field('by')}>
          {REPORT_BY.map((b) => (
            <option key={b} value={b}>
              {t(`staff.reports.by.${b}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          {t('staff.reports.show')}
        </button>
      </form>
      <div aria-live="polite">
        {loading ? <p>{t('staff.reports.loading')}</p> : message ? <p role="alert">{message}</p> : null}
      </div>
      {answer ? (
        <>
          {answer.meta.alert ? (
            <p className="report-alert" role="alert" data-testid="fpd-alert">
              {answer.meta.alert}
            </p>
          ) : null}
          {answer.meta.notes.map((n) => (
            <p key={n} className="report-note">
              {n}
            </p>
          ))}
          {chart ? (
            <Suspense fallback={<p>{t('staff.reports.loading')}</p>}>
              <ReportChart {...chart} />
            </Suspense>
          ) : null}
          {answer.rows.length ? (
            // focusable, so that keyboard users can scroll a table wider than the screen (WCAG 2.1.1)
            <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="report-table-caption">
              <table className="report-table" data-testid="report-table">
                <caption id="report-table-caption">{`${answer.meta.title}: ${answer.meta.from} – ${answer.meta.to}`}</caption>
                <thead>
                  <tr>
                    {answer.meta.columns.map((c) => (
                      <th key={c.key} scope="col">
                        {c.text}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {answer.rows.map((row) => (
                    <tr key={row.id} className={row.alert === true ? 'report-row--alert' : undefined}>
                      {answer.meta.columns.map((c) => (
                        <td key={c.key}>{cell(row[c.key], c.kind, lang, t)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t('staff.reports.empty')}</p>
          )}
        </>
      ) : null}
    </Screen>
  );
}

function cell(v: unknown, kind: string, lang: string, t: (k: string) => string): string {
  if (v === null || v === undefined) return '—';
  const locale = lang === 'es' ? 'es-US' : 'en-US';
  if (kind === 'flag') return v ? t('staff.option.yes') : t('staff.option.no');
  if (kind === 'money' && typeof v === 'number')
    return v.toLocaleString(locale, { style: 'currency', currency: 'USD' });
  if (kind === 'percent' && typeof v === 'number') return `${v.toLocaleString(locale, { maximumFractionDigits: 1 })}%`;
  if (typeof v === 'number') return v.toLocaleString(locale);
  return String(v);
}

/** The chart's points: counts summed per period; rates per row (period and scope), with the alert line. */
function chartOf(rows: ReportRow[], meta: ReportMeta, t: (k: string, p?: Record<string, string | number>) => string) {
  const series = meta.columns.filter((c) => c.chart).map((c) => ({ key: c.key, label: c.text }));
  if (!series.length || !rows.length) return null;
  const rates = meta.columns.some((c) => c.chart && c.kind === 'percent');
  let points;
  if (rates) {
    points = rows.map((r) => ({
      label: [meta.by === 'all' ? r.period : `${r.period} ${r.scope}`, r.from_bucket, r.to_bucket]
        .filter((part) => typeof part === 'string' && part)
        .join(' '),
      values: Object.fromEntries(series.map((s) => [s.key, (r[s.key] as number | null) ?? null])),
    }));
  } else {
    const byPeriod = new Map<string, Record<string, number>>();
    for (const r of rows) {
      const acc = byPeriod.get(r.period) ?? {};
      for (const s of series) acc[s.key] = (acc[s.key] ?? 0) + (Number(r[s.key]) || 0);
      byPeriod.set(r.period, acc);
    }
    points = [...byPeriod].map(([label, values]) => ({ label, values }));
  }
  const totals = series
    .map((s) => `${s.label} ${points.reduce((sum, p) => sum + (p.values[s.key] ?? 0), 0).toLocaleString()}`)
    .join(', ');
  const summary = t('staff.reports.chartSummary', {
    report: meta.title,
    from: meta.from,
    to: meta.to,
    summary: rates ? series.map((s) => s.label).join(', ') : totals,
  });
  return {
    title: t('staff.reports.chart', { report: meta.title }),
    summary,
    series,
    points,
    ...(meta.report === 'first-payment-default'
      ? { threshold: { value: FPD_ALERT_PERCENT, label: t('staff.reports.alert', { threshold: FPD_ALERT_PERCENT }) } }
      : meta.report === 'ach-returns'
        ? {
            threshold: {
              value: ACH_THRESHOLDS.overall,
              label: t('staff.reports.achThreshold', { threshold: ACH_THRESHOLDS.overall }),
            },
          }
        : {}),
  };
}
