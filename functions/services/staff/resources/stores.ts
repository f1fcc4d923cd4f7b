import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { FieldSchema } from '../../../../machines/contracts/form-schema.ts';
import { DEFAULT_LEASE_PROGRAM, type LeaseProgram, type StoreView } from '../../../../machines/contracts/store.ts';
import {
  createStoreRecord,
  deleteStoreRecord,
  getStoreById,
  isSlug,
  saveStoreRecord,
  storeKey,
  type StaffStoreItem,
  type StoreAdmin,
} from '../../../data/stores.ts';
import { forbidden } from '../../../platform/errors.ts';
import { requireTenant } from '../actor.ts';
import {
  requiredErrors,
  bool,
  EMAIL,
  email,
  field,
  intIn,
  parseFor,
  saveButtons,
  section,
  slug,
  text,
  unableToSave,
  type ResourceCtx,
  type ResourceDef,
} from '../resource.ts';
import { ownerFilter, yesNoFilter } from '../filters.ts';
import { getRetailerRecord } from './lookups.ts';
import { isPhoneNumber } from '../../../../machines/domain/phone.ts';

// Stores with their lease programs (every flag of machines/contracts/store.ts LeaseProgram) and the staff-only
// settings of seed 001 section 3. Writes go through saveStoreRecord, which keeps the slug lookup and search items.
const NOUN = 'staff.resource.store';

const BOOL_FLAGS = [
  'enable_product_selection',
  'ocp_enabled',
  'option_b_enabled',
  'option_c_enabled',
  'option_d_enabled',
  'display_store_info_contract_screen',
  'mortgage_questions_enabled',
  'enableEpoLanguage',
  'sac_110_day',
  'bank_link_enabled',
  'banking_required',
  'identity_check_enabled',
  'is_prepaid_cards_allowed',
  'are_credit_cards_allowed',
  'are_debit_cards_allowed',
  'is_foreign_cards_allowed',
  'validate_bin_number',
] as const satisfies readonly (keyof LeaseProgram)[];

const leaseProgramBody = z.object({
  ...Object.fromEntries(BOOL_FLAGS.map((k) => [k, z.optional(bool())])),
  effective_product_selection_override: z.optional(
    z.array(z.object({ key: text(64), name: text(255) })).check(z.maxLength(100, 'staff.validation.tooMany')),
  ),
  min_approval_amount: z.optional(intIn(0, 100_000)),
  apply_form_version: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)], 'staff.validation.inList')),
  sac_days: z.optional(intIn(0, 365)),
  bank_link_send_by: z.optional(intIn(1, 2)),
  identity_check_step: z.optional(z.union([z.literal(1), z.literal(2)], 'staff.validation.inList')),
}) as unknown as z.ZodMiniType<Partial<LeaseProgram>>;

const address = z.object({
  label: z.optional(text(255, false)),
  line_1: z.optional(text(255, false)),
  city: z.optional(text(100, false)),
  state: z.optional(z.string('staff.validation.state').check(z.regex(/^[A-Z]{2}$/, 'staff.validation.state'))),
  code: z.optional(z.string('staff.validation.zip').check(z.regex(/^\d{5}(-\d{4})?$/, 'staff.validation.zip'))),
});

const date = z.nullable(
  z.string('staff.validation.date').check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'staff.validation.date')),
);
const emailList = z.string('staff.validation.emails').check(
  z.maxLength(2000, 'staff.validation.tooLong'),
  z.refine(
    (s: string) => s.trim() === '' || s.split(',').every((e) => EMAIL.test(e.trim())),
    'staff.validation.emails',
  ),
);

const TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

