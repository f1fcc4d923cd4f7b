import { createHash } from 'node:crypto';
import { getItem, type StoredItem } from '../../data/items.ts';
import type { Deps } from '../../platform/deps.ts';
import type { RetailerCaller } from '../../platform/sessions.ts';

// The OAuth access token check of every /retailer/v1 request (kept apart from the staff screens' code, since the
// edge of every route group reaches it through functions/services/retailer-auth.ts).

export interface AccessTokenItem extends StoredItem {
  entity: 'oauthAccessToken';
  client_id: string;
  retailer_id: string;
  expiresAt: number;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const oauthClientKey = (id: string) => ({ pk: `OAUTHCLIENT#${id}`, sk: 'OAUTHCLIENT' });
export const accessTokenKey = (hash: string) => ({ pk: `OAUTHTOKEN#${hash}`, sk: 'TOKEN' });

/** The retailer caller of an OAuth access token: undefined when unknown, expired, or its client was revoked. */
export async function authenticateOAuthToken(deps: Deps, token: string): Promise<RetailerCaller | undefined> {
  if (!token.startsWith('oat_') || token.length > 256) return undefined;
  const now = deps.clock();
  const item = await getItem<AccessTokenItem>(deps.db, accessTokenKey(sha256(token)), now);
  if (!item) return undefined;
  const client = await getItem<StoredItem & { revoked_at: string | null }>(
    deps.db,
    oauthClientKey(item.client_id),
    now,
  );
  if (!client || client.revoked_at) return undefined;
  return { retailerId: item.retailer_id, tokenId: `oauth:${item.client_id}`, mode: 'live' };
}
