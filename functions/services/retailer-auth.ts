import { findApiToken } from '../data/api-tokens.ts';
import { listRetailerDeliveries } from '../data/webhook-deliveries.ts';
import type { Deps } from '../platform/deps.ts';
import type { RetailerCaller } from '../platform/sessions.ts';
import { authenticateOAuthToken } from './network/oauth-tokens.ts';

// The retailer API's caller (a bearer API token, stored hashed) and its webhook delivery log.

export async function authenticateRetailer(deps: Deps, token: string): Promise<RetailerCaller | undefined> {
  // OAuth access tokens (client credentials, functions/services/network/oauth.ts) work beside the API tokens.
  if (token.startsWith('oat_')) return authenticateOAuthToken(deps, token);
  const found = await findApiToken(deps.db, token, deps.clock());
  return found ? { retailerId: found.retailerId, tokenId: found.id, mode: found.mode ?? 'live' } : undefined;
}

export function retailerDeliveries(deps: Deps, retailerId: string, options: { limit: number; cursor?: string }) {
  return listRetailerDeliveries(deps.db, retailerId, deps.clock(), options);
}