const storeBody = z.object({
  name: z.optional(text(255)),
  slug: z.optional(slug()),
  label: z.optional(text(255, false)),
  short_name: z.optional(text(64, false)),
  retailer_id: z.optional(
    z.string('staff.validation.retailerNotFound').check(z.minLength(1, 'staff.validation.required'), z.maxLength(100)),
  ),
  active: z.optional(bool()),
  visible: z.optional(bool()),
  rating: z.optional(intIn(0, 100)),
  // Kept as saved; judged by the same rule as the page's phone field.
  phone: z.optional(
    text(32, false).check(z.refine((v: string) => v.trim() === '' || isPhoneNumber(v), 'staff.validation.phone')),
  ),
  identifier: z.optional(z.enum(['MERCHANDISE', 'HVAC', 'HOME_IMPROVEMENT'], 'staff.validation.inList')),
  checkout_delivery_options_required: z.optional(bool()),
  billing_address: z.optional(address),
  shipping_address: z.optional(address),
  lease_program: z.optional(leaseProgramBody),
  inventory_new_percentage: z.optional(intIn(0, 100)),
  inventory_used_percentage: z.optional(intIn(0, 100)),
  option_b_start_date: z.optional(date),
  option_b_end_date: z.optional(date),
  option_c_start_date: z.optional(date),
  option_c_end_date: z.optional(date),
  funding_email: z.optional(z.union([z.literal(''), email()])),
  notification_emails: z.optional(emailList),
  time_zone: z.optional(z.enum(TIME_ZONES, 'staff.validation.inList')),
  scoring_version: z.optional(text(32, false)),
  v: z.optional(z.number()),
});

const row = (s: StaffStoreItem) => ({
  id: s.view.id,
  name: s.view.name,
  slug: s.view.slug,
  label: s.view.label,
  short_name: s.admin?.short_name ?? '',
  active: s.active,
  visible: s.admin?.visible ?? true,
  rating: s.view.rating,
  retailer_id: s.view.retailer.id,
  retailer_name: s.view.retailer.name,
  identifier: s.view.record.identifier,
  state: s.view.shipping_address.state,
  created_at: s.admin?.created_at ?? '',
});

const full = (s: StaffStoreItem) => ({
  ...row(s),
  phone: s.view.details.phone,
  checkout_delivery_options_required: s.view.checkout_delivery_options_required,
  billing_address: s.view.billing_address,
  shipping_address: s.view.shipping_address,
  lease_program: s.view.lease_program,
  brand: s.view.brand,
  inventory_new_percentage: s.admin?.inventory_new_percentage ?? 0,
  inventory_used_percentage: s.admin?.inventory_used_percentage ?? 0,
  option_b_start_date: s.admin?.option_b_start_date ?? null,
  option_b_end_date: s.admin?.option_b_end_date ?? null,
  option_c_start_date: s.admin?.option_c_start_date ?? null,
  option_c_end_date: s.admin?.option_c_end_date ?? null,
  funding_email: s.admin?.funding_email ?? '',
  notification_emails: s.admin?.notification_emails ?? '',
  time_zone: s.admin?.time_zone ?? 'America/New_York',
  scoring_version: s.admin?.scoring_version ?? 'v1',
  v: s.v,
});

export const storesDef: ResourceDef<StaffStoreItem> = {
  path: 'stores',
  noun: NOUN,
  entity: 'store',
  sortFields: ['name', 'slug', 'rating', 'created_at'],
  defaultSort: 'name',
  filters: [yesNoFilter('active', 'staff.field.active'), ownerFilter('retailer', 'staff.field.retailer_id')],
  rowPk: (id) => storeKey(id).pk,
  load: async (c, id) => {
    const s = (await getStoreById(c.deps.db, id, c.deps.clock())) as StaffStoreItem | undefined;
    return s && { ...s, id: s.view.id };
  },
  row,
  scopes: (s) => ['*', `active=${s.active}`, `retailer=${s.view.retailer.id}`, `store=${s.view.id}`],
  tenant: (s) => ({ storeIds: [s.view.id], retailerIds: [s.view.retailer.id] }),
  view: (_c, s) => full(s),
  form: (c, s) => storeForm(c, s),
  create: (c, body) => saveStore(c, undefined, body),
  update: (c, s, body) => saveStore(c, s, body),
  async remove(c, s) {
    await deleteStoreRecord(c.deps.db, s);
    return undefined;
  },
};

