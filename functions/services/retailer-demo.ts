import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createItem, queryPartition, type StoredItem } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import type { HttpEvent } from '../platform/http-types.ts';
import { rawBodyOf } from '../platform/signatures.ts';
import { verifyWebhook } from '../platform/standard-webhooks.ts';
import { retailerSigningSecrets } from './webhook-secrets.ts';

// The demo retailer's server side (local and non-production only; routes under /demo/, auth 'sandbox'): it creates
// checkouts through our own retailer API with the demo retailer's API token (which never reaches the browser), and
// receives our webhooks, verifying each Standard Webhooks signature with the demo retailer's secrets as a real
// retailer would (both secrets while a rotation is in its window).

export const DEMO_RETAILER_ID = 'ret-demo-electronics';
export const DEMO_STORES = ['main-street', 'express'] as const;
export const DEMO_CART = [
  { sku: 'TV-55-4K', description: '55" 4K television', quantity: 1, unit_price: '499.99', required_parts: [] },
  { sku: 'SB-200', description: 'Sound bar', quantity: 1, unit_price: '149.00', required_parts: [] },
];

/** The demo retailer's API token: DEMO_RETAILER_API_TOKEN, or the one generated into DATA_DIR/demo-credentials.json. */
export function demoRetailerToken(
  deps: Pick<Deps, 'config'>,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (env.DEMO_RETAILER_API_TOKEN) return env.DEMO_RETAILER_API_TOKEN;
  const file = join(deps.config.dataDir, 'demo-credentials.json');
  if (!existsSync(file)) return undefined;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { retailerApiToken?: string }).retailerApiToken;
  } catch {
    return undefined;
  }
}

/** POST /demo/retailer/checkouts: the page's "Create checkout", done server side with the demo API token. */
export async function createDemoCheckout(
  deps: Deps,
  body: { store?: string; lang?: string; cart?: unknown; prefill?: unknown },
) {
  const token = demoRetailerToken(deps);
  if (!token) throw new AppError(503, 'The demo retailer has no API token on this server.');
  const store = DEMO_STORES.includes(body.store as (typeof DEMO_STORES)[number]) ? body.store! : 'main-street';
  const base = deps.config.publicUrl;
  const res = await fetch(`${base}/retailer/v1/checkouts`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': `demo-${randomBytes(12).toString('hex')}`,
    },
    body: JSON.stringify({
      store,
      cart: {
        items: Array.isArray((body.cart as { items?: unknown })?.items)
          ? (body.cart as { items: unknown[] }).items
          : DEMO_CART,
      },
      return_url: `${base}/demo/retailer?checkout=success`,
      return_url_failure: `${base}/demo/retailer?checkout=failure`,
      callback_url: `${base}/demo/retailer/webhooks`,
      lang: body.lang === 'es' ? 'es' : 'en',
      ...(body.prefill && typeof body.prefill === 'object' ? { prefill: body.prefill } : {}),
    }),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await res.json()) as { data?: unknown; message?: string; errors?: unknown };
  if (!res.ok)
    throw new AppError(res.status, answer.message ?? 'The checkout could not be created.', answer.errors as never);
  return answer.data;
}

interface ReceivedWebhook extends StoredItem {
  entity: 'demoWebhook';
  receivedAt: string;
  verified: boolean;
  reason: string | null;
  eventId: string | null;
  type: string | null;
  checkoutId: string | null;
  status: number | null;
  statusName: string | null;
  duplicate: boolean;
}

const RECEIVED_PK = 'DEMO#RETAILERWEBHOOKS';

/**
 * POST /demo/retailer/webhooks: what a retailer's endpoint does. It verifies the webhook-signature on the raw body
 * with its secrets (webhook-timestamp within 5 minutes), refuses a forged or stale one (401), dedupes by webhook-id
 * and answers 200.
 */
export async function receiveDemoWebhook(deps: Deps, event: HttpEvent) {
  const raw = rawBodyOf(event);
  const now = deps.clock();
  const secrets = await retailerSigningSecrets(deps, DEMO_RETAILER_ID);
  const check = verifyWebhook(secrets, raw, event.headers, Math.floor(now.getTime() / 1000));
  let parsed: {
    id?: string;
    type?: string;
    data?: { checkout_id?: string; status?: number | null; status_name?: string } | null;
  } = {};
  try {
    const value = JSON.parse(raw) as unknown;
    // null, a number or an array is not a delivery: recorded as unverified junk like broken JSON.
    if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value;
  } catch {
    // recorded as unverified junk below
  }
  const eventId = check.ok ? check.id.slice(0, 64) : typeof parsed.id === 'string' ? parsed.id.slice(0, 64) : null;
  const earlier =
    check.ok && eventId ? (await listDemoWebhooks(deps, 500)).some((w) => w.verified && w.event_id === eventId) : false;
  await createItem(deps.db, {
    pk: RECEIVED_PK,
    sk: `${now.toISOString()}#${randomBytes(6).toString('hex')}`,
    entity: 'demoWebhook',
    receivedAt: now.toISOString(),
    verified: check.ok,
    reason: check.ok ? null : check.reason,
    eventId,
    type: typeof parsed.type === 'string' ? parsed.type.slice(0, 64) : null,
    checkoutId: typeof parsed.data?.checkout_id === 'string' ? parsed.data.checkout_id.slice(0, 64) : null,
    status: typeof parsed.data?.status === 'number' ? parsed.data.status : null,
    statusName: typeof parsed.data?.status_name === 'string' ? parsed.data.status_name.slice(0, 40) : null,
    duplicate: earlier,
    expiresAt: Math.floor(now.getTime() / 1000) + 7 * 24 * 3600,
  });
  if (!check.ok) throw new AppError(401, 'The webhook signature is not valid.');
  return { received: true, duplicate: earlier };
}

/** GET /demo/retailer/webhooks: what the demo endpoint received, newest first. */
export async function listDemoWebhooks(deps: Pick<Deps, 'db' | 'clock'>, limit = 100) {
  const page = await queryPartition<ReceivedWebhook>(deps.db, {
    pk: RECEIVED_PK,
    descending: true,
    limit,
    now: deps.clock(),
  });
  return page.items.map((w) => ({
    received_at: w.receivedAt,
    verified: w.verified,
    reason: w.reason,
    event_id: w.eventId,
    type: w.type,
    checkout_id: w.checkoutId,
    status: w.status,
    status_name: w.statusName,
    duplicate: w.duplicate,
  }));
}
