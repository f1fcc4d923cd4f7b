// The mobile app's resources of issue 12: Push Notifications and Mobile Slides (staff resources built by crmResource,
// functions/services/crm/factory.ts).
import * as z from 'zod/mini';
import { field, text, unableToSave, type ResourceDef } from '../staff/resource.ts';
import { choiceFilter, crmResource, options, type CrmRecord } from './factory.ts';
import { sendIfDue } from './push.ts';
import {
  opt,
  dateTime,
  id,
  choice,
  str,
  fileValue,
  fileOf,
  checkFile,
  storeTenant,
  retailerOf,
  ownerSelect,
} from './fields.ts';
import { PUSH_TARGETS, PUSH_STATUSES } from './resources.ts';

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
    ownerSelect('retailer', [r?.retailer_id, r?.retailer_name], {
      conditions: [{ ref: 'target', operator: '==', values: ['retailer'] }],
    }),
    ownerSelect('store', [r?.store_id, r?.store_name], {
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
