// Contacts (issue 12): people at retailers, stores and leads.
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/contacts',
  route: '/contacts',
  title: 'crm.nav.contacts',
  newTitle: 'crm.form.newContact',
  editTitle: 'crm.form.editContact',
  permissions: { view: 'leads.view', create: 'leads.manage', update: 'leads.manage', delete: 'leads.manage' },
  intro: (t) => <p>{t('crm.ui.intro.contacts')}</p>,
  columns: (t) => [
    { key: 'name', label: t('crm.field.name'), sortable: true },
    { key: 'company', label: t('crm.field.company'), sortable: true },
    { key: 'title', label: t('crm.field.jobTitle') },
    { key: 'email', label: t('crm.field.email') },
    { key: 'phone', label: t('crm.field.phone') },
    { key: 'lead_name', label: t('crm.field.lead') },
  ],
};

export function ContactsScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
