import * as z from 'zod/mini';
import { isPhoneNumber } from '../../../machines/domain/phone.ts';
import { getItem } from '../../data/items.ts';
import { getStoreById, retailerKey, type RetailerItem } from '../../data/stores.ts';
import { getUser } from '../../data/users.ts';
import { requireTenant } from '../staff/actor.ts';
import {
  email as emailSchema,
  field,
  text,
  unableToSave,
  wellFormed,
  type ResourceCtx,
  type ResourceDef,
} from '../staff/resource.ts';
import { choiceFilter, crmResource, options, type CrmRecord } from './factory.ts';
import { fileInfo } from '../files.ts';
import { sendIfDue } from './push.ts';
import { hasTime, nextOccurrences, parseWall, ruleLine, type Recurrence } from './recurrence.ts';

// Issue 12: Leads, Contacts, Tasks (CRM); Campaigns, Marketing Requests, the Marketing Guide and Videos, the Resources
// Library (marketing); Push Notifications and Mobile Slides. Each is a staff resource (list/show/create/update/delete
// with paging, server forms, optimistic locking and tenant checks from functions/services/staff/resource.ts).

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

// ---- shared validators ----
const opt = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = () =>
  z
    .string('staff.validation.date')
    .check(z.refine((s: string) => DATE.test(s) && !!parseWall(s), 'staff.validation.date'));
const dateTime = () =>
  z
    .string('staff.validation.date')
    .check(
      z.refine(
        (s: string) => /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?$/.test(s) && !!parseWall(s),
        'staff.validation.date',
      ),
    );
const id = () => z.string('staff.validation.inList').check(z.maxLength(200, 'staff.validation.tooLong'));
const phone = () =>
  z.string('crm.validation.phone').check(z.refine((s: string) => isPhoneNumber(s), 'crm.validation.phone'));
const httpsUrl = () =>
  z.string('crm.validation.url').check(
    z.maxLength(2000, 'staff.validation.tooLong'),
    z.refine((s: string) => {
      try {
        const u = new URL(s);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'crm.validation.url'),
  );
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, 'staff.validation.inList');
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
const blankToNull = (v: unknown) => (v === '' ? null : v);
/** A file field's value (the uploaded file record, or its id): only the id and the name are kept. */
const fileValue = () =>
  z.union([
    z.string().check(z.maxLength(200)),
    z.object({
      id: z.union([z.string().check(z.maxLength(200)), z.number()]),
      original_name: z.optional(z.string().check(z.maxLength(255))),
    }),
    z.array(
      z.object({
        id: z.union([z.string().check(z.maxLength(200)), z.number()]),
        original_name: z.optional(z.string().check(z.maxLength(255))),
      }),
    ),
  ]);
function fileOf(value: unknown): { file_id: string | null; file_name: string | null } {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === null || v === undefined || v === '') return { file_id: null, file_name: null };
  if (typeof v === 'string') return { file_id: v, file_name: null };
  const f = v as { id: string | number; original_name?: string };
  return { file_id: String(f.id), file_name: f.original_name && wellFormed(f.original_name) ? f.original_name : null };
}
/** The uploads service must know the file (POST /staff/api/files); a made-up id is a 422 on the field. */
async function checkFile(c: ResourceCtx, noun: string, fieldName: string, f: { file_id: string | null }) {
  if (f.file_id && !(await fileInfo(c.deps, f.file_id)))
    throw unableToSave(c, { noun }, { [fieldName]: ['crm.validation.fileNotFound'] });
}
const fileFormValue = (r: { file_id?: unknown; file_name?: unknown }) =>
  r.file_id ? { id: r.file_id, original_name: r.file_name ?? String(r.file_id) } : null;

async function userName(c: ResourceCtx, field: string, userId: unknown, required: boolean): Promise<string | null> {
  if (userId === null || userId === undefined || userId === '') {
    if (required) throw unableToSave(c, { noun: 'crm.resource.task' }, { [field]: ['staff.validation.required'] });
    return null;
  }
  const user = await getUser(c.deps.db, String(userId), c.deps.clock());
  if (!user || user.deleted_at)
    throw unableToSave(c, { noun: 'crm.resource.task' }, { [field]: ['crm.validation.userNotFound'] });
  return user.display_name || user.username;
}

