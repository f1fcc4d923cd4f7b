// Issue 12: Leads, Contacts, Tasks (CRM); Campaigns, Marketing Requests, the Marketing Guide and Videos, the Resources
// Library (marketing); Push Notifications and Mobile Slides. Each is a staff resource (list/show/create/update/delete
// with paging, server forms, optimistic locking and tenant checks from functions/services/staff/resource.ts).
// Here: the constants of every resource, Leads, Contacts and Tasks; the marketing resources are in marketing.ts,
// Push Notifications and Mobile Slides in mobile.ts.
import * as z from 'zod/mini';
import { email as emailSchema, field, text, unableToSave, type ResourceCtx } from '../staff/resource.ts';
import { choiceFilter, crmResource, options, type CrmRecord } from './factory.ts';
import { hasTime, nextOccurrences, ruleLine, type Recurrence } from './recurrence.ts';
import {
  opt,
  date,
  dateTime,
  id,
  phone,
  choice,
  str,
  blankToNull,
  userName,
  userSelect,
  leadSelect,
} from './fields.ts';

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export const LEAD_SOURCES = ['website', 'referral', 'event', 'phone', 'other'] as const;
export const TASK_STATUSES = ['open', 'done'] as const;
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export const CAMPAIGN_CHANNELS = ['email', 'sms', 'social', 'in-store', 'print'] as const;
export const REQUEST_STATUSES = ['submitted', 'in-progress', 'shipped', 'declined'] as const;
export const REQUEST_MATERIALS = ['brochures', 'banner', 'poster', 'flyers', 'digital', 'other'] as const;
export const GUIDE_KINDS = ['guide', 'video'] as const;
export const RESOURCE_CATEGORIES = ['brochures', 'signage', 'training', 'forms', 'logos', 'other'] as const;
export const PUSH_TARGETS = ['all', 'retailer', 'store'] as const;
export const PUSH_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;

// ---- leads ----
export interface LeadItem extends CrmRecord {
  name: string;
  company: string;
  email: string | null;
  phone: string | null;
  source: string;
  status: string;
  notes: string;
  owner_id: string | null;
  owner_name: string | null;
}

/** What a lead's form values and list row both show. */
const leadSummary = (l: LeadItem) => ({
  name: l.name,
  company: l.company,
  email: l.email,
  phone: l.phone,
  source: l.source,
  status: l.status,
});

export const leadsDef = crmResource<LeadItem>({
  kind: 'LEAD',
  path: 'leads',
  noun: 'crm.resource.lead',
  entity: 'crmLead',
  idPrefix: 'lead',
  sortFields: ['name', 'company', 'status', 'updated_at', 'created_at'],
  defaultSort: 'updated_at',
  defaultDesc: true,
  filters: [choiceFilter('status', LEAD_STATUSES)],
  schema: z.object({
    name: z.optional(text(200)),
    company: opt(text(200, false)),
    email: opt(z.union([z.literal(''), emailSchema()])),
    phone: opt(z.union([z.literal(''), phone()])),
    source: z.optional(choice(LEAD_SOURCES)),
    status: z.optional(choice(LEAD_STATUSES)),
    notes: opt(text(5000, false)),
    owner_id: opt(id()),
    v: z.optional(z.number()),
  }),
  required: ['name'],
  titles: { new: 'crm.form.newLead', edit: 'crm.form.editLead', section: 'crm.section.lead' },
  fields: (c, r) => [
    field('input', 'name', { label: 'crm.field.name', required: true, max: 200 }),
    field('input', 'company', { label: 'crm.field.company', max: 200 }),
    field('email', 'email', { label: 'crm.field.email' }),
    field('tel', 'phone', { label: 'crm.field.phone' }),
    field('select', 'source', { label: 'crm.field.source', options: options('source', LEAD_SOURCES) }),
    field('select', 'status', { label: 'crm.field.status', options: options('status', LEAD_STATUSES) }),
    userSelect('owner_id', false, r ? [r.owner_id, r.owner_name] : [c.actor.userId, c.actor.displayName]),
    field('textarea', 'notes', { label: 'crm.field.notes' }),
  ],
  defaults: (c) => ({ status: 'new', source: 'website', owner_id: c.actor.userId }),
  values: (l) => ({ ...leadSummary(l), notes: l.notes, owner_id: l.owner_id }),
  async build(c, b) {
    return {
      name: b.name,
      company: b.company ?? '',
      email: str(b.email),
      phone: str(b.phone) ? String(b.phone).replace(/ /g, '') : null,
      source: b.source ?? 'other',
      status: b.status ?? 'new',
      notes: b.notes ?? '',
      owner_id: str(b.owner_id),
      owner_name: await userName(c, 'owner_id', blankToNull(b.owner_id), false),
    };
  },
  row: (l) => ({
    id: l.id,
    ...leadSummary(l),
    owner_name: l.owner_name,
    created_at: l.created_at,
    updated_at: l.updated_at,
  }),
  scopes: (l) => ['*', `status=${l.status}`],
});

