import { MAX_PREVIOUS_SECRET_HOURS } from '../../machines/contracts/retailer-sandbox.ts';
import {
  createWebhookSecretItem,
  getWebhookSecretItem,
  saveWebhookSecretItem,
  type WebhookSecretItem,
} from '../data/webhook-secrets.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { newWebhookSecret, normalizeWebhookSecret } from '../platform/standard-webhooks.ts';
import { RecentValues } from '../platform/recent-values.ts';

// Each retailer has a webhook signing secret (`whsec_<base64>`, Standard Webhooks), created on first use and kept
// encrypted in the table (functions/data/webhook-secrets.ts). Rotating makes a new primary secret; the previous one
// stays valid for a transition window (24 hours unless the retailer asks otherwise, at most 7 days, 0 ends it now),
// during which every delivery carries both signatures. Rotating again inside a window ends the older secret at once:
// at most two secrets are valid at a time.

export const DEFAULT_PREVIOUS_SECRET_HOURS = 24;
export { MAX_PREVIOUS_SECRET_HOURS };
/**
 * How long a function instance trusts the secrets it read: fresh for 25 s, then answered for at most 5 s more while
 * one read refreshes them, so other instances see a rotation within 30 s and no delivery waits on a refresh.
 */
const FRESH_MS = 25_000;
const STALE_MS = 5_000;

interface OpenSecrets {
  primary: string;
  previous: { secret: string; expiresAt: string } | null;
}

type SecretDeps = Pick<Deps, 'db' | 'crypto' | 'clock'>;

const kept = new RecentValues<string, OpenSecrets>({ freshMs: FRESH_MS, staleMs: STALE_MS, maxEntries: 10_000 });
const cacheKey = (deps: SecretDeps, retailerId: string) => `${deps.db.tableName}#${retailerId}`;

async function open(deps: SecretDeps, item: WebhookSecretItem, _now: Date): Promise<OpenSecrets> {
  const primary = normalizeWebhookSecret(await deps.crypto.decrypt(item.sealed));
  const previous =
    item.previousSealed && item.previousExpiresAt
      ? {
          secret: normalizeWebhookSecret(await deps.crypto.decrypt(item.previousSealed)),
          expiresAt: item.previousExpiresAt,
        }
      : null;
  return { primary, previous };
}

function load(deps: SecretDeps, retailerId: string): Promise<OpenSecrets> {
  const now = deps.clock();
  return kept.get(
    cacheKey(deps, retailerId),
    async () => {
      let item = await getWebhookSecretItem(deps.db, retailerId, now);
      if (!item)
        item = await createWebhookSecretItem(deps.db, retailerId, await deps.crypto.encrypt(newWebhookSecret()), now);
      return open(deps, item, now);
    },
    now.getTime(),
  );
}

/** The retailer's primary secret (created on first use). */
export async function retailerWebhookSecret(deps: SecretDeps, retailerId: string): Promise<string> {
  return (await load(deps, retailerId)).primary;
}

/** Every secret valid now, the primary first: a delivery is signed with each. */
export async function retailerSigningSecrets(deps: SecretDeps, retailerId: string): Promise<string[]> {
  const secrets = await load(deps, retailerId);
  const now = deps.clock().getTime();
  return secrets.previous && Date.parse(secrets.previous.expiresAt) > now
    ? [secrets.primary, secrets.previous.secret]
    : [secrets.primary];
}

export interface RotatedSecret {
  /** The new primary secret: shown once, here. */
  secret: string;
  /** Until when the previous secret still signs deliveries (null when it ended now). */
  previous_expires_at: string | null;
  rotated_at: string;
}

/** Makes a new primary secret; the previous one stays valid for `expirePreviousInHours` (0..168, default 24). */
export async function rotateRetailerWebhookSecret(
  deps: SecretDeps,
  retailerId: string,
  options: { expirePreviousInHours?: number } = {},
): Promise<RotatedSecret> {
  const hours = options.expirePreviousInHours ?? DEFAULT_PREVIOUS_SECRET_HOURS;
  if (!Number.isFinite(hours) || hours < 0 || hours > MAX_PREVIOUS_SECRET_HOURS) {
    throw new AppError(422, 'retailerWebhooks.error.expireHours', {
      expire_previous_in_hours: ['retailerWebhooks.error.expireHours'],
    });
  }
  const secret = newWebhookSecret();
  for (let attempt = 0; ; attempt++) {
    const now = deps.clock();
    let item = await getWebhookSecretItem(deps.db, retailerId, now);
    if (!item)
      item = await createWebhookSecretItem(deps.db, retailerId, await deps.crypto.encrypt(newWebhookSecret()), now);
    const expiresAt = hours > 0 ? new Date(now.getTime() + hours * 3600 * 1000).toISOString() : null;
    const next: WebhookSecretItem = {
      ...item,
      sealed: await deps.crypto.encrypt(secret),
      previousSealed: expiresAt ? item.sealed : null,
      previousExpiresAt: expiresAt,
      rotatedAt: now.toISOString(),
    };
    try {
      await saveWebhookSecretItem(deps.db, item, next);
      // This process reads the new secrets next (other instances within FRESH_MS + STALE_MS).
      kept.delete(cacheKey(deps, retailerId));
      return { secret, previous_expires_at: expiresAt, rotated_at: now.toISOString() };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409 && attempt < 3) continue;
      throw error;
    }
  }
}
