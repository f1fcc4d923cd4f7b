// The card vault's callback body (`POST /webhooks/card-vault`): a Stripe event (the sandbox sends the same), parsed
// into a CardVaultEvent. The parser only returns a value; what is done with it (signature check, duplicates, the
// checkout's payment) is decided by functions/services/card-vault-callbacks.ts.

import { isObject, MalformedWebhook, parseWebhookJson } from '../webhook-body.ts';

export type ChargeVendorStatus = 'processing' | 'succeeded' | 'failed' | 'canceled' | 'refunded';

export interface CardVaultEvent {
  /** The vendor's event id (Stripe `evt_...`). */
  eventId: string;
  /** The vendor's event type, e.g. 'payment_intent.succeeded'. */
  type: string;
  /** The charge (Stripe PaymentIntent id) the event is about. */
  chargeId: string;
  status: ChargeVendorStatus;
  amountCents: number;
  /** Our reference (the checkout id) from the charge's metadata. */
  reference: string | null;
  declineCode: string | null;
  message: string | null;
  occurredAt: string;
}

export { MalformedWebhook };

const PAYMENT_INTENT_STATUS: Record<string, ChargeVendorStatus> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.processing': 'processing',
  'payment_intent.canceled': 'canceled',
};

/** Parses a Stripe event; null for event types we do not act on; throws MalformedWebhook on junk. */
export function parseCardVaultEvent(raw: string): CardVaultEvent | null {
  const body = parseWebhookJson(raw);
  if (
    !isObject(body) ||
    body.object !== 'event' ||
    typeof body.id !== 'string' ||
    !/^evt_[A-Za-z0-9_]{1,100}$/.test(body.id)
  ) {
    throw new MalformedWebhook('not an event');
  }
  if (
    typeof body.type !== 'string' ||
    typeof body.created !== 'number' ||
    !isObject(body.data) ||
    !isObject(body.data.object)
  ) {
    throw new MalformedWebhook('no type, created or data.object');
  }
  const object = body.data.object;
  const occurredAt = new Date(body.created * 1000).toISOString();
  const metadata = isObject(object.metadata) ? object.metadata : {};
  const reference = typeof metadata.reference === 'string' ? metadata.reference : null;
  if (body.type === 'charge.refunded') {
    if (typeof object.payment_intent !== 'string') throw new MalformedWebhook('no payment_intent');
    return {
      eventId: body.id,
      type: body.type,
      chargeId: object.payment_intent,
      status: 'refunded',
      amountCents: typeof object.amount_refunded === 'number' ? object.amount_refunded : 0,
      reference,
      declineCode: null,
      message: null,
      occurredAt,
    };
  }
  const status = PAYMENT_INTENT_STATUS[body.type];
  if (!status) return null;
  if (object.object !== 'payment_intent' || typeof object.id !== 'string' || typeof object.amount !== 'number') {
    throw new MalformedWebhook('not a payment intent');
  }
  const error = isObject(object.last_payment_error) ? object.last_payment_error : null;
  return {
    eventId: body.id,
    type: body.type,
    chargeId: object.id,
    status,
    amountCents: object.amount,
    reference,
    declineCode:
      error && typeof error.decline_code === 'string'
        ? error.decline_code
        : error && typeof error.code === 'string'
          ? error.code
          : null,
    message: error && typeof error.message === 'string' ? error.message : null,
    occurredAt,
  };
}