// ---- contacts ----
export interface ContactItem extends CrmRecord {
  name: string;
  email: string | null;
  phone: string | null;
  company: string;
  title: string;
  lead_id: string | null;
  lead_name: string | null;
  notes: string;
}

export const contactsDef = crmResource<ContactItem>({
  kind: 'CONTACT',
  path: 'contacts',
  noun: 'crm.resource.contact',
  entity: 'crmContact',
  idPrefix: 'con',
  sortFields: ['name', 'company', 'updated_at'],
  defaultSort: 'name',
  schema: z.object({
    name: z.optional(text(200)),
    email: opt(z.union([z.literal(''), emailSchema()])),
    phone: opt(z.union([z.literal(''), phone()])),
    company: opt(text(200, false)),
    title: opt(text(200, false)),
    lead_id: opt(id()),
    notes: opt(text(5000, false)),
    v: z.optional(z.number()),
  }),
  required: ['name'],
  titles: { new: 'crm.form.newContact', edit: 'crm.form.editContact', section: 'crm.section.contact' },
  fields: (_c, r) => [
    field('input', 'name', { label: 'crm.field.name', required: true, max: 200 }),
    field('email', 'email', { label: 'crm.field.email' }),
    field('tel', 'phone', { label: 'crm.field.phone' }),
    field('input', 'company', { label: 'crm.field.company', max: 200 }),
    field('input', 'title', { label: 'crm.field.jobTitle', max: 200 }),
    leadSelect(r?.lead_id, r?.lead_name),
    field('textarea', 'notes', { label: 'crm.field.notes' }),
  ],
  values: (p) => ({
    name: p.name,
    email: p.email,
    phone: p.phone,
    company: p.company,
    title: p.title,
    lead_id: p.lead_id,
    notes: p.notes,
  }),
  async build(c, b) {
    let leadName: string | null = null;
    const leadId = str(b.lead_id);
    if (leadId) {
      const lead = await leadsDef.load(c, leadId);
      if (!lead) throw unableToSave(c, contactsDef, { lead_id: ['crm.validation.leadNotFound'] });
      leadName = lead.name;
    }
    return {
      name: b.name,
      email: str(b.email),
      phone: str(b.phone) ? String(b.phone).replace(/ /g, '') : null,
      company: b.company ?? '',
      title: b.title ?? '',
      lead_id: leadId,
      lead_name: leadName,
      notes: b.notes ?? '',
    };
  },
  row: (p) => ({
    id: p.id,
    name: p.name,
    email: p.email,
    phone: p.phone,
    company: p.company,
    title: p.title,
    lead_name: p.lead_name,
    updated_at: p.updated_at,
  }),
});

// ---- tasks ----
export interface TaskItem extends CrmRecord {
  title: string;
  description: string;
  due_at: string;
  status: string;
  assignee_id: string;
  assignee_name: string;
  repeats: boolean;
  recurrence: Recurrence | null;
  rrule: string | null;
  next_occurrences: string[];
  completions: number;
  lead_id: string | null;
  lead_name?: string | null;
}

const intList = (min: number, max: number, size: number) =>
  z.nullable(
    z.optional(
      z
        .array(
          z
            .int('staff.validation.number')
            .check(z.gte(min, 'staff.validation.range'), z.lte(max, 'staff.validation.range')),
        )
        .check(z.maxLength(size, 'staff.validation.tooMany')),
    ),
  );

export const recurrenceSchema = z.object({
  freq: z
    .int('crm.validation.recurrence')
    .check(z.gte(0, 'crm.validation.recurrence'), z.lte(3, 'crm.validation.recurrence')),
  interval: z.optional(
    z.nullable(
      z.int('staff.validation.number').check(z.gte(1, 'staff.validation.range'), z.lte(99, 'staff.validation.range')),
    ),
  ),
  dtstart: date(),
  until: z.optional(z.nullable(dateTime())),
  count: z.optional(
    z.nullable(
      z.int('staff.validation.number').check(z.gte(1, 'staff.validation.range'), z.lte(366, 'staff.validation.range')),
    ),
  ),
  byweekday: intList(0, 6, 7),
  bymonthday: intList(-31, 31, 31),
  bysetpos: intList(-1, 5, 5),
});

const today = (c: ResourceCtx) => c.deps.clock().toISOString().slice(0, 10);

