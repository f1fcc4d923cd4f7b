// Stores: list (filters active and retailer), the store form with every lease program flag, delete.
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { YesNo } from '../../common/Screen.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/stores',
  route: '/stores',
  title: 'staff.ui.nav.stores',
  newTitle: 'staff.form.newStore',
  editTitle: 'staff.form.editStore',
  permissions: { view: 'stores.view', create: 'stores.create', update: 'stores.update', delete: 'stores.delete' },
  columns: (t) => [
    { key: 'name', label: t('staff.field.name'), sortable: true },
    { key: 'slug', label: t('staff.field.slug'), sortable: true },
    { key: 'retailer_name', label: t('staff.field.retailer') },
    { key: 'identifier', label: t('staff.field.type'), render: (row) => t(`staff.option.${String(row.identifier)}`) },
    { key: 'state', label: t('staff.field.state') },
    { key: 'rating', label: t('staff.field.rating'), sortable: true },
    { key: 'active', label: t('staff.field.active'), render: (row) => <YesNo value={row.active} /> },
  ],
};

export function StoresScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
