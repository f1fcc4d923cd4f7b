import { randomUUID } from 'node:crypto';
import type { StoreView } from '../../machines/contracts/store.ts';
import type { ApplySession } from '../platform/sessions.ts';
import { isValidClientId, issueStoreApplyToken, touchApplyToken } from '../platform/apply-tokens.ts';
import type { Deps } from '../platform/deps.ts';
import { getShopperStore } from './stores.ts';

export interface InitiateInput {
  retailerSlug: string;
  storeSlug: string;
  clientId?: string;
}

export interface InitiateResult {
  token: string;
  expires_at: string;
  client_id: string;
  store: StoreView;
}

/** Starts a shopper's apply session at an active store: a new apply token bound to the store and the client id. */
export async function initiate(deps: Deps, input: InitiateInput): Promise<InitiateResult> {
  const store = await getShopperStore(deps, input.retailerSlug, input.storeSlug);
  const clientId = isValidClientId(input.clientId) ? input.clientId : randomUUID();
  const { token, expiresAt } = await issueStoreApplyToken(deps, store, { clientId }, deps.clock());
  return { token, expires_at: new Date(expiresAt * 1000).toISOString(), client_id: clientId, store };
}

export async function keepAlive(deps: Deps, session: ApplySession): Promise<{ alive: true; expires_at: string }> {
  const expiresAt = await touchApplyToken(deps.db, session, deps.clock(), deps.config.applyTokenTtlSeconds);
  return { alive: true, expires_at: new Date(expiresAt * 1000).toISOString() };
}
