// The dashboard (seed 001 section 2): today's numbers and the last 14 days (GET /staff/api/dashboard), the work
// queues, open tasks (the records claimed by the user), recent applications, recently accessed records, and the
// last updated leads and stores.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { ServicingDayView } from '../../../../machines/contracts/reports.ts';
import type { ApplicationRow, DashboardView } from '../../../../machines/contracts/staff-leases.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT, type Translate } from '../../../lib/i18n.tsx';
import { DetailList } from '../../common/Details.tsx';
import { formatMoney } from '../../common/display.tsx';
import { readRecent } from '../../common/recent.ts';
import { DateTime, Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { OpenTasks, type OpenTask } from '../../common/OpenTasks.tsx';

function Frame({
  id,
  title,
  children,
  wide,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <section
      className={`staff-card staff-frame${wide ? ' staff-frame--wide' : ''}`}
      aria-labelledby={id}
      data-testid={id}
    >
      <h2 id={id} className="staff-frame__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: DashboardView };

const CHART_HEIGHT = 120;
const BAR_SLOT = 24;

/** Applications (grey) and approvals (brand) per day, as plain SVG bars with a summary for assistive technology. */
function DaysChart({ days, t }: { days: DashboardView['days']; t: Translate }) {
  if (!days.length) return <p className="tk-empty">{t('staff.ui.lease.noData')}</p>;
  const max = Math.max(1, ...days.map((d) => d.applications));
  const applications = days.reduce((sum, d) => sum + d.applications, 0);
  const approvals = days.reduce((sum, d) => sum + d.approvals, 0);
  const busiest = days.reduce((best, d) => (d.applications > best.applications ? d : best), days[0]!);
  const summary = t('staff.ui.lease.chartSummary', {
    days: days.length,
    from: formatDate(days[0]!.date),
    to: formatDate(days[days.length - 1]!.date),
    applications,
    approvals,
    busiest: formatDate(busiest.date),
    most: busiest.applications,
  });
  const width = days.length * BAR_SLOT;
  const scale = (n: number) => Math.round((n / max) * (CHART_HEIGHT - 4));
  return (
    <figure className="staff-chart">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${CHART_HEIGHT + 16}`}
        className="staff-chart__svg"
        data-testid="dashboard-chart"
      >
        <line x1="0" x2={width} y1={CHART_HEIGHT} y2={CHART_HEIGHT} className="staff-chart__axis" />
        {days.map((d, index) => {
          const x = index * BAR_SLOT;
          const a = scale(d.applications);
          const p = scale(Math.min(d.approvals, d.applications));
          return (
            <g key={d.date}>
              <rect
                x={x + 3}
                y={CHART_HEIGHT - a}
                width={9}
                height={a}
                className="staff-chart__bar staff-chart__bar--applications"
              />
              <rect
                x={x + 12}
                y={CHART_HEIGHT - p}
                width={9}
                height={p}
                className="staff-chart__bar staff-chart__bar--approvals"
              />
              <text x={x + 12} y={CHART_HEIGHT + 12} textAnchor="middle" className="staff-chart__label">
                {d.date.slice(8, 10)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="staff-chart__legend">
        <span className="staff-chart__key staff-chart__key--applications" aria-hidden="true" />{' '}
        {t('staff.ui.lease.applications')}{' '}
        <span className="staff-chart__key staff-chart__key--approvals" aria-hidden="true" />{' '}
        {t('staff.ui.lease.approvals')}
      </figcaption>
    </figure>
  );
}

function RowLinks({ rows, empty, base }: { rows: ApplicationRow[]; empty: string; base: string | undefined }) {
  if (!rows.length) return <p className="tk-empty">{empty}</p>;
  return (
    <ul className="staff-list">
      {rows.map((r) => (
        <li key={r.uuid}>
          {base ? (
            <Link href={`${base}/${encodeURIComponent(r.uuid)}`}>{r.applicant_name || r.loan_number}</Link>
          ) : (
            r.applicant_name
          )}{' '}
          <span className="staff-muted">
            {r.status_label} · {r.store_name}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Issue 23: the servicing day (due, collected and failed today, the collections queue by bucket, ACH alerts). */
function ServicingDay({ t }: { t: Translate }) {
  const { caller } = useSession();
  const [day, setDay] = useState<ServicingDayView | null | 'error'>(null);
  useEffect(() => {
    let live = true;
    void caller.get<ServicingDayView>('/staff/api/dashboard/servicing').then((r) => {
      if (live) setDay(r.status && r.data ? r.data : 'error');
    });
    return () => {
      live = false;
    };
  }, [caller]);
  const title = t('staff.servicingDay.title', { date: day && day !== 'error' ? formatDate(day.date) : '' });
  return (
    <Frame id="dash-servicing" title={title}>
      {day === 'error' ? (
        <p className="tk-loading">{t('staff.ui.lease.unavailable')}</p>
      ) : day ? (
        <>
          {day.ach_alerts.map((a) => (
            <p key={a.measure} className="tk-alert tk-alert--error" role="alert">
              {a.text} ({t('staff.ui.lease.percent', { value: a.rate })})
            </p>
          ))}
          <DetailList
            items={[
              ...(day.due
                ? [
                    {
                      label: t('staff.servicingDay.due'),
                      value: t('staff.servicingDay.amount', {
                        amount: formatMoney(day.due.amount),
                        count: day.due.count,
                      }),
                      always: true,
                    },
                  ]
                : []),
              {
                label: t('staff.servicingDay.collected'),
                value: t('staff.servicingDay.amount', {
                  amount: formatMoney(day.collected.amount),
                  count: day.collected.count,
                }),
                always: true,
              },
              { label: t('staff.servicingDay.failed'), value: String(day.failed), always: true },
            ]}
          />
          <h3>{t('staff.servicingDay.queues')}</h3>
          <ul className="staff-list" data-testid="dash-servicing-queues">
            {day.queues.map((q) => (
              <li key={q.bucket}>
                <Link href="/collections-queue">
                  {t('staff.servicingDay.bucket', { bucket: q.bucket, count: q.count })}
                </Link>
              </li>
            ))}
          </ul>
          {day.ach_alerts.length ? null : <p className="staff-muted">{t('staff.servicingDay.achOk')}</p>}
        </>
      ) : (
        <p className="tk-loading">{t('app.loading')}</p>
      )}
    </Frame>
  );
}

export function Dashboard() {
  const t = useT();
  const { me, caller, can } = useSession();
  const recent = readRecent(me.user.id);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const recordBase = can('applications.view') ? '/applications' : can('leases.view') ? '/leases' : undefined;

  const fetch = useCallback(async () => {
    setLoad({ status: 'loading' });
    const r = await caller.get<DashboardView>('/staff/api/dashboard');
    setLoad(
      r.status && r.data
        ? { status: 'ready', data: r.data }
        : { status: 'error', message: r.message ?? r.error ?? t('error.unknown') },
    );
  }, [caller, t]);

  useEffect(() => {
    void fetch();
  }, [fetch]);

  const data = load.status === 'ready' ? load.data : undefined;
  const pending = (
    <p className="tk-loading">{load.status === 'loading' ? t('app.loading') : t('staff.ui.lease.unavailable')}</p>
  );

  return (
    <Screen
      title={t('staff.ui.nav.dashboard')}
      intro={<p>{t('staff.ui.dashboard.welcome', { name: me.user.display_name })}</p>}
    >
      <p className="visually-hidden" role="status">
        {load.status === 'loading' ? t('app.loading') : ''}
      </p>
      {load.status === 'error' ? (
        <div className="tk-alert tk-alert--error" role="alert">
          {load.message}{' '}
          <button type="button" className="tk-btn tk-btn--small" onClick={() => void fetch()}>
            {t('toolkit.list.retry')}
          </button>
        </div>
      ) : null}
      <div className="staff-frames">
        <Frame id="dash-today" title={t('staff.ui.lease.today')}>
          {data ? (
            <DetailList
              items={[
                { label: t('staff.ui.lease.applications'), value: String(data.today.applications), always: true },
                { label: t('staff.ui.lease.approvals'), value: String(data.today.approvals), always: true },
                {
                  label: t('staff.ui.lease.approvalRate'),
                  value: t('staff.ui.lease.percent', { value: Math.round(data.today.approval_rate * 10) / 10 }),
                  always: true,
                },
                {
                  label: t('staff.ui.lease.fundedAmount'),
                  value: t('staff.ui.lease.fundedToday', {
                    amount: formatMoney(data.today.funded_amount),
                    count: data.today.funded_count,
                  }),
                  always: true,
                },
              ]}
            />
          ) : (
            pending
          )}
        </Frame>
        {can('collections.view') ? <ServicingDay t={t} /> : null}
        <Frame id="dash-days" title={t('staff.ui.lease.lastDays', { days: data?.days.length || 14 })} wide>
          {data ? <DaysChart days={data.days} t={t} /> : pending}
        </Frame>
        {can('lease-queue.view') ? (
          <Frame id="dash-queues" title={t('staff.ui.nav.leaseQueue')}>
            {data ? (
              <ul className="staff-list">
                {data.queues.map((q) => (
                  <li key={q.id}>
                    <Link href={`/lease-queue/${q.id}`}>
                      {t('staff.ui.lease.queueCount', { name: t(q.label), count: q.count })}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              pending
            )}
          </Frame>
        ) : null}
        <Frame id="dash-tasks" title={t('staff.ui.dashboard.tasks')}>
          {data ? <RowLinks rows={data.my_claims} empty={t('staff.ui.lease.noClaims')} base={recordBase} /> : pending}
          {can('tasks.view') ? (
            <OpenTasks rows={(data as { open_tasks?: OpenTask[] } | undefined)?.open_tasks} />
          ) : null}
        </Frame>
        <Frame id="dash-applications" title={t('staff.ui.lease.recentApplications')}>
          {data ? (
            <RowLinks rows={data.recent_applications} empty={t('toolkit.list.noResults')} base={recordBase} />
          ) : (
            pending
          )}
        </Frame>
        <Frame id="dash-recent" title={t('staff.ui.dashboard.recent')}>
          {recent.length ? (
            <ul className="staff-list">
              {recent.map((r) => (
                <li key={r.path}>
                  <Link href={r.path}>{r.label}</Link> <span className="staff-muted">({t(r.kind)})</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="tk-empty">{t('staff.ui.dashboard.recentNone')}</p>
          )}
        </Frame>
        <Frame id="dash-leads" title={t('staff.ui.dashboard.leads')}>
          {data ? (
            data.last_updated_leads.length ? (
              <ul className="staff-list">
                {data.last_updated_leads.map((lead) => (
                  <li key={lead.id}>
                    {lead.name} <DateTime value={lead.updated_at} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="tk-empty">{t('staff.ui.lease.noLeads')}</p>
            )
          ) : (
            pending
          )}
        </Frame>
        <Frame id="dash-stores" title={t('staff.ui.dashboard.stores')}>
          {data ? (
            data.last_updated_stores.length ? (
              <ul className="staff-list">
                {data.last_updated_stores.map((s) => (
                  <li key={s.id}>
                    {can('stores.view') ? <Link href={`/stores/${encodeURIComponent(s.id)}`}>{s.name}</Link> : s.name}{' '}
                    <span className="staff-muted">{s.retailer_name}</span> <DateTime value={s.updated_at} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="tk-empty">{t('toolkit.list.noResults')}</p>
            )
          ) : (
            pending
          )}
        </Frame>
      </div>
    </Screen>
  );
}
