// The dashboard's open tasks (issue 12): the rows the dashboard API sends (`open_tasks`), or else the user's open
// tasks from the task list; an empty state otherwise.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.tsx';
import { useSession } from './session.tsx';

export interface OpenTask {
  id: string;
  title: string;
  due_at: string;
  repeats?: boolean;
  overdue?: boolean;
}

export function OpenTasks({ rows }: { rows?: OpenTask[] }) {
  const t = useT();
  const { me, caller, can } = useSession();
  const [fetched, setFetched] = useState<OpenTask[] | undefined>(undefined);
  useEffect(() => {
    if (rows || !can('tasks.view')) return;
    let live = true;
    void caller
      .get<OpenTask[]>(`/staff/api/tasks?status=open&assignee=${encodeURIComponent(me.user.id)}&sortBy=due_at&limit=5`)
      .then((r) => {
        if (live) setFetched(r.status && Array.isArray(r.data) ? r.data : []);
      });
    return () => {
      live = false;
    };
  }, [rows, caller, can, me.user.id]);
  const list = rows ?? fetched;
  if (!can('tasks.view')) return null;
  if (!list) return <p className="tk-loading">{t('app.loading')}</p>;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      {list.length ? (
        <ul className="staff-list" data-testid="dash-open-tasks">
          {list.map((task) => (
            <li key={task.id}>
              <Link href={`/tasks/${encodeURIComponent(task.id)}`}>{task.title}</Link>{' '}
              <span className="staff-muted">
                {t('crm.ui.due', { date: formatDate(task.due_at.slice(0, 10)) })}
                {task.due_at.slice(0, 10) < today ? ` · ${t('crm.ui.overdue')}` : ''}
                {task.repeats ? ` · ${t('crm.ui.repeatsYes')}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="tk-empty">{t('crm.ui.noOpenTasks')}</p>
      )}
      <p>
        <Link href="/tasks">{t('crm.ui.allTasks')}</Link>
      </p>
    </>
  );
}
