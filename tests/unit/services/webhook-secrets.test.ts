import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSecretItem, getWebhookSecretItem } from '../../../functions/data/webhook-secrets.ts';
import { FieldCrypto, masterKeyProvider } from '../../../functions/platform/field-crypto.ts';
import { webhookHeaders } from '../../../functions/platform/standard-webhooks.ts';
import {
  retailerSigningSecrets,
  retailerWebhookSecret,
  rotateRetailerWebhookSecret,
} from '../../../functions/services/webhook-secrets.ts';
import type { Db } from '../../../functions/data/client.ts';
import { freshDb } from '../../support/dynalite.ts';

// Rotation of a retailer's signing secret on the real table (dynalite), with a clock the test moves.

let db: Db;
let stop: () => Promise<void>;
let now = new Date('2026-11-02T12:00:00Z');
const crypto = new FieldCrypto(masterKeyProvider(randomBytes(32)));
const deps = () => ({ db, crypto, clock: () => now });
const later = (ms: number) => (now = new Date(now.getTime() + ms));
const HOUR = 3600 * 1000;

beforeAll(async () => void ({ db, stop } = await freshDb()), 60_000);
afterAll(async () => stop());

/** What a retailer holding `secret` concludes about a delivery signed now with the platform's secrets. */
async function verifiesWith(retailerId: string, secret: string): Promise<boolean> {
  const body = '{"id":"evt-1"}';
  const headers = webhookHeaders(
    await retailerSigningSecrets(deps(), retailerId),
    'evt-1',
    Math.floor(Date.now() / 1000),
    body,
  );
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
}

describe('webhook signing secrets', () => {
  it('creates one secret on first use, kept encrypted at rest', async () => {
    const secret = await retailerWebhookSecret(deps(), 'ret-a');
    expect(secret).toMatch(/^whsec_/);
    expect(await retailerWebhookSecret(deps(), 'ret-a')).toBe(secret);
    const stored = await getWebhookSecretItem(db, 'ret-a', now);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    expect(await crypto.decrypt(stored!.sealed)).toBe(secret);
  });

  it('rotation: both secrets verify during the window (default 24 h), only the new one after it', async () => {
    const old = await retailerWebhookSecret(deps(), 'ret-b');
    const rotated = await rotateRetailerWebhookSecret(deps(), 'ret-b');
    expect(rotated.secret).not.toBe(old);
    expect(rotated.previous_expires_at).toBe(new Date(now.getTime() + 24 * HOUR).toISOString());
    expect(await retailerSigningSecrets(deps(), 'ret-b')).toEqual([rotated.secret, old]);
    expect(await verifiesWith('ret-b', old)).toBe(true);
    expect(await verifiesWith('ret-b', rotated.secret)).toBe(true);
    later(23 * HOUR);
    expect(await verifiesWith('ret-b', old)).toBe(true);
    later(2 * HOUR);
    expect(await retailerSigningSecrets(deps(), 'ret-b')).toEqual([rotated.secret]);
    expect(await verifiesWith('ret-b', old)).toBe(false);
    expect(await verifiesWith('ret-b', rotated.secret)).toBe(true);
    // the stored item holds no secret in clear
    const stored = await getWebhookSecretItem(db, 'ret-b', now);
    expect(JSON.stringify(stored)).not.toContain(old.slice(6));
    expect(JSON.stringify(stored)).not.toContain(rotated.secret.slice(6));
  });

  it('0 hours ends the previous secret now; rotating inside a window ends the older one; at most 7 days', async () => {
    const first = await retailerWebhookSecret(deps(), 'ret-c');
    const second = await rotateRetailerWebhookSecret(deps(), 'ret-c', { expirePreviousInHours: 168 });
    expect(second.previous_expires_at).toBe(new Date(now.getTime() + 168 * HOUR).toISOString());
    const third = await rotateRetailerWebhookSecret(deps(), 'ret-c', { expirePreviousInHours: 1 });
    expect(await retailerSigningSecrets(deps(), 'ret-c')).toEqual([third.secret, second.secret]);
    expect(await verifiesWith('ret-c', first)).toBe(false);
    const fourth = await rotateRetailerWebhookSecret(deps(), 'ret-c', { expirePreviousInHours: 0 });
    expect(fourth.previous_expires_at).toBeNull();
    expect(await retailerSigningSecrets(deps(), 'ret-c')).toEqual([fourth.secret]);
    for (const hours of [-1, 168.5, 1000, Number.NaN]) {
      await expect(
        rotateRetailerWebhookSecret(deps(), 'ret-c', { expirePreviousInHours: hours }),
      ).rejects.toMatchObject({ statusCode: 422 });
    }
    expect(await retailerSigningSecrets(deps(), 'ret-c')).toEqual([fourth.secret]);
  });

  it('reads a secret made before Standard Webhooks (whsec_ base64url) as the same key in standard base64', async () => {
    let bytes = randomBytes(24);
    while (!/[-_]/.test(bytes.toString('base64url'))) bytes = randomBytes(24);
    await createWebhookSecretItem(db, 'ret-legacy', await crypto.encrypt(`whsec_${bytes.toString('base64url')}`), now);
    expect(await retailerWebhookSecret(deps(), 'ret-legacy')).toBe(`whsec_${bytes.toString('base64')}`);
    expect(await verifiesWith('ret-legacy', `whsec_${bytes.toString('base64')}`)).toBe(true);
  });
});
