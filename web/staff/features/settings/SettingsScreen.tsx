// Settings: typed values (text, number, yes/no, a role); built-in settings cannot be deleted.
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/settings',
  route: '/settings',
  title: 'staff.ui.nav.settings',
  newTitle: 'staff.form.newSetting',
  editTitle: 'staff.form.editSetting',
  permissions: {
    view: 'settings.view',
    create: 'settings.create',
    update: 'settings.update',
    delete: 'settings.delete',
  },
  canDelete: (row) => !row.builtin,
  columns: (t) => [
    { key: 'key', label: t('staff.field.key'), sortable: true },
    { key: 'label', label: t('staff.field.label'), sortable: true },
    {
      key: 'type',
      label: t('staff.field.type'),
      render: (row) => (row.type === 'role' ? t('staff.field.roles') : t(`staff.option.type.${String(row.type)}`)),
    },
    {
      key: 'value',
      label: t('staff.field.value'),
      render: (row) =>
        typeof row.value === 'boolean'
          ? t(row.value ? 'staff.option.yes' : 'staff.option.no')
          : String(row.value ?? ''),
    },
  ],
};

export function SettingsScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