function leaseProgramFields(readonly: boolean): FieldSchema[] {
  const programNumber = (name: string, max: number) =>
    field('number', `lease_program.${name}`, { label: `staff.field.lp.${name}`, min: 0, max, disabled: readonly });
  const programSelect = (name: string, options: { value: number; text: string }[]) =>
    field('select', `lease_program.${name}`, { label: `staff.field.lp.${name}`, options, disabled: readonly });
  return [
    ...BOOL_FLAGS.map((k) =>
      field('switch', `lease_program.${k}`, { label: `staff.field.lp.${k}`, switch: true, disabled: readonly }),
    ),
    programNumber('min_approval_amount', 100000),
    programSelect(
      'apply_form_version',
      [1, 2, 3].map((n) => ({ value: n, text: `staff.option.formVersion${n}` })),
    ),
    programNumber('sac_days', 365),
    programSelect('bank_link_send_by', [
      { value: 2, text: 'staff.option.email' },
      { value: 1, text: 'staff.option.sms' },
    ]),
    programSelect('identity_check_step', [
      { value: 1, text: 'staff.option.atApplicantInfo' },
      { value: 2, text: 'staff.option.atConfirmation' },
    ]),
    {
      type: 'collection',
      name: 'lease_program.effective_product_selection_override',
      label: 'staff.field.lp.effective_product_selection_override',
      item_label: 'staff.field.lp.product',
      no_content_text: 'staff.hint.noProducts',
      min: 0,
      max: 100,
      buttons: [{ type: 'add' }, { type: 'remove' }],
      disabled: readonly,
      conditions: [{ ref: 'lease_program.enable_product_selection', operator: '==', values: [true] }],
      children: [
        field('input', 'key', { required: true, max: 64 }),
        field('input', 'name', { required: true, max: 255 }),
      ],
    },
  ];
}

