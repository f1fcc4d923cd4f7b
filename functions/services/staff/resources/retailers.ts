import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { BRAND_KEYS } from '../../../../machines/domain/brands.ts';
import { claimUnique, createItem, deleteItem, releaseUnique, saveVersioned } from '../../../data/items.ts';
import {
  findRetailerBySlug,
  retailerKey,
  saveStoreRecord,
  storesOfRetailer,
  type RetailerItem,
} from '../../../data/stores.ts';
import { forbidden } from '../../../platform/errors.ts';
import {
  requiredErrors,
  bool,
  field,
  parseFor,
  saveButtons,
  section,
  slug,
  syncRow,
  text,
  unableToDelete,
  unableToSave,
  type ResourceCtx,
  type ResourceDef,
} from '../resource.ts';
import { yesNoFilter } from '../filters.ts';
// A cycle, used at call time only; a static import keeps the bundle tree-shakable (a dynamic import() makes esbuild
// wrap this module and everything it reaches, the whole DynamoDB client included).
import { storesDef } from './stores.ts';

const NOUN = 'staff.resource.retailer';

import { getRetailerRecord } from './lookups.ts';
import { parseEmbedOrigins } from '../../embed-origins.ts';

export { getRetailerRecord };

const body = z.object({
  name: z.optional(text(255)),
  slug: z.optional(slug()),
  active: z.optional(bool()),
  brand: z.optional(z.enum(BRAND_KEYS as unknown as [string, ...string[]], 'staff.validation.inList')),
  /** One origin per line (the shopper portal may be framed by these: functions/services/embed-origins.ts). */
  embed_origins: z.optional(z.string().check(z.maxLength(4000, 'staff.validation.tooLong'))),
  v: z.optional(z.number()),
});

/** The submitted origins, or the field's error. */
function embedOriginsOf(c: ResourceCtx, text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const { origins, invalid } = parseEmbedOrigins(text);
  if (invalid.length) throw unableToSave(c, retailersDef, { embed_origins: ['staff.validation.origin'] });
  return origins;
}

const row = (r: RetailerItem) => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  active: r.active,
  brand: r.brand,
  created_at: (r.created_at as string | undefined) ?? '',
});

export const retailersDef: ResourceDef<RetailerItem> = {
  path: 'retailers',
  noun: NOUN,
  entity: 'retailer',
  sortFields: ['name', 'slug', 'created_at'],
  defaultSort: 'name',
  filters: [yesNoFilter('active', 'staff.field.active')],
  rowPk: (id) => retailerKey(id).pk,
  load: (c, id) => getRetailerRecord(c.deps, id),
  row,
  scopes: (r) => ['*', `active=${r.active}`, `retailer=${r.id}`],
  tenant: (r) => ({ retailerIds: [r.id] }),
  view: (_c, r) => ({ ...row(r), embed_origins: r.embed_origins ?? [], v: r.v }),
  form: async (c, r) => ({
    title: r ? 'staff.form.editRetailer' : 'staff.form.newRetailer',
    action: r ? '/staff/api/retailers/{id}' : '/staff/api/retailers',
    params: r ? { id: r.id } : undefined,
    values: r
      ? { ...row(r), embed_origins: (r.embed_origins ?? []).join('\n'), v: r.v }
      : { active: true, brand: 'default' },
    buttons: saveButtons,
    children: [
      section('staff.section.retailer', [
        field('input', 'name', { required: true, max: 255 }),
        field('input', 'slug', {
          required: true,
          hint: 'staff.hint.slug',
          rules: { regex: '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$' },
        }),
        field('switch', 'active', { switch: true }),
        field('select', 'brand', {
          options: BRAND_KEYS.map((b) => ({ value: b, text: `staff.brand.${b}` })),
          disabled: !c.actor.permissions.has('fields.retailers.brand'),
        }),
        field('textarea', 'embed_origins', { max: 4000, hint: 'staff.hint.embed_origins' }),
      ]),
    ],
  }),
  async create(c, input) {
    const b = parseFor(c, retailersDef, body, input);
    const errors = requiredErrors(b, ['name', 'slug']);
    if (Object.keys(errors).length) throw unableToSave(c, retailersDef, errors);
    const embedOrigins = embedOriginsOf(c, b.embed_origins);
    const id = `ret-${randomUUID()}`;
    if (
      (await findRetailerBySlug(c.deps.db, b.slug!, c.deps.clock())) ||
      !(await claimUnique(c.deps.db, 'retailer-slug', b.slug!, id))
    ) {
      throw unableToSave(c, retailersDef, { slug: ['staff.validation.slugTaken'] });
    }
    const now = c.deps.clock().toISOString();
    const item = await createItem(c.deps.db, {
      ...retailerKey(id),
      entity: 'retailer',
      gsi1pk: `RETAILERSLUG#${b.slug}`,
      gsi1sk: 'RETAILER',
      id,
      slug: b.slug!,
      name: b.name!,
      active: b.active ?? true,
      brand: (b.brand ?? 'default') as RetailerItem['brand'],
      ...(embedOrigins ? { embed_origins: embedOrigins } : {}),
      created_at: now,
      updated_at: now,
    });
    return item as RetailerItem;
  },
  async update(c, r, input) {
    const b = parseFor(c, retailersDef, body, input);
    if (b.brand !== undefined && b.brand !== r.brand && !c.actor.permissions.has('fields.retailers.brand'))
      throw forbidden('staff.permissionDenied');
    const embedOrigins = embedOriginsOf(c, b.embed_origins);
    const nextSlug = b.slug ?? r.slug;
    if (nextSlug !== r.slug) {
      const holder = await findRetailerBySlug(c.deps.db, nextSlug, c.deps.clock());
      if ((holder && holder.id !== r.id) || !(await claimUnique(c.deps.db, 'retailer-slug', nextSlug, r.id))) {
        throw unableToSave(c, retailersDef, { slug: ['staff.validation.slugTaken'] });
      }
    }
    const next: RetailerItem = {
      ...r,
      name: b.name ?? r.name,
      slug: nextSlug,
      gsi1pk: `RETAILERSLUG#${nextSlug}`,
      active: b.active ?? r.active,
      brand: (b.brand ?? r.brand) as RetailerItem['brand'],
      ...(embedOrigins ? { embed_origins: embedOrigins } : {}),
      updated_at: c.deps.clock().toISOString(),
    };
    const saved = await saveVersioned(c.deps.db, r, next);
    if (nextSlug !== r.slug) await releaseUnique(c.deps.db, 'retailer-slug', r.slug);
    if (saved.name !== r.name || saved.slug !== r.slug) await propagateToStores(c, saved);
    return saved;
  },
  async remove(c, r) {
    const stores = await storesOfRetailer(c.deps.db, r.id, c.deps.clock());
    if (stores.length) throw unableToDelete(c, retailersDef, 'staff.retailer.hasStores', 422);
    await deleteItem(c.deps.db, retailerKey(r.id));
    await releaseUnique(c.deps.db, 'retailer-slug', r.slug);
    return undefined;
  },
};

/** A renamed retailer: its stores' views (shopper page, search, staff lists) carry the retailer's name and slug. */
async function propagateToStores(c: ResourceCtx, r: RetailerItem) {
  for (const store of await storesOfRetailer(c.deps.db, r.id, c.deps.clock())) {
    const view = { ...store.view, retailer: { id: r.id, slug: r.slug, name: r.name } };
    const saved = await saveStoreRecord(c.deps.db, store, view, store.active, store.admin ?? {});
    if (saved) await syncRow(c, storesDef, store, saved);
  }
}