async function storeTenant(c: ResourceCtx, storeId: string, noun: string) {
  const store = await getStoreById(c.deps.db, storeId, c.deps.clock());
  if (!store) throw unableToSave(c, { noun }, { store_id: ['staff.validation.storeNotFound'] });
  const retailerId = store.view.retailer.id;
  await requireTenant(
    c.deps,
    c.actor,
    c.ip,
    { storeIds: [store.view.id], retailerIds: [retailerId] },
    `store:${storeId}`,
  );
  return {
    store_id: store.view.id,
    store_name: store.view.name,
    retailer_id: retailerId,
    retailer_name: store.view.retailer.name,
  };
}

async function retailerOf(c: ResourceCtx, retailerId: string, noun: string) {
  const r = await getItem<RetailerItem>(c.deps.db, retailerKey(retailerId), c.deps.clock());
  if (!r) throw unableToSave(c, { noun }, { retailer_id: ['staff.validation.retailerNotFound'] });
  return { retailer_id: r.id, retailer_name: r.name };
}

/** The current choice of a searchable select, so that the form can show its text before any search. */
const known = (textKey: string, id: unknown, text: unknown) =>
  typeof id === 'string' && id ? [{ id, [textKey]: String(text ?? id) }] : [];

const userSelect = (name: string, required = false, current: [unknown, unknown] = [null, null]) =>
  field('select', name, {
    label: `crm.field.${name}`,
    url: '/staff/api/users',
    valueKey: 'id',
    textKey: 'display_name',
    required,
    options: known('display_name', current[0], current[1]),
  });
const leadSelect = (id: unknown, name: unknown) =>
  field('select', 'lead_id', {
    label: 'crm.field.lead',
    url: '/staff/api/leads',
    valueKey: 'id',
    textKey: 'name',
    options: known('name', id, name),
  });

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
  values: (l) => ({
    name: l.name,
    company: l.company,
    email: l.email,
    phone: l.phone,
    source: l.source,
    status: l.status,
    notes: l.notes,
    owner_id: l.owner_id,
  }),
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
    name: l.name,
    company: l.company,
    email: l.email,
    phone: l.phone,
    source: l.source,
    status: l.status,
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

// ---- campaigns ----
export interface CampaignItem extends CrmRecord {
  name: string;
  channel: string;
  status: string;
  starts_on: string | null;
  ends_on: string | null;
  budget: number | null;
  description: string;
}

export const campaignsDef = crmResource<CampaignItem>({
  kind: 'CAMPAIGN',
  path: 'campaigns',
  noun: 'crm.resource.campaign',
  entity: 'crmCampaign',
  idPrefix: 'cmp',
  sortFields: ['name', 'starts_on', 'status', 'updated_at'],
  defaultSort: 'starts_on',
  defaultDesc: true,
  filters: [choiceFilter('status', CAMPAIGN_STATUSES, 'crm.field.campaignStatus')],
  schema: z.object({
    name: z.optional(text(200)),
    channel: z.optional(choice(CAMPAIGN_CHANNELS)),
    status: z.optional(choice(CAMPAIGN_STATUSES)),
    starts_on: opt(z.union([z.literal(''), date()])),
    ends_on: opt(z.union([z.literal(''), date()])),
    budget: opt(
      z
        .number('staff.validation.number')
        .check(z.gte(0, 'staff.validation.range'), z.lte(10_000_000, 'staff.validation.range')),
    ),
    description: opt(text(5000, false)),
    v: z.optional(z.number()),
  }),
  required: ['name'],
  titles: { new: 'crm.form.newCampaign', edit: 'crm.form.editCampaign', section: 'crm.section.campaign' },
  fields: () => [
    field('input', 'name', { label: 'crm.field.name', required: true, max: 200 }),
    field('select', 'channel', { label: 'crm.field.channel', options: options('channel', CAMPAIGN_CHANNELS) }),
    field('select', 'status', {
      label: 'crm.field.campaignStatus',
      options: CAMPAIGN_STATUSES.map((v) => ({ value: v, text: `crm.option.status.${v}` })),
    }),
    field('date', 'starts_on', { label: 'crm.field.starts_on' }),
    field('date', 'ends_on', { label: 'crm.field.ends_on' }),
    field('number', 'budget', { label: 'crm.field.budget', min: 0 }),
    field('textarea', 'description', { label: 'crm.field.description' }),
  ],
  defaults: () => ({ status: 'draft', channel: 'email' }),
  values: (m) => ({
    name: m.name,
    channel: m.channel,
    status: m.status,
    starts_on: m.starts_on,
    ends_on: m.ends_on,
    budget: m.budget,
    description: m.description,
  }),
  async build(c, b) {
    const starts = str(b.starts_on);
    const ends = str(b.ends_on);
    if (starts && ends && ends < starts)
      throw unableToSave(c, campaignsDef, { ends_on: ['crm.validation.endBeforeStart'] });
    return {
      name: b.name,
      channel: b.channel ?? 'email',
      status: b.status ?? 'draft',
      starts_on: starts,
      ends_on: ends,
      budget: typeof b.budget === 'number' ? b.budget : null,
      description: b.description ?? '',
    };
  },
  row: (m) => ({
    id: m.id,
    name: m.name,
    channel: m.channel,
    status: m.status,
    starts_on: m.starts_on,
    ends_on: m.ends_on,
    budget: m.budget,
    updated_at: m.updated_at,
  }),
  scopes: (m) => ['*', `status=${m.status}`],
});

