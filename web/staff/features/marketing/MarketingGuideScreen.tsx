// Marketing Guide and Videos (issue 12): guide entries and video links, in their order.
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/marketing-guide',
  route: '/marketing-guide',
  title: 'crm.nav.marketingGuide',
  newTitle: 'crm.form.newGuide',
  editTitle: 'crm.form.editGuide',
  permissions: {
    view: 'marketing.view',
    create: 'marketing.manage',
    update: 'marketing.manage',
    delete: 'marketing.manage',
  },
  intro: (t) => <p>{t('crm.ui.intro.marketingGuide')}</p>,
  columns: (t) => [
    { key: 'position', label: t('crm.field.position'), sortable: true },
    { key: 'title', label: t('crm.field.title'), sortable: true },
    { key: 'kind', label: t('crm.field.kind'), render: (row) => t(`crm.option.kind.${String(row.kind)}`) },
    {
      key: 'body',
      label: t('crm.field.body'),
      render: (row) =>
        row.kind === 'video' && typeof row.video_url === 'string' ? (
          <a href={row.video_url} target="_blank" rel="noopener noreferrer">
            {t('crm.ui.watch')} <span className="visually-hidden">{String(row.title)}</span>
          </a>
        ) : (
          String(row.body ?? '')
        ),
    },
  ],
};

export function MarketingGuideScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
