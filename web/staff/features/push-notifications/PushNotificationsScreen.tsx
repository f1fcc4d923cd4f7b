// Push Notifications (issue 12): compose, schedule (empty = now) and target (everyone, a retailer, a store); due
// ones are sent when read, and the mobile app reads them at GET /mobile/v1/notifications.
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { DateTime } from '../../common/Screen.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/push-notifications',
  route: '/push-notifications',
  title: 'crm.nav.pushNotifications',
  newTitle: 'crm.form.newPush',
  editTitle: 'crm.form.editPush',
  permissions: { view: 'push.view', create: 'push.manage', update: 'push.manage', delete: 'push.manage' },
  intro: (t) => <p>{t('crm.ui.intro.pushNotifications')}</p>,
  columns: (t) => [
    { key: 'title', label: t('crm.field.title'), sortable: true },
    { key: 'body', label: t('crm.field.message') },
    {
      key: 'target',
      label: t('crm.field.target'),
      render: (row) =>
        [t(`crm.option.target.${String(row.target)}`), row.retailer_name, row.store_name].filter(Boolean).join(': '),
    },
    {
      key: 'send_at',
      label: t('crm.field.send_at'),
      sortable: true,
      render: (row) => String(row.send_at ?? '').replace('T', ' '),
    },
    {
      key: 'status',
      label: t('crm.field.pushStatus'),
      sortable: true,
      render: (row) => t(`crm.option.status.${String(row.status)}`),
    },
    { key: 'sent_at', label: t('crm.field.sentAt'), render: (row) => <DateTime value={row.sent_at} /> },
  ],
};

export function PushNotificationsScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
