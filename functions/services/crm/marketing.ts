// The marketing resources of issue 12: Campaigns, Marketing Requests, the Marketing Guide and Videos, the Resources
// Library (staff resources built by crmResource, functions/services/crm/factory.ts).
import * as z from 'zod/mini';
import { field, text, unableToSave } from '../staff/resource.ts';
import { choiceFilter, crmResource, options, type CrmRecord } from './factory.ts';
import {
  opt,
  date,
  id,
  httpsUrl,
  choice,
  str,
  fileValue,
  fileOf,
  checkFile,
  fileFormValue,
  storeTenant,
  ownerSelect,
} from './fields.ts';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_CHANNELS,
  REQUEST_STATUSES,
  REQUEST_MATERIALS,
  GUIDE_KINDS,
  RESOURCE_CATEGORIES,
} from './resources.ts';

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

/** What a campaign's form values and list row both show. */
const campaignSummary = (m: CampaignItem) => ({
  name: m.name,
  channel: m.channel,
  status: m.status,
  starts_on: m.starts_on,
  ends_on: m.ends_on,
  budget: m.budget,
});

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
  values: (m) => ({ ...campaignSummary(m), description: m.description }),
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
  row: (m) => ({ id: m.id, ...campaignSummary(m), updated_at: m.updated_at }),
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
    ownerSelect('store', [r?.store_id, r?.store_name], { required: true, disabled: !!r }),
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