// ---- marketing requests: a store asks for material ----
export interface MarketingRequestItem extends CrmRecord {
  store_id: string;
  store_name: string;
  retailer_id: string;
  retailer_name: string;
  material: string;
  quantity: number;
  needed_by: string | null;
  notes: string;
  status: string;
}

export const marketingRequestsDef = crmResource<MarketingRequestItem>({
  kind: 'MKTREQUEST',
  path: 'marketing-requests',
  noun: 'crm.resource.marketingRequest',
  entity: 'crmMarketingRequest',
  idPrefix: 'mkr',
  sortFields: ['created_at', 'needed_by', 'status'],
  defaultSort: 'created_at',
  defaultDesc: true,
  filters: [choiceFilter('status', REQUEST_STATUSES, 'crm.field.requestStatus')],
  schema: z.object({
    store_id: z.optional(id()),
    material: z.optional(choice(REQUEST_MATERIALS)),
    quantity: z.optional(
      z
        .int('staff.validation.number')
        .check(z.gte(1, 'staff.validation.range'), z.lte(10_000, 'staff.validation.range')),
    ),
    needed_by: opt(z.union([z.literal(''), date()])),
    notes: opt(text(5000, false)),
    status: z.optional(choice(REQUEST_STATUSES)),
    v: z.optional(z.number()),
  }),
  required: ['store_id', 'material', 'quantity'],
  titles: {
    new: 'crm.form.newMarketingRequest',
    edit: 'crm.form.editMarketingRequest',
    section: 'crm.section.marketingRequest',
  },
  fields: (c, r) => [
    field('select', 'store_id', {
      label: 'crm.field.store',
      url: '/staff/api/stores',
      valueKey: 'id',
      textKey: 'name',
      required: true,
      disabled: !!r,
      options: known('name', r?.store_id, r?.store_name),
    }),
    field('select', 'material', {
      label: 'crm.field.material',
      options: options('material', REQUEST_MATERIALS),
      required: true,
    }),
    field('number', 'quantity', { label: 'crm.field.quantity', min: 1, max: 10_000, required: true }),
    field('date', 'needed_by', { label: 'crm.field.needed_by' }),
    field('textarea', 'notes', { label: 'crm.field.notes' }),
    ...(c.actor.permissions.has('marketing.manage')
      ? [
          field('select', 'status', {
            label: 'crm.field.requestStatus',
            options: REQUEST_STATUSES.map((v) => ({ value: v, text: `crm.option.status.${v}` })),
          }),
        ]
      : []),
  ],
  defaults: (c) => ({
    quantity: 1,
    material: 'brochures',
    ...(c.actor.storeContext ? { store_id: c.actor.storeContext } : {}),
  }),
  values: (m) => ({
    store_id: m.store_id,
    material: m.material,
    quantity: m.quantity,
    needed_by: m.needed_by,
    notes: m.notes,
    status: m.status,
  }),
  async build(c, b, previous) {
    if (previous && b.store_id !== previous.store_id)
      throw unableToSave(c, marketingRequestsDef, { store_id: ['crm.validation.storeFixed'] });
    const where = previous
      ? {
          store_id: previous.store_id,
          store_name: previous.store_name,
          retailer_id: previous.retailer_id,
          retailer_name: previous.retailer_name,
        }
      : await storeTenant(c, String(b.store_id), 'crm.resource.marketingRequest');
    // Only marketing staff move a request along; a store's own request starts as submitted.
    const status = c.actor.permissions.has('marketing.manage')
      ? ((b.status as string) ?? 'submitted')
      : (previous?.status ?? 'submitted');
    return {
      ...where,
      material: b.material,
      quantity: b.quantity,
      needed_by: str(b.needed_by),
      notes: b.notes ?? '',
      status,
    };
  },
  row: (m) => ({
    id: m.id,
    store_id: m.store_id,
    store_name: m.store_name,
    retailer_name: m.retailer_name,
    material: m.material,
    quantity: m.quantity,
    needed_by: m.needed_by,
    status: m.status,
    created_at: m.created_at,
  }),
  scopes: (m) => ['*', `status=${m.status}`, `store=${m.store_id}`, `retailer=${m.retailer_id}`],
  tenant: (m) => ({ storeIds: [m.store_id], retailerIds: [m.retailer_id] }),
});

