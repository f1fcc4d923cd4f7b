// Mobile Slides (issue 12): the welcome slides of the mobile app with an image (uploads service) and their order;
// the app reads the active ones at GET /mobile/v1/slides.
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { YesNo } from '../../common/Screen.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/mobile-slides',
  route: '/mobile-slides',
  title: 'crm.nav.mobileSlides',
  newTitle: 'crm.form.newSlide',
  editTitle: 'crm.form.editSlide',
  permissions: { view: 'slides.view', create: 'slides.manage', update: 'slides.manage', delete: 'slides.manage' },
  intro: (t) => <p>{t('crm.ui.intro.mobileSlides')}</p>,
  columns: (t) => [
    { key: 'position', label: t('crm.field.position'), sortable: true },
    { key: 'title', label: t('crm.field.title'), sortable: true },
    { key: 'body', label: t('crm.field.body') },
    {
      key: 'image_name',
      label: t('crm.field.image'),
      render: (row) => (row.image_id ? String(row.image_name ?? row.image_id) : t('crm.ui.noFile')),
    },
    { key: 'active', label: t('crm.field.active'), render: (row) => <YesNo value={row.active} /> },
  ],
};

export function MobileSlidesScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
