// Our side of the payment callbacks (`POST /webhooks/card-vault`), through the shared intake
// (functions/services/webhook-intake.ts): the signature is checked on the raw body, the body is parsed into a
// CardVaultEvent (functions/providers/card-vault/webhook.ts), duplicates are dropped by event id, and the event is
// handed to `onCardVaultEvent` and the checkout's payment.
//
// Stripe signs with the very scheme of functions/platform/signatures.ts (`t=<unix>,v1=<hex HMAC-SHA256 of
// "t.body">`), in the `Stripe-Signature` header; the sandbox uses our `x-signature` header. Both are checked with a
// 5-minute tolerance.
import type { Db } from '../data/client.ts';
import { getItem } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import type { HttpEvent } from '../platform/http-types.ts';
import { SIGNATURE_HEADER } from '../platform/signatures.ts';
import { parseCardVaultEvent, type CardVaultEvent } from '../providers/card-vault/webhook.ts';
import { applyCardVaultEvent } from './payment.ts';
import {
  ourSignatureCheck,
  receiveSignedWebhook,
  recordNewestVendorStatus,
  type VendorStatusItem,
  type WebhookOutcome,
} from './webhook-intake.ts';

/** The whole intake of one callback; AppError 401 (forged/stale) or 400 (malformed) refuses it. */
export async function receiveCardVaultWebhook(deps: Deps, event: HttpEvent): Promise<WebhookOutcome> {
  const settings = deps.config.checkoutVendors.cardVault;
  const headerName = settings.provider === 'stripe' ? 'stripe-signature' : SIGNATURE_HEADER;
  return receiveSignedWebhook(deps, event, {
    vendor: 'card-vault',
    verify: ourSignatureCheck(settings.webhookSecret, headerName),
    parse: parseCardVaultEvent,
    malformedMessage: 'The webhook body is not a valid payment event.',
    handle: async (parsed: CardVaultEvent) => {
      await onCardVaultEvent(deps, parsed);
      // The checkout side: settles the down payment in flight (7 -> 8 -> 9, or 10) (functions/services/payment.ts).
      await applyCardVaultEvent(deps, parsed);
    },
  });
}

type ChargeVendorFields = Pick<CardVaultEvent, 'chargeId' | 'status' | 'amountCents' | 'declineCode' | 'message'> & {
  entity: 'cardChargeVendorStatus';
};

export type ChargeVendorStatusItem = VendorStatusItem & ChargeVendorFields;

export const chargeStatusKey = (chargeId: string) => ({ pk: `CARDCHARGE#${chargeId}`, sk: 'VENDOR_STATUS' });

/**
 * The consumer of payment events. Today it records the vendor's status of the charge (CARDCHARGE#<chargeId>):
 * the newest event wins, and a refund is never replaced, so that the checkout service can read it with
 * `getChargeVendorStatus`. EXTENSION POINT: the checkout service adds here the `payment.succeeded` /
 * `payment.failed` events on the checkout machine (found by `event.reference`); it must stay idempotent (events
 * arrive at least once, in any order).
 */
export async function onCardVaultEvent(deps: Pick<Deps, 'db' | 'clock'>, event: CardVaultEvent): Promise<void> {
  await recordNewestVendorStatus<ChargeVendorFields>(deps, chargeStatusKey(event.chargeId), event, {
    build: (current) => ({
      entity: 'cardChargeVendorStatus',
      chargeId: event.chargeId,
      status: event.status,
      amountCents: event.status === 'refunded' && current ? current.amountCents : event.amountCents,
      declineCode: event.declineCode,
      message: event.message,
    }),
    keepCurrent: (current) =>
      current.status === 'refunded' || (current.occurredAt > event.occurredAt && event.status !== 'refunded'),
    failure: `could not record the status of charge ${event.chargeId}`,
  });
}

/** The vendor's last known status of a charge, as recorded from its callbacks. */
export const getChargeVendorStatus = (db: Db, chargeId: string, now: Date) =>
  getItem<ChargeVendorStatusItem>(db, chargeStatusKey(chargeId), now);
