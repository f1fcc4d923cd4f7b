// The audit log (admins): sign-ins, failed sign-ins, permission changes and refusals, newest first.
import { useT } from '../../../lib/i18n.tsx';
import { PagedList } from '../../../toolkit/list/PagedList.tsx';
import { DateTime, Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';

export function AuditScreen() {
  const t = useT();
  const { caller } = useSession();
  return (
    <Screen title={t('staff.ui.nav.audit')}>
      <PagedList
        url="/staff/api/audit"
        caption={t('staff.ui.listCaption', { name: t('staff.ui.nav.audit') })}
        caller={caller}
        columns={[
          { key: 'at', label: t('staff.ui.audit.at'), render: (row) => <DateTime value={row.at} /> },
          { key: 'type', label: t('staff.field.auditType') },
          { key: 'actor_name', label: t('staff.field.user') },
          { key: 'ip', label: t('staff.ui.audit.ip') },
          { key: 'target', label: t('staff.ui.audit.target') },
          {
            key: 'detail',
            label: t('staff.ui.audit.detail'),
            render: (row) => (
              <code className="staff-code">
                {row.detail && Object.keys(row.detail).length ? JSON.stringify(row.detail) : ''}
              </code>
            ),
          },
        ]}
      />
    </Screen>
  );
}
