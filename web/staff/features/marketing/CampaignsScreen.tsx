// Marketing Campaigns (issue 12).
import { formatDate } from '../../../lib/format.ts';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { formatMoney } from '../../common/display.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/campaigns',
  route: '/campaigns',
  title: 'crm.nav.campaigns',
  newTitle: 'crm.form.newCampaign',
  editTitle: 'crm.form.editCampaign',
  permissions: {
    view: 'marketing.view',
    create: 'marketing.manage',
    update: 'marketing.manage',
    delete: 'marketing.manage',
  },
  intro: (t) => <p>{t('crm.ui.intro.campaigns')}</p>,
  columns: (t) => [
    { key: 'name', label: t('crm.field.name'), sortable: true },
    { key: 'channel', label: t('crm.field.channel'), render: (row) => t(`crm.option.channel.${String(row.channel)}`) },
    {
      key: 'status',
      label: t('crm.field.campaignStatus'),
      sortable: true,
      render: (row) => t(`crm.option.status.${String(row.status)}`),
    },
    {
      key: 'starts_on',
      label: t('crm.field.starts_on'),
      sortable: true,
      render: (row) => formatDate(String(row.starts_on ?? '')),
    },
    { key: 'ends_on', label: t('crm.field.ends_on'), render: (row) => formatDate(String(row.ends_on ?? '')) },
    {
      key: 'budget',
      label: t('crm.field.budget'),
      render: (row) => (typeof row.budget === 'number' ? formatMoney(row.budget) : ''),
    },
  ],
};

export function CampaignsScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
