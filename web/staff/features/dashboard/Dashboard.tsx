// The dashboard frame (seed 001 section 2): open tasks, recently accessed records, last updated leads and stores.
// Frames whose data does not exist yet say so plainly; the others show real data.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n.tsx';
import { readRecent } from '../../common/recent.ts';
import { DateTime, Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { LOOKUP } from '../../common/StaffForm.tsx';

interface StoreRow {
  id: string;
  name: string;
  retailer_name: string;
  created_at: string;
}

function Frame({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="staff-card staff-frame" aria-labelledby={id}>
      <h2 id={id} className="staff-frame__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Dashboard() {
  const t = useT();
  const { me, caller, can } = useSession();
  const recent = readRecent(me.user.id);
  const [stores, setStores] = useState<StoreRow[] | undefined>(undefined);
  const mayViewStores = can('stores.view');

  useEffect(() => {
    if (!mayViewStores) return undefined;
    let live = true;
    void caller
      .get<StoreRow[]>('/staff/api/stores', { limit: 5, page: 1, sortBy: 'created_at', sortDesc: 'true' }, LOOKUP)
      .then((r) => live && setStores(r.status && Array.isArray(r.data) ? r.data : []));
    return () => {
      live = false;
    };
  }, [caller, mayViewStores]);

  return (
    <Screen title={t('staff.ui.nav.dashboard')} intro={<p>{t('staff.ui.dashboard.welcome', { name: me.user.display_name })}</p>}>
      <div className="staff-frames">
        <Frame id="dash-tasks" title={t('staff.ui.dashboard.tasks')}>
          <p className="tk-empty">{t('staff.ui.dashboard.tasksSoon')}</p>
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
          <p className="tk-empty">{t('staff.ui.dashboard.leadsSoon')}</p>
        </Frame>
        <Frame id="dash-stores" title={t('staff.ui.dashboard.stores')}>
          {!mayViewStores ? (
            <p className="tk-empty">{t('staff.ui.dashboard.storesHidden')}</p>
          ) : stores === undefined ? (
            <p className="tk-loading" role="status">
              {t('app.loading')}
            </p>
          ) : stores.length ? (
            <>
              <p className="staff-muted">{t('staff.ui.dashboard.storesNote')}</p>
              <ul className="staff-list">
                {stores.map((s) => (
                  <li key={s.id}>
                    <Link href={`/stores/${encodeURIComponent(s.id)}`}>{s.name}</Link> <span className="staff-muted">{s.retailer_name}</span>{' '}
                    {s.created_at ? <DateTime value={s.created_at} /> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="tk-empty">{t('toolkit.list.noResults')}</p>
          )}
        </Frame>
      </div>
    </Screen>
  );
}
