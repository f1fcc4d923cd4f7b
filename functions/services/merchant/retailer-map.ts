import * as z from 'zod/mini';
import { getStoreById } from '../../data/stores.ts';
import { readFilteredPage } from '../../data/staff/lists.ts';
import { AppError } from '../../platform/errors.ts';
import { issuesToFieldErrors } from '../../platform/validate.ts';
import { zipCodes } from '../../providers/address/zip-codes.ts';
import { tenantScope } from '../staff/actor.ts';
import { t, type ResourceCtx } from '../staff/resource.ts';
import { safeParse } from 'zod/v4/core';
import type { MapMarker } from '../../../machines/domain/merchant.ts';

// Retailer Map: every store the user may see, placed by its shipping ZIP's coordinates (the `zipcodes` dataset), for
// the staff portal's SVG map of the US (no tile service). Stores whose ZIP is unknown are listed apart.

const query = z.object({
  retailer: z.optional(z.string().check(z.maxLength(200, 'staff.validation.tooLong'))),
  active: z.optional(z.enum(['', 'true', 'false'], 'staff.validation.inList')),
});

const MAX_STORES = 1000;

let stateCentres: { code: string; lat: number; lon: number }[] | undefined;

/** Where each state's label goes: the mean position of its ZIP codes (computed once from the dataset). */
async function statePositions() {
  if (stateCentres) return stateCentres;
  const zips = await zipCodes();
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const zip of Object.values(zips.codes)) {
    if (!/^[A-Z]{2}$/.test(zip.state) || !Number.isFinite(zip.latitude) || !Number.isFinite(zip.longitude)) continue;
    const s = sums.get(zip.state) ?? { lat: 0, lon: 0, n: 0 };
    s.lat += zip.latitude;
    s.lon += zip.longitude;
    s.n += 1;
    sums.set(zip.state, s);
  }
  stateCentres = [...sums].map(([code, s]) => ({
    code,
    lat: Math.round((s.lat / s.n) * 100) / 100,
    lon: Math.round((s.lon / s.n) * 100) / 100,
  }));
  return stateCentres;
}

export async function retailerMap(c: ResourceCtx, input: Record<string, string | undefined>) {
  const parsed = safeParse(query, input);
  if (!parsed.success) throw new AppError(422, 'The given data was invalid.', issuesToFieldErrors(parsed.error.issues));
  const { retailer, active } = parsed.data;
  // The partition: the tenant's (a retailer user's retailer), else the retailer filter's, else every store.
  const scope = tenantScope(c.actor) ?? (retailer ? `retailer=${retailer}` : '*');
  const page = await readFilteredPage(c.deps.db, {
    entity: 'store',
    field: 'name',
    scope,
    page: 1,
    limit: MAX_STORES,
    descending: false,
    keep: (row) => (!retailer || row.retailer_id === retailer) && (!active || String(row.active) === active),
  });
  const zips = await zipCodes();
  const now = c.deps.clock();
  const stores = await Promise.all(page.rows.map((row) => getStoreById(c.deps.db, row.id, now)));
  const markers: MapMarker[] = [];
  const unplaced: { id: string; name: string; zip: string }[] = [];
  for (const s of stores) {
    if (!s) continue;
    const zip = (s.view.shipping_address.code || s.view.billing_address.code || '').slice(0, 5);
    const hit = zip ? zips.lookup(zip) : undefined;
    if (!hit) {
      unplaced.push({ id: s.view.id, name: s.view.name, zip });
      continue;
    }
    markers.push({
      id: s.view.id,
      name: s.view.name,
      retailer_id: s.view.retailer.id,
      retailer_name: s.view.retailer.name,
      active: s.active,
      city: hit.city,
      state: hit.state,
      zip,
      lat: hit.latitude,
      lon: hit.longitude,
    });
  }
  const filters = [
    {
      type: 'select',
      name: 'retailer',
      label: t(c, 'staff.field.retailer_id'),
      url: '/staff/api/retailers',
      valueKey: 'id',
      textKey: 'name',
      value: retailer ?? null,
    },
    {
      type: 'select',
      name: 'active',
      label: t(c, 'staff.field.active'),
      options: [
        { value: 'true', text: t(c, 'staff.option.yes') },
        { value: 'false', text: t(c, 'staff.option.no') },
      ],
      value: active ?? null,
    },
  ];
  return { data: markers, meta: { total: markers.length, unplaced, states: await statePositions(), filters } };
}
