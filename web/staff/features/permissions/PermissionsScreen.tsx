// Permissions: every permission and field permission with the guards whose roles may hold it (filter by guard).
import { useT } from '../../../lib/i18n.tsx';
import { PagedList } from '../../../toolkit/list/PagedList.tsx';
import { Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';

export function PermissionsScreen() {
  const t = useT();
  const { caller } = useSession();
  return (
    <Screen title={t('staff.ui.nav.permissions')} intro={<p>{t('staff.ui.permissionsIntro')}</p>}>
      <PagedList
        url="/staff/api/permissions"
        caption={t('staff.ui.listCaption', { name: t('staff.ui.nav.permissions') })}
        caller={caller}
        rowKey={(row) => String(row.name)}
        columns={[
          { key: 'name', label: t('staff.field.name'), sortable: true },
          {
            key: 'group',
            label: t('staff.ui.group'),
            sortable: true,
            render: (row) => t(`staff.permissionGroup.${String(row.group).replace(/^fields\..*/, 'fields')}`),
          },
          {
            key: 'kind',
            label: t('staff.field.type'),
            render: (row) => t(row.kind === 'field' ? 'staff.ui.kind.field' : 'staff.ui.kind.permission'),
          },
          {
            key: 'guards',
            label: t('staff.ui.guards'),
            render: (row) => (row.guards as string[]).map((g) => t(`staff.guard.${g}`)).join(', '),
          },
        ]}
      />
    </Screen>
  );
}