export const tasksDef = crmResource<TaskItem>({
  kind: 'TASK',
  path: 'tasks',
  noun: 'crm.resource.task',
  entity: 'crmTask',
  idPrefix: 'task',
  sortFields: ['due_at', 'title', 'status', 'updated_at'],
  defaultSort: 'due_at',
  filters: [
    choiceFilter('status', TASK_STATUSES),
    {
      name: 'assignee',
      field: {
        type: 'select',
        name: 'assignee',
        label: 'crm.field.assignee_id',
        url: '/staff/api/users',
        valueKey: 'id',
        textKey: 'display_name',
      },
      scope: (value) => (/^[\w.-]{1,100}$/.test(value) ? `assignee=${value}` : undefined),
      matches: (row, value) => row.assignee_id === value,
    },
  ],
  schema: z.object({
    title: z.optional(text(200)),
    description: opt(text(5000, false)),
    due_at: z.optional(date()),
    status: z.optional(choice(TASK_STATUSES)),
    assignee_id: z.optional(id()),
    repeats: opt(z.boolean('staff.validation.boolean')),
    recurrence: opt(recurrenceSchema),
    lead_id: opt(id()),
    v: z.optional(z.number()),
  }),
  required: ['title', 'due_at', 'assignee_id'],
  titles: { new: 'crm.form.newTask', edit: 'crm.form.editTask', section: 'crm.section.task' },
  fields: (c, r) => [
    field('input', 'title', { label: 'crm.field.title', required: true, max: 200 }),
    field('date', 'due_at', { label: 'crm.field.due_at', required: true }),
    userSelect('assignee_id', true, r ? [r.assignee_id, r.assignee_name] : [c.actor.userId, c.actor.displayName]),
    field('select', 'status', { label: 'crm.field.status', options: options('status', TASK_STATUSES) }),
    field('switch', 'repeats', { label: 'crm.field.repeats', switch: true }),
    field('recurrence', 'recurrence', {
      label: 'crm.field.recurrence',
      hint: 'crm.hint.recurrence',
      conditions: [{ ref: 'repeats', operator: '==', values: [true] }],
    }),
    leadSelect(r?.lead_id, r?.lead_name),
    field('textarea', 'description', { label: 'crm.field.description' }),
  ],
  defaults: (c) => ({
    status: 'open',
    due_at: today(c),
    assignee_id: c.actor.userId,
    repeats: false,
    recurrence: {
      freq: 2,
      interval: 1,
      dtstart: today(c),
      until: null,
      count: null,
      byweekday: [(new Date(`${today(c)}T00:00:00Z`).getUTCDay() + 6) % 7],
      bymonthday: null,
      bysetpos: null,
    },
  }),
  values: (t) => ({
    title: t.title,
    description: t.description,
    due_at: t.due_at,
    status: t.status,
    assignee_id: t.assignee_id,
    repeats: t.repeats,
    recurrence: t.recurrence,
    lead_id: t.lead_id,
  }),
  async build(c, b, previous) {
    const repeats = b.repeats === true;
    let recurrence = repeats ? ((b.recurrence as Recurrence | null) ?? null) : null;
    if (repeats && !recurrence) throw unableToSave(c, tasksDef, { recurrence: ['staff.validation.required'] });
    let dueAt = String(b.due_at);
    let status = (b.status as string) ?? 'open';
    let completions = previous?.completions ?? 0;
    if (recurrence && recurrence.until && !hasTime(recurrence.until) && recurrence.until < recurrence.dtstart) {
      throw unableToSave(c, tasksDef, { recurrence: ['crm.validation.untilBeforeStart'] });
    }
    if (recurrence) recurrence = { ...recurrence, interval: recurrence.interval ?? 1 };
    // Completing a recurring task moves it to its next occurrence (it stays open); the last one closes it.
    if (recurrence && previous?.status === 'open' && status === 'done') {
      completions += 1;
      const next = nextOccurrences(recurrence, dueAt, 1)[0];
      if (next) {
        dueAt = next.slice(0, 10);
        status = 'open';
      }
    }
    const leadId = str(b.lead_id);
    const lead = leadId ? await leadsDef.load(c, leadId) : undefined;
    if (leadId && !lead) throw unableToSave(c, tasksDef, { lead_id: ['crm.validation.leadNotFound'] });
    const from = dueAt > today(c) ? dueAt : today(c);
    return {
      title: b.title,
      description: b.description ?? '',
      due_at: dueAt,
      status,
      assignee_id: String(b.assignee_id),
      assignee_name: await userName(c, 'assignee_id', b.assignee_id, true),
      repeats,
      recurrence,
      rrule: recurrence ? ruleLine(recurrence) : null,
      // The next dates after the due date (or today), up to 5; 'Never' ends a year after the start.
      next_occurrences: recurrence
        ? nextOccurrences(recurrence, `${from}T00:00`, 5).filter((d) => d.slice(0, 10) !== dueAt)
        : [],
      completions,
      lead_id: leadId,
      lead_name: lead?.name ?? null,
    };
  },
  row: (t) => ({
    id: t.id,
    title: t.title,
    due_at: t.due_at,
    status: t.status,
    assignee_id: t.assignee_id,
    assignee_name: t.assignee_name,
    repeats: t.repeats,
    rrule: t.rrule,
    next_occurrences: t.next_occurrences,
    updated_at: t.updated_at,
  }),
  scopes: (t) => [
    '*',
    `status=${t.status}`,
    `assignee=${t.assignee_id}`,
    ...(t.status === 'open' ? [`open_for=${t.assignee_id}`] : []),
  ],
});
