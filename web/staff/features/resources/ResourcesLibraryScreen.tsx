// Resources Library (issue 12): documents for stores by category; the file is uploaded through the uploads service
// (POST /staff/api/files) and the record keeps its id.
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { DateTime } from '../../common/Screen.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/resources-library',
  route: '/resources-library',
  title: 'crm.nav.resourcesLibrary',
  newTitle: 'crm.form.newLibraryItem',
  editTitle: 'crm.form.editLibraryItem',
  permissions: {
    view: 'marketing.view',
    create: 'marketing.manage',
    update: 'marketing.manage',
    delete: 'marketing.manage',
  },
  intro: (t) => <p>{t('crm.ui.intro.resourcesLibrary')}</p>,
  columns: (t) => [
    { key: 'title', label: t('crm.field.title'), sortable: true },
    {
      key: 'category',
      label: t('crm.field.category'),
      sortable: true,
      render: (row) => t(`crm.option.category.${String(row.category)}`),
    },
    { key: 'description', label: t('crm.field.description') },
    {
      key: 'file_name',
      label: t('crm.field.document'),
      render: (row) => (row.file_id ? String(row.file_name ?? row.file_id) : t('crm.ui.noFile')),
    },
    {
      key: 'updated_at',
      label: t('crm.field.updatedAt'),
      sortable: true,
      render: (row) => <DateTime value={row.updated_at} />,
    },
  ],
};

export function ResourcesLibraryScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