// ---- Marketing Guide and Videos ----
export interface GuideItem extends CrmRecord {
  title: string;
  kind: string;
  video_url: string | null;
  body: string;
  position: number;
}

export const guideDef = crmResource<GuideItem>({
  kind: 'GUIDE',
  path: 'marketing-guide',
  noun: 'crm.resource.guide',
  entity: 'crmGuide',
  idPrefix: 'gde',
  sortFields: ['position', 'title'],
  defaultSort: 'position',
  filters: [choiceFilter('kind', GUIDE_KINDS)],
  schema: z.object({
    title: z.optional(text(200)),
    kind: z.optional(choice(GUIDE_KINDS)),
    video_url: opt(z.union([z.literal(''), httpsUrl()])),
    body: opt(text(20_000, false)),
    position: z.optional(
      z
        .int('staff.validation.number')
        .check(z.gte(0, 'staff.validation.range'), z.lte(10_000, 'staff.validation.range')),
    ),
    v: z.optional(z.number()),
  }),
  required: ['title', 'kind'],
  titles: { new: 'crm.form.newGuide', edit: 'crm.form.editGuide', section: 'crm.section.guide' },
  fields: () => [
    field('input', 'title', { label: 'crm.field.title', required: true, max: 200 }),
    field('select', 'kind', { label: 'crm.field.kind', options: options('kind', GUIDE_KINDS), required: true }),
    field('url', 'video_url', {
      label: 'crm.field.video_url',
      conditions: [{ ref: 'kind', operator: '==', values: ['video'] }],
    }),
    field('textarea', 'body', { label: 'crm.field.body' }),
    field('number', 'position', { label: 'crm.field.position', min: 0 }),
  ],
  defaults: () => ({ kind: 'guide', position: 0 }),
  values: (g) => ({ title: g.title, kind: g.kind, video_url: g.video_url, body: g.body, position: g.position }),
  async build(c, b) {
    if (b.kind === 'video' && !str(b.video_url))
      throw unableToSave(c, guideDef, { video_url: ['staff.validation.required'] });
    return {
      title: b.title,
      kind: b.kind,
      video_url: b.kind === 'video' ? str(b.video_url) : null,
      body: b.body ?? '',
      position: b.position ?? 0,
    };
  },
  row: (g) => ({
    id: g.id,
    title: g.title,
    kind: g.kind,
    video_url: g.video_url,
    body: g.body,
    position: g.position,
    updated_at: g.updated_at,
  }),
  scopes: (g) => ['*', `kind=${g.kind}`],
});

// ---- Resources Library: uploaded documents with categories (the file is the uploads service's; we keep its id) ----
export interface LibraryItem extends CrmRecord {
  title: string;
  category: string;
  description: string;
  file_id: string | null;
  file_name: string | null;
}

export const libraryDef = crmResource<LibraryItem>({
  kind: 'RESOURCE',
  path: 'resources-library',
  noun: 'crm.resource.libraryItem',
  entity: 'crmResource',
  idPrefix: 'res',
  sortFields: ['title', 'category', 'updated_at'],
  defaultSort: 'title',
  filters: [choiceFilter('category', RESOURCE_CATEGORIES)],
  schema: z.object({
    title: z.optional(text(200)),
    category: z.optional(choice(RESOURCE_CATEGORIES)),
    description: opt(text(5000, false)),
    file: opt(fileValue()),
    v: z.optional(z.number()),
  }),
  required: ['title', 'category'],
  titles: { new: 'crm.form.newLibraryItem', edit: 'crm.form.editLibraryItem', section: 'crm.section.libraryItem' },
  fields: () => [
    field('input', 'title', { label: 'crm.field.title', required: true, max: 200 }),
    field('select', 'category', {
      label: 'crm.field.category',
      options: options('category', RESOURCE_CATEGORIES),
      required: true,
    }),
    field('file', 'file', { label: 'crm.field.document', url: '/staff/api/files', multiple: false }),
    field('textarea', 'description', { label: 'crm.field.description' }),
  ],
  defaults: () => ({ category: 'brochures' }),
  values: (r) => ({ title: r.title, category: r.category, description: r.description, file: fileFormValue(r) }),
  async build(c, b) {
    const f = fileOf(b.file);
    await checkFile(c, 'crm.resource.libraryItem', 'file', f);
    return { title: b.title, category: b.category, description: b.description ?? '', ...f };
  },
  row: (r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    description: r.description,
    file_id: r.file_id,
    file_name: r.file_name,
    updated_at: r.updated_at,
  }),
  scopes: (r) => ['*', `category=${r.category}`],
});

