// The 403 Permission Denied page (a route the user may not open, or a screen whose read answered 403) and the 404.
import { Link } from 'wouter';
import { useT } from '../../lib/i18n.tsx';
import { Screen } from '../common/Screen.tsx';

export function ForbiddenPage() {
  const t = useT();
  return (
    <Screen title={t('staff.permissionDenied')}>
      <div className="staff-card staff-error" data-testid="forbidden">
        <p>
          <strong>{t('staff.notAllowed')}</strong>
        </p>
        <p>{t('page.forbidden.text')}</p>
        <p>
          <Link href="/">{t('staff.ui.backToDashboard')}</Link>
        </p>
      </div>
    </Screen>
  );
}

export function NotFoundPage() {
  const t = useT();
  return (
    <Screen title={t('page.notFound.title')}>
      <div className="staff-card staff-error">
        <p>{t('page.notFound.text')}</p>
        <p>
          <Link href="/">{t('staff.ui.backToDashboard')}</Link>
        </p>
      </div>
    </Screen>
  );
}
