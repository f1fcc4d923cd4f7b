import { findRetailerBySlug, findStoreBySlug } from '../data/stores.ts';
import type { Deps } from '../platform/deps.ts';
import { ORIGIN_PATTERN, shopperCsp } from '../platform/security-headers.ts';

// The origins a retailer registered for embedding our shopper portal in its pages (staff portal: Retailers, field
// "Embedding origins"). The shopper page at /embed/{retailer}/{store}/ may be framed by these only; the checkout's
// iframe_url points there.

/** Lines (or commas) of origins -> normalised origins; `invalid` lists what is not a bare http(s) origin. */
export function parseEmbedOrigins(text: string): { origins: string[]; invalid: string[] } {
  const origins: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/[\s,]+/).filter(Boolean)) {
    const value = raw.trim().toLowerCase().replace(/\/$/, '');
    if (ORIGIN_PATTERN.test(value)) {
      if (!origins.includes(value)) origins.push(value);
    } else invalid.push(raw);
  }
  return { origins, invalid };
}

/** The registered origins of an active store's retailer; none for an unknown or inactive store. */
export async function storeFrameOrigins(
  deps: Pick<Deps, 'db' | 'clock'>,
  retailerSlug: string,
  storeSlug: string,
): Promise<string[]> {
  const now = deps.clock();
  const retailer = await findRetailerBySlug(deps.db, retailerSlug, now);
  if (!retailer || !retailer.active) return [];
  const store = await findStoreBySlug(deps.db, retailer.id, storeSlug, now);
  if (!store || !store.active) return [];
  return (retailer.embed_origins ?? []).filter((o) => ORIGIN_PATTERN.test(o));
}

/**
 * The embed page of a store: the shopper shell with a policy that lets only the store's retailer's registered origins
 * (and our own pages) frame it. Read on every request, so a change of the origins holds from the next page load, in
 * AWS as locally. undefined when there is no shell to serve (no web build).
 */
export async function embedPage(
  deps: Pick<Deps, 'db' | 'clock' | 'shopperShell'>,
  retailerSlug: string,
  storeSlug: string,
): Promise<{ html: string; csp: string } | undefined> {
  const [html, origins] = await Promise.all([deps.shopperShell?.(), storeFrameOrigins(deps, retailerSlug, storeSlug)]);
  return html === undefined ? undefined : { html, csp: shopperCsp(origins) };
}
