// Retailers: list (filter active), create, edit, delete (refused while it still has stores).
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { YesNo } from '../../common/Screen.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/retailers',
  route: '/retailers',
  title: 'staff.ui.nav.retailers',
  newTitle: 'staff.form.newRetailer',
  editTitle: 'staff.form.editRetailer',
  permissions: {
    view: 'retailers.view',
    create: 'retailers.create',
    update: 'retailers.update',
    delete: 'retailers.delete',
  },
  columns: (t) => [
    { key: 'name', label: t('staff.field.name'), sortable: true },
    { key: 'slug', label: t('staff.field.slug'), sortable: true },
    { key: 'brand', label: t('staff.field.brand'), render: (row) => t(`staff.brand.${String(row.brand)}`) },
    { key: 'active', label: t('staff.field.active'), render: (row) => <YesNo value={row.active} /> },
  ],
};

export function RetailersScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
