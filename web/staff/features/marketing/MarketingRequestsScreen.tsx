// Marketing Requests (issue 12): a store asks for material; marketing staff move each request along.
import { formatDate } from '../../../lib/format.ts';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { DateTime } from '../../common/Screen.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/marketing-requests',
  route: '/marketing-requests',
  title: 'crm.nav.marketingRequests',
  newTitle: 'crm.form.newMarketingRequest',
  editTitle: 'crm.form.editMarketingRequest',
  permissions: {
    view: 'marketing.request',
    create: 'marketing.request',
    update: 'marketing.manage',
    delete: 'marketing.manage',
  },
  intro: (t) => <p>{t('crm.ui.intro.marketingRequests')}</p>,
  columns: (t) => [
    { key: 'store_name', label: t('crm.field.store') },
    { key: 'retailer_name', label: t('crm.field.retailer') },
    {
      key: 'material',
      label: t('crm.field.material'),
      render: (row) => t(`crm.option.material.${String(row.material)}`),
    },
    { key: 'quantity', label: t('crm.field.quantity') },
    {
      key: 'needed_by',
      label: t('crm.field.needed_by'),
      sortable: true,
      render: (row) => formatDate(String(row.needed_by ?? '')),
    },
    {
      key: 'status',
      label: t('crm.field.requestStatus'),
      sortable: true,
      render: (row) => t(`crm.option.status.${String(row.status)}`),
    },
    {
      key: 'created_at',
      label: t('crm.field.createdAt'),
      sortable: true,
      render: (row) => <DateTime value={row.created_at} />,
    },
  ],
};

export function MarketingRequestsScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