// ---- Push Notifications ----
export interface PushItem extends CrmRecord {
  title: string;
  body: string;
  target: string;
  retailer_id: string | null;
  retailer_name: string | null;
  store_id: string | null;
  store_name: string | null;
  send_at: string;
  status: string;
  sent_at: string | null;
}

export const pushDef: ResourceDef<PushItem> = crmResource<PushItem>({
  kind: 'PUSH',
  path: 'push-notifications',
  noun: 'crm.resource.push',
  entity: 'crmPush',
  idPrefix: 'psh',
  sortFields: ['send_at', 'title', 'status', 'sent_at'],
  defaultSort: 'send_at',
  defaultDesc: true,
  filters: [choiceFilter('status', PUSH_STATUSES, 'crm.field.pushStatus')],
  schema: z.object({
    title: z.optional(text(65)),
    body: z.optional(text(240)),
    target: z.optional(choice(PUSH_TARGETS)),
    retailer_id: opt(id()),
    store_id: opt(id()),
    send_at: opt(z.union([z.literal(''), dateTime()])),
    // 'sent' only comes back from the form of a notification already sent (build refuses it anywhere else).
    status: z.optional(z.enum(['scheduled', 'cancelled', 'sent'], 'staff.validation.inList')),
    v: z.optional(z.number()),
  }),
  required: ['title', 'body', 'target'],
  titles: { new: 'crm.form.newPush', edit: 'crm.form.editPush', section: 'crm.section.push' },
  fields: (_c, r) => [
    field('input', 'title', { label: 'crm.field.title', required: true, max: 65, disabled: r?.status === 'sent' }),
    field('textarea', 'body', { label: 'crm.field.message', required: true, max: 240, disabled: r?.status === 'sent' }),
    field('radio', 'target', {
      label: 'crm.field.target',
      options: options('target', PUSH_TARGETS),
      disabled: r?.status === 'sent',
    }),
    field('select', 'retailer_id', {
      label: 'crm.field.retailer',
      url: '/staff/api/retailers',
      valueKey: 'id',
      textKey: 'name',
      options: known('name', r?.retailer_id, r?.retailer_name),
      conditions: [{ ref: 'target', operator: '==', values: ['retailer'] }],
    }),
    field('select', 'store_id', {
      label: 'crm.field.store',
      url: '/staff/api/stores',
      valueKey: 'id',
      textKey: 'name',
      options: known('name', r?.store_id, r?.store_name),
      conditions: [{ ref: 'target', operator: '==', values: ['store'] }],
    }),
    field('datetime', 'send_at', {
      label: 'crm.field.send_at',
      hint: 'crm.hint.sendAt',
      disabled: r?.status === 'sent',
    }),
    ...(r && r.status !== 'sent'
      ? [
          field('select', 'status', {
            label: 'crm.field.pushStatus',
            options: ['scheduled', 'cancelled'].map((v) => ({ value: v, text: `crm.option.status.${v}` })),
          }),
        ]
      : []),
  ],
  defaults: () => ({ target: 'all' }),
  values: (p) => ({
    title: p.title,
    body: p.body,
    target: p.target,
    retailer_id: p.retailer_id,
    store_id: p.store_id,
    send_at: p.send_at,
    status: p.status,
  }),
  async build(c, b, previous) {
    if (previous?.status === 'sent') {
      // Its form saved as it is changes nothing; any change to what was sent is refused.
      const unchanged = (['title', 'body', 'target', 'send_at'] as const).every(
        (k) => b[k] === undefined || b[k] === previous[k],
      );
      if (!unchanged) throw unableToSave(c, pushDef, { status: ['crm.validation.alreadySent'] });
      const { title, body, target, retailer_id, retailer_name, store_id, store_name, send_at, status, sent_at } =
        previous;
      return { title, body, target, retailer_id, retailer_name, store_id, store_name, send_at, status, sent_at };
    }
    if (b.status === 'sent') throw unableToSave(c, pushDef, { status: ['staff.validation.inList'] });
    const target = b.target as string;
    let where: Record<string, unknown> = { retailer_id: null, retailer_name: null, store_id: null, store_name: null };
    if (target === 'retailer') {
      if (!str(b.retailer_id)) throw unableToSave(c, pushDef, { retailer_id: ['staff.validation.required'] });
      where = { ...where, ...(await retailerOf(c, String(b.retailer_id), 'crm.resource.push')) };
    } else if (target === 'store') {
      if (!str(b.store_id)) throw unableToSave(c, pushDef, { store_id: ['staff.validation.required'] });
      const s = await storeTenant(c, String(b.store_id), 'crm.resource.push');
      where = { ...where, store_id: s.store_id, store_name: s.store_name };
    }
    const now = c.deps.clock().toISOString().slice(0, 16);
    const sendAt = str(b.send_at) ? String(b.send_at).replace(' ', 'T').slice(0, 16) : now;
    return {
      title: b.title,
      body: b.body,
      target,
      ...where,
      send_at: sendAt,
      status: b.status ?? 'scheduled',
      sent_at: null,
    };
  },
  row: (p) => ({
    id: p.id,
    title: p.title,
    body: p.body,
    target: p.target,
    retailer_id: p.retailer_id,
    retailer_name: p.retailer_name,
    store_id: p.store_id,
    store_name: p.store_name,
    send_at: p.send_at,
    status: p.status,
    sent_at: p.sent_at,
  }),
  scopes: (p) => ['*', `status=${p.status}`],
  after: (c, p): Promise<PushItem> => sendIfDue(c.deps, pushDef, p),
});

