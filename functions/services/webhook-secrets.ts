import { randomBytes } from 'node:crypto';
import { createWebhookSecretItem, getWebhookSecretItem } from '../data/webhook-deliveries.ts';
import type { Deps } from '../platform/deps.ts';

// Each retailer has one webhook signing secret (`whsec_...`), created on first use, kept encrypted in the table.
// Our outgoing webhooks are signed with it (functions/platform/signatures.ts); the retailer verifies with it.

const cache = new Map<string, string>();

export async function retailerWebhookSecret(deps: Pick<Deps, 'db' | 'crypto' | 'clock'>, retailerId: string): Promise<string> {
  const key = `${deps.db.tableName}#${retailerId}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const now = deps.clock();
  let item = await getWebhookSecretItem(deps.db, retailerId, now);
  if (!item) item = await createWebhookSecretItem(deps.db, retailerId, await deps.crypto.encrypt(`whsec_${randomBytes(24).toString('base64url')}`), now);
  const secret = await deps.crypto.decrypt(item.sealed);
  cache.set(key, secret);
  return secret;
}
