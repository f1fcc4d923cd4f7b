// Tasks (issue 12): due dates, an assigned user, and a recurrence (the toolkit's recurrence field; 'Never' is limited
// to 1 year). The server computes the next dates with rrule; completing a repeating task moves it to its next date.
import { formatDate } from '../../../lib/format.ts';
import type { Translate } from '../../../lib/i18n.tsx';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';

export function nextDates(row: Record<string, unknown>, t: Translate) {
  const dates = Array.isArray(row.next_occurrences) ? (row.next_occurrences as string[]) : [];
  if (!row.repeats || !dates.length) return null;
  return (
    <span className="staff-muted">
      {t('crm.ui.repeatsYes')}:{' '}
      {dates
        .slice(0, 3)
        .map((d) => formatDate(d.slice(0, 10)))
        .join(', ')}
    </span>
  );
}

const definition: ResourceDefinition = {
  api: '/staff/api/tasks',
  route: '/tasks',
  title: 'crm.nav.tasks',
  newTitle: 'crm.form.newTask',
  editTitle: 'crm.form.editTask',
  newLabel: 'crm.ui.newTask',
  permissions: { view: 'tasks.view', create: 'tasks.manage', update: 'tasks.manage', delete: 'tasks.manage' },
  intro: (t) => <p>{t('crm.ui.intro.tasks')}</p>,
  columns: (t) => [
    { key: 'title', label: t('crm.field.title'), sortable: true },
    {
      key: 'due_at',
      label: t('crm.field.due_at'),
      sortable: true,
      render: (row) => formatDate(String(row.due_at ?? '')),
    },
    { key: 'assignee_name', label: t('crm.field.assignee_id') },
    {
      key: 'status',
      label: t('crm.field.status'),
      sortable: true,
      render: (row) => t(`crm.option.status.${String(row.status)}`),
    },
    { key: 'next_occurrences', label: t('crm.field.nextDates'), render: (row) => nextDates(row, t) },
  ],
};

export function TasksScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