// ---- Mobile Slides: the welcome slides of the mobile app ----
export interface SlideItem extends CrmRecord {
  title: string;
  body: string;
  image_id: string | null;
  image_name: string | null;
  position: number;
  active: boolean;
}

export const slidesDef = crmResource<SlideItem>({
  kind: 'SLIDE',
  path: 'mobile-slides',
  noun: 'crm.resource.slide',
  entity: 'crmSlide',
  idPrefix: 'sld',
  sortFields: ['position', 'title'],
  defaultSort: 'position',
  schema: z.object({
    title: z.optional(text(100)),
    body: opt(text(500, false)),
    image: opt(fileValue()),
    position: z.optional(
      z.int('staff.validation.number').check(z.gte(0, 'staff.validation.range'), z.lte(1000, 'staff.validation.range')),
    ),
    active: z.optional(z.boolean('staff.validation.boolean')),
    v: z.optional(z.number()),
  }),
  required: ['title'],
  titles: { new: 'crm.form.newSlide', edit: 'crm.form.editSlide', section: 'crm.section.slide' },
  fields: () => [
    field('input', 'title', { label: 'crm.field.title', required: true, max: 100 }),
    field('textarea', 'body', { label: 'crm.field.body', max: 500 }),
    field('image', 'image', { label: 'crm.field.image', url: '/staff/api/files', multiple: false }),
    field('number', 'position', { label: 'crm.field.position', min: 0, max: 1000 }),
    field('switch', 'active', { label: 'crm.field.active', switch: true }),
  ],
  defaults: () => ({ position: 0, active: true }),
  values: (s) => ({
    title: s.title,
    body: s.body,
    image: s.image_id ? { id: s.image_id, original_name: s.image_name ?? s.image_id } : null,
    position: s.position,
    active: s.active,
  }),
  async build(c, b) {
    const f = fileOf(b.image);
    await checkFile(c, 'crm.resource.slide', 'image', f);
    return {
      title: b.title,
      body: b.body ?? '',
      image_id: f.file_id,
      image_name: f.file_name,
      position: b.position ?? 0,
      active: b.active !== false,
    };
  },
  row: (s) => ({
    id: s.id,
    title: s.title,
    body: s.body,
    image_id: s.image_id,
    image_name: s.image_name,
    position: s.position,
    active: s.active,
    updated_at: s.updated_at,
  }),
  scopes: (s) => ['*', `active=${s.active}`],
});
