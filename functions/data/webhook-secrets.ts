import type { Db } from './client.ts';
import { createItem, getItem, saveVersioned, type StoredItem } from './items.ts';

// A retailer's webhook signing secrets (pk RETAILERSECRET#<retailerId>, sk WEBHOOK), encrypted at rest (FieldCrypto
// envelopes): the primary secret signs every delivery; after a rotation the previous one keeps signing too until
// `previousExpiresAt`, so a retailer can switch its verifier without missing a webhook.

export interface WebhookSecretItem extends StoredItem {
  entity: 'webhookSecret';
  retailerId: string;
  /** The primary secret, encrypted. */
  sealed: string;
  createdAt: string;
  /** The secret the last rotation replaced, encrypted; valid until previousExpiresAt. */
  previousSealed?: string | null;
  previousExpiresAt?: string | null;
  rotatedAt?: string | null;
}

export const secretKey = (retailerId: string) => ({ pk: `RETAILERSECRET#${retailerId}`, sk: 'WEBHOOK' });

export async function getWebhookSecretItem(
  db: Db,
  retailerId: string,
  now: Date,
): Promise<WebhookSecretItem | undefined> {
  return getItem<WebhookSecretItem>(db, secretKey(retailerId), now);
}

/** Creates the secret unless one exists; answers the item that is stored either way. */
export async function createWebhookSecretItem(
  db: Db,
  retailerId: string,
  sealed: string,
  now: Date,
): Promise<WebhookSecretItem> {
  try {
    return await createItem(db, {
      ...secretKey(retailerId),
      entity: 'webhookSecret',
      retailerId,
      sealed,
      createdAt: now.toISOString(),
    });
  } catch (error) {
    const existing = await getWebhookSecretItem(db, retailerId, now);
    if (existing) return existing;
    throw error;
  }
}

/** Replaces the secrets with a version check (409 when another rotation won). */
export async function saveWebhookSecretItem(
  db: Db,
  previous: WebhookSecretItem,
  next: WebhookSecretItem,
): Promise<WebhookSecretItem> {
  return saveVersioned<WebhookSecretItem>(db, previous, next);
}
