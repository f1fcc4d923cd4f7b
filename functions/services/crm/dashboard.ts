import { readListPage, type ListRow } from '../../data/staff/lists.ts';
import type { Deps } from '../../platform/deps.ts';
import type { StaffActor } from '../../platform/staff-types.ts';

// The staff dashboard's CRM rows: the actor's open tasks and the last updated leads, read from the CRM resources' list
// partitions. Kept apart from ./resources.ts so that the staff-leases function (the dashboard) does not carry every
// CRM resource definition (and rrule) in its bundle; the entity names are the resources' (a unit test checks).
export const CRM_TASK_ENTITY = 'crmTask';
export const CRM_LEAD_ENTITY = 'crmLead';

/** A dashboard row of an open task. */
export interface OpenTaskRow {
  id: string;
  title: string;
  due_at: string;
  status: 'open';
  assignee_id: string;
  assignee_name: string;
  repeats: boolean;
  rrule: string | null;
  next_occurrences: string[];
  overdue: boolean;
}

/** A dashboard row of a lead. */
export interface LeadRow {
  id: string;
  name: string;
  company: string;
  status: string;
  owner_name: string | null;
  updated_at: string;
}

/** The actor's open tasks, soonest due first (empty without `tasks.view`). */
export async function openTasksFor(deps: Deps, actor: StaffActor, limit = 5): Promise<OpenTaskRow[]> {
  if (!actor.permissions.has('tasks.view')) return [];
  const page = await readListPage(deps.db, {
    entity: CRM_TASK_ENTITY,
    field: 'due_at',
    scope: `open_for=${actor.userId}`,
    page: 1,
    limit: Math.max(1, Math.min(limit, 100)),
    descending: false,
  });
  const today = deps.clock().toISOString().slice(0, 10);
  return page.rows.map((r: ListRow) => ({
    id: r.id,
    title: String(r.title),
    due_at: String(r.due_at),
    status: 'open' as const,
    assignee_id: String(r.assignee_id),
    assignee_name: String(r.assignee_name ?? ''),
    repeats: r.repeats === true,
    rrule: (r.rrule as string | null) ?? null,
    next_occurrences: (r.next_occurrences as string[] | undefined) ?? [],
    overdue: String(r.due_at) < today,
  }));
}

/** The most recently updated leads, newest first (empty without `leads.view`). */
export async function lastUpdatedLeads(deps: Deps, actor: StaffActor, limit = 5): Promise<LeadRow[]> {
  if (!actor.permissions.has('leads.view')) return [];
  const page = await readListPage(deps.db, {
    entity: CRM_LEAD_ENTITY,
    field: 'updated_at',
    scope: '*',
    page: 1,
    limit: Math.max(1, Math.min(limit, 100)),
    descending: true,
  });
  return page.rows.map((r) => ({
    id: r.id,
    name: String(r.name),
    company: String(r.company ?? ''),
    status: String(r.status),
    owner_name: (r.owner_name as string | null) ?? null,
    updated_at: String(r.updated_at),
  }));
}
