// Our side of the payment callbacks (`POST /webhooks/card-vault`): the signature is checked on the raw body, the
// body is parsed into a CardVaultEvent (functions/providers/card-vault/webhook.ts), duplicates are dropped by event
// id (a WEBHOOKIN#card-vault#<eventId> item written with attribute_not_exists), and the event is handed to
// `onCardVaultEvent`.
//
// Stripe signs with the very scheme of functions/platform/signatures.ts (`t=<unix>,v1=<hex HMAC-SHA256 of
// "t.body">`), in the `Stripe-Signature` header; the sandbox uses our `x-signature` header. Both are checked with a
// 5-minute tolerance.
import type { Db } from '../data/client.ts';
import { createItem, getItem, saveVersioned, type StoredItem } from '../data/items.ts';
import { processOnce } from '../data/webhook-inbox.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, badRequest } from '../platform/errors.ts';
import type { HttpEvent } from '../platform/http-types.ts';
import { rawBodyOf, SIGNATURE_HEADER, verifySignature } from '../platform/signatures.ts';
import { parseCardVaultEvent, type CardVaultEvent, type ChargeVendorStatus } from '../providers/card-vault/webhook.ts';
import { applyCardVaultEvent } from './payment.ts';

const KEEP_SECONDS = 30 * 24 * 3600;

export type WebhookOutcome = { received: true; duplicate: boolean; ignored: boolean };

/** The whole intake of one callback; AppError 401 (forged/stale) or 400 (malformed) refuses it. */
export async function receiveCardVaultWebhook(deps: Deps, event: HttpEvent): Promise<WebhookOutcome> {
  const raw = rawBodyOf(event);
  const settings = deps.config.checkoutVendors.cardVault;
  const now = deps.clock();
  const header = settings.provider === 'stripe' ? event.headers['stripe-signature'] : event.headers[SIGNATURE_HEADER];
  const check = settings.webhookSecret
    ? verifySignature(settings.webhookSecret, raw, header, Math.floor(now.getTime() / 1000))
    : ({ ok: false, reason: 'mismatch' } as const);
  if (!check.ok) {
    deps.log.warn('webhook refused', {
      vendor: 'card-vault',
      reason: check.reason,
      requestId: event.requestContext.requestId,
    });
    throw new AppError(401, 'The webhook signature is not valid.');
  }
  let parsed: CardVaultEvent | null;
  try {
    parsed = parseCardVaultEvent(raw);
  } catch (error) {
    deps.log.warn('webhook malformed', {
      vendor: 'card-vault',
      reason: (error as Error).message,
      requestId: event.requestContext.requestId,
    });
    throw badRequest('The webhook body is not a valid payment event.');
  }
  if (!parsed) return { received: true, duplicate: false, ignored: true };
  const outcome = await processOnce(
    deps.db,
    { vendor: 'card-vault', eventId: parsed.eventId, now, keepSeconds: KEEP_SECONDS, record: { event: parsed } },
    async () => {
      await onCardVaultEvent(deps, parsed);
      // The checkout side: settles the down payment in flight (7 -> 8 -> 9, or 10) (functions/services/payment.ts).
      await applyCardVaultEvent(deps, parsed);
    },
  );
  return { received: true, duplicate: outcome === 'duplicate', ignored: false };
}

export interface ChargeVendorStatusItem extends StoredItem {
  entity: 'cardChargeVendorStatus';
  chargeId: string;
  status: ChargeVendorStatus;
  amountCents: number;
  reference: string | null;
  declineCode: string | null;
  message: string | null;
  occurredAt: string;
  lastEventId: string;
  updatedAt: string;
}

export const chargeStatusKey = (chargeId: string) => ({ pk: `CARDCHARGE#${chargeId}`, sk: 'VENDOR_STATUS' });

/**
 * The consumer of payment events. Today it records the vendor's status of the charge (CARDCHARGE#<chargeId>):
 * the newest event wins, and a refund is never replaced, so that the checkout service can read it with
 * `getChargeVendorStatus`. EXTENSION POINT: the checkout service adds here the `payment.succeeded` /
 * `payment.failed` events on the checkout machine (found by `event.reference`); it must stay idempotent (events
 * arrive at least once, in any order).
 */
export async function onCardVaultEvent(deps: Pick<Deps, 'db' | 'clock'>, event: CardVaultEvent): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = deps.clock();
    const current = await getItem<ChargeVendorStatusItem>(deps.db, chargeStatusKey(event.chargeId), now);
    const next: ChargeVendorStatusItem = {
      ...chargeStatusKey(event.chargeId),
      entity: 'cardChargeVendorStatus',
      v: 1,
      chargeId: event.chargeId,
      status: event.status,
      amountCents: event.status === 'refunded' && current ? current.amountCents : event.amountCents,
      reference: event.reference ?? current?.reference ?? null,
      declineCode: event.declineCode,
      message: event.message,
      occurredAt: event.occurredAt,
      lastEventId: event.eventId,
      updatedAt: now.toISOString(),
    };
    try {
      if (!current) {
        const { v: _v, ...fresh } = next;
        await createItem(deps.db, fresh);
        return;
      }
      if (current.status === 'refunded' || (current.occurredAt > event.occurredAt && event.status !== 'refunded'))
        return;
      await saveVersioned(deps.db, current, next);
      return;
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    }
  }
  throw new Error(`could not record the status of charge ${event.chargeId}`);
}

/** The vendor's last known status of a charge, as recorded from its callbacks. */
export async function getChargeVendorStatus(
  db: Db,
  chargeId: string,
  now: Date,
): Promise<ChargeVendorStatusItem | undefined> {
  return getItem<ChargeVendorStatusItem>(db, chargeStatusKey(chargeId), now);
}