async function storeForm(c: ResourceCtx, s?: StaffStoreItem) {
  const lpReadonly = !c.actor.permissions.has('fields.stores.lease_program');
  const addressFields = (name: string) => [
    field('input', `${name}.line_1`, { label: 'staff.field.line_1' }),
    field('input', `${name}.city`, { label: 'staff.field.city' }),
    field('input', `${name}.state`, { label: 'staff.field.state', max: 2 }),
    field('input', `${name}.code`, { label: 'staff.field.code', max: 10 }),
  ];
  return {
    title: s ? 'staff.form.editStore' : 'staff.form.newStore',
    action: s ? '/staff/api/stores/{id}' : '/staff/api/stores',
    params: s ? { id: s.view.id } : undefined,
    values: s
      ? full(s)
      : {
          active: true,
          visible: true,
          rating: 15,
          identifier: 'MERCHANDISE',
          retailer_id: c.actor.guard === 'retailer' ? (c.actor.retailerContext ?? null) : null,
          lease_program: DEFAULT_LEASE_PROGRAM,
          time_zone: 'America/New_York',
          scoring_version: 'v1',
        },
    buttons: saveButtons,
    children: [
      {
        type: 'tabs',
        children: [
          {
            type: 'tab',
            label: 'staff.section.store',
            children: [
              field('input', 'name', { required: true, max: 255 }),
              field('input', 'slug', { required: true, hint: 'staff.hint.slug' }),
              field('input', 'label', { max: 255 }),
              field('input', 'short_name', { max: 64 }),
              field('select', 'retailer_id', {
                required: true,
                url: '/staff/api/retailers',
                valueKey: 'id',
                textKey: 'name',
                disabled: c.actor.guard === 'store',
              }),
              field('switch', 'active', { switch: true, disabled: !c.actor.permissions.has('fields.stores.active') }),
              field('switch', 'visible', { switch: true }),
              field('number', 'rating', {
                min: 0,
                max: 100,
                disabled: !c.actor.permissions.has('fields.stores.rating'),
              }),
              field('select', 'identifier', {
                options: ['MERCHANDISE', 'HVAC', 'HOME_IMPROVEMENT'].map((v) => ({
                  value: v,
                  text: `staff.option.${v}`,
                })),
              }),
              field('tel', 'phone', {}),
              field('switch', 'checkout_delivery_options_required', { switch: true }),
              section('staff.section.billingAddress', addressFields('billing_address')),
              section('staff.section.shippingAddress', addressFields('shipping_address')),
            ],
          },
          { type: 'tab', label: 'staff.section.leaseProgram', children: leaseProgramFields(lpReadonly) },
          {
            type: 'tab',
            label: 'staff.section.operations',
            children: [
              field('number', 'inventory_new_percentage', { min: 0, max: 100, append: '%' }),
              field('number', 'inventory_used_percentage', { min: 0, max: 100, append: '%' }),
              field('date', 'option_b_start_date', {
                conditions: [{ ref: 'lease_program.option_b_enabled', operator: '==', values: [true] }],
              }),
              field('date', 'option_b_end_date', {
                conditions: [{ ref: 'lease_program.option_b_enabled', operator: '==', values: [true] }],
              }),
              field('date', 'option_c_start_date', {
                conditions: [{ ref: 'lease_program.option_c_enabled', operator: '==', values: [true] }],
              }),
              field('date', 'option_c_end_date', {
                conditions: [{ ref: 'lease_program.option_c_enabled', operator: '==', values: [true] }],
              }),
              field('email', 'funding_email', {}),
              field('textarea', 'notification_emails', { hint: 'staff.hint.commaEmails' }),
              field('select', 'time_zone', {
                options: TIME_ZONES.map((z) => ({
                  value: z,
                  text: `staff.tz.${z}`,
                })),
              }),
              field('input', 'scoring_version', {
                disabled: !c.actor.permissions.has('fields.stores.scoring_version'),
              }),
            ],
          },
        ],
      },
    ],
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function saveStore(
  c: ResourceCtx,
  s: StaffStoreItem | undefined,
  input: Record<string, unknown>,
): Promise<StaffStoreItem> {
  const b = parseFor(c, storesDef, storeBody, input);
  const errors: Record<string, string[]> = s ? {} : requiredErrors(b, ['name', 'slug', 'retailer_id']);
  if (Object.keys(errors).length) throw unableToSave(c, storesDef, errors);
  const retailerId = b.retailer_id ?? s!.view.retailer.id;
  const retailer = await getRetailerRecord(c.deps, retailerId);
  if (!retailer) throw unableToSave(c, storesDef, { retailer_id: ['staff.validation.retailerNotFound'] });
  // Field permissions: a change to a guarded field without its permission is refused.
  const lp: LeaseProgram = { ...(s?.view.lease_program ?? DEFAULT_LEASE_PROGRAM), ...(b.lease_program ?? {}) };
  const guarded: [string, boolean][] = [
    [
      'fields.stores.lease_program',
      s ? !same(lp, s.view.lease_program) : b.lease_program !== undefined && !same(lp, DEFAULT_LEASE_PROGRAM),
    ],
    ['fields.stores.rating', b.rating !== undefined && b.rating !== (s?.view.rating ?? 15)],
    ['fields.stores.active', b.active !== undefined && b.active !== (s?.active ?? true)],
    [
      'fields.stores.scoring_version',
      b.scoring_version !== undefined && b.scoring_version !== (s?.admin?.scoring_version ?? 'v1'),
    ],
  ];
  for (const [perm, changed] of guarded)
    if (changed && !c.actor.permissions.has(perm)) throw forbidden('staff.permissionDenied');
  if (s && retailerId !== s.view.retailer.id && c.actor.guard === 'store') throw forbidden('staff.permissionDenied');
  const id = s?.view.id ?? `sto-${randomUUID()}`;
  const storeSlug = b.slug ?? s!.view.slug;
  if (!isSlug(storeSlug)) throw unableToSave(c, storesDef, { slug: ['staff.validation.slug'] });
  // The tenant of the store as it will be: a retailer user cannot move a store to, or create one in, another retailer.
  await requireTenant(c.deps, c.actor, c.ip, { storeIds: [id], retailerIds: [retailerId] }, `store:${id}`);
  const addr = (given: z.infer<typeof address> | undefined, prev: StoreView['billing_address'] | undefined) => {
    const merged = { label: '', state: '', ...(prev ?? {}), ...(given ?? {}) };
    const label =
      given?.label ??
      ([merged.line_1, merged.city, [merged.state, merged.code].filter(Boolean).join(' ')].filter(Boolean).join(', ') ||
        merged.label);
    return { ...merged, label };
  };
  const name = b.name ?? s!.view.name;
  const view: StoreView = {
    id,
    slug: storeSlug,
    name,
    label: b.label ?? s?.view.label ?? `${retailer.name} - ${name}`,
    rating: b.rating ?? s?.view.rating ?? 15,
    brand: retailer.brand,
    retailer: { id: retailer.id, slug: retailer.slug, name: retailer.name },
    billing_address_id: s?.view.billing_address_id ?? `adr-${id}`,
    billing_address: addr(b.billing_address, s?.view.billing_address),
    shipping_address: addr(b.shipping_address, s?.view.shipping_address),
    details: { phone: b.phone ?? s?.view.details.phone ?? '' },
    checkout_delivery_options_required:
      b.checkout_delivery_options_required ?? s?.view.checkout_delivery_options_required ?? false,
    record: { identifier: b.identifier ?? s?.view.record.identifier ?? 'MERCHANDISE' },
    lease_program: lp,
  };
  const now = c.deps.clock().toISOString();
  const prev = s?.admin ?? {};
  const admin: Partial<StoreAdmin> = {
    short_name: b.short_name ?? prev.short_name ?? '',
    visible: b.visible ?? prev.visible ?? true,
    funding_email: b.funding_email ?? prev.funding_email ?? '',
    notification_emails: b.notification_emails ?? prev.notification_emails ?? '',
    time_zone: b.time_zone ?? prev.time_zone ?? 'America/New_York',
    scoring_version: b.scoring_version ?? prev.scoring_version ?? 'v1',
    inventory_new_percentage: b.inventory_new_percentage ?? prev.inventory_new_percentage ?? 0,
    inventory_used_percentage: b.inventory_used_percentage ?? prev.inventory_used_percentage ?? 0,
    option_b_start_date:
      b.option_b_start_date !== undefined ? b.option_b_start_date : (prev.option_b_start_date ?? null),
    option_b_end_date: b.option_b_end_date !== undefined ? b.option_b_end_date : (prev.option_b_end_date ?? null),
    option_c_start_date:
      b.option_c_start_date !== undefined ? b.option_c_start_date : (prev.option_c_start_date ?? null),
    option_c_end_date: b.option_c_end_date !== undefined ? b.option_c_end_date : (prev.option_c_end_date ?? null),
    // A record that never had a creation time (the demo seed's) does not get the time of its first edit as one.
    created_at: s ? (prev.created_at ?? '') : now,
    updated_at: now,
  };
  const active = b.active ?? s?.active ?? true;
  const saved = s
    ? await saveStoreRecord(c.deps.db, s, view, active, admin)
    : await createStoreRecord(c.deps.db, view, active, admin);
  if (!saved) throw unableToSave(c, storesDef, { slug: ['staff.validation.slugTaken'] });
  return saved;
}
