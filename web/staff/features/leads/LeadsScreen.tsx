// Leads (issue 12): prospective retailers and stores, the new lead form from the server, filtered by status.
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { DateTime } from '../../common/Screen.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/leads',
  route: '/leads',
  title: 'crm.nav.leads',
  newTitle: 'crm.form.newLead',
  editTitle: 'crm.form.editLead',
  newLabel: 'crm.ui.newLead',
  permissions: { view: 'leads.view', create: 'leads.manage', update: 'leads.manage', delete: 'leads.manage' },
  intro: (t) => <p>{t('crm.ui.intro.leads')}</p>,
  columns: (t) => [
    { key: 'name', label: t('crm.field.name'), sortable: true },
    { key: 'company', label: t('crm.field.company'), sortable: true },
    {
      key: 'status',
      label: t('crm.field.status'),
      sortable: true,
      render: (row) => t(`crm.option.status.${String(row.status)}`),
    },
    { key: 'source', label: t('crm.field.source'), render: (row) => t(`crm.option.source.${String(row.source)}`) },
    { key: 'owner_name', label: t('crm.field.owner_id') },
    {
      key: 'updated_at',
      label: t('crm.field.updatedAt'),
      sortable: true,
      render: (row) => <DateTime value={row.updated_at} />,
    },
  ],
};

export function LeadsScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
